"""The documentation site builds with ``mkdocs build --strict`` and has a generated page, with its
picture, for every registered game (skipped without the ``docs`` extra)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import ludoteca

ROOT = Path(__file__).resolve().parent.parent


def test_the_site_builds_strictly_with_a_page_per_game(tmp_path: Path) -> None:
    if not (ROOT / "mkdocs.yml").exists():
        pytest.skip("no mkdocs.yml here (tests copied outside the source tree, as in the wheel check)")
    pytest.importorskip("mkdocs", reason="the docs extra is not installed: pip install -e '.[docs]'")
    pytest.importorskip("mkdocstrings", reason="the docs extra is not installed: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="the docs extra is not installed: pip install -e '.[docs]'")
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    for info in ludoteca.registered_games():
        page = (site / "games" / info.short_name / "index.html").read_text(encoding="utf-8")
        assert info.long_name in page
        assert f"{info.short_name}.svg" in page
        assert (site / "games" / f"{info.short_name}.svg").read_text(encoding="utf-8").startswith("<svg")
        for variant in info.examples:
            assert variant in page
