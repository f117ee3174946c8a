"""ludoteca: exact, fast engines for traditional card and board games (Rust core, Python API).

The loop every program writes::

    import ludoteca
    game = ludoteca.load_game("briscola(players=4)")   # or load_game("briscola", players=4)
    state = game.new_initial_state(seed=7)          # chance resolved from the seed
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Whole games in bulk: :func:`simulate`; many environments stepped together: :class:`VectorEnv`.
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
