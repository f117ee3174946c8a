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


@pytest.mark.parametrize("spec", EXAMPLES)
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


def _play_until_or_none(spec: str, seed: int, stop: Any) -> ludoteca.State | None:
    """`_play_until`, or None when the game ends first."""
    try:
        return _play_until(spec, seed, stop)
    except AssertionError:
        return None


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


def _chi2_against(counts: Counter[Any], reference: dict[Any, float], n: int) -> tuple[float, int]:
    """Pearson's statistic of ``counts`` (n draws) against exact cell probabilities, and its degrees
    of freedom. Every cell has at least 5 expected draws here."""
    assert set(counts) <= set(reference), "a sample outside the consistent placements"
    stat = sum((counts[cell] - n * p) ** 2 / (n * p) for cell, p in reference.items())
    return stat, len(reference) - 1


def _chi2_999(dof: int) -> float:
    """The 0.1% point: the table, else Wilson-Hilferty (z = 3.09)."""
    return CHI2_999.get(dof) or dof * (1 - 2 / (9 * dof) + 3.09 * (2 / (9 * dof)) ** 0.5) ** 3


def test_briscola_late_placement_matches_the_exact_distribution() -> None:
    """Two-player Briscola with three face-down cards left in the stock: seat 0 has seen its own
    cards, every card played and the face-up trump, so the opponent's three cards are any three of
    the six unseen (three in hand, three in the stock), each of the C(6, 3) = 20 hands with
    probability 1/20 (enumerated here). The cards played keep their place: each sample plays the
    same cards into the same tricks."""
    from itertools import combinations

    state = _play_until(
        "briscola",
        11,
        lambda s: s.current_player() == 0 and len(s.card_locations()["stock"]) == 3,
    )
    places = state.card_locations()
    unseen = sorted(places["hand 1"] + places["stock"])
    assert len(unseen) == 6
    reference = {hand: 1 / 20 for hand in combinations(unseen, 3)}
    n = 1000
    counts: Counter[Any] = Counter()
    for s in range(n):
        sample = resample_hidden(state, 0, s).card_locations()
        for place in places:
            if place.startswith("won") or place in ("hand 0", "trick", "face-up"):
                assert sample[place] == places[place]
        counts[tuple(sorted(sample["hand 1"]))] += 1
    stat, dof = _chi2_against(counts, reference, n)
    assert stat < _chi2_999(dof)


def _zole_category(name: str) -> str:
    """The suit a Zole card follows as (pagat.com/marriage/zole.html): every queen, jack and diamond
    is trump; the rest follow their suit."""
    return "trump" if name[:-1] in ("Q", "J") or name.endswith("♦") else name[-1]


def test_zole_defenders_view_matches_the_exact_distribution() -> None:
    """Zole after six tricks of a 'take' contract, seen by a defender: the six unseen cards (two in
    each other hand, two discarded face down) are placed uniformly over the placements consistent
    with the suits each seat failed to follow, enumerated here from the played cards alone. The
    discards are redrawn too (replaying the true ones would leak them to search bots)."""
    from itertools import combinations

    spec = "zole"

    def late_take(s: ludoteca.State) -> bool:
        names = [s.action_to_string(a) for a in s.history()]
        places = s.card_locations()
        return "take" in names and not places["trick"] and len(places["hand 0"]) == 2

    state = next(s for s in (_play_until_or_none(spec, seed, late_take) for seed in range(60)) if s)
    # Who played what, in order, replayed through the engine's own path.
    replay = ludoteca.load_game(spec).new_initial_state(explicit_chance=True)
    plays: list[tuple[int, str]] = []
    declarer = -1
    for a in state.history():
        seat, name = replay.current_player(), replay.action_to_string(a)
        if name == "take":
            declarer = seat
        elif not replay.is_chance_node() and " " not in name and name not in ("pass", "zole"):
            plays.append((seat, name))
        replay.apply_action(a)
    assert len(plays) == 18 and declarer >= 0
    void: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
    for t in range(0, 18, 3):
        led = _zole_category(plays[t][1])
        for seat, name in plays[t + 1 : t + 3]:
            if _zole_category(name) != led:
                void[seat].add(led)
    viewer = (declarer + 1) % 3
    other = (declarer + 2) % 3
    places = state.card_locations()
    unseen = sorted(places[f"hand {declarer}"] + places[f"hand {other}"] + places["talon"])
    assert len(unseen) == 6
    names = {c: state.action_to_string(c) for c in unseen}

    def fits(seat: int, cards: tuple[int, ...]) -> bool:
        return all(_zole_category(names[c]) not in void[seat] for c in cards)

    cells = []
    for d in combinations(unseen, 2):
        rest = [c for c in unseen if c not in d]
        for o in combinations(rest, 2):
            if fits(declarer, d) and fits(other, o):
                cells.append((d, o))
    reference = {cell: 1 / len(cells) for cell in cells}
    n = max(600, 12 * len(cells))
    counts: Counter[Any] = Counter()
    for s in range(n):
        sample = resample_hidden(state, viewer, s)
        assert sample.information_state_string(viewer) == state.information_state_string(viewer)
        p = sample.card_locations()
        counts[(tuple(sorted(p[f"hand {declarer}"])), tuple(sorted(p[f"hand {other}"])))] += 1
    stat, dof = _chi2_against(counts, reference, n)
    assert stat < _chi2_999(dof), (stat, dof, void)


