#!/usr/bin/env bash
# The install without Rust: the command as a Python wheel (maturin, `bindings = "bin"`,
# crates/cli/pyproject.toml), installed with pip into a fresh virtual environment, where
# `chess-conformance run` must work (exit 0, the summary printed) with no cargo on the PATH.
# Prints the wheel's size and the seconds from `pip install` to the first verdict.
#
# maturin builds with cargo into the workspace's target/ and the release profile, so it reuses
# the release build of the steps before (only the binary is linked again).
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
out=target/wheel
rm -rf "$out"
python3 -m venv "$out/build"
"$out/build/bin/pip" install --quiet --disable-pip-version-check "maturin==1.16.0"
begin=$SECONDS
# maturin checks the binary's glibc symbols and tags the wheel by the newest it needs
# (manylinux_2_34 on this Debian 12: Ubuntu 22.04 and later, as on GitHub's runners).
"$out/build/bin/maturin" build --release --quiet --manifest-path crates/cli/Cargo.toml \
  --out "$out/dist"
wheel=$(ls "$out"/dist/chess_conformance-*.whl)
echo "built $(basename "$wheel"): $(stat -c %s "$wheel") bytes, in $((SECONDS - begin)) s"

# A user's fresh environment, without cargo or the repository's binaries on the PATH.
python3 -m venv "$out/user"
path="$PWD/$out/user/bin:/usr/bin:/bin"
micros() { echo "${EPOCHREALTIME/./}"; }
seconds() { printf '%d.%02d' "$(($1 / 1000000))" "$(($1 % 1000000 / 10000))"; }
start=$(micros)
"$out/user/bin/pip" install --quiet --disable-pip-version-check "$wheel"
installed=$(micros)
# The first verdicts: the hand-written castling cases against the built-in reference.
report=$(cd "$out" && env PATH="$path" chess-conformance run --filter castling/ --generated exclude)
first=$(micros)
summary=$(tail -1 <<<"$report")
echo "pip install: $(seconds $((installed - start))) s; then the first verdicts (castling/," \
  "hand-written): $(seconds $((first - installed))) s; in all $(seconds $((first - start))) s"
echo "  $summary"
grep -Eq '^[1-9][0-9]* passed, [0-9]+ failed, 0 skipped, 0 errors$' <<<"$summary"
# The whole catalogue, as the README's first command runs it: exit 0 and the summary.
(cd "$out" && env PATH="$path" chess-conformance run | tail -1)
