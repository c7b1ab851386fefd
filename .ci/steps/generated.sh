#!/usr/bin/env bash
# generated/ and its consumers in other languages:
#   1. `chess-conformance generate --check`: generated/ is what cases/ and the seeds give;
#   2. examples/python: the JSON export against python-chess, with pytest;
#   3. examples/js: the JSON export against chess.js, with node's test runner.
# Each example reports every disagreement (xfail / TODO, with its reason) and fails on a new one.
# Installs what it needs (a Python venv and npm packages under the repository); safe to rerun.
set -euo pipefail
cd "$(dirname "$0")/../.."

step() { printf '\n=== %s\n' "$*"; }
apt_install() {
  if command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  fi
}

step "generate --check (generated/ is up to date with cases/)"
cargo run --release --quiet -- generate --check

step "examples/python: the export against python-chess (pytest)"
venv=target/examples/venv
if [ ! -x "$venv/bin/python" ]; then
  command -v python3 >/dev/null 2>&1 || apt_install python3
  python3 -m venv "$venv" 2>/dev/null || { apt_install python3-venv; python3 -m venv "$venv"; }
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r examples/python/requirements.txt
(cd examples/python && "../../$venv/bin/python" -m pytest -q -p no:cacheprovider -rfExs)

step "examples/js: the export against chess.js (node --test)"
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || apt_install nodejs npm
log=target/examples/js-test.log
mkdir -p target/examples
status=0
(cd examples/js && npm ci --no-audit --no-fund --loglevel=error && node --test --test-reporter=tap) >"$log" 2>&1 || status=$?
# The full TAP log is kept in $log; show the failures, the reported disagreements and the totals.
grep -E '^\s*not ok|# TODO' "$log" || true
if [ "$status" -ne 0 ]; then tail -n 60 "$log"; else tail -n 9 "$log"; fi
exit "$status"
