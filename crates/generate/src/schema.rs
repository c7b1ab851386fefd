//! The JSON Schema of the case format, derived from the types of [`chess_conformance::case`] so that it
//! cannot drift from what the loader reads. Published as `generated/schema/cases.schema.json`;
//! the case files name it in their first line, so editors with a YAML language server complete
//! and check them as they are typed.
//!
//! The schema describes the shape (fields, types, allowed names). What it cannot say (a FEN that
//! parses, a move that is legal, an id that is unique) is the loader's to check.

use chess_conformance::case::CaseFile;

/// Where the schema is published, relative to the repository.
pub const PATH: &str = "generated/schema/cases.schema.json";

/// The schema as pretty-printed JSON, newline-terminated, naming the shipped catalogue's version.
pub fn schema_json() -> String {
    schema_json_of(chess_conformance::catalogue::builtin_version())
}

/// The schema as pretty-printed JSON, newline-terminated; its description names `version`, the
/// catalogue's it is published with, when there is one.
pub fn schema_json_of(version: Option<chess_conformance::catalogue::Version>) -> String {
    let mut schema = schemars::schema_for!(CaseFile);
    schema.insert("title".into(), "chess-conformance case file".into());
    let version = version
        .map(|v| format!(" Published with version {v} of the catalogue."))
        .unwrap_or_default();
    schema.insert(
        "description".into(),
        format!(
            "A file of chess-conformance cases: one rule area, each case a position (FEN and UCI \
             history) and what a correct implementation must answer about it. See docs/CASES.md.\
             {version}"
        )
        .into(),
    );
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_conformance::TouchEvent;

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
        let text = schema_json();
        let validator =
            chess_conformance_engines::schema::Schemas::compile(&[("cases.schema.json", &text)])
                .unwrap();
        struct Check<'v>(&'v chess_conformance_engines::schema::Schemas);
        impl Check<'_> {
            fn is_valid(&self, value: &serde_json::Value) -> bool {
                self.0.violations("cases.schema.json", value).is_ok()
            }
        }
        let validator = Check(&validator);
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
