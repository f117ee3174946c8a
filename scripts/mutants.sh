#!/usr/bin/env bash
# Mutation testing of one module's rule code: every one-line change cargo-mutants makes to the rules
# (a threshold moved by one, a condition negated, a return replaced) must make some test fail.
#
# Usage: scripts/mutants.sh NAME [extra cargo-mutants arguments]
#   NAME: a game under rust/src/games (zole, briscola, go, ...) or an engine folder (trick, cards, core,
#   poker, rummy). Test files (tests.rs, *_tests.rs, testing.rs) are not mutated.
# Results: mutants.out/<NAME>/ (caught.txt, missed.txt, timeout.txt, unviable.txt); a summary is printed.
# Needs `cargo install cargo-mutants`. One build at a time (2 cores): expect minutes per module.
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: scripts/mutants.sh NAME [cargo-mutants arguments]}
shift
if [ -d "rust/src/games/$name" ]; then
  dir="rust/src/games/$name"
elif [ -d "rust/src/$name" ]; then
  dir="rust/src/$name"
else
  echo "no module named '$name' under rust/src/games or rust/src" >&2
  exit 2
fi
if ! cargo mutants --version >/dev/null 2>&1; then
  echo "cargo-mutants is not installed: cargo install cargo-mutants" >&2
  exit 2
fi
out="mutants.out/$name"
mkdir -p "$out"
set +e
cargo mutants --no-shuffle -j 1 --output "$out" \
  --file "$dir/**/*.rs" --exclude "$dir/**/tests.rs" --exclude "$dir/**/*_tests.rs" \
  --exclude "$dir/**/testing.rs" "$@"
rc=$?
set -e
for kind in caught missed timeout unviable; do
  f="$out/mutants.out/$kind.txt"
  printf '%-9s %s\n' "$kind" "$( [ -f "$f" ] && wc -l <"$f" || echo 0)"
done
# cargo-mutants exits 2 when mutants were missed, 3 on timeouts: report, and pass its verdict on.
exit "$rc"