def _after_gives(spec: str) -> tuple[ludoteca.State, int, int]:
    """Three-handed Tysiąc right after the declarer's two gives: (state, the card given to the second
    opponent, the first opponent), read from the give actions' names."""

    def gave_both(s: ludoteca.State) -> bool:
        return sum(s.action_to_string(a).startswith("give ") for a in s.history()) == 2

    for seed in range(50):
        state = _play_until_or_none(spec, seed, gave_both)
        if state is None:
            continue
        names = [
            state.action_to_string(a).split()[1]
            for a in state.history()
            if state.action_to_string(a).startswith("give ")
        ]
        first, second = (next(c for c in range(24) if state.action_to_string(c) == n) for n in names)
        holder = {c: p for p, cards in state.card_locations().items() for c in cards}
        return state, second, int(holder[first].split()[1])
    raise AssertionError("no deal reached the gives")


def test_tysiac_face_up_gives_keep_their_place_and_face_down_ones_are_redrawn() -> None:
    """Tysiąc: a card given face up (pass_cards_face_up=true) is seen by everybody, so every sample
    leaves it in its receiver's hand; given face down, the viewer did not see which card the other
    opponent got, so the samples move it."""
    state, card, viewer = _after_gives("tysiac(pass_cards_face_up=true)")
    place = next(p for p, cards in state.card_locations().items() if card in cards)
    for s in range(30):
        sample = resample_hidden(state, viewer, s)
        assert sample.information_state_string(viewer) == state.information_state_string(viewer)
        assert card in sample.card_locations()[place]
    state, card, viewer = _after_gives("tysiac")
    place = next(p for p, cards in state.card_locations().items() if card in cards)
    kept = sum(card in resample_hidden(state, viewer, s).card_locations()[place] for s in range(30))
    assert kept < 30


def test_calabrasella_cards_taken_from_the_face_up_widow_stay_with_the_taker() -> None:
    """Calabrasella (call_three=true, deal_packet=2): the single player discards, then takes as many
    cards from the widow turned face up; everybody saw which, so every sample of another seat leaves
    them in the taker's hand while they are there (only the face-down discards are redrawn)."""
    spec = "calabrasella(call_three=true,deal_packet=2)"

    def taken(s: ludoteca.State) -> bool:
        return any(s.action_to_string(a).startswith("take ") for a in s.history()) and not any(
            s.legal_actions() and s.action_to_string(a).startswith("take ") for a in s.legal_actions()
        )

    for seed in range(60):
        state = _play_until_or_none(spec, seed, taken)
        if state is None:
            continue
        names = [state.action_to_string(a) for a in state.history()]
        cards = {n.split()[1] for n in names if n.startswith("take ")}
        ids = [c for c in range(40) if state.action_to_string(c) in cards]
        places = state.card_locations()
        taker = next(p for p, cs in places.items() if p.startswith("hand ") and set(ids) <= set(cs))
        viewer = next(s for s in range(state.get_game().num_players()) if f"hand {s}" != taker)
        for s in range(20):
            sample = resample_hidden(state, viewer, s)
            assert sample.information_state_string(viewer) == state.information_state_string(viewer)
            assert set(ids) <= set(sample.card_locations()[taker])
        return
    raise AssertionError("no deal reached the take")


