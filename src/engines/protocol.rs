//! The engine protocol's messages: one JSON object per line, each request carrying the position
//! it asks about (docs/PROTOCOL.md).
//!
//! This module is the one place that maps the [`Engine`] questions to protocol messages, both
//! ways: [`Request`] (what the harness sends), [`MESSAGES`] (each type's JSON Schemas, embedded
//! from `docs/protocol/`), the answer types, the [`Engine`] implementation of
//! [`ProcessEngine`] (each question one request) and [`answer_line`] (the other side: any
//! [`Engine`] served over the protocol). The process itself, timeouts and restarts are
//! `process.rs`'s business.
//!
//! Adding a question to the protocol: a [`Request`] variant and its `name`, the two schema files
//! and their line in [`MESSAGES`], the capability's line in [`carriers`], a method in
//! `impl Engine for ProcessEngine` and an arm in `dispatch`. Shims answer request types they do
//! not know with `unsupported`, so older shims keep working. A capability with no request type
//! is ignored when an engine declares it ([`carried`]), so its cases are skipped.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::process::ProcessEngine;
use crate::case::{Color, DrawClaim, MatingMaterial, StateName, Winnability};
use crate::engine::{
    Answer, AttackSource, Capabilities, Capability, Engine, EngineError, FenCheck, Game, GameState,
    Identity, MoveResult,
};
use crate::touch::{Obligation, TouchEvent};

/// The protocol version this harness speaks.
pub const VERSION: u32 = 1;

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

/// The request types through which the protocol carries `capability`: for a question, the
/// request that asks it; for a rule inside the answers (`repetition`, `fivefold`, ...), the
/// requests whose answers apply it. Empty when this version of the protocol cannot carry it.
///
/// Every capability is listed here (the match has no wildcard), so a capability added to
/// [`Capability`] does not compile until someone decides how the protocol carries it, and one
/// mapped to nothing is never usable over the protocol: the harness ignores it when an engine
/// declares it ([`carried`]), so its cases are skipped rather than sent a request type the
/// engine cannot know.
pub fn carriers(capability: Capability) -> &'static [&'static str] {
    match capability {
        Capability::LegalMoves => &["legal_moves"],
        Capability::Check => &["in_check"],
        Capability::Checkers => &["checkers"],
        Capability::GameState => &["game_state"],
        Capability::DrawClaims => &["draw_claims"],
        Capability::MatingMaterial => &["mating_material"],
        Capability::Play => &["play"],
        Capability::San => &["san"],
        Capability::ParseSan => &["parse_san"],
        Capability::Attacks => &["attacks"],
        Capability::Perft => &["perft"],
        Capability::ValidateFen => &["validate_fen"],
        Capability::Repetition | Capability::MoveClocks => {
            &["draw_claims", "draw_claims_with_move"]
        }
        Capability::InsufficientMaterial
        | Capability::DeadPosition
        | Capability::Fivefold
        | Capability::SeventyFiveMoves => &["game_state"],
        Capability::ClaimWithMove => &["draw_claims_with_move"],
        Capability::TouchMove => &["touch_move"],
        Capability::Winnable => &["winnable"],
    }
}

/// The capabilities this version of the protocol carries: those with a request type in
/// [`MESSAGES`] (see [`carriers`]).
pub fn carried() -> Capabilities {
    Capability::ALL
        .iter()
        .copied()
        .filter(|&c| {
            let requests = carriers(c);
            !requests.is_empty()
                && requests
                    .iter()
                    .all(|name| MESSAGES.iter().any(|m| m.name == *name))
        })
        .collect()
}

/// The definitions the message schemas share (`docs/protocol/common.schema.json`).
pub const COMMON_SCHEMA: &str = include_str!("../../docs/protocol/common.schema.json");

