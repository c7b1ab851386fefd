//! Unicode board diagrams for `show` and for failures in reports.

use shakmaty::{Color, File, Position, Rank, Role, Square};

use crate::replay::Replay;

/// The board of the position reached from `fen` by `moves`, White at the bottom, with rank and
/// file labels and the side to move; `None` when the position cannot be set up.
pub fn diagram(fen: &str, moves: &[String]) -> Option<String> {
    let replay = Replay::new(fen, moves).ok()?;
    let pos = &replay.position;
    let board = pos.board();
    let mut out = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        out.push_str(&format!("{} ", rank.char()));
        for file in File::ALL {
            let square = Square::from_coords(file, rank);
            out.push(' ');
            out.push(match board.piece_at(square) {
                Some(piece) => glyph(piece.color, piece.role),
                None => '·',
            });
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    let turn = match pos.turn() {
        Color::White => "White",
        Color::Black => "Black",
    };
    out.push_str(&format!("{turn} to move"));
    if !moves.is_empty() {
        out.push_str(&format!(" after {} move(s) from the FEN", moves.len()));
    }
    Some(out)
}

fn glyph(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_the_seed_stalemate() {
        let board = diagram("k7/8/1Q6/8/8/8/8/7K b - - 0 1", &[]).unwrap();
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "8  ♚ · · · · · · ·");
        assert_eq!(lines[2], "6  · ♕ · · · · · ·");
        assert_eq!(lines[7], "1  · · · · · · · ♔");
        assert_eq!(lines[9], "Black to move");
        assert!(diagram("not a fen", &[]).is_none());
    }
}
