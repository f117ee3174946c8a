"""OpenSpiel games for every registered ludoteca game (``pip install 'ludoteca[openspiel]'``).

::

    from ludoteca.adapters import openspiel as los
    game = los.load_game("briscola(players=4)")      # a pyspiel.Game
    state = game.new_initial_state()                 # explicit chance: deals are chance nodes
    import pyspiel  # type: ignore[import-not-found]
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)

``load_game`` registers every ludoteca game with pyspiel as a Python game named ``ludoteca_<name>``
(``register_all()`` does it once), then loads the game string: ``pyspiel.load_game("ludoteca_zole",
{"ruleset": "classic_lv"})`` works after it too, and so do presets through the ``ruleset`` parameter.
The states delegate to ludoteca's: chance is explicit (``chance_outcomes``), legal actions are sorted,
``returns``, ``rewards``, ``information_state_string``, ``observation_string``, the observation tensor
through ``make_py_observer``, ``clone``, and OpenSpiel's history-based ``serialize``/``deserialize``.
``resample_from_infostate`` (what ``ISMCTSBot`` needs) draws from :func:`ludoteca.determinize.resample_hidden`.

The ``GameType``/``GameInfo`` of each game follow its rules: chance mode (deterministic for Go and
Xiangqi, explicit stochastic otherwise), perfect or imperfect information, utility kind, terminal rewards,
``max_game_length`` and ``max_chance_outcomes`` from ludoteca's game (every chance outcome id is below it).
Utility bounds: see :func:`utility_bounds`.

open_spiel is imported when this module is imported; ``import ludoteca`` never imports it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import ludoteca
from ludoteca.determinize import resample_hidden

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError as e:  # pragma: no cover - exercised only without open_spiel
    raise ImportError("ludoteca.adapters.openspiel needs OpenSpiel: pip install 'ludoteca[openspiel]'") from e

#: Prefix of the pyspiel names of ludoteca games.
PREFIX = "ludoteca_"

#: Games without chance events (OpenSpiel's DETERMINISTIC chance mode).
_DETERMINISTIC = frozenset({"go", "rengo", "xiangqi"})
#: Games where every seat sees everything (OpenSpiel's PERFECT_INFORMATION); chance may still occur.
_PERFECT_INFORMATION = frozenset({"go", "rengo", "xiangqi", "skelly"})
#: Games whose returns move before the end (a Carioca match's running totals): OpenSpiel's REWARDS model.
_INTERMEDIATE_RETURNS = frozenset({"carioca"})

_registered: set[str] = set()
_classes: dict[str, type] = {}


def _param_value(spec: dict[str, Any]) -> Any:
    """The pyspiel default of a ludoteca parameter spec (choices travel as strings)."""
    d = spec["default"]
    if spec["type"] == "bool":
        return bool(d)
    if spec["type"] == "int":
        return int(d)
    if spec["type"] == "float":
        return float(d)
    return str(d)


def _players_range(info: ludoteca.GameInfo) -> tuple[int, int]:
    """(min, max) seats over the game's parameters."""
    for spec in info.params:
        if spec["name"] in ("players", "num_players") and "min" in spec:
            return int(spec["min"]), int(spec["max"])
    n = ludoteca.load_game(info.short_name).num_players()
    return n, n


def utility_bounds(game: ludoteca.Game) -> tuple[float, float, float | None]:
    """``(min_utility, max_utility, utility_sum)`` of ``game``; ``utility_sum`` is None for general-sum.

    Each game declares them from its scoring rules and parameters (``Game.utility()``; the Rust
    ``Game::utility`` of each game documents its derivation, and the conformance tests check random
    games against it). Where a score can grow with a match's length (Tarok's radelci, Reversis's pots,
    Samba's hands), the bound is a cap derived from the rules' own limits (the match's deal cap, the
    stacks), far from reachable scores. A game that declares nothing gets ``±1e9`` general-sum.
    """
    u = game.utility()
    if u is None:
        return -1e9, 1e9, None
    return u


def _utility_kind(total: float | None) -> Any:
    if total is None:
        return pyspiel.GameType.Utility.GENERAL_SUM
    if total == 0.0:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.CONSTANT_SUM


def _game_type(info: ludoteca.GameInfo, utility_sum: float | None = None) -> Any:
    """The GameType of a game; its utility kind is that of one parameter set (``utility_sum``)."""
    lo, hi = _players_range(info)
    name = info.short_name
    params = {spec["name"]: _param_value(spec) for spec in info.params}
    utility = _utility_kind(utility_sum)
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"ludoteca {info.long_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.DETERMINISTIC
            if name in _DETERMINISTIC
            else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if name in _PERFECT_INFORMATION
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=utility,
        reward_model=(
            pyspiel.GameType.RewardModel.REWARDS
            if name in _INTERMEDIATE_RETURNS
            else pyspiel.GameType.RewardModel.TERMINAL
        ),
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _spec_of(short_name: str, params: dict[str, Any]) -> str:
    """A ludoteca game string from pyspiel parameters."""
    if not params:
        return short_name

    def text(v: Any) -> str:
        return ("true" if v else "false") if isinstance(v, bool) else str(v)

    return f"{short_name}({','.join(f'{k}={text(v)}' for k, v in sorted(params.items()))})"


