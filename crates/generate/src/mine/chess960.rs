//! Chess960 (FIDE Guidelines II): seeded random games from every one of the 960 start
//! positions, kept where they show castling legal, castling not allowed, the rights a move
//! takes away (king moved, rook moved, rook captured on its square, castled), and the legal
//! moves of a position with castling among them.
//!
//! The start positions are computed by Reinhard Scharnagl's numbering (0 to 959; 518 is the
//! standard start), as the Chess Programming Wiki states it ("Chess960", section "Position
//! numbering"): of the number n, n mod 4 places the light-squared bishop on b, d, f or h;
//! (n / 4) mod 4 the dark-squared bishop on a, c, e or g; (n / 16) mod 6 the queen on the
//! free squares in order; n / 96 (0 to 9) the two knights on the five free squares left, by
//! the table of the ten pairs (NN---, N-N--, ..., ---NN); and the last three free squares take
//! rook, king, rook. The miner walks the starts in order, so every one is played from.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role};

use super::{Miner, Quotas, RandomGame, side_name};
use chess_conformance::Variant;
use chess_conformance::case::{After, Case, Expect};
use chess_conformance::replay;

/// The number of Chess960 start positions.
pub const STARTS: usize = 960;

/// The pairs of the knights on the five squares left after the bishops and the queen, in
/// Scharnagl's order (index n / 96).
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank of the start position numbered `n` (0..960) by Scharnagl's numbering, as
/// piece letters from a1 to h1 (518: `RNBQKBNR`).
///
/// # Panics
///
/// When `n` is 960 or more.
pub fn start_rank(n: usize) -> String {
    assert!(n < STARTS, "a Chess960 start is numbered 0 to 959, not {n}");
    let mut rank = [None::<char>; 8];
    rank[2 * (n % 4) + 1] = Some('B');
    rank[2 * ((n / 4) % 4)] = Some('B');
    let free = |rank: &[Option<char>; 8]| -> Vec<usize> {
        (0..8).filter(|&i| rank[i].is_none()).collect()
    };
    let queen = free(&rank)[(n / 16) % 6];
    rank[queen] = Some('Q');
    let left = free(&rank);
    let (a, b) = KNIGHTS[n / 96];
    rank[left[a]] = Some('N');
    rank[left[b]] = Some('N');
    for (square, piece) in free(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[square] = Some(piece);
    }
    rank.iter()
        .map(|p| p.expect("every square is filled"))
        .collect()
}

/// The FEN of the start position numbered `n`, White to move, all four castling rights in
/// X-FEN (`KQkq`: each side's outermost rook, the only one).
pub fn start_fen(n: usize) -> String {
    let white = start_rank(n);
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
        white.to_ascii_lowercase()
    )
}

/// The number of the start position whose placement (a FEN's first field) this is, if it is
/// one: every piece on its square of that start, Black's mirroring White's.
pub fn start_number(placement: &str) -> Option<usize> {
    let ranks: Vec<&str> = placement.split('/').collect();
    let [black, middle @ .., white] = ranks.as_slice() else {
        return None;
    };
    if middle != ["pppppppp", "8", "8", "8", "8", "PPPPPPPP"] {
        return None;
    }
    if white.to_ascii_lowercase() != *black || white.len() != 8 {
        return None;
    }
    (0..STARTS).find(|&n| start_rank(n) == *white)
}

/// The start position numbered `n`, in Chess960 castling mode.
pub fn start_position(n: usize) -> Chess {
    Fen::from_ascii(start_fen(n).as_bytes())
        .expect("a start FEN is well formed")
        .into_position(CastlingMode::Chess960)
        .expect("a start position is legal")
}

/// The patterns, with what each shows, the rule it tests and its weight.
const PATTERNS: [(&str, &str, &str, usize); 7] = [
    (
        "castles",
        "castling is legal: the king takes its rook (II.3.2), each castling's position after",
        "II.3.2.1",
        3,
    ),
    (
        "cannot-castle",
        "a castling right is held but castling is not legal now (a piece in the way, the king \
         in check or crossing or reaching an attacked square)",
        "II.3.1",
        3,
    ),
    (
        "king-moved",
        "the king moved: both its rights are gone in the FEN after",
        "II.3.1",
        1,
    ),
    (
        "rook-moved",
        "a castling rook moved: that right is gone, the other stays, in the FEN after",
        "II.3.1",
        1,
    ),
    (
        "rook-captured",
        "a castling rook was captured on its square: the owner's right on that side is gone in \
         the FEN after",
        "II.3.1",
        1,
    ),
    (
        "castled",
        "the side castled: the king and rook on their final squares and both its rights gone \
         in the FEN after",
        "II.3.2.6",
        2,
    ),
    (
        "legal-moves",
        "every legal move of a position where castling is one, castling as the king taking \
         its rook",
        "II.1",
        1,
    ),
];

fn pattern(name: &str) -> (&'static str, &'static str) {
    PATTERNS
        .iter()
        .find(|p| p.0 == name)
        .map(|p| (p.1, p.2))
        .expect("a pattern of the table")
}

