"""Xiangqi (Chinese chess), as the Asian Xiangqi Federation plays it (``ludoteca rules xiangqi``).

Rules as implemented (``ludoteca rules xiangqi``):

* 9 files (``a``-``i`` from Red's left) by 10 ranks (``0``-``9`` from Red's side); Red (seat 0) moves
  first. General and advisors stay in the palace, elephants on their side of the river (blocked at the
  eye), horses are blocked at the leg, cannons capture over exactly one screen, soldiers step sideways
  only after crossing the river. The two generals may never face each other on an open file.
* Checkmate and stalemate both lose for the side to move.
* ``repetition_rule="perpetual_check_loses"`` (default): on the ``repetition_count``-th occurrence of a
  position, a side that checked with every move of the cycle loses (unless both did); any other
  repetition draws. ``"draw"``: every repetition draws. ``no_capture_draw_plies`` (120) plies without a
  capture draw; ``max_plies`` (1000) caps the game as a draw.
* A side may resign at any time (:func:`resign`) and the two may agree a draw (:func:`agree_draw`).

Action ids are ``from * 90 + to`` with points ``rank * 9 + file``; their names are ICCS (``"h2e2"``).
``State.string_to_action`` also accepts WXF (``"C2.5"``, ``"c2=5"``, ``"R+.3"``).
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.loading import load_game

#: The standard start position (UCCI FEN, ``w`` = Red to move).
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Xiangqi with keyword parameters, e.g. ``new_game(repetition_rule="draw")``."""
    return load_game("xiangqi", **params)


def perft(depth: int, fen: str | None = None) -> int:
    """Number of legal move sequences ``depth`` plies deep from ``fen`` (the start by default).

    Runs in Rust without the GIL; ``perft(5) == 133_312_995`` from the start position.
    """
    return int(_core.xiangqi_perft(depth, fen))


def from_fen(fen: str, game: str = "xiangqi") -> _core.State:
    """A state set up from a FEN; ``InvalidPositionError`` for impossible positions (generals facing
    with the side to move able to capture, pieces off their legal points, too many pieces)."""
    return _core.xiangqi_from_fen(fen, game)


def fen(state: _core.State) -> str:
    """The FEN of a Xiangqi (or Jieqi) state, clocks included."""
    return str(_core.xiangqi_fen(state))


def action_to_wxf(state: _core.State, action: int) -> str:
    """WXF name (``"C2.5"``) of a legal action in ``state``."""
    return str(_core.xiangqi_action_to_wxf(state, action))


def wxf_to_iccs(state: _core.State, wxf: str) -> str:
    """ICCS (``"h2e2"``) of a WXF move that is legal in ``state``."""
    return str(_core.xiangqi_wxf_to_iccs(state, wxf))


def iccs_to_wxf(state: _core.State, iccs: str) -> str:
    """WXF of an ICCS move that is legal in ``state``."""
    return str(_core.xiangqi_iccs_to_wxf(state, iccs))


def action_to_iccs(action: int) -> str:
    """ICCS name of a move id (``from * 90 + to``)."""
    return str(_core.xiangqi_action_to_iccs(action))


def iccs_to_action(iccs: str) -> int:
    """Move id of an ICCS text (legality is not checked here)."""
    return int(_core.xiangqi_iccs_to_action(iccs))


def resign(state: _core.State, side: int) -> None:
    """Side ``side`` (0 Red, 1 Black) resigns, at any time and out of turn; the other side wins.

    As in Go, a resignation is not an action (a random policy would resign at random): it is the
    state's ``ending()`` (``"resign 0"``/``"resign 1"``), kept by ``serialize()``, pickles and records.
    Works for Jieqi states too. ``ParseError`` for another side, ``GameOverError`` once the game is over.
    """
    if isinstance(side, bool) or not isinstance(side, int):
        raise TypeError(f"side must be 0 (Red) or 1 (Black), got {side!r}")
    state.apply_ending(f"resign {side}")


def agree_draw(state: _core.State) -> None:
    """Ends the game as a draw by agreement (``ending()`` is ``"draw"``); Jieqi states too.

    ``GameOverError`` once the game is over.
    """
    state.apply_ending("draw")
