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


def committed_texts() -> dict[str, str]:
    """The golden files as committed, by example string (missing files left out)."""
    out = {}
    for spec in playthroughs.examples():
        path = playthroughs.DATA / playthroughs.file_name(spec)
        if path.exists():
            out[spec] = path.read_text()
    return out


def test_goldens_change_only_with_a_rules_version_bump() -> None:
    record = playthroughs.recorded()
    versions = playthroughs.versions()
    for game, files in sorted(playthroughs.by_game(committed_texts()).items()):
        entry = record.get(game)
        assert entry, f"{game} has no entry in versions.json: run python tests/playthroughs.py --write"
        if entry["version"] == versions[game]:
            assert entry["digest"] == playthroughs.digest(files), (
                f"{game}'s golden playthroughs changed while its rules version stayed {versions[game]}: "
                "bump the version in its GameInfo, then run python tests/playthroughs.py --write"
            )
        else:
            pytest.fail(
                f"{game} is at rules version {versions[game]} but its goldens were written under "
                f"{entry['version']}: run python tests/playthroughs.py --write"
            )


def test_the_version_guard_catches_a_changed_golden() -> None:
    """The guard itself: one changed line in a game's golden, same version, is reported."""
    texts = committed_texts()
    spec = next(iter(texts))
    assert playthroughs.version_problems(texts) == []
    changed = dict(texts, **{spec: texts[spec].replace("returns:", "returns: 0", 1)})
    problems = playthroughs.version_problems(changed)
    assert len(problems) == 1 and problems[0].startswith(playthroughs.game_of(spec) + ":"), problems
