"""Whole-game simulation in bulk, with a summary (mean returns with 95% confidence intervals, win rates).

The games run in Rust on all cores with the GIL released; game ``k`` always uses the random stream
``(seed, k)``, so the arrays are identical for any thread count and any chunking.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from ludoteca import _core

#: Games per Rust call when a progress callback is given (small enough for a smooth bar).
_CHUNK = 50_000


@dataclass(frozen=True)
class SeatSummary:
    """Statistics of one seat over a simulation."""

    seat: int
    bot: str
    mean_return: float
    ci95: float
    win_rate: float
    draw_rate: float
    mean_score: float


@dataclass(frozen=True)
class SimulationResult:
    """Per-game arrays of a simulation and their summary."""

    game: str
    seed: int
    bots: list[str]
    returns: npt.NDArray[np.float64]
    """(n_games, players) final returns."""
    scores: npt.NDArray[np.float64]
    """(n_games, players) game-specific scores (card points of the deal, match totals)."""
    lengths: npt.NDArray[np.uint32]
    """(n_games,) number of actions per game, chance included."""
    seconds: float = field(default=0.0, compare=False)
    """Wall time of the simulation."""

    @property
    def n_games(self) -> int:
        """Number of games simulated."""
        return int(self.returns.shape[0])

    @property
    def games_per_second(self) -> float:
        """Throughput (0 when not timed)."""
        return self.n_games / self.seconds if self.seconds > 0 else 0.0

    def seats(self) -> list[SeatSummary]:
        """One summary row per seat."""
        n = max(self.n_games, 1)
        rows = []
        for s in range(self.returns.shape[1]):
            r = self.returns[:, s]
            sd = float(r.std(ddof=1)) if self.n_games > 1 else 0.0
            rows.append(
                SeatSummary(
                    seat=s,
                    bot=self.bots[s] if s < len(self.bots) else self.bots[0],
                    mean_return=float(r.mean()) if self.n_games else 0.0,
                    ci95=1.96 * sd / math.sqrt(n),
                    win_rate=float((r > 0).sum()) / n,
                    draw_rate=float((r == 0).sum()) / n,
                    mean_score=float(self.scores[:, s].mean()) if self.n_games else 0.0,
                )
            )
        return rows


def simulate(
    game: Union[str, _core.Game],
    n_games: int,
    seed: int = 0,
    bots: Optional[Sequence[str]] = None,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, int], None]] = None,
) -> SimulationResult:
    """Plays ``n_games`` whole games of ``game`` with built-in bots and returns the per-game arrays.

    ``bots`` names one bot per seat, or one for every seat (default ``random``); ``Game.bots()``
    lists them. ``threads`` defaults to all cores. ``progress(done, total)`` is called after each
    chunk of games when given.
    """
    if n_games < 0:
        raise _invalid("n_games", f"must be non-negative, got {n_games}")
    g = game if isinstance(game, _core.Game) else _core.load_game(game)
    names = list(bots) if bots else ["random"]
    start = time.perf_counter()
    if progress is None:
        parts = [_core.simulate(g, n_games, seed=seed, bots=names, threads=threads)]
    else:
        parts = []
        done = 0
        while done < n_games:
            k = min(_CHUNK, n_games - done)
            parts.append(_core.simulate(g, k, seed=seed, bots=names, threads=threads, first_game=done))
            done += k
            progress(done, n_games)
    seconds = time.perf_counter() - start
    players = g.num_players()
    if not parts:
        parts = [_core.simulate(g, 0, seed=seed, bots=names, threads=threads)]
    return SimulationResult(
        game=g.game_string(),
        seed=seed,
        bots=names if len(names) == players else names * players,
        returns=np.concatenate([p["returns"] for p in parts]),
        scores=np.concatenate([p["scores"] for p in parts]),
        lengths=np.concatenate([p["lengths"] for p in parts]),
        seconds=seconds,
    )


def _invalid(name: str, reason: str) -> Exception:
    from ludoteca.errors import InvalidParameterError

    return InvalidParameterError(f"invalid parameter {name!r}: {reason}")
