#!/usr/bin/env bash
# Differential fuzzing (`chess-conformance fuzz`, docs/FUZZING.md): the reference against
# python-chess, chess.js and the in-process engines (chess, cozy-chess, owlchess), each for a
# bounded time on a fixed seed, every answer both declare compared at every ply of seeded random
# games. A kind of disagreement an engine's baseline records (baselines/NAME.yaml) is counted; a
# new kind fails the step, its shrunk case printed in the log ready for cases/. About 50 s on CI's 2
# cores (CI's 30 minutes are tight: the ten-minute runs of docs/FUZZING.md are where
# new kinds are found). Needs engines.sh first (the shims' dependencies).
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
# With the in-process adapters (the feature `adapters`), as certify.sh builds it.
cargo build --release --quiet --features adapters
begin=$SECONDS
status=0
# ENGINE SECONDS: the shims answer over a pipe, 30 to 150 plies a second; the in-process
# engines thousands.
while IFS='|' read -r engine seconds; do
  echo "=== fuzz: reference against $engine for ${seconds}s"
  ./target/release/chess-conformance fuzz --engine reference --engine "$engine" \
    --seed 9 --time "${seconds}s" --timeout 60s --baselines baselines || status=$?
done <<'ENGINES'
process:python3 adapters/python_chess_shim.py|15
process:node adapters/chessjs_shim.mjs|15
chess|6
cozy-chess|6
owlchess|6
ENGINES
echo "(differential fuzzing in $((SECONDS - begin)) s)"
exit $status
