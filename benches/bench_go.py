"""Go throughput: whole random playouts through `simulate` (OpenSpiel-style `random_no_eye` and pure
uniform `random`), 9x9 and 19x19, one thread and all threads.

Run: `pytest benches/bench_go.py --benchmark-only` (numbers depend on the machine; no assertions).
Reference: OpenSpiel's C++ `evaluate_bots` with uniform random bots; `bench_vs_openspiel.py` measures it
side by side with the same policy under every ruleset (pip `open_spiel`).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import ludoteca
from conftest import report

GAMES = {9: 40_000, 19: 4_000}


@pytest.mark.parametrize("size", [9, 19])
@pytest.mark.parametrize("bot", ["random_no_eye", "random"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_playouts(benchmark: Any, size: int, bot: str, threads: Any) -> None:
    game = ludoteca.load_game(f"go(board_size={size},ruleset=tromp_taylor)")
    n = GAMES[size]
    result: dict[str, Any] = {}

    def run() -> None:
        result["r"] = ludoteca.simulate(game, n, seed=1, bots=[bot], threads=threads)

    benchmark.pedantic(run, rounds=3, iterations=1)
    label = f"go {size}x{size} {bot}, {threads or os.cpu_count()} thread(s)"
    report(benchmark, label, n, "games")
    report(benchmark, label, float(result["r"].lengths.sum()), "plies")


def test_simulate_japanese_with_marking(benchmark: Any) -> None:
    """The default ruleset ends with the automatic dead-stone marking (Benson, then playouts for the
    chains it leaves open)."""
    game = ludoteca.load_game("go(board_size=9)")
    benchmark.pedantic(
        lambda: ludoteca.simulate(game, 4_000, seed=1, bots=["random_no_eye"], threads=1),
        rounds=3,
        iterations=1,
    )
    report(benchmark, "go 9x9 japanese (marking) random_no_eye, 1 thread", 4_000, "games")
