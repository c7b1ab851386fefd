#!/usr/bin/env bash
# CI step for the in-process adapters (crates/adapters: the chess, cozy-chess, owlchess and pleco
# crates), which `cargo test` leaves out: they are the command's feature `adapters`, off by
# default, so that a fresh `cargo test` does not build those four libraries and the 57 crates
# under them (issue 26). Runs the adapters crate's own tests and doc examples, the command's unit
# tests with the feature (the registry's), the snapshots of the four over the whole catalogue
# (crates/cli/tests/engines.rs, with the engines in other processes read from certify's
# listings as `cargo test` reads them), `fuzz`'s tests, and the CLI tests about the adapters
# (their names say `adapter`). Run after `cargo test` with the same environment (.ci/run): the
# shared crates resolve the same features with and without the feature, so this builds only the
# adapters, their libraries and the command.
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
begin=$SECONDS
packages=(-p chess-conformance-adapters -p chess-conformance-cli --features adapters)
cargo test "${packages[@]}" --lib --bins --test adapters --test engines --test fuzz
cargo test "${packages[@]}" --doc
cargo test "${packages[@]}" --test cli -- adapter
echo "(the adapters' tests in $((SECONDS - begin)) s)"
