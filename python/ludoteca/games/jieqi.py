"""Jieqi (揭棋, "Hidden Xiangqi"), the popular Chinese variant of Xiangqi with face-down pieces.

* The generals start face up; each side's other 15 pieces start face down on the normal start points in
  an arrangement nobody knows, not even their owner.
* A face-down piece moves (and captures, and checks) as the piece whose start point it stands on. After
  its first move it is turned face up where it lands; from then on it moves as what it is. Revealed
  advisors and elephants may leave the palace and cross the river
  (``revealed_advisor_elephant_unrestricted=True``); the elephant's eye still blocks.
* Reveals are chance events (``"reveal chariot"``), drawn from the side's pool of pieces not yet drawn;
  the identity of a captured face-down piece is drawn too (``"captured horse"``) and shown only to the
  capturer (``captured_hidden_visibility="capturer"``; ``"both"`` or ``"none"``). With a seed (the
  default) these draws happen inside Rust.
* Everything else is Xiangqi: mate and stalemate lose, flying general, repetition and caps, resignation
  (:func:`resign`) and draws by agreement (:func:`agree_draw`).

Extended FEN: ``X``/``x`` mark face-down pieces (see :data:`START_FEN`).
"""

from __future__ import annotations

from ludoteca import _core
from ludoteca.loading import load_game

#: The Jieqi start: every piece but the generals face down.
START_FEN = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1"


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Jieqi with keyword parameters, e.g. ``new_game(captured_hidden_visibility="both")``."""
    return load_game("jieqi", **params)


def from_fen(
    fen: str, game: str = "jieqi", seed: int | None = None, explicit_chance: bool = False
) -> _core.State:
    """A state from an extended FEN. Reveals are drawn from ``seed`` unless ``explicit_chance``."""
    return _core.jieqi_from_fen(fen, game, seed, explicit_chance)


def fen(state: _core.State) -> str:
    """The extended FEN of the board (face-down pieces as ``X``/``x``)."""
    return str(_core.xiangqi_fen(state))


def resample_hidden(state: _core.State, player: int, seed: int) -> _core.State:
    """A determinization for search: every face-down piece (and every captured face-down piece that
    ``player`` did not see) gets an identity drawn uniformly from what ``player`` cannot rule out.

    The result is consistent with all that ``player`` observed and has no chance nodes: pieces reveal as
    assigned. Raises ``NodeKindError`` at a chance node.
    """
    return _core.jieqi_resample_hidden(state, player, seed)


def perft(state: _core.State, depth: int) -> int:
    """Leaf count ``depth`` plies deep (give a determinized state once face-down pieces move)."""
    return int(_core.jieqi_perft(state, depth))


def resign(state: _core.State, side: int) -> None:
    """Side ``side`` (0 Red, 1 Black) resigns, at any time and out of turn (see ``xiangqi.resign``)."""
    if isinstance(side, bool) or not isinstance(side, int):
        raise TypeError(f"side must be 0 (Red) or 1 (Black), got {side!r}")
    state.apply_ending(f"resign {side}")


def agree_draw(state: _core.State) -> None:
    """Ends the game as a draw by agreement (``ending()`` is ``"draw"``)."""
    state.apply_ending("draw")
