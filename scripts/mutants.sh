#!/usr/bin/env bash
# Mutation testing of one module's rule code: every one-line change cargo-mutants makes to the rules
# (a threshold moved by one, a condition negated, a return replaced) must make some test fail.
#
# Usage: scripts/mutants.sh NAME [extra cargo-mutants arguments]
#   NAME: a game under rust/src/games (zole, briscola, go, ...), an engine folder (trick, cards, core,
#   poker, rummy) or a top-level file of rust/src (batch, dynamic, determinize: tested by `NAME::`).
#   Test files (tests.rs, *_tests.rs, testing.rs) are not mutated.
#   Extra arguments go to cargo-mutants, e.g. one file and a regex over the mutants' names:
#     scripts/mutants.sh east_west --file rust/src/games/east_west/mod.rs --re 'decide|finish_game'
#   (with --file, only that file is mutated).
# Environment:
#   IN_PLACE=1  mutate the worktree itself (cargo mutants --in-place): no copy of the tree and no
#               second target directory, so no from-scratch build. The tree must be clean before (the
#               script refuses otherwise) and is checked after; do not edit files while it runs.
#   ALL_TESTS=1 run the whole library test suite against each mutant; by default a game's mutants
#               are tested by that game's own tests only (`-- games::NAME`): a mutant that only a
#               distant test catches counts as missed, which is the point.
# Every mutant is built without debug info (CARGO_PROFILE_{DEV,TEST}_DEBUG=0): a rebuild of the crate
# then takes about 13 s instead of about 53 s on the 2-core machine, and mutation runs are all builds.
# Results: mutants.out/<NAME>/ (caught.txt, missed.txt, timeout.txt, unviable.txt); a summary is printed.
# Needs `cargo install cargo-mutants`. One build at a time (2 cores). Results per module are kept in
# scripts/mutants_results.md.
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: scripts/mutants.sh NAME [cargo-mutants arguments]}
shift
if [ -d "rust/src/games/$name" ]; then
  dir="rust/src/games/$name"
  filter=(-- "games::$name")
elif [ -d "rust/src/$name" ]; then
  dir="rust/src/$name"
  filter=()
elif [ -f "rust/src/$name.rs" ]; then
  # A top-level file (batch, dynamic, determinize): its own tests and its tests file.
  dir="rust/src"
  filter=(-- "$name::")
else
  echo "no module named '$name' under rust/src/games or rust/src" >&2
  exit 2
fi
[ "${ALL_TESTS:-0}" = 1 ] && filter=()
if ! cargo mutants --version >/dev/null 2>&1; then
  echo "cargo-mutants is not installed: cargo install cargo-mutants" >&2
  exit 2
fi
if [ "$dir" = rust/src ]; then
  files=(--file "rust/src/$name.rs")
else
  files=(--file "$dir/**/*.rs" --exclude "$dir/**/tests.rs" --exclude "$dir/**/*_tests.rs"
    --exclude "$dir/**/testing.rs")
fi
for a in "$@"; do
  [ "$a" = --file ] && files=()
done
mode=(-j 1)
if [ "${IN_PLACE:-0}" = 1 ]; then
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "IN_PLACE=1 mutates the worktree: commit or stash your changes first" >&2
    exit 2
  fi
  mode=(--in-place)
fi
out="mutants.out/$name"
mkdir -p "$out"
export CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0
set +e
cargo mutants --no-shuffle "${mode[@]}" --output "$out" "${files[@]}" "$@" "${filter[@]}"
rc=$?
set -e
for kind in caught missed timeout unviable; do
  f="$out/mutants.out/$kind.txt"
  printf '%-9s %s\n' "$kind" "$( [ -f "$f" ] && wc -l <"$f" || echo 0)"
done
if [ "${IN_PLACE:-0}" = 1 ] && [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "the worktree was left changed by the in-place run:" >&2
  git status --short --untracked-files=no >&2
  rc=4
fi
# cargo-mutants exits 2 when mutants were missed, 3 on timeouts: report, and pass its verdict on.
exit "$rc"
