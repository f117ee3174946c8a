"""Reversis through the Python API: deal and exchange, an ace and the Quinola's payments, the pot,
the payment record, hidden face-down cards, presets and match scope (rules: Parlett / pagat.com)."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.games import reversis

DECK = [r + s for s in "♣♦♥♠" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A"]]


def dealt(fixed: list[str], face_down: list[str], **params: int | str | bool) -> ludoteca.State:
    """A state after the deal (dealer seat 3): seat s holds ``fixed[s]`` plus filler cards dealt round
    robin from the rest; ``face_down`` are seats 0-2's face-down cards."""
    state = reversis.new_game(**params).new_initial_state(explicit_chance=True)
    hands = [f.split() for f in fixed]
    used = {c for h in hands for c in h} | set(face_down)
    free = [c for c in DECK if c not in used]
    fd = list(face_down)
    want = [11, 11, 11, 12]
    seat = 0
    while any(len(h) < w for h, w in zip(hands, want)) and free:
        if len(hands[seat]) < want[seat]:
            hands[seat].append(free.pop(0))
        seat = (seat + 1) % 4
    fd += free[: 3 - len(fd)]
    order = [hands[s][r] for r in range(11) for s in range(4)] + [hands[3][11], *fd]
    for c in order:
        state.apply_action(c)
    return state


def text_chips(state: ludoteca.State, seat: int = 0) -> list[int]:
    """The chips line of a seat's observation text (the text path, checked against the binding)."""
    line = next(ln for ln in state.observation_string(seat).splitlines() if ln.startswith("chips:"))
    return [int(x) for x in line.split()[1:]]


chips = reversis.chips


def test_first_hand_antes_form_a_pot_of_25_and_the_dealer_discards_first() -> None:
    state = dealt(["", "", "", ""], [])
    assert chips(state) == [95, 95, 95, 90] == text_chips(state, 2)
    assert reversis.pots(state) == ([25], True)
    assert "pots: 25 (first remise pending)" in state.observation_string(2)
    assert state.current_player() == 3
    assert len(state.legal_actions()) == 12
    with pytest.raises(ludoteca.IllegalActionError):
        state.apply_action("decline")


def test_a_declined_face_down_card_is_seen_by_its_owner_only() -> None:
    state = dealt(["", "", "", "2♠"], ["K♥", "Q♥", "J♥"])
    for a in ["discard 2♠", "decline", "decline", "decline"]:
        state.apply_action(a)
    assert "declined K♥" in state.observation_string(0)
    assert "K♥" not in state.observation_string(1) and "K♥" not in state.observation_string(2)
    assert "discarded 2♠" in state.observation_string(3)
    assert "2♠" not in state.observation_string(0)


def test_a_forced_quinola_pays_the_leader_20_and_its_remise_doubles_the_pot() -> None:
    state = dealt(["2♥", "J♥ 3♥", "4♥", "5♥ 2♠"], [])
    for a in ["discard 2♠", "decline", "decline", "decline", "2♥"]:
        state.apply_action(a)
    before = chips(state)
    for a in ["J♥", "4♥", "5♥"]:
        state.apply_action(a)
    after = chips(state)
    assert [a - b for a, b in zip(after, before)] == [20, -35, -5, -5]
    assert "pots: 50\n" in state.observation_string(0)
    assert reversis.pots(state) == ([50], False)
    rules = [p.rule for p in reversis.payments(state)]
    assert rules[-4:] == ["quinola forced", "quinola forced", "quinola forced", "remise"]
    assert reversis.payments(state)[-1] == reversis.Payment("seat 1", "pot 1", 25, "remise")


def test_an_ace_placed_is_paid_by_the_trick_winner() -> None:
    state = dealt(["2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ J♣ Q♣ A♣", "A♦", "K♣", "2♠"], [])
    for a in ["discard 2♠", "decline", "decline", "decline", "2♣", "A♦", "K♣"]:
        state.apply_action(a)
    before = chips(state)
    state.apply_action(state.legal_actions()[0])
    after = chips(state)
    assert after[1] - before[1] == 2 and after[2] - before[2] == -2


