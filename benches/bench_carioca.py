"""Carioca throughput: whole random hands and matches through `simulate`, and greedy against random.

Run: `pytest benches/bench_carioca.py --benchmark-only` (numbers depend on the machine; no assertions).
The anchor is OpenSpiel's gin rummy driven from Python (`bench_vs_openspiel.py`).
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import bench_simulate

N_GAMES = 2_000


@pytest.mark.parametrize("spec", ["carioca(scope=deal)", "carioca(scope=deal,players=2)", "carioca"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    bench_simulate(benchmark, spec, N_GAMES if spec != "carioca" else N_GAMES // 10, threads)


@pytest.mark.parametrize("spec", ["carioca(scope=deal)", "carioca"])
def test_simulate_greedy(benchmark: Any, spec: str) -> None:
    bench_simulate(benchmark, spec, N_GAMES if spec != "carioca" else N_GAMES // 10, bots=["greedy"])
