# One task runner: each target is the command CI (.ci/run) runs, so a contributor runs exactly what CI does.
# Run inside the development venv (`python3 -m venv .venv && . .venv/bin/activate && make dev`).
# `make help` lists the targets.

PYTHON ?= python
PY_SRC := python tests benches
GAME ?=
BASE ?=

.PHONY: help dev test test-slow bench lint fmt mutants semver docs wheel release ci

help:  ## this list
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 12

dev:  ## install in place with the test extra (release build of the Rust core)
	$(PYTHON) -m pip install -e '.[test]'

test:  ## the README's test command: Rust tests, then the Python suite
	cargo test
	$(PYTHON) -m pytest -q -rs -p no:cacheprovider

test-slow:  ## also the slow tests: ignored Rust tests in release, pytest --slow
	cargo test --release -- --include-ignored
	$(PYTHON) -m pytest -q -rs -p no:cacheprovider --slow

bench:  ## every benchmark in benches/ (pytest-benchmark; throughput is printed per bench)
	$(PYTHON) -m pytest benches --benchmark-only -q

lint:  ## formatters in check mode, clippy, ruff, mypy --strict, stubtest, rustdoc without warnings
	cargo fmt --check
	cargo clippy --all-targets --all-features -- -D warnings
	RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet
	ruff check $(PY_SRC)
	ruff format --check $(PY_SRC)
	mypy --strict python/ludoteca
	$(PYTHON) -m mypy.stubtest ludoteca._core

fmt:  ## apply the formatters (cargo fmt, ruff format, ruff's safe fixes)
	cargo fmt
	ruff check --fix $(PY_SRC)
	ruff format $(PY_SRC)

mutants:  ## cargo mutants over one game's or engine's rule code: make mutants GAME=zole
	@test -n "$(GAME)" || { echo "usage: make mutants GAME=<name under rust/src/games or an engine: trick, cards, core>"; exit 2; }
	bash scripts/mutants.sh $(GAME)

semver:  ## the public Rust API against a base revision: make semver BASE=v0.1.0 (needs cargo-semver-checks)
	@test -n "$(BASE)" || { echo "usage: make semver BASE=<git revision of the last release>"; exit 2; }
	cargo semver-checks check-release --baseline-rev $(BASE)

docs:  ## Rust API docs without warnings (and the mkdocs site when mkdocs.yml exists)
	RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet
	@if [ -f mkdocs.yml ]; then mkdocs build --strict; fi

wheel:  ## the abi3 wheel, installed in a fresh venv without Rust, the suite run against it
	bash .ci/wheel_check.sh -q

release:  ## release artefacts (manylinux wheel + sdist) with their checks, into dist/
	bash .ci/release.sh

ci:  ## the whole CI run, from a fresh venv (.ci/run)
	bash .ci/run
