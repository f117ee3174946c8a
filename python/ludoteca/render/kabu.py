"""Kabu: one line per seat with its cards (face up for the viewer, backs for the others until the
showdown), how many it drew, whether it stood, its chips in a match, and the draw / stand buttons for
the seat to move; the last showdown's scores and payments underneath.

A seat's view is its ``observation_string(p)`` (another seat's cards are ``?`` there until every hand
is shown); the omniscient view is ``str(state)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ludoteca._core import State
from ludoteca.render import Renderer
from ludoteca.render.cards import CARD_H, CARD_W, _back, _face
from ludoteca.render.svg import Svg

#: ``p1 (you): 5♣ 7♥ (score 2) | drew 0, stood | chips 70``; another seat's cards are ``? ?``.
_SEAT = re.compile(
    r"^p(?P<seat>\d+)(?P<you> \(you\))?: (?P<cards>.*?) \| drew (?P<drew>\d)(?:, (?P<status>stood|done))?"
    r"(?: \| chips (?P<chips>-?\d+))?$"
)
_SCORE = re.compile(r"^(?P<names>.*?)\s*\(score (?P<score>\d)\)$")
_TO_MOVE = re.compile(r"; p(\d+) to draw or stand$")

#: Action ids of the two decisions (the engine's ``draw`` and ``stand``).
DRAW, STAND = 40, 41


@dataclass
class KabuSeat:
    """One seat as the viewer sees it: its card names when shown (else how many face-down cards)."""

    seat: int
    cards: list[str]
    hidden: int
    score: int | None
    drew: int
    status: str
    chips: int | None


@dataclass
class KabuView:
    """The table as one viewer sees it."""

    title: str
    header: str
    viewer: int | None
    seats: list[KabuSeat]
    mover: int | None = None
    notes: list[str] = field(default_factory=list)
    playable: list[int] = field(default_factory=list)


def _colour(name: str) -> str:
    return "#c0161c" if name[-1:] in ("♥", "♦") else "#111111"


class KabuRenderer(Renderer):
    """Pictures of Kabu."""

    def view(self, state: State, viewer: int | None) -> KabuView:
        """Parses the viewer's observation text (``str(state)`` when None)."""
        text = str(state) if viewer is None else state.observation_string(viewer)
        lines = text.splitlines()
        header = lines[0] if lines else ""
        view = KabuView(state.get_game().game_string(), header, viewer, [])
        if m := _TO_MOVE.search(header):
            view.mover = int(m[1])
        for line in lines[1:]:
            if m := _SEAT.match(line):
                cards = m["cards"].strip()
                shown = _SCORE.match(cards)
                names = [n for n in shown["names"].split() if n != "-"] if shown else []
                hidden = 0 if shown else cards.split().count("?")
                view.seats.append(
                    KabuSeat(
                        seat=int(m["seat"]),
                        cards=names,
                        hidden=hidden,
                        score=int(shown["score"]) if shown else None,
                        drew=int(m["drew"]),
                        status=m["status"] or "",
                        chips=None if m["chips"] is None else int(m["chips"]),
                    )
                )
            elif line.strip():
                view.notes.append(line.strip())
        to_move = state.current_player()
        if to_move >= 0 and (viewer is None or viewer == to_move):
            view.playable = [a for a in state.legal_actions() if a in (DRAW, STAND)]
        return view

    def draw(self, view: KabuView) -> str:
        """One band per seat, cards on the left and the seat's facts on the right."""
        band = CARD_H + 22
        width = 760.0
        height = 110 + band * len(view.seats) + 20 * len(view.notes)
        svg = Svg(width, height, view.title)
        svg.rect(0, 0, width, height, fill="#1d5c3a")
        svg.text(14, 24, view.title, 16, fill="white", font_weight="bold")
        svg.text(14, 44, view.header, 13, fill="#d9f2e3")
        for i, seat in enumerate(view.seats):
            y = 60 + i * band
            to_move = seat.seat == view.mover
            svg.open("g", class_="seat", data_seat=seat.seat)
            svg.rect(
                10,
                y - 6,
                width - 20,
                band - 8,
                rx=8,
                fill="#256b45",
                stroke="#ffb000" if to_move else "#174d30",
            )
            x = 110.0
            for name in seat.cards:
                _face(svg, name, _colour(name), x, y)
                x += CARD_W + 6
            for _ in range(seat.hidden):
                _back(svg, x, y)
                x += CARD_W + 6
            svg.close("g")
            label = f"p{seat.seat}" + (" (you)" if seat.seat == view.viewer else "")
            svg.text(22, y + CARD_H / 2, label, 15, fill="white", font_weight="bold")
            facts = [f"drew {seat.drew}"]
            if seat.status:
                facts.append(seat.status)
            if seat.score is not None:
                facts.append(f"score {seat.score}")
            if seat.chips is not None:
                facts.append(f"chips {seat.chips}")
            svg.text(width - 24, y + CARD_H / 2, " · ".join(facts), 14, fill="white", text_anchor="end")
        base = 60 + band * len(view.seats)
        for k, action in enumerate(view.playable):
            x = 110 + k * 120
            svg.open("g", class_="button", data_action=action, cursor="pointer")
            svg.rect(x, base, 100, 34, rx=6, fill="#f3e2c7", stroke="#ffb000", stroke_width=2)
            name = "draw" if action == DRAW else "stand"
            svg.text(x + 50, base + 23, name, 16, text_anchor="middle", font_weight="bold")
            svg.close("g")
        for k, note in enumerate(view.notes):
            svg.text(14, base + 60 + 20 * k, note, 13, fill="#fff7c2")
        return str(svg)