class LudotecaGame(pyspiel.Game):  # type: ignore[misc]
    """A ludoteca game as a pyspiel Python game (made by :func:`load_game` or ``pyspiel.load_game``)."""

    _short_name: str = ""
    _game_type: Any = None
    _info: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_type = self._game_type
        # pyspiel fills every unset parameter with its default; a default value is read as unset, so a
        # preset (`ruleset=...`) still sets it. (A preset's value can't be set back to the default this way.)
        defaults = game_type.parameter_specification
        chosen = {k: v for k, v in params.items() if k not in defaults or defaults[k] != v}
        self.ludo = ludoteca.load_game(_spec_of(self._short_name, chosen))
        lo, hi, total = utility_bounds(self.ludo)
        # The utility kind depends on the parameters (a Zole without a pool is zero-sum, with one
        # general-sum): this game's type says the kind of its own parameter set.
        game_type = _game_type(self._info, total)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ludo.num_distinct_actions(),
            max_chance_outcomes=self.ludo.max_chance_outcomes(),
            num_players=self.ludo.num_players(),
            min_utility=lo,
            max_utility=hi,
            utility_sum=total,
            max_game_length=self.ludo.max_game_length(),
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> LudotecaState:
        """The root: a chance node in games that deal (chance is explicit)."""
        return LudotecaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observation tensor and string of ludoteca (the information-state string for perfect recall)."""
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, perfect_recall)


class LudotecaState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state delegating to a ludoteca :class:`~ludoteca.State` (``self.ludo``)."""

    def __init__(self, game: LudotecaGame, ludo: ludoteca.State | None = None) -> None:
        super().__init__(game)
        self.ludo = ludo if ludo is not None else game.ludo.new_initial_state(explicit_chance=True)
        self._rewards = [0.0] * game.ludo.num_players()

    def current_player(self) -> int:
        """Seat to act, pyspiel.PlayerId.CHANCE or TERMINAL (the same integers as ludoteca's)."""
        return self.ludo.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.ludo.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs at a chance node."""
        return self.ludo.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        # Rewards cover everything since the last decision (chance steps included), as OpenSpiel's
        # simulations read them at decision and terminal nodes only.
        chance = self.ludo.is_chance_node()
        self.ludo.apply_action(int(action))
        r = self.ludo.rewards()
        self._rewards = [a + b for a, b in zip(self._rewards, r)] if chance else r

    def _action_to_string(self, player: int, action: int) -> str:
        return self.ludo.action_to_string(int(action))

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.ludo.is_terminal()

    def returns(self) -> list[float]:
        """Utility per seat (final at terminal states)."""
        return self.ludo.returns()

    def rewards(self) -> list[float]:
        """Reward per seat since the last decision: ludoteca's ``rewards()`` of that decision and of
        the chance steps after it (they add up to the returns, OpenSpiel's contract)."""
        return list(self._rewards)

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` has observed since the start."""
        return self.ludo.information_state_string(self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        """What ``player`` sees now."""
        return self.ludo.observation_string(self.current_player() if player is None else player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaState:
        """A state consistent with ``player_id``'s information state, drawn uniformly (see
        :func:`ludoteca.determinize.resample_hidden`); the seed comes from ``probability_sampler``."""
        seed = int(probability_sampler() * 2**53)
        return LudotecaState(self.get_game(), resample_hidden(self.ludo, player_id, seed))

    def __str__(self) -> str:
        return str(self.ludo)


class _Observer:
    """OpenSpiel's Python observer: ``tensor``/``dict`` from ludoteca's observation tensor."""

    def __init__(self, game: LudotecaGame, perfect_recall: bool) -> None:
        shape = tuple(game.ludo.observation_shape())
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self.perfect_recall = perfect_recall

    def set_from(self, state: LudotecaState, player: int) -> None:
        """Writes ``player``'s observation of ``state`` into ``self.tensor``."""
        self.tensor[:] = state.ludo.observation_tensor(player).reshape(-1)

    def string_from(self, state: LudotecaState, player: int) -> str:
        """The information-state string (perfect recall) or the observation string."""
        if self.perfect_recall:
            return state.ludo.information_state_string(player)
        return state.ludo.observation_string(player)


def register_all() -> list[str]:
    """Registers every ludoteca game with pyspiel (once); returns the pyspiel names."""
    for info in ludoteca.registered_games():
        name = PREFIX + info.short_name
        if name in _registered:
            continue
        default = ludoteca.load_game(info.short_name)
        game_type = _game_type(info, utility_bounds(default)[2])
        short = info.short_name

        # A class per game (as OpenSpiel's own Python games register), not a closure: pyspiel keeps
        # the factory until the interpreter exits, and a closure there aborts the process at exit.
        cls = type(
            f"Ludoteca_{short}",
            (LudotecaGame,),
            {
                "_short_name": short,
                "_game_type": game_type,
                "_info": info,
                "__doc__": f"ludoteca {info.long_name} in pyspiel.",
            },
        )
        _classes[name] = cls
        pyspiel.register_game(game_type, cls)
        _registered.add(name)
    return sorted(_registered)


def load_game(spec: str | ludoteca.Game) -> Any:
    """The pyspiel game of a ludoteca game string (``"briscola(players=4)"``) or Game."""
    register_all()
    game = ludoteca.load_game(spec) if isinstance(spec, str) else spec
    params = ludoteca.load_game(game.game_string()).params
    return pyspiel.load_game(PREFIX + game.name, dict(params))


def random_seed(rng: random.Random) -> int:
    """A seed for :func:`ludoteca.determinize.resample_hidden` drawn from ``rng``."""
    return rng.randrange(2**63)
