"""Tysiąc throughput: whole random deals through `simulate`, greedy against random, and whole greedy
matches to 1000 (matches/s).

Run: `pytest benches/bench_tysiac.py --benchmark-only` (numbers depend on the machine; no assertions).
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import bench_simulate

N_GAMES = 200_000
N_MATCHES = 2_000


@pytest.mark.parametrize("spec", ["tysiac", "tysiac(ruleset=polish)"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    bench_simulate(benchmark, spec, N_GAMES, threads)


def test_simulate_greedy_vs_random(benchmark: Any) -> None:
    bench_simulate(benchmark, "tysiac", N_GAMES // 4, bots=["greedy", "random", "random"])


def test_simulate_greedy_matches_to_1000(benchmark: Any) -> None:
    # Random players overbid and fail until the deal limit; a race to 1000 is timed with greedy ones.
    bench_simulate(benchmark, "tysiac(scope=match)", N_MATCHES, bots=["greedy"])
