"""Slovenian Tarok throughput, side by side in one run with OpenSpiel's ``tarok`` where it is installed:
whole random deals through ``simulate`` against OpenSpiel's C++ ``evaluate_bots`` with uniform random
bots (a), plus greedy against random. (b) limits the bidding to Klop or the lowest contract (Three): our
``lowest_bid`` bot through ``simulate`` against OpenSpiel's Python loop with the same policy (every seat
passes, forehand takes Klop or Three with even odds, the rest uniform: king call, talon, discard, cards;
our bot passes in the announcement round, which OpenSpiel does not have). Each line also reports CPU
time (``time.process_time``, one thread), steadier than wall clock on a loaded machine, and the
ratios of (a) and (b) are given by CPU time on both sides (for (a) also by pytest-benchmark's wall
clock). A last line measures (b) with the two sides taking turns (``test_lowest_bid_interleaved``),
so that a drift of the shared machine's speed between runs does not skew the ratio.

The two random policies are not the same game: ours also plays the announcement round (each pass or
kontra is a ply) and may stop a hand early where its rules say, OpenSpiel has neither; both
choose uniformly among their legal actions. Plies are counted in the timed runs.

Run: `pytest benches/bench_tarok.py --benchmark-only` (numbers depend on the machine; no assertions).
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import ludoteca
from conftest import _lines, bench_simulate, report

N_GAMES = 20_000
_openspiel_games_per_s: list[float] = []
_openspiel_a_cpu: list[float] = []


def test_openspiel_evaluate_bots_tarok(benchmark: Any) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("tarok", {"players": 4, "rng_seed": 1})
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(4)]
    n = 2_000
    plies: list[int] = []
    out: dict[str, float] = {}

    def run() -> None:
        plies.clear()
        t0 = time.process_time()
        for i in range(n):
            state = game.new_initial_state()
            pyspiel.evaluate_bots(state, bots, i)
            plies.append(len(state.history()))
        out["cpu"] = time.process_time() - t0

    benchmark.pedantic(run, rounds=2, iterations=1)
    line = "OpenSpiel C++ evaluate_bots tarok uniform, 1 thread"
    report(benchmark, line, n, "games")
    report(benchmark, line, float(sum(plies)), "plies")
    _cpu_line(line, n, sum(plies), out["cpu"])
    if benchmark.stats is not None:
        _openspiel_games_per_s.append(n / benchmark.stats.stats.mean)
    _openspiel_a_cpu.append(n / out["cpu"])


@pytest.mark.parametrize("spec", ["tarok(ruleset=openspiel)", "tarok"])
def test_simulate_random_deals(benchmark: Any, spec: str) -> None:
    game = ludoteca.load_game(spec)
    result: dict[str, Any] = {}

    def run() -> None:
        t0 = time.process_time()
        result["r"] = ludoteca.simulate(game, N_GAMES, seed=1, threads=1)
        result["cpu"] = time.process_time() - t0

    benchmark.pedantic(run, rounds=2, iterations=1)
    line = f"ludoteca {spec} uniform, 1 thread"
    plies = int(result["r"].lengths.sum())
    report(benchmark, line, N_GAMES, "games")
    report(benchmark, line, float(plies), "plies")
    _cpu_line(line, N_GAMES, plies, result["cpu"])
    if benchmark.stats is not None and _openspiel_games_per_s:
        ratio = N_GAMES / benchmark.stats.stats.mean / _openspiel_games_per_s[-1]
        _lines.append(f"{'  = x OpenSpiel tarok uniform (games/s)':<48} {ratio:>14.1f}")
    if _openspiel_a_cpu:
        ratio = N_GAMES / result["cpu"] / _openspiel_a_cpu[-1]
        _lines.append(f"{'  = x OpenSpiel tarok uniform (games/s, CPU)':<48} {ratio:>14.1f}")


def test_simulate_greedy_vs_random(benchmark: Any) -> None:
    bench_simulate(benchmark, "tarok", N_GAMES, bots=["greedy", "random", "random", "random"])


_openspiel_b: list[float] = []


def _cpu_line(label: str, games: int, plies: int, cpu: float) -> None:
    _lines.append(f"{label + ' (CPU)':<48} {games / cpu:>14,.0f} games/s {plies / cpu:>14,.0f} plies/s")


def _openspiel_lowest_bid_games(game: Any, n: int, rng: random.Random) -> int:
    """Plays `n` OpenSpiel Tarok games with the lowest-bid policy from Python; returns the plies."""
    import pyspiel

    bidding = pyspiel.TarokGamePhase.BIDDING
    plies = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            legal = state.legal_actions()
            if state.current_game_phase() == bidding:
                # Forehand's final call: Klop (1) or Three (2); everyone else passes (0).
                a = rng.choice((1, 2)) if 1 in legal else 0
            else:
                a = rng.choice(legal)
            state.apply_action(a)
            plies += 1
    return plies


def test_openspiel_python_loop_lowest_bid(benchmark: Any) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("tarok", {"players": 4, "rng_seed": 1})
    # Enough games for a CPU time of a few tenths of a second (500 took some 50 ms, within the
    # clock's noise on a busy machine).
    n = 4_000
    rng = random.Random(1)
    out: dict[str, float] = {}

    def run() -> None:
        t0 = time.process_time()
        out["plies"] = _openspiel_lowest_bid_games(game, n, rng)
        out["cpu"] = time.process_time() - t0

    benchmark.pedantic(run, rounds=2, iterations=1)
    line = "OpenSpiel Python loop tarok lowest bid"
    report(benchmark, line, n, "games")
    report(benchmark, line, out["plies"], "plies")
    _cpu_line(line, n, int(out["plies"]), out["cpu"])
    _openspiel_b.append(n / out["cpu"])


def test_simulate_lowest_bid(benchmark: Any) -> None:
    game = ludoteca.load_game("tarok(ruleset=openspiel)")
    out: dict[str, Any] = {}

    def run() -> None:
        t0 = time.process_time()
        out["r"] = ludoteca.simulate(game, N_GAMES, seed=1, threads=1, bots=["lowest_bid"] * 4)
        out["cpu"] = time.process_time() - t0

    benchmark.pedantic(run, rounds=2, iterations=1)
    line = "ludoteca tarok(ruleset=openspiel) lowest bid"
    # Our lengths count the 54 dealt cards as chance plies; OpenSpiel deals in one chance node, which
    # the Python loop does not count: compare decision plies.
    plies = int(out["r"].lengths.sum()) - 54 * N_GAMES
    report(benchmark, line, N_GAMES, "games")
    report(benchmark, line, float(plies), "plies")
    _cpu_line(line, N_GAMES, plies, out["cpu"])
    if _openspiel_b:
        ratio = N_GAMES / out["cpu"] / _openspiel_b[-1]
        _lines.append(f"{'  = x OpenSpiel Python loop (games/s, CPU)':<48} {ratio:>14.1f}")


def test_lowest_bid_interleaved(benchmark: Any) -> None:
    """(b) once more, the two sides taking turns: on a shared machine the CPU's speed drifts between
    two runs measured one after the other (OpenSpiel's rate moved from 6,000 to 10,000 games/s
    between back-to-back runs), which skews a ratio of separate runs; alternating short runs of each
    side and summing each side's CPU time exposes both to the same drift."""
    pyspiel = pytest.importorskip("pyspiel")
    theirs = pyspiel.load_game("tarok", {"players": 4, "rng_seed": 1})
    ours = ludoteca.load_game("tarok(ruleset=openspiel)")
    rng = random.Random(1)
    n_theirs, n_ours, turns = 800, 80_000, 6
    cpu = {"theirs": 0.0, "ours": 0.0}
    pair_ratios: list[float] = []

    def run() -> None:
        for turn in range(turns):
            t0 = time.process_time()
            _openspiel_lowest_bid_games(theirs, n_theirs, rng)
            t1 = time.process_time()
            ludoteca.simulate(ours, n_ours, seed=1 + turn, threads=1, bots=["lowest_bid"] * 4)
            t2 = time.process_time()
            cpu["theirs"] += t1 - t0
            cpu["ours"] += t2 - t1
            pair_ratios.append((n_ours / (t2 - t1)) / (n_theirs / (t1 - t0)))

    benchmark.pedantic(run, rounds=1, iterations=1)
    theirs_rate = turns * n_theirs / cpu["theirs"]
    ours_rate = turns * n_ours / cpu["ours"]
    _lines.append(
        f"{'OpenSpiel Python loop lowest bid, interleaved (CPU)':<48} {theirs_rate:>14,.0f} games/s"
    )
    _lines.append(f"{'ludoteca lowest bid, interleaved (CPU)':<48} {ours_rate:>14,.0f} games/s")
    _lines.append(
        f"{'  = x OpenSpiel, interleaved (games/s, CPU)':<48} {ours_rate / theirs_rate:>14.1f}"
        f"   (turns: {min(pair_ratios):.1f} to {max(pair_ratios):.1f})"
    )
