#!/usr/bin/env bash
# Packs every published crate as `cargo publish` would, and checks that each .crate is under
# crates.io's 10 MB limit and carries every file its build reads from outside `src/`: the core's
# catalogue (cases/, generated/*.yaml, the reference's baseline), the engines crate's protocol
# schemas, the command's init templates.
#
# `--no-verify`: verifying builds each packed crate again from scratch in target/package (all
# five, several minutes on 2 cores) after the workspace build has already checked the code; what
# it would add, that the .crate holds the files the build reads, is checked here by name.
# `--allow-dirty`: the step also runs on a work tree with changes; CI's clone is clean.
set -euo pipefail
cd "$(dirname "$0")/../.."

export CARGO_TERM_COLOR=never
limit=$((10 * 1000 * 1000))
rm -rf target/package
cargo package --workspace --exclude chess-conformance-fuzz --no-verify --allow-dirty --quiet 2>&1 \
  | grep -v '^warning: ignoring \(benchmark\|example\|test\)' || true
status=0
for crate in target/package/*.crate; do
  size=$(stat -c %s "$crate")
  printf '%-45s %8d bytes packed (%s files)\n' "$(basename "$crate")" "$size" \
    "$(tar tzf "$crate" | wc -l)"
  if [ "$size" -ge "$limit" ]; then
    echo "error: $crate is over crates.io's limit of $limit bytes" >&2
    status=1
  fi
done

# The files each crate's build reads, by crate: a pattern its listing must match, and how many.
need() {
  local crate=$1 pattern=$2 at_least=$3 n
  n=$(tar tzf target/package/"$crate"-0.1.0.crate | grep -Ec "^$crate-0.1.0/$pattern" || true)
  if [ "$n" -lt "$at_least" ]; then
    echo "error: $crate's .crate has $n file(s) matching $pattern, its build needs $at_least" >&2
    status=1
  fi
}
need chess-conformance 'cases/[a-z-]+\.yaml$' 10
need chess-conformance 'generated/[a-z-]+\.yaml$' 10
need chess-conformance 'baselines/reference-shakmaty\.yaml$' 1
need chess-conformance 'cases/VERSION$' 1
need chess-conformance 'cases/catalogue\.lock$' 1
need chess-conformance-engines 'protocol/[a-z_]+\.(request|response)\.schema\.json$' \
  "$(ls docs/protocol/*.request.schema.json docs/protocol/*.response.schema.json | wc -l)"
need chess-conformance-engines 'protocol/common\.schema\.json$' 1
for file in $(grep -oh 'include_str!("\.\./templates/[^"]*")' crates/cli/src/init.rs \
    | sed 's/.*templates\/\([^"]*\)".*/\1/'); do
  need chess-conformance-cli "templates/$file\$" 1
done
exit $status
