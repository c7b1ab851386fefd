//! Test and bench support: the locked pawn walls the analyzer's locked-pawn proof is about,
//! built one way for the generator's mined dead positions and the `winnable` bench's sets. Not
//! part of the analyzer.

use shakmaty::{Board, Color, Square};

/// Puts a zigzag wall of mutually blocked pawns on `board`: on each file, a white pawn with a
/// black pawn right in front of it, the white one on the fourth rank on every other file and
/// the fifth on the others (the fourth on the a-file when `parity` is even).
///
/// `rank_of(file, base)` is asked for each file in turn, a to h (`file` 0 to 7; `base` the rank
/// index, 3 or 4, of that file's white pawn in the zigzag): the rank index of the white pawn
/// there (`base`, or a pair shifted), or `None` to leave the file open. A random twist drawn in
/// it is drawn file by file, in order.
#[doc(hidden)]
pub fn zigzag_wall(
    board: &mut Board,
    parity: u32,
    mut rank_of: impl FnMut(u32, u32) -> Option<u32>,
) {
    for file in 0..8u32 {
        let base = 3 + (file + parity) % 2;
        let Some(rank) = rank_of(file, base) else {
            continue;
        };
        board.set_piece_at(Square::new(rank * 8 + file), Color::White.pawn());
        board.set_piece_at(Square::new((rank + 1) * 8 + file), Color::Black.pawn());
    }
}
