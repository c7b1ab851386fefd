//! The `chess-conformance` command: a thin layer over the libraries, one file per subcommand.
//!
//! `cli.rs` has the parser and what the subcommands share (case selection, engine options,
//! exit codes); `registry.rs` maps `--engine` specs to engines; `junit.rs` writes JUnit XML;
//! `init.rs` writes a starting shim from `templates/`;
//! `print.rs` writes to stdout and stderr, a closed pipe ending the output quietly;
//! `interrupt.rs` stops a run cleanly on SIGINT or SIGTERM; `write.rs` writes files atomically;
//! `report/` writes the report site; `fuzz/` compares two engines on seeded random games;
//! `winnable.rs` asks the reference's analyzer who can still mate.

mod cli;
mod export;
mod fuzz;
mod generate;
mod init;
mod interrupt;
mod junit;
mod list;
mod matrix;
mod mutants;
mod pool;
mod print;
mod progress;
mod registry;
mod report;
mod run;
mod show;
mod winnable;
mod write;

use std::process::ExitCode;

/// mimalloc: the loader allocates per case, per probe and per YAML node (see Cargo.toml).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::main()
}
