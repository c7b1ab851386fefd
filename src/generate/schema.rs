//! The JSON Schema of the case format, derived from the types of [`crate::case`] so that it
//! cannot drift from what the loader reads. Published as `generated/schema/cases.schema.json`;
//! the case files name it in their first line, so editors with a YAML language server complete
//! and check them as they are typed.
//!
//! The schema describes the shape (fields, types, allowed names). What it cannot say (a FEN that
//! parses, a move that is legal, an id that is unique) is the loader's to check.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::case::CaseFile;
use crate::touch::{Obligation, TouchEvent};

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

/// The pattern every touch-move event matches: the forms of [`crate::touch::EVENT_FORMS`], words
/// separated by any white space, as the parser reads them.
pub const TOUCH_EVENT_PATTERN: &str = r"^\s*(touch\s+[a-h][1-8](\s+accidentally|\s+[a-h][1-8]\s+together)?|say\s+j'adoube|adjust\s+[a-h][1-8]|release\s+[a-h][1-8]\s+on\s+[a-h][1-8]|new\s+(queen|rook|bishop|knight)\s+touches\s+[a-h][1-8]|opponent\s+touches\s+[a-h][1-8])\s*$";

/// A touch-move event is a phrase in a case file: a string of one of the event forms.
impl JsonSchema for TouchEvent {
    fn schema_name() -> Cow<'static, str> {
        "TouchEvent".into()
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": format!(
                "What happened at the board, one of: {}. Squares name where a piece stands \
                 in the case's position.",
                crate::touch::EVENT_FORMS
            ),
            "pattern": TOUCH_EVENT_PATTERN,
        })
    }
}

/// An obligation is `any` or a list of UCI moves.
impl JsonSchema for Obligation {
    fn schema_name() -> Cow<'static, str> {
        "Obligation".into()
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The moves the player may still make: `any` (any legal move) or \
                            exactly these UCI moves (never empty).",
            "anyOf": [
                { "const": "any" },
                { "type": "array", "items": { "type": "string" }, "minItems": 1 }
            ]
        })
    }
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
            "refuses",
            "claims_with_move",
            "touch_move",
            "winnable",
        ] {
            assert!(
                text.contains(&format!("\"{field}\"")),
                "{field} missing from the schema"
            );
        }
        assert!(text.contains("\"additionalProperties\":false"));
        assert!(text.contains("fivefold_repetition") && text.contains("threefold_repetition"));
        assert!(text.contains("dead_position") && text.contains("unwinnable"));
    }

    #[test]
    fn the_event_pattern_takes_exactly_what_the_parser_takes() {
        // The published schema, evaluated by a JSON Schema validator, against the parser.
        let schema: serde_json::Value = serde_json::from_str(&schema_json()).unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        let file = |event: &str| {
            serde_json::json!({"cases": [{
                "id": "touch-move/x", "title": "t", "rule": "4.3.1",
                "fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
                "expect": {"touch_move": [{"events": [event], "allowed": "any"}]}
            }]})
        };
        for phrase in [
            "touch e2",
            "touch e2 accidentally",
            "touch e1 h1 together",
            "say j'adoube",
            "adjust e2",
            "release e2 on e4",
            "new knight touches e8",
            "opponent touches e7",
            "  release  e2   on e4 ",
        ] {
            assert!(validator.is_valid(&file(phrase)), "{phrase}");
            assert!(phrase.parse::<TouchEvent>().is_ok(), "{phrase}");
        }
        for phrase in [
            "touch e9",
            "tuch e2",
            "new king touches e8",
            "say I adjust",
            "touch E2",
            "release e2 on",
            "",
        ] {
            assert!(!validator.is_valid(&file(phrase)), "{phrase}");
            assert!(phrase.parse::<TouchEvent>().is_err(), "{phrase}");
        }
        let mut bad = file("touch e2");
        bad["cases"][0]["expect"]["touch_move"][0]["allowed"] = "anything".into();
        assert!(!validator.is_valid(&bad));
        bad["cases"][0]["expect"]["touch_move"][0]["allowed"] = serde_json::json!(["e2e4"]);
        assert!(validator.is_valid(&bad));
        bad["cases"][0]["expect"]["winnable"] = serde_json::json!({"white": "maybe"});
        assert!(!validator.is_valid(&bad));
    }
}
