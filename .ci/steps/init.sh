#!/usr/bin/env bash
# `chess-conformance init`: each starting shim written into a fresh folder, as a user would, and
# run there. The Python and JavaScript shims must run at once over the whole catalogue, with
# every message checked against its schema, and exit 0 with every case skipped. The Rust one is
# the example `init-rust` of crates/cli (the same text, include_str!), which clippy and
# `cargo test` compile; here it runs, as `cargo test --test conformance` would in a user's crate,
# and must pass with every case ignored. Needs engines.sh first (python3, node). About 10 s
# after `cargo test` and the release build.
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
cargo build --release --quiet -p chess-conformance-cli
bin=$PWD/target/release/chess-conformance
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The last line of a run whose every case was skipped: `0 passed, 0 failed, N skipped, 0 errors`.
all_skipped() {
  local engine=$1 out last
  out=$(cd "$dir" && "$bin" run --engine "$engine" --validate-protocol)
  last=$(tail -1 <<<"$out")
  if ! grep -Eq '^0 passed, 0 failed, [1-9][0-9]* skipped, 0 errors$' <<<"$last"; then
    printf '%s\n' "$out" | tail -20
    echo "error: $engine: expected every case skipped, got: $last" >&2
    return 1
  fi
  echo "$engine: $last"
}

(cd "$dir" && "$bin" init --lang python && "$bin" init --lang js && "$bin" init --lang rust)
all_skipped "process:python3 chess_shim.py"
all_skipped "process:node chess_shim.mjs"
cmp "$dir/tests/conformance.rs" crates/cli/templates/conformance.rs

# The Rust shim as a test binary: every case a trial, every one ignored (skipped). The test
# profile, for `cargo test` has built the example already (in release it takes 50 s more).
out=$(cargo run --profile test --quiet -p chess-conformance-cli --example init-rust 2>&1)
last=$(grep -E '^test result:' <<<"$out" | tail -1)
if ! grep -Eq '^test result: ok\. 0 passed; 0 failed; [1-9][0-9]* ignored' <<<"$last"; then
  printf '%s\n' "$out" | tail -20
  echo "error: the Rust shim: expected every case ignored, got: $last" >&2
  exit 1
fi
echo "rust (example init-rust): $last"
