#!/usr/bin/env bash
# The data packages of the exported catalogue (packages/: npm, Python, Rust):
#   1. built from generated/ by packages/build.sh (npm pack, a wheel, cargo package);
#   2. checked against generated/ by packages/check.sh: a stale package cannot ship;
#   3. each installed from its built artifact as a user would, in a fresh place: the tarball with
#      npm, the wheel with pip, the unpacked .crate as the path dependency of examples/rust (which
#      counts the cases of each area); each artifact's size and the seconds from the install to
#      the first case read through the package's loader are printed;
#   4. installed where examples/python and examples/js read them (generated.sh runs those).
# Installs what it needs (python3-venv, nodejs and npm with apt if missing); safe to rerun.
set -euo pipefail
cd "$(dirname "$0")/../.."

begin=$SECONDS
step() { printf '\n=== %s\n' "$*"; }
apt_install() {
  if command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  fi
}
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || apt_install nodejs npm
command -v python3 >/dev/null 2>&1 || apt_install python3
python3 -c 'import ensurepip, venv' 2>/dev/null || apt_install python3-venv

micros() { echo "${EPOCHREALTIME/./}"; }
seconds() { printf '%d.%02d' "$(($1 / 1000000))" "$(($1 % 1000000 / 10000))"; }

out=target/packages
step "build the packages from generated/ (packages/build.sh), check them against it (packages/check.sh)"
start=$(micros)
packages/build.sh "$out" >/dev/null
echo "built in $(seconds $(($(micros) - start))) s (npm pack, pip wheel with hatchling, cargo package)"
packages/check.sh "$out"
version=$(tr -d '[:space:]' < cases/VERSION)
# The Rust sources are outside the workspace, so `cargo fmt --all` and clippy do not see them.
rustfmt --check --edition 2021 packages/rust/src/lib.rs packages/rust/build.rs
rustfmt --check --edition 2024 examples/rust/src/main.rs
cargo clippy --quiet --manifest-path "$out/stage/rust/Cargo.toml" --all-targets \
  --target-dir "$out/try-clippy" -- -D warnings

step "install each from its artifact, in a fresh place, to the first case"
try=$out/try
rm -rf "$try"
mkdir -p "$try/npm"
report() { # NAME ARTIFACT START END FIRST-CASE-ID
  printf '%-6s %-48s %9d bytes; install to first case (%s): %s s\n' "$1" "$(basename "$2")" \
    "$(stat -c %s "$2")" "$5" "$(seconds $(($4 - $3)))"
}

tarball=$(realpath "$out/dist/chess-conformance-cases-$version.tgz")
echo '{"private": true, "type": "module"}' > "$try/npm/package.json"
start=$(micros)
(cd "$try/npm" && npm install --no-audit --no-fund --loglevel=error "$tarball" >/dev/null)
first=$(cd "$try/npm" && node --input-type=module -e \
  "import { areas, cases } from 'chess-conformance-cases'; console.log(cases({ area: areas()[0] })[0].id)")
report npm "$tarball" "$start" "$(micros)" "$first"

wheel=$(ls "$out"/dist/chess_conformance_cases-"$version"-py3-none-any.whl)
python3 -m venv "$try/venv"
start=$(micros)
"$try/venv/bin/pip" install --quiet --disable-pip-version-check --no-index "$wheel"
first=$("$try/venv/bin/python" -c \
  'import chess_conformance_cases as c; print(c.cases(area=c.areas()[0])[0]["id"])')
report pip "$wheel" "$start" "$(micros)" "$first"

# The Rust example in a target folder of its own: the data crate built from nothing (its build
# script and 12 MB of include_str!), then serde_json and the example, run to its last line.
crate=$out/dist/chess-conformance-cases-$version.crate
start=$(micros)
cargo build --quiet --manifest-path examples/rust/Cargo.toml --target-dir "$try/rust" -p chess-conformance-cases
built=$(micros)
counts=$(cargo run --quiet --manifest-path examples/rust/Cargo.toml --target-dir "$try/rust")
cargo clippy --quiet --manifest-path examples/rust/Cargo.toml --target-dir "$try/rust" -- -D warnings
first=$(tail -1 <<<"$counts" | sed -n 's/.*first case, \([^,]*\),.*/\1/p')
report cargo "$crate" "$start" "$(micros)" "$first"
echo "       (the data crate alone built in $(seconds $((built - start))) s; the rest is serde_json and the example)"
echo "$counts" | sed 's/^/       /'
# The crate's own unit test and documentation example, as the example's dependency (the unpacked
# crate's normalized manifest has no `[workspace]` of its own, and sits under this one).
cargo test --quiet --manifest-path examples/rust/Cargo.toml --target-dir "$try/rust" \
  -p chess-conformance-cases 2>&1 | grep -E '^test result' | sed 's/^/       /'

step "install them for examples/python and examples/js"
venv=target/examples/venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r examples/python/requirements.txt
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-index --no-deps \
  --force-reinstall "$wheel"
# The lock pins chess.js; the tarball's entry must carry no integrity, or a rebuilt tarball (a
# changed catalogue) would fail `npm ci` (an `npm install` there writes one back).
node -e '
  const entry = require("./examples/js/package-lock.json").packages["node_modules/chess-conformance-cases"];
  if (!entry || !entry.resolved.endsWith("target/packages/chess-conformance-cases.tgz") || entry.integrity) {
    console.error("error: examples/js/package-lock.json: the entry of chess-conformance-cases must resolve to " +
      "the tarball packages/build.sh packs, with no integrity: " + JSON.stringify(entry));
    process.exit(1);
  }'
(cd examples/js && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
echo "examples/js and $venv: chess-conformance-cases $version, from $out/dist"
echo "packages: $((SECONDS - begin)) s"
