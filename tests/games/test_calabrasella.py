"""Calabrasella through the Python API: the deal, one-turn bidding, the call, the exchange with the
face-up widow, following suit and the 35-point settlements (rules: Foster's Complete Hoyle, pagat.com)."""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from ludoteca.games import calabrasella

H = [
    "A♣ 2♣ 3♣ K♣ C♣ J♣ 7♣ 6♣ 5♣ 4♣ 3♦ 2♦",
    "A♦ K♦ C♦ J♦ 7♦ 6♦ 5♦ 4♦ A♥ 2♥ 3♥ K♥",
    "C♥ J♥ 7♥ 6♥ 5♥ 4♥ A♠ 2♠ 3♠ K♠ C♠ J♠",
]
WIDOW = "7♠ 6♠ 5♠ 4♠"
# Seat 0 plays, lays away 4♣, takes 7♠ and wins every trick: all 35 points.
SWEEP = (
    "play; discard 4♣; done; take 7♠; 3♣ 4♦ A♠; 2♣ 5♦ 2♠; A♣ 6♦ 3♠; K♣ 7♦ K♠; C♣ J♦ C♠; J♣ C♦ J♠;"
    " 7♣ K♦ 4♥; 6♣ A♥ 5♥; 5♣ 2♥ 6♥; 3♦ A♦ 7♥; 2♦ 3♥ J♥; 7♠ K♥ C♥"
)


def dealt(**params: int | str | bool) -> ludoteca.State:
    """A state after dealing ``H`` (packets of 4) to the three seats after the dealer, widow last."""
    game = calabrasella.new_game(**params)
    state = game.new_initial_state(explicit_chance=True)
    n = game.num_players()
    dealer = n - 1
    hands = [h.split() for h in H]
    for rnd in range(3):
        for k in range(1, 4):
            seat = (dealer + k) % n
            for c in hands[(seat - dealer - 1) % n][4 * rnd : 4 * rnd + 4]:
                state.apply_action(c)
    for c in WIDOW.split():
        state.apply_action(c)
    return state


def names(state: ludoteca.State) -> list[str]:
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def play(state: ludoteca.State, script: str) -> None:
    for chunk in script.split(";"):
        words = ("play", "discard", "done", "take", "pass", "call", "give", "chiamo", "solo", "solissimo")
        if chunk.strip().startswith(words):
            state.apply_action(chunk.strip())
        else:
            for card in chunk.split():
                state.apply_action(card)


def test_bidding_is_one_turn_and_the_first_play_wins_it() -> None:
    state = dealt()
    assert state.current_player() == 0 and names(state) == ["pass", "play"]
    state.apply_action("pass")
    state.apply_action("play")
    assert state.current_player() == 1
    assert "single player: seat 1" in state.observation_string(2)


def test_all_pass_throws_the_hands_in() -> None:
    state = dealt()
    for _ in range(3):
        state.apply_action("pass")
    assert state.is_chance_node() and not state.is_terminal()


def test_discards_are_secret_and_the_widow_is_shown_after_them() -> None:
    state = dealt()
    state.apply_action("play")
    assert "done" not in names(state) and len(names(state)) == 12
    state.apply_action("discard 4♣")
    assert "done" in names(state)
    assert "7♠" not in state.observation_string(1)
    state.apply_action("done")
    assert names(state) == ["take 4♠", "take 5♠", "take 6♠", "take 7♠"]
    assert "talon (face up): 4♠ 5♠ 6♠ 7♠\n" in state.observation_string(2)
    assert "4♣" not in state.observation_string(1) and "4♣" in state.observation_string(0)
    assert "0 ?" in state.information_state_string(1)
    state.apply_action("take 7♠")
    assert state.current_player() == 0  # the dealer's next seat leads


def test_must_follow_suit() -> None:
    state = dealt()
    play(state, "play; discard 4♣; done; take 7♠; 3♦")
    assert names(state) == ["4♦", "5♦", "6♦", "7♦", "A♦", "C♦", "J♦", "K♦"]
    with pytest.raises(ludoteca.IllegalActionError, match="must follow suit ♦"):
        state.apply_action("A♥")


