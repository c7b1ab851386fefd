//! Fuzz targets for chess-conformance, and what the driver (`src/bin/fuzz.rs`) needs to run them
//! on stable Rust: seeds ([`seeds`]) and a seeded mutator ([`mutate`]).
//!
//! A target is a plain `fn(&[u8])` that feeds its input to one of the parsers that user input
//! or engine output reaches, through the same public calls the harness makes, and panics only
//! on a bug. The same functions serve a libFuzzer harness on nightly (`cargo fuzz`) unchanged.
//!
//! | target | what the input is | what reads it |
//! |---|---|---|
//! | `case-file` | a case file's text | the loader ([`chess_conformance::Catalogue::from_sources`]), then the checker against the reference and the reports |
//! | `engine-answers` | a case id, the handshake's answer, then an answer line per question | the engines crate's reading of answers (`process::read_answer_line`, [`chess_conformance::protocol::parse_reply`], the schemas), the checker's judgement and the reports |
//! | `serve-request` | request lines | the serving side of the protocol ([`chess_conformance::protocol::answer_line`]) over the reference |
//! | `uci-output` | a UCI engine's output | `uci::read_output`: `go perft`, `d` and `id name` as the `uci:` engine reads them |
//! | `reference-inputs` | a FEN, a move list, then strings | FEN, UCI and SAN parsing (`replay`), every question of [`chess_conformance::Reference`], the symmetries and the diagrams |
//! | `baseline` | a baseline's text | [`chess_conformance::Baseline::from_yaml`] (`--baseline`'s reader: the YAML screen, then serde), written again and read back, compared with a run |
//! | `report` | a run's JSON report | [`chess_conformance::Report::from_json`] (what `report --html` and `diff` read), grouped, written again and read back |
//!
//! See `docs/FUZZING.md` for how to run them and the figures of the long runs.

pub mod mutate;
pub mod seeds;
mod targets;

pub use targets::{
    CASE_FILE_MAX, answer_verdicts, baseline, case_file, engine_answers, reference_inputs, report,
    serve_request, uci_output,
};

use mutate::Shape;

/// A fuzz target, as the driver knows it.
#[derive(Debug, Clone, Copy)]
pub struct Target {
    /// Its name on the command line.
    pub name: &'static str,
    /// The function.
    pub run: fn(&[u8]),
    /// Its seeds.
    pub seeds: fn() -> Vec<Vec<u8>>,
    /// What its inputs look like, for the structure-aware mutations.
    pub shape: Shape,
    /// The longest input the mutator makes for it.
    pub max_len: usize,
}

/// Every target.
pub const TARGETS: &[Target] = &[
    Target {
        name: "case-file",
        run: case_file,
        seeds: seeds::case_files,
        shape: Shape::Yaml,
        max_len: CASE_FILE_MAX,
    },
    Target {
        name: "engine-answers",
        run: engine_answers,
        seeds: seeds::engine_answers,
        shape: Shape::JsonLines,
        max_len: 64 << 10,
    },
    Target {
        name: "serve-request",
        run: serve_request,
        seeds: seeds::requests,
        shape: Shape::JsonLines,
        max_len: 16 << 10,
    },
    Target {
        name: "uci-output",
        run: uci_output,
        seeds: seeds::uci_output,
        shape: Shape::Lines,
        max_len: 16 << 10,
    },
    Target {
        name: "reference-inputs",
        run: reference_inputs,
        seeds: seeds::reference_inputs,
        shape: Shape::Lines,
        max_len: 4 << 10,
    },
    Target {
        name: "baseline",
        run: baseline,
        seeds: seeds::baselines,
        shape: Shape::Yaml,
        max_len: 64 << 10,
    },
    Target {
        name: "report",
        run: report,
        seeds: seeds::reports,
        shape: Shape::JsonLines,
        max_len: 64 << 10,
    },
];

/// The target of this name.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}
