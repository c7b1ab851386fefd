//! The targets: each reads its input as text (lossily, as the harness reads files and lines
//! only once they are UTF-8) and hands it to the harness's own code, through its public calls.

use std::sync::OnceLock;

use serde_json::Value;

use chess_conformance::catalogue::Source;
use chess_conformance::protocol::{self, Hello};
use chess_conformance::protocol::{Client, Remote};
use chess_conformance::question::Question;
use chess_conformance::report::{self, Detail, Run};
use chess_conformance::{
    Answer, Capabilities, Capability, Catalogue, Color, Engine, EngineError, Game, Identity,
    Limits, LoadedCase, Reference, Symmetry, TouchEvent, Verdict, diagram, replay, winnable,
};
use chess_conformance_engines::{process, uci};

/// The largest case file the `case-file` target reads. The loader's cost grows faster than the
/// file for deep nesting and for aliases (issue 14, items 1 and 2); below this size neither
/// takes long or much memory, so what the target finds is something else.
pub const CASE_FILE_MAX: usize = 16 << 10;

/// The deepest perft the targets ask the reference: deeper ones run for minutes in process
/// (issue 14, item 3, bounded elsewhere), which is a known cost and not what these targets look
/// for.
const PERFT_DEPTH_MAX: u32 = 3;

/// The winnability analyzer's budget in `reference-inputs`: small, so that one input stays fast.
const WINNABLE_NODES: u64 = 2_000;

/// The shipped catalogue, loaded once.
pub(crate) fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| Catalogue::builtin().expect("the shipped catalogue loads"))
}

/// Whether the case asks perft no deeper than [`PERFT_DEPTH_MAX`], so checking it is quick.
pub(crate) fn shallow(case: &LoadedCase) -> bool {
    case.case
        .expect
        .perft
        .as_ref()
        .is_none_or(|counts| counts.keys().all(|&d| d <= PERFT_DEPTH_MAX))
}

/// The reports of one verdict, written as a run would write them.
fn reports(engine: Identity, case: &LoadedCase, verdict: Verdict) {
    let _ = report::verdict_text(case, &verdict);
    let run = Run {
        engine,
        results: vec![(case, verdict)],
        catalogue_version: None,
    };
    let _ = report::text(&run, Detail::Verbose);
    let _ = report::json(&run);
    let _ = report::markdown(&run);
}

/// `case-file`: the input as a case file, through the loader; every case that loads is then
/// checked against the reference (shallow perft only) and reported. The input is also read as a
/// list of retired ids.
pub fn case_file(data: &[u8]) {
    if data.len() > CASE_FILE_MAX {
        return;
    }
    let text = String::from_utf8_lossy(data).into_owned();
    let _ = chess_conformance::Origin::of_text(&text);
    let source = |name: &str| Source {
        name: name.to_owned(),
        text: text.clone(),
    };
    match Catalogue::from_sources([source("fuzz.yaml")], []) {
        Ok(catalogue) => {
            let mut reference = Reference::new();
            for case in catalogue.cases().iter().filter(|c| shallow(c)) {
                let _ = case.needs();
                let verdict = chess_conformance::check(&mut reference, case);
                reports(reference.identity(), case, verdict);
            }
        }
        Err(errors) => {
            let _ = errors.to_string();
        }
    }
    let _ = Catalogue::from_sources([], [source("retired.yaml")]).map_err(|e| e.to_string());
}

/// A protocol engine whose answers are given in advance, one line per request, read by the
/// engines crate exactly as it reads a process's.
struct Replayed<'a> {
    hello: Hello,
    capabilities: Capabilities,
    answers: std::slice::Iter<'a, &'a str>,
    seq: u64,
    validate: bool,
}

impl Client for Replayed<'_> {
    fn identity(&self) -> Identity {
        Identity {
            name: self.hello.name.clone(),
            version: self.hello.version.clone(),
        }
    }

    fn capabilities(&self) -> Capabilities {
        self.capabilities
    }

    fn ask<T: serde::de::DeserializeOwned>(
        &mut self,
        question: &Question,
        game: Option<&Game>,
    ) -> Answer<T> {
        let _ = protocol::request_line(self.seq, question, game);
        let Some(line) = self.answers.next() else {
            return Err(EngineError::failed("the engine exited"));
        };
        let answer = process::read_answer_line(line, self.seq, question.name(), self.validate);
        self.seq += 1;
        answer
    }
}

/// `engine-answers`: the first line names a case of the shipped catalogue (an unknown id picks
/// one by its length), the second is the handshake's answer, and each further line answers the
/// next request the checker sends, as a `process:` engine's line would; with and without
/// `--validate-protocol`. The verdict is then reported.
pub fn engine_answers(data: &[u8]) {
    for (case, identity, verdict) in answer_verdicts(data) {
        reports(identity, case, verdict);
    }
}

