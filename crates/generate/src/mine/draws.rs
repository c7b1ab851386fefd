//! Draws by the counters of the game: repetition (9.2, 9.6.1) where castling rights or en
//! passant make positions differ or not, and the fifty- and seventy-five-move thresholds (9.3,
//! 9.6.2).

use std::collections::BTreeMap;

use shakmaty::{Chess, Move, Position, Role};

use super::{Miner, Quotas, RandomGame, case, fen, side_name};
use chess_conformance::case::{Case, Expect};
use chess_conformance::replay::{self, Replay};
use chess_conformance::{DrawClaim, StateName};

/// A move of a piece (not a pawn, no capture) whose way back is legal right after, for `pos`.
fn shuffle(m: &mut Miner, pos: &Chess, prefer: Option<Role>) -> Option<(Move, Move)> {
    let mut candidates: Vec<(Move, Move)> = Vec::new();
    for mv in pos.legal_moves() {
        if mv.is_capture() || mv.role() == Role::Pawn || mv.is_castle() || mv.is_promotion() {
            continue;
        }
        if let Some(role) = prefer
            && mv.role() != role
        {
            continue;
        }
        candidates.push((mv, mv));
    }
    if candidates.is_empty() {
        return None;
    }
    let (out, _) = candidates[m.below(candidates.len())];
    let back = Move::Normal {
        role: out.role(),
        from: out.to(),
        capture: None,
        to: out.from()?,
        promotion: None,
    };
    Some((out, back))
}

/// Plays `cycles` times: our piece out, theirs out, ours back, theirs back. `None` when a move
/// is not legal when its turn comes or the game ends on the way.
fn cycles(m: &mut Miner, start: &Chess, n: usize, ours: Option<Role>) -> Option<Vec<Move>> {
    let (a_out, a_back) = shuffle(m, start, ours)?;
    let mut pos = start.clone();
    pos.play_unchecked(a_out);
    let (b_out, b_back) = shuffle(m, &pos, None)?;
    let cycle = [a_out, b_out, a_back, b_back];
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..n {
        for mv in cycle {
            if !pos.is_legal(mv) || pos.is_game_over() {
                return None;
            }
            pos.play_unchecked(mv);
            moves.push(mv);
        }
    }
    Some(moves)
}

fn answers(fen_text: &str, moves: &[String]) -> Option<(StateName, Vec<DrawClaim>, usize)> {
    let replay = Replay::strict(fen_text, moves).ok()?;
    Some((replay.state().name(), replay.claims(), replay.repetitions()))
}

/// What declaring a move grounds: the claims of the position it makes, and how the game stands
/// there (a move that ends the game grounds none).
struct Declared {
    claims: BTreeMap<String, Vec<DrawClaim>>,
    states: BTreeMap<String, StateName>,
}

/// The claims the player to move could make by declaring each of `moves` (FIDE 9.2.1.1, 9.3.1),
/// after the history `played`; `None` when a move is not legal or the game is over already.
fn claims_with_move(fen_text: &str, played: &[String], moves: &[String]) -> Option<Declared> {
    let replay = Replay::strict(fen_text, played).ok()?;
    if replay.state() != chess_conformance::GameState::Ongoing {
        return None;
    }
    let mut out = Declared {
        claims: BTreeMap::new(),
        states: BTreeMap::new(),
    };
    for uci in moves {
        let mv = replay::parse_uci(&replay.position, uci).ok()?;
        let mut after = replay.clone();
        after.push(mv);
        out.claims.insert(uci.clone(), after.claims());
        out.states.insert(uci.clone(), after.state().name());
    }
    Some(out)
}

/// A legal move of `pos` other than `not`, at random.
fn another_move(m: &mut Miner, pos: &Chess, not: &str) -> Option<String> {
    let others: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(replay::to_uci)
        .filter(|u| u != not)
        .collect();
    (!others.is_empty()).then(|| others[m.below(others.len())].clone())
}

