#!/usr/bin/env bash
# Builds the data packages of the exported catalogue from generated/ (never from a copy kept in
# the repository): the npm tarball, the Python wheel and the Rust .crate, each holding
# generated/json/*.json, generated/schema/cases.schema.json, the cases' licence (cases/LICENSE,
# CC0-1.0) and, as its version, the catalogue's (cases/VERSION).
#
#   packages/build.sh [OUT]      (OUT defaults to target/packages)
#
# Writes OUT/dist/ (the artifacts, versioned names, as a registry gets them) and, for the
# examples, the same under names without the version: OUT/chess-conformance-cases.tgz and
# OUT/crate/chess-conformance-cases/ (the .crate unpacked). The wheel keeps its versioned name
# (pip reads the version from it): OUT/dist/chess_conformance_cases-VERSION-py3-none-any.whl.
# Needs node/npm, python3 with venv, and cargo. packages/check.sh checks what this wrote.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${1:-$repo/target/packages}" && cd "${1:-$repo/target/packages}" && pwd)
cd "$repo"

version=$(tr -d '[:space:]' < cases/VERSION)
if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "error: cases/VERSION: \`$version\` is not a version MAJOR.MINOR.PATCH" >&2
  exit 1
fi
ls generated/json/*.json >/dev/null 2>&1 || {
  echo "error: generated/json/ has no *.json: run \`chess-conformance generate\` first" >&2
  exit 1
}

rm -rf "$out/stage" "$out/dist" "$out/crate" "$out/chess-conformance-cases.tgz"
mkdir -p "$out/stage" "$out/dist" "$out/crate"

# stage KIND DATA: the package's sources with the catalogue copied into DATA (inside it) and the
# version written where the manifest says `0.0.0-unbuilt`.
stage() {
  local kind=$1 data=$2 dir="$out/stage/$1"
  cp -R "packages/$kind" "$dir"
  cp cases/LICENSE "$dir/LICENSE"
  mkdir -p "$dir/$data/json" "$dir/$data/schema"
  cp generated/json/*.json "$dir/$data/json/"
  cp generated/schema/cases.schema.json "$dir/$data/schema/"
  printf '%s\n' "$version" > "$dir/$data/VERSION"
  for manifest in "$dir/package.json" "$dir/Cargo.toml"; do
    if [ -f "$manifest" ]; then
      grep -q '0\.0\.0-unbuilt' "$manifest" || { echo "error: $manifest: no 0.0.0-unbuilt to stamp" >&2; exit 1; }
      sed -i "s/0\.0\.0-unbuilt/$version/" "$manifest"
    fi
  done
}

# npm: `npm pack` (the tarball `npm publish` would upload).
stage npm data
(cd "$out/stage/npm" && npm pack --silent --pack-destination "$out/dist" >/dev/null)
cp "$out/dist/chess-conformance-cases-$version.tgz" "$out/chess-conformance-cases.tgz"

# Python: a wheel built by the pinned backend (pyproject.toml) in pip's isolated build
# environment, from a venv of its own (a system Python may refuse pip).
stage python src/chess_conformance_cases/data
if [ ! -x "$out/build-venv/bin/pip" ]; then
  python3 -m venv "$out/build-venv"
fi
"$out/build-venv/bin/pip" wheel --quiet --disable-pip-version-check --no-deps \
  --wheel-dir "$out/dist" "$out/stage/python"

# Rust: `cargo package` (the .crate `cargo publish` would upload), unpacked for path dependencies.
# `--no-verify`: the example crate of .ci/steps/packages.sh builds the unpacked crate instead.
stage rust data
cargo package --quiet --no-verify --allow-dirty --manifest-path "$out/stage/rust/Cargo.toml" \
  --target-dir "$out/cargo-target"
cp "$out/cargo-target/package/chess-conformance-cases-$version.crate" "$out/dist/"
tar xzf "$out/dist/chess-conformance-cases-$version.crate" -C "$out/crate"
mv "$out/crate/chess-conformance-cases-$version" "$out/crate/chess-conformance-cases"

ls -l "$out/dist"