/// The castling moves among `moves`.
fn castles(moves: &[Move]) -> Vec<Move> {
    moves.iter().filter(|m| m.is_castle()).copied().collect()
}

/// The Chess960 mined cases: [`super::PER_AREA`] in all, by pattern.
pub fn chess960(m: &mut Miner) -> Vec<Case> {
    let weights: Vec<(&'static str, usize)> = PATTERNS.iter().map(|p| (p.0, p.3)).collect();
    let mut q = Quotas::new(&weights);
    let starts: Vec<Chess> = (0..STARTS).map(start_position).collect();
    for attempt in 0..40_000 {
        if q.full() {
            break;
        }
        let n = attempt % STARTS;
        let max = 4 + m.below(57);
        let game = m.game(&starts[n], max);
        if game.moves.is_empty() {
            continue;
        }
        // One ply of the game, from the end backwards at random, and the first pattern wanted.
        let ply = 1 + m.below(game.moves.len());
        if let Some((name, case)) = classify(m, n, &game, ply, &q)
            && game.live(ply)
        {
            q.keep(name, case);
        }
    }
    q.into_cases()
}

/// The case the position after `ply` plies shows, for the first pattern that still wants one.
fn classify(
    m: &mut Miner,
    n: usize,
    game: &RandomGame,
    ply: usize,
    q: &Quotas,
) -> Option<(&'static str, Case)> {
    let before = &game.positions[ply - 1];
    let mv = game.moves[ply - 1];
    let pos = &game.positions[ply];
    let us = before.turn();
    let rights = |p: &Chess, c: Color| p.castles().castling_rights() & c.backrank();
    // What the last move did to the rights.
    let lost_own = rights(before, us) != rights(pos, us);
    let lost_theirs = rights(before, !us) != rights(pos, !us);
    let by_move = if mv.is_castle() {
        Some("castled")
    } else if lost_own && mv.role() == Role::King {
        Some("king-moved")
    } else if lost_own && mv.role() == Role::Rook {
        Some("rook-moved")
    } else if lost_theirs && mv.is_capture() {
        Some("rook-captured")
    } else {
        None
    };
    if let Some(name) = by_move
        && q.wants(name)
    {
        return Some((name, after_case(n, game, ply, name)));
    }
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    let castlings = castles(&legal);
    let them = pos.turn();
    let held = rights(pos, them);
    // Rights held whose castling is not legal now: the king taking the rook of each.
    let refused: Vec<String> = held
        .into_iter()
        .filter(|rook| !castlings.iter().any(|c| c.to() == *rook))
        .filter_map(|rook| {
            let king = pos.board().king_of(them)?;
            Some(format!("{king}{rook}"))
        })
        .collect();
    let history = m.chance(1, 2);
    if !castlings.is_empty() && q.wants("castles") {
        return Some(("castles", castles_case(n, game, ply, &castlings, history)));
    }
    if !refused.is_empty() && q.wants("cannot-castle") {
        let mut c = position_case(n, game, ply, "cannot-castle", history);
        c.expect.illegal = Some(refused.clone());
        if !castlings.is_empty() {
            c.expect.legal = Some(castlings.iter().map(|mv| uci(pos, *mv)).collect());
        }
        c.title = format!(
            "{}: {} may not castle now ({}) though the right is held",
            c.title,
            side_name(them),
            refused.join(", ")
        );
        return Some(("cannot-castle", c));
    }
    if !castlings.is_empty() && q.wants("legal-moves") {
        let mut c = position_case(n, game, ply, "legal-moves", history);
        let mut all: Vec<String> = legal.iter().map(|mv| uci(pos, *mv)).collect();
        all.sort();
        c.title = format!(
            "{}: the {} legal moves of {}, castling among them",
            c.title,
            all.len(),
            side_name(them)
        );
        c.expect.moves = Some(all);
        return Some(("legal-moves", c));
    }
    None
}

fn uci(pos: &Chess, mv: Move) -> String {
    replay::to_uci_in(pos, mv)
}

/// `1 ply`, `2 plies`.
fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_owned()
    } else {
        format!("{n} plies")
    }
}

/// The moves of the first `plies` plies, castling as the king taking its rook.
fn history(game: &RandomGame, plies: usize) -> Vec<String> {
    game.moves[..plies]
        .iter()
        .zip(&game.positions)
        .map(|(mv, pos)| uci(pos, *mv))
        .collect()
}

/// A case about the position after `ply` plies: from the start with the history, or from the
/// position's own FEN (its castling rights in X-FEN, a file letter for an inner rook).
fn position_case(n: usize, game: &RandomGame, ply: usize, name: &str, from_start: bool) -> Case {
    let (description, rule) = pattern(name);
    let (fen, moves, how) = if from_start {
        (
            start_fen(n),
            history(game, ply),
            format!("{} from Chess960 start {n}", plies(ply)),
        )
    } else {
        (
            super::fen(&game.positions[ply]),
            Vec::new(),
            format!("reached {} from Chess960 start {n}", plies(ply)),
        )
    };
    let mut c = super::case(
        format!("Position {how} ({})", start_rank(n)),
        rule,
        name,
        fen,
        moves,
        Expect::default(),
    );
    c.variant = Some(Variant::Chess960);
    c.source = Some(format!(
        "mined from a seeded random game from Chess960 start {n} (Scharnagl's numbering), \
         {description}; expected answers by the reference engine"
    ));
    c
}

