"""Skelly speed (pytest-benchmark; run by hand with a release build):

    maturin develop --release && python -m pytest benches/bench_skelly.py --benchmark-only -s

* The shot simulator alone (``simulate_batch``, one thread): shots per second on an empty court (one
  disc, one stop event) and on a crowded one (six caps around the skull, most shots with contacts).
  Goal: at least 10**6 shots/s/core on the empty court.
* Whole games through ``simulate`` (one thread): random, naive aimer and planner bots, games per
  second, with the mean number of shots per game (decision actions) printed.
* The planner against the naive aimer: win rates over 10,000 games (printed; the number the issue asks
  for), both seat orders.
"""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from conftest import bench_simulate, report
from ludoteca.games import skelly as sk

N_SHOTS = 200_000


def _shots(seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return rng.uniform(-np.pi, np.pi, N_SHOTS), rng.uniform(0.0, 3.0, N_SHOTS)


def test_simulator_empty_court(benchmark: object) -> None:
    g = sk.new_game(players=2, first_player=0)
    s = g.new_initial_state(seed=0)
    angles, speeds = _shots(1)
    benchmark.pedantic(sk.simulate_batch, args=(s, angles, speeds), rounds=3, iterations=1)  # type: ignore[attr-defined]
    report(benchmark, "skelly simulator, empty court, 1 thread", N_SHOTS, "shots")


def test_simulator_crowded_court(benchmark: object) -> None:
    g = sk.new_game(players=6, first_player=0)
    text = (
        "turn=0 shots=0 out=- p0=course0@1.0,0.5 p1=course0@0.95,0.6 p2=course0@1.05,0.6 "
        "p3=course0@1.0,0.7 p4=course0@0.9,0.55 p5=course0@1.1,0.55"
    )
    s = sk.from_position(g, text, seed=0)
    rng = np.random.default_rng(2)
    angles = np.pi / 2 + rng.normal(0.0, 0.3, N_SHOTS)
    speeds = rng.uniform(0.5, 3.0, N_SHOTS)
    _, first = sk.simulate_batch(s, angles, speeds)
    benchmark.pedantic(sk.simulate_batch, args=(s, angles, speeds), rounds=3, iterations=1)  # type: ignore[attr-defined]
    report(benchmark, "skelly simulator, six caps, 1 thread", N_SHOTS, "shots")
    print(f"\ncrowded court: {np.mean(first >= 0):.0%} of the shots touch a cap")


@pytest.mark.parametrize(
    ("spec", "bots", "n"),
    [
        ("skelly(players=2)", ["random"], 2000),
        ("skelly(players=4)", ["random"], 300),
        ("skelly(players=2)", ["aim"], 5000),
        ("skelly(players=4)", ["aim"], 2000),
        ("skelly(players=2)", ["planner"], 300),
        ("skelly(players=4)", ["planner"], 100),
    ],
)
def test_simulate_games(benchmark: object, spec: str, bots: list[str], n: int) -> None:
    bench_simulate(benchmark, spec, n, threads=1, bots=bots)
    r = ludoteca.simulate(spec, n, seed=1, bots=bots, threads=1)
    shots = (r.lengths - 1) / 2  # a lot, then a decision and its noise per shot
    finished = np.abs(r.returns).sum(axis=1) > 0
    print(f"\n{spec} {bots}: mean shots per game {shots.mean():.1f}, finished {finished.mean():.1%}")


def test_planner_against_the_naive_aimer() -> None:
    n = 10_000
    for bots in (["planner", "aim"], ["aim", "planner"]):
        r = ludoteca.simulate("skelly(players=2)", n, seed=7, bots=bots)
        wins = (r.returns > 0).mean(axis=0)
        shots = ((r.lengths - 1) / 2).mean()
        print(f"\n2 players {bots}: win rates {wins.round(3).tolist()}, mean shots {shots:.1f}")
    r = ludoteca.simulate("skelly(players=4)", 2000, seed=7, bots=["planner", "aim", "aim", "aim"])
    print(f"4 players planner+3 aim: win rates {(r.returns > 0).mean(axis=0).round(3).tolist()}")
