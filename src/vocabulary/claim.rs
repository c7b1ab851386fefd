//! Draws a player may claim.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A draw the player to move may claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DrawClaim {
    /// The position has appeared at least three times (FIDE 9.2).
    ThreefoldRepetition,
    /// 50 moves by each side without a pawn move or capture (FIDE 9.3).
    FiftyMoves,
}

impl DrawClaim {
    /// The snake_case name used in case files.
    pub fn name(self) -> &'static str {
        match self {
            DrawClaim::ThreefoldRepetition => "threefold_repetition",
            DrawClaim::FiftyMoves => "fifty_moves",
        }
    }
}

impl fmt::Display for DrawClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
