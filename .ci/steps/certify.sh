#!/usr/bin/env bash
# Certifies seven implementations over the whole catalogue (hand-written and generated cases):
# the reference, the in-process adapters (chess, cozy-chess, owlchess), Stockfish over UCI, and
# python-chess and chess.js over the protocol with every message checked against its schema.
# Each engine's failures are findings (docs/FINDINGS.md) recorded in baselines/NAME.yaml; the
# step fails on a new failure, on a baseline entry that now passes (stale: update the baseline),
# on an engine that cannot start, or on bad usage. Needs engines.sh first.
#
# Perft counts above 100,000 nodes are left out for all engines: python-chess and chess.js
# take minutes over them (every perft case is still asked at its shallower depths), and the
# in-process engines' perft runs in full in `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
cargo build --release --quiet
mkdir -p target/certify
begin=$SECONDS
status=0
# The slow engines first, so that the two workers finish together.
./target/release/chess-conformance matrix \
  --engine "process:python3 adapters/python_chess_shim.py" \
  --engine "process:python3 adapters/pyffish_shim.py" \
  --engine "process:node adapters/chessjs_shim.mjs" \
  --engine "uci:/usr/games/stockfish" \
  --engine reference --engine chess --engine cozy-chess --engine owlchess \
  --timeout 60s --validate-protocol --perft-limit 100000 \
  --baselines baselines >target/certify/matrix.md || status=$?
cat target/certify/matrix.md
echo "(seven engines in $((SECONDS - begin)) s; the table is kept in target/certify/matrix.md)"
exit $status
