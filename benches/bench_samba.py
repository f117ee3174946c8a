"""Samba throughput: whole random hands through `simulate`, and greedy partners against random ones.

Run: `pytest benches/bench_samba.py --benchmark-only` (numbers depend on the machine; no assertions).
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import bench_simulate

N_GAMES = 500


@pytest.mark.parametrize("spec", ["samba(scope=deal)", "samba(scope=deal,stock_draw=2)"])
def test_simulate_random_hands(benchmark: Any, spec: str) -> None:
    bench_simulate(benchmark, spec, N_GAMES, 1)


def test_simulate_greedy(benchmark: Any) -> None:
    bench_simulate(benchmark, "samba(scope=deal)", N_GAMES, 1, bots=["greedy"])