/// The verdicts of the `engine-answers` target's input: the case it names, checked against the
/// answers it gives, without and with `--validate-protocol` (none where the handshake fails).
pub fn answer_verdicts(data: &[u8]) -> Vec<(&'static LoadedCase, Identity, Verdict)> {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let id = lines.next().unwrap_or_default();
    let hello = lines.next().unwrap_or_default();
    let answers: Vec<&str> = lines.collect();
    let cases = catalogue().cases();
    let case = catalogue()
        .get(id)
        .unwrap_or(&cases[id.len() % cases.len()]);
    if !shallow(case) {
        return Vec::new();
    }
    let mut verdicts = Vec::new();
    for validate in [false, true] {
        let Ok(hello) = process::read_answer_line::<Hello>(hello, 0, protocol::START, validate)
        else {
            continue;
        };
        if hello.protocol != protocol::VERSION {
            continue;
        }
        let capabilities = hello
            .capabilities
            .iter()
            .filter_map(|name| Capability::from_name(name))
            .collect();
        let mut engine = Remote(Replayed {
            hello,
            capabilities,
            answers: answers.iter(),
            seq: 1,
            validate,
        });
        let verdict = chess_conformance::check_within(&mut engine, case, &Limits::DEFAULT);
        verdicts.push((case, engine.identity(), verdict));
    }
    verdicts
}

/// Whether a request asks the reference for more than a moment's work (a deep perft).
fn costly(request: &Value) -> bool {
    request.get("type").and_then(Value::as_str) == Some("perft")
        && request
            .get("depth")
            .and_then(Value::as_u64)
            .is_none_or(|d| d > u64::from(PERFT_DEPTH_MAX))
}

/// `serve-request`: each line a request to the reference over the protocol, as a Rust engine
/// serving itself with [`protocol::serve`] answers it; each answer must be one JSON line with
/// the request's `seq` when it has one. Requests for a perft deeper than 3 are left out (a
/// known cost, bounded elsewhere).
pub fn serve_request(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut reference = Reference::new();
    for line in text.split('\n') {
        let request = serde_json::from_str::<Value>(line).ok();
        if request.as_ref().is_some_and(costly) {
            continue;
        }
        let answer = protocol::answer_line(&mut reference, line);
        let answered: Value = serde_json::from_str(&answer).expect("an answer is JSON");
        assert!(answer.ends_with('\n') && !answer[..answer.len() - 1].contains('\n'));
        if let Some(seq) = request.as_ref().and_then(|r| r.get("seq")?.as_u64()) {
            assert_eq!(answered["seq"], seq, "{line} answered {answer}");
        }
    }
}

/// `uci-output`: the input as what a UCI engine printed, read as the answer to each question the
/// `uci:` engine asks.
pub fn uci_output(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = uci::read_output(&text);
}

/// The questions of the table `reference-inputs` does not ask the reference, each with why.
const NOT_ASKED: &[(&str, &str)] = &[(
    "winnable",
    "the reference's analysis runs on its full budget; the target calls the analyzer with a \
     small one instead",
)];

/// The values `reference-inputs` gives the questions' arguments, by their protocol names: the
/// FEN (to `validate_fen`), perft depths up to 2, each colour, then each string as every
/// argument that takes one (a move, a SAN, a square, a FEN) and the touch-move events read so
/// far. Each set of values is one request's fields; the table reads from it every question whose
/// arguments it carries ([`Question::read`]), so a new question is asked here as soon as its
/// arguments have a value.
fn argument_values(fen: &str, strings: &[&str]) -> Vec<Value> {
    let mut values = vec![serde_json::json!({ "fen": fen })];
    values.extend((0..=2).map(|depth| serde_json::json!({ "depth": depth })));
    values.extend([Color::White, Color::Black].map(|color| serde_json::json!({ "by": color })));
    let mut events = Vec::new();
    for s in strings {
        values.push(serde_json::json!({ "move": s, "san": s, "from": s, "fen": s }));
        if let Ok(event) = s.parse::<TouchEvent>() {
            events.push(event);
            values.push(serde_json::json!({ "events": events }));
        }
    }
    values
}

/// Every question of the table (but those of [`NOT_ASKED`]) that the values of
/// [`argument_values`] make, each once, in the order they are first made.
fn questions(fen: &str, strings: &[&str]) -> Vec<Question> {
    let mut seen = std::collections::HashSet::new();
    let mut questions = Vec::new();
    for fields in argument_values(fen, strings) {
        for &name in Question::NAMES {
            if NOT_ASKED.iter().any(|&(n, _)| n == name) {
                continue;
            }
            let Some(Ok(question)) = Question::read(name, fields.clone()) else {
                continue;
            };
            if seen.insert(question.clone()) {
                questions.push(question);
            }
        }
    }
    questions
}

