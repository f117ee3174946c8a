"""Pictures of game states: SVG for one viewer (or everything), PNG, notebook and web views.

``state.to_svg(viewer=p)`` draws exactly what seat ``p`` may see; ``viewer=None`` is the omniscient view
for analysis (every hand face up). ``State._repr_svg_`` (Jupyter) is the omniscient view, ``state.to_png``
the same picture rasterised (``pip install 'ludoteca[png]'``).

The seam: one renderer per game family
--------------------------------------
A renderer is a :class:`Renderer` with two steps, kept apart so that a picture cannot show what its viewer
may not see:

1. ``view(state, viewer)`` collects what the picture shows into a plain value (a dataclass), **only from
   data the viewer may see**: for a seat ``p`` that is ``state.observation_string(p)``,
   ``state.observation_tensor(p)``, the public facts of a perfect-information board (``go_board``,
   ``xiangqi_fen`` whose face-down pieces are ``X``), the history of public actions and, when ``p`` is
   the seat to move, ``state.legal_actions()`` (a function of p's own information). Omniscient sources
   (``str(state)``, ``state.card_locations()``) are read only when ``viewer is None``. Never draw from
   omniscient data and then hide things: the engine's observation already applies the game's rule of
   who sees what, and the swap tests (tests/test_render.py) check that the SVG of a seat does not change
   when only cards it cannot see change.
2. ``draw(view)`` turns that value into SVG text (``ludoteca.render.svg.Svg``); it never sees the state.

A clickable element carries ``data-action="<id>"`` (one click plays that action: a card, a point) or
``data-square="<name>"`` (boards where a move is a from-square and a to-square; the page pairs them with
the legal action names). The web page (``ludoteca serve``) relies on these attributes only.

To give a new game pictures, write ``ludoteca/render/<family>.py`` with a ``Renderer`` subclass and add
its game short names to ``_FAMILIES`` below (one line). A new game of the trick engine needs nothing: it
is recognised by its table text and drawn as a card table. Games without a renderer are drawn by
:class:`TextRenderer`, the viewer's observation text on a panel, so every registered game renders.
"""

from __future__ import annotations

import importlib
from typing import Any

from ludoteca._core import State

__all__ = ["Renderer", "TextRenderer", "check_viewer", "renderer_for", "to_png", "to_svg"]


class Renderer:
    """One game family's pictures: ``view`` (what ``viewer`` may see) then ``draw`` (SVG text)."""

    def view(self, state: State, viewer: int | None) -> Any:
        """What the picture shows, collected only from data ``viewer`` may see (None: everything)."""
        raise NotImplementedError

    def draw(self, view: Any) -> str:
        """The SVG document of a view."""
        raise NotImplementedError

    def svg(self, state: State, viewer: int | None) -> str:
        """``draw(view(state, viewer))``."""
        return self.draw(self.view(state, viewer))


class TextRenderer(Renderer):
    """The fallback for games without a family renderer: the viewer's observation text on a panel."""

    def view(self, state: State, viewer: int | None) -> Any:
        """The observation text of ``viewer`` (``str(state)`` when None)."""
        title = state.get_game().game_string()
        text = str(state) if viewer is None else state.observation_string(viewer)
        return title, text

    def draw(self, view: Any) -> str:
        """The text, one SVG line per line of text, in a monospace font."""
        from ludoteca.render.svg import Svg

        title, text = view
        lines = text.splitlines() or [""]
        width = 40 + 8.5 * max(len(line) for line in lines)
        svg = Svg(max(width, 320.0), 60 + 18 * len(lines), title)
        svg.rect(0, 0, svg.width, svg.height, fill="#f4f1e8")
        svg.text(16, 26, title, 16, font_weight="bold")
        for i, line in enumerate(lines):
            svg.text(16, 52 + 18 * i, line, 14, font_family="DejaVu Sans Mono, monospace")
        return str(svg)


#: Family module (in this package) and its renderer class, per game short name.
_FAMILIES: dict[str, tuple[str, str]] = {
    "briscola": ("cards", "CardTableRenderer"),
    "schafkopf": ("cards", "CardTableRenderer"),
    "solo": ("cards", "CardTableRenderer"),
    "zole": ("cards", "CardTableRenderer"),
    "tysiac": ("cards", "CardTableRenderer"),
    "reversis": ("cards", "CardTableRenderer"),
    "calabrasella": ("cards", "CardTableRenderer"),
    "tetka": ("cards", "CardTableRenderer"),
    "go": ("go", "GoRenderer"),
    "rengo": ("go", "GoRenderer"),
    "xiangqi": ("xiangqi", "XiangqiRenderer"),
    "jieqi": ("xiangqi", "XiangqiRenderer"),
    "twenty_four": ("twenty_four", "TwentyFourRenderer"),
    "skelly": ("skelly", "SkellyRenderer"),
    "east_west": ("east_west", "EastWestRenderer"),
    "kabu": ("kabu", "KabuRenderer"),
    "carioca": ("rummy", "RummyRenderer"),
    "samba": ("rummy", "RummyRenderer"),
}


def _is_trick_table(state: State) -> bool:
    """Whether the state is a trick-engine card table: a trick among its card places, and a table text
    that starts with the name of a deck."""
    from ludoteca._core import Deck

    places = state.card_locations()
    if places is None or "trick" not in places:
        return False
    return str(state).split(" · ", 1)[0] in Deck.names()


def renderer_for(game_name: str, state: State | None = None) -> Renderer:
    """The renderer of a game short name; with a ``state``, a game of the trick engine without an entry
    is recognised as a card table. Otherwise ``TextRenderer``."""
    family = _FAMILIES.get(game_name)
    if family is None and state is not None and _is_trick_table(state):
        family = ("cards", "CardTableRenderer")
    if family is None:
        return TextRenderer()
    module = importlib.import_module(f"ludoteca.render.{family[0]}")
    renderer: Renderer = getattr(module, family[1])()
    return renderer


def check_viewer(state: State, viewer: object) -> int | None:
    """``viewer`` as a seat number, or None; InvalidParameterError when it names no seat."""
    from ludoteca.errors import InvalidParameterError

    if viewer is None:
        return None
    players = state.get_game().num_players()
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players:
        raise InvalidParameterError(
            f"invalid parameter 'viewer': must be a seat 0..{players - 1} or None (everything), got {viewer!r}"
        )
    return viewer


def to_svg(state: State, viewer: int | None = None) -> str:
    """An SVG picture of what ``viewer`` sees (None: the omniscient view)."""
    seat = check_viewer(state, viewer)
    return renderer_for(state.get_game().name, state).svg(state, seat)


def to_png(state: State, viewer: int | None = None, scale: float = 1.0) -> bytes:
    """The picture of ``to_svg`` as PNG bytes (needs ``pip install 'ludoteca[png]'``)."""
    from ludoteca.render.png import svg_to_png

    return svg_to_png(to_svg(state, viewer), scale)
