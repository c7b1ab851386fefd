//! Touch-move (FIDE Article 4): random positions, random things done at the board, and what the
//! player may still move, every clause of the Article in turn.
//!
//! Each case is a position (from a random game, a board built for castling, or one where a pawn
//! is about to promote) and one ruling: a short sequence of events drawn from a template (own
//! pieces touched, the opponent's, one of each or together, an accidental touch, "j'adoube" and
//! adjusting, the king and a rook in either order, a piece let go on a square, the king let go
//! two squares sideways, the new piece touching the promotion square, a breach the opponent can
//! no longer claim once they touch a piece). The allowed moves are the reference arbiter's
//! (`chess_conformance::touch::rule`), and the clause it decided by files the case under its
//! quota, so every clause gets its share.
//!
//! A ruling that rests on one of the suite's readings of an open clause (the arbiter, read the
//! other way, answers otherwise) is filed under that reading's quota instead, and says so in
//! its `readings`. Templates aimed at each reading (the king, another piece, then a rook; a move
//! under way when the opponent touches; a king boxed in on its first rank; ...) fill them.

use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, File, Piece, Position, Rank, Role, Setup, Square,
};

mod events;

use super::{Miner, Quotas, RandomGame, case, fen, role_name, side_name};
use chess_conformance::case::{Case, Expect, TouchMove};
use chess_conformance::replay::{self, Replay};
use chess_conformance::{Reading, TouchEvent, touch};
use events::events;

/// How many cases the area mines under the clauses (the weights below are counts) ...
const TOTAL: usize = 1000;

/// ... and under each reading.
const PER_READING: usize = 20;

/// The clauses the arbiter decides by, with the pattern name, the quota weight and what the
/// clause says, for titles.
const CLAUSES: [(&str, &str, usize, &str); 14] = [
    (
        "4.2",
        "nothing-owed",
        60,
        "nothing was touched with intent (an accidental contact, or adjusting after \
         \"j'adoube\"), so nothing is owed",
    ),
    (
        "4.3.1",
        "own-piece-moves",
        110,
        "the first touched own piece that can move must move",
    ),
    (
        "4.3.2",
        "opponent-piece-captured",
        90,
        "the first touched opponent's piece that can be captured must be captured",
    ),
    (
        "4.3.3",
        "own-captures-opponent",
        90,
        "the own piece must capture the opponent's one, or else the first touched piece that \
         can be moved or captured must be",
    ),
    (
        "4.4.1",
        "castles",
        70,
        "the king and then a rook: castling with that rook",
    ),
    (
        "4.4.2",
        "rook-first-no-castling",
        60,
        "a rook before the king: no castling with that rook, the touched pieces decide",
    ),
    (
        "4.4.3",
        "castling-illegal-king-moves",
        60,
        "castling intended but illegal: another king move, or any move if the king has none",
    ),
    (
        "4.4.4",
        "promotion-piece-final",
        60,
        "the new piece is final once it has touched the promotion square",
    ),
    (
        "4.5",
        "nothing-movable",
        80,
        "none of the touched pieces can be moved or captured: any legal move",
    ),
    (
        "4.7",
        "released-move-stands",
        80,
        "a piece let go on a square it can legally reach: that move",
    ),
    (
        "4.7.1",
        "released-capture-stands",
        60,
        "a capturing piece let go: the capture",
    ),
    (
        "4.7.2",
        "released-king-castles",
        60,
        "the king let go two squares sideways: castling on that side if legal, else another \
         king move",
    ),
    (
        "4.7.3",
        "released-pawn-promotes",
        60,
        "a pawn let go on the last rank: a promotion there",
    ),
    (
        "4.8",
        "breach-stands",
        60,
        "the opponent touched a piece, so the breach can no longer be claimed: the move stands",
    ),
];

fn clause(name: &str) -> Option<&'static (&'static str, &'static str, usize, &'static str)> {
    CLAUSES.iter().find(|c| c.0 == name)
}

/// A position to touch pieces in, and the template of events to draw.
enum Board {
    /// Any position of a random game.
    Game,
    /// The king and rooks at home with castling rights.
    Castling,
    /// A pawn of the side to move on its seventh rank.
    Promotion,
    /// The king on its first rank with no move: pawns in front, pieces beside it; at home with
    /// castling rights but castling blocked, or away from home beside a rook.
    Boxed {
        /// The king on its original square.
        home: bool,
    },
}

