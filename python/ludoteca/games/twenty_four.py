"""Twenty-Four (the "24 game"): an exact solver, a claim checker and the 2- and 4-player card game.

The solver (Rust, exact rationals, no floats) combines four non-negative integers (at most 10**9) with
``+ - * /`` and any parentheses, each number used once, to reach the target (default 24). Intermediate
values may be negative, and fractions unless ``intermediate="integer"`` (every step a whole number,
judged on the written form that divides last). Division by zero is never allowed.

Solutions are counted and printed once per **canonical form**: expressions equal up to commutativity
and associativity of addition and multiplication, with ``-`` read as adding the opposite and ``/`` as
multiplying by the inverse (``a-(b-c)`` is ``a+c-b``; ``a/(b/c)`` is ``a*c/b``), equal numbers being
interchangeable. Nothing else is identified (``x*1`` and ``x/1`` differ, distributivity is not used).
The printed form lists each node's operands largest value first (ties by text), added before subtracted
and multiplied before divided, in ASCII with the fewest parentheses: ``8*5-(7+9)`` prints ``8*5-9-7``.

Published counts, reproduced by the tests: 566 of the 715 multisets of 1..10 are solvable (556 without
fractions), 1,362 of the 1,820 multisets of 1..13. A random deal of 4 cards from the 40-card deck
(A-10) is solvable with probability exactly 79,936/91,390 = 39,968/45,695 = 0.87467 (the rules' 87.5 %
rounded).

The game (``ludoteca.load_game("twenty_four(players=4)")``, rules: ``ludoteca rules twenty_four``):
40 cards dealt face down; each set turns up four cards; each seat commits in secret a claim (an
expression, a wrong one, or "no solution") and then a reaction delay ``t0``..``t7``; the commitments
play out in time order. See ``ludoteca rules twenty_four`` and the Rust module docs for the full
rules, the parameters and the ``solver(speed=,skill=,error=)`` bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca import _core
from ludoteca.loading import load_game

__all__ = [
    "CheckResult",
    "board",
    "check",
    "commit",
    "count_solutions",
    "first_solution",
    "is_solvable",
    "new_game",
    "solve",
    "solve_batch",
]


def new_game(**params: int | str | bool) -> _core.Game:
    """Loads Twenty-Four with keyword parameters, e.g. ``new_game(players=4, intermediate="integer")``.

    Parameters and defaults: ``ludoteca.load_game("twenty_four").params``; unknown or out-of-range
    values raise :class:`ludoteca.InvalidParameterError`.
    """
    return load_game("twenty_four", **params)


def board(state: _core.State) -> list[int]:
    """The values of the cards face up in the centre of a Twenty-Four state (seat 0's first).

    ``solve(board(state))`` lists the solutions on the table. TypeError for another game's state.
    """
    return _core.twenty_four_board(state)


def commit(state: _core.State, claim: str, delay: int = 0) -> None:
    """Plays the seat to move's race commitment: the claim, then the reaction delay (``t0``..``t7``).

    ``claim`` is an expression (``"8*5-(7+9)"``: judged as written, exactly as :func:`check` judges
    it, then a valid one is mapped to its canonical template on the current board and an invalid one is
    played as ``wrong``), ``"no solution"``, ``"wrong"``, or a template name (``"c*a-d-b"``). Raises
    :class:`ludoteca.ParseError` for a malformed claim and :class:`ludoteca.IllegalActionError` when it
    is not the race (or ``no solution`` is refused under ``no_solution_check="solver"``); on error
    nothing is applied.
    """
    text = claim.strip()
    action = state.string_to_action(text if text.lower() == "no solution" else f"claim {text}")
    delay_action = state.string_to_action(f"t{delay}")
    state.apply_action(action)
    state.apply_action(delay_action)


def solve(numbers: Sequence[int], target: int = 24, intermediate: str = "rational") -> list[str]:
    """Every distinct solution of four numbers, canonical form, fewest parentheses first.

    >>> solve([5, 7, 8, 9])
    ['8*5-9-7', '8*(7+5-9)']

    Raises :class:`ludoteca.InvalidParameterError` unless ``numbers`` is four integers in 0..10**9.
    """
    return _core.twenty_four_solve(numbers, target, intermediate)


def is_solvable(numbers: Sequence[int], target: int = 24, intermediate: str = "rational") -> bool:
    """Whether four numbers can make ``target`` (stops at the first solution)."""
    return _core.twenty_four_is_solvable(numbers, target, intermediate)


def count_solutions(numbers: Sequence[int], target: int = 24, intermediate: str = "rational") -> int:
    """Number of distinct solutions (canonical forms) of four numbers."""
    return _core.twenty_four_count_solutions(numbers, target, intermediate)


def first_solution(numbers: Sequence[int], target: int = 24, intermediate: str = "rational") -> str | None:
    """One solution (the first the solver finds), or None when there is none."""
    return _core.twenty_four_first_solution(numbers, target, intermediate)


@dataclass(frozen=True)
class CheckResult:
    """The verdict on a claimed solution."""

    #: Whether the expression is a solution.
    valid: bool
    #: The canonical form of a valid expression, else "".
    canonical: str
    #: Why an invalid expression fails (wrong cards, division by zero, fraction, wrong value), else "".
    reason: str

    def __bool__(self) -> bool:
        return self.valid


def check(
    expression: str, cards: Sequence[int], target: int = 24, intermediate: str = "rational"
) -> CheckResult:
    """Checks a player's claimed solution for four cards.

    Accepts ``8*5-(7+9)``, ``8×5−(7+9)``, ``(8*5)-7-9``, ``÷`` or ``/``, ``x`` or ``×`` or ``*``,
    brackets ``() [] {}``, spaces, ``A J Q K`` for 1 11 12 13 and a trailing ``= 24``. A malformed
    expression (unary minus, numbers side by side, unbalanced brackets, ...) raises
    :class:`ludoteca.ParseError`, and so does one longer than 1000 characters, with more than 64
    numbers or with brackets nested deeper than 64 (claims are user input, so they are bounded); a well-formed one that is not a solution gives ``valid=False`` and a
    reason.

    >>> check("8×5−(7+9)", [5, 7, 8, 9])
    CheckResult(valid=True, canonical='8*5-9-7', reason='')
    """
    ok, text = _core.twenty_four_check(expression, cards, target, intermediate)
    return CheckResult(ok, text if ok else "", "" if ok else text)


def solve_batch(
    numbers: Any, target: int = 24, intermediate: str = "rational", threads: int | None = None
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.uint32]]:
    """Classifies every row of an ``(N, 4)`` integer array in parallel, without the GIL.

    Returns ``(solvable, counts)``: a bool array and the number of distinct solutions per row. Raises
    :class:`ludoteca.ShapeError` for another shape and :class:`ludoteca.InvalidParameterError` for
    floats (NaN named), negative numbers or numbers above 10**9. ``threads=1`` runs single-threaded;
    at most 256 threads (more is an ``InvalidParameterError``), default all cores.
    """
    return _core.twenty_four_solve_batch(numbers, target, intermediate, threads)
