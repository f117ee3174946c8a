"""OpenSpiel's Python loop over ludoteca's wrapped games, next to the same loop over pyspiel's own C++ games.

One loop, written as an OpenSpiel user writes it (`state.legal_actions()`, `state.chance_outcomes()`,
`state.apply_action`, uniform random with numpy), run over `ludoteca.adapters.openspiel.load_game(...)`
and over `pyspiel.load_game(...)` of the same game where OpenSpiel has it (Go 9x9, Xiangqi, Tarok:
ludoteca's `ruleset=openspiel` is OpenSpiel's four-handed Tarok). What it
measures is the cost of a Python-implemented pyspiel game (every call crosses pyspiel's trampoline into
Python, then ludoteca's Rust) against a C++ one; ludoteca's own `simulate` is in bench_vs_openspiel.py.

Needs `pip install open_spiel` (skipped without it).
Run: `pytest benches/bench_openspiel_adapter.py --benchmark-only` and compare the throughput lines.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from conftest import report

pyspiel = pytest.importorskip("pyspiel")
los = pytest.importorskip("ludoteca.adapters.openspiel")

# (label, loader, game, games per round)
CASES = [
    ("pyspiel go 9x9", "pyspiel", ("go", {"board_size": 9, "komi": 7.5}), 20),
    ("ludoteca_go 9x9 (adapter)", "ludoteca", "go(board_size=9,ruleset=tromp_taylor,max_moves=162)", 20),
    ("pyspiel xiangqi", "pyspiel", ("xiangqi", {}), 5),
    ("ludoteca_xiangqi (adapter)", "ludoteca", "xiangqi", 5),
    ("pyspiel tarok 4p", "pyspiel", ("tarok", {"players": 4}), 20),
    ("ludoteca_tarok ruleset=openspiel (adapter)", "ludoteca", "tarok(ruleset=openspiel)", 20),
    ("ludoteca_briscola (adapter)", "ludoteca", "briscola", 50),
    ("ludoteca_schafkopf (adapter)", "ludoteca", "schafkopf", 50),
]


def _load(loader: str, game: Any) -> Any:
    if loader == "pyspiel":
        name, params = game
        return pyspiel.load_game(name, params)
    return los.load_game(game)


def _play(game: Any, rng: np.random.RandomState) -> int:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
    return len(state.history())


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_openspiel_python_loop(benchmark: Any, case: tuple[Any, ...]) -> None:
    label, loader, spec, n = case
    game = _load(loader, spec)
    plies: list[int] = []

    def run() -> None:
        plies.clear()
        rng = np.random.RandomState(1)
        for _ in range(n):
            plies.append(_play(game, rng))

    benchmark.pedantic(run, rounds=2, iterations=1)
    line = f"OpenSpiel Python loop, {label}, uniform"
    report(benchmark, line, n, "games")
    report(benchmark, line, float(sum(plies)), "plies")
