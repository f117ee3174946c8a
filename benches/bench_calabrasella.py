"""Calabrasella throughput: whole random deals through `simulate`, and greedy against random.

Run: `pytest benches/bench_calabrasella.py --benchmark-only` (numbers depend on the machine; no assertions).
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
