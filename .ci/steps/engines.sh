#!/usr/bin/env bash
# CI step: certify the engines in other processes. Installs Debian's stockfish, python-chess (pip)
# and chess.js (npm, in adapters/), then runs the whole catalogue against each with every protocol
# message validated, and prints each engine's summary and the cases that did not pass (full
# reports in target/engines/). Case failures are findings (docs/FINDINGS.md), not a broken build;
# the step fails on bad usage (exit 2), an engine that cannot start, or a crashed harness.
set -euo pipefail
cd "$(dirname "$0")/../.."

step() { printf '\n=== %s\n' "$*"; }

step "engines: installing stockfish, python-chess, chess.js"
if [ ! -x /usr/games/stockfish ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stockfish >/dev/null
fi
/usr/games/stockfish quit </dev/null | head -1
if ! python3 -m pip install --quiet --disable-pip-version-check -r adapters/requirements.txt 2>/dev/null; then
  # A Debian-managed Python refuses pip (PEP 668) unless told.
  python3 -m pip install --quiet --disable-pip-version-check --break-system-packages \
    -r adapters/requirements.txt
fi
python3 -c 'import chess; print("python-chess", chess.__version__)'
(cd adapters && npm ci --silent --no-audit --no-fund)
node -e 'console.log("chess.js", require("./adapters/node_modules/chess.js/package.json").version)'

step "engines: the protocol and UCI tests, Stockfish included"
cargo test --test process

step "engines: building the release binary"
cargo build --release --quiet
bin=target/release/chess-conformance
out=target/engines
mkdir -p "$out"

# Runs the catalogue against one engine in the background; the report goes to $out/NAME.txt and
# the exit code to $out/NAME.code.
certify() {
  local name=$1 spec=$2
  (
    set +e
    "$bin" run --engine "$spec" --validate-protocol --timeout 60s >"$out/$name.txt" 2>"$out/$name.err"
    echo $? >"$out/$name.code"
  ) &
}

step "engines: the catalogue against stockfish, python-chess and chess.js"
begin=$SECONDS
certify stockfish "uci:/usr/games/stockfish"
certify python-chess "process:python3 adapters/python_chess_shim.py"
certify chess.js "process:node adapters/chessjs_shim.mjs"
wait
echo "(all three in $((SECONDS - begin)) s)"

status=0
for name in stockfish python-chess chess.js; do
  code=$(cat "$out/$name.code")
  printf '\n--- %s (exit %s; full report: %s/%s.txt)\n' "$name" "$code" "$out" "$name"
  head -1 "$out/$name.txt"
  grep -E '^  (FAIL|ERROR) ' "$out/$name.txt" || true
  cat "$out/$name.err"
  echo "summary of $name: $(tail -1 "$out/$name.txt")"
  if [ "$code" != 0 ] && [ "$code" != 1 ]; then
    echo "engines: $name: exit code $code (bad usage, or the engine cannot start)" >&2
    status=1
  elif ! tail -1 "$out/$name.txt" | grep -Eq '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped, [0-9]+ errors$'; then
    echo "engines: $name: the run did not complete" >&2
    status=1
  fi
done
exit $status
