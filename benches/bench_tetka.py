"""Tëtka throughput: whole random deals and matches through `simulate`, and greedy against random.

Run: `pytest benches/bench_tetka.py --benchmark-only` (numbers depend on the machine; no assertions).

Greedy against random, 100,000 deals with greedy in each seat in turn (`simulate("tetka", 100_000,
seed=1, bots=...)`, mean return of the greedy seat, then the same seat when all four play at random):
seat 0 -1.18 (-2.27), seat 1 -1.07 (-2.24), seat 2 -1.01 (-2.24), seat 3 -0.98 (-2.25); the three
random players average -2.61 to -2.67. Greedy takes fewer than half the random players' penalties.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import bench_simulate

N_GAMES = 200_000


@pytest.mark.parametrize("spec", ["tetka", "tetka(scope=match)"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    bench_simulate(benchmark, spec, N_GAMES, threads)


def test_simulate_greedy_vs_random(benchmark: Any) -> None:
    bench_simulate(benchmark, "tetka", N_GAMES, bots=["greedy", "random", "random", "random"])