def test_twenty_four_redraws_the_seats_own_unseen_stack() -> None:
    """Twenty-Four's stacks are dealt face down and nobody, their owner included, knows a card before
    it is turned up: a sample redraws the seat's own unseen cards too (and keeps those turned up)."""
    spec = next(ex for ex in EXAMPLES if ex.startswith("twenty_four"))
    state = _play_until(spec, 1, lambda s: len(s.history()) > 2)
    truth = state.card_locations()
    own = sorted(truth["hand 0"])
    assert own, "seat 0 has unseen cards"
    hands = set()
    for seed in range(30):
        sample = resample_hidden(state, 0, seed)
        assert sample.information_state_string(0) == state.information_state_string(0)
        places = sample.card_locations()
        assert places["stack 0"] == truth["stack 0"]
        hands.add(tuple(sorted(places["hand 0"])))
    assert len(hands) > 5, hands


def test_tysiac_a_given_card_its_receiver_played_may_have_been_dealt_to_it() -> None:
    """Tysiąc: the declarer gives each opponent a card face down. When the receiver later plays the
    card, the other opponent knows the receiver held it, not how it came: given, or dealt to the
    receiver while the declarer gave another card. Samples propose both (the give at the same place
    in the history names another card in some of them), each consistent with the viewer's view."""
    spec = "tysiac"
    for seed in range(80):
        rng = random.Random(seed)
        state = ludoteca.load_game(spec).new_initial_state(explicit_chance=True)
        gives: dict[str, tuple[int, int, int]] = {}  # card -> (history index, giver, receiver)
        dealt: dict[str, str] = {}  # card -> the place its deal put it
        found = None
        while not state.is_terminal() and found is None:
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                card_id = rng.choices(actions, probs)[0]
                state.apply_action(card_id)
                places = state.card_locations().items()
                dealt[state.action_to_string(card_id)] = next(p for p, cs in places if card_id in cs)
                continue
            actor, action = state.current_player(), rng.choice(state.legal_actions())
            name = state.action_to_string(action)
            index = len(state.history())
            state.apply_action(action)
            if name.startswith("give "):
                card = name.split()[1]
                holder = next(p for p, cs in state.card_locations().items() if action_id(state, card) in cs)
                gives[card] = (index, actor, int(holder.split()[1]))
            elif name in gives and gives[name][2] == actor and dealt[name] == f"hand {gives[name][1]}":
                # Played by its receiver, dealt face down to the giver (not from the musik, which
                # everybody saw: then the give is known), with cards still hidden in the receiver's
                # and giver's hands (once every card is played only the true history is left).
                places = state.card_locations()
                if len(places[f"hand {actor}"]) >= 3 and len(places[f"hand {gives[name][1]}"]) >= 3:
                    found = name
        if found is None:
            continue
        index, giver, receiver = gives[found]
        viewer = next(s for s in range(3) if s not in (giver, receiver))
        other = 0
        for s in range(60):
            sample = resample_hidden(state, viewer, s)
            assert sample.information_state_string(viewer) == state.information_state_string(viewer)
            replay = ludoteca.load_game(spec).new_initial_state(explicit_chance=True)
            for a in sample.history()[:index]:
                replay.apply_action(a)
            given = replay.action_to_string(sample.history()[index]).split()[1]
            other += given != found
        assert 0 < other < 60, other
        return
    raise AssertionError("no deal where a receiver played the card given to it")


def action_id(state: ludoteca.State, card: str) -> int:
    """The id of the card named ``card`` (Tysiąc's 24 cards are ids 0..23)."""
    return next(c for c in range(24) if state.action_to_string(c) == card)
