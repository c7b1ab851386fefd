//! The JSON Schema of the case format, derived from the types of [`crate::case`] so that it
//! cannot drift from what the loader reads. Published as `generated/schema/cases.schema.json`;
//! the case files name it in their first line, so editors with a YAML language server complete
//! and check them as they are typed.
//!
//! The schema describes the shape (fields, types, allowed names). What it cannot say (a FEN that
//! parses, a move that is legal, an id that is unique) is the loader's to check.

use crate::case::CaseFile;

/// Where the schema is published, relative to the repository.
pub const PATH: &str = "generated/schema/cases.schema.json";

/// The schema as pretty-printed JSON, newline-terminated.
pub fn schema_json() -> String {
    let mut schema = schemars::schema_for!(CaseFile);
    schema.insert("title".into(), "chess-conformance case file".into());
    schema.insert(
        "description".into(),
        "A file of chess-conformance cases: one rule area, each case a position (FEN and UCI \
         history) and what a correct implementation must answer about it. See docs/CASES.md."
            .into(),
    );
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_names_every_assertion_and_refuses_unknown_fields() {
        let schema: serde_json::Value = serde_json::from_str(&schema_json()).unwrap();
        let text = schema.to_string();
        for field in [
            "legal",
            "illegal",
            "moves",
            "move_count",
            "check",
            "checkers",
            "state",
            "winner",
            "claims",
            "mating_material",
            "after",
            "san",
            "from_san",
            "attacks",
            "perft",
            "valid",
        ] {
            assert!(
                text.contains(&format!("\"{field}\"")),
                "{field} missing from the schema"
            );
        }
        assert!(text.contains("\"additionalProperties\":false"));
        assert!(text.contains("fivefold_repetition") && text.contains("threefold_repetition"));
    }
}
