"""The package stands on its own: what a user reads (README, ``ludoteca rules``, parameter docs,
docstrings, ``--help``) never cites the project's internal files or their numbering.

Users of the package do not have the development tree, so "see shared/rules/...", "S001", "§5.4",
"the rules file" or "(not in the seeds)" mean nothing to them; sources are cited as a player would
(pagat.com, a rule book). Code comments may cite the rules files for developers: they are not scanned.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import app

README = Path(__file__).resolve().parent.parent / "README.md"

#: Internal references, each with why it means nothing to a user.
INTERNAL = [
    (r"shared/", "a path in the development tree"),
    (r"\bS\d{3}\b", "a seed-text number (S001)"),
    (r"§", "a section of an internal rules file"),
    (r"rules[ -]file", "the internal rules files"),
    (r"rules-[a-z0-9-]+\.md", "an internal rules file"),
    (r"ARCHITECTURE", "the internal design document"),
    (r"\bseeds\b", "the internal seed texts ('not in the seeds')"),
    (
        r"\bseed's (?!chance)|\bthe seed (?:is|gives|says|text)\b|\bliteral seed\b|\bseed scoring\b",
        "the seed texts (a random seed's chance stream is fine)",
    ),
    (r"\(A\d{1,2}\)|\(SK\b", "an internal ambiguity number (A13, SK)"),
]
PATTERN = re.compile("|".join(f"(?:{p})" for p, _ in INTERNAL))


def offending(text: str) -> list[str]:
    """The lines of ``text`` that cite an internal reference."""
    return [line.strip() for line in text.splitlines() if PATTERN.search(line)]


def test_the_pattern_catches_what_the_issue_quotes() -> None:
    # The texts users actually saw before this was fixed: the scan must flag every one of them.
    for quoted in [
        "seed: Italian rules (S001); american: the S003 four-player game to 121",
        "who may take the face-up card in exchange for a trump (not in the seeds)",
        "preset bundle of the flags below (rules file §5.4)",
        "Design: `shared/ARCHITECTURE.md`.",
        "seed: the seed's values (only the declarer scores)",
        "repeatedly (§8 A13)",
    ]:
        assert offending(quoted), quoted
    # ...and not the ordinary use of the word seed, or Go vertices.
    for fine in ["game.new_initial_state(seed=7)", "dealing resolved from the seed", "vertex A13 on 19x19"]:
        assert not offending(fine), fine


@pytest.mark.parametrize("info", ludoteca.registered_games(), ids=lambda i: i.short_name)
def test_rules_and_parameter_docs_cite_no_internal_file(info: ludoteca.GameInfo) -> None:
    texts = [info.rules, info.long_name] + [str(p["doc"]) for p in info.params]
    bad = [line for text in texts for line in offending(text)]
    assert not bad, f"{info.short_name}: {bad}"


def test_rules_texts_name_a_source_a_player_can_find() -> None:
    # Every game's rules say where they come from, as a player would cite them.
    sources = re.compile(
        r"pagat\.com|senseis|Federation|rule book|Rules of Go|24 Game|variant of Xiangqi|Penguin"
    )
    for info in ludoteca.registered_games():
        assert sources.search(info.rules), f"{info.short_name}: no source named in its rules text"


def test_readme_cites_no_internal_file() -> None:
    bad = offending(README.read_text(encoding="utf-8"))
    assert not bad, bad


def docstrings() -> Iterator[tuple[str, str]]:
    """(qualified name, docstring) of every module, class, function and method of the package."""
    seen: set[int] = set()
    modules = ["ludoteca"] + [m.name for m in pkgutil.walk_packages(ludoteca.__path__, "ludoteca.")]

    def walk(obj: object, name: str, depth: int) -> Iterator[tuple[str, str]]:
        if id(obj) in seen or depth > 3:
            return
        seen.add(id(obj))
        doc = getattr(obj, "__doc__", None)
        if isinstance(doc, str):
            yield name, doc
        if inspect.ismodule(obj) or inspect.isclass(obj):
            for key, value in vars(obj).items():
                if key.startswith("__"):
                    continue
                if inspect.ismodule(value) and not value.__name__.startswith("ludoteca"):
                    continue
                if callable(value) or inspect.ismodule(value) or isinstance(value, property):
                    yield from walk(value, f"{name}.{key}", depth + 1)

    for module in modules:
        try:
            loaded = importlib.import_module(module)
        except ImportError:  # an optional dependency (Ray) is missing
            continue
        yield from walk(loaded, module, 0)


def test_docstrings_cite_no_internal_file() -> None:
    bad = [f"{name}: {line}" for name, doc in docstrings() for line in offending(doc)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("command", ["games", "rules", "simulate", "play", "replay", "show"])
def test_command_help_cites_no_internal_file(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert not offending(result.output), offending(result.output)


def test_rules_command_output_cites_no_internal_file() -> None:
    for info in ludoteca.registered_games():
        result = CliRunner().invoke(app, ["rules", info.short_name], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        assert not offending(result.output), (info.short_name, offending(result.output))
