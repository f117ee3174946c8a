"""Exception classes raised by ludoteca.

Every error that bad input can cause is a :class:`LudoError`; each subclass also derives from the
built-in exception a caller would expect (``ValueError``, ``LookupError``, ``RuntimeError``), so
``except ValueError`` keeps working. The Rust core raises exactly these classes through one mapping.
"""

from __future__ import annotations


class LudoError(Exception):
    """Base class of every error raised by ludoteca."""


class ParseError(LudoError, ValueError):
    """Text (a card or action name, a game string, FEN, SGF, an expression) is malformed."""


class IllegalActionError(LudoError, ValueError):
    """The action is well-formed but the rules forbid it now; the message names the rule."""


class UnknownGameError(LudoError, LookupError):
    """No registered game has this name."""


class InvalidParameterError(LudoError, ValueError):
    """A game parameter (or function argument) is unknown, of the wrong type or out of range."""


class InvalidPositionError(LudoError, ValueError):
    """A position parses but cannot occur in the game."""


class GameOverError(LudoError, RuntimeError):
    """A move was attempted on a finished game."""


class NodeKindError(LudoError, RuntimeError):
    """The call needs another kind of node (chance versus decision)."""


class ShapeError(LudoError, ValueError):
    """An array argument has the wrong shape, dtype or length."""


__all__ = [
    "GameOverError",
    "IllegalActionError",
    "InvalidParameterError",
    "InvalidPositionError",
    "LudoError",
    "NodeKindError",
    "ParseError",
    "ShapeError",
    "UnknownGameError",
]
