"""Kabu throughput: whole random hands and matches through `simulate`, and the bots.

Run: `pytest benches/bench_kabu.py --benchmark-only` (numbers depend on the machine; no assertions).
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import bench_simulate


@pytest.mark.parametrize("spec", ["kabu", "kabu(players=6)", "kabu(players=4,scope=match)"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    n = 20_000 if "match" in spec else 1_000_000
    bench_simulate(benchmark, spec, n, threads)


def test_simulate_best_vs_threshold(benchmark: Any) -> None:
    bench_simulate(
        benchmark, "kabu(players=4)", 1_000_000, bots=["best", "threshold", "threshold", "threshold"]
    )
