//! The protocol's JSON Schemas (`docs/protocol/`, embedded at build time), for
//! `--validate-protocol`: every request the harness sends and every answer it reads can be
//! checked against the schema of its type. The messages themselves are the questions of
//! [`chess_conformance::question`]; their wire form is [`chess_conformance::protocol`].
//!
//! The validator is this file's own, for the part of JSON Schema (draft 2020-12) the protocol's
//! schemas are written in: `$ref` (within a file and to `common.schema.json`), `type`, `enum`,
//! `const`, `properties`, `patternProperties`, `required`, `additionalProperties`, `items`,
//! `minItems`,
//! `uniqueItems`, `minimum`, `minLength`, `pattern`, `oneOf`, `anyOf`, `allOf`, `not` and
//! `if`/`then`/`else`, with annotations (`title`, `description`, ...) ignored. A schema that
//! uses any other keyword is refused when the schemas are compiled, so an edit beyond this part
//! fails the tests rather than pass unchecked. (A full validator, `jsonschema`, cost more build
//! time than the rest of this crate and its dependencies together.)

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::sync::OnceLock;

use regex_lite::Regex;
use serde_json::{Map, Value};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/schemas.rs"));
}

/// The protocol's schema files, embedded: (file name, text).
pub const FILES: &[(&str, &str)] = embedded::FILES;

/// The file of definitions the message schemas share.
pub const COMMON: &str = "common.schema.json";

/// Where the schema files claim to live (their `$id`s); nothing is fetched from there.
const BASE_URI: &str = "https://chess-conformance.example/protocol/1/";

/// Keywords that describe and never constrain (`format` is an annotation in draft 2020-12
/// unless a validator opts in).
const ANNOTATIONS: &[&str] = &[
    "$schema",
    "$id",
    "$comment",
    "title",
    "description",
    "examples",
    "default",
    "format",
    "$defs",
];

/// Keywords this validator checks.
const CHECKED: &[&str] = &[
    "$ref",
    "type",
    "enum",
    "const",
    "properties",
    "patternProperties",
    "required",
    "additionalProperties",
    "items",
    "minItems",
    "uniqueItems",
    "minimum",
    "minLength",
    "pattern",
    "oneOf",
    "anyOf",
    "allOf",
    "not",
    "if",
    "then",
    "else",
];

/// Schema files, checked and ready to validate against: the protocol's ([`Schemas::get`]) or
/// any others in the same part of JSON Schema ([`Schemas::compile`]), such as the published
/// schema of the case format.
pub struct Schemas {
    /// Every file, by name.
    documents: BTreeMap<String, Value>,
    /// Every `pattern`, compiled.
    patterns: HashMap<String, Regex>,
}

/// Where a schema sits: its file, for resolving `#` references.
#[derive(Clone, Copy)]
struct At<'s> {
    file: &'s str,
}

