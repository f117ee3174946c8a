"""Slovenian Tarok throughput, side by side in one run with OpenSpiel's ``tarok`` where it is installed:
whole random deals through ``simulate`` against OpenSpiel's C++ ``evaluate_bots`` with uniform random
bots, plus greedy against random.

The two random policies are not the same game: ours also plays the announcement round (each pass or
kontra is a ply) and may stop a hand early where the rules file says, OpenSpiel has neither; both
choose uniformly among their legal actions. Plies are counted in the timed runs.

Run: `pytest benches/bench_tarok.py --benchmark-only` (numbers depend on the machine; no assertions).
"""

from __future__ import annotations

from typing import Any

import pytest

import ludoteca
from conftest import _lines, bench_simulate, report

N_GAMES = 20_000
_openspiel_games_per_s: list[float] = []


def test_openspiel_evaluate_bots_tarok(benchmark: Any) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("tarok", {"players": 4, "rng_seed": 1})
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(4)]
    n = 2_000
    plies: list[int] = []

    def run() -> None:
        plies.clear()
        for i in range(n):
            state = game.new_initial_state()
            pyspiel.evaluate_bots(state, bots, i)
            plies.append(len(state.history()))

    benchmark.pedantic(run, rounds=2, iterations=1)
    line = "OpenSpiel C++ evaluate_bots tarok uniform, 1 thread"
    report(benchmark, line, n, "games")
    report(benchmark, line, float(sum(plies)), "plies")
    if benchmark.stats is not None:
        _openspiel_games_per_s.append(n / benchmark.stats.stats.mean)


@pytest.mark.parametrize("spec", ["tarok(ruleset=openspiel)", "tarok"])
def test_simulate_random_deals(benchmark: Any, spec: str) -> None:
    game = ludoteca.load_game(spec)
    result: dict[str, Any] = {}

    def run() -> None:
        result["r"] = ludoteca.simulate(game, N_GAMES, seed=1, threads=1)

    benchmark.pedantic(run, rounds=2, iterations=1)
    line = f"ludoteca {spec} uniform, 1 thread"
    report(benchmark, line, N_GAMES, "games")
    report(benchmark, line, float(result["r"].lengths.sum()), "plies")
    if benchmark.stats is not None and _openspiel_games_per_s:
        ratio = N_GAMES / benchmark.stats.stats.mean / _openspiel_games_per_s[-1]
        _lines.append(f"{'  = x OpenSpiel tarok uniform (games/s)':<48} {ratio:>14.1f}")


def test_simulate_greedy_vs_random(benchmark: Any) -> None:
    bench_simulate(benchmark, "tarok", N_GAMES, bots=["greedy", "random", "random", "random"])
