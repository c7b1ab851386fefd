//! `process:COMMAND ARGS`: an engine in any language, in its own long-lived process, speaking the
//! JSON-lines protocol of docs/PROTOCOL.md.
//!
//! Faults never stop a run. Each request has a deadline; an engine that misses it is killed. An
//! engine that crashes, prints something that is not an answer (not JSON, too long, the wrong
//! sequence number) or is killed is started again for the next request, and the request it was
//! answering becomes an error verdict that names the engine, the request, what was received and
//! the end of the engine's stderr. An engine that cannot be started again three times in a row is
//! given up: every later request fails at once, so a run always completes.

use serde::de::DeserializeOwned;
use serde_json::Value;
use std::time::Instant;

use crate::Options;
use crate::castling::{Conversion, Spelling};
use crate::child::{self, Fault, LineChild};
use crate::schema::Schemas;
use crate::supervisor::{self, Failure, Supervisor};
use chess_conformance::protocol::{self, CastlingNotation, Client, Hello, Remote, Reply};
use chess_conformance::question::{DrawClaimsWithMove, Play, Question, San};
use chess_conformance::{
    Answer, Capabilities, Capability, Conventions, EngineError, Game, Identity,
};

/// How much of a bad answer an error message quotes.
const QUOTED_CHARS: usize = 300;

/// An engine in another process, spoken to in JSON lines: a [`Process`] behind
/// [`Remote`], which sends each question as its request.
pub type ProcessEngine = Remote<Process>;

/// The process of a `process:` engine and the conversation with it.
pub struct Process {
    supervisor: Supervisor,
    validate_protocol: bool,
    hello: Hello,
    capabilities: Capabilities,
    conventions: Conventions,
    ignored: Vec<String>,
    ignored_conventions: Vec<String>,
    seq: u64,
    /// Requests sent since the current case began ([`Client::begin_case`]); `None` before the
    /// first case. Error messages name a request by this count, which does not depend on how
    /// many cases this process answered before.
    in_case: Option<u64>,
    waited: std::time::Duration,
}

impl std::fmt::Debug for Process {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Process")
            .field("supervisor", &self.supervisor)
            .field("hello", &self.hello)
            .finish_non_exhaustive()
    }
}

impl Process {
    /// Starts `argv` (a program and its arguments, run without a shell) and shakes hands.
    ///
    /// # Errors
    ///
    /// A message naming the command when it cannot be started, does not answer the handshake,
    /// or speaks another protocol version.
    pub fn start(argv: Vec<String>, options: Options) -> Result<ProcessEngine, String> {
        if argv.is_empty() {
            return Err("`process:` needs a command, e.g. `process:python3 shim.py`".into());
        }
        let mut engine = Process {
            supervisor: Supervisor::new(argv, options.limits),
            validate_protocol: options.validate_protocol,
            hello: Hello {
                protocol: protocol::VERSION,
                name: String::new(),
                version: String::new(),
                capabilities: Vec::new(),
                castling: None,
                conventions: None,
            },
            capabilities: Capabilities::NONE,
            conventions: Conventions::SUITE,
            ignored: Vec::new(),
            ignored_conventions: Vec::new(),
            seq: 0,
            in_case: None,
            waited: std::time::Duration::ZERO,
        };
        let (mut child, hello) = engine.connect()?;
        let (capabilities, ignored) = read_capabilities(&hello.capabilities);
        let (conventions, ignored_conventions) =
            match read_conventions(hello.conventions.as_ref(), capabilities) {
                Ok(read) => read,
                Err(why) => {
                    supervisor::kill(&mut child);
                    return Err(format!(
                        "engine `{}` did not complete the handshake: {why}",
                        engine.command()
                    ));
                }
            };
        engine.supervisor.keep(child);
        engine.hello = hello;
        engine.capabilities = capabilities;
        engine.conventions = conventions;
        engine.ignored = ignored;
        engine.ignored_conventions = ignored_conventions;
        Ok(Remote(engine))
    }

    /// The handshake's answer: name, version and the capabilities as declared.
    pub fn hello(&self) -> &Hello {
        &self.hello
    }

    /// How many requests were sent (the handshakes included), and the time spent waiting for
    /// their answers: from writing a request to reading its answer line, so the engine's work
    /// plus the transport. What a run takes beyond this is the harness's own.
    pub fn time_waiting(&self) -> (u64, std::time::Duration) {
        (self.seq, self.waited)
    }

    /// The capability names the engine declared that this harness does not know, and ignores.
    pub fn ignored_capabilities(&self) -> &[String] {
        &self.ignored
    }

    /// The convention names the engine declared that this harness does not know, and ignores
    /// (its answers are then compared in full).
    pub fn ignored_conventions(&self) -> &[String] {
        &self.ignored_conventions
    }

