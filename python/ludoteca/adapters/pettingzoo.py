"""PettingZoo AEC environments for every registered ludoteca game.

Two ways to make one::

    from ludoteca.adapters import pettingzoo as lpz
    env = lpz.env("briscola(players=4)", render_mode=None)       # any game string
    env = lpz.briscola_v1.env(players=4, render_mode="ansi")     # versioned per-game constructor

    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

``env()`` returns the raw environment wrapped as PettingZoo's classic environments are
(``TerminateIllegalWrapper(illegal_reward=-1)``, ``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``);
``raw_env()`` returns :class:`~ludoteca.adapters._pettingzoo_env.LudotecaAECEnv` itself, whose docstring
gives the agents, spaces, seeding, rewards and rendering.

Every registered game ``g`` with rules version ``N`` has a module-like constructor ``g_vN`` here (also
importable as ``ludoteca.adapters.pettingzoo.g_vN``), taking the game's parameters as keywords. The
version follows the game's rules/encoding version, so a change of the game's behaviour changes the id.

PettingZoo and Gymnasium are imported when the first environment is made, not when this module is
imported.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any, Union

import ludoteca
from ludoteca import loading as _loading

if TYPE_CHECKING:
    from ludoteca.adapters._pettingzoo_env import LudotecaAECEnv

#: Parameter values in game strings are written as ``load_game`` reads them.
_Value = Union[bool, int, float, str]


#: What to install when PettingZoo or Gymnasium is missing.
INSTALL_HINT = "pip install 'ludoteca[pettingzoo]'"


def _require_pettingzoo() -> None:
    """Imports PettingZoo and Gymnasium, or raises ImportError saying how to install them."""
    for name in ("pettingzoo", "gymnasium"):
        try:
            __import__(name)
        except ImportError as e:
            raise ImportError(
                f"ludoteca.adapters.pettingzoo needs PettingZoo and Gymnasium ({name} is missing): {INSTALL_HINT}"
            ) from e


def raw_env(game: str | ludoteca.Game = "briscola", render_mode: str | None = None) -> LudotecaAECEnv:
    """The unwrapped AEC environment of ``game`` (illegal actions raise IllegalActionError).

    Raises ImportError naming ``pip install 'ludoteca[pettingzoo]'`` when PettingZoo is not installed.
    """
    _require_pettingzoo()
    from ludoteca.adapters._pettingzoo_env import LudotecaAECEnv

    return LudotecaAECEnv(game, render_mode=render_mode)


def env(
    game: str | ludoteca.Game = "briscola",
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
) -> Any:
    """The AEC environment of ``game`` with PettingZoo's standard wrappers.

    An illegal action ends the game: the offender gets ``illegal_reward``, the others 0. Raises
    ImportError naming ``pip install 'ludoteca[pettingzoo]'`` when PettingZoo is not installed.

    Example::

        >>> from ludoteca.adapters.pettingzoo import env
        >>> aec = env("briscola(players=4)", render_mode="ansi")
        >>> aec.reset(seed=1)
        >>> aec.agents
        ['player_0', 'player_1', 'player_2', 'player_3']
    """
    _require_pettingzoo()
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]

    wrapped = wrappers.TerminateIllegalWrapper(raw_env(game, render_mode), illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


#: ``name(k=v,...)`` from keyword parameters (booleans as ``true``/``false``): the one writer that
#: ``ludoteca.load_game`` uses, re-exported under the name this module has always had.
game_string = _loading.game_string


def _versioned_module(info: ludoteca.GameInfo) -> ModuleType:
    """The ``<game>_v<N>`` module of one registered game, with ``env``, ``raw_env`` and ``GAME``."""
    name = f"{info.short_name}_v{info.version}"
    module = ModuleType(
        f"{__name__}.{name}",
        f"PettingZoo AEC environment of {info.long_name} (rules version {info.version}).",
    )

    def make_env(render_mode: str | None = None, illegal_reward: float = -1.0, **params: _Value) -> Any:
        """The wrapped environment; keywords are the game's parameters (``players=4``)."""
        return env(
            game_string(info.short_name, params), render_mode=render_mode, illegal_reward=illegal_reward
        )

    def make_raw_env(render_mode: str | None = None, **params: _Value) -> LudotecaAECEnv:
        """The unwrapped environment; keywords are the game's parameters."""
        return raw_env(game_string(info.short_name, params), render_mode=render_mode)

    setattr(module, "env", make_env)
    setattr(module, "raw_env", make_raw_env)
    setattr(module, "GAME", info.short_name)
    return module


#: The versioned constructors by environment id, one per registered game.
ENVIRONMENTS: dict[str, ModuleType] = {}
for _info in ludoteca.registered_games():
    _module = _versioned_module(_info)
    _id = _module.__name__.rsplit(".", 1)[1]
    ENVIRONMENTS[_id] = _module
    globals()[_id] = _module
    # Registered so that `import ludoteca.adapters.pettingzoo.<id>` works like a real submodule.
    sys.modules[_module.__name__] = _module


def __getattr__(name: str) -> Any:
    """The environment class on demand, and a clear error for an id of another version."""
    if name == "LudotecaAECEnv":
        _require_pettingzoo()
        from ludoteca.adapters import _pettingzoo_env

        return _pettingzoo_env.LudotecaAECEnv
    base, sep, _version = name.rpartition("_v")
    current = [k for k in ENVIRONMENTS if k.rpartition("_v")[0] == base]
    if sep and current:
        raise AttributeError(f"{name} is not available: this ludoteca has {current[0]}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
