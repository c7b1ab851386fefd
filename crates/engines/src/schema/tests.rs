//! The shipped schemas compile; messages valid and invalid, by keyword.

use super::*;
use chess_conformance::Game;
use chess_conformance::protocol::{request_line, start_line};
use chess_conformance::question::Question;
use serde_json::json;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn every_question_has_schemas_and_every_request_matches_its_schema() {
    // Each question has its two files, and no file is left over.
    let mut expected = vec![COMMON.to_owned()];
    for name in
        std::iter::once(chess_conformance::protocol::START).chain(Question::NAMES.iter().copied())
    {
        expected.push(format!("{name}.request.schema.json"));
        expected.push(format!("{name}.response.schema.json"));
    }
    let files: Vec<&str> = FILES.iter().map(|(name, _)| *name).collect();
    for file in &expected {
        assert!(
            files.contains(&file.as_str()),
            "docs/protocol/{file} is missing: each question of the table has a request and a \
             response schema"
        );
    }
    for file in &files {
        assert!(
            expected.iter().any(|e| e == file),
            "docs/protocol/{file} is no question's schema: remove it, or add its question to \
             the table (src/engine.rs)"
        );
    }
    let schemas = Schemas::get();
    let moves = vec!["e2e4".to_owned(), "e7e5".to_owned()];
    let game = Game::new(START, &moves);
    // A value for every argument of the table, by its protocol name (the attacks of a side,
    // then of a square): every question is read from them (`Question::read`), none written
    // here by hand.
    let fields = [
        json!({
            "move": "g1f3",
            "san": "Nf3",
            "by": "white",
            "depth": 2,
            "fen": "not a fen",
            "events": ["touch g1", "say j'adoube", "adjust e2", "release g1 on f3"],
            "side": "black",
        }),
        json!({ "from": "d1" }),
    ];
    let mut every: Vec<Question> = Vec::new();
    for fields in &fields {
        for name in Question::NAMES {
            if let Some(Ok(q)) = Question::read(name, fields.clone())
                && !every.contains(&q)
            {
                every.push(q);
            }
        }
    }
    for name in Question::NAMES {
        assert!(
            every.iter().any(|q| q.name() == *name),
            "no test request of type {name}: give its arguments a value in this test's `fields`"
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
        variant: Default::default(),
    };
    for q in every.iter().filter(|q| q.about_a_position()) {
        let v: Value = serde_json::from_str(&request_line(8, q, Some(&fairy))).unwrap();
        assert!(v.get("pieces").is_some(), "{v}");
        schemas
            .check_request(q.name(), &v)
            .unwrap_or_else(|e| panic!("{v}: {e}"));
    }
}

/// A Chess960 game's requests carry `variant` (validate_fen's too) and match their schemas; a
/// standard game's carry none; no value but `chess960` is a variant.
#[test]
fn a_chess960_request_carries_its_variant() {
    let s = Schemas::get();
    // The kings on f1 / f8, the rooks on b and g (Shredder-FEN rights): White castles O-O and
    // Black O-O-O, each written as the king taking its rook.
    let fen = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1";
    let moves = vec!["f1g1".to_owned(), "f8b8".to_owned()];
    let game = Game::chess960(fen, &moves);
    let questions = [
        Question::read("legal_moves", json!({})),
        Question::read("play", json!({"move": "g1g2"})),
        Question::read("perft", json!({"depth": 1})),
        Question::read("validate_fen", json!({"fen": fen, "variant": "chess960"})),
    ];
    for q in questions {
        let q = q.unwrap().unwrap();
        let v: Value = serde_json::from_str(&request_line(3, &q, Some(&game))).unwrap();
        assert_eq!(v["variant"], "chess960", "{v}");
        s.check_request(q.name(), &v)
            .unwrap_or_else(|e| panic!("{v}: {e}"));
        let standard = Game::new(START, &[]);
        let plain = match q {
            Question::ValidateFen(_) => Question::read("validate_fen", json!({"fen": START}))
                .unwrap()
                .unwrap(),
            q => q,
        };
        let v: Value = serde_json::from_str(&request_line(4, &plain, Some(&standard))).unwrap();
        assert!(v.get("variant").is_none(), "{v}");
        s.check_request(plain.name(), &v)
            .unwrap_or_else(|e| panic!("{v}: {e}"));
    }
    for variant in [
        json!("standard"),
        json!("Chess960"),
        json!("fischerandom"),
        json!(960),
    ] {
        let bad = json!({"seq": 1, "type": "legal_moves", "fen": fen, "moves": [],
                         "variant": variant});
        assert!(s.check_request("legal_moves", &bad).is_err(), "{bad}");
        let bad = json!({"seq": 1, "type": "validate_fen", "fen": fen, "variant": variant});
        assert!(s.check_request("validate_fen", &bad).is_err(), "{bad}");
    }
    // A handshake declaring the capability is valid.
    let hello = json!({"seq": 0, "result": {"protocol": 1, "name": "x", "version": "1",
                       "capabilities": ["legal-moves", "chess960"]}});
    s.check_response("start", &hello).unwrap();
}

#[test]
fn a_letter_beyond_the_six_needs_its_piece_definition() {
    let s = Schemas::get();
    let amazon = json!({"letter": "a", "name": "amazon", "betza": "QN"});
    let fen = "k7/8/8/8/1A6/8/8/7K w - - 0 1";
    let ok = json!({"seq": 1, "type": "legal_moves", "fen": fen, "moves": [], "pieces": [amazon]});
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
