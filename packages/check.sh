#!/usr/bin/env bash
# A stale package cannot ship: checks that each built artifact of packages/build.sh holds exactly
# generated/json/*.json and generated/schema/cases.schema.json (the same files, byte for byte,
# none missing, none left over), the cases' licence (cases/LICENSE) and, as its version, the
# catalogue's (cases/VERSION). Prints every difference, then exits 1 if there was one.
#
#   packages/check.sh [OUT]      (OUT defaults to target/packages, as for build.sh)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out=$(cd "${1:-$repo/target/packages}" && pwd)
cd "$repo"

version=$(tr -d '[:space:]' < cases/VERSION)
unpacked="$out/check"
rm -rf "$unpacked"
mkdir -p "$unpacked"
status=0
fail() { echo "error: $*" >&2; status=1; }

# same ARTIFACT DATA: DATA (a folder of the unpacked ARTIFACT) holds what generated/ does.
same() {
  local artifact=$1 data=$2 file
  diff <(cd generated/json && ls) <(cd "$data/json" && ls) >/dev/null \
    || fail "$artifact: its data/json/ lists other files than generated/json/: $(diff <(cd generated/json && ls) <(cd "$data/json" && ls) | grep '^[<>]' | tr '\n' ' ')"
  for file in generated/json/*.json; do
    [ -f "$data/json/${file##*/}" ] && ! cmp -s "$file" "$data/json/${file##*/}" \
      && fail "$artifact: json/${file##*/} differs from $file (rebuild with packages/build.sh)"
  done
  cmp -s generated/schema/cases.schema.json "$data/schema/cases.schema.json" \
    || fail "$artifact: schema/cases.schema.json differs from generated/schema/cases.schema.json"
  ls "$data/schema" | grep -vqx 'cases.schema.json' && fail "$artifact: schema/ has other files than the case schema"
  return 0
}
# licensed ARTIFACT FILE: FILE is cases/LICENSE.
licensed() {
  cmp -s cases/LICENSE "$2" || fail "$1: its licence ($2) is not cases/LICENSE"
}
# versioned ARTIFACT FOUND: FOUND is the catalogue's version.
versioned() {
  [ "$2" = "$version" ] || fail "$1: version \`$2\`, the catalogue's (cases/VERSION) is \`$version\`"
}
# the_one GLOB: the one artifact of the versioned names, whatever version it was built at.
the_one() {
  local found=("$out"/dist/$1)
  [ "${#found[@]}" -eq 1 ] && [ -f "${found[0]}" ] || { echo "error: $out/dist/$1: expected one artifact, found ${found[*]}" >&2; exit 1; }
  echo "${found[0]}"
}

npm=$(the_one 'chess-conformance-cases-*.tgz')
mkdir "$unpacked/npm" && tar xzf "$npm" -C "$unpacked/npm"
same "$npm" "$unpacked/npm/package/data"
licensed "$npm" "$unpacked/npm/package/LICENSE"
versioned "$npm" "$(node -p 'require(process.argv[1]).version' "$unpacked/npm/package/package.json")"
versioned "$npm (data/VERSION)" "$(cat "$unpacked/npm/package/data/VERSION")"

wheel=$(the_one 'chess_conformance_cases-*-py3-none-any.whl')
mkdir "$unpacked/wheel" && python3 -m zipfile -e "$wheel" "$unpacked/wheel"
same "$wheel" "$unpacked/wheel/chess_conformance_cases/data"
licensed "$wheel" "$(echo "$unpacked"/wheel/chess_conformance_cases-*.dist-info/licenses/LICENSE)"
versioned "$wheel" "$(sed -n 's/^Version: //p' "$unpacked"/wheel/chess_conformance_cases-*.dist-info/METADATA)"
versioned "$wheel (data/VERSION)" "$(cat "$unpacked/wheel/chess_conformance_cases/data/VERSION")"

crate=$(the_one 'chess-conformance-cases-*.crate')
mkdir "$unpacked/crate" && tar xzf "$crate" -C "$unpacked/crate"
root=$(echo "$unpacked"/crate/chess-conformance-cases-*)
same "$crate" "$root/data"
licensed "$crate" "$root/LICENSE"
versioned "$crate" "$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)"
versioned "$crate (data/VERSION)" "$(cat "$root/data/VERSION")"

rm -rf "$unpacked"
if [ "$status" -eq 0 ]; then
  echo "the three packages hold generated/ ($(ls generated/json | wc -l) areas and the schema), cases/LICENSE and version $version"
fi
exit $status
