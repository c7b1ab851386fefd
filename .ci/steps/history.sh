#!/usr/bin/env bash
# History across library versions (issue 27): several released versions of python-chess, chess.js
# and chessops, installed side by side, each certified over the hand-written cases against its own
# baseline (baselines/history/NAME-VERSION.yaml), and the report site built from their reports,
# where each library's page shows its areas by version and the cases whose outcome changed.
#
# Side by side: python-chess with `pip install --target target/history/python/chess-VERSION` (the
# shim imports it through PYTHONPATH; 0.x was published as `python-chess`, 1.x as `chess`); the
# JavaScript libraries as npm aliases (`"chess.js-0.13.4": "npm:chess.js@0.13.4"`) in one folder,
# target/history/node, and a folder per version holding a copy of the repository's shim and its
# helper beside node_modules/LIBRARY, a link to that alias, so the shim's own `import` finds it.
# What an older version's API lacks is a skip with its reason (the shims' `unsupported`).
#
# Fails on a new failure or a stale entry in a version's baseline, on a version that cannot start,
# on any error verdict, or on a report or a history section missing from the site. Writes
# target/history/reports/NAME-VERSION.json, target/history/matrix.md and target/history/site.
# Rewrite the baselines: HISTORY_WRITE_BASELINES=1 .ci/steps/history.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
cargo build --release --quiet
begin=$SECONDS
out=target/history
mkdir -p "$out/python" "$out/node"

# The versions certified: the oldest each shim still speaks to, the releases on either side of a
# change of results (docs/FINDINGS.md, "History across versions"), and the pinned one
# (adapters/requirements.txt, adapters/package.json).
python_chess=(0.23.11 0.25.1 0.26.0 0.31.4 1.0.0 1.9.0 1.9.1 1.11.2)
chessjs=(0.13.4 1.0.0 1.2.0 1.3.0 1.4.0)
chessops=(0.14.2 0.15.1)

pip_install() {
  python3 -m pip install --quiet --disable-pip-version-check --no-deps "$@" 2>/dev/null ||
    python3 -m pip install --quiet --disable-pip-version-check --no-deps --break-system-packages "$@"
}
engines=()
for version in "${python_chess[@]}"; do
  folder="$out/python/chess-$version"
  distribution=chess
  [[ $version == 0.* ]] && distribution=python-chess
  [ -f "$folder/chess/__init__.py" ] || pip_install --target "$folder" "$distribution==$version"
  engines+=("process:env PYTHONPATH=$folder python3 adapters/python_chess_shim.py")
done

# One npm install of every alias; then a folder per version: the shim, the helper, and
# node_modules/LIBRARY linking to the alias.
{
  echo '{"private": true, "description": "chess-conformance: library versions side by side (.ci/steps/history.sh)", "dependencies": {'
  first=1
  for spec in "${chessjs[@]/#/chess.js@}" "${chessops[@]/#/chessops@}"; do
    [ $first = 1 ] || echo ','
    first=0
    printf '  "%s-%s": "npm:%s"' "${spec%@*}" "${spec#*@}" "$spec"
  done
  echo '}}'
} >"$out/node/package.json"
(cd "$out/node" && npm install --silent --no-audit --no-fund --no-package-lock)
node_version() { # library, version, shim
  local folder="$out/node/$1-$2"
  rm -rf "$folder"
  mkdir -p "$folder/node_modules"
  ln -s "../../node_modules/$1-$2" "$folder/node_modules/$1"
  cp "adapters/$3" adapters/chess-conformance-shim.mjs "$folder/"
  engines+=("process:node $folder/$3")
}
for version in "${chessjs[@]}"; do node_version chess.js "$version" chessjs_shim.mjs; done
for version in "${chessops[@]}"; do node_version chessops "$version" chessops_shim.mjs; done
echo "installed ${#engines[@]} versions in $((SECONDS - begin)) s"

args=()
for engine in "${engines[@]}"; do args+=(--engine "$engine"); done
baselines=(--baselines baselines/history)
[ -n "${HISTORY_WRITE_BASELINES:-}" ] && baselines=(--write-baselines baselines/history)
rm -rf "$out/reports"
status=0
./target/release/chess-conformance matrix "${args[@]}" --version-names --generated exclude \
  --timeout 60s --validate-protocol --perft-limit 100000 "${baselines[@]}" \
  --write-reports "$out/reports" >"$out/matrix.md" || status=$?
cat "$out/matrix.md"

# Every version's report, none with an error verdict (a missing API is a skip, never an error).
expected=()
for version in "${python_chess[@]}"; do expected+=("python-chess $version"); done
for version in "${chessjs[@]}"; do expected+=("chess.js $version"); done
for version in "${chessops[@]}"; do expected+=("chessops $version"); done
for identity in "${expected[@]}"; do
  file="$out/reports/$(echo "$identity" | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9]+/-/g; s/^-|-$//g').json"
  if [ ! -f "$file" ]; then
    echo "no report of $identity ($file)" >&2
    status=1
    continue
  fi
  python3 - "$file" "$identity" <<'PY' || status=1
import json, sys
report = json.load(open(sys.argv[1]))
engine = "%s %s" % (report["engine"]["name"], report["engine"]["version"])
errors = [v["id"] for v in report["verdicts"] if v["outcome"] == "error"]
if engine != sys.argv[2]:
    sys.exit("%s: the report is of %s, not %s" % (sys.argv[1], engine, sys.argv[2]))
if errors:
    sys.exit("%s: %d error verdicts (a missing API must be a skip): %s" % (engine, len(errors), ", ".join(errors[:5])))
PY
done

./target/release/chess-conformance report --html "$out/site" "$out"/reports/*.json
for page in python-chess-1-11-2 chess-js-1-4-0 chessops-0-15-1; do
  if ! grep -q '<section id="history">' "$out/site/engines/$page.html"; then
    echo "$out/site/engines/$page.html has no history" >&2
    status=1
  fi
done
echo "(${#engines[@]} library versions in $((SECONDS - begin)) s; the site: $out/site/index.html)"
exit $status
