//! The engine protocol (docs/PROTOCOL.md) as data: one JSON object per line, each request
//! carrying the position it asks about, each answer its request's `seq`.
//!
//! The requests are the questions of the table ([`crate::question`], [`Question`]), so this
//! module only adds what is not a question: the handshake ([`Hello`]), the envelope of an answer
//! ([`Reply`]), a request line ([`request_line`]), and the two sides of the conversation that
//! need no process of their own:
//!
//! - the engine's side, [`serve`] and [`answer_line`]: any [`Engine`] answers requests, which is
//!   all a Rust engine in its own process needs (see `examples/protocol_engine.rs`);
//! - the harness's side, [`Client`] and [`Remote`] (written by the question table): whatever can send a
//!   question and read the answer (the `process:` engine) becomes an [`Engine`].

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::engine::{Answer, Engine, EngineError, Game};
pub use crate::engine::{Client, Remote};
use crate::question::Question;

/// The protocol version this crate speaks.
pub const VERSION: u32 = 1;

/// The handshake's request type.
pub const START: &str = "start";

/// The position a request asks about, as the protocol writes it.
#[derive(Debug, Clone, Copy, Serialize)]
struct Position<'a> {
    fen: &'a str,
    moves: &'a [String],
    /// Only when the position holds pieces beyond the standard six.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pieces: &'a [crate::vocabulary::PieceDefinition],
    /// Only in a Chess960 game.
    #[serde(skip_serializing_if = "crate::vocabulary::Variant::is_standard")]
    variant: crate::vocabulary::Variant,
}

/// A request line (newline included): `seq`, `type`, the position when the question is about
/// one, and the question's arguments.
///
/// ```
/// use chess_conformance::protocol::request_line;
/// use chess_conformance::question::{Play, Question};
/// use chess_conformance::Game;
///
/// let moves = vec!["e2e4".to_owned()];
/// let game = Game::new("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &moves);
/// let play = Question::Play(Play { uci: "e8d8".into() });
/// assert_eq!(
///     request_line(3, &play, Some(&game)),
///     "{\"seq\":3,\"type\":\"play\",\"fen\":\"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\",\
///      \"moves\":[\"e2e4\"],\"move\":\"e8d8\"}\n"
/// );
/// ```
pub fn request_line(seq: u64, question: &Question, game: Option<&Game>) -> String {
    #[derive(Serialize)]
    struct Line<'a> {
        seq: u64,
        #[serde(rename = "type")]
        kind: &'a str,
        #[serde(flatten, skip_serializing_if = "Option::is_none")]
        position: Option<Position<'a>>,
        #[serde(flatten)]
        arguments: Value,
    }
    let position = game
        .filter(|_| question.about_a_position())
        .map(|g| Position {
            fen: g.fen,
            moves: g.moves,
            pieces: g.pieces,
            variant: g.variant,
        });
    let arguments = question.arguments().expect("questions serialize");
    let mut line = serde_json::to_string(&Line {
        seq,
        kind: question.name(),
        position,
        arguments,
    })
    .expect("requests serialize");
    line.push('\n');
    line
}

/// The handshake's request line: `{"seq":N,"type":"start","protocol":1}`.
pub fn start_line(seq: u64) -> String {
    format!("{{\"seq\":{seq},\"type\":\"{START}\",\"protocol\":{VERSION}}}\n")
}

/// The result of the handshake.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol version the engine speaks.
    pub protocol: u32,
    /// The implementation's name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The capabilities it declares, by kebab-case name.
    pub capabilities: Vec<String>,
    /// How the engine writes and reads castling in every game, when it says so; absent, the
    /// suite's own spelling: the king's destination in standard chess (`e1g1`), the king taking
    /// its rook in Chess960 (`f1h1`). The harness converts between the two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub castling: Option<CastlingNotation>,
    /// The conventions that hold for all its answers, when it declares any: an object of
    /// convention names and values, `{"clocks": false}` for an engine that keeps no clocks
    /// ([`Conventions`](crate::Conventions), read by [`Conventions::read`](crate::Conventions::read)).
    /// Absent, the suite's own. Kept as written, so that a name this harness does not know is
    /// ignored with a warning (as an unknown capability is) rather than refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conventions: Option<serde_json::Map<String, Value>>,
}