fn board(m: &mut Miner, kind: &Board) -> Option<Chess> {
    match kind {
        Board::Game => {
            let game: RandomGame = m.game(&Chess::default(), 100);
            let at = m.below(game.moves.len() + 1);
            Some(game.positions[at].clone())
        }
        Board::Castling => {
            let us = if m.chance(1, 2) {
                Color::White
            } else {
                Color::Black
            };
            super::castling::castling_board(m, us)
        }
        Board::Promotion => super::positions::promotion_board(m),
        Board::Boxed { home } => boxed_board(m, *home),
    }
}

/// A king with no legal move on its first rank (see [`Board::Boxed`]).
fn boxed_board(m: &mut Miner, home: bool) -> Option<Chess> {
    let us = if m.chance(1, 2) {
        Color::White
    } else {
        Color::Black
    };
    let back = us.backrank();
    let second = if us == Color::White {
        Rank::Second
    } else {
        Rank::Seventh
    };
    let mut setup = Setup::empty();
    setup.turn = us;
    let files = [File::B, File::C, File::D, File::F, File::G];
    let king = if home { File::E } else { *m.pick(&files) };
    setup
        .board
        .set_piece_at(Square::from_coords(king, back), us.king());
    let mut rights = Bitboard::EMPTY;
    if home {
        for rook in [File::A, File::H] {
            if m.chance(2, 3) {
                let sq = Square::from_coords(rook, back);
                setup.board.set_piece_at(sq, us.rook());
                rights.add(sq);
            }
        }
        if rights.is_empty() {
            return None;
        }
    } else {
        let empty: Vec<File> = File::ALL.into_iter().filter(|f| *f != king).collect();
        let rook = *m.pick(&empty);
        setup
            .board
            .set_piece_at(Square::from_coords(rook, back), us.rook());
    }
    let k = u32::from(king);
    for f in k.saturating_sub(1)..=(k + 1).min(7) {
        setup
            .board
            .set_piece_at(Square::from_coords(File::new(f), second), us.pawn());
        let beside = Square::from_coords(File::new(f), back);
        if f != k && setup.board.piece_at(beside).is_none() {
            let role = *m.pick(&[Role::Knight, Role::Bishop, Role::Queen]);
            setup.board.set_piece_at(beside, Piece { color: us, role });
        }
    }
    setup.castling_rights = rights;
    let mut others = vec![(!us).king()];
    for _ in 0..1 + m.below(3) {
        let role = *m.pick(&[Role::Pawn, Role::Knight, Role::Bishop, Role::Rook]);
        others.push(Piece { color: !us, role });
    }
    let squares = m.draw(&super::placement(others.len()));
    for (piece, index) in others.iter().zip(squares) {
        let sq = Square::new(u32::from(index));
        if setup.board.piece_at(sq).is_some() {
            return None;
        }
        setup.board.set_piece_at(sq, *piece);
    }
    let pos: Chess = setup.position(CastlingMode::Standard).ok()?;
    let king_sq = Square::from_coords(king, back);
    let stuck = !pos
        .legal_moves()
        .iter()
        .any(|mv| mv.from() == Some(king_sq));
    stuck.then_some(pos)
}

/// What the player may do, for titles: the list when short, else its size.
fn answer(allowed: &chess_conformance::Obligation, side: &str) -> String {
    match allowed {
        chess_conformance::Obligation::AnyLegalMove => {
            format!("{side} may make any legal move")
        }
        chess_conformance::Obligation::Moves(moves) if moves.len() == 1 => {
            format!("{side} must play {}", moves[0])
        }
        chess_conformance::Obligation::Moves(moves) if moves.len() <= 5 => {
            format!("{side} must play one of {}", moves.join(", "))
        }
        chess_conformance::Obligation::Moves(moves) => {
            format!("{side} must play one of {} moves", moves.len())
        }
    }
}

