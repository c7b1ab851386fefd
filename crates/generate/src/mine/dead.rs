//! Who can still mate (FIDE 6.9, 5.2.2): random positions asked, per side, whether that side
//! could still checkmate by some series of legal moves, and whether the position is dead.
//!
//! The positions: a few pieces placed at random (where helpmates with little material and
//! material that can never mate both occur); locked pawn walls across the board, some dead, some
//! broken by one detail (a gap, a free pawn, a piece that can attack the wall); checks whose only
//! answer is a capture that leaves too little to mate, played as the last move of a short
//! history, and the same checks where the defender has a choice; positions of random games.
//!
//! The reference's winnability analyzer proves what it answers (a helpmate line replayed to
//! mate, or a proof that none exists) and may answer undetermined; a case asserts `winnable` only
//! for the sides it decided, and is dropped when it decided neither. `state` is asserted where
//! the position is dead (by material or beyond), and `state: ongoing` only where a side was shown
//! to be able to mate, as docs/CASES.md requires of hand-written cases.

use shakmaty::{Bitboard, Board, CastlingMode, Chess, Color, Piece, Position, Role, Setup, Square};

use super::{Miner, Quotas, RandomGame, case, fen, side_name};
use chess_conformance::case::{Case, Expect, WinnableExpect};
use chess_conformance::winnable::walls::zigzag_wall;
use chess_conformance::{Engine, Game, GameState, Reference, StateName, Winnability};

/// How many cases the area mines.
const TOTAL: usize = 900;

fn random_color(m: &mut Miner) -> Color {
    if m.chance(1, 2) {
        Color::White
    } else {
        Color::Black
    }
}

/// Kings and one to four pieces, minor pieces favoured (the material where helpmates and
/// impossibilities meet).
fn few_pieces(m: &mut Miner) -> Option<Chess> {
    const MINOR_HEAVY: [Role; 8] = [
        Role::Knight,
        Role::Knight,
        Role::Bishop,
        Role::Bishop,
        Role::Pawn,
        Role::Rook,
        Role::Queen,
        Role::Bishop,
    ];
    let mut pieces = vec![Color::White.king(), Color::Black.king()];
    for _ in 0..1 + m.below(4) {
        let color = random_color(m);
        pieces.push(Piece {
            color,
            role: *m.pick(&MINOR_HEAVY),
        });
    }
    let turn = random_color(m);
    m.place(&pieces, turn)
}

/// A wall of mutually blocked pawns across the board, zigzagging between the fourth and fifth
/// ranks, the white king behind it and the black king in front; with a twist now and then (a
/// file left open, a pair shifted, a free pawn, a bishop or knight).
fn wall(m: &mut Miner) -> Option<Chess> {
    let mut board = Board::empty();
    let parity = m.below(2) as u32;
    zigzag_wall(&mut board, parity, |_, base| match m.below(20) {
        0 => None,
        1 => Some(base - 1),
        2 => Some(base + 1),
        _ => Some(base),
    });
    fn free(m: &mut Miner, board: &mut Board, piece: Piece, range: std::ops::Range<u32>) -> bool {
        let sq = Square::new(range.start + m.below((range.end - range.start) as usize) as u32);
        if board.piece_at(sq).is_some() {
            return false;
        }
        board.set_piece_at(sq, piece);
        true
    }
    if !free(m, &mut board, Color::White.king(), 0..16)
        || !free(m, &mut board, Color::Black.king(), 48..64)
    {
        return None;
    }
    let extras = m.below(4);
    for _ in 0..extras {
        let color = random_color(m);
        let role = match m.below(6) {
            0 => Role::Knight,
            1 => Role::Pawn,
            _ => Role::Bishop,
        };
        let range = match (role, color) {
            (Role::Pawn, Color::White) => 8..24,
            (Role::Pawn, Color::Black) => 40..56,
            _ => 0..64,
        };
        free(m, &mut board, Piece { color, role }, range);
    }
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = random_color(m);
    setup.position(CastlingMode::Standard).ok()
}

