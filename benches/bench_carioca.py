"""Carioca throughput: whole random hands and matches through `simulate`, and greedy against random,
with the anchor the issue sets beside them in the same run: OpenSpiel's gin rummy driven from Python
(uniform random moves and chance outcomes, one game at a time), which random Carioca should beat a
hundredfold. One gin rummy game is one hand, so the fair comparison is per hand: a `carioca(scope=deal)`
game is one hand, a whole `carioca` match seven. Both ratios are printed: per hand, and whole games
(a seven-hand match against one gin rummy hand, the issue's literal reading).

Every timing here is CPU time of this process (`time.process_time`), on both sides, so a busy machine
does not skew the ratio; with all threads it is the CPU time summed over the threads (games per
CPU-second, not per wall-clock second).

Run: `pytest benches/bench_carioca.py --benchmark-only` (numbers depend on the machine; no assertions).
The anchor needs `pyspiel` (the `test` extra); without it that line is skipped.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from conftest import _lines, bench_simulate, report

pytestmark = pytest.mark.benchmark(timer=time.process_time)

N_GAMES = 2_000
N_GIN_RUMMY = 50

_anchor: dict[str, float] = {}


def test_anchor_openspiel_gin_rummy_from_python(benchmark: Any) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)

    def run() -> None:
        for _ in range(N_GIN_RUMMY):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    action = rng.choice([a for a, _ in state.chance_outcomes()])
                else:
                    action = rng.choice(state.legal_actions())
                state.apply_action(action)

    benchmark.pedantic(run, rounds=3, iterations=1)
    report(benchmark, "anchor: OpenSpiel gin_rummy from Python, uniform", N_GIN_RUMMY, "games")
    if benchmark.stats is not None:
        _anchor["games_per_s"] = N_GIN_RUMMY / benchmark.stats.stats.mean


@pytest.mark.parametrize("spec", ["carioca(scope=deal)", "carioca(scope=deal,players=2)", "carioca"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    n = N_GAMES if spec != "carioca" else N_GAMES // 10
    bench_simulate(benchmark, spec, n, threads)
    theirs = _anchor.get("games_per_s")
    if threads == 1 and benchmark.stats is not None and theirs:
        games = n / benchmark.stats.stats.mean
        hands = games * (1 if "scope=deal" in spec else 7)
        _lines.append(f"{'  = x the gin rummy anchor per hand':<48} {hands / theirs:>14.1f}")
        _lines.append(f"{'  = x the gin rummy anchor per whole game':<48} {games / theirs:>14.1f}")


@pytest.mark.parametrize("spec", ["carioca(scope=deal)", "carioca"])
def test_simulate_greedy(benchmark: Any, spec: str) -> None:
    bench_simulate(benchmark, spec, N_GAMES if spec != "carioca" else N_GAMES // 10, bots=["greedy"])
