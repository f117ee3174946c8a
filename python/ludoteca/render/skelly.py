"""Skelly: the court, the boxes and the caps, drawn by :func:`ludoteca.games.skelly.to_svg`.

Everything on a Skelly court is public (positions, stages, trapped and eliminated caps), so every viewer
sees the same picture; the view is the state itself.
"""

from __future__ import annotations

from typing import Any

from ludoteca._core import State
from ludoteca.render import Renderer


class SkellyRenderer(Renderer):
    """The court with every cap (no hidden information in Skelly)."""

    def view(self, state: State, viewer: int | None) -> Any:
        """The state: every seat may see the whole court."""
        return state

    def draw(self, view: Any) -> str:
        """The court picture of the Skelly module (boxes, skull, start line, caps)."""
        from ludoteca.games import skelly

        return skelly.to_svg(view)
