#!/usr/bin/env bash
# CI step for the built-in mutants (src/mutant/, docs/MUTANTS.md): the whole catalogue against
# every mutant, once. Fails (exit 1) when a mutant survives, or when the hand-written cases kill
# one with fewer than two cases or with no case of one colour to move; the text report names
# them. The score it writes is shown beside the reference's verdicts in the Markdown summary
# (on GitHub, the step summary).
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
cargo build --release --quiet
bin=target/release/chess-conformance
mkdir -p target/mutants
"$bin" mutants --no-progress --write-score target/mutants/score.json
"$bin" run --engine reference --format markdown --mutation-score target/mutants/score.json \
  > target/mutants/summary.md
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat target/mutants/summary.md >> "$GITHUB_STEP_SUMMARY"
fi
grep -m1 "Mutation score" target/mutants/summary.md
