//! Illegal moves refused (FIDE 7.5.1): moves that look like moves but break a rule of Article 3,
//! which an implementation asked to play them must refuse, keeping its position.
//!
//! Each case takes one piece of a random position (from a random game, or a few pieces placed at
//! random) and the moves of that piece that break one rule, found by trying every square: the
//! king stepping into check, a pinned piece leaving its line, a check left unanswered, a move of
//! the wrong shape, a move over a piece, onto one's own piece, the pawn's own rules (straight
//! captures, diagonal moves without a capture, a double step off the starting square), a
//! promotion without a new piece or to a king. Castling is tried on boards built for it: out of
//! check, through or into an attacked square, over a piece, without the right (lost in the FEN,
//! or by a king or rook that moved and came back), and en passant one move too late, without a
//! double step, or through a pin. The case asks for the moves to be refused (`refuses`), not to
//! be legal (`illegal`), and names the legal moves of the same piece (`legal`), so an engine that
//! refuses everything fails too. The title says which rule each move breaks.

mod castling;
mod en_passant;
mod pieces;
mod rules;

use shakmaty::attacks;
use shakmaty::{Board, Chess, Square};

use super::{Miner, Quotas, legal_uci, role_name};
use chess_conformance::case::{Case, Expect};
use chess_conformance::replay::Replay;

/// How many cases the area mines.
const TOTAL: usize = 1000;

/// Why a move is illegal: its pattern, the article it breaks, the rule in words, and what in
/// the position breaks it.
struct Why {
    pattern: &'static str,
    article: &'static str,
    rule: &'static str,
    detail: Option<String>,
}

fn why(
    pattern: &'static str,
    article: &'static str,
    rule: &'static str,
    detail: Option<String>,
) -> Option<Why> {
    Some(Why {
        pattern,
        article,
        rule,
        detail,
    })
}

fn name_at(board: &Board, sq: Square) -> String {
    board.piece_at(sq).map_or_else(
        || format!("the square {sq}"),
        |p| format!("the {} on {sq}", role_name(p.role)),
    )
}

/// The first piece between two squares, nearest to `from`.
fn first_between(board: &Board, from: Square, to: Square) -> Option<Square> {
    let between = attacks::between(from, to) & board.occupied();
    between.into_iter().min_by_key(|sq| sq.distance(from))
}

/// The legal moves of the piece on `from`, sorted; if it has none, the first two legal moves.
fn legal_of(pos: &Chess, from: Square) -> Vec<String> {
    let all = legal_uci(pos);
    let of: Vec<String> = all
        .iter()
        .filter(|m| m.starts_with(&from.to_string()))
        .take(4)
        .cloned()
        .collect();
    if of.is_empty() {
        all.into_iter().take(2).collect()
    } else {
        of
    }
}

fn expect(refuses: Vec<String>, legal: Vec<String>) -> Expect {
    Expect {
        illegal: Some(refuses.clone()),
        legal: (!legal.is_empty()).then_some(legal),
        refuses: Some(refuses),
        ..Expect::default()
    }
}

/// Whether the game still goes on in `pos` (nothing to refuse in a finished game).
fn ongoing(fen_text: &str, moves: &[String]) -> bool {
    Replay::strict(fen_text, moves)
        .is_ok_and(|r| r.state() == chess_conformance::GameState::Ongoing)
}

/// Illegal moves to refuse, every rule of Article 3 in turn.
pub fn illegal_move(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::sized(
        TOTAL,
        &[
            ("king-into-check", 110),
            ("pinned", 110),
            ("check-not-answered", 100),
            ("geometry", 90),
            ("jump", 80),
            ("own-piece", 70),
            ("pawn-rules", 100),
            ("promotion", 80),
            ("castling", 110),
            ("castling-right-lost", 70),
            ("en-passant-late", 50),
            ("en-passant-without-double-step", 40),
            ("en-passant-pinned", 40),
        ],
    );
    pieces::pieces(m, &mut q);
    castling::castling(m, &mut q);
    en_passant::en_passant(m, &mut q);
    q.into_cases()
}

