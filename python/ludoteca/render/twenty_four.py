"""Twenty-Four: the centre cards (letters ``a b c d`` as claims name them), each player's stack, the race
and what the viewer has committed.

A seat's view is its ``observation_string(p)`` (who has committed is public, what they claimed is not
until it is revealed); the omniscient view is ``str(state)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludoteca._core import State
from ludoteca.render import Renderer
from ludoteca.render.svg import Svg

_SEAT_LINE = re.compile(r"^\s*p(\d+):\s*(\d+) cards in stack \| centre: (.*)$")


@dataclass
class TwentyFourView:
    """The table as one viewer sees it."""

    title: str
    viewer: int | None
    centre: list[str]
    stacks: list[int]
    status: list[str]


class TwentyFourRenderer(Renderer):
    """Pictures of Twenty-Four."""

    def view(self, state: State, viewer: int | None) -> TwentyFourView:
        """Parses the viewer's observation text (``str(state)`` when None)."""
        title = state.get_game().game_string()
        if viewer is not None:
            text = state.observation_string(viewer)
            stacks = re.search(r"stacks \[([^\]]*)\]", text)
            centre = re.search(r"centre \[([^\]]*)\]", text)
            rest = [part for part in text.split("; ")[3:] if part]
            return TwentyFourView(
                title,
                viewer,
                centre[1].split() if centre else [],
                [int(x) for x in stacks[1].split(", ")] if stacks and stacks[1] else [],
                rest,
            )
        lines = str(state).splitlines()
        cards: list[str] = []
        sizes: list[int] = []
        status: list[str] = []
        for line in lines[1:]:
            if m := _SEAT_LINE.match(line):
                sizes.append(int(m[2]))
                cards.extend(c for c in m[3].split() if c != "-")
            elif line.strip():
                status.append(line.strip())
        return TwentyFourView(title, None, cards, sizes, status)

    def draw(self, view: TwentyFourView) -> str:
        """The centre cards in a row, the stacks beneath, the race status at the bottom."""
        width, height = 640.0, 360.0
        svg = Svg(width, height, view.title)
        svg.rect(0, 0, width, height, fill="#20466b")
        svg.text(16, 28, view.title, 16, fill="white", font_weight="bold")
        if view.viewer is not None:
            svg.text(width - 16, 28, f"you are p{view.viewer}", 14, fill="#cfe3ff", text_anchor="end")
        w, h, gap = 90.0, 130.0, 24.0
        left = (width - (len(view.centre) * (w + gap) - gap)) / 2
        for i, name in enumerate(view.centre):
            x = left + i * (w + gap)
            red = any(s in name for s in "♥♦")
            colour = "#c0161c" if red else "#111111"
            svg.open("g", class_="card", data_card=name)
            svg.rect(x, 60, w, h, rx=8, fill="white", stroke="#333333", stroke_width=1.5)
            svg.text(x + 10, 88, name, 22, fill=colour, font_weight="bold")
            svg.text(x + w / 2, 60 + h - 24, name[-1], 40, fill=colour, text_anchor="middle")
            svg.text(x + w / 2, 60 + h + 20, "abcdefgh"[i], 15, fill="#cfe3ff", text_anchor="middle")
            svg.close("g")
        stacks = " · ".join(f"p{i}: {n} cards" for i, n in enumerate(view.stacks))
        svg.text(width / 2, 250, stacks, 15, fill="white", text_anchor="middle")
        for i, line in enumerate(view.status[:4]):
            svg.text(16, 290 + 20 * i, line, 14, fill="#fff7c2")
        return str(svg)