    /// The command line, for messages.
    fn command(&self) -> String {
        self.supervisor.command()
    }

    /// Starts the process and shakes hands.
    fn connect(&mut self) -> Result<(LineChild, Hello), String> {
        let command = self.command();
        let mut child = self.supervisor.spawn()?;
        let (about, answer) = self.exchange(&mut child, Message::Start);
        let hello: Hello = match answer {
            Ok(hello) => hello,
            Err(failure) => {
                let why = match failure {
                    Failure::Answer(EngineError::Failed(why)) => why,
                    Failure::Answer(unsupported) => unsupported.to_string(),
                    Failure::Restart(why) => {
                        supervisor::kill(&mut child);
                        supervisor::with_stderr(why, &child)
                    }
                };
                return Err(format!(
                    "engine `{command}` did not complete the handshake ({about}): {why}"
                ));
            }
        };
        if hello.protocol != protocol::VERSION {
            return Err(format!(
                "engine `{command}` speaks protocol version {}; this harness speaks version {}",
                hello.protocol,
                protocol::VERSION
            ));
        }
        Ok((child, hello))
    }

    /// Sends one request to `child` and reads its answer, within the timeout. Also returns
    /// the request as messages name it: `request 3 of the case (legal_moves)`, counted from the
    /// case's first question so that a report is the same for any `--jobs` (a restart's
    /// handshake is `start, before request 3 of the case`); before the first case, by its
    /// sequence number (`request 0 (start)`).
    fn exchange<T: DeserializeOwned>(
        &mut self,
        child: &mut LineChild,
        message: Message,
    ) -> (String, Result<T, Failure>) {
        let seq = self.seq;
        self.seq += 1;
        let about = match (&mut self.in_case, message) {
            // A restart's handshake: not one of the case's requests, which are counted alike
            // whether the instance answering them was restarted first or not.
            (Some(count), Message::Start) => {
                format!("start, before request {} of the case", *count + 1)
            }
            (Some(count), Message::Question(..)) => {
                *count += 1;
                format!("request {count} of the case ({})", message.name())
            }
            (None, _) => format!("request {seq} ({})", message.name()),
        };
        let mut waited = std::time::Duration::ZERO;
        let answer = self.exchange_numbered(child, message, seq, &mut waited);
        self.waited += waited;
        (about, answer)
    }

    fn exchange_numbered<T: DeserializeOwned>(
        &self,
        child: &mut LineChild,
        message: Message,
        seq: u64,
        waited: &mut std::time::Duration,
    ) -> Result<T, Failure> {
        let name = message.name();
        let line = match message {
            Message::Start => protocol::start_line(seq),
            Message::Question(question, game) => protocol::request_line(seq, question, game),
        };
        let schemas = self.validate_protocol.then(Schemas::get);
        let failed = |why: String| Failure::Answer(EngineError::Failed(why));
        if let Some(schemas) = schemas {
            let value: Value = serde_json::from_str(&line).expect("a request is JSON");
            schemas.check_request(name, &value).map_err(|e| {
                failed(format!(
                    "the harness's own request is invalid ({e}); this is a bug in the harness"
                ))
            })?;
        }
        let fault = |fault: Fault| Failure::Restart(fault.to_string());
        // A line waiting before the request is sent answers nothing it asks, whatever `seq`
        // it carries (a stray line may carry this one's): an error, the engine restarted,
        // never a verdict judged on it.
        if name != protocol::START
            && let Some(stray) = child.unasked()
        {
            return Err(Failure::Restart(format!(
                "the engine wrote a line before request {seq} was sent, which no request asked \
                 for: received `{}`",
                quote(&stray.map_err(fault)?)
            )));
        }
        let sent = Instant::now();
        let deadline = child::deadline_after(self.supervisor.limits().timeout);
        let text = child
            .send(&line)
            .and_then(|()| child.receive(deadline))
            .map_err(fault);
        *waited = sent.elapsed();
        read_answer(&text?, seq, name, schemas)
    }

    /// Asks one question, restarting the engine first if an earlier fault stopped it.
    fn request<T: DeserializeOwned>(&mut self, message: Message) -> Answer<T> {
        if let Some(why) = self.supervisor.given_up() {
            return Err(EngineError::Failed(why.to_owned()));
        }
        let mut child = match self.supervisor.take() {
            Some(child) => child,
            None => {
                let attempt = self.restart();
                self.supervisor.started(attempt)?
            }
        };
        let (about, answer) = self.exchange(&mut child, message);
        let command = self.command();
        match answer {
            Ok(value) => {
                self.supervisor.keep(child);
                Ok(value)
            }
            Err(Failure::Answer(EngineError::Failed(why))) => {
                self.supervisor.keep(child);
                Err(EngineError::Failed(format!(
                    "engine `{command}`, {about}: {why}"
                )))
            }
            Err(Failure::Answer(unsupported)) => {
                self.supervisor.keep(child);
                Err(unsupported)
            }
            Err(Failure::Restart(why)) => {
                let why = self.supervisor.lost(child, &why);
                Err(EngineError::failed(format!(
                    "engine `{command}`, {about}: {why}"
                )))
            }
        }
    }

