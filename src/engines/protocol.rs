//! The protocol's JSON Schemas (`docs/protocol/`), compiled for `--validate-protocol`: every
//! request the harness sends and every answer it reads can be checked against the schema of
//! its type. The messages themselves are the questions of [`crate::question`]; their wire form
//! is [`crate::protocol`].

use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::Value;

/// Where the schema files claim to live (their `$id`s); nothing is fetched from there.
const BASE_URI: &str = "https://chess-conformance.example/protocol/1/";

/// One request type of the protocol and the JSON Schemas of its request and of its answer.
#[derive(Debug, Clone, Copy)]
pub struct Message {
    /// The request's `type`.
    pub name: &'static str,
    /// The schema of the request (`docs/protocol/NAME.request.schema.json`).
    pub request_schema: &'static str,
    /// The schema of its answer (`docs/protocol/NAME.response.schema.json`).
    pub response_schema: &'static str,
}

macro_rules! message {
    ($name:literal) => {
        Message {
            name: $name,
            request_schema: include_str!(concat!(
                "../../docs/protocol/",
                $name,
                ".request.schema.json"
            )),
            response_schema: include_str!(concat!(
                "../../docs/protocol/",
                $name,
                ".response.schema.json"
            )),
        }
    };
}

/// Every request type, with its schemas.
pub const MESSAGES: &[Message] = &[
    message!("start"),
    message!("legal_moves"),
    message!("in_check"),
    message!("checkers"),
    message!("game_state"),
    message!("draw_claims"),
    message!("mating_material"),
    message!("play"),
    message!("san"),
    message!("parse_san"),
    message!("attacks"),
    message!("perft"),
    message!("validate_fen"),
    message!("draw_claims_with_move"),
    message!("touch_move"),
    message!("winnable"),
];

/// The definitions the message schemas share (`docs/protocol/common.schema.json`).
pub const COMMON_SCHEMA: &str = include_str!("../../docs/protocol/common.schema.json");

/// The compiled schemas of every message, for `--validate-protocol`.
pub struct Schemas {
    requests: HashMap<&'static str, jsonschema::Validator>,
    responses: HashMap<&'static str, jsonschema::Validator>,
    any_response: jsonschema::Validator,
}

impl Schemas {
    /// The schemas, compiled once per process.
    ///
    /// # Panics
    ///
    /// When a shipped schema does not compile; the unit tests make sure they all do.
    pub fn get() -> &'static Schemas {
        static SCHEMAS: OnceLock<Schemas> = OnceLock::new();
        SCHEMAS.get_or_init(|| Schemas::compile().expect("the shipped protocol schemas compile"))
    }

    fn compile() -> Result<Schemas, String> {
        let parse = |name: &str, text: &str| -> Result<Value, String> {
            serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))
        };
        let mut documents = vec![(
            format!("{BASE_URI}common.schema.json"),
            parse("common.schema.json", COMMON_SCHEMA)?,
        )];
        for m in MESSAGES {
            for (kind, text) in [
                ("request", m.request_schema),
                ("response", m.response_schema),
            ] {
                let file = format!("{}.{kind}.schema.json", m.name);
                documents.push((format!("{BASE_URI}{file}"), parse(&file, text)?));
            }
        }
        let registry = jsonschema::Registry::new()
            .extend(documents.iter().map(|(uri, doc)| (uri.as_str(), doc)))
            .and_then(jsonschema::RegistryBuilder::prepare)
            .map_err(|e| e.to_string())?;
        let build = |uri: &str| -> Result<jsonschema::Validator, String> {
            jsonschema::options()
                .with_registry(&registry)
                .build(&serde_json::json!({ "$ref": uri }))
                .map_err(|e| format!("{uri}: {e}"))
        };
        let mut requests = HashMap::new();
        let mut responses = HashMap::new();
        for m in MESSAGES {
            requests.insert(
                m.name,
                build(&format!("{BASE_URI}{}.request.schema.json", m.name))?,
            );
            responses.insert(
                m.name,
                build(&format!("{BASE_URI}{}.response.schema.json", m.name))?,
            );
        }
        let any_response = build(&format!("{BASE_URI}common.schema.json#/$defs/any_response"))?;
        Ok(Schemas {
            requests,
            responses,
            any_response,
        })
    }

    /// Checks a request of type `name` against its schema.
    ///
    /// # Errors
    ///
    /// Every violation, each with its place in the message, and the schema file.
    pub fn check_request(&self, name: &str, message: &Value) -> Result<(), String> {
        match self.requests.get(name) {
            Some(v) => violations(v, message, &format!("{name}.request.schema.json")),
            None => Err(format!("no schema for requests of type `{name}`")),
        }
    }

    /// Checks the answer to a request of type `name` against its schema (an unknown type's
    /// answer against the generic envelope).
    ///
    /// # Errors
    ///
    /// Every violation, each with its place in the message, and the schema file.
    pub fn check_response(&self, name: &str, message: &Value) -> Result<(), String> {
        match self.responses.get(name) {
            Some(v) => violations(v, message, &format!("{name}.response.schema.json")),
            None => violations(
                &self.any_response,
                message,
                "common.schema.json#/$defs/any_response",
            ),
        }
    }
}

fn violations(
    validator: &jsonschema::Validator,
    message: &Value,
    file: &str,
) -> Result<(), String> {
    let errors: Vec<String> = validator
        .iter_errors(message)
        .map(|e| {
            let place = e.instance_path().to_string();
            if place.is_empty() {
                e.to_string()
            } else {
                format!("at {place}: {e}")
            }
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "it does not match docs/protocol/{file}: {}",
            errors.join("; ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::protocol::{request_line, start_line};
    use crate::question::{self, Question};
    use crate::vocabulary::{AttackSource, Color};
    use serde_json::json;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn every_question_has_schemas_and_every_request_matches_its_schema() {
        let names: Vec<&str> = MESSAGES.iter().map(|m| m.name).collect();
        let mut expected = vec![crate::protocol::START];
        expected.extend(Question::NAMES);
        assert_eq!(names, expected);
        let schemas = Schemas::get();
        let moves = vec!["e2e4".to_owned(), "e7e5".to_owned()];
        let game = Game {
            fen: START,
            moves: &moves,
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
}
