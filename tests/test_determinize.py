"""State.resample_hidden (ludoteca.determinize): consistent with the seat's information, uniform, seeded.

The consistency test iterates over the registry (games registered later are covered without edits).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import ludoteca
from ludoteca.determinize import resample_hidden

EXAMPLES = [ex for info in ludoteca.registered_games() for ex in info.examples]

# Upper 0.1% points of the chi-square distribution (standard tables, e.g. NIST/SEMATECH e-Handbook
# of Statistical Methods, 1.3.6.7.4), by degrees of freedom.
CHI2_999 = {31: 61.098, 32: 62.487, 23: 49.728, 22: 48.268, 21: 46.797, 20: 45.315, 24: 51.179}


def _random_position(spec: str, seed: int, max_steps: int = 400) -> ludoteca.State:
    """A state reached by random play with explicit chance, stopped at a random decision node."""
    game = ludoteca.load_game(spec)
    rng = random.Random(seed)
    state = game.new_initial_state(explicit_chance=True)
    stop = rng.randrange(1, max_steps)
    for _ in range(stop):
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


# Cards that move from hand to hand or from a face-up widow in public (Tysiąc's face-up gives,
# Calabrasella's taken widow cards) stay in places `card_locations` calls hidden, and the sampler no
# longer trusts action names (they gave away a called card's secret holder), so it redraws them and no
# proposal matches. Strict: the fix (an action that publicly moves a card keeps its deal) must lift it.
_KNOWN_GAPS = ("tysiac(bid_cap=achievable", "calabrasella(call_three=true")


def _marked(spec: str) -> Any:
    if spec.startswith(_KNOWN_GAPS):
        return pytest.param(spec, marks=pytest.mark.xfail(strict=True, reason="public hand-to-hand moves"))
    return spec


@pytest.mark.parametrize("spec", [_marked(s) for s in EXAMPLES], ids=EXAMPLES)
def test_sample_has_the_same_information_state(spec: str) -> None:
    for seed in range(3):
        state = _random_position(spec, seed)
        player = seed % state.get_game().num_players()
        sample = resample_hidden(state, player, seed)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.current_player() == state.current_player()
        if not state.is_terminal() and sample.current_player() == player:
            assert sample.legal_actions() == state.legal_actions()
        # The original is untouched.
        assert state.information_state_string(player) == _random_position(
            spec, seed
        ).information_state_string(player)


def test_samples_differ_from_the_truth_and_are_seeded() -> None:
    """At a fresh Briscola deal the opponent's hand is redrawn (not the true one every time)."""
    state = _random_position("briscola", 0, max_steps=8)
    truth = sorted(state.card_locations()["hand 1"])
    hands = {tuple(sorted(resample_hidden(state, 0, s).card_locations()["hand 1"])) for s in range(20)}
    assert len(hands) > 10
    assert resample_hidden(state, 0, 5) == resample_hidden(state, 0, 5)
    # Seat 0's own hand never moves.
    assert all(
        resample_hidden(state, 0, s).card_locations()["hand 0"] == state.card_locations()["hand 0"]
        for s in range(5)
    )
    assert truth  # the opponent holds cards to redraw


def _chi2(counts: Counter[int], cells: list[int], expected: float) -> float:
    return sum((counts[c] - expected) ** 2 / expected for c in cells)


def test_uniform_over_the_unseen_cards_after_the_deal() -> None:
    """Two-player Briscola after the deal: seat 0 sees its 3 cards and the face-up trump; each of the
    other 36 cards is in the opponent's hand with probability 3/36 (chi-square at the 0.1% level)."""
    state = ludoteca.load_game("briscola").new_initial_state(explicit_chance=True)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seen = set(state.card_locations()["hand 0"]) | set(state.card_locations()["face-up"])
    unseen = [c for c in range(40) if c not in seen]
    assert len(unseen) == 36
    n = 1200
    counts: Counter[int] = Counter()
    for s in range(n):
        counts.update(resample_hidden(state, 0, s).card_locations()["hand 1"])
    assert set(counts) <= set(unseen)
    # 35 degrees of freedom would be exact; 32's critical value (62.5) is below 35's (66.6): stricter.
    assert _chi2(counts, unseen, n * 3 / 36) < CHI2_999[32]


def _void_position() -> tuple[ludoteca.State, str]:
    """Briscola with must_follow_suit: the moment seat 1 has just failed to follow seat 0's lead
    (before the draws), with cards still in the stock. Seat 1 is then void in the led suit."""
    from ludoteca.cards import Deck

    deck = Deck("italian40")
    game = ludoteca.load_game("briscola(must_follow_suit=true)")
    for seed in range(500):
        rng = random.Random(seed)
        state = game.new_initial_state(explicit_chance=True)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            action = rng.choice(state.legal_actions())
            trick = state.card_locations()["trick"]
            led = deck.suit_of(trick[0]) if state.current_player() == 1 and len(trick) == 1 else None
            state.apply_action(action)
            if led is not None and deck.suit_of(action) != led and len(state.card_locations()["stock"]) > 6:
                return state, led
    pytest.skip("no position with a shown void found")


