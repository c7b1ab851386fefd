//! Material patterns that can never mate, whatever the position: the first and cheapest proof of
//! unwinnability.
//!
//! Each pattern is judged per side and closed under play: with no pawn on the board (or none of
//! the side's own, where that is enough) no piece can appear, captures only remove pieces, so a
//! pattern that holds now holds in every later position. Each comes with its argument; the
//! opponent's pieces matter because they can box their own king in (KN v KR, KB v KN and KB v KB
//! on opposite colours all have helpmates).

use shakmaty::{Bitboard, Board, Color};

/// Why a side's material can never mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// The side has its king alone: a king never gives check.
    BareKing,
    /// King and one knight, against a king and queens only. A knight checking from two files
    /// and one rank away (any orientation) leaves three squares next to the king that it does not
    /// cover: the two next to the knight (where a queen would capture it, so they must be empty
    /// and covered by the attacking king) and the one beside the king on the knight's rank
    /// (where a queen would capture along the emptied rank). No king square touches all three.
    LoneKnight,
    /// King and bishops all on squares of one colour, against no pawn, no knight and no bishop on
    /// the other colour. A bishop checks along a diagonal; the two squares orthogonally next to
    /// the king that flank the first square of that diagonal are of the other colour, so only the
    /// attacking king or an opponent piece can close them. One king cannot cover both (the only
    /// squares touching both are the mated king's and the diagonal's first square), and the only
    /// opponent pieces that could stand there (rooks, queens) could capture or interpose on the
    /// diagonal's first square; nothing can pin them, and the check is single (a bishop cannot
    /// discover a check from another bishop of its colour while checking itself).
    SameColourBishops,
}

impl Pattern {
    /// A short description for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Pattern::BareKing => "a bare king cannot give check",
            Pattern::LoneKnight => "a lone knight cannot mate against queens alone",
            Pattern::SameColourBishops => {
                "bishops on one colour cannot mate without pawns, knights or bishops of the other \
                 colour to block the king"
            }
        }
    }
}

/// The pattern that proves `side` can never mate on `board`, if one applies.
pub fn insufficient(board: &Board, side: Color) -> Option<Pattern> {
    let ours = board.by_color(side) & !board.kings();
    let theirs = board.by_color(!side) & !board.kings();
    if ours.is_empty() {
        return Some(Pattern::BareKing);
    }
    if (ours & (board.pawns() | board.rooks_and_queens())).any() {
        return None;
    }
    let knights = ours & board.knights();
    if knights.any() {
        let lone = knights.count() == 1 && ours.count() == 1;
        return (lone && (theirs & !board.queens()).is_empty()).then_some(Pattern::LoneKnight);
    }
    // Only bishops are left.
    let bishops = ours;
    let colour = if bishops.is_subset(Bitboard::LIGHT_SQUARES) {
        Bitboard::LIGHT_SQUARES
    } else if bishops.is_subset(Bitboard::DARK_SQUARES) {
        Bitboard::DARK_SQUARES
    } else {
        return None;
    };
    let blockers = theirs & (board.pawns() | board.knights() | (board.bishops() & !colour));
    blockers.is_empty().then_some(Pattern::SameColourBishops)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::parse_fen;
    use shakmaty::Position;

    fn pattern(fen: &str, side: Color) -> Option<Pattern> {
        insufficient(parse_fen(fen).unwrap().board(), side)
    }

    #[test]
    fn patterns_per_side() {
        use Color::{Black, White};
        // KN v KQ: the knight cannot mate, the queen can.
        let fen = "4k3/8/8/8/8/8/8/1n1QK3 w - - 0 1";
        assert_eq!(pattern(fen, Black), Some(Pattern::LoneKnight));
        assert_eq!(pattern(fen, White), None);
        // KN v KR: the rook can box its own king in.
        assert_eq!(pattern("4k3/8/8/8/8/8/8/1n1RK3 w - - 0 1", Black), None);
        // KB v KR: the rook cannot help.
        let fen = "4k3/8/8/8/8/8/8/1b1RK3 w - - 0 1";
        assert_eq!(pattern(fen, Black), Some(Pattern::SameColourBishops));
        // KB v KB on opposite colours: each can mate.
        assert_eq!(pattern("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", White), None);
        // KB v KB on the same colour: neither can.
        let fen = "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1";
        assert_eq!(pattern(fen, White), Some(Pattern::SameColourBishops));
        assert_eq!(pattern(fen, Black), Some(Pattern::SameColourBishops));
        // A bare king, whatever the opponent has.
        assert_eq!(
            pattern("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", Black),
            Some(Pattern::BareKing)
        );
        // KNN v K: two knights can mate with help.
        assert_eq!(pattern("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", White), None);
        // An opponent pawn could promote to a blocker.
        assert_eq!(pattern("4k3/8/8/8/8/8/p7/2B1K3 w - - 0 1", White), None);
    }
}