@pytest.mark.parametrize(
    ("params", "returns"),
    [
        ({}, [140, -70, -70]),
        ({"players": 4}, [210, -70, -70, -70]),
        ({"players": 4, "four_handed_settlement": "dealer_neutral"}, [140, -70, -70, 0]),
    ],
)
def test_a_sweep_pays_70_per_settling_opponent(params: dict[str, int | str], returns: list[int]) -> None:
    state = dealt(**params)
    play(state, SWEEP)
    assert state.is_terminal() and state.returns() == returns


def test_call_three_exchange_is_seen_by_its_two_players_only() -> None:
    state = dealt(call_three=True)
    state.apply_action("play")
    assert names(state) == ["call 3♠", "call 3♥"]
    state.apply_action("call 3♥")
    state.apply_action("give 4♣")
    assert "given in exchange: 4♣" in state.observation_string(1)
    assert "4♣" not in state.observation_string(2)
    assert "called: 3♥ (handed over by seat 1)" in state.observation_string(2)


@pytest.mark.parametrize(("points", "pay"), [(18, 1), (17, -1), (35, 70), (0, -70), (34, 33), (1, -33)])
def test_payment_helper_at_the_boundaries(points: int, pay: int) -> None:
    assert calabrasella.payment_per_opponent(points) == pay


@pytest.mark.parametrize("spec", ["calabrasella", "calabrasella(players=4)", "calabrasella(call_three=true)"])
def test_random_deals_are_zero_sum_with_odd_margins(spec: str) -> None:
    res = ludoteca.simulate(spec, 2000, seed=5)
    returns = np.asarray(res.returns)
    assert (returns.sum(axis=1) == 0).all()
    # The smallest non-zero payment of a deal is what one opponent pays or receives.
    per_opponent = np.where(returns == 0, np.inf, np.abs(returns)).min(axis=1)
    assert ((per_opponent % 2 == 1) | (per_opponent == 70)).all()


def test_greedy_beats_random() -> None:
    res = ludoteca.simulate("calabrasella", 3000, seed=4, bots=["greedy", "random", "random"])
    returns = np.asarray(res.returns)
    assert returns[:, 0].mean() > 0 > returns[:, 1].mean()


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ludoteca.InvalidParameterError, match="use 4 or 2"):
        calabrasella.new_game(deal_packet=3)
    with pytest.raises(ludoteca.InvalidParameterError, match="does not exist"):
        calabrasella.new_game(first_dealer=3)
    with pytest.raises(ValueError, match="between 0 and 35"):
        calabrasella.payment_per_opponent(36)


def test_terziglio_bids_rise_and_the_highest_plays() -> None:
    state = dealt(ruleset="terziglio")
    assert names(state) == ["chiamo", "pass", "solissimo", "solo"]
    play(state, "chiamo; solo")
    assert names(state) == ["pass", "solissimo"]
    state.apply_action("pass")
    assert "single player: seat 1 (solo)" in state.observation_string(0)
    # Solo takes the widow unseen.
    assert "6♠" not in state.observation_string(0) and "6♠" not in state.observation_string(2)


def test_terziglio_chiamo_shows_the_widow_and_the_give() -> None:
    state = dealt(ruleset="terziglio")
    play(state, "chiamo; pass; pass; call 3♥")
    assert "7♠" in state.observation_string(2)  # the widow was turned up for everybody
    play(state, "give 4♣; discard 5♣; discard 6♣; discard 7♣; discard 7♠")
    assert "given in exchange: 4♣" in state.observation_string(2)
    assert "7♠" not in state.observation_string(1)  # laid away face down


def test_terziglio_random_deals_count_11_and_pay_by_the_contract() -> None:
    res = ludoteca.simulate("calabrasella(ruleset=terziglio)", 2000, seed=3)
    returns = np.asarray(res.returns)
    assert (returns.sum(axis=1) == 0).all()
    per_opponent = np.where(returns == 0, np.inf, np.abs(returns)).min(axis=1)
    played = per_opponent[np.isfinite(per_opponent)]
    # The margin (odd, at most 11) times 1, 2 or 3.
    assert played.max() <= 33 and set(np.unique(played)) <= {
        m * k for m in range(1, 12, 2) for k in (1, 2, 3)
    }
