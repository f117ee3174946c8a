"""Go and Rengo boards: grid with coordinates, star points, stones, the last move, the ko point, dead
stones marked in the marking phase and at the end, territory once play has stopped, and prisoners.

Go is a game of perfect information, so every seat's view is the same board text the engine writes
(``state.observation_string(p)``: ``X``/``O`` stones, ``x``/``o`` stones marked dead, ``*`` the ko point,
then a status line); the last move comes from the public move history. Territory shading is a picture of
the empty regions (dead stones removed) that touch one colour only; the score itself is the engine's
(``go_final_score``), printed under the board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ludoteca._core import State, go_final_score
from ludoteca.render import Renderer
from ludoteca.render.svg import Svg

#: GTP column letters (no I).
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


@dataclass
class BoardView:
    """A Go board as every seat sees it."""

    title: str
    size: int
    rows: list[str]
    """One string per row, top row first, of ``X O x o * .``."""
    status: str
    last: str | None
    over: bool
    marking: bool
    score: str = ""
    active: bool = False
    """Whether the viewer is to move (every point is then a click target)."""
    clickable: dict[str, int] = field(default_factory=dict)
    """Vertex (``D4``) -> action id of the points the viewer may click now."""


def vertex(col: int, row_from_bottom: int) -> str:
    """The GTP name of a point (``A1`` is the bottom left corner)."""
    return f"{LETTERS[col]}{row_from_bottom + 1}"


def placed_point(name: str) -> str | None:
    """The point of a placement's name (``D4``; Rengo names the player too, ``B1 D4``), else None
    (``pass``, ``mark D4``, ``accept``, ``resume``)."""
    words = name.split()
    if re.fullmatch(r"[A-Z]\d+", words[-1]) and (len(words) == 1 or words[-2] != "mark"):
        return words[-1]
    return None


class GoRenderer(Renderer):
    """Pictures of Go and Rengo positions."""

    def view(self, state: State, viewer: int | None) -> BoardView:
        """Reads the board text (the same for every seat: Go hides nothing) into a view."""
        text = state.observation_string(viewer if viewer is not None else 0)
        lines = text.splitlines()
        rows = [
            "".join(line.split()[1:-1])
            for line in lines[1:]
            if re.match(r"^\s*\d+ ", line) and len(line.split()) > 2
        ]
        status = lines[-1] if lines else ""
        history = state.history()
        last = placed_point(state.action_to_string(history[-1])) if history else None
        over = state.is_terminal()
        marking = status.startswith("marking")
        view = BoardView(state.get_game().game_string(), len(rows), rows, status, last, over, marking)
        if over or marking:
            s = go_final_score(state)
            view.score = f"Black {s['black']:g} · White {s['white']:g} (komi {s['komi']:g})"
        to_move = state.current_player()
        if to_move >= 0 and (viewer is None or viewer == to_move):
            view.active = True
            for a in state.legal_actions():
                words = state.action_to_string(a).split()
                # A point ("D4", Rengo "B1 D4") or, when marking, "mark D4"; the first action per point
                # (Rengo's out-of-turn plays by a partner come after the seat's own).
                if re.fullmatch(r"[A-Z]\d+", words[-1]) and (
                    len(words) == 1 or words[-2] == "mark" or len(words) == 2
                ):
                    view.clickable.setdefault(words[-1], a)
        return view

    def draw(self, view: BoardView) -> str:
        """The board, 36 units per line, with coordinates on all four sides."""
        n = view.size
        cell, margin = 36.0, 44.0
        side = margin * 2 + cell * (n - 1)
        notes = view.status.split("; ")
        if view.last:
            notes.append(f"last move: {view.last}")
        if view.score:
            notes.append(view.score)
        height = side + 10 + 20 * len(notes)
        svg = Svg(side, height, view.title)
        svg.rect(0, 0, side, height, fill="#dcb35c")

        def xy(col: int, top_row: int) -> tuple[float, float]:
            return margin + col * cell, margin + top_row * cell

        for i in range(n):
            x0, y0 = xy(0, i)
            x1, _ = xy(n - 1, i)
            svg.line(x0, y0, x1, y0, stroke="#3a2a10", stroke_width=1)
            xa, ya = xy(i, 0)
            _, yb = xy(i, n - 1)
            svg.line(xa, ya, xa, yb, stroke="#3a2a10", stroke_width=1)
            label = LETTERS[i]
            svg.text(xa, margin - 22, label, 13, text_anchor="middle", fill="#3a2a10")
            svg.text(xa, side - margin + 30, label, 13, text_anchor="middle", fill="#3a2a10")
            svg.text(margin - 24, y0 + 5, str(n - i), 13, text_anchor="middle", fill="#3a2a10")
            svg.text(side - margin + 24, y0 + 5, str(n - i), 13, text_anchor="middle", fill="#3a2a10")
        for star_col, star_row in _star_points(n):
            svg.circle(*xy(star_col, star_row), 3.5, fill="#3a2a10")
        territory = _territory(view.rows) if (view.over or view.marking) else {}
        for r, row in enumerate(view.rows):
            for c, ch in enumerate(row):
                x, y = xy(c, r)
                name = vertex(c, n - 1 - r)
                if ch in "XOxo":
                    dead = ch in "xo"
                    black = ch in "Xx"
                    svg.circle(
                        x,
                        y,
                        cell * 0.46,
                        fill="#111111" if black else "#f8f8f8",
                        stroke="#000000",
                        stroke_width=1,
                        opacity=0.45 if dead else None,
                        class_="stone dead" if dead else "stone",
                        data_point=name,
                    )
                    if dead:
                        d = cell * 0.18
                        colour = "#ffffff" if black else "#000000"
                        svg.line(x - d, y - d, x + d, y + d, stroke=colour, stroke_width=2)
                        svg.line(x - d, y + d, x + d, y - d, stroke=colour, stroke_width=2)
                elif ch == "*":
                    svg.rect(x - 6, y - 6, 12, 12, fill="none", stroke="#a01010", stroke_width=2, class_="ko")
                owner = territory.get((r, c))
                if owner and ch not in "XO":
                    svg.rect(
                        x - 6,
                        y - 6,
                        12,
                        12,
                        fill="#111111" if owner == "X" else "#f8f8f8",
                        class_="territory",
                    )
                if name == view.last:
                    colour = "#ffffff" if ch in "Xx" else "#d01010"
                    svg.circle(x, y, cell * 0.18, fill="none", stroke=colour, stroke_width=2.5, class_="last")
                if view.active:  # legal points carry their action; the others are sent by name
                    playable = name in view.clickable
                    svg.circle(
                        x,
                        y,
                        cell * 0.46,
                        fill="#ffffff",
                        fill_opacity=0.0,
                        stroke="none",
                        class_="point playable" if playable else "point",
                        data_action=view.clickable.get(name),
                        data_point=name,
                    )
        for i, note in enumerate(notes):
            bold = "bold" if note == view.score else None
            svg.text(margin - 24, side + 16 + 20 * i, note, 14, fill="#1a1208", font_weight=bold)
        return str(svg)


def _star_points(n: int) -> list[tuple[int, int]]:
    """Hoshi: the four corner points (3rd line, 4th from 13×13), the centre of odd boards, and the side
    points of odd boards from 15×15 (the nine of 19×19)."""
    centre = [(n // 2, n // 2)] if n % 2 else []
    if n < 7:
        return centre
    k = 3 if n >= 13 else 2
    lines = [k, n // 2, n - 1 - k] if n % 2 and n >= 15 else [k, n - 1 - k]
    corners = [(c, r) for c in lines for r in lines]
    return sorted(set(corners + centre))


def _territory(rows: list[str]) -> dict[tuple[int, int], str]:
    """Empty (or dead-stone) points whose region, dead stones removed, touches only one living colour."""
    n = len(rows)
    grid = [[ch if ch in "XO" else "." for ch in row] for row in rows]
    owner: dict[tuple[int, int], str] = {}
    seen: set[tuple[int, int]] = set()
    for r in range(n):
        for c in range(len(grid[r])):
            if grid[r][c] != "." or (r, c) in seen:
                continue
            region, borders, stack = [], set(), [(r, c)]
            seen.add((r, c))
            while stack:
                pr, pc = stack.pop()
                region.append((pr, pc))
                for qr, qc in ((pr + 1, pc), (pr - 1, pc), (pr, pc + 1), (pr, pc - 1)):
                    if 0 <= qr < n and 0 <= qc < len(grid[qr]):
                        if grid[qr][qc] == ".":
                            if (qr, qc) not in seen:
                                seen.add((qr, qc))
                                stack.append((qr, qc))
                        else:
                            borders.add(grid[qr][qc])
            if len(borders) == 1:
                colour = borders.pop()
                owner.update(dict.fromkeys(region, colour))
    return owner
