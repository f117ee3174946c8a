"""Xiangqi and Jieqi throughput: perft from the start position, whole random games through `simulate`,
and (when the Debian package `fairy-stockfish` is installed) Fairy-Stockfish's own `go perft 5`
measured in the same run for the ratio.

Run: `pytest benches/bench_xiangqi.py --benchmark-only` (numbers depend on the machine; no assertions).
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import time
from typing import Any

import pytest

import ludoteca
from conftest import bench_simulate, report
from ludoteca.games import xiangqi

START_NODES = {4: 3_290_240, 5: 133_312_995}


@pytest.mark.parametrize("depth", [4, 5])
def test_perft_start(benchmark: Any, depth: int) -> None:
    """Single-threaded legal-move perft (bulk-counted at the last ply), in Rust without the GIL."""
    rounds = 5 if depth == 4 else 1
    result = benchmark.pedantic(lambda: xiangqi.perft(depth), rounds=rounds, iterations=1)
    assert result == START_NODES[depth]
    report(benchmark, f"xiangqi perft({depth}) start position", START_NODES[depth], "nodes")


def test_fairy_stockfish_perft_5(benchmark: Any) -> None:
    """Fairy-Stockfish `go perft 5` (variant xiangqi), for the side-by-side ratio."""
    exe = shutil.which("fairy-stockfish") or shutil.which("fairy-stockfish", path="/usr/games")
    if exe is None:
        pytest.skip("the fairy-stockfish binary (Debian package fairy-stockfish) is not installed")

    def run() -> float:
        start = time.perf_counter()
        out = subprocess.run(
            [exe],
            input="setoption name UCI_Variant value xiangqi\nposition startpos\ngo perft 5\nquit\n",
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        elapsed = time.perf_counter() - start
        m = re.search(r"Nodes searched:\s*(\d+)", out)
        assert m is not None and int(m.group(1)) == START_NODES[5], out[-400:]
        return elapsed

    benchmark.pedantic(run, rounds=1, iterations=1)
    report(benchmark, "fairy-stockfish go perft 5 (xiangqi)", START_NODES[5], "nodes")


N_GAMES = 20_000


@pytest.mark.parametrize("spec", ["xiangqi", "jieqi"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    bench_simulate(benchmark, spec, N_GAMES, threads)


def test_simulate_greedy_vs_random(benchmark: Any) -> None:
    n = N_GAMES // 4
    benchmark.pedantic(
        lambda: ludoteca.simulate("xiangqi", n, seed=1, bots=["greedy", "random"], threads=1),
        rounds=3,
        iterations=1,
    )
    report(benchmark, "simulate xiangqi greedy vs random, 1 thread", n, "games")


def test_python_loop_apply_plus_legal(benchmark: Any) -> None:
    """One ply from Python: `legal_actions()` then `apply_action()`."""
    game = ludoteca.load_game("xiangqi")

    rng = random.Random(5)
    played: list[int] = []

    def plies() -> None:
        # A random legal move each ply (the first legal move soon repeats and ends the game); only the
        # plies really played are counted.
        s = game.new_initial_state()
        n = 0
        while n < 100 and not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
            n += 1
        played.append(n)

    benchmark.pedantic(plies, rounds=20, iterations=1)
    report(
        benchmark, "python loop: legal_actions + apply_action (xiangqi)", sum(played) / len(played), "plies"
    )