/// A request, without its sequence number. Serializes to the protocol's JSON (`type` and the
/// request's fields).
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request<'a> {
    /// The handshake.
    Start {
        /// [`VERSION`].
        protocol: u32,
    },
    /// [`Engine::legal_moves`].
    LegalMoves(Position<'a>),
    /// [`Engine::in_check`].
    InCheck(Position<'a>),
    /// [`Engine::checkers`].
    Checkers(Position<'a>),
    /// [`Engine::game_state`].
    GameState(Position<'a>),
    /// [`Engine::draw_claims`].
    DrawClaims(Position<'a>),
    /// [`Engine::mating_material`].
    MatingMaterial(Position<'a>),
    /// [`Engine::play`].
    Play {
        /// The position.
        #[serde(flatten)]
        position: Position<'a>,
        /// The UCI move to play.
        #[serde(rename = "move")]
        mv: &'a str,
    },
    /// [`Engine::san`].
    San {
        /// The position.
        #[serde(flatten)]
        position: Position<'a>,
        /// The UCI move to write in SAN.
        #[serde(rename = "move")]
        mv: &'a str,
    },
    /// [`Engine::parse_san`].
    ParseSan {
        /// The position.
        #[serde(flatten)]
        position: Position<'a>,
        /// The SAN to read.
        san: &'a str,
    },
    /// [`Engine::attacks`].
    Attacks {
        /// The position.
        #[serde(flatten)]
        position: Position<'a>,
        /// A side, for its attacks.
        #[serde(skip_serializing_if = "Option::is_none")]
        by: Option<Color>,
        /// A square, for the attacks of the piece there.
        #[serde(skip_serializing_if = "Option::is_none")]
        from: Option<&'a str>,
    },
    /// [`Engine::perft`].
    Perft {
        /// The position.
        #[serde(flatten)]
        position: Position<'a>,
        /// The depth, at least 1.
        depth: u32,
    },
    /// [`Engine::validate_fen`].
    ValidateFen {
        /// The FEN, possibly invalid on purpose.
        fen: &'a str,
    },
    /// [`Engine::draw_claims_with_move`].
    DrawClaimsWithMove {
        /// The position.
        #[serde(flatten)]
        position: Position<'a>,
        /// The legal UCI move declared with the claim.
        #[serde(rename = "move")]
        mv: &'a str,
    },
    /// [`Engine::touch_move`].
    TouchMove {
        /// The position.
        #[serde(flatten)]
        position: Position<'a>,
        /// What happened at the board, in order, each in its string form (`touch e2`).
        events: &'a [TouchEvent],
    },
    /// [`Engine::winnable`].
    Winnable {
        /// The position.
        #[serde(flatten)]
        position: Position<'a>,
        /// The side asked about.
        side: Color,
    },
}

impl Request<'_> {
    /// The request's `type`.
    pub fn name(&self) -> &'static str {
        match self {
            Request::Start { .. } => "start",
            Request::LegalMoves(_) => "legal_moves",
            Request::InCheck(_) => "in_check",
            Request::Checkers(_) => "checkers",
            Request::GameState(_) => "game_state",
            Request::DrawClaims(_) => "draw_claims",
            Request::MatingMaterial(_) => "mating_material",
            Request::Play { .. } => "play",
            Request::San { .. } => "san",
            Request::ParseSan { .. } => "parse_san",
            Request::Attacks { .. } => "attacks",
            Request::Perft { .. } => "perft",
            Request::ValidateFen { .. } => "validate_fen",
            Request::DrawClaimsWithMove { .. } => "draw_claims_with_move",
            Request::TouchMove { .. } => "touch_move",
            Request::Winnable { .. } => "winnable",
        }
    }

    /// The request as one line of JSON, with its sequence number.
    pub fn to_line(&self, seq: u64) -> String {
        #[derive(Serialize)]
        struct Numbered<'r, 'a> {
            seq: u64,
            #[serde(flatten)]
            request: &'r Request<'a>,
        }
        let mut line = serde_json::to_string(&Numbered { seq, request: self })
            .expect("requests always serialize");
        line.push('\n');
        line
    }
}

/// The position a request asks about: a FEN and the UCI moves played from it.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Position<'a> {
    /// The starting FEN.
    pub fen: &'a str,
    /// The moves played from it.
    pub moves: &'a [String],
}

impl<'a> From<&Game<'a>> for Position<'a> {
    fn from(game: &Game<'a>) -> Position<'a> {
        Position {
            fen: game.fen,
            moves: game.moves,
        }
    }
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

/// The result of the handshake.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Hello {
    /// The protocol version the engine speaks.
    pub protocol: u32,
    /// The implementation's name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The capabilities it declares, by kebab-case name.
    pub capabilities: Vec<String>,
}

/// The result of `game_state`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateAnswer {
    state: StateName,
    winner: Option<Color>,
}

impl TryFrom<StateAnswer> for GameState {
    type Error = String;

    fn try_from(answer: StateAnswer) -> Result<GameState, String> {
        Ok(match (answer.state, answer.winner) {
            (StateName::Checkmate, Some(winner)) => GameState::Checkmate { winner },
            (StateName::Checkmate, None) => return Err("a checkmate without a `winner`".into()),
            (state, Some(_)) => return Err(format!("a `winner` for a game that is {state:?}")),
            (StateName::Ongoing, None) => GameState::Ongoing,
            (StateName::Stalemate, None) => GameState::Stalemate,
            (StateName::InsufficientMaterial, None) => GameState::InsufficientMaterial,
            (StateName::FivefoldRepetition, None) => GameState::FivefoldRepetition,
            (StateName::SeventyFiveMoves, None) => GameState::SeventyFiveMoves,
            (StateName::DeadPosition, None) => GameState::DeadPosition,
        })
    }
}

/// The result of `play`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum PlayAnswer {
    /// `{"played": FEN}`.
    Played(String),
    /// `{"refused": "why"}`.
    Refused(String),
}