/// The pieces an event names, for titles: `touch e2 (knight)`.
fn describe(pos: &Chess, event: &TouchEvent) -> String {
    let piece = |name: &str| {
        replay::parse_square(name)
            .ok()
            .and_then(|sq| pos.board().piece_at(sq))
            .map(|p| {
                let whose = if p.color == pos.turn() {
                    "own"
                } else {
                    "opponent's"
                };
                format!("{whose} {}", role_name(p.role))
            })
            .unwrap_or_default()
    };
    match event {
        TouchEvent::Touch(a) | TouchEvent::AccidentalTouch(a) | TouchEvent::Adjust(a) => {
            format!("{event} ({})", piece(a))
        }
        TouchEvent::TouchTogether(a, b) => format!("{event} ({}, {})", piece(a), piece(b)),
        TouchEvent::Release { from, .. } => format!("{event} ({})", piece(from)),
        TouchEvent::OpponentTouches(a) => format!("{event} ({})", piece(a)),
        TouchEvent::SayJadoube | TouchEvent::NewPieceTouches { .. } => event.to_string(),
    }
}

/// Touch-move rulings of random positions and events, every clause of Article 4.
pub fn touch_move(m: &mut Miner) -> Vec<Case> {
    let mut quotas: Vec<(&'static str, usize)> = CLAUSES.iter().map(|c| (c.1, c.2)).collect();
    debug_assert_eq!(quotas.iter().map(|q| q.1).sum::<usize>(), TOTAL);
    // The positions mined are standard chess: a Chess960 reading never decides one of them.
    quotas.extend(
        Reading::ALL
            .into_iter()
            .filter(|r| !r.chess960())
            .map(|r| (r.key(), PER_READING)),
    );
    let mut q = Quotas::exact(&quotas);
    for i in 0..200_000 {
        if q.full() {
            break;
        }
        let kind = match i % 8 {
            0 | 6 => Board::Castling,
            1 => Board::Promotion,
            7 => Board::Boxed { home: i % 16 == 7 },
            _ => Board::Game,
        };
        let Some(drawn) = board(m, &kind) else {
            continue;
        };
        let Some(events) = events(m, &drawn, &kind) else {
            continue;
        };
        // The case's own position, as its FEN gives it.
        let fen_text = fen(&drawn);
        let Ok(replayed) = Replay::strict(&fen_text, &[]) else {
            continue;
        };
        if replayed.state() != chess_conformance::GameState::Ongoing {
            continue;
        }
        let pos = replayed.position;
        let Ok(ruling) = touch::rule(&pos, &events) else {
            continue;
        };
        let Some((article, by_clause, _, says)) = clause(ruling.clause) else {
            continue;
        };
        // A ruling resting on a reading is filed under it (the first, when several).
        let pattern = ruling.readings.first().map_or(*by_clause, |r| r.key());
        if !q.wants(pattern) {
            continue;
        }
        let allowed = ruling.obligation();
        let side = side_name(pos.turn());
        let what: Vec<String> = events.iter().map(|e| describe(&pos, e)).collect();
        let reading = ruling
            .readings
            .iter()
            .map(|r| format!("; the suite's reading `{r}`"))
            .collect::<String>();
        let title = format!(
            "{}: {} ({article}: {says}{reading})",
            what.join(", then "),
            answer(&allowed, side)
        );
        let expect = Expect {
            touch_move: Some(vec![TouchMove {
                events,
                allowed,
                readings: ruling.readings.clone(),
            }]),
            ..Expect::default()
        };
        q.keep(
            pattern,
            case(title, article, pattern, fen_text, Vec::new(), expect),
        );
    }
    q.into_cases()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_clause_the_arbiter_names_has_a_quota() {
        // The clauses `touch::rule` can answer with, read from its source: a clause missing here
        // would be mined into no quota, silently.
        let source = concat!(
            include_str!("../../../../../src/touch/mod.rs"),
            include_str!("../../../../../src/touch/board.rs")
        );
        for (article, ..) in CLAUSES {
            assert!(
                source.contains(&format!("\"{article}\"")),
                "{article} is not a clause of the arbiter"
            );
        }
        let named: std::collections::BTreeSet<&str> = source
            .match_indices("\"4.")
            .map(|(at, _)| {
                let rest = &source[at + 1..];
                &rest[..rest.find('"').expect("a closing quote")]
            })
            .filter(|c| c.chars().all(|ch| ch.is_ascii_digit() || ch == '.'))
            .collect();
        for c in named {
            assert!(clause(c).is_some(), "the arbiter's clause {c} has no quota");
        }
    }
}
