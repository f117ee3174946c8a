"""East–West throughput: whole games through `simulate` (random, rules and search bots).

Run: `pytest benches/bench_east_west.py --benchmark-only` (numbers depend on the machine; no assertions).
No other East–West implementation exists to compare with.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import bench_simulate


@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, threads: Any) -> None:
    bench_simulate(benchmark, "east_west", 500_000, threads)


def test_simulate_rules_vs_random(benchmark: Any) -> None:
    bench_simulate(benchmark, "east_west", 100_000, bots=["rules", "random"])


def test_simulate_search_vs_rules(benchmark: Any) -> None:
    bench_simulate(benchmark, "east_west", 1_000, bots=["search", "rules"])
