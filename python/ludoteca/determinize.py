"""Determinisation: a state drawn from those a seat cannot tell apart from the real one.

:func:`resample_hidden` is what search bots over hidden information need (perfect-information Monte
Carlo, OpenSpiel's ``ISMCTSBot`` through ``resample_from_infostate``). It is ``State.resample_hidden``
(in Rust), which works for every registered game from the generic API alone, by replaying the history
with the hidden chance outcomes redrawn:

1. The history is replayed with explicit chance. A chance outcome is *kept* when the seat saw it when it
   happened (its information state after that outcome differs from the one after another outcome: a card
   dealt to itself, a face-up card, a Go or Xiangqi move) or when the card has lain in a place the seat
   sees at any time since (``State.card_locations`` put it outside other seats' hands, the stock, the
   talon and the other face-down places of :data:`HIDDEN_PLACES`: played, discarded to a pile and
   drawn back, given to the seat) or was shown to it in a hidden place (``shown_cards`` in Rust: taken
   from a face-up widow, given face up, handed over for a call). A card only named by an action (a
   called ace whose holder is secret) stays hidden: its holder is redrawn and the replay rejects
   holders that could not have acted so. In a match only a card's last deal counts, and a card back in
   the stock (a finished hand or game) keeps its deals.
2. Every other chance outcome is redrawn uniformly from the outcomes legal at that node that no kept
   outcome uses later (for a deck dealt without replacement every such sequence has the same
   probability, so the proposal is uniform). A card another seat was dealt face down and has since
   played or shown stays that seat's, but which of its hidden deals brought it is redrawn (each such
   card takes a uniformly drawn free one of the seat's hidden deals before the moment it was shown), so
   a card played after a shown void may have arrived at any draw the void allows; a card given face
   down that its receiver has since played may also have been dealt to the receiver, with another card
   given. Another seat's private choices (a face-down discard, a give only its receiver sees) are
   redrawn among its legal private choices; where their number may depend on the hidden cards
   (Tarok's discards, which may not be kings), the proposal is kept with probability choices / the
   mover's hand size, so every (deal, choices) pair is proposed equally often. The other actions are
   replayed unchanged.
3. The proposal is accepted when every action stays legal and the seat's information state is
   unchanged; otherwise another is drawn (rejection sampling, so the accepted sample is uniform over
   the histories consistent with what the seat knows: voids shown by failing to follow suit, announced
   marriages, cards seen in a talon or an exchange are all enforced by the replay itself).

The seat's own hand is kept where the seat sees it (every trick game, Razz, Carioca); in Twenty-Four,
whose face-down stacks nobody sees, the seat's own unseen cards are redrawn too. Jieqi has an exact
sampler of its own, which ``resample_hidden`` uses.
"""

from __future__ import annotations

import ludoteca

#: Place names in ``State.card_locations()`` whose cards a seat does not see (other seats' hands are
#: hidden too); the Rust sampler uses the same list.
HIDDEN_PLACES = frozenset({"stock", "talon", "undealt", "burned", "widow", "skat", "blind"})

#: Proposals tried before giving up.
MAX_TRIES = 5_000


def resample_hidden(state: ludoteca.State, player: int, seed: int) -> ludoteca.State:
    """A state consistent with ``player``'s information state, drawn (near) uniformly with ``seed``.

    The sample has the same public history, the same cards of ``player`` and an equal
    ``information_state_string(player)``; the other hidden cards are redrawn as the module docs say.
    The sample is a state with explicit chance. Raises InvalidParameterError for a seat out of range,
    a state whose chance is not explicit (the redraw needs the chance outcomes in the history) and
    when no consistent sample is found in ``MAX_TRIES`` proposals. Same as ``state.resample_hidden``.
    """
    return state.resample_hidden(player, seed)