/// `reference-inputs`: the first line a FEN, the second the moves played from it (UCI, split at
/// spaces), every further line a string handed to each question that takes one (a move, a SAN,
/// a square, a FEN, a touch-move event; every question of the table but `NOT_ASKED`), and to
/// the parsers of `replay`, the symmetries and
/// the diagrams.
pub fn reference_inputs(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let fen = lines.next().unwrap_or_default();
    let moves: Vec<String> = lines
        .next()
        .unwrap_or_default()
        .split(' ')
        .filter(|m| !m.is_empty())
        .map(str::to_owned)
        .collect();
    let strings: Vec<&str> = lines.collect();
    let game = Game::new(fen, &moves);
    let mut reference = Reference::new();
    let r = &mut reference;

    let _ = replay::parse_fen(fen);
    let lenient = replay::parse_fen_lenient(fen);
    let _ = replay::Replay::strict(fen, &moves);
    if let Ok(replayed) = replay::Replay::new(fen, &moves) {
        let _ = (replayed.state(), replayed.claims(), replayed.repetitions());
        let _ = replay::RepetitionKey::of(&replayed.position);
    }
    let _ = diagram(fen, &moves);
    for symmetry in [Symmetry::Flip, Symmetry::Mirror] {
        let _ = symmetry.fen(fen);
    }
    for color in [Color::White, Color::Black] {
        if let Ok(pos) = &lenient {
            let budget = winnable::Budget {
                nodes: WINNABLE_NODES,
            };
            let _ = winnable::analyze(pos, replay::to_shakmaty(color), budget);
        }
    }
    for question in questions(fen, &strings) {
        let _ = question.ask_any(r, &game);
    }
    for s in &strings {
        let _ = replay::check_uci_syntax(s);
        let _ = replay::parse_square(s);
        if let Ok(pos) = &lenient {
            let _ = replay::parse_uci(pos, s);
        }
        for symmetry in [Symmetry::Flip, Symmetry::Mirror] {
            let _ = (symmetry.square(s), symmetry.uci(s), symmetry.san(s));
            if let Ok(event) = s.parse::<TouchEvent>() {
                let _ = symmetry.event(&event);
            }
        }
    }
}

/// A small run to compare a baseline with: the reference over the first dozen shallow cases.
fn small_run() -> &'static Run<'static> {
    static RUN: OnceLock<Run<'static>> = OnceLock::new();
    RUN.get_or_init(|| {
        let mut reference = Reference::new();
        let results = catalogue()
            .cases()
            .iter()
            .filter(|c| shallow(c))
            .take(12)
            .map(|case| (case, chess_conformance::check(&mut reference, case)))
            .collect();
        Run {
            engine: reference.identity(),
            results,
            catalogue_version: None,
        }
    })
}

/// `baseline`: the input as a baseline's text, through the reader `--baseline` uses
/// ([`chess_conformance::Baseline::from_yaml`]: the YAML screen, then serde); one that reads is
/// written again and must read back the same, described, and compared with a small run.
pub fn baseline(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(baseline) = chess_conformance::Baseline::from_yaml(&text) else {
        return;
    };
    let again = chess_conformance::Baseline::from_yaml(&baseline.to_yaml())
        .unwrap_or_else(|e| panic!("a baseline written does not read back: {e}"));
    assert_eq!(again, baseline, "a baseline changed in a round trip");
    let comparison = baseline.compare(small_run(), false);
    let _ = comparison.is_clean();
    let _ = comparison.describe();
}

/// `report`: the input as a run's JSON report, through [`chess_conformance::Report::from_json`]
/// (what `report --html` and `diff` read); one that reads is grouped, written again, and must
/// read back.
pub fn report(data: &[u8]) {
    let Ok(report) = chess_conformance::Report::from_json(data) else {
        return;
    };
    let _ = report.grouped();
    let _ = report.by_area();
    let _ = report.verdicts().count();
    let json = report.to_json();
    match chess_conformance::Report::from_json(json.as_bytes()) {
        Ok(again) => assert_eq!(again, report, "a report changed in a round trip"),
        Err(e) => panic!("a report read and written again does not read back: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every question of the table is asked by `reference-inputs` (its arguments have values in
    /// [`argument_values`]), or listed in [`NOT_ASKED`] with why.
    #[test]
    fn reference_inputs_asks_every_question_of_the_table() {
        let asked = questions("8/8/8/8/8/8/8/K6k w - - 0 1", &["e2e4", "touch e1"]);
        for &name in Question::NAMES {
            let listed = NOT_ASKED.iter().any(|&(n, _)| n == name);
            let is_asked = asked.iter().any(|q| q.name() == name);
            assert!(
                is_asked != listed,
                "the question `{name}` (src/engine.rs) is {}: in crates/fuzz/src/targets.rs, {}",
                if listed {
                    "asked but listed in NOT_ASKED"
                } else {
                    "never asked by `reference-inputs`"
                },
                if listed {
                    "take it out of NOT_ASKED"
                } else {
                    "give its arguments a value in `argument_values`, or list it in NOT_ASKED with why"
                }
            );
        }
    }
}
