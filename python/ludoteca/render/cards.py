"""Card tables (every game of the trick engine): hands face up or as backs, the trick in the middle, the
trump and face-up card, the stock, points, match totals and the rules' own lines (auction, contract).

The view is read from the table text the engine writes for a viewer (``state.observation_string(p)``:
the viewer's hand, what the rules let it know of other hands, "N hidden" for the rest) or, for the
omniscient view, from ``str(state)``. Card names are turned back into card ids with the game's deck, so
the picture shows nothing the text does not. Lines the renderer does not know are shown as notes, so a
rules value that adds its own lines (a Chiamata auction, a Schafkopf contract) is still pictured.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from ludoteca._core import Deck, State
from ludoteca.render import Renderer
from ludoteca.render.svg import Svg

CARD_W, CARD_H = 46.0, 68.0

_SEAT = re.compile(
    r"^(?P<turn>▶)?\s*seat (?P<seat>\d+) \(team (?P<team>\d+)\): (?P<hand>.*?) · points (?P<points>\S+)$"
)
_HIDDEN = re.compile(r"^(?:(?P<cards>.*?) \+ )?(?P<n>\d+) hidden$")
_TRUMP = re.compile(
    r"^trump (?P<trump>\S*)(?: · face-up (?P<card>\S+) \((?P<where>[^)]*)\) · stock (?P<stock>\d+))?$"
)


@dataclass
class SeatView:
    """One seat as the viewer sees it: its known cards (ids) and how many more are hidden."""

    seat: int
    team: int
    cards: list[int]
    hidden: int
    points: str
    to_move: bool


@dataclass
class TableView:
    """A card table as one viewer sees it."""

    title: str
    deck: str
    header: str
    viewer: int | None
    seats: list[SeatView]
    trick: list[tuple[int, int]]
    trump: str | None = None
    face_up: int | None = None
    face_up_where: str = ""
    stock: int | None = None
    notes: list[str] = field(default_factory=list)
    playable: dict[int, int] = field(default_factory=dict)
    """card id -> action id of the cards the viewer may play now (clickable)."""


def _cards(deck: Deck, text: str) -> list[int]:
    """Card ids of a space-separated list of card names (``-`` is the empty set)."""
    text = text.strip()
    if text in ("", "-"):
        return []
    return [deck.parse(name) for name in text.split(" ")]


class CardTableRenderer(Renderer):
    """Pictures of trick-engine card tables."""

    def svg(self, state: State, viewer: int | None) -> str:
        """The table, or the observation text if the table text cannot be read (a format this renderer
        does not know yet: a picture of the text beats an exception; the tests catch the change)."""
        from ludoteca.errors import LudoError
        from ludoteca.render import TextRenderer

        try:
            view = self.view(state, viewer)
        except (LudoError, ValueError, IndexError):
            view = None
        if view is None or not view.seats:
            return TextRenderer().svg(state, viewer)
        return self.draw(view)

    def view(self, state: State, viewer: int | None) -> TableView:
        """Parses the engine's table text for ``viewer`` (``str(state)`` when None) into a view."""
        text = str(state) if viewer is None else state.observation_string(viewer)
        lines = text.splitlines()
        header = lines[0] if lines else ""
        deck = Deck(header.split(" · ")[0])
        view = TableView(state.get_game().game_string(), deck.name, header, viewer, [], [])
        for line in lines[1:]:
            if m := _SEAT.match(line):
                hand = m["hand"]
                hidden = 0
                if h := _HIDDEN.match(hand):
                    hand, hidden = h["cards"] or "", int(h["n"])
                view.seats.append(
                    SeatView(
                        int(m["seat"]),
                        int(m["team"]),
                        _cards(deck, hand),
                        hidden,
                        m["points"],
                        bool(m["turn"]),
                    )
                )
            elif line.startswith("trick: "):
                for item in line[len("trick: ") :].split(" "):
                    seat, name = item.split(":", 1)
                    view.trick.append((int(seat), deck.parse(name)))
            elif m := _TRUMP.match(line):
                view.trump = m["trump"] or None
                if m["card"]:
                    view.face_up = deck.parse(m["card"])
                    view.face_up_where = m["where"]
                    view.stock = int(m["stock"])
            elif line.strip():
                view.notes.append(line)
        # What the viewer may click: its own legal cards when it is to move (legal plays depend only on
        # its hand and the table). Card actions are the card ids (extra actions come after the deck).
        to_move = state.current_player()
        if to_move >= 0 and (viewer is None or viewer == to_move):
            view.playable = {a: a for a in state.legal_actions() if a < len(deck)}
        return view

    def draw(self, view: TableView) -> str:
        """The table: seats around an ellipse (the viewer at the bottom), the trick in the middle."""
        deck = Deck(view.deck)
        n = len(view.seats)
        width, height = 900.0, 660.0
        svg = Svg(width, height, view.title)
        svg.rect(0, 0, width, height, fill="#1d5e3a")
        svg.add(
            "ellipse",
            cx=450.0,
            cy=330.0,
            rx=300.0,
            ry=170.0,
            fill="#237045",
            stroke="#174d30",
            stroke_width=6,
        )
        svg.text(14, 24, view.title, 16, fill="white", font_weight="bold")
        svg.text(14, 44, view.header, 13, fill="#d8ecd8")
        bottom = view.viewer if view.viewer is not None else 0
        centre = (450.0, 330.0)
        spots = {}
        for seat in view.seats:
            k = (seat.seat - bottom) % max(n, 1)
            angle = math.pi / 2 + 2 * math.pi * k / max(n, 1)  # the bottom first, then clockwise
            spots[seat.seat] = (centre[0] + 330 * math.cos(angle), centre[1] + 235 * math.sin(angle), angle)
        for seat in view.seats:
            self._seat(svg, deck, view, seat, spots[seat.seat])
        for played_by, card in view.trick:
            angle = spots[played_by][2] if played_by in spots else 0.0
            tx = centre[0] + 95 * math.cos(angle) - CARD_W / 2
            ty = centre[1] + 60 * math.sin(angle) - CARD_H / 2
            _card(svg, deck, card, tx, ty)
        # Trump, face-up card and stock in the bottom left corner (free for every number of seats).
        if view.trump:
            svg.text(20, height - 104, f"trump {view.trump}", 16, fill="white")
        if view.face_up is not None:
            _card(svg, deck, view.face_up, 20, height - 92)
            svg.text(43, height - 8, view.face_up_where, 11, fill="#d8ecd8", text_anchor="middle")
        if view.stock is not None:
            if view.stock:
                _back(svg, 80, height - 92)
            svg.text(103, height - 8, f"stock {view.stock}", 13, fill="white", text_anchor="middle")
        for i, note in enumerate(view.notes[-8:]):
            svg.text(width - 14, 24 + 18 * i, note, 13, fill="#fff7c2", text_anchor="end")
        return str(svg)

    def _seat(
        self, svg: Svg, deck: Deck, view: TableView, seat: SeatView, spot: tuple[float, float, float]
    ) -> None:
        """One seat's label and hand (known cards face up, then the hidden ones as backs)."""
        x, y, _ = spot
        count = len(seat.cards) + seat.hidden
        step = min(34.0, 300.0 / max(count, 1))
        left = x - (step * (count - 1) + CARD_W) / 2
        top = y - CARD_H / 2
        label = f"seat {seat.seat} · team {seat.team} · points {seat.points}"
        if view.viewer == seat.seat:
            label += " · you"
        colour = "#ffe066" if seat.to_move else "white"
        svg.text(x, top - 8, ("▶ " if seat.to_move else "") + label, 14, fill=colour, text_anchor="middle")
        svg.open("g", class_="hand", data_seat=seat.seat)
        for i, card in enumerate(seat.cards):
            action = view.playable.get(card) if seat.to_move else None
            _card(svg, deck, card, left + i * step, top, action=action)
        for j in range(seat.hidden):
            _back(svg, left + (len(seat.cards) + j) * step, top)
        svg.close("g")