impl From<PlayAnswer> for MoveResult {
    fn from(answer: PlayAnswer) -> MoveResult {
        match answer {
            PlayAnswer::Played(fen) => MoveResult::Played(fen),
            PlayAnswer::Refused(why) => MoveResult::Refused(why),
        }
    }
}

/// The result of `validate_fen`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FenAnswer {
    valid: bool,
    reason: Option<String>,
}

impl From<FenAnswer> for FenCheck {
    fn from(answer: FenAnswer) -> FenCheck {
        if answer.valid {
            FenCheck::Accepted
        } else {
            FenCheck::Rejected(
                answer
                    .reason
                    .unwrap_or_else(|| "no reason given".to_owned()),
            )
        }
    }
}

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

// --- The harness's side: each question one request ---

impl Engine for ProcessEngine {
    fn identity(&self) -> Identity {
        Identity {
            name: self.hello().name.clone(),
            version: self.hello().version.clone(),
        }
    }

    fn capabilities(&self) -> Capabilities {
        self.known_capabilities()
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        self.ask(&Request::LegalMoves(game.into()))
    }

    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        self.ask(&Request::InCheck(game.into()))
    }

    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        self.ask(&Request::Checkers(game.into()))
    }

    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        let answer: StateAnswer = self.ask(&Request::GameState(game.into()))?;
        GameState::try_from(answer).map_err(|e| {
            EngineError::failed(format!("the answer to game_state is not a state: {e}"))
        })
    }

    fn draw_claims(&mut self, game: &Game) -> Answer<Vec<DrawClaim>> {
        self.ask(&Request::DrawClaims(game.into()))
    }

    fn mating_material(&mut self, game: &Game) -> Answer<MatingMaterial> {
        self.ask(&Request::MatingMaterial(game.into()))
    }

    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        let answer: PlayAnswer = self.ask(&Request::Play {
            position: game.into(),
            mv: uci,
        })?;
        Ok(answer.into())
    }

    fn san(&mut self, game: &Game, uci: &str) -> Answer<String> {
        self.ask(&Request::San {
            position: game.into(),
            mv: uci,
        })
    }

    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        self.ask(&Request::ParseSan {
            position: game.into(),
            san,
        })
    }

    fn attacks(&mut self, game: &Game, source: AttackSource) -> Answer<Vec<String>> {
        let (by, from) = match source {
            AttackSource::Side(color) => (Some(color), None),
            AttackSource::Square(square) => (None, Some(square)),
        };
        self.ask(&Request::Attacks {
            position: game.into(),
            by,
            from,
        })
    }

    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        if depth == 0 {
            return Ok(1);
        }
        self.ask(&Request::Perft {
            position: game.into(),
            depth,
        })
    }

    fn validate_fen(&mut self, fen: &str) -> Answer<FenCheck> {
        let answer: FenAnswer = self.ask(&Request::ValidateFen { fen })?;
        Ok(answer.into())
    }

    fn draw_claims_with_move(&mut self, game: &Game, uci: &str) -> Answer<Vec<DrawClaim>> {
        self.ask(&Request::DrawClaimsWithMove {
            position: game.into(),
            mv: uci,
        })
    }

    fn touch_move(&mut self, game: &Game, events: &[TouchEvent]) -> Answer<Obligation> {
        self.ask(&Request::TouchMove {
            position: game.into(),
            events,
        })
    }

    fn winnable(&mut self, game: &Game, side: Color) -> Answer<Winnability> {
        self.ask(&Request::Winnable {
            position: game.into(),
            side,
        })
    }
}

