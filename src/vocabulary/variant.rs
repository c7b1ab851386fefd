//! The game a case is played in: standard chess or Chess960 (FIDE Laws, Guidelines II).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The rules a position is played by, where they differ from standard chess.
///
/// A case (or a whole case file) declares `variant: chess960`; a request carries
/// `"variant": "chess960"` only then, and only to an engine declaring the capability
/// `chess960`. In a Chess960 game castling is written as the king taking its own rook
/// (`f1h1`, as `UCI_Chess960` engines speak), FEN castling rights may be X-FEN (`KQkq` for the
/// outermost rook, a file letter for an inner one) or Shredder-FEN (file letters), and
/// castling rights are compared by meaning: the set of rooks that may still castle.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Standard chess: the king starts on e1 / e8, the rooks in the corners (the default).
    #[default]
    Standard,
    /// Chess960 (Fischer Random Chess, FIDE Guidelines II): the king between its two rooks
    /// anywhere on the first rank, castling to the standard final squares from there.
    Chess960,
}

impl Variant {
    /// Whether this is standard chess (what a case or request leaves unsaid).
    pub fn is_standard(&self) -> bool {
        *self == Variant::Standard
    }

    /// `"standard"` or `"chess960"`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Chess960 => "chess960",
        }
    }

    /// The variant as a reader names it: `standard chess` or `Chess960`.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Standard => "standard chess",
            Variant::Chess960 => "Chess960",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