def test_payments_explain_every_chip_of_random_hands() -> None:
    rng = random.Random(4)
    game = reversis.new_game()
    for _ in range(30):
        state = game.new_initial_state(seed=rng.randrange(10**6))
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        seats = [100] * 4
        pots: dict[str, int] = {}
        for p in reversis.payments(state):
            for who, sign in [(p.payer, -1), (p.payee, 1)]:
                if who.startswith("seat"):
                    seats[int(who.split()[1])] += sign * p.amount
                else:
                    pots[who] = pots.get(who, 0) + sign * p.amount
        assert seats == chips(state) == text_chips(state, rng.randrange(4))
        assert sum(seats) + sum(pots.values()) == 400
        assert sorted(v for v in pots.values() if v) == sorted(reversis.pots(state)[0])
        assert state.returns() == [c - 100 for c in seats]


def test_party_payment_helper_matches_the_oracle() -> None:
    assert reversis.party_payment(0, 1, 5) == 9
    assert reversis.party_payment(0, 2, 5) == 18


def test_presets_and_parameters() -> None:
    g = reversis.new_game(ruleset="parlett")
    assert g.params["talon_bonus_values"] == "parlett"
    with pytest.raises(ludoteca.InvalidParameterError):
        reversis.new_game(loser_tiebreak="coin")
    with pytest.raises(ludoteca.InvalidParameterError):
        reversis.new_game(hands=0)


def test_a_match_carries_chips_and_pots() -> None:
    game = reversis.new_game(scope="match", hands=3)
    state = game.new_initial_state(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) <= 0  # the pots keep what the players lost to them
    assert "dealer ante" in state.observation_string(0)


def test_greedy_bot_is_registered() -> None:
    game = reversis.new_game()
    result = ludoteca.simulate(game, 200, bots=["greedy", "random", "random", "random"], seed=1)
    assert len(result.returns) == 200


def test_payments_of_a_successful_espagnolette_through_the_binding() -> None:
    """Seat 1 (four aces) places them on tricks 1-4 and takes no trick: it wins the party outright
    ahead of the trickless dealer, keeps 5 chips of aces and is paid 4 + 6 (talon 9♥ J♥ Q♥ K♥)."""
    state = dealt(
        [
            "K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 4♣",
            "A♣ A♦ A♥ A♠ 2♣ 3♣ 2♦ 3♦ 2♥ 3♥ 2♠",
            "5♣ 6♣ 7♣ 8♣ 9♣ J♣ Q♣ K♣ 4♦ 5♦ 6♦",
            "7♦ 8♦ 9♦ J♦ Q♦ K♦ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥",
        ],
        ["J♥", "Q♥", "K♥"],
    )
    for a in ["discard 9♥", "decline", "decline", "decline"]:
        state.apply_action(a)
    assert "seat 1 may play the espagnolette" in state.observation_string(1)
    assert "espagnolette" not in state.observation_string(0)
    start = len(reversis.payments(state))
    plays = (
        "K♠ A♣ 5♣ 7♦ Q♠ A♦ 6♣ 8♦ J♠ A♥ 7♣ 9♦ 4♣ A♠ K♣ J♦ Q♣ Q♦ 3♠ 3♣ J♣ K♦ 4♠ 2♣ 9♣ 4♥ 5♠ 2♥ "
        "8♣ 5♥ 6♠ 3♥ 6♦ 6♥ 7♠ 2♦ 5♦ 7♥ 8♠ 3♦ 4♦ 8♥ 9♠ 2♠"
    )
    for card in plays.split():
        state.apply_action(card)
    assert state.is_terminal()
    P = reversis.Payment
    assert reversis.payments(state)[start:] == [
        P("seat 0", "seat 1", 1, "ace placed"),
        P("seat 0", "seat 1", 2, "ace placed"),
        P("seat 0", "seat 1", 1, "ace placed"),
        P("seat 2", "seat 1", 1, "ace placed"),
        P("seat 0", "seat 1", 10, "party"),
    ]
    assert chips(state) == [95 - 14, 95 + 15, 95 - 1, 90]
    assert state.returns() == [-19, 10, -6, -10]


def test_the_binding_refuses_another_games_state() -> None:
    other = ludoteca.load_game("zole").new_initial_state(seed=1)
    with pytest.raises(TypeError, match="zole"):
        reversis.payments(other)
    with pytest.raises(TypeError):
        reversis.chips(other)
