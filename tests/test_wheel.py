"""Packaging facts that hold for every install (editable or wheel; `.ci/wheel_check.sh` runs the whole
suite against a freshly built wheel): one version everywhere, typed (py.typed and stubs shipped), abi3,
optional dependencies imported only on use."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import pytest

import ludoteca
from ludoteca import _core

PACKAGE = Path(ludoteca.__file__).parent


def test_version_is_the_distributions() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+([.-]?\w+)*", ludoteca.__version__)
    assert importlib.metadata.version("ludoteca") == ludoteca.__version__


def test_version_comes_from_cargo_toml() -> None:
    cargo = Path(__file__).resolve().parent.parent / "Cargo.toml"
    if not cargo.exists():
        pytest.skip("no source tree here (testing an installed wheel)")
    match = re.search(r'^version\s*=\s*"([^"]+)"', cargo.read_text(encoding="utf-8"), re.MULTILINE)
    assert match is not None and match.group(1) == ludoteca.__version__


def test_typing_files_are_shipped() -> None:
    assert (PACKAGE / "py.typed").is_file()
    assert (PACKAGE / "_core.pyi").is_file()


def test_compiled_module_is_abi3() -> None:
    name = Path(_core.__file__ or "").name
    assert name.endswith((".abi3.so", ".pyd")), name


def test_optional_dependencies_are_imported_only_on_use() -> None:
    code = (
        "import sys, ludoteca, ludoteca.cli, ludoteca.record, ludoteca.adapters.pettingzoo; "
        "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'ray') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