    /// Starts the engine again after a fault; checks it is the same engine.
    fn restart(&mut self) -> Result<LineChild, String> {
        let (child, hello) = self.connect()?;
        if hello == self.hello {
            Ok(child)
        } else {
            Err(format!(
                "engine `{}` restarted as {} {} with capabilities [{}], not as the {} {} \
                 with [{}] it started as",
                self.command(),
                hello.name,
                hello.version,
                hello.capabilities.join(", "),
                self.hello.name,
                self.hello.version,
                self.hello.capabilities.join(", ")
            ))
        }
    }
}

/// What the harness sends: the handshake, or a question (with its position).
#[derive(Clone, Copy)]
enum Message<'q> {
    Start,
    Question(&'q Question, Option<&'q Game<'q>>),
}

impl Message<'_> {
    fn name(&self) -> &'static str {
        match self {
            Message::Start => protocol::START,
            Message::Question(question, _) => question.name(),
        }
    }
}

impl Client for Process {
    fn identity(&self) -> Identity {
        Identity {
            name: self.hello.name.clone(),
            version: self.hello.version.clone(),
        }
    }

    fn capabilities(&self) -> Capabilities {
        self.capabilities
    }

    fn begin_case(&mut self) {
        self.in_case = Some(0);
    }

    fn conventions(&self) -> Conventions {
        self.conventions
    }

    fn ask<T: DeserializeOwned>(&mut self, question: &Question, game: Option<&Game>) -> Answer<T> {
        let (Some(notation), Some(game)) = (self.hello.castling, game) else {
            return self.request(Message::Question(question, game));
        };
        let engine = match notation {
            CastlingNotation::KingTakesRook => Spelling::KingTakesRook,
            CastlingNotation::KingDestination => Spelling::KingDestination,
        };
        let conversion = Conversion::new(engine, game.variant, game.fen, game.moves)
            .map_err(|why| unsupported_spelling(notation, &why))?;
        let Some(conversion) = conversion else {
            return self.request(Message::Question(question, Some(game)));
        };
        let moves = conversion.history(game.moves);
        let game = Game {
            moves: &moves,
            ..*game
        };
        let to_engine = |m: &String| {
            conversion
                .move_to_engine(m)
                .map_err(|why| unsupported_spelling(notation, &why))
        };
        let question = match question {
            Question::Play(q) => Question::Play(Play {
                uci: to_engine(&q.uci)?,
            }),
            Question::San(q) => Question::San(San {
                uci: to_engine(&q.uci)?,
            }),
            Question::DrawClaimsWithMove(q) => Question::DrawClaimsWithMove(DrawClaimsWithMove {
                uci: to_engine(&q.uci)?,
            }),
            other => other.clone(),
        };
        let mut answer: Value = self.request(Message::Question(&question, Some(&game)))?;
        // The answers that hold moves of the position reached: a list (legal moves, a
        // touch-move obligation) or one move (a SAN read).
        match &mut answer {
            Value::String(m) if question.name() == "parse_san" => {
                *m = conversion.move_from_engine(m);
            }
            Value::Array(list) if matches!(question.name(), "legal_moves" | "touch_move") => {
                for item in list {
                    if let Value::String(m) = item {
                        *m = conversion.move_from_engine(m);
                    }
                }
            }
            _ => {}
        }
        serde_json::from_value(answer.clone()).map_err(|e| {
            EngineError::failed(format!(
                "engine `{}`: the result is not of the documented form ({e}): received `{}`",
                self.command(),
                quote(&answer.to_string())
            ))
        })
    }
}

/// Why a question is not asked: the engine's castling spelling cannot say one of its moves.
fn unsupported_spelling(notation: CastlingNotation, why: &str) -> EngineError {
    let name = match notation {
        CastlingNotation::KingTakesRook => "king-takes-rook",
        CastlingNotation::KingDestination => "king-destination",
    };
    EngineError::Unsupported(format!(
        "the engine writes castling as `{name}` (its handshake), which cannot say this \
         question's moves: {why}"
    ))
}

