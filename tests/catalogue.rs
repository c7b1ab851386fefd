//! The shipped catalogue against the reference engine, one libtest-mimic trial per case.
//!
//! The catalogue, not shakmaty, is the oracle: the cases where shakmaty disagrees with the rules
//! are listed, with why, in `baselines/reference-shakmaty.yaml`, and their trials are reported
//! ignored as known failures while they fail just so (a listed case that passes, or fails
//! otherwise, fails its trial).
//!
//! `cargo test --test catalogue -- castling/` runs one rule area, `-- --list` lists the cases,
//! and `cargo nextest run --partition count:1/2` shards them.

use std::process::ExitCode;

use chess_conformance::Baseline;

fn main() -> ExitCode {
    chess_conformance::harness::test_main_with_baseline(
        chess_conformance::Reference::new,
        &Baseline::reference(),
    )
}