/// A position where the side to move can give check with a queen or rook on a square next to
/// the enemy king (where the king may take it), with at most a minor piece left besides.
fn check_to_give(m: &mut Miner) -> Option<Chess> {
    let us = random_color(m);
    let heavy = if m.chance(1, 2) {
        Role::Queen
    } else {
        Role::Rook
    };
    let mut pieces = vec![
        us.king(),
        (!us).king(),
        Piece {
            color: us,
            role: heavy,
        },
    ];
    if m.chance(2, 3) {
        let color = random_color(m);
        pieces.push(Piece {
            color,
            role: *m.pick(&[Role::Knight, Role::Bishop, Role::Pawn]),
        });
    }
    let pos = m.place(&pieces, us)?;
    let king = pos.board().king_of(!us)?;
    let near = shakmaty::attacks::king_attacks(king);
    pos.legal_moves()
        .iter()
        .any(|mv| mv.role() == heavy && near.contains(mv.to()))
        .then_some(pos)
}

/// The reference's answers for a game: the state, and each side's winnability.
struct Answers {
    state: GameState,
    white: Winnability,
    black: Winnability,
}

fn answers(reference: &mut Reference, fen_text: &str, moves: &[String]) -> Option<Answers> {
    // A history the loader accepts: it does not go on past the end of the game.
    chess_conformance::replay::Replay::strict(fen_text, moves).ok()?;
    let game = Game::new(fen_text, moves);
    let state = reference.game_state(&game).ok()?;
    let white = reference
        .winnable(&game, chess_conformance::Color::White)
        .ok()?;
    let black = reference
        .winnable(&game, chess_conformance::Color::Black)
        .ok()?;
    Some(Answers {
        state,
        white,
        black,
    })
}

/// The expectation from the answers, or `None` when they assert nothing the rules let a case
/// state: neither side decided, or a game that is over by mate or stalemate (other areas' cases),
/// or an ongoing game where no side was shown to be able to mate.
fn expectation(a: &Answers) -> Option<Expect> {
    let decided = |w: Winnability| (w != Winnability::Undetermined).then_some(w);
    let winnable = WinnableExpect {
        white: decided(a.white),
        black: decided(a.black),
    };
    if winnable.white.is_none() && winnable.black.is_none() {
        return None;
    }
    let state = match a.state {
        GameState::DeadPosition => Some(StateName::DeadPosition),
        GameState::InsufficientMaterial => Some(StateName::InsufficientMaterial),
        GameState::Ongoing
            if a.white == Winnability::Winnable || a.black == Winnability::Winnable =>
        {
            Some(StateName::Ongoing)
        }
        GameState::Ongoing => None,
        _ => return None,
    };
    Some(Expect {
        state,
        winnable: Some(winnable),
        ..Expect::default()
    })
}

/// The material of a side, kings first: `KBN`.
fn material(board: &Board, color: Color) -> String {
    let mut roles: Vec<Role> = board
        .by_color(color)
        .into_iter()
        .filter_map(|sq| board.piece_at(sq).map(|p| p.role))
        .collect();
    roles.sort_by_key(|r| std::cmp::Reverse(*r as u8));
    roles.iter().map(|r| r.upper_char()).collect()
}

/// The number of files with a white pawn blocked by a black one right in front of it.
fn locked_files(board: &Board) -> usize {
    (board.pawns() & board.white())
        .into_iter()
        .filter(|sq| {
            sq.offset(8)
                .is_some_and(|ahead| board.piece_at(ahead) == Some(Color::Black.pawn()))
        })
        .count()
}

fn can(w: Option<Winnability>, side: &str) -> Option<String> {
    w.map(|w| match w {
        Winnability::Winnable => format!("{side} can still mate"),
        _ => format!("{side} can never mate"),
    })
}

