"""Reversis throughput: whole random hands through `simulate`, and greedy against random.

Run: `pytest benches/bench_reversis.py --benchmark-only -s` (numbers depend on the machine; no assertions).
The figure for "random hands a second on one core" is `test_simulate_random_hands_cpu_time`: CPU time
(`time.process_time()`) around `simulate(threads=1)`, which a busy machine disturbs far less than wall
time.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

import ludoteca
from conftest import bench_simulate, report

N_GAMES = 200_000


@pytest.mark.parametrize("spec", ["reversis", "reversis(scope=match,hands=6)"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    bench_simulate(benchmark, spec, N_GAMES, threads)


@pytest.mark.benchmark(timer=time.process_time)
def test_simulate_random_hands_cpu_time(benchmark: Any) -> None:
    """Random single hands per CPU second of one thread (the process's CPU time, so the result
    arrays' page faults count too)."""
    game = ludoteca.load_game("reversis")
    n = 400_000
    benchmark.pedantic(lambda: ludoteca.simulate(game, n, seed=1, threads=1), rounds=5, iterations=1)
    report(benchmark, "simulate reversis random, 1 thread, by CPU time", n, "hands")


def test_simulate_greedy_vs_random(benchmark: Any) -> None:
    bench_simulate(benchmark, "reversis", N_GAMES, bots=["greedy", "random", "random", "random"])
