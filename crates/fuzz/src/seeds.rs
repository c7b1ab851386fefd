//! The seeds of each target, all from the repository or recorded from real engines: the case
//! files (`cases/`, and the loader's bad inputs `tests/malformed/`) cut into small files, the
//! requests and answers of checking the hand-written cases against the reference over the
//! protocol and against python-chess (`corpus/python-chess.txt`, recorded with `fuzz record`),
//! and Stockfish's output (`corpus/uci/`).
//!
//! The seeds are a function of the repository: the same in every run, in the same order.

use std::path::{Path, PathBuf};

use chess_conformance::protocol::{self, Hello};
use chess_conformance::protocol::{Client, Remote};
use chess_conformance::question::Question;
use chess_conformance::{
    Answer, Capabilities, Capability, EngineError, Game, Identity, LoadedCase, Reference,
};
use chess_conformance_engines::process;

/// Between two seeds of a corpus file: a line no seed has.
pub const SEPARATOR: &str = "%%";

/// The workspace's root (where `cases/` is).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// This crate's recorded corpus (`corpus/`).
fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// The files of `dir` with this extension, sorted by name (none if it cannot be read).
fn files(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| Some(e.ok()?.path()))
                .filter(|p| p.extension().is_some_and(|x| x == extension))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The seeds of a corpus file, separated by [`SEPARATOR`] lines.
fn corpus_file(path: &Path) -> Vec<Vec<u8>> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.split(&format!("\n{SEPARATOR}\n"))
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.as_bytes().to_vec())
        .collect()
}

/// `case-file`: every case file cut into files of one case and of four cases each (its header
/// kept), the list of retired ids, and the loader's malformed inputs.
pub fn case_files() -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    let mut yaml = files(&root().join("cases"), "yaml");
    yaml.extend(files(&root().join("tests/malformed"), "yaml"));
    for path in yaml {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let Some(at) = text.find("\ncases:\n") else {
            seeds.push(text.into_bytes());
            continue;
        };
        let header = &text[..at + "\ncases:\n".len()];
        let cases: Vec<&str> = text[header.len()..].split_inclusive("\n  - id:").collect();
        // `split_inclusive` leaves each `  - id:` at the end of the piece before it: put it back.
        let mut blocks: Vec<String> = Vec::new();
        let mut carry = String::new();
        for piece in cases {
            let body = piece.strip_suffix("\n  - id:").unwrap_or(piece);
            blocks.push(format!("{carry}{body}\n"));
            carry = "  - id:".into();
        }
        for block in &blocks {
            seeds.push(format!("{header}{block}").into_bytes());
        }
        for group in blocks.chunks(4) {
            seeds.push(format!("{header}{}", group.concat()).into_bytes());
        }
    }
    seeds.retain(|s| s.len() <= crate::CASE_FILE_MAX);
    seeds
}

/// The hand-written cases of the shipped catalogue (those from `cases/`) whose perft is shallow.
fn hand_written() -> impl Iterator<Item = &'static LoadedCase> {
    crate::targets::catalogue()
        .cases()
        .iter()
        .filter(|c| c.file.starts_with("cases/") && crate::targets::shallow(c))
}

/// A client that sends each request to `serve` and records both lines.
struct Recorder<'s> {
    serve: &'s mut dyn FnMut(&str) -> String,
    hello: Hello,
    seq: u64,
    requests: Vec<String>,
    answers: Vec<String>,
}

impl Client for Recorder<'_> {
    fn identity(&self) -> Identity {
        Identity {
            name: self.hello.name.clone(),
            version: self.hello.version.clone(),
        }
    }

    fn capabilities(&self) -> Capabilities {
        self.hello
            .capabilities
            .iter()
            .filter_map(|n| Capability::from_name(n))
            .collect()
    }

    fn ask<T: serde::de::DeserializeOwned>(
        &mut self,
        question: &Question,
        game: Option<&Game>,
    ) -> Answer<T> {
        let request = protocol::request_line(self.seq, question, game);
        let answer = (self.serve)(&request);
        let answer = answer.trim_end_matches('\n').to_owned();
        let read = process::read_answer_line(&answer, self.seq, question.name(), false);
        self.seq += 1;
        self.requests.push(request.trim_end().to_owned());
        self.answers.push(answer);
        read
    }
}

/// The conversation of checking `case` against an engine that answers each request line with
/// `serve`: the handshake's answer, then the request lines and their answers.
pub fn record(
    case: &LoadedCase,
    serve: &mut dyn FnMut(&str) -> String,
) -> Result<(String, Vec<String>, Vec<String>), EngineError> {
    let hello_line = serve(&protocol::start_line(0));
    let hello_line = hello_line.trim_end().to_owned();
    let hello = process::read_answer_line::<Hello>(&hello_line, 0, protocol::START, false)?;
    let mut recorder = Remote(Recorder {
        serve,
        hello,
        seq: 1,
        requests: Vec::new(),
        answers: Vec::new(),
    });
    let _ = chess_conformance::check(&mut recorder, case);
    let Recorder {
        requests, answers, ..
    } = recorder.0;
    Ok((hello_line, requests, answers))
}

/// The engine-answers seed of one recorded conversation: the case id, the handshake's answer,
/// then the answers.
pub fn answers_seed(id: &str, hello: &str, answers: &[String]) -> String {
    let mut seed = format!("{id}\n{hello}");
    for answer in answers {
        seed.push('\n');
        seed.push_str(answer);
    }
    seed
}

