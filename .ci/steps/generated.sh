#!/usr/bin/env bash
# generated/ and its consumers in other languages:
#   1. `chess-conformance generate --check`: generated/ is what cases/ and the seeds give; then
#      `generate` into a folder planted with a project's own files, an earlier generation's
#      manifest and a killed generation's temporary: it writes exactly generated/, keeps the
#      project's files, removes what it no longer generates (`cargo test` checks `--check`
#      end to end, on a stale copy: one generation there, each about 20 s of CPU);
#   2. .ci/steps/packages.sh: its data packages (npm, Python, Rust) built, checked against it,
#      installed from their artifacts, and installed for the two examples;
#   3. examples/python: the installed Python package against python-chess, with pytest;
#   4. examples/js: the installed npm package against chess.js, with node's test runner.
# Each example reports every disagreement (xfail / TODO, with its reason) and fails on a new one.
# Installs what it needs (a Python venv and npm packages under the repository); safe to rerun.
set -euo pipefail
cd "$(dirname "$0")/../.."

step() { printf '\n=== %s\n' "$*"; }

step "generate --check (generated/ is up to date with cases/)"
cargo run --release --quiet -- generate --check

step "generate into a planted folder (exactly generated/, the folder's own files kept)"
planted=target/generate-planted
rm -rf "$planted"
mkdir -p "$planted/json"
printf 'site_name: mine\n' >"$planted/mkdocs.yaml"
printf '{}\n' >"$planted/json/settings.json"
printf 'cases: []\n' >"$planted/gone.yaml"
printf '# an earlier generation\ngone.yaml\n' >"$planted/.chess-conformance-manifest"
printf 'cases:\n  - id: cut sh' >"$planted/.castling.yaml.generate-4294967295.tmp"
cargo run --release --quiet -- generate --no-progress --out "$planted" >/dev/null
[ "$(cat "$planted/mkdocs.yaml")" = "site_name: mine" ] && [ "$(cat "$planted/json/settings.json")" = "{}" ] \
  || { echo "generate changed a file it did not write" >&2; exit 1; }
rm "$planted/mkdocs.yaml" "$planted/json/settings.json"
# Anything else (gone.yaml, the temporary, a file differing from generated/) is a failure here.
diff -r generated "$planted"
echo "generate wrote exactly generated/ and kept the folder's own files"

step "the data packages (.ci/steps/packages.sh)"
.ci/steps/packages.sh

step "examples/python: the installed package against python-chess (pytest)"
venv=target/examples/venv
(cd examples/python && "../../$venv/bin/python" -m pytest -q -p no:cacheprovider -rfExs)

step "examples/js: the installed package against chess.js (node --test)"
log=target/examples/js-test.log
mkdir -p target/examples
status=0
(cd examples/js && node --test --test-reporter=tap) >"$log" 2>&1 || status=$?
# The full TAP log is kept in $log; show the failures, the reported disagreements and the totals.
grep -E '^\s*not ok|# TODO' "$log" || true
if [ "$status" -ne 0 ]; then tail -n 60 "$log"; else tail -n 9 "$log"; fi
exit "$status"
