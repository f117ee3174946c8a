"""The PettingZoo AEC environment class (imports PettingZoo and Gymnasium, so only loaded on demand).

Use it through :mod:`ludoteca.adapters.pettingzoo`, which imports this module lazily.
"""

from __future__ import annotations

import operator
from typing import Any

import gymnasium  # type: ignore[import-not-found, unused-ignore]
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]

import ludoteca
from ludoteca.errors import InvalidParameterError

#: Observations handed to agents: the seat's view and the mask of its legal actions.
Observation = dict[str, npt.NDArray[Any]]

#: Render modes the environments support (text only: no GUI dependency).
RENDER_MODES = ["ansi", "human", "rgb_array"]


def env_name(info: ludoteca.GameInfo) -> str:
    """The versioned environment id of a game, ``<game>_v<version>``.

    The version is the game's rules/encoding version from the registry, so it changes exactly when
    the game's actions, observations or rules change (PettingZoo's reproducibility rule).
    """
    return f"{info.short_name}_v{info.version}"


def registry_entry(game: ludoteca.Game) -> ludoteca.GameInfo:
    """The registry entry of a loaded game."""
    return next(info for info in ludoteca.registered_games() if info.short_name == game.name)


class LudotecaAECEnv(AECEnv):  # type: ignore[misc, unused-ignore]
    """One ludoteca game as a PettingZoo AEC environment.

    - Agents are ``player_0`` .. ``player_{n-1}``, agent ``player_i`` sitting at seat ``i``.
    - Observations are ``{"observation": float32 array of Game.observation_shape(), "action_mask":
      int8 array over Game.num_distinct_actions()}``; the observation is the seat's own view (hidden
      information never leaks), the mask is all zeros for an agent that is not to act.
    - The observation Box has the game's ``observation_bounds()`` ([0, 1] for one-hot planes and
      fractions, infinite for raw totals such as a match ledger).
    - Spaces are identical for every agent and the same objects on every call.
    - Chance (dealing, drawing) is resolved inside the environment: ``reset(seed=s)`` plays the deal of
      ``game.new_initial_state(seed=s)``; ``reset()`` without a seed draws the next deal's seed from the
      stream of the last seed given (or from fresh entropy), so a seeded sequence of resets is reproducible.
      The seed of the current deal is ``game_seed`` (for :mod:`ludoteca.record`).
    - Rewards are the change of ``State.returns()`` caused by each step, so an agent's cumulative
      reward over a game is its return.
    - An illegal action raises :class:`ludoteca.IllegalActionError` in this raw environment and leaves the
      game unchanged; :func:`ludoteca.adapters.pettingzoo.env` wraps it in PettingZoo's
      ``TerminateIllegalWrapper`` instead (the offender gets -1 and the game ends), as the classic
      environments do.
    - Render modes ``ansi`` (returns the table as text), ``human`` (prints it after every step) and
      ``rgb_array`` (the omniscient picture, ``State.to_svg()``, as an H×W×3 uint8 array; needs
      ``pip install 'ludoteca[png]'``).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": RENDER_MODES,
        "name": "ludoteca",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, game: str | ludoteca.Game = "briscola", render_mode: str | None = None) -> None:
        """Loads ``game`` (a game string or a loaded game); ``render_mode`` is None or one of ``RENDER_MODES``."""
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidParameterError(
                f"invalid parameter 'render_mode': must be one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}"
            )
        self.game: ludoteca.Game = game if isinstance(game, ludoteca.Game) else ludoteca.load_game(game)
        self.metadata = {
            **type(self).metadata,
            "name": env_name(registry_entry(self.game)),
            "game": self.game.game_string(),
        }
        self.render_mode = render_mode
        n_actions = self.game.num_distinct_actions()
        low, high = self.game.observation_bounds()
        self.possible_agents: list[str] = [f"player_{i}" for i in range(self.game.num_players())]
        self._seat: dict[str, int] = {agent: i for i, agent in enumerate(self.possible_agents)}
        # One space object per agent, created once: api_test checks identity, seed_test seeds them one by one.
        self.observation_spaces: dict[str, gymnasium.spaces.Dict] = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, gymnasium.spaces.Discrete] = {
            agent: gymnasium.spaces.Discrete(n_actions) for agent in self.possible_agents
        }
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]
        self.state: ludoteca.State | None = None
        self.game_seed: int | None = None
        self._rng: np.random.Generator | None = None
        self._returns: list[float] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(Game.num_distinct_actions())``, same object every call."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game; ``seed`` fixes the deal (see the class docstring). ``options`` is unused."""
        if seed is not None:
            if seed < 0:
                raise InvalidParameterError(f"invalid parameter 'seed': must be non-negative, got {seed}")
            self._rng = np.random.default_rng(seed)
            self.game_seed = int(seed)
        else:
            if self._rng is None:
                self._rng = np.random.default_rng()
            self.game_seed = int(self._rng.integers(0, 2**63))
        self.state = self.game.new_initial_state(seed=self.game_seed)
        self._returns = self.state.returns()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._select_next()

    def observe(self, agent: str) -> Observation:
        """The observation of ``agent``: its view of the table and its action mask."""
        state = self._require_state()
        seat = self._seat[agent]
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if state.current_player() == seat:
            mask[state.legal_actions()] = 1
        return {"observation": state.observation_tensor(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Plays ``action`` (an id of the action space) for ``agent_selection``; ``None`` for a dead agent."""
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        state = self._require_state()
        agent = self.agent_selection
        if action is None:
            raise ludoteca.IllegalActionError(
                f"{agent} is to act: step(None) is only for agents whose game is over"
            )
        # An id is an integer (numpy integers too): int(1.5) would silently play action 1.
        if isinstance(action, (bool, np.bool_)) or not hasattr(action, "__index__"):
            raise TypeError(f"an action is an integer id of the action space, got {action!r}")
        state.apply_action(operator.index(action))
        # The agent has now seen what it was owed; what follows accumulates until its next turn.
        self._cumulative_rewards[agent] = 0.0
        returns = state.returns()
        self.rewards = {a: float(returns[self._seat[a]] - self._returns[self._seat[a]]) for a in self.agents}
        self._returns = returns
        self._accumulate_rewards()
        self._select_next()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The whole table as text (``ansi``), printed (``human``) or as an RGB array (``rgb_array``);
        None without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.render_mode == "rgb_array":
            from ludoteca.render.png import png_to_array

            return png_to_array(self._require_state().to_png())
        text = str(self._require_state())
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release (pictures are made on demand)."""

    def _select_next(self) -> None:
        """Points ``agent_selection`` at the seat to act, or, once the game is over, at the first agent."""
        state = self._require_state()
        if state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
            # Every agent now takes one dead step (step(None)) in seat order, reading its final reward.
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def _require_state(self) -> ludoteca.State:
        if self.state is None:
            raise ludoteca.NodeKindError("the environment has no game yet: call reset() first")
        return self.state
