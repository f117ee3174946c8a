"""``load_game`` with keyword parameters: ``load_game("briscola", players=4)``.

The compiled loader reads game strings (``"briscola(players=4)"``); this wrapper writes the keywords
into one, the way pyspiel accepts a parameter dict, so no game module has to build strings itself.
"""

from __future__ import annotations

from typing import Union

from ludoteca import _core

#: A parameter value as a keyword: written as ``load_game`` reads it (booleans as ``true``/``false``).
ParamValue = Union[bool, int, float, str]


def game_string(name: str, params: dict[str, ParamValue]) -> str:
    """The game string of game ``name`` with ``params`` (``name`` alone when there are none)."""
    if not params:
        return name
    return f"{name}({','.join(f'{k}={_value(v)}' for k, v in params.items())})"


def load_game(spec: str, **params: ParamValue) -> _core.Game:
    """Loads a game from a game string, or a bare name plus keyword parameters.

    ``load_game("briscola(players=4)")`` and ``load_game("briscola", players=4)`` are the same game.
    Unknown or out-of-range parameters raise :class:`ludoteca.InvalidParameterError`; keywords given
    with a game string that already has parameters raise ``ValueError`` (one way to say each value).
    """
    if not params:
        return _core.load_game(spec)
    if "(" in spec:
        raise ValueError(f"give parameters either in the game string or as keywords, not both: {spec!r}")
    return _core.load_game(game_string(spec.strip(), params))


def _value(v: ParamValue) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)
