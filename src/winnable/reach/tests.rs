//! The proof on positions it must and must not prove.

use super::*;
use crate::replay::parse_fen;

fn proven(fen: &str, side: Color) -> bool {
    unwinnable(&parse_fen(fen).unwrap(), side)
}

#[test]
fn steps_stay_on_the_board() {
    let a1 = Bitboard::from_square(Square::A1);
    assert_eq!(king_steps(a1), king_attacks(Square::A1));
    assert_eq!(knight_steps(a1), knight_attacks(Square::A1));
    let h8 = Bitboard::from_square(Square::H8);
    assert_eq!(king_steps(h8), king_attacks(Square::H8));
    assert_eq!(knight_steps(h8), knight_attacks(Square::H8));
    for sq in [Square::B7, Square::G2, Square::H4, Square::A5] {
        let one = Bitboard::from_square(sq);
        assert_eq!(king_steps(one), king_attacks(sq), "{sq}");
        assert_eq!(knight_steps(one), knight_attacks(sq), "{sq}");
        for color in Color::ALL {
            assert_eq!(pawn_captures(color, one), pawn_attacks(color, sq), "{sq}");
        }
    }
}

#[test]
fn walled_off_pieces_cannot_mate() {
    use Color::{Black, White};
    // From the Chess Unwinnability Analyzer's test vectors (tests/test-vector.txt of
    // miguel-ambrona/D3-Chess), both labelled dead: knights shut in on a1 and e1 behind
    // their own blocked pawns, bishops that cannot cross.
    for fen in [
        "8/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N3b3 b - - 0 1",
        "8/6b1/8/2k5/1p1p1p2/1PpP1Pp1/2P3P1/N2KNB2 b - - 0 1",
    ] {
        assert!(proven(fen, White), "{fen}");
        assert!(proven(fen, Black), "{fen}");
    }
}

#[test]
fn not_proven_where_a_mate_exists() {
    use Color::White;
    // A free pawn promotes.
    assert!(!proven("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", White));
    // A rook in front of the wall.
    assert!(!proven(
        "4k3/8/R7/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1",
        White
    ));
    // The start position, castling rights aside.
    assert!(!proven(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        White
    ));
}
