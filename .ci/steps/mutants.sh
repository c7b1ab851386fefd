#!/usr/bin/env bash
# CI step for the built-in mutants (src/mutant/, docs/MUTANTS.md): the hand-written cases against
# every mutant, once. (The gate is theirs: each mutant killed by two hand-written cases. The
# generated cases against every mutant took about two minutes of CI's thirty for a figure
# that gates nothing; `chess-conformance mutants` with no option still runs them all.) Fails (exit 1) when a mutant survives, or when the hand-written cases kill
# one with fewer than two cases or with no case of one colour to move; the text report names
# them. The score it writes is shown beside the reference's verdicts on the same cases in the Markdown summary
# (on GitHub, the step summary).
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
cargo build --release --quiet
bin=target/release/chess-conformance
mkdir -p target/mutants
"$bin" mutants --generated exclude --no-progress --write-score target/mutants/score.json
"$bin" run --engine reference --generated exclude --format markdown --mutation-score target/mutants/score.json \
  > target/mutants/summary.md
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat target/mutants/summary.md >> "$GITHUB_STEP_SUMMARY"
fi
grep -m1 "Mutation score" target/mutants/summary.md
