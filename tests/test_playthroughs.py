"""Golden playthroughs: every registered example still plays exactly as recorded.

The files were written by ``tests/playthroughs.py`` before the trick engine was reworked; a refactor must
leave them unchanged (seeded deals, legal actions, observations, returns). A deliberate rule change
regenerates them (``python tests/playthroughs.py --write``) in a commit that says why.
"""

from __future__ import annotations

import difflib

import pytest

import playthroughs


@pytest.mark.parametrize("spec", playthroughs.examples())
def test_seeded_games_play_as_recorded(spec: str) -> None:
    path = playthroughs.DATA / playthroughs.file_name(spec)
    assert path.exists(), f"no golden playthrough for {spec}: run python tests/playthroughs.py --write"
    expected = path.read_text()
    actual = playthroughs.render(spec)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "recorded", "now", lineterm="", n=2
        )
        pytest.fail(f"{spec} plays differently from {path.name}:\n" + "\n".join(list(diff)[:60]))


def test_every_file_belongs_to_an_example() -> None:
    names = {playthroughs.file_name(spec) for spec in playthroughs.examples()}
    assert len(names) == len(playthroughs.examples()), "two examples share a file name"
    stale = sorted(p.name for p in playthroughs.DATA.glob("*.txt") if p.name not in names)
    assert not stale, f"playthroughs of examples no longer registered: {stale}"
