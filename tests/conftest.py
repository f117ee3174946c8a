"""Shared pytest configuration: the `slow` marker for tests that the default run skips, and oracles that
may not skip where CI installs them (``LUDOTECA_REQUIRE_ORACLES=1``)."""

from __future__ import annotations

import os
import re
from collections.abc import Generator

import pytest

# Reference implementations the suite checks the engines against: the `test` extra's oracles and GNU Go
# from Debian. Where CI installs them it sets LUDOTECA_REQUIRE_ORACLES=1, and a test that would skip
# because one is missing fails instead, so a broken install cannot pass as a green run.
ORACLES = ("pyffish", "sgfmill", "gnugo", "pokerkit", "phevaluator", "open_spiel", "pettingzoo", "gymnasium")
_MISSING = re.compile(r"could not import '([\w.]+)'|\b(\w+) is not installed")


def oracles_required() -> bool:
    """True where a missing oracle must fail its tests (CI) rather than skip them."""
    return os.environ.get("LUDOTECA_REQUIRE_ORACLES", "") not in ("", "0")


def missing_oracle(reason: str) -> str | None:
    """The oracle a skip reason says is missing, if it is one of ORACLES."""
    for match in _MISSING.finditer(reason):
        name = (match.group(1) or match.group(2) or "").split(".")[0]
        if name in ORACLES:
            return name
    return None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False, help="also run tests marked slow")
    parser.addoption(
        "--one-per-game",
        action="store_true",
        default=False,
        help="of a test parametrised over game strings, run one case per game (the release checks)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: long-running test, run with --slow")


_GAME_NAME = re.compile(r"[a-z][a-z_]*[a-z]")


def one_case_per_game(items: list[pytest.Item]) -> tuple[list[pytest.Item], list[pytest.Item]]:
    """(kept, dropped): of each test parametrised over game strings, the first case of each game.

    A case belongs to the game named at the start of its id (``briscola(players=5)-0`` is briscola's);
    cases whose ids do not start with a name (seeds, sizes) are all kept. The release checks run the
    suite against the built wheel and sdist this way: the engine's behaviour is what the full run on the
    source proved, and what they add is that every game works through every interface once installed.
    """
    kept, dropped, seen = [], [], set()
    for item in items:
        callspec = getattr(item, "callspec", None)
        match = _GAME_NAME.match(callspec.id) if callspec is not None else None
        if match is None:
            kept.append(item)
            continue
        key = (item.nodeid.split("[", 1)[0], match.group(0))
        (dropped if key in seen else kept).append(item)
        seen.add(key)
    return kept, dropped


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--one-per-game"):
        kept, dropped = one_case_per_game(items)
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = kept
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, object, object]:
    report = yield
    if oracles_required() and isinstance(report, pytest.TestReport) and report.skipped:
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        name = missing_oracle(reason)
        if name is not None:
            report.outcome = "failed"
            report.longrepr = (
                f"oracle {name} is required here (LUDOTECA_REQUIRE_ORACLES=1) but missing: {reason}"
            )
    return report
