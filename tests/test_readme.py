"""The README's game table is the registry's (regenerate with `python -m ludoteca.catalog`)."""

from __future__ import annotations

from pathlib import Path

from ludoteca.catalog import games_markdown, readme_table

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_game_table_matches_the_registry() -> None:
    text = README.read_text(encoding="utf-8")
    assert readme_table(text) == games_markdown(), "run: python -m ludoteca.catalog --write README.md"


def test_readme_has_exactly_two_setup_commands() -> None:
    text = README.read_text(encoding="utf-8")
    setups = [line for line in text.splitlines() if line.startswith("python3 -m venv")]
    assert len(setups) == 2
    assert "ludoteca simulate" in setups[0] and "pytest" in setups[1]