/// How a claim with a declared move reads in a title.
fn declared(d: &Declared) -> String {
    d.claims
        .iter()
        .map(|(uci, claims)| {
            let state = d.states.get(uci).copied().unwrap_or(StateName::Ongoing);
            if state != StateName::Ongoing {
                format!("{uci} ends the game ({state}), so grounds no claim")
            } else if claims.is_empty() {
                format!("{uci} grounds no claim")
            } else {
                let names: Vec<&str> = claims.iter().map(|c| c.name()).collect();
                format!("{uci} grounds {}", names.join(" and "))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn describe(state: StateName, claims: &[DrawClaim]) -> &'static str {
    match (state, claims.is_empty()) {
        (StateName::FivefoldRepetition, _) => "the fivefold repetition ends the game",
        (StateName::Ongoing, false) => {
            "the player to move may claim a draw by threefold repetition"
        }
        (StateName::Ongoing, true) => "no draw may be claimed",
        _ => "the game is over",
    }
}

/// What a repetition case asserts: how the game stands, and the claims while it goes on.
fn state_and_claims(state: StateName, claims: Vec<DrawClaim>) -> Expect {
    Expect {
        state: Some(state),
        claims: (state == StateName::Ongoing).then_some(claims),
        ..Expect::default()
    }
}

/// Repetitions, and the positions that look repeated but are not (castling rights, en passant).
pub fn repetition(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::new(&[
        ("repeated", 400),
        ("castling-rights-differ", 300),
        ("en-passant-differs", 300),
        ("en-passant-impossible", 300),
        ("claim-with-move", 150),
    ]);
    let initial = Chess::default();
    for i in 0..300_000 {
        if q.full() {
            break;
        }
        let game: RandomGame = m.game(&initial, 40);
        let at = m.below(game.moves.len() + 1);
        let start = game.positions[at].clone();
        if start.legal_moves().is_empty() {
            continue;
        }
        let n = 1 + m.below(4);
        match i % 4 {
            0 => pieces_out_and_back(m, &mut q, &start, n),
            1 => castling_rights_given_up(m, &mut q, &start, n),
            _ => after_a_double_step(m, &mut q, &start, n),
        };
    }
    q.into_cases()
}

/// Two pieces going out and back `n` times from `start`: the position repeated, counted; now and
/// then the last move held back and declared instead, for a claim with a move.
fn pieces_out_and_back(m: &mut Miner, q: &mut Quotas, start: &Chess, n: usize) -> Option<()> {
    let moves = cycles(m, start, n, None)?;
    let uci: Vec<String> = moves.iter().map(|mv| replay::to_uci(*mv)).collect();
    let fen_text = fen(start);
    if q.wants("claim-with-move") && m.chance(1, 3) {
        return last_move_declared(m, q, fen_text, &uci);
    }
    let (state, claims, count) = answers(&fen_text, &uci)?;
    let title = format!(
        "Two pieces go out and back {n} time{}: the position has occurred {count} times, so {}",
        if n == 1 { "" } else { "s" },
        describe(state, &claims)
    );
    let rule = if state == StateName::FivefoldRepetition {
        "9.6.1"
    } else {
        "9.2.1"
    };
    let expect = state_and_claims(state, claims);
    q.keep(
        "repeated",
        case(title, rule, "repeated", fen_text, uci, expect),
    );
    Some(())
}

/// The last move of the cycles not yet played: declared with another, it may ground a claim
/// (9.2.1.1).
fn last_move_declared(
    m: &mut Miner,
    q: &mut Quotas,
    fen_text: String,
    uci: &[String],
) -> Option<()> {
    let (last, played) = uci.split_last().expect("a cycle has moves");
    let before = Replay::strict(&fen_text, played).ok()?;
    let other = another_move(m, &before.position, last)?;
    let declared_moves = [last.clone(), other];
    let map = claims_with_move(&fen_text, played, &declared_moves)?;
    let now = before.claims();
    let title = format!(
        "After {} plies of pieces going out and back, the player to move {}; \
         declaring a move first (9.2.1.1): {}",
        played.len(),
        if now.is_empty() {
            "may not claim yet"
        } else {
            "may claim already"
        },
        declared(&map)
    );
    let expect = Expect {
        claims: Some(now),
        claims_with_move: Some(map.claims),
        ..Expect::default()
    };
    q.keep(
        "claim-with-move",
        case(
            title,
            "9.2.1.1",
            "claim-with-move",
            fen_text,
            played.to_vec(),
            expect,
        ),
    );
    Some(())
}

/// The king or a rook with castling rights shuffles: the first occurrence had the rights, the
/// later ones do not (9.2.2).
fn castling_rights_given_up(m: &mut Miner, q: &mut Quotas, start: &Chess, n: usize) -> Option<()> {
    let rights = start.castles().castling_rights();
    let ours = rights & start.board().by_color(start.turn());
    if ours.is_empty() {
        return None;
    }
    let role = if m.chance(1, 2) {
        Role::King
    } else {
        Role::Rook
    };
    let moves = cycles(m, start, n + 1, Some(role))?;
    let first = moves[0];
    let lost = match first.role() {
        Role::King => true,
        _ => first.from().is_some_and(|sq| rights.contains(sq)),
    };
    if !lost {
        return None;
    }
    let uci: Vec<String> = moves.iter().map(|mv| replay::to_uci(*mv)).collect();
    let fen_text = fen(start);
    let (state, claims, count) = answers(&fen_text, &uci)?;
    let title = format!(
        "The same board appears {} times, but the first time {} still had castling \
         rights that the {} gave up by moving: it counts {count}, so {}",
        n + 2,
        side_name(start.turn()),
        if first.role() == Role::King {
            "king"
        } else {
            "rook"
        },
        describe(state, &claims)
    );
    let expect = state_and_claims(state, claims);
    q.keep(
        "castling-rights-differ",
        case(
            title,
            "9.2.2",
            "castling-rights-differ",
            fen_text,
            uci,
            expect,
        ),
    );
    Some(())
}

/// A double step, then shuffles: the position right after the double step differs from the
/// later ones only if an en passant capture was possible (9.2.2).
fn after_a_double_step(m: &mut Miner, q: &mut Quotas, start: &Chess, n: usize) -> Option<()> {
    let doubles: Vec<Move> = start
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.role() == Role::Pawn && mv.from().is_some_and(|f| f.distance(mv.to()) == 2))
        .collect();
    if doubles.is_empty() {
        return None;
    }
    let double = doubles[m.below(doubles.len())];
    let mut after = start.clone();
    after.play_unchecked(double);
    let possible = after.legal_ep_square().is_some();
    let pattern = if possible {
        "en-passant-differs"
    } else {
        "en-passant-impossible"
    };
    if !q.wants(pattern) {
        return None;
    }
    let moves = cycles(m, &after, n + 1, None)?;
    let mut uci = vec![replay::to_uci(double)];
    uci.extend(moves.iter().map(|mv| replay::to_uci(*mv)));
    let fen_text = fen(start);
    let (state, claims, count) = answers(&fen_text, &uci)?;
    let title = if possible {
        format!(
            "After {}, an en passant capture was possible the first time this board \
             appeared and not later: of its {} appearances {count} count, so {}",
            uci[0],
            n + 2,
            describe(state, &claims)
        )
    } else {
        format!(
            "After {}, no en passant capture was possible, so the first appearance \
             counts like the later ones: {count} in all, so {}",
            uci[0],
            describe(state, &claims)
        )
    };
    let expect = state_and_claims(state, claims);
    q.keep(
        pattern,
        case(title, "9.2.2", pattern, fen_text, uci, expect),
    );
    Some(())
}

/// The FEN with its clocks replaced.
fn with_clocks(fen_text: &str, halfmoves: u32, fullmoves: u32) -> String {
    let mut fields: Vec<String> = fen_text.split(' ').map(str::to_owned).collect();
    fields.truncate(4);
    fields.push(halfmoves.to_string());
    fields.push(fullmoves.to_string());
    fields.join(" ")
}

/// The fifty- and seventy-five-move thresholds, approached by quiet moves and reset by a pawn
/// move or a capture.
pub fn fifty_move(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::new(&[
        ("below-fifty", 250),
        ("fifty", 300),
        ("below-seventy-five", 200),
        ("seventy-five", 300),
        ("reset", 250),
        ("claim-with-move", 150),
    ]);
    let initial = Chess::default();
    for _ in 0..300_000 {
        if q.full() {
            break;
        }
        let game: RandomGame = m.game(&initial, 80);
        let at = m.below(game.moves.len() + 1);
        let start = game.positions[at].clone();
        if q.wants("claim-with-move") && m.chance(1, 4) {
            one_ply_short_declared(m, &mut q, &start);
            continue;
        }
        near_a_threshold(m, &mut q, &start);
    }
    q.into_cases()
}

/// One ply short of fifty moves: a quiet move declared grounds the claim, a pawn move or a
/// capture does not (9.3.1).
fn one_ply_short_declared(m: &mut Miner, q: &mut Quotas, start: &Chess) -> Option<()> {
    let clock = 98 + m.below(2) as u32;
    let fullmoves = u32::from(start.fullmoves()).max(clock / 2 + 1);
    let fen_text = with_clocks(&fen(start), clock, fullmoves);
    let replayed = Replay::strict(&fen_text, &[]).ok()?;
    let legal = replayed.position.legal_moves();
    let quiet: Vec<String> = legal
        .iter()
        .filter(|mv| !mv.is_capture() && mv.role() != Role::Pawn)
        .map(|mv| replay::to_uci(*mv))
        .collect();
    let resetting: Vec<String> = legal
        .iter()
        .filter(|mv| mv.is_capture() || mv.role() == Role::Pawn)
        .map(|mv| replay::to_uci(*mv))
        .collect();
    if quiet.is_empty() {
        return None;
    }
    let mut declared_moves = vec![quiet[m.below(quiet.len())].clone()];
    if !resetting.is_empty() {
        declared_moves.push(resetting[m.below(resetting.len())].clone());
    }
    let map = claims_with_move(&fen_text, &[], &declared_moves)?;
    let now = replayed.claims();
    let title = format!(
        "Halfmove clock {clock}: {}; declaring a move first (9.3.1): {}",
        if now.is_empty() {
            "no claim yet"
        } else {
            "the claim may be made already"
        },
        declared(&map)
    );
    let expect = Expect {
        claims: Some(now),
        claims_with_move: Some(map.claims),
        ..Expect::default()
    };
    q.keep(
        "claim-with-move",
        case(
            title,
            "9.3.1",
            "claim-with-move",
            fen_text,
            Vec::new(),
            expect,
        ),
    );
    Some(())
}

/// A halfmove clock a few plies below 100 or 150, then up to six moves without a pawn move or
/// capture (or with one, to reset it): the claim, the ending, or neither.
fn near_a_threshold(m: &mut Miner, q: &mut Quotas, start: &Chess) -> Option<()> {
    let threshold = if m.chance(1, 2) { 100 } else { 150 };
    let clock = threshold - 4 + m.below(4) as u32;
    let fullmoves = u32::from(start.fullmoves()).max(clock / 2 + 1);
    let fen_text = with_clocks(&fen(start), clock, fullmoves);
    let replayed = Replay::strict(&fen_text, &[]).ok()?;
    let plies = m.below(7);
    let reset_at = if m.chance(1, 4) {
        Some(m.below(plies.max(1)))
    } else {
        None
    };
    let (pos, moves) = quiet_plies(m, replayed.position, plies, reset_at)?;
    let (state, claims, _) = answers(&fen_text, &moves)?;
    let final_clock = pos.halfmoves();
    let pattern = if reset_at.is_some() && !moves.is_empty() {
        "reset"
    } else if final_clock < 100 {
        "below-fifty"
    } else if final_clock < 150 && threshold == 100 {
        "fifty"
    } else if final_clock < 150 {
        "below-seventy-five"
    } else {
        "seventy-five"
    };
    if !q.wants(pattern) {
        return None;
    }
    let title = clock_title(&pos, state, &claims, clock, &moves, pattern);
    let rule = match state {
        StateName::SeventyFiveMoves => "9.6.2",
        _ => "9.3.2",
    };
    let expect = state_and_claims(state, claims);
    q.keep(pattern, case(title, rule, pattern, fen_text, moves, expect));
    Some(())
}

/// `plies` moves from `pos` without a pawn move or capture, but for the one at `reset_at`, which
/// is one: the position reached and the moves. `None` when no such move is there or the game
/// ends on the way.
fn quiet_plies(
    m: &mut Miner,
    mut pos: Chess,
    plies: usize,
    reset_at: Option<usize>,
) -> Option<(Chess, Vec<String>)> {
    let mut moves = Vec::new();
    for ply in 0..plies {
        let legal = pos.legal_moves();
        let wanted: Vec<Move> = legal
            .iter()
            .filter(|mv| (Some(ply) == reset_at) == (mv.is_capture() || mv.role() == Role::Pawn))
            .copied()
            .collect();
        if wanted.is_empty() || pos.is_game_over() || pos.halfmoves() >= 150 {
            return None;
        }
        let mv = wanted[m.below(wanted.len())];
        pos.play_unchecked(mv);
        moves.push(replay::to_uci(mv));
    }
    Some((pos, moves))
}

/// The title of a clock case: the clock at the start, the moves, the clock reached and what it
/// allows.
fn clock_title(
    pos: &Chess,
    state: StateName,
    claims: &[DrawClaim],
    clock: u32,
    moves: &[String],
    pattern: &str,
) -> String {
    let final_clock = pos.halfmoves();
    let side = side_name(pos.turn());
    let outcome = match state {
        StateName::SeventyFiveMoves => "the seventy-five-move rule ends the game".to_owned(),
        StateName::Ongoing if claims.contains(&DrawClaim::FiftyMoves) => {
            format!("{side} may claim a draw under the fifty-move rule")
        }
        StateName::Ongoing => format!("{side} may not claim a draw under the fifty-move rule"),
        other => format!("the game is over by {other}, which takes precedence"),
    };
    format!(
        "Halfmove clock {clock}, then {} move{}{}: the clock stands at {final_clock}, so {outcome}",
        moves.len(),
        if moves.len() == 1 { "" } else { "s" },
        if pattern == "reset" {
            " including a pawn move or capture"
        } else {
            " without pawn move or capture"
        },
    )
}