#[cfg(test)]
mod tests {
    use super::pieces::pieces;
    use super::rules::classify;
    use super::*;
    use chess_conformance::replay;

    fn pattern(fen_text: &str, uci: &str) -> Option<&'static str> {
        let pos = replay::parse_fen(fen_text).unwrap();
        let from = replay::parse_square(&uci[0..2]).unwrap();
        let to = replay::parse_square(&uci[2..4]).unwrap();
        classify(&pos, from, to, uci.chars().nth(4)).map(|w| w.pattern)
    }

    #[test]
    fn each_rule_of_article_3_is_named() {
        // Positions of the hand-written illegal-move cases, and what the rules say of each move.
        let pinned = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";
        assert_eq!(pattern(pinned, "e2c3"), Some("pinned"));
        assert_eq!(pattern(pinned, "e2e4"), Some("geometry"));
        assert_eq!(pattern(pinned, "e1d1"), None, "legal");
        let rook_a2 = "4k3/8/8/8/8/8/r7/4K3 w - - 0 1";
        assert_eq!(pattern(rook_a2, "e1e2"), Some("king-into-check"));
        assert_eq!(pattern(rook_a2, "e1e3"), Some("geometry"));
        let check = "4k3/8/8/8/8/8/6N1/r3K3 w - - 0 1";
        assert_eq!(pattern(check, "g2f4"), Some("check-not-answered"));
        let promote = "8/4P3/8/8/8/8/8/k6K w - - 0 1";
        assert_eq!(pattern(promote, "e7e8"), Some("promotion"));
        assert_eq!(pattern(promote, "e7e8k"), Some("promotion"));
        assert_eq!(pattern(promote, "e7e8q"), None, "legal");
        let jump = "4k3/8/8/8/8/8/1P6/2B1K3 w - - 0 1";
        assert_eq!(pattern(jump, "c1a3"), Some("jump"));
        assert_eq!(pattern(jump, "c1b2"), Some("own-piece"));
        let straight = "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(pattern(straight, "e4e5"), Some("pawn-rules"));
        assert_eq!(pattern(straight, "e4d5"), Some("pawn-rules"));
        assert_eq!(pattern(straight, "e4e3"), Some("pawn-rules"));
        assert_eq!(
            pattern(straight, "e4e6"),
            Some("pawn-rules"),
            "a late double step"
        );
        // A knight cannot reach b7 from g8 at all: the shape is what is wrong, not the pawn there.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(pattern(start, "g8b7"), Some("geometry"));
        assert_eq!(pattern(start, "g8e7"), Some("own-piece"));
        assert_eq!(pattern(start, "e8g8"), None, "castling is tried apart");
        assert_eq!(pattern(start, "d8d6"), Some("jump"));
    }

    #[test]
    fn a_rank_pin_of_en_passant_is_named() {
        // White king a5, black rook h5: exd6 would leave the fifth rank open.
        let pos = Replay::new("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1", &["d7d5".to_owned()])
            .unwrap()
            .position;
        let w = classify(&pos, Square::E5, Square::D6, None).unwrap();
        assert_eq!(w.pattern, "en-passant-pinned");
    }

    #[test]
    fn mined_cases_refuse_moves_the_reference_refuses() {
        let mut m = Miner::seeded("illegal-move test");
        let mut q = Quotas::sized(40, &[("king-into-check", 1), ("pinned", 1), ("jump", 1)]);
        pieces(&mut m, &mut q);
        let cases = q.into_cases();
        assert_eq!(cases.len(), 40);
        for c in &cases {
            let pos = Replay::strict(&c.fen, &c.moves).unwrap().position;
            for uci in c.expect.refuses.as_ref().unwrap() {
                assert!(replay::parse_uci(&pos, uci).is_err(), "{}: {uci}", c.title);
            }
            for uci in c.expect.legal.iter().flatten() {
                assert!(replay::parse_uci(&pos, uci).is_ok(), "{}: {uci}", c.title);
            }
        }
    }
}
