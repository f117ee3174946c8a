"""Tëtka through the Python API: the public bum card, following suit, Parlett's 7-point trick and the
9 penalty points of a deal (rules: David Parlett, The Penguin Book of Card Games)."""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from ludoteca.games import tetka

SUITS = ["♠", "♣", "♦", "♥"]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "K", "A", "Q"]


def dealt(**params: int | str | bool) -> ludoteca.State:
    """Seat s gets the whole suit SUITS[s], one card at a time; the dealer's last card is Q♥ (the bum)."""
    state = tetka.new_game(**params).new_initial_state(explicit_chance=True)
    for r in RANKS:
        for s in SUITS:
            state.apply_action(f"{r}{s}")
    return state


def test_the_bum_card_is_public_in_the_dealers_hand() -> None:
    state = dealt()
    for seat in range(3):
        assert "bum card: Q♥ (dealer 3) · Tëtka: Q♥ · bum trick: 12" in state.observation_string(seat)
        assert "Q♥ + 12 hidden" in state.observation_string(seat)
    assert state.current_player() == 0


def test_parletts_example_trick_twelve_is_worth_seven() -> None:
    state = dealt()
    for r in RANKS[:11]:
        for s in SUITS:
            state.apply_action(f"{r}{s}")
    assert "penalties so far: 0 / 0 / 0 / 0" in state.observation_string(0)
    for s in SUITS:
        state.apply_action(f"Q{s}")
    assert "penalties so far: 7 / 0 / 0 / 0" in state.observation_string(1)
    for s in SUITS:
        state.apply_action(f"A{s}")
    assert state.is_terminal() and state.returns() == [-9, 0, 0, 0]


def test_following_suit_is_enforced() -> None:
    state = dealt()
    state.apply_action("2♠")
    assert len(state.legal_actions()) == 13  # seat 1 holds no spade
    with pytest.raises(ludoteca.IllegalActionError):
        state.apply_action("2♠")


@pytest.mark.parametrize(("rank", "trick"), [("A", 1), ("2", 2), ("10", 10), ("J", 11), ("Q", 12), ("K", 13)])
def test_bum_rank_index(rank: str, trick: int) -> None:
    assert tetka.bum_trick(rank) == trick


def test_random_deals_total_nine_or_the_documented_tie() -> None:
    res = ludoteca.simulate("tetka", 3000, seed=2)
    totals = -np.asarray(res.returns).sum(axis=1)
    assert set(totals.tolist()) <= {9.0, 10.0, 11.0}  # 10 or 11: two or three tied with no bum-suit card
    assert (totals == 9).mean() > 0.9
    res = ludoteca.simulate("tetka(most_tricks_fallback=none)", 3000, seed=2)
    assert set((-np.asarray(res.returns).sum(axis=1)).tolist()) <= {8.0, 9.0}


def test_a_match_has_four_deals_and_the_lowest_total_wins() -> None:
    res = ludoteca.simulate("tetka(scope=match)", 500, seed=1)
    returns = np.asarray(res.returns)
    assert np.allclose(returns.sum(axis=1), 0)
    # Someone wins every match, unless all four totals are equal (all returns 0).
    assert ((returns.max(axis=1) > 0) | (returns == 0).all(axis=1)).all()
    with pytest.raises(ValueError, match="not a card rank"):
        tetka.bum_trick("14")


def test_greedy_takes_fewer_penalties_than_random() -> None:
    res = ludoteca.simulate("tetka", 3000, seed=4, bots=["greedy", "random", "random", "random"])
    returns = np.asarray(res.returns)
    assert returns[:, 0].mean() > returns[:, 1].mean()