fn verdict(expect: &Expect) -> String {
    let w = expect.winnable.unwrap_or_default();
    let sides: Vec<String> = [can(w.white, "White"), can(w.black, "Black")]
        .into_iter()
        .flatten()
        .collect();
    let state = match expect.state {
        Some(StateName::DeadPosition) => ": a dead position, the game is drawn at once",
        Some(StateName::InsufficientMaterial) => {
            ": neither side has mating material, the game is drawn at once"
        }
        Some(StateName::Ongoing) => ", so the game goes on",
        _ => "",
    };
    format!("{}{state}", sides.join(" and "))
}

fn outcome_pattern(expect: &Expect, prefix: &str) -> &'static str {
    let w = expect.winnable.unwrap_or_default();
    let win = |w: Option<Winnability>| w == Some(Winnability::Winnable);
    match (prefix, win(w.white) || win(w.black)) {
        ("material", true) if win(w.white) && win(w.black) => "material-both-can-mate",
        ("material", true) => "material-one-side-can-mate",
        ("material", false) => "material-neither-can-mate",
        ("wall", false) => "locked-wall",
        ("wall", true) => "wall-near-miss",
        ("forced", false) => "forced-capture",
        ("forced", true) => "forced-near-miss",
        _ => "game-position",
    }
}

/// Who can still mate, and dead positions, from random positions.
pub fn dead_position(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::sized(
        TOTAL,
        &[
            ("material-both-can-mate", 100),
            ("material-one-side-can-mate", 150),
            ("material-neither-can-mate", 100),
            ("locked-wall", 170),
            ("wall-near-miss", 130),
            ("forced-capture", 120),
            ("forced-near-miss", 60),
            ("game-position", 70),
        ],
    );
    let mut reference = Reference::new();
    let initial = Chess::default();
    for i in 0..60_000 {
        if q.full() {
            break;
        }
        let Some((prefix, start, moves)) = a_position(m, &q, i, &initial) else {
            continue;
        };
        ask_the_reference(&mut reference, &mut q, prefix, &start, moves);
    }
    q.into_cases()
}

/// The `i`th position to ask about, by kind in turn (a kind whose patterns are full is passed):
/// its kind (`material`, `wall`, `forced`, `game`), the start and the moves played from it.
fn a_position(
    m: &mut Miner,
    q: &Quotas,
    i: usize,
    initial: &Chess,
) -> Option<(&'static str, Chess, Vec<String>)> {
    match i % 6 {
        0 | 1 => {
            if ![
                "material-both-can-mate",
                "material-one-side-can-mate",
                "material-neither-can-mate",
            ]
            .iter()
            .any(|p| q.wants(p))
            {
                return None;
            }
            Some(("material", few_pieces(m)?, Vec::new()))
        }
        2 | 3 => {
            if !q.wants("locked-wall") && !q.wants("wall-near-miss") {
                return None;
            }
            Some(("wall", wall(m)?, Vec::new()))
        }
        4 => {
            if !q.wants("forced-capture") && !q.wants("forced-near-miss") {
                return None;
            }
            let pos = check_to_give(m)?;
            let mv = a_check_next_to_the_king(m, &pos)?;
            Some(("forced", pos, vec![chess_conformance::replay::to_uci(mv)]))
        }
        _ => {
            if !q.wants("game-position") {
                return None;
            }
            let game: RandomGame = m.game(initial, 300);
            let at = game.moves.len().saturating_sub(m.below(20));
            Some(("game", game.positions[at].clone(), Vec::new()))
        }
    }
}

/// A check given on a square next to the enemy king, at random; `None` when there is none.
fn a_check_next_to_the_king(m: &mut Miner, pos: &Chess) -> Option<shakmaty::Move> {
    let king = pos.board().king_of(!pos.turn());
    let near = king.map_or(Bitboard::EMPTY, shakmaty::attacks::king_attacks);
    let checks: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|mv| {
            near.contains(mv.to()) && {
                let mut after = pos.clone();
                after.play_unchecked(*mv);
                after.is_check()
            }
        })
        .collect();
    if checks.is_empty() {
        return None;
    }
    Some(checks[m.below(checks.len())])
}

