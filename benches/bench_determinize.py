"""Determinisation throughput: ``State.resample_hidden`` samples per second from one position.

Search bots (ISMCTS, perfect-information Monte Carlo) draw many samples from the same state; the first
sample of a state also pays for its plan (which chance outcomes to redraw), later ones are one replay
each. ``fresh`` draws from a new state every time (no plan reused).

Run: `pytest benches/bench_determinize.py --benchmark-only` (numbers depend on the machine; no assertions).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoteca

POSITIONS = [
    ("briscola", 20),
    ("briscola(players=5)", 40),
    ("schafkopf", 30),
    ("zole", 25),
    ("tarok", 60),
    # Cards moved in public (face-up gives, a taken face-up widow) keep their place.
    ("tysiac(pass_cards_face_up=true)", 40),
    ("calabrasella(call_three=true,deal_packet=2)", 40),
]


def _position(spec: str, steps: int) -> ludoteca.State:
    rng = random.Random(1)
    state = ludoteca.load_game(spec).new_initial_state(explicit_chance=True)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize(("spec", "steps"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_resample_hidden_same_state(benchmark: Any, spec: str, steps: int) -> None:
    state = _position(spec, steps)
    seeds = iter(range(10**9))
    benchmark(lambda: state.resample_hidden(0, next(seeds)))


@pytest.mark.parametrize(("spec", "steps"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_resample_hidden_fresh_state(benchmark: Any, spec: str, steps: int) -> None:
    state = _position(spec, steps)
    seeds = iter(range(10**9))
    # A clone has the same history, so the plan would be reused; alternate two seats instead.
    benchmark(lambda: state.resample_hidden(next(seeds) % 2, 0))