impl Schemas {
    /// The schemas, compiled once per process.
    ///
    /// # Panics
    ///
    /// When a shipped schema does not compile; the unit tests make sure they all do.
    pub fn get() -> &'static Schemas {
        static SCHEMAS: OnceLock<Schemas> = OnceLock::new();
        SCHEMAS
            .get_or_init(|| Schemas::compile(FILES).expect("the shipped protocol schemas compile"))
    }

    /// Reads and checks schema files: JSON, only the keywords this validator knows, every
    /// pattern a regular expression, every reference resolvable.
    ///
    /// # Errors
    ///
    /// The first file and place that is not so.
    pub fn compile(files: &[(&str, &str)]) -> Result<Schemas, String> {
        let mut schemas = Schemas {
            documents: BTreeMap::new(),
            patterns: HashMap::new(),
        };
        for (name, text) in files {
            let doc: Value = serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))?;
            schemas.documents.insert((*name).to_owned(), doc);
        }
        let names: Vec<String> = schemas.documents.keys().cloned().collect();
        for name in &names {
            let doc = schemas.documents[name].clone();
            schemas.check_schema(name, &doc, "")?;
        }
        Ok(schemas)
    }

    /// Checks one schema (and those inside it) at `pointer` in `file`.
    fn check_schema(&mut self, file: &str, schema: &Value, pointer: &str) -> Result<(), String> {
        let map = match schema {
            Value::Bool(_) => return Ok(()),
            Value::Object(map) => map,
            _ => {
                return Err(format!(
                    "{file}#{pointer}: a schema is an object or a boolean"
                ));
            }
        };
        for (key, value) in map {
            self.check_keyword(file, pointer, key, value)?;
        }
        Ok(())
    }

    /// Checks one keyword of a schema: one this validator knows, of the right shape, with its
    /// patterns compiled and its references resolved, and the schemas inside it.
    fn check_keyword(
        &mut self,
        file: &str,
        pointer: &str,
        key: &str,
        value: &Value,
    ) -> Result<(), String> {
        let place = || format!("{file}#{pointer}");
        let inner = format!("{pointer}/{key}");
        let object = || {
            value
                .as_object()
                .ok_or_else(|| format!("{}: `{key}` is an object", place()))
        };
        let compile = |pattern: &str| {
            Regex::new(pattern)
                .map_err(|e| format!("{}: the pattern does not compile: {e}", place()))
        };
        match key {
            "$defs" | "properties" => {
                for (name, sub) in object()? {
                    self.check_schema(file, sub, &format!("{inner}/{name}"))?;
                }
            }
            _ if ANNOTATIONS.contains(&key) => {}
            "patternProperties" => {
                for (pattern, sub) in object()? {
                    let regex = compile(pattern)?;
                    self.patterns.insert(pattern.clone(), regex);
                    self.check_schema(file, sub, &format!("{inner}/{pattern}"))?;
                }
            }
            "items" | "additionalProperties" | "not" | "if" | "then" | "else" => {
                self.check_schema(file, value, &inner)?;
            }
            "oneOf" | "anyOf" | "allOf" => {
                let list = value
                    .as_array()
                    .ok_or_else(|| format!("{}: `{key}` is a list", place()))?;
                for (i, sub) in list.iter().enumerate() {
                    self.check_schema(file, sub, &format!("{inner}/{i}"))?;
                }
            }
            "pattern" => {
                let text = value
                    .as_str()
                    .ok_or_else(|| format!("{}: `pattern` is a string", place()))?;
                let regex = compile(text)?;
                self.patterns.insert(text.to_owned(), regex);
            }
            "$ref" => {
                let target = value
                    .as_str()
                    .ok_or_else(|| format!("{}: `$ref` is a string", place()))?;
                self.resolve(At { file }, target)
                    .ok_or_else(|| format!("{}: `{target}` names no schema", place()))?;
            }
            _ if CHECKED.contains(&key) => {}
            _ => {
                return Err(format!(
                    "{}: the keyword `{key}` is not one this validator checks (docs: \
                     crates/engines/src/schema.rs)",
                    place()
                ));
            }
        }
        Ok(())
    }

    /// The schema a reference names, and the file it is in.
    fn resolve<'s>(&'s self, at: At<'s>, reference: &str) -> Option<(&'s Value, At<'s>)> {
        let reference = reference.strip_prefix(BASE_URI).unwrap_or(reference);
        let (file, pointer) = match reference.split_once('#') {
            Some(("", pointer)) => (at.file, pointer),
            Some((file, pointer)) => (file, pointer),
            None => (reference, ""),
        };
        let (name, doc) = self.documents.get_key_value(file)?;
        Some((doc.pointer(pointer)?, At { file: name }))
    }

    /// Checks a request of type `name` against its schema.
    ///
    /// # Errors
    ///
    /// Every violation, each with its place in the message, and the schema file.
    pub fn check_request(&self, name: &str, message: &Value) -> Result<(), String> {
        let file = format!("{name}.request.schema.json");
        if !self.documents.contains_key(&file) {
            return Err(format!("no schema for requests of type `{name}`"));
        }
        self.check(&file, message, &file)
    }

    /// Checks the answer to a request of type `name` against its schema (an unknown type's
    /// answer against the generic envelope).
    ///
    /// # Errors
    ///
    /// Every violation, each with its place in the message, and the schema file.
    pub fn check_response(&self, name: &str, message: &Value) -> Result<(), String> {
        let file = format!("{name}.response.schema.json");
        if self.documents.contains_key(&file) {
            self.check(&file, message, &file)
        } else {
            let generic = format!("{COMMON}#/$defs/any_response");
            self.check(&generic, message, &generic)
        }
    }

    fn check(&self, reference: &str, message: &Value, shown: &str) -> Result<(), String> {
        self.violations(reference, message).map_err(|errors| {
            format!(
                "it does not match docs/protocol/{shown}: {}",
                errors.join("; ")
            )
        })
    }

    /// Every way `value` breaks the schema `reference` names (`FILE` or `FILE#/POINTER`), each
    /// with its place in the value.
    ///
    /// # Errors
    ///
    /// The violations, or that no schema has that name.
    pub fn violations(&self, reference: &str, value: &Value) -> Result<(), Vec<String>> {
        let (schema, at) = self
            .resolve(At { file: COMMON }, reference)
            .ok_or_else(|| vec![format!("no schema `{reference}`")])?;
        let mut errors = Vec::new();
        self.validate(schema, at, value, "", &mut errors);
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// Adds to `errors` every way `value` (at `place`) breaks `schema`.
    fn validate(
        &self,
        schema: &Value,
        at: At,
        value: &Value,
        place: &str,
        errors: &mut Vec<String>,
    ) {
        let map = match schema {
            Value::Bool(true) => return,
            Value::Bool(false) => {
                return errors.push(at_place(place, format!("{value} is not allowed here")));
            }
            Value::Object(map) => map,
            _ => return,
        };
        if let Some(Value::String(reference)) = map.get("$ref") {
            match self.resolve(at, reference) {
                Some((target, at)) => self.validate(target, at, value, place, errors),
                None => errors.push(format!("the schema's `{reference}` names no schema")),
            }
        }
        for message in self.value_violations(map, value) {
            errors.push(at_place(place, message));
        }
        match value {
            Value::Array(items) => {
                if let Some(item_schema) = map.get("items") {
                    for (i, item) in items.iter().enumerate() {
                        self.validate(item_schema, at, item, &format!("{place}/{i}"), errors);
                    }
                }
            }
            Value::Object(object) => self.validate_object(map, at, object, place, errors),
            _ => {}
        }
        self.validate_combinators(map, at, value, place, errors);
    }

    /// What `value` breaks of the keywords about itself (not its items or properties): `type`,
    /// `enum`, `const`, `minLength`, `pattern`, `minimum`, `minItems`, `uniqueItems`.
    fn value_violations(&self, map: &Map<String, Value>, value: &Value) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(types) = map.get("type")
            && !type_matches(types, value)
        {
            out.push(format!("{value} is not of type {types}"));
        }
        if let Some(Value::Array(options)) = map.get("enum")
            && !options.contains(value)
        {
            let options = Value::Array(options.clone());
            out.push(format!("{value} is not one of {options}"));
        }
        if let Some(expected) = map.get("const")
            && expected != value
        {
            out.push(format!("{value} is not {expected}"));
        }
        if let Value::String(text) = value {
            if let Some(min) = map.get("minLength").and_then(Value::as_u64)
                && (text.chars().count() as u64) < min
            {
                out.push(format!("{value} is shorter than {min} characters"));
            }
            if let Some(Value::String(pattern)) = map.get("pattern")
                && let Some(regex) = self.patterns.get(pattern)
                && !regex.is_match(text)
            {
                out.push(format!("{value} does not match \"{pattern}\""));
            }
        }
        if let Some(number) = value.as_f64()
            && let Some(min) = map.get("minimum").and_then(Value::as_f64)
            && number < min
        {
            out.push(format!("{value} is less than the minimum of {min}"));
        }
        if let Value::Array(items) = value {
            if let Some(min) = map.get("minItems").and_then(Value::as_u64)
                && (items.len() as u64) < min
            {
                out.push(format!("{value} has fewer than {min} items"));
            }
            let repeated = (1..items.len()).any(|i| items[..i].contains(&items[i]));
            if map.get("uniqueItems") == Some(&Value::Bool(true)) && repeated {
                out.push(format!("{value} has non-unique elements"));
            }
        }
        out
    }

    fn validate_object(
        &self,
        map: &Map<String, Value>,
        at: At,
        object: &Map<String, Value>,
        place: &str,
        errors: &mut Vec<String>,
    ) {
        let at_place = |message: String| at_place(place, message);
        if let Some(Value::Array(required)) = map.get("required") {
            for name in required.iter().filter_map(Value::as_str) {
                if !object.contains_key(name) {
                    errors.push(at_place(format!("\"{name}\" is a required property")));
                }
            }
        }
        let properties = map.get("properties").and_then(Value::as_object);
        let patterned = map.get("patternProperties").and_then(Value::as_object);
        for (name, item) in object {
            let inner = format!("{place}/{name}");
            let mut matched = false;
            for (pattern, sub) in patterned.into_iter().flatten() {
                if self.patterns.get(pattern).is_some_and(|r| r.is_match(name)) {
                    matched = true;
                    self.validate(sub, at, item, &inner, errors);
                }
            }
            match properties.and_then(|p| p.get(name)) {
                Some(sub) => self.validate(sub, at, item, &inner, errors),
                None if matched => {}
                None => match map.get("additionalProperties") {
                    Some(Value::Bool(false)) => errors.push(at_place(format!(
                        "additional properties are not allowed (\"{name}\" was unexpected)"
                    ))),
                    Some(extra) => self.validate(extra, at, item, &inner, errors),
                    None => {}
                },
            }
        }
    }

    fn validate_combinators(
        &self,
        map: &Map<String, Value>,
        at: At,
        value: &Value,
        place: &str,
        errors: &mut Vec<String>,
    ) {
        let at_place = |message: String| at_place(place, message);
        let holds = |schema: &Value| {
            let mut inner = Vec::new();
            self.validate(schema, at, value, place, &mut inner);
            inner.is_empty()
        };
        let list = |key: &str| map.get(key).and_then(Value::as_array);
        if let Some(all) = list("allOf") {
            for schema in all {
                self.validate(schema, at, value, place, errors);
            }
        }
        if let Some(any) = list("anyOf")
            && !any.iter().any(&holds)
        {
            errors.push(at_place(format!(
                "{value} matches none of the anyOf schemas"
            )));
        }
        if let Some(one) = list("oneOf") {
            let matching = one.iter().filter(|s| holds(s)).count();
            if matching != 1 {
                let mut message = String::new();
                let _ = write!(
                    message,
                    "{value} matches {matching} of the oneOf schemas, not exactly one"
                );
                errors.push(at_place(message));
            }
        }
        if let Some(not) = map.get("not")
            && holds(not)
        {
            errors.push(at_place(format!("{value} must not match the `not` schema")));
        }
        if let Some(condition) = map.get("if") {
            let branch = if holds(condition) { "then" } else { "else" };
            if let Some(schema) = map.get(branch) {
                self.validate(schema, at, value, place, errors);
            }
        }
    }
}

