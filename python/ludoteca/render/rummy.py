"""Rummy tables (Carioca and Samba): the melds on the table, the viewer's own hand face up, the other
hands as backs, the discard pile's top, the stock count and the cards being laid this turn.

The view is read from the text the engine writes for a viewer (``state.observation_string(p)``: every
seat's card count, the melds, the pile top, the viewer's own hand and nothing of the other hands) or,
for the omniscient view, from ``str(state)``, which names every hand. Cards are physical cards of a
multi-deck pack, named by kind and copy (``7♥#2``, ``X#1`` for a joker); the picture shows the kind and
the copy number, so it shows nothing the text does not. Lines the renderer does not know (scores,
partnership lines, the phase) are shown as notes.

Clicks: a hand card of the seat to move carries the action that discards it, or picks it into the
meld being laid when a discard is not legal; every other legal action (draw, take the pile, close,
cancel, onto a meld, the pick of a card that may also be discarded) is left to the page's action list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ludoteca._core import State
from ludoteca.render import Renderer
from ludoteca.render.svg import Svg

CARD_W, CARD_H = 40.0, 58.0

_CARD = re.compile(r"([^\s#()]+)#(\d+)(?:\(([^)]*)\))?")
_SEAT = re.compile(r"^seat (?P<seat>\d+): (?P<count>\d+) cards?(?P<rest>.*)$")
_HAND = re.compile(r"^hand (?P<seat>\d+): (?P<cards>.*)$")
_CARIOCA_MELD = re.compile(r"^meld (?P<i>\d+) \(seat (?P<owner>\d+)\): (?P<text>.*)$")
_SAMBA_MELD = re.compile(r"^\s+meld (?P<i>\d+): (?P<text>.*)$")
_PARTNERSHIP = re.compile(r"^partnership (?P<t>\d+) \(seats (\d+) and (\d+)\): (?P<rest>.*)$")
_PILE = re.compile(
    r"^pile: (?P<top>\S+)(?: on top)?(?: \((?P<n>\d+) cards(?P<frozen>, frozen)?\))?, stock (?P<stock>\d+) cards$"
)
_PENDING = re.compile(
    r"^(?P<what>pending|closed, waiting for the rest of the contract|taken pile waiting): (?P<cards>.*)$"
)
_TO_MOVE = re.compile(r"^to move: seat (?P<seat>\d+) \((?P<what>[^)]*)\)$")


@dataclass
class MeldView:
    """A meld on the table: its label (``trio of 7s``, ``meld 2 · seat 1``) and its cards in order, each
    a card name and, for a joker in an escalera, the card it stands for."""

    label: str
    cards: list[tuple[str, str | None]]


@dataclass
class RummyView:
    """A rummy table as one viewer sees it."""

    title: str
    header: str
    viewer: int | None
    counts: dict[int, int]
    """Cards each seat holds."""
    hands: dict[int, list[str]]
    """The hands the viewer may see, card names (the own hand; every hand omnisciently)."""
    seat_notes: dict[int, str] = field(default_factory=dict)
    melds: list[MeldView] = field(default_factory=list)
    laying: list[tuple[str, list[str]]] = field(default_factory=list)
    """Cards being laid this turn (pending, closed contract melds, a taken pile waiting)."""
    pile_top: str | None = None
    pile_count: int = 0
    frozen: bool = False
    stock: int = 0
    to_move: int | None = None
    notes: list[str] = field(default_factory=list)
    playable: dict[str, int] = field(default_factory=dict)
    """Card name -> action id of the hand cards the viewer may click now."""


def _card_names(text: str) -> list[str]:
    """The card names in a text (``-`` or none: empty)."""
    return [f"{m[1]}#{m[2]}" for m in _CARD.finditer(text)]


def _meld_cards(text: str) -> list[tuple[str, str | None]]:
    """The cards of a meld text with the stand-in of each joker (``X#1(5♥)``)."""
    return [(f"{m[1]}#{m[2]}", m[3]) for m in _CARD.finditer(text)]


class RummyRenderer(Renderer):
    """Pictures of Carioca and Samba tables."""

    def svg(self, state: State, viewer: int | None) -> str:
        """The table, or the observation text if the text cannot be read (a format this renderer does
        not know: a picture of the text beats an exception; the tests catch the change)."""
        from ludoteca.render import TextRenderer

        view = self.view(state, viewer)
        if not view.counts:
            return TextRenderer().svg(state, viewer)
        return self.draw(view)

    def view(self, state: State, viewer: int | None) -> RummyView:
        """Parses the viewer's table text (``str(state)`` when None) into a view."""
        text = str(state) if viewer is None else state.observation_string(viewer)
        lines = text.splitlines()
        header = lines[0] if lines else ""
        view = RummyView(state.get_game().game_string(), header, viewer, {}, {})
        team = ""
        for line in lines[1:]:
            if m := _SEAT.match(line):
                seat = int(m["seat"])
                view.counts[seat] = int(m["count"])
                view.seat_notes[seat] = m["rest"].lstrip(", ")
            elif m := _HAND.match(line):
                view.hands[int(m["seat"])] = _card_names(m["cards"])
            elif m := _CARIOCA_MELD.match(line):
                label, _, cards = m["text"].partition(": ")
                view.melds.append(
                    MeldView(f"meld {m['i']} · seat {m['owner']} · {label}", _meld_cards(cards))
                )
            elif m := _SAMBA_MELD.match(line):
                label, _, cards = m["text"].partition(": ")
                view.melds.append(MeldView(f"{team}meld {m['i']} · {label}", _meld_cards(cards)))
            elif m := _PARTNERSHIP.match(line):
                team = f"partnership {m['t']} · "
                view.notes.append(line)
            elif m := _PILE.match(line):
                view.pile_top = None if m["top"] == "empty" else m["top"]
                view.pile_count = int(m["n"] or 0)
                view.frozen = bool(m["frozen"])
                view.stock = int(m["stock"])
            elif m := _PENDING.match(line):
                view.laying.append((m["what"], _card_names(m["cards"])))
            elif m := _TO_MOVE.match(line):
                view.to_move = int(m["seat"])
                view.notes.append(line)
            elif line.strip():
                view.notes.append(line.strip())
        # What the viewer may click: its own hand cards when it is to move (its legal actions depend
        # only on its own hand and the table).
        mover = state.current_player()
        if mover >= 0 and (viewer is None or viewer == mover):
            discard: dict[str, int] = {}
            pick: dict[str, int] = {}
            for a in state.legal_actions():
                name = state.action_to_string(a)
                if name.startswith("discard "):
                    discard[name[len("discard ") :]] = a
                elif name.startswith("pick "):
                    pick[name[len("pick ") :]] = a
            view.playable = {**pick, **discard}
        return view

    def draw(self, view: RummyView) -> str:
        """Seats in a column on the left (the viewer's hand face up at the bottom), melds in the middle,
        pile and stock at the top right."""
        seats = sorted(view.counts)
        width = 1000.0
        meld_rows = (len(view.melds) + 1) // 2
        height = 150.0 + 54.0 * len(seats) + (CARD_H + 30) * (meld_rows + len(view.laying)) + CARD_H + 60
        height += 18.0 * min(len(view.notes), 8)
        svg = Svg(width, height, view.title)
        svg.rect(0, 0, width, height, fill="#1d5e3a")
        svg.text(14, 24, view.title, 16, fill="white", font_weight="bold")
        svg.text(14, 44, view.header, 13, fill="#d8ecd8")
        # Pile top and stock.
        x0 = width - 3 * CARD_W - 40
        svg.text(x0, 24, f"stock {view.stock}", 13, fill="white")
        if view.stock:
            _back(svg, x0, 32)
        px = x0 + CARD_W + 20
        svg.text(px, 24, f"pile {view.pile_count}" + (" · frozen" if view.frozen else ""), 13, fill="white")
        svg.open("g", class_="pile")
        if view.pile_top is not None:
            _card(svg, view.pile_top, px, 32)
        svg.close("g")
        # Seats: the card counts, and the hands the viewer may see.
        y = 60.0 + CARD_H
        for seat in seats:
            label = f"seat {seat}: {view.counts[seat]} cards"
            if view.seat_notes.get(seat):
                label += f" · {view.seat_notes[seat]}"
            if view.viewer == seat:
                label += " · you"
            turn = view.to_move == seat
            svg.text(14, y, ("▶ " if turn else "") + label, 13, fill="#ffe066" if turn else "white")
            y += 10
            if seat in view.hands:
                cards = view.hands[seat]
                step = min(CARD_W + 4, (width - 40) / max(len(cards), 1))
                svg.open("g", class_="hand", data_seat=seat)
                for i, name in enumerate(cards):
                    action = view.playable.get(name) if turn else None
                    _card(svg, name, 14 + i * step, y, action=action)
                svg.close("g")
                y += CARD_H + 14
            else:
                svg.open("g", class_="hand", data_seat=seat)
                shown = min(view.counts[seat], 20)
                for i in range(shown):
                    _back(svg, 14 + i * 8, y, small=True)
                svg.close("g")
                y += 44
        # Cards being laid this turn.
        for what, cards in view.laying:
            svg.text(14, y + 12, what, 13, fill="#fff7c2")
            svg.open("g", class_="laying")
            for i, name in enumerate(cards):
                _card(svg, name, 14 + i * (CARD_W + 4), y + 18)
            svg.close("g")
            y += CARD_H + 30
        # Melds, two to a row.
        y += 8
        for i, meld in enumerate(view.melds):
            col, row = i % 2, i // 2
            mx, my = 14 + col * (width / 2), y + row * (CARD_H + 30)
            svg.text(mx, my + 12, meld.label, 12, fill="#d8ecd8")
            step = min(CARD_W * 0.7, (width / 2 - 30) / max(len(meld.cards), 1))
            svg.open("g", class_="meld", data_meld=i)
            for j, (name, stands_for) in enumerate(meld.cards):
                _card(svg, name, mx + j * step, my + 18, stands_for=stands_for)
            svg.close("g")
        y += meld_rows * (CARD_H + 30) + 10
        for i, note in enumerate(view.notes[-8:]):
            svg.text(14, y + 16 + 18 * i, note, 13, fill="#fff7c2")
        return str(svg)


def _colour(name: str) -> str:
    """Red for hearts and diamonds, purple for jokers, else black."""
    if name.startswith("X"):
        return "#6a1b9a"
    return "#c0161c" if any(s in name for s in "♥♦") else "#111111"


def _card(
    svg: Svg, name: str, x: float, y: float, action: int | None = None, stands_for: str | None = None
) -> None:
    """A face-up physical card (kind, copy number below); a joker in an escalera shows its stand-in; a
    clickable one is outlined and carries ``data-action``."""
    kind, _, copy = name.partition("#")
    attrs: dict[str, object] = {"class_": "card", "data_card": name}
    if action is not None:
        attrs.update(class_="card playable", data_action=action, cursor="pointer")
    svg.open("g", **attrs)
    playable = action is not None
    svg.rect(
        x,
        y,
        CARD_W,
        CARD_H,
        rx=4,
        fill="white",
        stroke="#ffb000" if playable else "#555555",
        stroke_width=3 if playable else 1,
    )
    colour = _colour(name)
    svg.text(x + 3, y + 15, kind, 13 if len(kind) < 3 else 11, fill=colour, font_weight="bold")
    svg.text(x + CARD_W / 2, y + CARD_H - 20, kind[-1], 18, fill=colour, text_anchor="middle")
    svg.text(x + CARD_W - 3, y + CARD_H - 5, f"#{copy}", 9, fill="#777777", text_anchor="end")
    if stands_for:
        svg.text(x + 3, y + CARD_H - 5, f"={stands_for}", 9, fill=_colour(stands_for))
    svg.close("g")


def _back(svg: Svg, x: float, y: float, small: bool = False) -> None:
    """A card seen from the back (a narrow strip for the fanned hands of other seats)."""
    w, h = (CARD_W * 0.6, 24.0) if small else (CARD_W, CARD_H)
    svg.rect(x, y, w, h, rx=3, fill="#8b1e3f", stroke="white", stroke_width=1, class_="back")
