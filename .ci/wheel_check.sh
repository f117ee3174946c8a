#!/usr/bin/env bash
# Proves the wheel: `maturin build --release` makes one abi3 wheel; it installs into a fresh venv with no
# Rust toolchain reachable; the test suite passes against the installed package (a copy of tests/ outside
# the source tree, so `import ludoteca` can only find the wheel); `python -m ludoteca --version` prints
# the version of Cargo.toml, the one place it is set.
#
# Usage: bash .ci/wheel_check.sh [extra pytest arguments]   (builds with CARGO_BUILD_JOBS=1 unless set)
#        WHEEL=path/to.whl bash .ci/wheel_check.sh ...      (checks a wheel built elsewhere)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/ludoteca-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1 CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
python=${PYTHON:-python3}
version=$(sed -n 's/^version *= *"\(.*\)"/\1/p' Cargo.toml | head -n 1)
echo "wheel check: ludoteca $version, work dir $work"

shopt -s nullglob
if [ -n "${WHEEL:-}" ]; then
  # A wheel built elsewhere (.ci/release.sh passes its manylinux wheel): check that one instead.
  echo "--- given wheel: $WHEEL"
  mkdir "$work/dist" && cp "$WHEEL" "$work/dist/"
else
  echo "--- build: maturin build --release"
  "$python" -m venv "$work/build"
  "$work/build/bin/pip" install -q "maturin>=1.7,<2"
  "$work/build/bin/maturin" build --release --out "$work/dist" 2>&1 | tail -n 3
fi
wheels=("$work"/dist/ludoteca-"$version"-cp3*-abi3-*.whl)
all=("$work"/dist/*.whl)
if [ "${#wheels[@]}" -ne 1 ] || [ "${#all[@]}" -ne 1 ]; then
  echo "expected exactly one abi3 wheel of version $version, got: ${all[*]:-none}" >&2
  exit 1
fi
wheel=${wheels[0]}
echo "built $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB)"
for member in ludoteca/py.typed ludoteca/_core.pyi; do
  "$python" -c "import sys, zipfile; sys.exit(0 if sys.argv[2] in zipfile.ZipFile(sys.argv[1]).namelist() else 1)" "$wheel" "$member" \
    || { echo "the wheel lacks $member" >&2; exit 1; }
done

echo "--- fresh venv, no Rust toolchain: install the wheel and the test dependencies"
"$python" -m venv "$work/venv"
# Only the venv and the system directories on PATH, and rustup pointed at nothing: a source build of
# ludoteca (or of anything else needing Rust) would fail here instead of quietly succeeding.
norust=(env -u CARGO_HOME -u RUSTUP_TOOLCHAIN PATH="$work/venv/bin:/usr/local/bin:/usr/bin:/bin" RUSTUP_HOME="$work/no-rustup" CARGO_HOME="$work/no-cargo")
if "${norust[@]}" sh -c 'command -v cargo || command -v rustc' >/dev/null; then
  if "${norust[@]}" sh -c 'cargo --version || rustc --version' >/dev/null 2>&1; then
    echo "a Rust toolchain is still usable without ~/.cargo; the check would prove nothing" >&2
    exit 1
  fi
fi
"${norust[@]}" pip install -q --only-binary=ludoteca "$wheel[test]"

echo "--- tests against the installed wheel"
mkdir "$work/run"
cp -r tests "$work/run/tests"
cp README.md pyproject.toml "$work/run/"   # README: its table is tested; pyproject: pytest's settings only
cd "$work/run"
location=$("${norust[@]}" python -c "import ludoteca, os; print(os.path.dirname(ludoteca.__file__))")
case "$location" in
  "$work/venv/"*) echo "ludoteca imported from $location" ;;
  *) echo "ludoteca was imported from $location, not from the installed wheel" >&2; exit 1 ;;
esac
printed=$("${norust[@]}" python -m ludoteca --version)
if [ "$printed" != "ludoteca $version" ]; then
  echo "python -m ludoteca --version printed '$printed', expected 'ludoteca $version'" >&2
  exit 1
fi
echo "$printed"
set +e
"${norust[@]}" python -m pytest -q -p no:cacheprovider "$@"
rc=$?
set -e
cd "$root"
if [ "$rc" -eq 5 ]; then
  echo "pytest collected no tests against the wheel" >&2
  exit 1
fi
exit "$rc"
