"""The suite's own options: ``--one-per-game`` keeps one case per game of each parametrised test."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from conftest import one_case_per_game


def _item(nodeid: str, param: str | None) -> Any:
    callspec = None if param is None else SimpleNamespace(id=param)
    return SimpleNamespace(nodeid=f"{nodeid}[{param}]" if param else nodeid, callspec=callspec)


def test_one_case_per_game_keeps_the_first_of_each_game_and_every_other_case() -> None:
    items = [
        _item("t.py::test_a", "briscola"),
        _item("t.py::test_a", "briscola(players=5)"),
        _item("t.py::test_a", "go(board_size=9)-3"),
        _item("t.py::test_a", "go"),
        _item("t.py::test_b", "briscola(players=5)"),  # another test: its own first case
        _item("t.py::test_c", "17"),  # not a game string: kept
        _item("t.py::test_c", "18"),
        _item("t.py::test_d", None),  # not parametrised: kept
    ]
    kept, dropped = one_case_per_game(items)
    assert [i.nodeid for i in kept] == [
        "t.py::test_a[briscola]",
        "t.py::test_a[go(board_size=9)-3]",
        "t.py::test_b[briscola(players=5)]",
        "t.py::test_c[17]",
        "t.py::test_c[18]",
        "t.py::test_d",
    ]
    assert [i.nodeid for i in dropped] == ["t.py::test_a[briscola(players=5)]", "t.py::test_a[go]"]
