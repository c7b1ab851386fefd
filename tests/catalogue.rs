//! The shipped catalogue against the reference engine, one libtest-mimic trial per case.
//!
//! `cargo test --test catalogue -- castling/` runs one rule area, `-- --list` lists the cases,
//! and `cargo nextest run --partition count:1/2` shards them.

use std::process::ExitCode;

fn main() -> ExitCode {
    chess_conformance::test_main(chess_conformance::Reference::new)
}
