#!/usr/bin/env bash
# Certifies every implementation of the matrix below over the whole catalogue (hand-written and
# generated cases): the reference and the in-process Rust adapters, Stockfish and Fairy-Stockfish
# over UCI, Sjaak II
# and Sjeng over xboard, and the Python and JavaScript libraries over the protocol, every message
# checked against its schema.
# The in-process adapters are the command's feature `adapters` (off by default), so the release
# binary is built with it here (and difffuzz.sh, which reuses it; the shared crates resolve alike
# with and without it, so `cargo build --release` after this rebuilds the command alone).
# Each engine's failures are findings (docs/FINDINGS.md) recorded in baselines/NAME.yaml; the
# step fails on a new failure, on a baseline entry that now passes (stale: update the baseline),
# on an engine that cannot start, or on bad usage. Needs engines.sh first.
#
# Perft counts above 100,000 nodes are left out for all engines: python-chess and chess.js
# take minutes over them (every perft case is still asked at its shallower depths), and the
# in-process engines' perft runs in full in `cargo test`.
#
# Each engine's verdict listing goes to target/certify/listings/NAME.txt: `.ci/run` points
# `cargo test` at them (CHESS_CONFORMANCE_LISTINGS), whose snapshot test of every engine in
# another process checks those instead of running the engine a second time.
#
# Each engine's JSON report goes to target/certify/reports/NAME.json, and the report site built
# from them to target/certify/site (issue 26: at most 50 MB and 2,000 files; the step fails past
# either).
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
cargo build --release --quiet --features adapters
# The pyffish shim's own tests (its Betza rewriting for pyffish's custom pieces, over the
# protocol): a second.
python3 -m unittest adapters/test_pyffish_shim.py
mkdir -p target/certify
begin=$SECONDS
status=0
# The slow engines first, so that the two workers finish together.
engines=(
  "process:python3 adapters/chessnut_shim.py"
  "process:python3 adapters/pyffish_shim.py"
  "process:python3 adapters/python_chess_shim.py"
  "process:node adapters/chessjs_shim.mjs"
  "process:node adapters/js_chess_engine_shim.mjs"
  "process:node adapters/kokopu_shim.mjs"
  "process:node adapters/chessops_shim.mjs"
  "uci:/usr/games/stockfish"
  "uci:/usr/games/fairy-stockfish"
  "xboard:/usr/games/sjaakii"
  "xboard:/usr/games/sjeng"
  reference chess cozy-chess owlchess pleco
)
args=()
for engine in "${engines[@]}"; do args+=(--engine "$engine"); done
./target/release/chess-conformance matrix "${args[@]}" \
  --timeout 60s --validate-protocol --perft-limit 100000 \
  --baselines baselines --write-listings target/certify/listings \
  --write-reports target/certify/reports >target/certify/matrix.md || status=$?
cat target/certify/matrix.md
echo "(${#engines[@]} engines in $((SECONDS - begin)) s; the table is kept in target/certify/matrix.md)"
./target/release/chess-conformance report --html target/certify/site target/certify/reports/*.json
bytes=$(du -sb target/certify/site | cut -f1)
files=$(find target/certify/site -type f | wc -l)
largest=$(find target/certify/site -type f -printf '%s %P\n' | sort -n | tail -1)
echo "the site: $bytes bytes in $files files (at most 50,000,000 and 2,000); the largest: $largest"
if ((bytes > 50000000 || files > 2000)); then echo "the site is over its limits" >&2; status=1; fi
exit $status
