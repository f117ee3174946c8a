"""Briscola through the Python API: concrete situations and the rules file's oracles (§10)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca.games import briscola


def deal(state: ludoteca.State, cards: list[str]) -> None:
    for c in cards:
        assert state.is_chance_node()
        state.apply_action(c)


def test_new_game_keywords() -> None:
    g = briscola.new_game(players=4, scope="match", must_follow_suit=True)
    assert g.params["players"] == 4 and g.params["must_follow_suit"] is True
    with pytest.raises(ludoteca.InvalidParameterError):
        briscola.new_game(players=7)


@pytest.mark.parametrize(("players", "live", "stock"), [(2, 40, 34), (3, 39, 30), (4, 40, 28), (6, 36, 18)])
def test_packs_deals_and_stock(players: int, live: int, stock: int) -> None:
    state = briscola.new_game(players=players).new_initial_state(seed=players)
    locs = state.card_locations()
    assert locs is not None
    assert sum(len(v) for k, v in locs.items() if k != "removed") == live
    for s in range(players):
        assert len(locs[f"hand {s}"]) == 3
    assert len(locs["stock"]) + len(locs["face-up"]) == stock
    assert stock % players == 0
    # The eldest (seat 0: the dealer is the last seat) leads.
    assert state.current_player() == 0


def test_face_up_card_is_the_card_after_the_deal_and_fixes_trump() -> None:
    state = briscola.new_game().new_initial_state(explicit_chance=True)
    deal(state, ["A♠", "2♠", "3♥", "4♥", "5♣", "6♣", "7♦"])
    text = state.observation_string(0)
    assert "trump ♦" in text and "face-up 7♦ (on the table)" in text and "stock 34" in text
    assert "5♣ 3♥ A♠" in text  # seat 0 got the 1st, 3rd and 5th cards


def test_trick_with_trump_and_draw_order() -> None:
    state = briscola.new_game().new_initial_state(explicit_chance=True)
    deal(state, ["A♠", "2♠", "3♥", "4♥", "5♣", "6♣", "7♦"])
    state.apply_action("A♠")  # seat 0 leads the ace of spades (11)
    state.apply_action("2♠")  # seat 1 follows low: seat 0 wins
    # Winner draws first.
    assert state.is_chance_node()
    locs = state.card_locations()
    assert locs is not None and len(locs["won 0"]) == 2 and locs["won 1"] == []
    state.apply_action("2♦")  # seat 0 draws a trump
    state.apply_action("K♠")  # seat 1 draws
    assert state.current_player() == 0
    state.apply_action("5♣")
    state.apply_action("K♠")  # off-suit: the leader still wins
    state.apply_action("3♦")
    state.apply_action("4♦")
    assert state.current_player() == 0
    state.apply_action("3♥")
    state.apply_action("4♥")  # same suit, 3 beats 4
    state.apply_action("5♦")
    state.apply_action("6♦")
    state.apply_action("2♦")  # seat 0 leads a trump ...
    state.apply_action("4♦")  # ... seat 1 overtrumps
    assert state.scores()[0] == 11 + 4 + 10
    assert state.is_chance_node()
    state.apply_action("A♦")  # seat 1 (winner) draws first now
    assert state.current_player() == ludoteca.CHANCE


def test_twenty_tricks_and_120_points_every_deal() -> None:
    game = briscola.new_game()
    for seed in range(50):
        state = game.new_initial_state(seed=seed)
        plays = 0
        while not state.is_terminal():
            state.apply_action(random.Random(seed + plays).choice(state.legal_actions()))
            plays += 1
        assert plays == 40
        s = state.scores()
        assert sum(s) == 120
        r = state.returns()
        assert r == ([1.0, -1.0] if s[0] > 60 else [-1.0, 1.0] if s[0] < 60 else [0.0, 0.0])


def test_sixty_sixty_draws_happen_and_score_zero() -> None:
    res = ludoteca.simulate("briscola", 20_000, seed=4)
    ties = res.scores[:, 0] == 60
    assert ties.any()
    assert np.all(res.returns[ties] == 0)
    assert np.all(res.returns[res.scores[:, 0] >= 61, 0] == 1)


def test_three_players_remove_a_public_two_and_the_top_score_wins() -> None:
    res = ludoteca.simulate("briscola(players=3)", 5000, seed=2)
    assert np.all(res.scores.sum(axis=1) == 120)
    top = res.scores.max(axis=1, keepdims=True)
    unique = (res.scores == top).sum(axis=1) == 1
    winners = np.argmax(res.scores, axis=1)
    assert np.all(res.returns[unique, :][np.arange(unique.sum()), winners[unique]] == 1.0)
    assert np.all(res.returns[~unique] == 0.0)
    state = briscola.new_game(players=3, removed_two="hearts").new_initial_state(seed=0)
    locs = state.card_locations()
    assert locs is not None and [state.action_to_string(c) for c in locs["removed"]] == ["2♥"]
    assert "removed: 2♥" in state.observation_string(1)


def test_four_players_partnership_scores() -> None:
    res = ludoteca.simulate("briscola(players=4)", 5000, seed=3)
    team0 = res.scores[:, 0] + res.scores[:, 2]
    assert np.all(res.returns[:, 0] == res.returns[:, 2])
    assert np.all(res.returns[team0 >= 61, 0] == 1) and np.all(res.returns[team0 == 60, 0] == 0)


def test_american_partner_exchange_is_visible_to_partners_only() -> None:
    game = ludoteca.load_game("briscola(players=4,ruleset=american)")
    state = game.new_initial_state(seed=6)
    while "stock 0" not in state.observation_string(0) or "face-up" not in state.observation_string(0):
        state.apply_action(state.bot_action("greedy", seed=1))
    p = state.current_player()
    partner, opp = (p + 2) % 4, (p + 1) % 4
    view = state.observation_string(p)
    assert "hidden" not in view.split(f"seat {partner} ")[1].split("\n")[0]
    assert "hidden" in view.split(f"seat {opp} ")[1].split("\n")[0]


def test_american_claims_and_match_to_121() -> None:
    game = ludoteca.load_game("briscola(players=4,ruleset=american)")
    state = game.new_initial_state(seed=1)
    claimer = state.current_player()
    state.apply_action("claim")  # nobody can have 121 in the first deal: a wrong claim loses
    assert state.is_terminal()
    assert state.returns()[claimer] == -1.0 and state.returns()[(claimer + 1) % 4] == 1.0
    res = ludoteca.simulate("briscola(players=4,ruleset=american,claim_allowed=false)", 2000, seed=1)
    assert np.all(res.scores.max(axis=1) >= 121)
    assert np.all(res.lengths >= 160)  # at least two deals of 80 actions


def test_greedy_bot_clearly_beats_random() -> None:
    res = ludoteca.simulate("briscola", 20_000, seed=7, bots=["random", "greedy"])
    assert res.seats()[1].win_rate > 0.8
    res4 = ludoteca.simulate(
        "briscola(players=4)", 20_000, seed=7, bots=["greedy", "random", "greedy", "random"]
    )
    assert res4.seats()[0].win_rate > 0.7
