//! A conformance suite for the rules of chess.
//!
//! The suite is a catalogue of rule cases (YAML files under `cases/`, one per rule area, each
//! case citing the FIDE Laws article it tests) and a harness that checks any implementation
//! against them through the small [`Engine`] trait. Each case ends as pass, fail, skip (the
//! engine does not offer a capability the case needs) or error (the engine could not answer).
//!
//! Check the built-in reference engine against the shipped catalogue:
//!
//! ```
//! use chess_conformance::{Catalogue, Reference, Run};
//!
//! let catalogue = Catalogue::builtin().expect("the shipped catalogue loads");
//! let run = Run::new(&mut Reference::new(), &catalogue);
//! assert!(run.tally().passed > 200);
//! println!("{}", run.tally()); // "N passed, 0 failed, 0 skipped, 0 errors"
//! ```
//!
//! # Certifying your own engine
//!
//! An adapter is one file: say who the engine is, which questions it answers, and answer them
//! from a FEN and a list of UCI moves. Everything not implemented defaults to "unsupported", and
//! cases that need it are skipped. Here is a complete adapter for an imaginary library that only
//! generates legal moves (played here by shakmaty, to keep the example runnable):
//!
//! ```
//! use chess_conformance::{
//!     Answer, Capabilities, Capability, Catalogue, Engine, EngineError, Game, Identity, Run,
//! };
//! use shakmaty::{CastlingMode, Chess, Position, fen::Fen, uci::UciMove};
//!
//! struct MyEngine;
//!
//! impl MyEngine {
//!     /// Sets up the position: the FEN, then the history.
//!     fn setup(game: &Game) -> Result<Chess, EngineError> {
//!         let fen: Fen = game.fen.parse().map_err(EngineError::failed)?;
//!         let mut pos: Chess = fen.into_position(CastlingMode::Standard).map_err(EngineError::failed)?;
//!         for uci in game.moves {
//!             let m = uci.parse::<UciMove>().map_err(EngineError::failed)?
//!                 .to_move(&pos).map_err(EngineError::failed)?;
//!             pos.play_unchecked(m);
//!         }
//!         Ok(pos)
//!     }
//! }
//!
//! impl Engine for MyEngine {
//!     fn identity(&self) -> Identity {
//!         Identity { name: "my-engine".into(), version: "1.0".into() }
//!     }
//!
//!     fn capabilities(&self) -> Capabilities {
//!         // Perft comes free: its default implementation walks `legal_moves`.
//!         [Capability::LegalMoves, Capability::Perft].into_iter().collect()
//!     }
//!
//!     fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
//!         let pos = MyEngine::setup(game)?;
//!         Ok(pos.legal_moves().iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect())
//!     }
//! }
//!
//! let catalogue = Catalogue::builtin().unwrap().filtered("castling/");
//! let run = Run::new(&mut MyEngine, &catalogue);
//! let tally = run.tally();
//! assert_eq!(tally.failed + tally.errors, 0);
//! assert!(tally.passed > 0 && tally.skipped > 0); // the SAN and state cases are skipped
//! ```
//!
//! To run the catalogue from your own `cargo test`, one trial per case, see [`test_main`].
//!
//! # The parts
//!
//! The words and types an engine author and a case author meet are here at the top, each under
//! one name; a module is public only where its namespace is the API.
//!
//! - An engine: [`Engine`], the adapter trait, declared as a table of questions ([`question`],
//!   one type per question, and [`Capability`]); it is asked about a [`Game`] and answers in the
//!   suite's words ([`GameState`], [`Color`], [`DrawClaim`], [`MoveResult`], [`Obligation`], ...)
//!   or with an [`EngineError`]. [`Limits`] bound a run, and an engine in this process stops at
//!   the question's [`Deadline`]. [`Reference`]: the rules, on shakmaty, with its known failures
//!   in [`Baseline::reference`].
//! - A case: [`case`], the case format as data ([`case::Case`], [`case::Expect`] and the values
//!   of its keys); [`assertion`]: each `expect` key in its own file (what the loader checks, what
//!   it asks an engine, how it judges, how it transforms). [`catalogue`]: the strict loader,
//!   errors with file, line, column and case id.
//! - [`check()`]: one case against one engine gives a [`Verdict`], an [`Outcome`] per
//!   assertion ([`Check`]). [`report`]: text, Markdown and the listing; [`Report`], a run's result as JSON, written
//!   and read back by the same type. [`Baseline`]: known failures of an engine, for CI.
//! - [`harness`]: the libtest-mimic integration behind `cargo test`.
//! - [`protocol`]: the JSON-lines protocol's messages, serving any [`Engine`] over it, and any
//!   [`protocol::Client`] as an engine.
//! - [`touch`]: the touch-move arbiter (FIDE Article 4). [`winnable`]: who can still mate
//!   (FIDE 6.9, 5.2.2). [`replay`]: FEN, UCI and histories on shakmaty.
//!
//! Engines in other processes (`process:`, `uci:`), the in-process adapters of other Rust
//! libraries, the generator of `generated/` and the command line are crates of their own
//! (`chess-conformance-engines`, `-adapters`, `-generate`, `-cli`), so this one pulls none of
//! their dependencies.
//!
//! # Features
//!
//! - `harness` (on): [`harness`], every case as a `cargo test` trial through libtest-mimic
//!   (which brings clap, to read the test binary's arguments). Without it the crate has the
//!   catalogue, the checker and the reports only.
//! - `schema` (off): derives the JSON Schema of the case format (schemars), for the generator,
//!   which publishes it as `generated/schema/cases.schema.json`.

#![warn(missing_docs)]

pub mod assertion;
mod baseline;
pub mod case;
pub mod catalogue;
mod check;
mod diagram;
mod engine;
mod escape;
pub mod fairy;
#[cfg(feature = "harness")]
pub mod harness;
mod input;
mod limits;
mod locate;
pub mod mutant;
pub mod protocol;
mod reference;
pub mod replay;
pub mod report;
mod symmetry;
pub mod touch;
mod verdict;
mod vocabulary;
pub mod winnable;

// An engine: the adapter trait and its questions, the bounds of a run, the reference.
pub use engine::question;
pub use engine::{
    Answer, Ask, Capabilities, Capability, Conventions, Engine, EngineError, Game, Identity,
    LastGame, NO_CLOCKS,
};
pub use input::{InputFile, ReadError};
pub use limits::{Deadline, Limits, TimedOut};
pub use reference::Reference;

// The words engines answer in and cases are written in .
pub use vocabulary::{
    AttackSource, Color, DrawClaim, EventSyntaxError, FenCheck, GameState, MatingMaterial,
    MoveResult, Obligation, PieceDefinition, PromotionPiece, Reading, ReadingText, StateName,
    TouchEvent, Variant, Winnability,
};

// A run: the verdicts, known failures, the boards of the reports, the symmetries of twins.
pub use baseline::{Baseline, Comparison, KnownFailure};
pub use diagram::{diagram, diagram_in};
pub use symmetry::Symmetry;
pub use verdict::{Check, Outcome, Tally, Verdict};

pub use catalogue::{Catalogue, LoadError, LoadErrors, LoadedCase, Origin};
pub use check::{check, check_cases, check_within};
#[cfg(feature = "harness")]
pub use harness::{test_main, test_main_with};
pub use mutant::Mutant;
pub use report::Run;
pub use report::json::{Interruption, Report, ReportError, ReportVerdict};
