//! Engine-wide conventions: what holds for every answer an engine gives and that is not a rule
//! of chess it could get wrong case by case, declared once (the handshake's `conventions`, an
//! in-process engine's [`Engine::conventions`](crate::Engine::conventions)), so that the checks
//! it touches leave that part out, with the reason, instead of failing on it.
//!
//! One convention so far, the one the findings show for whole engines: **no clocks**. A library
//! that keeps neither the halfmove clock nor the move number (the `chess` crate; a shim whose
//! library writes `0 1` or leaves FEN's last two fields out) fails every `after` on them, which
//! looks like a real failure. Declared, its FENs are compared without the clocks (a pass says
//! so), and what the clocks are the point of is skipped with [`NO_CLOCKS`]: the fifty-move and
//! seventy-five-move rules (FIDE 9.3, 9.6.2: the cases of those rules, and any assertion that
//! needs `move-clocks` or `seventy-five-moves`), and a FEN rejected only for its clocks.
//!
//! Not conventions here: the en passant square written after every double step, and castling
//! rights that cannot be used (both already compared by meaning, `src/assertion/after.rs`);
//! castling spelled as the king taking its rook (the handshake's `castling`). A FEN without its
//! castling field is no FEN any library in the findings writes, so it is not offered.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Why a check is skipped for an engine that keeps no clocks.
pub const NO_CLOCKS: &str = "the engine keeps no clocks (handshake)";

/// The conventions an engine declares for all its answers. The default is the suite's own:
/// everything a FEN says is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conventions {
    /// Whether the engine keeps the halfmove clock and the move number (FEN's fifth and sixth
    /// fields, the count of FIDE 9.3 and 9.6.2). `false` (`"conventions": {"clocks": false}`):
    /// its FENs are compared without them, and the checks whose point they are skipped.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub clocks: bool,
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

impl Default for Conventions {
    fn default() -> Conventions {
        Conventions::SUITE
    }
}

impl Conventions {
    /// The suite's own conventions: every field of a FEN kept and compared.
    pub const SUITE: Conventions = Conventions { clocks: true };

    /// An engine that keeps no clocks.
    pub const NO_CLOCKS: Conventions = Conventions { clocks: false };

    /// The names of the conventions this harness knows, as the handshake writes them.
    pub const NAMES: &'static [&'static str] = &["clocks"];

    /// Whether these are the suite's own conventions (nothing declared).
    pub fn is_suite(&self) -> bool {
        *self == Conventions::SUITE
    }

    /// Reads the handshake's `conventions` object: the conventions this harness knows, and the
    /// names of those it does not (ignored, as unknown capabilities are, so that a shim written
    /// for a newer harness still runs here, compared in full).
    ///
    /// # Errors
    ///
    /// A known convention whose value is not what it must be (`clocks`: `true` or `false`).
    pub fn read(
        declared: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<(Conventions, Vec<String>), String> {
        let mut conventions = Conventions::SUITE;
        let mut unknown = Vec::new();
        for (name, value) in declared {
            match name.as_str() {
                "clocks" => {
                    conventions.clocks = value.as_bool().ok_or_else(|| {
                        format!("`conventions.clocks` must be true or false, not {value}")
                    })?;
                }
                _ => unknown.push(name.clone()),
            }
        }
        Ok((conventions, unknown))
    }

    /// The handshake's `conventions` object for these conventions: `None` for the suite's own,
    /// so that an engine that declares nothing writes nothing.
    pub fn to_handshake(&self) -> Option<serde_json::Map<String, serde_json::Value>> {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(map)) if !map.is_empty() => Some(map),
            _ => None,
        }
    }
}

impl fmt::Display for Conventions {
    /// `no clocks`, or `the suite's` when nothing is declared.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.clocks {
            f.write_str("the suite's")
        } else {
            f.write_str("no clocks")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(value: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        value.as_object().expect("an object").clone()
    }

    #[test]
    fn reads_what_it_knows_and_names_the_rest() {
        let (c, unknown) = Conventions::read(&map(json!({"clocks": false}))).unwrap();
        assert_eq!((c, unknown.len()), (Conventions::NO_CLOCKS, 0));
        let (c, unknown) = Conventions::read(&map(json!({"clock": false, "x": 1}))).unwrap();
        assert_eq!(c, Conventions::SUITE, "a misspelt name declares nothing");
        assert_eq!(unknown, ["clock", "x"]);
        let err = Conventions::read(&map(json!({"clocks": "no"}))).unwrap_err();
        assert!(
            err.contains("`conventions.clocks` must be true or false"),
            "{err}"
        );
    }

    #[test]
    fn the_suite_writes_nothing() {
        assert_eq!(Conventions::SUITE.to_handshake(), None);
        assert_eq!(
            Conventions::NO_CLOCKS.to_handshake(),
            Some(map(json!({"clocks": false})))
        );
        assert_eq!(Conventions::default(), Conventions::SUITE);
        assert_eq!(Conventions::NO_CLOCKS.to_string(), "no clocks");
    }
}