/// How an engine spells castling in UCI moves, declared in the handshake (`castling`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CastlingNotation {
    /// `"king-takes-rook"`: the king moving onto its own rook's square (`e1h1`, `f1h1`), in
    /// standard chess and Chess960 alike.
    KingTakesRook,
    /// `"king-destination"`: the king moving to its final square (`e1g1`; in Chess960 `b1g1`),
    /// in standard chess and Chess960 alike. In Chess960 this spelling is ambiguous where the
    /// king moves one square (`f1g1` is also Kg1) and impossible where it does not move: a
    /// question about a position with such a castling is answered `unsupported` by the harness.
    KingDestination,
}

/// What an answer line says: a result, `unsupported` with a reason, or an error message.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// `{"seq": N, "result": ...}`.
    Result(Value),
    /// `{"seq": N, "unsupported": "why"}`.
    Unsupported(String),
    /// `{"seq": N, "error": "message"}`.
    Error(String),
}

/// Reads the envelope of an answer: its sequence number and what it says.
///
/// # Errors
///
/// What is wrong with it, when it is not an object with a `seq` and exactly one of `result`,
/// `unsupported` or `error` (the last two strings).
pub fn parse_reply(value: Value) -> Result<(u64, Reply), String> {
    let Value::Object(mut map) = value else {
        return Err("the answer is not a JSON object".into());
    };
    let seq = map
        .get("seq")
        .and_then(Value::as_u64)
        .ok_or("the answer has no `seq` (a non-negative integer)")?;
    let mut found = Vec::new();
    for key in ["result", "unsupported", "error"] {
        if let Some(v) = map.remove(key) {
            found.push((key, v));
        }
    }
    if found.len() != 1 {
        return Err(format!(
            "the answer must have exactly one of `result`, `unsupported` and `error`; it has {}",
            if found.is_empty() {
                "none".to_owned()
            } else {
                found
                    .iter()
                    .map(|(k, _)| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            }
        ));
    }
    let (key, v) = found.pop().expect("exactly one");
    let reply = match (key, v) {
        ("result", v) => Reply::Result(v),
        ("unsupported", Value::String(why)) => Reply::Unsupported(why),
        ("error", Value::String(message)) => Reply::Error(message),
        (key, _) => return Err(format!("`{key}` must be a string")),
    };
    Ok((seq, reply))
}

// --- The engine's side: any Engine served over the protocol ---

/// The answer line (with its newline) an engine gives to one request line: how [`serve`]
/// answers, and what a Rust engine in its own process can use directly.
///
/// A line that is not a request still gets an `error` answer, under the request's own `seq`
/// when it has one, so that the harness stays in step; a request type this crate does not know
/// is answered `unsupported`.
pub fn answer_line(engine: &mut dyn Engine, line: &str) -> String {
    let (seq, reply) = match serde_json::from_str::<Value>(line) {
        Ok(request) => {
            let seq = request.get("seq").and_then(Value::as_u64);
            (seq.unwrap_or(0), answer(engine, request))
        }
        Err(e) => (0, Err(EngineError::failed(format!("not a request: {e}")))),
    };
    let mut out = serde_json::Map::new();
    out.insert("seq".into(), seq.into());
    let (key, value) = match reply {
        Ok(result) => ("result", result),
        Err(EngineError::Unsupported(why)) => ("unsupported", why.into()),
        Err(EngineError::Failed(message)) => ("error", message.into()),
    };
    out.insert(key.into(), value);
    let mut text = Value::Object(out).to_string();
    text.push('\n');
    text
}

/// Answers one request, read as JSON.
fn answer(engine: &mut dyn Engine, request: Value) -> Answer<Value> {
    if !request.is_object() {
        return Err(EngineError::failed("not a request: not a JSON object"));
    }
    if request.get("seq").and_then(Value::as_u64).is_none() {
        return Err(EngineError::failed(
            "not a request: no `seq` (a non-negative integer)",
        ));
    }
    let kind = match request.get("type") {
        Some(Value::String(kind)) => kind.clone(),
        _ => return Err(EngineError::failed("not a request: no `type` (a string)")),
    };
    if kind == START {
        let identity = engine.identity();
        let hello = Hello {
            protocol: VERSION,
            name: identity.name,
            version: identity.version,
            capabilities: engine
                .capabilities()
                .iter()
                .map(|c| c.name().to_owned())
                .collect(),
            castling: None,
            conventions: engine.conventions().to_handshake(),
        };
        return serde_json::to_value(hello).map_err(EngineError::failed);
    }
    #[derive(Deserialize)]
    struct Positioned {
        fen: String,
        #[serde(default)]
        moves: Vec<String>,
        #[serde(default)]
        pieces: Vec<crate::vocabulary::PieceDefinition>,
        #[serde(default)]
        variant: crate::vocabulary::Variant,
    }
    let question = match Question::read(&kind, request.clone()) {
        None => {
            return Err(EngineError::Unsupported(format!(
                "unknown request type `{kind}`"
            )));
        }
        Some(read) => {
            read.map_err(|e| EngineError::failed(format!("not a valid `{kind}` request: {e}")))?
        }
    };
    let position = if question.about_a_position() {
        serde_json::from_value::<Positioned>(request)
            .map_err(|e| EngineError::failed(format!("not a valid `{kind}` request: {e}")))?
    } else {
        Positioned {
            fen: String::new(),
            moves: Vec::new(),
            pieces: Vec::new(),
            variant: crate::vocabulary::Variant::Standard,
        }
    };
    let game = Game {
        fen: &position.fen,
        moves: &position.moves,
        pieces: &position.pieces,
        variant: position.variant,
    };
    question.answer(engine, &game)
}

/// Serves `engine` over the protocol: one answer line on `output` per request line of `input`,
/// until `input` ends.
///
/// # Errors
///
/// Reading or writing failed.
pub fn serve(
    engine: &mut dyn Engine,
    input: impl std::io::BufRead,
    mut output: impl std::io::Write,
) -> std::io::Result<()> {
    for line in input.lines() {
        output.write_all(answer_line(engine, &line?).as_bytes())?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reference;
    use crate::question::{self, Question};
    use crate::vocabulary::{AttackSource, Color};
    use serde_json::json;

    const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn ask(line: &str) -> Value {
        serde_json::from_str(&answer_line(&mut Reference::new(), line)).unwrap()
    }

    #[test]
    fn the_castling_spelling_of_the_handshake_is_optional() {
        let hello = |extra: Value| {
            let mut v = json!({"protocol": 1, "name": "x", "version": "1", "capabilities": []});
            v.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            serde_json::from_value::<Hello>(v)
        };
        // An older shim says nothing: the suite's spelling.
        assert_eq!(hello(json!({})).unwrap().castling, None);
        assert_eq!(
            hello(json!({"castling": "king-takes-rook"}))
                .unwrap()
                .castling,
            Some(CastlingNotation::KingTakesRook)
        );
        assert_eq!(
            hello(json!({"castling": "king-destination"}))
                .unwrap()
                .castling,
            Some(CastlingNotation::KingDestination)
        );
        assert!(hello(json!({"castling": "O-O"})).is_err());
        // The reference speaks the suite's spelling, and says nothing.
        let start = ask(r#"{"seq":0,"type":"start"}"#);
        assert!(start["result"].get("castling").is_none(), "{start}");
    }

    #[test]
    fn requests_look_as_documented() {
        let moves = vec!["e2e4".to_owned()];
        let game = Game::new(START_FEN, &moves);
        let attacks = Question::Attacks(question::Attacks {
            source: AttackSource::Side(Color::White),
        });
        assert_eq!(
            request_line(4, &attacks, Some(&game)),
            format!(
                "{{\"seq\":4,\"type\":\"attacks\",\"fen\":\"{START_FEN}\",\"moves\":[\"e2e4\"],\"by\":\"white\"}}\n"
            )
        );
        let fen = Question::ValidateFen(question::ValidateFen {
            fen: "x".into(),
            variant: Default::default(),
        });
        assert_eq!(
            request_line(5, &fen, Some(&game)),
            "{\"seq\":5,\"type\":\"validate_fen\",\"fen\":\"x\"}\n"
        );
        assert_eq!(
            start_line(0),
            "{\"seq\":0,\"type\":\"start\",\"protocol\":1}\n"
        );
    }

    #[test]
    fn every_question_round_trips_through_its_request_line() {
        let moves = vec!["e2e4".to_owned()];
        let game = Game::new(START_FEN, &moves);
        // A value for every argument of the table, by its protocol name: each question is read
        // from it (`Question::read`), none is written here by hand.
        let fields = json!({
            "move": "g8f6",
            "san": "Nf6",
            "from": "d8",
            "depth": 2,
            "fen": START_FEN,
            "events": ["touch g8", "say j'adoube", "release g8 on f6"],
            "side": "black",
        });
        let every = Question::NAMES.iter().map(|&name| {
            Question::read(name, fields.clone())
                .expect("a name of the table")
                .unwrap_or_else(|e| {
                    panic!("`{name}`: give its arguments a value in this test's `fields`: {e}")
                })
        });
        for q in every {
            let q = &q;
            let line = request_line(9, q, Some(&game));
            let value: Value = serde_json::from_str(&line).unwrap();
            assert_eq!(value["type"], q.name());
            let read = Question::read(q.name(), value).unwrap().unwrap();
            assert_eq!(&read, q, "{line}");
            // And the reference answers each one.
            let answer = ask(&line);
            assert!(answer.get("result").is_some(), "{line}: {answer}");
        }
    }

    /// A Chess960 game's requests carry `"variant": "chess960"` (validate_fen's as its own
    /// argument), are read back as the same game, and the reference answers them in Chess960:
    /// castling is the king taking its rook.
    #[test]
    fn a_chess960_request_round_trips_and_is_answered_in_chess960() {
        // The king on f1 between rooks on b1 and g1: O-O is `f1g1`, the king and the rook
        // swapping squares (FIDE Guidelines II.3.2.2); read as standard chess, `f1g1` is the
        // king stepping onto its own rook.
        let fen = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1";
        let game = Game::chess960(fen, &[]);
        let play = Question::Play(question::Play { uci: "f1g1".into() });
        let line = request_line(3, &play, Some(&game));
        let value: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(value["variant"], "chess960", "{line}");
        assert_eq!(Question::read("play", value).unwrap().unwrap(), play);
        let played = ask(&line);
        let after = played["result"]["played"]
            .as_str()
            .unwrap_or_else(|| panic!("{played}"));
        assert!(
            after.starts_with("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b "),
            "{played}"
        );
        // The documented example (docs/PROTOCOL.md, "Chess960"), X-FEN rights in the request.
        let documented = r#"{"seq":4,"type":"play","fen":"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1","moves":[],"variant":"chess960","move":"f1g1"}"#;
        assert_eq!(
            ask(documented),
            json!({"seq": 4, "result": {"played": "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"}})
        );
        // Without the variant the same FEN's `f1g1` is a king's step onto its own rook: refused
        // or an error, never the castling.
        let standard = ask(&request_line(4, &play, Some(&Game::new(fen, &[]))));
        assert!(standard["result"]["played"].is_null(), "{standard}");
        let fen_check = Question::ValidateFen(question::ValidateFen {
            fen: fen.into(),
            variant: crate::vocabulary::Variant::Chess960,
        });
        let line = request_line(5, &fen_check, None);
        assert!(line.contains("\"variant\":\"chess960\""), "{line}");
        let value: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(
            Question::read("validate_fen", value).unwrap().unwrap(),
            fen_check
        );
        assert_eq!(ask(&line)["result"], json!({"valid": true}));
    }

    #[test]
    fn the_serving_side_answers_in_the_documented_shapes() {
        // White to move at halfmove 99: Rh1-h2 completes fifty moves, a2-a3 resets the count.
        let fifty = "4k3/8/8/8/8/8/P7/4K2R w - - 99 80";
        let claims = |mv: &str| {
            ask(&json!({"seq": 5, "type": "draw_claims_with_move", "fen": fifty, "moves": [], "move": mv}).to_string())
        };
        assert_eq!(claims("h1h2"), json!({"seq": 5, "result": ["fifty_moves"]}));
        assert_eq!(claims("a2a3"), json!({"seq": 5, "result": []}));
        let rook_then_king = json!({"seq": 6, "type": "touch_move", "moves": [],
            "fen": "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "events": ["touch h1", "touch e1"]});
        let mut allowed: Vec<String> =
            serde_json::from_value(ask(&rook_then_king.to_string())["result"].clone()).unwrap();
        allowed.sort();
        assert_eq!(
            allowed,
            [
                "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"
            ]
        );
        let accident = json!({"seq": 7, "type": "touch_move", "fen": START_FEN, "moves": [],
            "events": ["touch e2 accidentally"]});
        assert_eq!(
            ask(&accident.to_string()),
            json!({"seq": 7, "result": "any"})
        );
        let bare = |side: &str| {
            ask(
                &json!({"seq": 8, "type": "winnable", "fen": "8/8/8/4k3/8/8/8/2NNK3 w - - 0 1",
                "moves": [], "side": side})
                .to_string(),
            )
        };
        assert_eq!(bare("white"), json!({"seq": 8, "result": "winnable"}));
        assert_eq!(bare("black"), json!({"seq": 8, "result": "unwinnable"}));
        let state = ask(&json!({"seq": 9, "type": "game_state", "moves": [],
            "fen": "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"})
        .to_string());
        assert_eq!(
            state,
            json!({"seq": 9, "result": {"state": "checkmate", "winner": "white"}})
        );
        let hello = ask(r#"{"seq":0,"type":"start","protocol":1}"#);
        assert_eq!(hello["result"]["protocol"], 1);
        assert_eq!(
            hello["result"]["capabilities"].as_array().unwrap().len(),
            crate::Capability::ALL.len()
        );
    }

    #[test]
    fn the_serving_side_answers_bad_requests_in_step() {
        // A malformed field is an error under the request's own `seq`, so the harness stays in
        // step; a missing one names what is missing.
        let grab = json!({"seq": 9, "type": "touch_move", "fen": START_FEN, "moves": [],
            "events": ["grab e2"]});
        let answer = ask(&grab.to_string());
        assert_eq!(answer["seq"], 9);
        let message = answer["error"].as_str().unwrap();
        assert!(
            message.contains("`grab e2` is not a touch-move event"),
            "{message}"
        );
        let answer = ask(
            &json!({"seq": 10, "type": "winnable", "fen": START_FEN, "moves": [], "side": "both"})
                .to_string(),
        );
        assert_eq!(answer["seq"], 10);
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .starts_with("not a valid `winnable` request"),
            "{answer}"
        );
        let answer = ask(&json!({"seq": 11, "type": "winnable", "fen": START_FEN}).to_string());
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("missing field `side`"),
            "{answer}"
        );
        let answer = ask(&json!({"seq": 12, "type": "legal_moves", "moves": []}).to_string());
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("missing field `fen`"),
            "{answer}"
        );
        let answer = ask(
            &json!({"seq": 13, "type": "attacks", "fen": START_FEN, "moves": [],
            "by": "white", "from": "e1"})
            .to_string(),
        );
        assert!(
            answer["error"].as_str().unwrap().contains("not both"),
            "{answer}"
        );
        assert_eq!(
            ask(r#"{"seq":14,"type":"castle_in_960"}"#),
            json!({"seq": 14, "unsupported": "unknown request type `castle_in_960`"})
        );
        assert_eq!(ask("nonsense")["seq"], 0);
        assert!(
            ask("[1]")["error"]
                .as_str()
                .unwrap()
                .contains("not a JSON object")
        );
    }

    #[test]
    fn envelopes() {
        assert_eq!(
            parse_reply(json!({"seq": 4, "result": null})),
            Ok((4, Reply::Result(Value::Null)))
        );
        assert_eq!(
            parse_reply(json!({"seq": 4, "unsupported": "no SAN"})),
            Ok((4, Reply::Unsupported("no SAN".into())))
        );
        assert_eq!(
            parse_reply(json!({"seq": 4, "result": 1, "error": "x"})),
            Err("the answer must have exactly one of `result`, `unsupported` and `error`; it has `result` and `error`".into())
        );
        assert!(
            parse_reply(json!({"result": 1}))
                .unwrap_err()
                .contains("`seq`")
        );
        assert!(parse_reply(json!([1])).is_err());
        assert!(parse_reply(json!({"seq": 1, "error": 5})).is_err());
    }

    #[test]
    fn a_position_of_historical_pieces_carries_them_and_is_answered_by_the_fairy_reference() {
        let pieces = [crate::vocabulary::PieceDefinition {
            letter: 'a',
            name: "amazon".into(),
            betza: "QN".into(),
        }];
        let game = Game {
            fen: "k7/8/8/8/1A6/8/8/7K w - - 0 1",
            moves: &[],
            pieces: &pieces,
            variant: Default::default(),
        };
        let line = request_line(
            4,
            &Question::San(question::San { uci: "b4b6".into() }),
            Some(&game),
        );
        assert_eq!(
            line,
            "{\"seq\":4,\"type\":\"san\",\"fen\":\"k7/8/8/8/1A6/8/8/7K w - - 0 1\",\"moves\":[],\
             \"pieces\":[{\"letter\":\"a\",\"name\":\"amazon\",\"betza\":\"QN\"}],\"move\":\"b4b6\"}\n"
        );
        assert_eq!(ask(&line)["result"], "Ab6#");
        // Without the definitions the letter means nothing: an error, not a guess.
        let bare = request_line(
            5,
            &Question::San(question::San { uci: "b4b6".into() }),
            Some(&Game::new(game.fen, &[])),
        );
        assert!(!bare.contains("pieces"), "{bare}");
        assert!(ask(&bare).get("error").is_some(), "{bare}");
    }
}