/// The conversations with the reference, over the protocol, for every hand-written case.
fn reference_conversations() -> Vec<(String, String, Vec<String>, Vec<String>)> {
    hand_written()
        .filter_map(|case| {
            let mut reference = Reference::new();
            let mut serve = |line: &str| protocol::answer_line(&mut reference, line);
            let (hello, requests, answers) = record(case, &mut serve).ok()?;
            Some((case.case.id.clone(), hello, requests, answers))
        })
        .collect()
}

/// `engine-answers`: the reference's answers to checking each hand-written case, and
/// python-chess's (recorded).
pub fn engine_answers() -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = reference_conversations()
        .into_iter()
        .map(|(id, hello, _, answers)| answers_seed(&id, &hello, &answers).into_bytes())
        .collect();
    seeds.extend(corpus_file(&corpus_dir().join("python-chess.txt")));
    seeds
}

/// `serve-request`: the requests of checking each hand-written case, a case's to a seed, and
/// the handshake.
pub fn requests() -> Vec<Vec<u8>> {
    let mut seeds = vec![protocol::start_line(0).into_bytes()];
    seeds.extend(
        reference_conversations()
            .into_iter()
            .map(|(_, _, requests, _)| requests.join("\n").into_bytes()),
    );
    seeds
}

/// `uci-output`: what Stockfish printed for the handshake, `go perft` and `d`.
pub fn uci_output() -> Vec<Vec<u8>> {
    files(&corpus_dir().join("uci"), "txt")
        .into_iter()
        .filter_map(|p| std::fs::read(p).ok())
        .collect()
}

/// Every string in a JSON value (keys too).
fn strings(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                strings(v, out);
            }
        }
        _ => {}
    }
}

/// `reference-inputs`: each hand-written case's FEN, its moves, and the strings of its
/// expectations (moves, SAN, squares, FENs, touch-move events).
pub fn reference_inputs() -> Vec<Vec<u8>> {
    hand_written()
        .map(|case| {
            let c = &case.case;
            let mut words = Vec::new();
            if let Ok(expect) = serde_json::to_value(&c.expect) {
                strings(&expect, &mut words);
            }
            words.dedup();
            words.truncate(40);
            format!("{}\n{}\n{}", c.fen, c.moves.join(" "), words.join("\n")).into_bytes()
        })
        .collect()
}

/// The runs the `report` and `baseline` seeds are written from: the reference and three mutants
/// (so that there are failures, errors and groups), each over the shallow hand-written cases
/// of one file at a time, at most 12 cases to a run.
fn seed_runs() -> Vec<chess_conformance::Run<'static>> {
    use chess_conformance::{Engine, Mutant, Run, check};
    let cases: Vec<&'static LoadedCase> = hand_written()
        .filter(|c| crate::targets::shallow(c))
        .collect();
    let mut engines: Vec<Box<dyn Engine>> = vec![Box::new(Reference::new())];
    for mutation in chess_conformance::mutant::MUTANTS.iter().step_by(7).take(3) {
        engines.push(Box::new(Mutant::new(mutation)));
    }
    let mut runs = Vec::new();
    for engine in &mut engines {
        for chunk in cases.chunks(12).step_by(3) {
            let results = chunk
                .iter()
                .map(|case| (*case, check(engine.as_mut(), case)))
                .collect();
            runs.push(Run {
                engine: engine.identity(),
                results,
                catalogue_version: None,
            });
        }
    }
    runs
}

/// `report`: JSON reports of small runs (the reference's and mutants'), compact, so that the
/// line-wise JSON mutations reach their values, and a few pretty-printed as `run` writes them.
pub fn reports() -> Vec<Vec<u8>> {
    seed_runs()
        .iter()
        .enumerate()
        .map(|(i, run)| {
            let pretty = chess_conformance::report::json(run);
            if i % 8 == 0 {
                return pretty.into_bytes();
            }
            let value: serde_json::Value = serde_json::from_str(&pretty).expect("a report is JSON");
            value.to_string().into_bytes()
        })
        .collect()
}

/// `baseline`: the baselines of those runs (as `--write-baseline` writes them), and the files
/// of `baselines/` cut into pieces of 20 entries (each with the file's header).
pub fn baselines() -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = seed_runs()
        .iter()
        .map(|run| {
            chess_conformance::Baseline::from_run(run, None)
                .to_yaml()
                .into_bytes()
        })
        .collect();
    for file in files(&root().join("baselines"), "yaml") {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        // The header runs to `known_failures:`; an entry starts at a two-space indent.
        let Some(at) = text.find("known_failures:") else {
            seeds.push(text.into_bytes());
            continue;
        };
        let split = at + "known_failures:\n".len().min(text.len() - at);
        let (header, body) = text.split_at(split);
        let mut entries: Vec<String> = Vec::new();
        for line in body.lines() {
            if line.starts_with("  ") && !line.starts_with("   ") || entries.is_empty() {
                entries.push(String::new());
            }
            let last = entries.last_mut().expect("one entry at least");
            last.push_str(line);
            last.push('\n');
        }
        for chunk in entries.chunks(20) {
            seeds.push(format!("{header}{}", chunk.concat()).into_bytes());
        }
    }
    seeds
}
