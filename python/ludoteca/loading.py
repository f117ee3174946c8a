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
    A preset (``ruleset=...``) sets several parameters at once; parameters given explicitly override
    it. :func:`ludoteca.registered_games` (or ``ludoteca games`` in a shell) lists the names, and
    ``ludoteca rules NAME`` the parameters with their defaults.

    Raises :class:`ludoteca.UnknownGameError` for an unknown name, :class:`ludoteca.ParseError` for a
    malformed string and :class:`ludoteca.InvalidParameterError` for an unknown or out-of-range
    parameter; keywords given with a game string that already has parameters raise ``ValueError``
    (one way to say each value).

    Example::

        >>> import ludoteca
        >>> game = ludoteca.load_game("briscola", players=4)
        >>> game.game_string(), game.num_players(), game.bots()
        ('briscola(players=4)', 4, ['random', 'greedy'])
        >>> state = game.new_initial_state(seed=7)
        >>> state.apply_action(state.legal_actions()[0])
    """
    if not params:
        return _core.load_game(spec)
    if "(" in spec:
        raise ValueError(f"give parameters either in the game string or as keywords, not both: {spec!r}")
    return _core.load_game(game_string(spec.strip(), params))


def _value(v: ParamValue) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)
