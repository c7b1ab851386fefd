//! Pieces beyond the standard six: the historical pieces of the sources, declared by a case and
//! carried by every request about its position.

use serde::{Deserialize, Serialize};

/// A piece beyond the standard six, as a case (or its file) declares it and a request carries
/// it: the letter it takes in FEN, its name, and how it moves in Betza's notation (the subset
/// [`crate::fairy::Movement`] reads: `QN` the amazon, `F` the ferz, `A` the alfil, `R2` the short
/// rook, `D` the dabbaba).
///
/// ```yaml
/// pieces:
///   - { letter: a, name: amazon, betza: QN }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PieceDefinition {
    /// Black's FEN letter for the piece, in lower case; White's is its upper case. Not one of
    /// the standard `pnbrqk`.
    #[cfg_attr(feature = "schema", schemars(schema_with = "letter_schema"))]
    pub letter: char,
    /// Its name, for reports and for engines that know the piece by name (`amazon`).
    pub name: String,
    /// How it moves and captures, in Betza's notation.
    pub betza: String,
}

/// A letter is one lower-case ASCII letter.
#[cfg(feature = "schema")]
fn letter_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string",
        "description": "Black's FEN letter for the piece, in lower case (White's is its upper case); not one of pnbrqk.",
        "pattern": "^[a-z]$",
    })
}
