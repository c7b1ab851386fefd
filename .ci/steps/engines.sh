#!/usr/bin/env bash
# Installs the engines certified in other processes: Debian packages (Stockfish and
# Fairy-Stockfish over UCI; Sjaak
# II and Sjeng over xboard) with apt-get, the Python libraries with pip
# (adapters/requirements.txt) and the JavaScript ones with npm (adapters/package-lock.json). Safe
# to rerun; prints each version. `cargo test` (crates/cli/tests/engines.rs and process.rs) and
# certify.sh use them;
# also Debian's chromium, which site.rs drives headless.
set -euo pipefail
cd "$(dirname "$0")/../.."

# Debian's chromium is for the report site's browser test (crates/cli/tests/site.rs); one apt-get
# for whatever is missing (chromium: 155 MB, about 80 s on a fresh runner).
missing=()
[ -x /usr/games/stockfish ] || missing+=(stockfish)
# Fairy-Stockfish 11.1, for the historical pieces through a variant file (uci:).
[ -x /usr/games/fairy-stockfish ] || missing+=(fairy-stockfish)
# Sjaak II and Sjeng, xboard engines (xboard:).
[ -x /usr/games/sjaakii ] || missing+=(sjaakii)
[ -x /usr/games/sjeng ] || missing+=(sjeng)
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
echo "stockfish: $(/usr/games/stockfish quit </dev/null | head -1)"
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null)"
echo "sjaak-ii: $(dpkg-query -W -f='${Version}' sjaakii) ($(/usr/games/sjaakii </dev/null | head -1))"
echo "sjeng: $(dpkg-query -W -f='${Version}' sjeng)"
echo "fairy-stockfish: $(dpkg-query -W -f='${Version}' fairy-stockfish)"

if ! python3 -m pip install --quiet --disable-pip-version-check -r adapters/requirements.txt 2>/dev/null; then
  # A Debian-managed Python refuses pip (PEP 668) unless told.
  python3 -m pip install --quiet --disable-pip-version-check --break-system-packages \
    -r adapters/requirements.txt
fi
echo "python-chess: $(python3 -c 'import chess; print(chess.__version__)')"
echo "chessnut: $(python3 -c 'from importlib.metadata import version; print(version("chessnut"))')"
echo "pyffish: $(python3 -c 'import pyffish; print("%d.%d.%d" % pyffish.version(), pyffish.info())')"

(cd adapters && npm ci --silent --no-audit --no-fund)
echo "chess.js: $(node -p 'require("./adapters/node_modules/chess.js/package.json").version')"
for package in kokopu chessops js-chess-engine; do
  echo "$package: $(node -p "require('./adapters/node_modules/$package/package.json').version")"
done
