"""East–West: the column of board cards, each player's row cards beside it (p0 left, p1 right), the
drawn card for the viewer who holds it, and the result lines.

A seat's view is its ``observation_string(p)`` (the drawn card appears only in its drawer's text);
the omniscient view is ``str(state)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ludoteca._core import Deck, State
from ludoteca.render import Renderer
from ludoteca.render.cards import CARD_H, CARD_W, _back, _card
from ludoteca.render.svg import Svg

_ROW = re.compile(r"^row (\d): p0 (.*) \| (\S+) \| p1 (.*)$")
_DRAWN = re.compile(r"; p(\d) places (\S+)$")


@dataclass
class EastWestView:
    """The board as one viewer sees it."""

    title: str
    header: str
    viewer: int | None
    rows: list[tuple[list[int], int | None, list[int]]]
    drawn: int | None = None
    mover: int | None = None
    notes: list[str] = field(default_factory=list)
    playable: list[int] = field(default_factory=list)


def _ids(deck: Deck, text: str) -> list[int]:
    """Card ids of a space-separated list (``-``: none)."""
    text = text.strip()
    return [] if text in ("", "-") else [deck.parse(name) for name in text.split(" ")]


class EastWestRenderer(Renderer):
    """Pictures of East–West."""

    def view(self, state: State, viewer: int | None) -> EastWestView:
        """Parses the viewer's observation text (``str(state)`` when None)."""
        deck = Deck("french32")
        text = str(state) if viewer is None else state.observation_string(viewer)
        lines = text.splitlines()
        header = lines[0] if lines else ""
        view = EastWestView(state.get_game().game_string(), header, viewer, [])
        if m := _DRAWN.search(header):
            # Only the drawer's text names the card ("p1 places a drawn card" does not match).
            view.mover = int(m[1])
            view.drawn = deck.parse(m[2])
        for line in lines[1:]:
            if (m := _ROW.match(line)) and len(view.rows) < 3:
                board = None if m[3] == "?" else deck.parse(m[3])
                view.rows.append((_ids(deck, m[2]), board, _ids(deck, m[4])))
            elif line.strip():
                view.notes.append(line.strip())
        to_move = state.current_player()
        if to_move >= 0 and (viewer is None or viewer == to_move):
            view.playable = list(state.legal_actions())
        return view

    def draw(self, view: EastWestView) -> str:
        """Board cards in a column in the middle, p0's rows to the left, p1's to the right."""
        deck = Deck("french32")
        width, height = 900.0, 420.0 + 18 * min(len(view.notes), 6)
        svg = Svg(width, height, view.title)
        svg.rect(0, 0, width, height, fill="#6b3e1f")
        svg.text(14, 24, view.title, 16, fill="white", font_weight="bold")
        svg.text(14, 44, view.header, 13, fill="#f3e2c7")
        mid = width / 2 - CARD_W / 2
        step = CARD_W + 6
        for r, (west, board, east) in enumerate(view.rows):
            y = 70 + r * (CARD_H + 30)
            action = 32 + r
            attrs: dict[str, object] = {"class_": "row", "data_row": r + 1}
            if action in view.playable:
                attrs.update(data_action=action, cursor="pointer")
            svg.open("g", **attrs)
            svg.rect(
                20,
                y - 8,
                width - 40,
                CARD_H + 16,
                rx=8,
                fill="#7d4a26",
                stroke="#ffb000" if action in view.playable else "#5a3318",
            )
            svg.text(30, y + CARD_H / 2, f"row {r + 1}", 14, fill="white")
            if board is None:
                _back(svg, mid, y)
            else:
                _card(svg, deck, board, mid, y)
            for i, c in enumerate(west):
                _card(svg, deck, c, mid - (i + 1) * step - 12, y)
            for i, c in enumerate(east):
                _card(svg, deck, c, mid + (i + 1) * step + 12, y)
            svg.close("g")
        base = 70 + 3 * (CARD_H + 30)
        svg.text(mid - 2 * step, base, "p0 (West)", 14, fill="white", text_anchor="middle")
        svg.text(mid + 3 * step, base, "p1 (East)", 14, fill="white", text_anchor="middle")
        if view.drawn is not None:
            svg.text(width / 2, base + 4, f"p{view.mover} drew", 13, fill="#ffe066", text_anchor="middle")
            _card(svg, deck, view.drawn, mid, base + 12)
        for i, note in enumerate(view.notes[-6:]):
            svg.text(14, height - 14 - 18 * (len(view.notes[-6:]) - 1 - i), note, 13, fill="#fff7c2")
        return str(svg)
