//! Mating material (5.2.2, 6.9): the patterns a mutant misjudges.

use shakmaty::{Bitboard, Board, Color, Role};

/// `color` has its king and one piece of `role`, nothing else.
pub(super) fn lone(board: &Board, color: Color, role: Role) -> bool {
    let ours = board.by_color(color) & !board.kings();
    ours.count() == 1 && (ours & board.by_role(role)).any()
}

/// `color` has its king alone.
pub(super) fn bare(board: &Board, color: Color) -> bool {
    (board.by_color(color) & !board.kings()).is_empty()
}

/// The board has kings and bishops only.
pub(super) fn only_bishops(board: &Board) -> bool {
    (board.occupied() & !board.kings() & !board.bishops()).is_empty()
}

/// `color` has a bishop.
pub(super) fn has_bishop(board: &Board, color: Color) -> bool {
    (board.by_color(color) & board.bishops()).any()
}

/// Every square of `squares` is of one colour.
pub(super) fn same_colour(squares: Bitboard) -> bool {
    (squares & Bitboard::LIGHT_SQUARES).is_empty() || (squares & Bitboard::DARK_SQUARES).is_empty()
}

/// `color` has two knights and its king, the other side a bare king.
pub(super) fn two_knights(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color) & !board.kings();
    ours.count() == 2 && (ours & board.knights()) == ours && bare(board, !color)
}