def test_a_shown_void_is_respected_and_the_rest_is_uniform() -> None:
    """Seat 1 failed to follow suit (must_follow_suit=true), so it holds no card of the led suit: no
    sample gives it one, and its remaining card is uniform over the unseen cards of the other suits."""
    from ludoteca.cards import Deck

    deck = Deck("italian40")
    state, led = _void_position()
    hand = state.card_locations()["hand 1"]
    assert all(deck.suit_of(c) != led for c in hand)  # the engine's own rule, not ours
    seen = set(state.card_locations()["hand 0"])
    for place, cards in state.card_locations().items():
        if place.startswith("won") or place in ("trick", "face-up"):
            seen.update(cards)
    candidates = [c for c in range(40) if c not in seen and deck.suit_of(c) != led]
    n = 800
    counts: Counter[int] = Counter()
    for s in range(n):
        sample = resample_hidden(state, 0, s)
        assert sample.information_state_string(0) == state.information_state_string(0)
        h = sample.card_locations()["hand 1"]
        assert all(deck.suit_of(c) != led for c in h), "a sample broke the shown void"
        counts.update(h)
    assert set(counts) <= set(candidates)
    dof = len(candidates) - 1
    expected = n * len(hand) / len(candidates)
    crit = CHI2_999.get(dof)
    if crit is not None:
        assert _chi2(counts, candidates, expected) < crit
    else:  # Wilson-Hilferty approximation of the 0.1% point (z = 3.09).
        assert (
            _chi2(counts, candidates, expected)
            < dof * (1 - 2 / (9 * dof) + 3.09 * (2 / (9 * dof)) ** 0.5) ** 3
        )


def test_bad_seat_and_implicit_chance_are_refused() -> None:
    state = ludoteca.load_game("briscola").new_initial_state(explicit_chance=True)
    with pytest.raises(ludoteca.InvalidParameterError, match="seat"):
        resample_hidden(state, 2, 0)
    seeded = ludoteca.load_game("briscola").new_initial_state(seed=1)
    with pytest.raises(ludoteca.InvalidParameterError, match="explicit_chance"):
        resample_hidden(seeded, 0, 0)


def _play_until(spec: str, seed: int, stop: Any) -> ludoteca.State:
    """Random play with explicit chance until ``stop(state)`` holds at a decision node."""
    rng = random.Random(seed)
    state = ludoteca.load_game(spec).new_initial_state(explicit_chance=True)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        if stop(state):
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("the stop condition never held")


def test_east_west_match_keeps_the_finished_games_and_redraws_the_open_card() -> None:
    """In game 2 of an East–West match the cards of game 1 are back in the stock; the sample keeps
    what the seat saw of game 1 and redraws the card seat 0 has just drawn (seen by seat 0 only)."""
    spec = "east_west(scope=match,games=3)"
    state = _play_until(
        spec,
        3,
        lambda s: (
            "game 1 over" in s.information_state_string(1)
            and s.current_player() == 0
            and len(s.card_locations()["hand 0"]) == 1
        ),
    )
    truth = state.card_locations()["hand 0"]
    drawn = set()
    for seed in range(40):
        sample = state.resample_hidden(1, seed)
        assert sample.information_state_string(1) == state.information_state_string(1)
        assert sample.card_locations()["board"] == state.card_locations()["board"]
        drawn.update(sample.card_locations()["hand 0"])
    # The drawn card is any of the unseen ones (stock plus the drawn card), not always the truth.
    assert len(drawn) > 5 and set(truth) <= set(state.card_locations()["stock"]) | drawn


def test_kabu_redraws_the_hidden_cards_and_shows_the_showdown() -> None:
    """Kabu: mid-hand, another seat's face-down cards are redrawn (consistently); after the last
    showdown every hand is face up, so the only consistent state is the true one."""
    state = _play_until("kabu(players=4)", 2, lambda s: len(s.history()) > 10)
    seen = set()
    for seed in range(30):
        sample = state.resample_hidden(0, seed)
        assert sample.information_state_string(0) == state.information_state_string(0)
        assert sample.card_locations()["hand 0"] == state.card_locations()["hand 0"]
        seen.add(tuple(sorted(sample.card_locations()["hand 1"])))
    assert len(seen) > 10
    end = _random_position("kabu(players=4)", 5, max_steps=400)
    assert end.is_terminal()
    places = end.card_locations()
    assert "shown 1" in places and "hand 1" not in places
    assert end.resample_hidden(0, 1).card_locations() == places


def test_a_called_cards_secret_holder_is_redrawn() -> None:
    """Briscola Chiamata: the caller names a card whose holder is secret until it is played. A
    defender's samples put the called card in different hands (the name in the call reveals the card,
    not its holder), each consistent with what the defender knows."""
    spec = "briscola(players=5)"

    def called_not_played(s: ludoteca.State) -> bool:
        names = [s.action_to_string(a) for a in s.history()]
        calls = [n.split()[1] for n in names if n.startswith("call ")]
        return bool(calls) and len(s.card_locations()["trick"]) == 0 and names.count(calls[0]) == 1

    for seed in range(20):
        try:
            state = _play_until(spec, seed, called_not_played)
        except AssertionError:
            continue
        names = [state.action_to_string(a) for a in state.history()]
        called = next(n.split()[1] for n in names if n.startswith("call "))
        card = next(a for a in range(40) if state.action_to_string(a) == called)
        holder = next(p for p, cards in state.card_locations().items() if card in cards)
        seat = next(s for s in range(5) if f"hand {s}" != holder)
        holders = set()
        for k in range(40):
            sample = state.resample_hidden(seat, k)
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            holders.add(next(p for p, cards in sample.card_locations().items() if card in cards))
        if len(holders) > 1:
            return
    raise AssertionError("no sample moved a called card to another hand")
