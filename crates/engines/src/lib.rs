//! Engines in other processes for [chess-conformance](chess_conformance): any implementation of
//! the rules, in any language, certified through a pipe.
//!
//! - [`Process`] (`process:COMMAND ARGS` on the command line): a long-lived process speaking
//!   the JSON-lines protocol of `docs/PROTOCOL.md`; as an [`Engine`](chess_conformance::Engine)
//!   it is [`ProcessEngine`]. With `validate_protocol`, every message both ways is checked
//!   against its JSON Schema ([`schema`]).
//! - [`UciEngine`] (`uci:PATH`): a UCI engine asked what UCI and the Stockfish conventions can
//!   tell (legal moves and perft through `go perft`, check through `d`).
//! - [`XboardEngine`] (`xboard:PATH ARGS`): an xboard (CECP) engine asked what its commands
//!   tell (perft through `perft N`, legal moves through its divide, play through `fen`).
//!
//! All run under one supervisor: a deadline per request, killed and restarted after a fault,
//! given up after three failed restarts in a row, every fault an error verdict that names the
//! engine, the request, what was received and the end of its stderr. A run always completes.
//! Each engine runs in a process group of its own, ended whole (whatever the engine started
//! with it) on a fault, a restart and a drop, or by [`end_all`] when the harness is
//! interrupted. Unix only (process groups and signals).
//!
//! ```no_run
//! use chess_conformance::{Catalogue, Run};
//! use chess_conformance_engines::{Options, Process};
//!
//! let argv = vec!["python3".into(), "adapters/python_chess_shim.py".into()];
//! let mut engine = Process::start(argv, Options::default()).expect("the shim starts");
//! let catalogue = Catalogue::builtin().expect("the shipped catalogue loads");
//! println!("{}", Run::new(&mut engine, &catalogue).tally());
//! ```

mod castling;
mod child;
mod group;
pub mod process;
pub mod schema;
mod scratch;
mod supervisor;
pub mod uci;
pub mod xboard;

pub use group::end_all;
pub use process::{Process, ProcessEngine};
pub use uci::UciEngine;
pub use xboard::XboardEngine;

/// How engines in other processes are run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// The timeout of each request, the longest line and how much stderr is kept.
    pub limits: chess_conformance::Limits,
    /// Whether every protocol message, both ways, is checked against its JSON Schema
    /// (`process:` engines only).
    pub validate_protocol: bool,
}