_RED = {"♥", "♦"}
_SUIT_COLOURS = ["#111111", "#c0161c", "#1b4fa0", "#1f7a1f"]


def _suit_colour(deck: Deck, card: int) -> str:
    """Red for hearts and diamonds, else one colour per suit of the deck."""
    name = deck.name_of(card)
    if any(s in name for s in _RED):
        return "#c0161c"
    if any(s in name for s in "♣♠"):
        return "#111111"
    suits = deck.suits()
    suit = deck.suit_of(card)
    return _SUIT_COLOURS[suits.index(suit) % len(_SUIT_COLOURS)] if suit in suits else "#111111"


def _card(
    svg: Svg, deck: Deck, card: int, x: float, y: float, action: int | None = None, rotate: float = 0.0
) -> None:
    """A face-up card; a playable one is outlined and carries ``data-action``."""
    _face(svg, deck.name_of(card), _suit_colour(deck, card), x, y, action, rotate)


def _face(
    svg: Svg, name: str, colour: str, x: float, y: float, action: int | None = None, rotate: float = 0.0
) -> None:
    """A face-up card drawn from its display name (for decks the renderers have no ``Deck`` of)."""
    transform = f"rotate({rotate:g} {x + CARD_W / 2:g} {y + CARD_H / 2:g})" if rotate else None
    attrs: dict[str, object] = {"class_": "card", "data_card": name, "transform": transform}
    if action is not None:
        attrs.update(class_="card playable", data_action=action, cursor="pointer")
    svg.open("g", **attrs)
    stroke = "#ffb000" if action is not None else "#555555"
    svg.rect(
        x, y, CARD_W, CARD_H, rx=5, fill="white", stroke=stroke, stroke_width=3 if action is not None else 1
    )
    svg.text(x + 4, y + 17, name, 15 if len(name) < 3 else 13, fill=colour, font_weight="bold")
    glyph = _centre_glyph(name)
    if glyph:
        svg.text(x + CARD_W / 2, y + CARD_H - 12, glyph, 24, fill=colour, text_anchor="middle")
    svg.close("g")


def _centre_glyph(name: str) -> str:
    """The suit symbol drawn in a card's middle: its name's last character when that is a symbol
    (``K♥``), else the first card-suit symbol in it (``10♦(XXI)``, the improvised Tarok deck), else
    none: a Tarok trump (``III``, ``Škis``) has no suit, and a letter there would read as another card
    ("I" on the III)."""
    if name and not name[-1].isalnum() and name[-1] != ")":
        return name[-1]
    return next((c for c in name if c in "♠♥♦♣"), "")


def _back(svg: Svg, x: float, y: float) -> None:
    """A card seen from the back."""
    svg.rect(x, y, CARD_W, CARD_H, rx=5, fill="#8b1e3f", stroke="white", stroke_width=2, class_="back")
    svg.rect(x + 5, y + 5, CARD_W - 10, CARD_H - 10, rx=3, fill="none", stroke="#e8b4c4", stroke_width=1)
