#!/usr/bin/env bash
# CI step for the winnability analyzer (src/winnable/): its property tests in release mode with
# more cases than the default `cargo test` run, and one smoke run of its benchmark (which also
# replays every helpmate line it finds). Needs only the Rust toolchain .ci/run already uses.
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
echo "=== winnable: property tests against the brute-force oracle (2,000 cases each)"
PROPTEST_CASES=2000 cargo test --release --test winnable
echo "=== winnable: every piece stays inside its region along random games (2,000 positions)"
PROPTEST_CASES=2000 cargo test --release --lib winnable::reach

echo "=== winnable: the benchmark runs once (40 positions per set)"
cargo test --release --bench winnable
