//! The suite's vocabulary: the words that cases, engines and reports share.
//!
//! Everything here is plain data in the suite's string conventions (squares as `e4`, moves in
//! UCI, colours as `white` and `black`), with no chess library behind it, so an adapter for
//! another library never depends on shakmaty. One file per concept: [`Color`], the game states
//! ([`GameState`], the answer, and [`StateName`], what a case writes), the draws a player may
//! claim ([`DrawClaim`]), the pieces beyond the standard six a case declares
//! ([`PieceDefinition`]), who can still mate ([`MatingMaterial`], [`Winnability`]), touch-move
//! events and obligations ([`TouchEvent`], [`Obligation`]) and the suite's readings of the
//! open clauses of Article 4 ([`Reading`]), square names, and the shapes of the
//! other answers ([`MoveResult`], [`FenCheck`], [`AttackSource`]), and the game played
//! ([`Variant`]: standard chess or Chess960).

mod answer;
mod claim;
mod color;
mod mating;
mod piece;
mod reading;
mod square;
mod state;
mod touch;
mod variant;

pub use answer::{AttackSource, FenCheck, MoveResult};
pub use claim::DrawClaim;
pub use color::Color;
pub use mating::{MatingMaterial, Winnability};
pub use piece::PieceDefinition;
pub use reading::{Reading, ReadingText};
pub(crate) use square::check_square;
pub use state::{GameState, StateName};
pub use touch::{EventSyntaxError, Obligation, PromotionPiece, TouchEvent};
pub use variant::Variant;
