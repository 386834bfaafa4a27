#!/usr/bin/env bash
# Mutation check of one game's rules module (issue 18): plants single rule mistakes in
# engine/src/GAME/ and runs that game's engine tests against each.
#   engine/mutants.sh GAME [cargo-mutants args...]
#   engine/mutants.sh terra_nova --file engine/src/terra_nova/effects.rs   # one file
#   engine/mutants.sh attika --shard 0/4                                  # a quarter
# GAME: terra_nova | attika | origin | first_builders. Always one job (-j 1): the machine
# is shared. Excludes (data loading, Display, test helpers) are in .cargo/mutants.toml.
# Results: mutants.out/ (caught.txt, missed.txt, unviable.txt, timeout.txt).
# Speed (engine/MUTANTS.md has the figures): the `mutants` cargo profile (no debug info), the
# mold linker when installed (`apt-get install mold`; only for this script, not globally),
# and a target dir of its own (MUTANTS_TARGET_DIR, default target/mutants) so the
# dependencies, built with these flags, are built once.
set -euo pipefail
cd "$(dirname "$0")/.."
game="${1:?usage: engine/mutants.sh GAME [cargo-mutants args]}"
shift
# First Builders' rule tests are all in the integration binary (`origins_*`); a few unit tests
# of private helpers stay beside their code (`data.rs`, `invariants.rs`, `packing.rs`,
# `wire.rs`): its check builds and runs the lib's tests too (slower per mutant, but a mutant
# they catch is not counted as missed).
lib=()
case "$game" in
  terra_nova) filter=(terra_nova) ;;
  attika) filter=(attika) ;;
  origin) filter=(origin_) ;;
  first_builders) filter=(origins first_builders::); lib=(-C --lib) ;;
  *) echo "unknown game $game" >&2; exit 2 ;;
esac
# A --file given by the caller narrows the game's module; otherwise mutate all of it.
# --in-place (no copy of the tree; one job anyway) excludes -j.
file_args=(--file "engine/src/$game/**")
jobs=(-j 1)
for a in "$@"; do
  if [[ "$a" == --file* ]]; then file_args=(); fi
  if [[ "$a" == --in-place ]]; then jobs=(); fi
done
if command -v mold >/dev/null 2>&1; then
  export RUSTFLAGS="${RUSTFLAGS:-} -C link-arg=-fuse-ld=mold"
fi
export CARGO_TARGET_DIR="${MUTANTS_TARGET_DIR:-$PWD/target/mutants}"
# -C --test=engine: build only the integration test binary (not the lib's unit tests nor the
# examples and benches) for each mutant; the rules modules' tests are in it (First Builders
# adds its lib unit tests: see above). MUTANTS_TIMEOUT: a game's tests take seconds; a mutant that loops is stopped.
# The filters go after a second `--`: cargo-mutants appends its trailing arguments to
# `cargo test`, which takes one filter of its own; libtest (after `--`) takes several.
exec cargo mutants --profile mutants -C --test=engine "${lib[@]}" -p agora-engine "${file_args[@]}" "${jobs[@]}" --timeout "${MUTANTS_TIMEOUT:-60}" \
  "$@" -- -- "${filter[@]}"
