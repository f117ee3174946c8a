"""Razz throughput: whole random hands through `simulate`, and the rule bot against random.

Run: `pytest benches/bench_razz.py --benchmark-only` (numbers depend on the machine; no assertions).
PokerKit plays about 130-850 Razz hands/s (its own figure); `bench_pokerkit_hands` times it here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from conftest import bench_simulate, report

N_GAMES = 200_000


@pytest.mark.parametrize("spec", ["razz", "razz(players=8)", "razz(players=4,scope=match,hands=10,stack=40)"])
@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_simulate_random_games(benchmark: Any, spec: str, threads: Any) -> None:
    bench_simulate(benchmark, spec, N_GAMES, threads)


def test_simulate_rules_vs_random(benchmark: Any) -> None:
    bench_simulate(benchmark, "razz", N_GAMES, bots=["rules", "random"])


def test_pokerkit_random_hands(benchmark: Any) -> None:
    """PokerKit's FixedLimitRazz, 2 players, random legal actions, dealing automated."""
    pokerkit = pytest.importorskip("pokerkit")
    a = pokerkit.Automation
    autos = (
        a.ANTE_POSTING,
        a.BET_COLLECTION,
        a.BLIND_OR_STRADDLE_POSTING,
        a.CARD_BURNING,
        a.HOLE_DEALING,
        a.HOLE_CARDS_SHOWING_OR_MUCKING,
        a.HAND_KILLING,
        a.CHIPS_PUSHING,
        a.CHIPS_PULLING,
    )
    rng = random.Random(1)
    n = 200

    def play() -> None:
        for _ in range(n):
            s = pokerkit.FixedLimitRazz.create_state(autos, False, 1, 2, 4, 8, (400, 400), 2)
            while s.status:
                options = [
                    f
                    for f, ok in (
                        (s.fold, s.can_fold()),
                        (s.check_or_call, s.can_check_or_call()),
                        (s.post_bring_in, s.can_post_bring_in()),
                        (s.complete_bet_or_raise_to, s.can_complete_bet_or_raise_to()),
                    )
                    if ok
                ]
                rng.choice(options)()

    benchmark.pedantic(play, rounds=1, iterations=1)
    report(benchmark, "pokerkit FixedLimitRazz random hands, 2 players", n, "games")
