//! A second reference, for pieces given by their movement: the historical pieces of the sources
//! (the amazon, the ferz, the alfil, the short rook) beside the standard six.
//!
//! shakmaty knows only the standard pieces, so positions holding others are played here:
//! [`Movement`] (Betza's notation) says how a piece moves, [`Board`] generates moves from it, with the king, check,
//! checkmate, stalemate, castling, en passant and promotion of the Laws. On positions of the
//! standard pieces only it answers as shakmaty does (its tests compare them move by move and
//! perft by perft), which is what makes its answers on the others worth trusting.
//!
//! ```
//! use std::sync::Arc;
//! use chess_conformance::fairy::{Board, Outcome, PieceSet};
//!
//! // The amazon (queen and knight) mates a lone king by itself: Ka8, amazon b6.
//! let set = Arc::new(PieceSet::standard().with('a', "amazon", "QN").unwrap());
//! let mate = Board::from_fen("k7/8/1A6/8/8/8/8/7K b - - 0 1", set.clone()).unwrap();
//! assert_eq!(mate.outcome(), Outcome::Checkmate);
//! // A queen on the same square stalemates.
//! let stalemate = Board::from_fen("k7/8/1Q6/8/8/8/8/7K b - - 0 1", set).unwrap();
//! assert_eq!(stalemate.outcome(), Outcome::Stalemate);
//! ```

pub(crate) mod answers;
mod betza;
mod board;
mod fen;
mod game;
mod piece;
mod san;
pub(crate) mod validate;

pub use betza::{BetzaError, Leg, Movement, UNLIMITED};
pub use board::{Board, Move, Outcome};
pub use game::{SetupError, piece_set, replay};
pub use piece::{Kind, Piece, PieceError, PieceSet, Role};

#[cfg(test)]
mod tests;
