"""Side by side in one run: OpenSpiel's C++ `evaluate_bots` with uniform random bots against ludoteca's
`simulate`, same machine, same moment (Go 9x9 and 19x19, Xiangqi).

Needs `pip install open_spiel` (a test-only reference; skipped without it).
Run: `pytest benches/bench_vs_openspiel.py --benchmark-only` and compare the throughput lines.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoteca
from conftest import report

pyspiel = pytest.importorskip("pyspiel")

CASES = [
    # (label, OpenSpiel game, its parameters, ludoteca game string, ludoteca bot, games per round)
    (
        "go 9x9",
        "go",
        {"board_size": 9, "komi": 7.5},
        "go(board_size=9,ruleset=tromp_taylor)",
        "random_no_eye",
        2_000,
    ),
    (
        "go 19x19",
        "go",
        {"board_size": 19, "komi": 7.5},
        "go(board_size=19,ruleset=tromp_taylor)",
        "random_no_eye",
        200,
    ),
    ("xiangqi", "xiangqi", {}, "xiangqi", "random", 200),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_openspiel_evaluate_bots(benchmark: Any, case: tuple[Any, ...]) -> None:
    label, name, params, _, _, n = case
    game = pyspiel.load_game(name, params)
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(game.num_players())]

    def run() -> None:
        for i in range(n):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, i)

    benchmark.pedantic(run, rounds=2, iterations=1)
    report(benchmark, f"OpenSpiel C++ evaluate_bots {label}, 1 thread", n, "games")
    # Games can differ in length (OpenSpiel caps Go at 2*N*N moves, for instance): plies/s compares
    # the engines fairly. Mean length from untimed uniform random playouts through the Python API.
    rng = random.Random(0)
    plies, games = 0, max(10, n // 20)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    report(benchmark, f"OpenSpiel C++ evaluate_bots {label}, 1 thread", n * plies / games, "plies")


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_ludoteca_simulate(benchmark: Any, case: tuple[Any, ...]) -> None:
    label, _, _, spec, bot, n = case
    game = ludoteca.load_game(spec)
    n *= 10
    result: dict[str, Any] = {}

    def run() -> None:
        result["r"] = ludoteca.simulate(game, n, seed=1, bots=[bot], threads=1)

    benchmark.pedantic(run, rounds=2, iterations=1)
    report(benchmark, f"ludoteca simulate {label} ({bot}), 1 thread", n, "games")
    report(
        benchmark, f"ludoteca simulate {label} ({bot}), 1 thread", float(result["r"].lengths.sum()), "plies"
    )
