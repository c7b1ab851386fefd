//! The `chess-conformance` command: a thin layer over the libraries, one file per subcommand.
//!
//! Three layers, no circle (`tests/layers.rs` checks it): `dispatch.rs` parses the command line
//! and routes it, the only file that names a subcommand; the subcommands (`run.rs`, `list.rs`,
//! `show.rs`, `matrix.rs`, `mutants.rs`, `generate.rs`, `export.rs`, `report/`, `init.rs`,
//! `fuzz/`, `winnable.rs`, `diff/`) name neither the dispatch nor each other; what they share names
//! none of them. Shared: `error.rs` (`BadInput`, exit code 2), `selection.rs` (which cases),
//! `engine_options.rs` (`--engine` made an engine, the options of engines in other processes,
//! `--jobs`), `output.rs` (files checked writable before a run), `text.rs` (`plural`, file
//! names), `score.rs` (the mutation score), `registry.rs` (`--engine` specs), `pool.rs` (engines
//! on worker threads), `junit.rs` (JUnit XML), `progress.rs` (bars, colour), `print.rs` (stdout
//! and stderr, a closed pipe ending the output quietly), `interrupt.rs` (SIGINT, SIGTERM),
//! `write.rs` (files written atomically), `report_file.rs` (a run's JSON report read).

mod diff;
mod dispatch;
mod engine_options;
mod error;
mod export;
mod fuzz;
mod generate;
mod init;
mod interrupt;
mod junit;
mod list;
mod matrix;
mod mutants;
mod output;
mod pool;
mod print;
mod progress;
mod registry;
mod report;
mod report_file;
mod run;
mod score;
mod selection;
mod show;
mod text;
mod winnable;
mod write;

use std::process::ExitCode;

/// mimalloc: the loader allocates per case, per probe and per YAML node (see Cargo.toml).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    dispatch::main()
}
