//! The loader's checks of a case of historical pieces (a case with `pieces`): its pieces and
//! position set up here, never by shakmaty, and only the assertions this reference answers.
//!
//! The checks speak of places in the case ([`Place`]); the loader turns them into its problems,
//! so that the fairy reference knows nothing of the loader.

use super::SetupError;
use super::answers::ANSWERED;
use crate::vocabulary::{PieceDefinition, StateName};

/// Where in a case a problem of its historical pieces is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// The piece definition at this index of the case's `pieces`.
    Piece(usize),
    /// The key `fen`.
    Fen,
    /// The move at this index of the history (0-based).
    Move(usize),
    /// The assertion with this key, under `expect`.
    Expect(&'static str),
}

/// Every problem of a case of historical pieces, in the loader's order: the set-up (its pieces,
/// FEN and history), then each assertion it may not use (`keys`, those present), then a
/// `state` the reference does not answer. With them, the FEN of the position the history
/// reaches, when it is set up (the loader keeps it for the boards).
pub(crate) fn problems(
    fen: &str,
    moves: &[String],
    pieces: &[PieceDefinition],
    keys: &[&'static str],
    state: Option<StateName>,
) -> (Vec<(Place, String)>, Option<String>) {
    let mut problems = Vec::new();
    let reached = match super::replay(fen, moves, pieces) {
        Ok(board) => Some(board.fen()),
        Err(error) => {
            problems.push(set_up(error));
            None
        }
    };
    for &key in keys {
        if !ANSWERED.contains(&key) {
            problems.push((Place::Expect(key), unanswered(key)));
        }
    }
    if let Some(state) = state
        && !matches!(
            state,
            StateName::Ongoing | StateName::Checkmate | StateName::Stalemate
        )
    {
        problems.push((
            Place::Expect("state"),
            format!(
                "`{}` is not asked of a position of pieces beyond the standard six: only \
                 ongoing, checkmate and stalemate",
                state.name()
            ),
        ));
    }
    (problems, reached)
}

/// Why the game is not set up, where.
fn set_up(error: SetupError) -> (Place, String) {
    match error {
        SetupError::Piece(i, why) => (Place::Piece(i), why),
        SetupError::Fen(why) => (Place::Fen, format!("invalid FEN: {why}")),
        SetupError::Move(ply, why) => (Place::Move(ply), format!("move {}: {why}", ply + 1)),
    }
}

/// An assertion the fairy reference does not answer.
fn unanswered(key: &str) -> String {
    format!(
        "`{key}` is not asked of a position of pieces beyond the standard six: the fairy \
         reference answers {} (the draws by rule, touch-move, FEN validity and winnability are \
         for the standard pieces)",
        ANSWERED.join(", ")
    )
}