/// Castling is legal: which castlings, their SAN and the position after each.
fn castles_case(
    n: usize,
    game: &RandomGame,
    ply: usize,
    castlings: &[Move],
    from_start: bool,
) -> Case {
    let pos = &game.positions[ply];
    let mut c = position_case(n, game, ply, "castles", from_start);
    let moves: Vec<String> = castlings.iter().map(|mv| uci(pos, *mv)).collect();
    let mut san = std::collections::BTreeMap::new();
    let mut after = Vec::new();
    for (mv, text) in castlings.iter().zip(&moves) {
        let mut next = pos.clone();
        next.play_unchecked(*mv);
        san.insert(
            text.clone(),
            shakmaty::san::SanPlus::from_move(pos.clone(), *mv).to_string(),
        );
        after.push(After {
            mv: text.clone(),
            fen: super::fen(&next),
            en_passant: Default::default(),
            clocks: true,
        });
    }
    c.title = format!(
        "{}: {} may castle ({})",
        c.title,
        side_name(pos.turn()),
        moves.join(", ")
    );
    c.expect.legal = Some(moves);
    c.expect.san = Some(san);
    c.expect.after = Some(after);
    c
}

/// A move took castling rights away (or castled): the game from the start to the move before,
/// and the FEN after that move.
fn after_case(n: usize, game: &RandomGame, ply: usize, name: &str) -> Case {
    let (description, rule) = pattern(name);
    let before = &game.positions[ply - 1];
    let mv = uci(before, game.moves[ply - 1]);
    let fen = super::fen(&game.positions[ply]);
    let mut c = super::case(
        format!(
            "{} from Chess960 start {n} ({}), then {mv}: the castling rights in the FEN \
             after",
            plies(ply - 1),
            start_rank(n)
        ),
        rule,
        name,
        start_fen(n),
        history(game, ply - 1),
        Expect {
            after: Some(vec![After {
                mv,
                fen,
                en_passant: Default::default(),
                clocks: true,
            }]),
            ..Expect::default()
        },
    );
    c.variant = Some(Variant::Chess960);
    c.source = Some(format!(
        "mined from a seeded random game from Chess960 start {n} (Scharnagl's numbering), \
         {description}; expected answers by the reference engine"
    ));
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scharnagl_numbers_the_known_starts() {
        // The numbering's fixed points, as the Chess Programming Wiki lists them: 0 is
        // BBQNNRKR, 518 the standard start, 959 RKRNNQBB.
        assert_eq!(start_rank(0), "BBQNNRKR");
        assert_eq!(start_rank(518), "RNBQKBNR");
        assert_eq!(start_rank(959), "RKRNNQBB");
        let all: std::collections::BTreeSet<String> = (0..STARTS).map(start_rank).collect();
        assert_eq!(all.len(), STARTS, "960 different starts");
        for n in [0, 1, 517, 518, 700, 959] {
            let rank = start_rank(n);
            // The bishops on squares of both colours, the king between the rooks.
            let b: Vec<usize> = rank.match_indices('B').map(|(i, _)| i).collect();
            assert_ne!(b[0] % 2, b[1] % 2, "{rank}");
            let r: Vec<usize> = rank.match_indices('R').map(|(i, _)| i).collect();
            let k = rank.find('K').unwrap();
            assert!(r[0] < k && k < r[1], "{rank}");
            let placement = start_fen(n).split(' ').next().unwrap().to_owned();
            assert_eq!(start_number(&placement), Some(n));
            start_position(n);
        }
        // A start with a pawn moved, or another start's back rank on one side, is none.
        let moved = start_fen(518).replace("PPPPPPPP", "PPPP1PPP");
        assert_eq!(start_number(moved.split(' ').next().unwrap()), None);
        assert_eq!(start_number("8/8/8/8/8/8/8/8"), None);
    }

    #[test]
    fn every_pattern_is_mined_from_many_starts() {
        let cases = crate::Area::Chess960.mine();
        assert!(cases.len() >= 1000, "{}", cases.len());
        for (name, ..) in PATTERNS {
            let n = cases
                .iter()
                .filter(|c| c.tags.iter().any(|t| t == name))
                .count();
            // A rook captured on its square is the rarest in random play.
            assert!(n >= 20, "{name}: {n}");
        }
        let starts: std::collections::BTreeSet<&str> = cases
            .iter()
            .filter_map(|c| {
                c.source
                    .as_deref()?
                    .split("start ")
                    .nth(1)?
                    .split(' ')
                    .next()
            })
            .collect();
        assert!(starts.len() >= 500, "{} starts", starts.len());
        assert!(cases.iter().all(|c| c.variant == Some(Variant::Chess960)));
    }
}