// --- The engine's side: any Engine served over the protocol ---

/// A request as an engine receives it: every field any type may carry.
#[derive(Debug, Default, Deserialize)]
struct Incoming {
    seq: Option<u64>,
    #[serde(rename = "type")]
    kind: Option<String>,
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(rename = "move")]
    mv: Option<String>,
    san: Option<String>,
    by: Option<Color>,
    from: Option<String>,
    depth: Option<u32>,
    events: Option<Vec<String>>,
    side: Option<Color>,
}

/// The answer line (with its newline) an engine gives to one request line: how
/// [`serve`] answers, and what a Rust engine in its own process can use directly.
pub fn answer_line(engine: &mut dyn Engine, line: &str) -> String {
    let (seq, reply) = match serde_json::from_str::<Incoming>(line) {
        Ok(request) => (request.seq.unwrap_or(0), dispatch(engine, &request)),
        Err(e) => {
            // A malformed field still gets its error under the request's own `seq`, when it
            // has one, so that the harness stays in step.
            #[derive(Deserialize)]
            struct Seq {
                seq: Option<u64>,
            }
            let seq = serde_json::from_str::<Seq>(line).ok().and_then(|s| s.seq);
            let why = format!("not a request: {e}");
            (seq.unwrap_or(0), Err(EngineError::failed(why)))
        }
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

/// Asks `engine` the question `request` carries.
fn dispatch(engine: &mut dyn Engine, request: &Incoming) -> Answer<Value> {
    let kind = request.kind.as_deref().unwrap_or("");
    if kind == "start" {
        // Only what the protocol can carry: a capability without a request type is no use to
        // the harness, which would ignore it.
        let capabilities: Vec<&str> = engine
            .capabilities()
            .iter()
            .filter(|&c| carried().contains(c))
            .map(Capability::name)
            .collect();
        let identity = engine.identity();
        return Ok(serde_json::json!({
            "protocol": VERSION,
            "name": identity.name,
            "version": identity.version,
            "capabilities": capabilities,
        }));
    }
    fn need<'r>(kind: &str, field: Option<&'r str>, name: &str) -> Answer<&'r str> {
        field.ok_or_else(|| EngineError::failed(format!("a `{kind}` request needs `{name}`")))
    }
    if kind == "validate_fen" {
        let fen = need(kind, request.fen.as_deref(), "fen")?;
        return Ok(match engine.validate_fen(fen)? {
            FenCheck::Accepted => serde_json::json!({ "valid": true }),
            FenCheck::Rejected(why) => serde_json::json!({ "valid": false, "reason": why }),
        });
    }
    let fen = need(kind, request.fen.as_deref(), "fen")?;
    let game = Game {
        fen,
        moves: &request.moves,
    };
    let json = |v: serde_json::Result<Value>| v.map_err(EngineError::failed);
    match kind {
        "legal_moves" => json(serde_json::to_value(engine.legal_moves(&game)?)),
        "in_check" => Ok(engine.in_check(&game)?.into()),
        "checkers" => json(serde_json::to_value(engine.checkers(&game)?)),
        "game_state" => Ok(match engine.game_state(&game)? {
            GameState::Checkmate { winner } => {
                serde_json::json!({ "state": "checkmate", "winner": winner })
            }
            other => serde_json::json!({ "state": other.to_string() }),
        }),
        "draw_claims" => json(serde_json::to_value(engine.draw_claims(&game)?)),
        "mating_material" => json(serde_json::to_value(engine.mating_material(&game)?)),
        "play" => Ok(
            match engine.play(&game, need(kind, request.mv.as_deref(), "move")?)? {
                MoveResult::Played(fen) => serde_json::json!({ "played": fen }),
                MoveResult::Refused(why) => serde_json::json!({ "refused": why }),
            },
        ),
        "san" => Ok(engine
            .san(&game, need(kind, request.mv.as_deref(), "move")?)?
            .into()),
        "parse_san" => json(serde_json::to_value(
            engine.parse_san(&game, need(kind, request.san.as_deref(), "san")?)?,
        )),
        "attacks" => {
            let source = match (request.by, request.from.as_deref()) {
                (Some(color), None) => AttackSource::Side(color),
                (None, Some(square)) => AttackSource::Square(square),
                _ => {
                    return Err(EngineError::failed(
                        "an `attacks` request needs `by` or `from`, not both",
                    ));
                }
            };
            json(serde_json::to_value(engine.attacks(&game, source)?))
        }
        "perft" => Ok(engine
            .perft(
                &game,
                request
                    .depth
                    .ok_or_else(|| EngineError::failed("a `perft` request needs `depth`"))?,
            )?
            .into()),
        "draw_claims_with_move" => json(serde_json::to_value(
            engine.draw_claims_with_move(&game, need(kind, request.mv.as_deref(), "move")?)?,
        )),
        "touch_move" => {
            let events = request
                .events
                .as_deref()
                .ok_or_else(|| EngineError::failed("a `touch_move` request needs `events`"))?
                .iter()
                .map(|e| e.parse::<TouchEvent>().map_err(EngineError::failed))
                .collect::<Answer<Vec<_>>>()?;
            json(serde_json::to_value(engine.touch_move(&game, &events)?))
        }
        "winnable" => {
            let side = request
                .side
                .ok_or_else(|| EngineError::failed("a `winnable` request needs `side`"))?;
            json(serde_json::to_value(engine.winnable(&game, side)?))
        }
        other => Err(EngineError::Unsupported(format!(
            "unknown request type `{other}`"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn value(request: &Request) -> Value {
        serde_json::from_str(&request.to_line(7)).unwrap()
    }

    /// One request of every type, as the harness sends them.
    fn every_request(moves: &[String]) -> Vec<Request<'_>> {
        let p = Position { fen: START, moves };
        vec![
            Request::Start { protocol: VERSION },
            Request::LegalMoves(p),
            Request::InCheck(p),
            Request::Checkers(p),
            Request::GameState(p),
            Request::DrawClaims(p),
            Request::MatingMaterial(p),
            Request::Play {
                position: p,
                mv: "e2e4",
            },
            Request::San {
                position: p,
                mv: "g1f3",
            },
            Request::ParseSan {
                position: p,
                san: "Nf3",
            },
            Request::Attacks {
                position: p,
                by: Some(Color::White),
                from: None,
            },
            Request::Attacks {
                position: p,
                by: None,
                from: Some("d1"),
            },
            Request::Perft {
                position: p,
                depth: 2,
            },
            Request::ValidateFen { fen: "not a fen" },
            Request::DrawClaimsWithMove {
                position: p,
                mv: "g1f3",
            },
            Request::TouchMove {
                position: p,
                events: TOUCHES.get_or_init(|| {
                    ["touch g1", "say j'adoube", "adjust e2", "release g1 on f3"]
                        .iter()
                        .map(|e| e.parse().unwrap())
                        .collect()
                }),
            },
            Request::Winnable {
                position: p,
                side: Color::Black,
            },
        ]
    }

    static TOUCHES: OnceLock<Vec<TouchEvent>> = OnceLock::new();

    #[test]
    fn every_request_type_has_schemas_and_every_request_matches_its_schema() {
        let schemas = Schemas::get();
        let moves = vec!["e2e4".to_owned(), "e7e5".to_owned()];
        let requests = every_request(&moves);
        for m in MESSAGES {
            assert!(
                requests.iter().any(|r| r.name() == m.name),
                "no test request of type {}",
                m.name
            );
        }
        for r in &requests {
            let v = value(r);
            assert_eq!(v["type"], r.name());
            assert_eq!(v["seq"], 7);
            schemas
                .check_request(r.name(), &v)
                .unwrap_or_else(|e| panic!("{v}: {e}"));
        }
    }

    #[test]
    fn requests_look_as_documented() {
        let moves = vec!["e2e4".to_owned()];
        let p = Position {
            fen: START,
            moves: &moves,
        };
        assert_eq!(
            Request::Play {
                position: p,
                mv: "e7e5"
            }
            .to_line(3),
            format!(
                "{{\"seq\":3,\"type\":\"play\",\"fen\":\"{START}\",\"moves\":[\"e2e4\"],\"move\":\"e7e5\"}}\n"
            )
        );
        assert_eq!(
            Request::Start { protocol: 1 }.to_line(0),
            "{\"seq\":0,\"type\":\"start\",\"protocol\":1}\n"
        );
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
    fn every_capability_is_carried_by_request_types_that_exist() {
        for &c in Capability::ALL {
            let requests = carriers(c);
            assert!(!requests.is_empty(), "{c} has no request type");
            for name in requests {
                assert!(
                    MESSAGES.iter().any(|m| m.name == *name),
                    "{c}: no message `{name}`"
                );
            }
        }
        assert_eq!(carried(), Capabilities::all());
        // And every request type but the handshake asks some capability's question.
        for m in MESSAGES.iter().filter(|m| m.name != "start") {
            assert!(
                Capability::ALL.iter().any(|&c| carriers(c) == [m.name]),
                "`{}` is no capability's question",
                m.name
            );
        }
    }

    /// The three newer questions through the serving side: what the reference answers in
    /// process, the protocol's answer carries, in the documented shapes.
    #[test]
    fn the_serving_side_answers_the_newer_questions() {
        let ask = |line: &str| -> Value {
            let mut reference = crate::Reference::new();
            serde_json::from_str(&answer_line(&mut reference, line)).unwrap()
        };
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
        let accident = json!({"seq": 7, "type": "touch_move", "fen": START, "moves": [],
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
        // A malformed field is an error under the request's own `seq`, so the harness stays in
        // step; a missing one names what is missing.
        let grab = json!({"seq": 9, "type": "touch_move", "fen": START, "moves": [],
            "events": ["grab e2"]});
        let answer = ask(&grab.to_string());
        assert_eq!(answer["seq"], 9);
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("`grab e2` is not a touch-move event"),
            "{answer}"
        );
        let answer = ask(
            &json!({"seq": 10, "type": "winnable", "fen": START, "moves": [],
            "side": "both"})
            .to_string(),
        );
        assert_eq!(answer["seq"], 10);
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .starts_with("not a request")
        );
        let answer =
            ask(&json!({"seq": 11, "type": "winnable", "fen": START, "moves": []}).to_string());
        assert_eq!(
            answer,
            json!({"seq": 11, "error": "a `winnable` request needs `side`"})
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
    fn answers_map_to_engine_types() {
        let state = |v: Value| {
            serde_json::from_value::<StateAnswer>(v)
                .map_err(|e| e.to_string())
                .and_then(GameState::try_from)
        };
        assert_eq!(
            state(json!({"state": "checkmate", "winner": "white"})),
            Ok(GameState::Checkmate {
                winner: Color::White
            })
        );
        assert!(state(json!({"state": "checkmate"})).is_err());
        assert!(state(json!({"state": "ongoing", "winner": "black"})).is_err());
        assert!(state(json!({"state": "draw"})).is_err());
        let play: PlayAnswer = serde_json::from_value(json!({"refused": "no"})).unwrap();
        assert_eq!(MoveResult::from(play), MoveResult::Refused("no".into()));
        let fen: FenAnswer = serde_json::from_value(json!({"valid": false})).unwrap();
        assert_eq!(
            FenCheck::from(fen),
            FenCheck::Rejected("no reason given".into())
        );
    }
}
