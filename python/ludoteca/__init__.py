"""ludoteca: exact, fast engines for traditional card and board games (Rust core, Python API).

The loop every program writes::

    import ludoteca
    game = ludoteca.load_game("briscola(players=4)")   # or load_game("briscola", players=4)
    state = game.new_initial_state(seed=7)          # chance (dealing) resolved from the seed
    while not state.is_terminal():
        state.apply_action(state.bot_action("greedy", seed=1))   # or an id from state.legal_actions()
    print(state.returns(), state.scores())

With ``new_initial_state(explicit_chance=True)`` the deal is yours to make: at a chance node
(``state.is_chance_node()``) apply one of ``state.chance_outcomes()``.

Entry points, each with an example in its docstring (``help(ludoteca.load_game)``):

- :func:`load_game` and :func:`registered_games`: games by name, with their rules, parameters and bots;
- :class:`Game`, :class:`State`: a game and a position (OpenSpiel's vocabulary);
- :func:`simulate`: whole games in bulk, in Rust on all cores, with a progress callback;
- :class:`VectorEnv`: many environments stepped together (numpy arrays);
- :func:`deserialize_state`, :mod:`ludoteca.record`: positions and game records as text;
- :mod:`ludoteca.games`: per-game helpers (Go SGF, Xiangqi FEN, the Twenty-Four solver);
- :mod:`ludoteca.adapters.pettingzoo`: PettingZoo environments (``pip install 'ludoteca[pettingzoo]'``).

Every error caused by bad input is a :class:`LudoError` naming the problem; ``ludoteca`` on the command
line lists, explains, simulates and plays the games.
"""

from __future__ import annotations

from ludoteca._core import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    State,
    VectorEnv,
    __version__,
    deserialize_state,
    registered_games,
)
from ludoteca.errors import (
    GameOverError,
    IllegalActionError,
    InvalidParameterError,
    InvalidPositionError,
    LudoError,
    NodeKindError,
    ParseError,
    ShapeError,
    UnknownGameError,
)
from ludoteca.loading import load_game
from ludoteca.simulation import SimulationResult, simulate

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameInfo",
    "GameOverError",
    "IllegalActionError",
    "InvalidParameterError",
    "InvalidPositionError",
    "LudoError",
    "NodeKindError",
    "ParseError",
    "ShapeError",
    "SimulationResult",
    "State",
    "UnknownGameError",
    "VectorEnv",
    "__version__",
    "deserialize_state",
    "load_game",
    "registered_games",
    "simulate",
]
