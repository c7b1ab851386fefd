//! A game of the fairy reference set up from what a case or a request carries: the piece
//! definitions, the FEN and the moves played from it. The loader and the reference share it,
//! so a case is validated by the same code that answers it.

use std::fmt;
use std::sync::Arc;

use super::board::Board;
use super::piece::PieceSet;
use crate::vocabulary::PieceDefinition;

/// Why a game cannot be set up, and where: a piece definition, the FEN, or a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The definition at this index of the list cannot be used.
    Piece(usize, String),
    /// The FEN does not describe a position of these pieces.
    Fen(String),
    /// The move at this index of the history (0-based) is not legal there.
    Move(usize, String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Piece(i, why) => write!(f, "piece {}: {why}", i + 1),
            SetupError::Fen(why) => write!(f, "invalid FEN: {why}"),
            SetupError::Move(i, why) => write!(f, "move {}: {why}", i + 1),
        }
    }
}

impl std::error::Error for SetupError {}

/// The standard six and the pieces `pieces` defines.
///
/// # Errors
///
/// The first definition that cannot join the set: a letter that is not lower case or is
/// taken, a name taken, a movement that does not read.
pub fn piece_set(pieces: &[PieceDefinition]) -> Result<PieceSet, SetupError> {
    let mut set = PieceSet::standard();
    for (i, p) in pieces.iter().enumerate() {
        if !p.letter.is_ascii_lowercase() {
            return Err(SetupError::Piece(
                i,
                format!(
                    "the letter `{}` must be a lower-case ASCII letter (Black's; White's is its \
                     upper case)",
                    p.letter
                ),
            ));
        }
        set = set
            .with(p.letter, &p.name, &p.betza)
            .map_err(|e| SetupError::Piece(i, e.to_string()))?;
    }
    Ok(set)
}

/// The position `moves` reach from `fen`, with the pieces `pieces` defines; each move must be
/// legal where it is played.
///
/// # Errors
///
/// The first thing wrong, by [`SetupError`].
pub fn replay(
    fen: &str,
    moves: &[String],
    pieces: &[PieceDefinition],
) -> Result<Board, SetupError> {
    let set = Arc::new(piece_set(pieces)?);
    let mut board = Board::from_fen(fen, set).map_err(|e| SetupError::Fen(e.to_string()))?;
    for (i, uci) in moves.iter().enumerate() {
        let Some(m) = board.parse_uci(uci) else {
            return Err(SetupError::Move(
                i,
                format!("`{uci}` is not a legal move in {}", board.fen()),
            ));
        };
        board = board.played(m);
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amazon() -> Vec<PieceDefinition> {
        vec![PieceDefinition {
            letter: 'a',
            name: "amazon".into(),
            betza: "QN".into(),
        }]
    }

    #[test]
    fn replays_a_history_of_the_new_pieces() {
        let moves = vec!["b4b6".to_owned()];
        let board = replay("k7/8/8/8/1A6/8/8/7K w - - 0 1", &moves, &amazon()).unwrap();
        assert_eq!(board.fen(), "k7/8/1A6/8/8/8/8/7K b - - 1 1");
    }

    #[test]
    fn names_what_is_wrong() {
        let wrong = vec!["b4b5".to_owned(), "a8a7".to_owned()];
        let err = replay("k7/8/8/8/1A6/8/8/7K w - - 0 1", &wrong, &amazon()).unwrap_err();
        assert!(matches!(err, SetupError::Move(1, _)), "{err}");
        let err = replay("k7/8/8/8/1Z6/8/8/7K w - - 0 1", &[], &amazon()).unwrap_err();
        assert!(matches!(err, SetupError::Fen(_)), "{err}");
        let mut upper = amazon();
        upper[0].letter = 'A';
        let err = replay("k7/8/8/8/1A6/8/8/7K w - - 0 1", &[], &upper).unwrap_err();
        assert!(matches!(err, SetupError::Piece(0, _)), "{err}");
        let mut taken = amazon();
        taken[0].letter = 'q';
        let err = piece_set(&taken).unwrap_err();
        assert!(err.to_string().contains("queen"), "{err}");
    }
}