/// A message about the value at `place` (a JSON pointer; empty for the whole message).
fn at_place(place: &str, message: String) -> String {
    if place.is_empty() {
        message
    } else {
        format!("at {place}: {message}")
    }
}

/// Whether `value` is of the `type` (a name or a list of names).
fn type_matches(types: &Value, value: &Value) -> bool {
    let one = |name: &str| match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => {
            value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        _ => false,
    };
    match types {
        Value::String(name) => one(name),
        Value::Array(names) => names.iter().filter_map(Value::as_str).any(one),
        _ => false,
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use chess_conformance::Game;
    use chess_conformance::protocol::{request_line, start_line};
    use chess_conformance::question::{self, Question};
    use chess_conformance::{AttackSource, Color};
    use serde_json::json;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn every_question_has_schemas_and_every_request_matches_its_schema() {
        // Each question has its two files, and no file is left over.
        let mut expected = vec![COMMON.to_owned()];
        for name in std::iter::once(chess_conformance::protocol::START)
            .chain(Question::NAMES.iter().copied())
        {
            expected.push(format!("{name}.request.schema.json"));
            expected.push(format!("{name}.response.schema.json"));
        }
        expected.sort();
        let files: Vec<&str> = FILES.iter().map(|(name, _)| *name).collect();
        assert_eq!(files, expected);
        let schemas = Schemas::get();
        let moves = vec!["e2e4".to_owned(), "e7e5".to_owned()];
        let game = Game {
            fen: START,
            moves: &moves,
            pieces: &[],
        };
        let touches = ["touch g1", "say j'adoube", "adjust e2", "release g1 on f3"]
            .iter()
            .map(|e| e.parse().unwrap())
            .collect();
        let every = [
            Question::LegalMoves(question::LegalMoves {}),
            Question::InCheck(question::InCheck {}),
            Question::Checkers(question::Checkers {}),
            Question::GameState(question::GameState {}),
            Question::DrawClaims(question::DrawClaims {}),
            Question::MatingMaterial(question::MatingMaterial {}),
            Question::Play(question::Play { uci: "g1f3".into() }),
            Question::San(question::San { uci: "g1f3".into() }),
            Question::ParseSan(question::ParseSan { san: "Nf3".into() }),
            Question::Attacks(question::Attacks {
                source: AttackSource::Side(Color::White),
            }),
            Question::Attacks(question::Attacks {
                source: AttackSource::Square("d1".into()),
            }),
            Question::Perft(question::Perft { depth: 2 }),
            Question::ValidateFen(question::ValidateFen {
                fen: "not a fen".into(),
            }),
            Question::DrawClaimsWithMove(question::DrawClaimsWithMove { uci: "g1f3".into() }),
            Question::TouchMove(question::TouchMove { events: touches }),
            Question::Winnable(question::Winnable { side: Color::Black }),
        ];
        for name in Question::NAMES {
            assert!(
                every.iter().any(|q| q.name() == *name),
                "no test request of type {name}"
            );
        }
        for q in &every {
            let v: Value = serde_json::from_str(&request_line(7, q, Some(&game))).unwrap();
            schemas
                .check_request(q.name(), &v)
                .unwrap_or_else(|e| panic!("{v}: {e}"));
        }
        let start: Value = serde_json::from_str(&start_line(0)).unwrap();
        schemas.check_request("start", &start).unwrap();
        // A position of historical pieces: every request carries them, its FEN their letters.
        let pieces = [chess_conformance::PieceDefinition {
            letter: 'a',
            name: "amazon".into(),
            betza: "QN".into(),
        }];
        let fairy = Game {
            fen: "k7/8/8/8/1A6/8/8/7K w - - 0 1",
            moves: &[],
            pieces: &pieces,
        };
        for q in every.iter().filter(|q| q.about_a_position()) {
            let v: Value = serde_json::from_str(&request_line(8, q, Some(&fairy))).unwrap();
            assert!(v.get("pieces").is_some(), "{v}");
            schemas
                .check_request(q.name(), &v)
                .unwrap_or_else(|e| panic!("{v}: {e}"));
        }
    }

    #[test]
    fn a_letter_beyond_the_six_needs_its_piece_definition() {
        let s = Schemas::get();
        let amazon = json!({"letter": "a", "name": "amazon", "betza": "QN"});
        let fen = "k7/8/8/8/1A6/8/8/7K w - - 0 1";
        let ok =
            json!({"seq": 1, "type": "legal_moves", "fen": fen, "moves": [], "pieces": [amazon]});
        s.check_request("legal_moves", &ok).unwrap();
        for bad in [
            json!({"seq": 1, "type": "legal_moves", "fen": fen, "moves": []}),
            json!({"seq": 1, "type": "legal_moves", "fen": fen, "moves": [], "pieces": []}),
            json!({"seq": 1, "type": "legal_moves", "fen": fen, "moves": [],
                   "pieces": [{"letter": "A", "name": "amazon", "betza": "QN"}]}),
            json!({"seq": 1, "type": "legal_moves", "fen": fen, "moves": [],
                   "pieces": [{"letter": "a", "name": "amazon"}]}),
        ] {
            assert!(s.check_request("legal_moves", &bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn schemas_refuse_what_the_protocol_forbids() {
        let s = Schemas::get();
        let bad_requests = [
            // Both `by` and `from`.
            json!({"seq": 1, "type": "attacks", "fen": START, "moves": [], "by": "white", "from": "e1"}),
            // An unknown field.
            json!({"seq": 1, "type": "legal_moves", "fen": START, "moves": [], "depth": 2}),
            // A move that is not UCI.
            json!({"seq": 1, "type": "legal_moves", "fen": START, "moves": ["e2-e4"]}),
            // A FEN with five fields.
            json!({"seq": 1, "type": "in_check", "fen": "8/8/8/8/8/8/8/8 w - - 0", "moves": []}),
            // Not an event; no events at all; a side that does not exist; no declared move.
            json!({"seq": 1, "type": "touch_move", "fen": START, "moves": [], "events": ["grab e2"]}),
            json!({"seq": 1, "type": "touch_move", "fen": START, "moves": [], "events": []}),
            json!({"seq": 1, "type": "winnable", "fen": START, "moves": [], "side": "both"}),
            json!({"seq": 1, "type": "draw_claims_with_move", "fen": START, "moves": []}),
        ];
        for r in &bad_requests {
            let name = r["type"].as_str().unwrap();
            assert!(s.check_request(name, r).is_err(), "{r} passed");
        }
        let good = [
            (
                "legal_moves",
                json!({"seq": 1, "result": ["e2e4", "e7e8q"]}),
            ),
            ("legal_moves", json!({"seq": 1, "unsupported": "no"})),
            ("legal_moves", json!({"seq": 1, "error": "bad FEN"})),
            (
                "game_state",
                json!({"seq": 1, "result": {"state": "checkmate", "winner": "black"}}),
            ),
            (
                "game_state",
                json!({"seq": 1, "result": {"state": "ongoing"}}),
            ),
            ("parse_san", json!({"seq": 1, "result": null})),
            ("play", json!({"seq": 1, "result": {"refused": "illegal"}})),
            (
                "validate_fen",
                json!({"seq": 1, "result": {"valid": false, "reason": "x"}}),
            ),
            ("touch_move", json!({"seq": 1, "result": ["e2e4", "e2e3"]})),
            ("touch_move", json!({"seq": 1, "result": "any"})),
            ("winnable", json!({"seq": 1, "result": "undetermined"})),
            (
                "draw_claims_with_move",
                json!({"seq": 1, "result": ["fifty_moves"]}),
            ),
            // A type this harness does not know: the generic envelope.
            (
                "castle_in_960",
                json!({"seq": 1, "unsupported": "unknown type"}),
            ),
        ];
        for (name, r) in &good {
            s.check_response(name, r)
                .unwrap_or_else(|e| panic!("{name} {r}: {e}"));
        }
        let bad = [
            ("legal_moves", json!({"seq": 1, "result": ["E2E4"]})),
            ("legal_moves", json!({"seq": 1, "result": [], "error": "x"})),
            ("legal_moves", json!({"result": []})),
            (
                "game_state",
                json!({"seq": 1, "result": {"state": "checkmate"}}),
            ),
            (
                "game_state",
                json!({"seq": 1, "result": {"state": "stalemate", "winner": "white"}}),
            ),
            ("checkers", json!({"seq": 1, "result": ["e1", "e1"]})),
            ("draw_claims", json!({"seq": 1, "result": ["agreement"]})),
            ("play", json!({"seq": 1, "result": {"played": "nonsense"}})),
            ("perft", json!({"seq": 1, "result": -1})),
            (
                "start",
                json!({"seq": 0, "result": {"protocol": 1, "name": "x", "version": "1", "capabilities": ["Legal Moves"]}}),
            ),
            ("touch_move", json!({"seq": 1, "result": []})),
            ("touch_move", json!({"seq": 1, "result": "all"})),
            ("touch_move", json!({"seq": 1, "result": ["e2e4", "e2e4"]})),
            ("winnable", json!({"seq": 1, "result": "draw"})),
            ("winnable", json!({"seq": 1, "result": true})),
            (
                "draw_claims_with_move",
                json!({"seq": 1, "result": ["fivefold_repetition"]}),
            ),
            ("castle_in_960", json!({"seq": 1, "answer": 3})),
        ];
        for (name, r) in &bad {
            let e = s.check_response(name, r).expect_err(&r.to_string());
            assert!(e.contains("does not match docs/protocol/"), "{e}");
        }
    }

    #[test]
    fn a_schema_beyond_what_is_checked_is_refused() {
        let unknown = r#"{"type": "object", "dependentRequired": {"a": ["b"]}}"#;
        let e = Schemas::compile(&[("x.schema.json", unknown)])
            .err()
            .unwrap();
        assert!(
            e.contains("x.schema.json#: the keyword `dependentRequired`"),
            "{e}"
        );
        let dangling = r#"{"$ref": "common.schema.json#/$defs/nothing"}"#;
        assert!(Schemas::compile(&[("x.schema.json", dangling)]).is_err());
        let bad_pattern = r#"{"pattern": "("}"#;
        assert!(Schemas::compile(&[("x.schema.json", bad_pattern)]).is_err());
    }
}
