"""Go (``go``) and Rengo, team Go for four players (``rengo``).

Rules as implemented (``ludoteca rules go``; the rulesets as published: Japanese 1989, Chinese, AGA,
New Zealand, Tromp-Taylor, see senseis.xmp.net):

* Boards 2x2 to 25x25 (``board_size``, default 19). Seat 0 is Black, seat 1 White. A placement
  captures opponent chains left without liberties, then its own chain if that has none: illegal unless
  ``suicide_allowed``, and then the own chain is removed. A single-stone suicide leaves the board as
  it was, so positional superko always forbids it, situational superko unless the resulting situation
  (board and side to move) is new.
* ``ko_rule``: ``simple`` (no immediate single-stone recapture; a repeated whole-board situation ends
  the game as ``long_cycle`` says: ``no_result`` or ``draw``), ``positional_superko`` or
  ``situational_superko`` (Zobrist hashes). Passes never break ko.
* Two consecutive passes end play (``pass_stones``: AGA pass stones, White passes last). With
  ``dead_stone_mode="agreement"`` a marking phase follows: the proposal starts as the engine's
  automatic marking (Benson: pass-alive chains are alive, opponent stones inside their vital regions
  dead; the chains left open are judged by up to 16 random playouts), players ``mark D4`` (toggle a chain), ``accept`` or ``resume``; both accepting ends the
  game. ``tromp_taylor`` counts at once with every stone alive (area scoring only).
* ``scoring="area"`` (stones + surrounded points) or ``"territory"`` (surrounded points + prisoners;
  no territory in seki unless ``seki_territory``). White adds ``komi`` and, under area scoring, the
  handicap compensation.
* ``handicap`` 2..9 on star points (``handicap_placement="fixed"``) or placed by Black one action at a
  time (``"free"``); White moves next.
* Rulesets: ``japanese`` (default), ``chinese``, ``aga``, ``nz``, ``tromp_taylor``.
* ``max_moves`` (0 = 4 x board points): a longer game is stopped and counted.

Actions: ``row * N + col`` from A1 at the bottom left (GTP ``D4``, no ``I``), ``N*N`` pass, then
the marking actions. Resignation is not an action: :func:`resign`.

Rengo (``rengo``): seats B1, W1, B2, W2 in rotation (passes included). Every play names its player
(``"B2 D4"``), so an out-of-sequence play is an action; the opponents may ``"claim intentional"``
(the offenders forfeit) or ``"claim unintentional"`` (``rengo_penalty`` = 3 points to the claimants,
under area and territory scoring alike) before the next play; with ``auto_penalize_unclaimed=True``
an unclaimed error costs the penalty anyway. B1 places the handicap.
"""

from __future__ import annotations

from typing import TypedDict

from ludoteca import _core
from ludoteca.loading import load_game

#: GTP column letters (no ``I``).
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Score(TypedDict):
    """Both sides' totals and their parts (``[black, white]`` pairs)."""

    black: float
    white: float
    stones: list[int]
    territory: list[int]
    prisoners: list[int]
    komi: float
    handicap_points: float
    adjustment: list[float]


def new_game(**params: int | float | str | bool) -> _core.Game:
    """Loads Go with keyword parameters, e.g. ``new_game(board_size=9, ruleset="chinese")``."""
    return load_game("go", **params)


def new_rengo(**params: int | float | str | bool) -> _core.Game:
    """Loads Rengo with keyword parameters, e.g. ``new_rengo(board_size=9, handicap=2)``."""
    return load_game("rengo", **params)


def to_sgf(state: _core.State) -> str:
    """The SGF (FF[4]) record of a Go or Rengo game: moves, handicap stones, komi, result, names."""
    return _core.go_to_sgf(state)


def from_sgf(text: str) -> _core.State:
    """Reads the main line of an SGF record into a state (raises ``ParseError`` if malformed).

    Records written by :func:`to_sgf` for Rengo (``LU[rengo(...)]``) come back as ``rengo`` states,
    with the seat of every play, claims and team names; anything else is read as ``go``.
    """
    return _core.go_from_sgf(text)


def final_score(state: _core.State) -> Score:
    """Both sides' totals: the final count once over, else the count with the current marking."""
    return _core.go_final_score(state)  # type: ignore[return-value]


def result(state: _core.State) -> str | None:
    """The result as SGF writes it (``"B+3.5"``, ``"W+R"``, ``"Void"``), or None while playing."""
    return _core.go_result(state)


def resign(state: _core.State, side: int) -> None:
    """Side ``side`` (0 Black, 1 White; the team in Rengo) resigns, at any time and out of turn.

    Any other ``side`` is an ``InvalidParameterError``; a finished game raises ``GameOverError``.

    Resignation is not an action (a random policy would resign at random), so it is not in
    ``history()``; it is kept in the result, the SGF record (``RE[W+R]``) and ``serialize()`` (an
    ``ending resign <side>`` line after the history).
    """
    _core.go_resign(state, side)


def from_diagram(game: _core.Game, diagram: str, to_move: int = 0) -> _core.State:
    """A position from an ASCII diagram (``X``, ``O``, ``.``; top row first) with ``to_move`` (0 Black,
    1 White; anything else is an ``InvalidParameterError``) to play.

    The state's history starts at the diagram; ``serialize()``, pickling and :func:`to_sgf` (``AB``,
    ``AW``, ``PL``) keep the diagram.
    """
    return _core.go_from_diagram(game, diagram, to_move)


def set_names(state: _core.State, black: str, white: str) -> None:
    """Names for the SGF record: players in Go, teams in Rengo (kept by ``serialize()`` and pickles)."""
    _core.go_set_names(state, black, white)


def board(state: _core.State) -> list[list[int]]:
    """The board as a list of rows, each a list of ints 0 (empty), 1 (black), 2 (white); row 0 is the
    bottom row (GTP row 1): ``board(s)[r][c]`` is the point ``vertex(r * N + c, N)``."""
    return _core.go_board(state)


def vertex(point: int, board_size: int) -> str:
    """The GTP vertex of a point id (``vertex(0, 19) == "A1"``)."""
    if not 0 <= point < board_size * board_size:
        raise ValueError(f"point {point} is off the {board_size}x{board_size} board")
    return f"{GTP_COLUMNS[point % board_size]}{point // board_size + 1}"


def rotation_errors(state: _core.State) -> list[tuple[int, int]]:
    """Rengo: out-of-sequence plays as (index in the history, seat)."""
    return _core.rengo_rotation_errors(state)
