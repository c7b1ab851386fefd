#!/usr/bin/env bash
# Installs the engines certified in other processes: Debian's Stockfish (apt-get), python-chess
# (pip, adapters/requirements.txt) and chess.js (npm, adapters/package-lock.json). Safe to rerun;
# prints each version. `cargo test` (crates/cli/tests/engines.rs and process.rs) and certify.sh use them.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ ! -x /usr/games/stockfish ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq stockfish >/dev/null
fi
echo "stockfish: $(/usr/games/stockfish quit </dev/null | head -1)"

if ! python3 -m pip install --quiet --disable-pip-version-check -r adapters/requirements.txt 2>/dev/null; then
  # A Debian-managed Python refuses pip (PEP 668) unless told.
  python3 -m pip install --quiet --disable-pip-version-check --break-system-packages \
    -r adapters/requirements.txt
fi
echo "python-chess: $(python3 -c 'import chess; print(chess.__version__)')"

(cd adapters && npm ci --silent --no-audit --no-fund)
echo "chess.js: $(node -p 'require("./adapters/node_modules/chess.js/package.json").version')"
