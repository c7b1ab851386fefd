#!/usr/bin/env bash
# CI step for the fuzz targets (crates/fuzz, docs/FUZZING.md): a bounded smoke run of each, on
# its seeds and then seeded mutations of them, well under a minute on 2 cores once built. A
# panic, a hang (an input over 10 s) or the memory cap fails the step; the input that did it is
# printed in base64 so that it can be replayed from the log with `fuzz replay TARGET FILE`.
# Needs only the Rust toolchain .ci/run already uses.
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
# The fuzz crate alone resolves the features of the crates below it as the default members do,
# with the adapters or without (crates/fuzz/Cargo.toml lists the ones that would differ), so the
# build and the tests below reuse certify's release build (`--features adapters`). A dependency update can break that silently (a minute of
# rebuild, nothing wrong): say so.
features() {
  cargo tree --offline -e normal,build -f '{p} {f}' --prefix none "$@" 2>/dev/null \
    | sed 's/ (\*)//; s/ (proc-macro)//; s/ (\/[^)]*)//' | sort -u
}
differ=$(comm -13 <(features -p chess-conformance -p chess-conformance-engines \
  -p chess-conformance-adapters -p chess-conformance-generate -p chess-conformance-cli) \
  <(features -p chess-conformance-fuzz | grep -v '^chess-conformance-fuzz ') || true)
if [ -n "$differ" ]; then
  echo "warning: the fuzz crate resolves these crates' features otherwise than the workspace," \
    "so they build a second time (add the missing features to crates/fuzz/Cargo.toml):"
  printf '  %s\n' "$differ"
fi
cargo build --release -p chess-conformance-fuzz --bin fuzz
# The crate's own tests (seeds replay to their verdicts; a short run of every target): it is not
# a default member of the workspace, so `cargo test` does not run them.
cargo test --release -p chess-conformance-fuzz
out=target/fuzz/ci
rm -rf "$out"
mkdir -p "$out"

status=0
# TARGET INPUTS: about five seconds each on CI's machine; --seconds bounds a slower one.
while read -r target inputs; do
  if ! target/release/fuzz run "$target" --inputs "$inputs" --seconds 10 --seed 14 \
    --hang-secs 10 --slow-ms 2000 --mem-mb 1024 --out "$out"; then
    status=1
    for found in "$out/$target"-crash-*.bin "$out/$target"-hang.bin "$out/$target"-oom.bin; do
      [ -f "$found" ] || continue
      echo "=== $found (base64):"
      base64 -w 0 "$found"
      echo
    done
  fi
done <<'TARGETS'
case-file 10000
engine-answers 20000
serve-request 20000
uci-output 100000
reference-inputs 15000
baseline 10000
report 10000
TARGETS
exit "$status"
