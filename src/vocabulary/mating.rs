//! Who can still checkmate: by material alone, and judged over the whole position.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Whether each side could still checkmate by some series of legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MatingMaterial {
    /// White can still mate.
    pub white: bool,
    /// Black can still mate.
    pub black: bool,
}

impl fmt::Display for MatingMaterial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "white: {}, black: {}", self.white, self.black)
    }
}

/// Whether a side can still checkmate by some series of legal moves.
///
/// A case states `winnable` or `unwinnable` (the truth by the rules); an engine may also answer
/// `undetermined` when its analysis could not decide, which fails a case that expects either.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Winnability {
    /// Some series of legal moves ends with this side checkmating the other.
    Winnable,
    /// No series of legal moves does.
    Unwinnable,
    /// The analysis found neither a mating line nor a proof that none exists.
    Undetermined,
}

impl Winnability {
    /// The snake_case name used in case files.
    pub fn name(self) -> &'static str {
        match self {
            Winnability::Winnable => "winnable",
            Winnability::Unwinnable => "unwinnable",
            Winnability::Undetermined => "undetermined",
        }
    }
}

impl fmt::Display for Winnability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