/// The reference's answers for the position, kept as a case under the pattern they show when
/// they assert something and the pattern wants it.
fn ask_the_reference(
    reference: &mut Reference,
    q: &mut Quotas,
    prefix: &str,
    start: &Chess,
    moves: Vec<String>,
) -> Option<()> {
    let fen_text = fen(start);
    let a = answers(reference, &fen_text, &moves)?;
    let expect = expectation(&a)?;
    let pattern = outcome_pattern(&expect, prefix);
    if !q.wants(pattern) {
        return None;
    }
    let title = title(prefix, start, &moves, &expect);
    let rule = match expect.state {
        Some(StateName::DeadPosition | StateName::InsufficientMaterial) => "5.2.2",
        _ => "6.9",
    };
    q.keep(pattern, case(title, rule, pattern, fen_text, moves, expect));
    Some(())
}

/// The title of a case: the material, what kind of position, and the verdict.
fn title(prefix: &str, start: &Chess, moves: &[String], expect: &Expect) -> String {
    let board = start.board();
    let what = format!(
        "{} v {}",
        material(board, Color::White),
        material(board, Color::Black)
    );
    match prefix {
        "wall" => format!(
            "{what}, pawns locked on {} files: {}",
            locked_files(board),
            verdict(expect)
        ),
        "forced" => format!("{what}: after the check {}, {}", moves[0], verdict(expect)),
        "game" => format!("{what}, late in a random game: {}", verdict(expect)),
        _ => format!(
            "{what}, {} to move: {}",
            side_name(start.turn()),
            verdict(expect)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers_of(state: GameState, white: Winnability, black: Winnability) -> Answers {
        Answers {
            state,
            white,
            black,
        }
    }

    #[test]
    fn only_decided_sides_and_provable_states_are_asserted() {
        use Winnability::{Undetermined, Unwinnable, Winnable};
        let e = expectation(&answers_of(GameState::Ongoing, Winnable, Undetermined)).unwrap();
        assert_eq!(e.state, Some(StateName::Ongoing));
        assert_eq!(
            e.winnable,
            Some(WinnableExpect {
                white: Some(Winnable),
                black: None
            })
        );
        // Ongoing, yet nobody shown to be able to mate: the state is not asserted.
        let e = expectation(&answers_of(GameState::Ongoing, Unwinnable, Undetermined)).unwrap();
        assert_eq!(e.state, None);
        assert!(expectation(&answers_of(GameState::Ongoing, Undetermined, Undetermined)).is_none());
        let e = expectation(&answers_of(GameState::DeadPosition, Unwinnable, Unwinnable)).unwrap();
        assert_eq!(e.state, Some(StateName::DeadPosition));
        assert!(expectation(&answers_of(GameState::Stalemate, Unwinnable, Unwinnable)).is_none());
    }

    #[test]
    fn walls_lock_pawns_and_some_are_dead() {
        let mut m = Miner::seeded("walls");
        let mut dead = 0;
        let mut reference = Reference::new();
        for _ in 0..40 {
            let Some(pos) = wall(&mut m) else { continue };
            assert!(locked_files(pos.board()) >= 4, "{}", fen(&pos));
            let a = answers(&mut reference, &fen(&pos), &[]).unwrap();
            if a.state == GameState::DeadPosition {
                assert_eq!(
                    (a.white, a.black),
                    (Winnability::Unwinnable, Winnability::Unwinnable)
                );
                dead += 1;
            }
        }
        assert!(dead > 0, "no dead wall in 40");
        assert_eq!(locked_files(&Board::default()), 0);
    }
}
