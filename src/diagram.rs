//! Unicode board diagrams for `show` and for failures in reports: of a position set up from a
//! FEN and moves, or of a catalogue case's position as its load found it
//! ([`crate::LoadedCase::diagram`], no replay).

use shakmaty::fen::Fen;
use shakmaty::{Board, Color, File, Position, Rank, Role, Square};

use crate::replay::Replay;
use crate::vocabulary::Variant;

/// The board of the position reached from `fen` by `moves` in standard chess, White at the
/// bottom, with rank and file labels and the side to move; `None` when the position cannot be
/// set up. A position of another variant is drawn by [`diagram_in`].
pub fn diagram(fen: &str, moves: &[String]) -> Option<String> {
    diagram_in(Variant::Standard, fen, moves)
}

/// [`diagram`] in `variant`: in Chess960 the FEN's castling rights are read as X-FEN or
/// Shredder-FEN and castling in `moves` is the king taking its rook (`f1h1`).
pub fn diagram_in(variant: Variant, fen: &str, moves: &[String]) -> Option<String> {
    let replay = Replay::in_variant(variant, fen, moves).ok()?;
    let pos = &replay.position;
    Some(draw(pos.board(), pos.turn(), moves.len()))
}

/// The board of a position already reached, given by its FEN (`fen`, set up before: only its
/// placement and side to move are read), after `moves` moves; `None` when the placement holds
/// a piece beyond the six.
pub(crate) fn diagram_of_fen(fen: &str, moves: usize) -> Option<String> {
    let setup = Fen::from_ascii(fen.as_bytes()).ok()?.into_setup();
    Some(draw(&setup.board, setup.turn, moves))
}

/// The board, White at the bottom, with rank and file labels, then the side to move.
fn draw(board: &Board, turn: Color, moves: usize) -> String {
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
    let turn = match turn {
        Color::White => "White",
        Color::Black => "Black",
    };
    out.push_str(&format!("{turn} to move"));
    if moves > 0 {
        out.push_str(&format!(" after {moves} move(s) from the FEN"));
    }
    out
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

    #[test]
    fn draws_a_reached_position_as_a_replay_does() {
        let (fen, moves) = (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ["e2e4".to_owned(), "c7c5".to_owned()],
        );
        let reached = Replay::new(fen, &moves).unwrap().fen();
        assert_eq!(diagram_of_fen(&reached, 2), diagram(fen, &moves));
        assert!(diagram_of_fen("k7/8/1A6/8/8/8/8/7K b - - 0 1", 0).is_none());
    }

    #[test]
    fn draws_a_chess960_castling_as_the_king_taking_its_rook() {
        // King f1, rook h1 (X-FEN `K`: the outermost rook); O-O is `f1h1` (Guidelines II.3.2.1:
        // the king ends on g1, the rook on f1), which standard chess does not read at all.
        let (fen, moves) = ("4k3/8/8/8/8/8/8/5K1R w K - 0 1", ["f1h1".to_owned()]);
        let board = diagram_in(Variant::Chess960, fen, &moves).expect("a Chess960 history");
        assert_eq!(board.lines().nth(7), Some("1  · · · · · ♖ ♔ ·"), "{board}");
        assert_eq!(diagram(fen, &moves), None, "not a standard move");
        // Shredder-FEN letters name the same rook.
        let shredder = "4k3/8/8/8/8/8/8/5K1R w H - 0 1";
        assert_eq!(diagram_in(Variant::Chess960, shredder, &moves), Some(board));
    }
}
