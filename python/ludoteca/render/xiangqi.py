"""Xiangqi and Jieqi boards: nine files by ten ranks, the river, both palaces, pieces with Chinese labels
(and the Western letter beneath), Jieqi's face-down pieces, the last move, a general in check, and the
pieces each side has taken as the viewer knows them.

The board comes from the FEN (``xiangqi_fen``): in Jieqi a face-down piece is ``X``/``x`` there, its
identity unknown to both players, so the board is public. What was captured, and whether a face-down
capture's identity is known, is read from the viewer's own ``observation_string(p)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ludoteca._core import State, xiangqi_fen
from ludoteca.render import Renderer
from ludoteca.render.svg import Svg

#: Chinese label per FEN letter (red upper case, black lower case).
CHINESE = {
    "K": "帥", "A": "仕", "B": "相", "N": "傌", "R": "俥", "C": "炮", "P": "兵",
    "k": "將", "a": "士", "b": "象", "n": "馬", "r": "車", "c": "砲", "p": "卒",
}  # fmt: skip
_ICCS = re.compile(r"^[a-i][0-9][a-i][0-9]$")


@dataclass
class XiangqiView:
    """A Xiangqi or Jieqi position as one viewer sees it."""

    title: str
    board: list[str]
    """Ten strings of nine characters (FEN letters, ``.`` empty), rank 9 (Black's back rank) first."""
    status: str
    last: str | None
    in_check: bool
    red_to_move: bool
    captured: str = ""
    active: bool = False
    """Whether the viewer is to move (every square is then a click target)."""
    moves: dict[str, int] = field(default_factory=dict)
    """ICCS move (``h2e2``) -> action id of the moves the viewer may make now."""


def parse_fen_board(fen: str) -> list[str]:
    """The ten ranks of a FEN's board field, digits expanded to dots."""
    ranks = []
    for rank in fen.split(" ")[0].split("/"):
        ranks.append("".join("." * int(ch) if ch.isdigit() else ch for ch in rank))
    return ranks


class XiangqiRenderer(Renderer):
    """Pictures of Xiangqi and Jieqi positions."""

    def view(self, state: State, viewer: int | None) -> XiangqiView:
        """The board from the FEN (public), captures and status from the viewer's observation text."""
        fen = xiangqi_fen(state)
        text = state.observation_string(viewer if viewer is not None else state_side(fen))
        lines = text.splitlines()
        status = next((ln for ln in lines if "to move" in ln or "wins" in ln or "draw" in ln.lower()), "")
        captured = next((ln for ln in lines if ln.startswith("captured: ")), "")
        if viewer is None and captured:
            # The omniscient view names every capture: both sides' knowledge together.
            captured = next((ln for ln in str(state).splitlines() if ln.startswith("captured: ")), captured)
        last = None
        history = state.history()
        for a in reversed(history):
            name = state.action_to_string(a)
            if _ICCS.match(name):
                last = name
                break
        red = " w " in fen or fen.split(" ")[1] == "w"
        view = XiangqiView(
            state.get_game().game_string(),
            parse_fen_board(fen),
            status,
            last,
            "in check" in status,
            red,
            captured,
        )
        to_move = state.current_player()
        if to_move >= 0 and (viewer is None or viewer == to_move):
            view.active = True
            for a in state.legal_actions():
                name = state.action_to_string(a)
                if _ICCS.match(name):
                    view.moves[name] = a
        return view

    def draw(self, view: XiangqiView) -> str:
        """The board (Red at the bottom), 50 units between lines."""
        cell, margin = 50.0, 40.0
        width, board_h = margin * 2 + cell * 8, margin * 2 + cell * 9
        svg = Svg(width, board_h + 70, view.title)
        svg.rect(0, 0, width, board_h + 70, fill="#eed19c")
        ink = "#5a3a12"

        def xy(file: int, rank: int) -> tuple[float, float]:
            return margin + file * cell, margin + (9 - rank) * cell

        for rank in range(10):
            x0, y = xy(0, rank)
            x1, _ = xy(8, rank)
            svg.line(x0, y, x1, y, stroke=ink, stroke_width=1.2)
        for file in range(9):
            for lo, hi in ((0, 4), (5, 9)) if 0 < file < 8 else ((0, 9),):
                x, y0 = xy(file, lo)
                _, y1 = xy(file, hi)
                svg.line(x, y0, x, y1, stroke=ink, stroke_width=1.2)
        for base in (0, 7):  # the palaces' diagonals
            ax, ay = xy(3, base)
            bx, by = xy(5, base + 2)
            svg.line(ax, ay, bx, by, stroke=ink, stroke_width=1.2)
            svg.line(ax, by, bx, ay, stroke=ink, stroke_width=1.2)
        _, ry = xy(0, 4)
        svg.text(width / 2, ry - cell / 2 + 7, "楚 河      漢 界   river", 18, text_anchor="middle", fill=ink)
        for file in range(9):
            x, _ = xy(file, 0)
            svg.text(x, board_h - 8, "abcdefghi"[file], 13, text_anchor="middle", fill=ink)
        for rank in range(10):
            _, y = xy(0, rank)
            svg.text(12, y + 5, str(rank), 13, text_anchor="middle", fill=ink)
        if view.last:
            for sq in (view.last[:2], view.last[2:]):
                x, y = xy("abcdefghi".index(sq[0]), int(sq[1]))
                svg.rect(
                    x - 22, y - 22, 44, 44, fill="none", stroke="#1a7a2a", stroke_width=2.5, class_="last"
                )
        sources = {m[:2] for m in view.moves}
        if view.active:  # every point a click target (under the pieces), so any move can be tried
            for rank in range(10):
                for file in range(9):
                    x, y = xy(file, rank)
                    svg.rect(
                        x - 24,
                        y - 24,
                        48,
                        48,
                        fill="#ffffff",
                        fill_opacity=0.0,
                        class_="square",
                        data_square=f"{'abcdefghi'[file]}{rank}",
                    )
        for row, line in enumerate(view.board):
            rank = 9 - row
            for file, ch in enumerate(line):
                x, y = xy(file, rank)
                sq = f"{'abcdefghi'[file]}{rank}"
                if ch == ".":
                    continue
                red = ch.isupper()
                colour = "#b01818" if red else "#111111"
                checked = view.in_check and ch == ("K" if view.red_to_move else "k")
                attrs: dict[str, object] = {"class_": "piece", "data_square": sq}
                if sq in sources:
                    attrs.update(class_="piece movable", cursor="pointer")
                svg.open("g", **attrs)
                if ch in "Xx":  # Jieqi: face down, identity unknown
                    svg.circle(x, y, 21, fill="#7a5230", stroke=colour, stroke_width=2.5, class_="face-down")
                    svg.circle(x, y, 13, fill="none", stroke="#c9a46a", stroke_width=1.5)
                else:
                    fill = "#ffd0d0" if checked else "#fbefd5"
                    svg.circle(x, y, 21, fill=fill, stroke="#d01010" if checked else colour, stroke_width=2.5)
                    svg.text(x, y + 5, CHINESE.get(ch, ch), 20, text_anchor="middle", fill=colour)
                    svg.text(x + 13, y + 19, ch.upper(), 9, text_anchor="middle", fill=colour)
                svg.close("g")
        # Targets of every legal move, invisible until the page highlights the piece's moves.
        for move, action in sorted(view.moves.items()):
            x, y = xy("abcdefghi".index(move[2]), int(move[3]))
            svg.circle(
                x,
                y,
                8,
                fill="#1a7a2a",
                opacity=0.0,
                class_="target",
                data_from=move[:2],
                data_square=move[2:],
                data_action=action,
            )
        svg.text(12, board_h + 18, view.status, 14, fill=ink, font_weight="bold" if view.in_check else None)
        if view.last:
            svg.text(12, board_h + 38, f"last move: {view.last}", 13, fill=ink)
        if view.captured:
            svg.text(12, board_h + 58, view.captured[:110], 12, fill=ink)
        return str(svg)


def state_side(fen: str) -> int:
    """Seat to move in a FEN (0 Red, 1 Black)."""
    parts = fen.split(" ")
    return 1 if len(parts) > 1 and parts[1] == "b" else 0
