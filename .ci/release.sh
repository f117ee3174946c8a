#!/usr/bin/env bash
# Release artefacts, built and checked here without Docker:
#   * the manylinux2014 (glibc 2.17) abi3 x86_64 wheel, linked with zig (maturin --zig, `ziglang` from PyPI),
#   * the sdist;
# each passes `auditwheel show` (wheel), `twine check`, `check-wheel-contents` (wheel); the wheel installs
# in a fresh venv without Rust and passes the test suite (.ci/wheel_check.sh); the sdist builds from
# source in a fresh venv and passes the same suite; `cargo package` builds the Rust crate on its own.
# Other platforms (aarch64, musllinux, macOS, Windows) are built by .github/workflows/release.yml.
#
# Usage: bash .ci/release.sh [--skip-sdist-test]    Output: dist/ (wheel + sdist), sizes and import time.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PIP_DISABLE_PIP_VERSION_CHECK=1 CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"
skip_sdist_test=0
[ "${1:-}" = "--skip-sdist-test" ] && skip_sdist_test=1
version=$(sed -n 's/^version *= *"\(.*\)"/\1/p' Cargo.toml | head -n 1)
work=$(mktemp -d "${TMPDIR:-/tmp}/ludoteca-release.XXXXXX")
trap 'rm -rf "$work"' EXIT
python=${PYTHON:-python3}
rm -rf dist && mkdir dist

echo "--- tools: maturin, ziglang, auditwheel, twine, check-wheel-contents"
"$python" -m venv "$work/tools"
"$work/tools/bin/pip" install -q "maturin>=1.7,<2" "ziglang>=0.11" "auditwheel>=6" "twine>=5" "check-wheel-contents>=0.6"
export PATH="$work/tools/bin:$PATH"

echo "--- manylinux2014 abi3 wheel (zig linker) and sdist"
maturin build --release --zig --compatibility manylinux2014 --target x86_64-unknown-linux-gnu --out dist 2>&1 | tail -n 2
maturin sdist --out dist 2>&1 | tail -n 1
wheel=$(ls dist/ludoteca-"$version"-cp39-abi3-manylinux*_x86_64.whl)
sdist=dist/ludoteca-"$version".tar.gz
[ -f "$sdist" ] || { echo "no sdist $sdist" >&2; exit 1; }

echo "--- checks"
auditwheel show "$wheel" | tee "$work/auditwheel.txt" | tail -n 4
grep -q 'manylinux_2_17_x86_64' "$work/auditwheel.txt" || { echo "the wheel is not manylinux_2_17 (manylinux2014)" >&2; exit 1; }
twine check --strict "$wheel" "$sdist"
check-wheel-contents "$wheel"

# The suites against the wheel and the sdist run one case per game of each test parametrised over game
# strings (tests/conftest.py, --one-per-game): the full run on the source has proved the engines; these
# prove that every game works through every interface once installed, in a third of the time.
echo "--- the wheel: fresh venv without Rust, the test suite against it (one case per game)"
WHEEL="$root/$wheel" bash .ci/wheel_check.sh -q --one-per-game

echo "--- size and import time (budget: wheel under 4 MiB, import under 1 s)"
"$python" -m venv "$work/plain"
"$work/plain/bin/pip" install -q "$wheel"
size_kib=$(du -k "$wheel" | cut -f1)
import_s=$("$work/plain/bin/python" -c "import time; t = time.perf_counter(); import ludoteca; print(f'{time.perf_counter() - t:.3f}')")
deps=$("$work/plain/bin/pip" list --format=freeze | grep -v '^ludoteca=' | cut -d= -f1 | tr '\n' ' ')
echo "wheel $(basename "$wheel"): $size_kib KiB; import ludoteca: $import_s s; base install pulls: $deps"
[ "$size_kib" -lt 4096 ] || { echo "wheel over the 4 MiB budget" >&2; exit 1; }
"$python" -c "import sys; sys.exit(0 if float(sys.argv[1]) < 1.0 else 1)" "$import_s" || { echo "import over 1 s" >&2; exit 1; }

if [ "$skip_sdist_test" -eq 0 ]; then
  echo "--- the sdist: build from source in a fresh venv, the test suite against it (one case per game)"
  "$python" -m venv "$work/sdist"
  # The shipped wheel above is built with the release profile's fat LTO; building the sdist proves that
  # it holds everything a build needs, which does not depend on the optimiser's settings, so it builds
  # without fat LTO and with parallel codegen (minutes less on 2 cores).
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    "$work/sdist/bin/pip" install -q "$sdist[test]"
  mkdir "$work/run" && cp -r tests "$work/run/tests" && cp README.md pyproject.toml "$work/run/"
  (cd "$work/run" && "$work/sdist/bin/python" -m pytest -q -p no:cacheprovider --one-per-game)
fi

echo "--- the Rust crate on its own: cargo package (builds the packaged crate)"
cargo package --allow-dirty --quiet
ls target/package/ludoteca-"$version".crate >/dev/null
echo "release artefacts in dist/: $(ls dist | tr '\n' ' ')"