/// Reads the answer line `text` to request `seq` (of type `name`): JSON, the envelope, the
/// sequence number, the schema (with `schemas`) and the result as a `T`.
fn read_answer<T: DeserializeOwned>(
    text: &str,
    seq: u64,
    name: &str,
    schemas: Option<&Schemas>,
) -> Result<T, Failure> {
    let failed = |why: String| Failure::Answer(EngineError::Failed(why));
    let received = || format!("received `{}`", quote(text));
    let value: Value = serde_json::from_str(text)
        .map_err(|e| Failure::Restart(format!("the answer is not JSON ({e}): {}", received())))?;
    let (answered, reply) = protocol::parse_reply(value.clone())
        .map_err(|e| Failure::Restart(format!("{e}: {}", received())))?;
    if answered != seq {
        return Err(Failure::Restart(format!(
            "the answer carries seq {answered}, not {seq}: {}",
            received()
        )));
    }
    if let Some(schemas) = schemas {
        schemas.check_response(name, &value).map_err(|e| {
            failed(format!(
                "the answer breaks the protocol: {e}; {}",
                received()
            ))
        })?;
    }
    match reply {
        Reply::Result(result) => serde_json::from_value(result).map_err(|e| {
            failed(format!(
                "the result is not of the documented form ({e}): {}",
                received()
            ))
        }),
        Reply::Unsupported(why) => Err(Failure::Answer(EngineError::Unsupported(why))),
        Reply::Error(message) => Err(failed(format!(
            "the engine answered with an error: {message}"
        ))),
    }
}

/// [`read_answer`] for the fuzz targets of `crates/fuzz`: a fault that would restart the engine
/// is an [`EngineError::Failed`] too. Not part of the crate's API.
#[doc(hidden)]
pub fn read_answer_line<T: DeserializeOwned>(
    text: &str,
    seq: u64,
    name: &str,
    validate_protocol: bool,
) -> Answer<T> {
    read_answer(text, seq, name, validate_protocol.then(Schemas::get)).map_err(|f| match f {
        Failure::Answer(e) => e,
        Failure::Restart(why) => EngineError::Failed(why),
    })
}

fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((cut, _)) => format!("{}... ({} bytes)", &text[..cut], text.len()),
        None => text.to_owned(),
    }
}

/// The capabilities among `names` that this harness knows, and the other names, ignored.
fn read_capabilities(names: &[String]) -> (Capabilities, Vec<String>) {
    let mut usable = Capabilities::NONE;
    let mut ignored = Vec::new();
    for name in names {
        match Capability::from_name(name) {
            Some(c) => usable = usable.with(c),
            None => ignored.push(name.clone()),
        }
    }
    (usable, ignored)
}

/// The handshake's `conventions` read ([`Conventions::read`]), checked against the
/// capabilities: an engine that keeps no clocks cannot implement a rule that counts them.
fn read_conventions(
    declared: Option<&serde_json::Map<String, Value>>,
    capabilities: Capabilities,
) -> Result<(Conventions, Vec<String>), String> {
    let Some(declared) = declared else {
        return Ok((Conventions::SUITE, Vec::new()));
    };
    let (conventions, unknown) = Conventions::read(declared)?;
    if !conventions.clocks {
        let counting: Vec<&str> = [Capability::MoveClocks, Capability::SeventyFiveMoves]
            .into_iter()
            .filter(|c| capabilities.contains(*c))
            .map(Capability::name)
            .collect();
        if !counting.is_empty() {
            return Err(format!(
                "it keeps no clocks (`conventions.clocks: false`) but declares {}, a rule that \
                 counts them; declare one or the other",
                counting.join(" and ")
            ));
        }
    }
    Ok((conventions, unknown))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conventions_are_read_and_checked_against_the_capabilities() {
        let map = |v: Value| v.as_object().cloned().expect("an object");
        let some = Capabilities::NONE.with(Capability::Play);
        assert_eq!(
            read_conventions(None, some),
            Ok((Conventions::SUITE, Vec::new()))
        );
        assert_eq!(
            read_conventions(
                Some(&map(serde_json::json!({"clocks": false, "new": 1}))),
                some
            ),
            Ok((Conventions::NO_CLOCKS, vec!["new".to_owned()]))
        );
        let err = read_conventions(
            Some(&map(serde_json::json!({"clocks": false}))),
            some.with(Capability::MoveClocks),
        )
        .unwrap_err();
        assert!(err.contains("declares move-clocks"), "{err}");
        // Clocks kept, said in so many words: the suite's own.
        assert_eq!(
            read_conventions(
                Some(&map(serde_json::json!({"clocks": true}))),
                some.with(Capability::MoveClocks)
            ),
            Ok((Conventions::SUITE, Vec::new()))
        );
    }

    #[test]
    fn unknown_capabilities_are_ignored() {
        let names: Vec<String> = ["legal-moves", "winnable", "castling-960", "fivefold"]
            .map(String::from)
            .to_vec();
        let (usable, ignored) = read_capabilities(&names);
        assert_eq!(
            usable.iter().collect::<Vec<_>>(),
            [
                Capability::LegalMoves,
                Capability::Winnable,
                Capability::Fivefold
            ]
        );
        assert_eq!(ignored, ["castling-960"]);
    }
}
