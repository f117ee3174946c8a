"""Tysiąc (1000) through the Python API: the auction, the prikup and the gives (who sees which card),
the final contract, marriages changing trumps, rospisat', the bot and the race to 1000."""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from ludoteca.games import tysiac

# Seat 2 deals, seat 0 is F. Seat 0 holds the ♥ marriage, seat 1 the four nines, seat 2 the ♦ marriage.
H = ["A♥ K♥ Q♥ A♠ 10♠ K♠ J♠", "9♥ 9♦ 9♣ 9♠ A♣ 10♣ K♣", "A♦ 10♦ K♦ Q♦ J♦ 10♥ J♥"]
PRIKUP = "Q♣ J♣ Q♠"


def dealt(**params: int | str | bool) -> ludoteca.State:
    """A state after dealing ``H`` one card at a time from seat 0, then ``PRIKUP``."""
    state = tysiac.new_game(**params).new_initial_state(explicit_chance=True)
    hands = [h.split() for h in H]
    for k in range(7):
        for h in hands:
            state.apply_action(h[k])
    for c in PRIKUP.split():
        state.apply_action(c)
    return state


def names(state: ludoteca.State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_presets_flags_and_bad_parameters() -> None:
    g = tysiac.new_game(ruleset="polish")
    assert g.params["bid_step"] == 10 and g.params["opponent_rounding"] == 10
    assert g.params["must_overtake"] is True
    assert g.params["opponent_score_limit"] == 800
    with pytest.raises(ludoteca.InvalidParameterError, match="bid_cap"):
        tysiac.new_game(bid_cap="infinite")
    # The cap's choice words are not numbers (OpenSpiel would read "400" back as an int).
    with pytest.raises(ludoteca.InvalidParameterError, match='did you mean "400_points"'):
        tysiac.new_game(bid_cap="400")
    assert tysiac.new_game(bid_cap="400_points").params["bid_cap"] == "400_points"
    with pytest.raises(ludoteca.InvalidParameterError, match="5 or 10"):
        tysiac.new_game(bid_step=7)
    with pytest.raises(ludoteca.InvalidParameterError, match="multiple of 5"):
        tysiac.new_game(max_without_marriage=123)


def test_auction_opening_steps_and_the_marriage_limit() -> None:
    state = dealt()
    assert state.current_player() == 0
    first = names(state)
    assert "pass" not in first and first[0] == "bid 100" and first[-1] == "bid 400"
    state.apply_action("bid 100")
    assert names(state) == ["pass", "bid 105", "bid 110", "bid 115", "bid 120"]
    with pytest.raises(ludoteca.IllegalActionError):
        state.apply_action("bid 125")
    assert state.current_player() == 1, "a refused bid leaves the state as it was"
    state.apply_action("pass")
    state.apply_action("pass")
    assert "declarer: seat 0 · contract 100" in state.observation_string(1)


def test_gives_are_seen_only_by_the_receiver_and_the_declarer() -> None:
    def after(right: str) -> ludoteca.State:
        state = dealt()
        for a in ["bid 100", "pass", "pass", "give Q♣ left", f"give {right} right"]:
            state.apply_action(a)
        return state

    a, b = after("J♠"), after("K♠")
    # Seat 1 cannot tell which card went to seat 2: its views agree exactly.
    assert a.observation_string(1) == b.observation_string(1)
    assert np.array_equal(a.observation_tensor(1), b.observation_tensor(1))
    assert a.information_state_string(1) == b.information_state_string(1)
    # Seat 2 and the declarer can.
    assert a.observation_string(2) != b.observation_string(2)
    assert not np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    assert "given to seat 2: J♠" in a.observation_string(0)


def test_rospisat_scores_60_for_each_opponent() -> None:
    state = dealt()
    for a in ["bid 100", "pass", "pass", "give J♣ left", "give J♠ right"]:
        state.apply_action(a)
    assert names(state)[-1] == "rospisat"
    state.apply_action("rospisat")
    assert state.is_terminal() and list(state.returns()) == [0.0, 60.0, 60.0]


def test_a_marriage_makes_its_suit_trump_for_the_trick_it_is_led_to() -> None:
    state = dealt()
    for a in ["bid 100", "pass", "pass", "give J♣ left", "give J♠ right", "contract 100", "play on"]:
        state.apply_action(a)
    assert not any(n.startswith("marry") for n in names(state)), "not on the first lead"
    for a in ["A♠", "9♠", "J♠", "marry ♥"]:
        state.apply_action(a)
    assert names(state) == ["Q♥", "K♥"]
    assert "trump ♥" in state.observation_string(2)
    assert "marriages: seat 0 ♥ (100)" in state.observation_string(1)


def test_rounding_helper_agrees_with_the_worked_examples() -> None:
    # The rules' own oracles (22→20, 23→25, 27→25, 28→30, 93→95, 97→95, 98→100); the engine's rounding is
    # tested in Rust at the same values.
    pairs = [(22, 20), (23, 25), (27, 25), (28, 30), (93, 95), (97, 95), (98, 100)]
    assert [tysiac.round_opponent(h) for h, _ in pairs] == [r for _, r in pairs]
    assert tysiac.round_opponent(15, 10) == 20


def test_greedy_beats_random_per_deal() -> None:
    res = ludoteca.simulate("tysiac", 3000, seed=3, bots=["greedy", "random", "random"], threads=1)
    assert res.returns[:, 0].mean() > res.returns[:, 1].mean() + 20


def test_a_greedy_match_ends_with_a_winner_at_1000() -> None:
    res = ludoteca.simulate("tysiac(scope=match)", 200, seed=5, bots=["greedy"], threads=1)
    wins = (res.returns == 1.0).sum(axis=0)
    assert wins.sum() >= 190, "almost every greedy match ends with a winner"
    assert (res.scores.max(axis=1)[res.returns.max(axis=1) == 1.0] >= 1000).all()


def test_two_and_four_handed_presets() -> None:
    two = tysiac.new_game(ruleset="two_handed")
    assert two.num_players() == 2 and two.params["bid_step"] == 10
    four = tysiac.new_game(ruleset="four_handed")
    assert four.num_players() == 4 and four.params["bid_step"] == 5
    with pytest.raises(ludoteca.InvalidParameterError, match="players"):
        tysiac.new_game(players=5)
    # A whole random four-handed deal: the dealer (seat 3) never acts and scores nothing.
    state = four.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if not state.is_chance_node():
            assert state.current_player() != 3
        actions = state.legal_actions()
        state.apply_action(int(actions[rng.integers(len(actions))]))
    assert state.returns()[3] == 0.0
