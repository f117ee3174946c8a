"""Determinisation: a state drawn from those a seat cannot tell apart from the real one.

:func:`resample_hidden` is what search bots over hidden information need (perfect-information Monte
Carlo, OpenSpiel's ``ISMCTSBot`` through ``resample_from_infostate``). It works for every registered game
from the public API alone, by replaying the history with the hidden chance outcomes redrawn:

1. The history is replayed with explicit chance. A chance outcome is *kept* when the seat saw it when it
   happened (its information state after that outcome differs from the one after another outcome: a card
   dealt to itself, a face-up card, a Go or Xiangqi move) or when the card is no longer in a hidden
   place now (it was played or shown since: ``State.card_locations`` places it outside other seats'
   hands, the stock, the talon and the other face-down places), or when a seat acted with it after it
   was dealt (a Carioca discard later drawn back into a hand). In a match only a card's last deal counts.
2. Every other chance outcome is redrawn uniformly from the outcomes legal at that node that no kept
   outcome uses later (for a deck dealt without replacement every such sequence has the same
   probability, so the proposal is uniform), and the seats' actions are replayed unchanged.
3. The proposal is accepted when every action stays legal and the seat's information state is
   unchanged; otherwise another is drawn (rejection sampling, so the accepted sample is uniform over
   the proposals consistent with what the seat knows: voids shown by failing to follow suit, announced
   marriages, cards seen in a talon or an exchange are all enforced by the replay itself).

Departure from exact uniformity over every consistent history: a card an opponent has since played or
shown keeps the deal where it arrived (step 1), so histories where it arrived at another draw of the
same seat are not proposed. The cards' present places are what a search bot uses, and those are uniform
among the proposals. The seat's own hand is kept as it is, which is exact where a seat sees its hand
(every trick game, Razz, Carioca) but not in Twenty-Four, whose face-down stacks nobody sees: there the
sample keeps the seat's true stack. Jieqi has an exact Rust sampler (``jieqi_resample_hidden``), used as is.
"""

from __future__ import annotations

import random
from collections import Counter

import ludoteca
from ludoteca.errors import InvalidParameterError

#: Place names in ``State.card_locations()`` whose cards a seat does not see (other seats' hands are
#: hidden too); a game whose face-down places have other names lists them here.
HIDDEN_PLACES = frozenset({"stock", "talon", "undealt", "burned", "widow", "skat", "blind"})

#: Proposals tried before giving up.
MAX_TRIES = 5_000

#: Games where every seat sees everything: their sample is the state itself.
_PERFECT_INFORMATION = frozenset({"go", "rengo", "xiangqi", "skelly"})


def _hidden_cards(state: ludoteca.State, player: int) -> set[int]:
    locations = state.card_locations() or {}
    hidden: set[int] = set()
    for place, cards in locations.items():
        name, _, seat = place.partition(" ")
        if (name == "hand" and seat != str(player)) or place in HIDDEN_PLACES:
            hidden.update(cards)
    return hidden


def _replay(game: ludoteca.Game, actions: list[int]) -> ludoteca.State | None:
    s = game.new_initial_state(explicit_chance=True)
    for a in actions:
        if a not in s.legal_actions():
            return None
        s.apply_action(a)
    return s


def resample_hidden(state: ludoteca.State, player: int, seed: int) -> ludoteca.State:
    """A state consistent with ``player``'s information state, drawn (near) uniformly with ``seed``.

    The sample has the same public history, the same cards of ``player`` and an equal
    ``information_state_string(player)``; the other hidden cards are redrawn as the module docs say.
    The sample is a state with explicit chance. Raises InvalidParameterError for a seat out of range,
    a state whose chance is not explicit (the redraw needs the chance outcomes in the history) and
    when no consistent sample is found in ``MAX_TRIES`` proposals.
    """
    game = state.get_game()
    n = game.num_players()
    if not 0 <= player < n:
        raise InvalidParameterError(f"player must be a seat in 0..{n - 1}, got {player}")
    name = game.name
    if name in _PERFECT_INFORMATION:
        return state.clone()
    if name == "jieqi":
        return ludoteca._core.jieqi_resample_hidden(state, player, seed)
    if not state.is_explicit_chance():
        raise InvalidParameterError(
            "resample_hidden needs a state made with explicit_chance=True (its deals are in the history)"
        )
    history = state.history()
    target = state.information_state_string(player)
    hidden_now = _hidden_cards(state, player)
    # Which chance nodes are kept (seen when dealt, or no longer hidden).
    kept: list[bool] = []
    chance_at: list[bool] = []
    s = game.new_initial_state(explicit_chance=True)
    for a in history:
        chance_at.append(s.is_chance_node())
        s.apply_action(a)
    # In a match the same card is dealt again at every deal: only its last deal can be where it is now.
    last_deal = {a: i for i, (a, c) in enumerate(zip(history, chance_at)) if c}
    # A card a seat acted with after its deal (discarded to a pile, then drawn back by another seat) was
    # shown: its deal is kept. A seat's action names the card by the card's own name ("discard 6♦#1").
    chance_names = {i: state.action_to_string(a) for i, (a, c) in enumerate(zip(history, chance_at)) if c}
    words: dict[str, int] = {}
    for i, (a, c) in enumerate(zip(history, chance_at)):
        if not c:
            for w in state.action_to_string(a).split():
                words[w] = i
    shown = {history[i] for i, n in chance_names.items() if words.get(n, -1) > i}
    s = game.new_initial_state(explicit_chance=True)
    for i, a in enumerate(history):
        if chance_at[i]:
            keep = a not in hidden_now or last_deal[a] != i or a in shown
            if not keep:
                seen = s.clone()
                seen.apply_action(a)
                after = seen.information_state_string(player)
                for b, _ in s.chance_outcomes()[:2] + s.chance_outcomes()[-2:]:
                    if b != a:
                        other = s.clone()
                        other.apply_action(b)
                        if other.information_state_string(player) != after:
                            keep = True
                            break
            kept.append(keep)
        else:
            kept.append(True)
        s.apply_action(a)
    if all(kept):
        return state.clone()
    rng = random.Random(seed)
    for _ in range(MAX_TRIES):
        sample = _propose(game, history, chance_at, kept, rng)
        if sample is not None and sample.information_state_string(player) == target:
            return sample
    raise InvalidParameterError(
        f"resample_hidden found no state consistent with seat {player}'s information in {MAX_TRIES} proposals"
    )


def _propose(
    game: ludoteca.Game, history: list[int], chance_at: list[bool], kept: list[bool], rng: random.Random
) -> ludoteca.State | None:
    """One replay with the hidden chance outcomes redrawn; None when an action became illegal."""
    reserved = Counter(a for a, c, k in zip(history, chance_at, kept) if c and k)
    s = game.new_initial_state(explicit_chance=True)
    for i, a in enumerate(history):
        if chance_at[i] and not kept[i]:
            choices = [b for b, _ in s.chance_outcomes() if b not in reserved]
            if not choices:
                return None
            a = rng.choice(choices)
        elif chance_at[i]:
            reserved[a] -= 1
            if not reserved[a]:
                del reserved[a]
        if not s.is_chance_node() and a not in s.legal_actions():
            return None
        if s.is_chance_node() and a not in s.legal_actions():
            return None
        s.apply_action(a)
    return s
