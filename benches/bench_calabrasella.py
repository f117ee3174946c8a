"""Calabrasella throughput: whole random deals through `simulate`, and greedy against random.

Run: `pytest benches/bench_calabrasella.py --benchmark-only` (numbers depend on the machine; no assertions).

Greedy against random, 100,000 deals with greedy in each seat in turn (`simulate(spec, 100_000, seed=1,
bots=...)`, mean return of the greedy seat, then the same seat when all three play at random):
calabrasella: seat 0 +17.0 (-7.0), seat 1 +18.2 (+0.6), seat 2 +18.2 (+6.4);
calabrasella(ruleset=terziglio): seat 0 +13.2 (-0.2), seat 1 +13.0 (-1.3), seat 2 +13.1 (+1.5).
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import bench_simulate

N_GAMES = 200_000


@pytest.mark.parametrize(
    "spec",
    [
        "calabrasella",
        "calabrasella(players=4)",
        "calabrasella(scope=match)",
        "calabrasella(ruleset=terziglio)",
    ],
)
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    bench_simulate(benchmark, spec, N_GAMES, threads)


def test_simulate_greedy_vs_random(benchmark: Any) -> None:
    bench_simulate(benchmark, "calabrasella", N_GAMES, bots=["greedy", "random", "random"])
