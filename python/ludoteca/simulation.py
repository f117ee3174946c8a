"""Whole-game simulation in bulk, with a summary (mean returns with 95% confidence intervals, win rates).

The games run in Rust with the GIL released; game ``k`` always uses the random stream ``(seed, k)``, so
the arrays are identical for any thread count, any chunking and any backend:

- ``backend="serial"`` (default): one Rust call in this process, on all cores (``threads``).
- ``backend="processes"``: seeded shards of consecutive games on a pool of worker processes
  (standard library, ``spawn`` start method), each shard one Rust batch.
- ``backend="ray"``: the same shards as Ray tasks (``pip install 'ludoteca[ray]'``), for simulations that
  outgrow one machine. Without ``ray_address`` an already initialised Ray is used, else ``ray.init()``
  starts a local instance or joins the cluster named by the ``RAY_ADDRESS`` environment variable. To use
  an existing cluster, install the same ludoteca version on every node and pass its address, e.g.
  ``simulate(..., backend="ray", ray_address="ray://head-node:10001")`` (Ray Client) or
  ``ray_address="auto"`` on a cluster node; or call ``ray.init(address=...)`` yourself before
  ``simulate`` (then ``ray_address`` is not needed). A Ray instance started by ``simulate`` stays up for
  later calls, as ``ray.init`` is meant to be called once; ``ray.shutdown()`` stops it.

Shards are assembled by index, so ``simulate(..., backend=b)`` returns the same arrays for every ``b``.
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import numpy as np
import numpy.typing as npt

from ludoteca import _core


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
    score_label: str = field(default="score", compare=False)
    """What a score is in this game (``card points``, ``chips``, ``points``), for tables and exports."""

    @property
    def n_games(self) -> int:
        """Number of games simulated."""
        return int(self.returns.shape[0])

    @property
    def games_per_second(self) -> float:
        """Throughput (0 when not timed)."""
        return self.n_games / self.seconds if self.seconds > 0 else 0.0

    @property
    def mean_length(self) -> float:
        """Mean number of actions per game, chance included (0 when no game was played)."""
        return float(self.lengths.mean()) if self.n_games else 0.0

    def scores_equal_returns(self) -> bool:
        """Whether every score equals its return (then a separate score column says nothing new)."""
        return bool(np.array_equal(self.scores, self.returns))

    def to_dict(self) -> dict[str, Any]:
        """The run and its summary as plain data (JSON-ready): game, seed, bots, games, seconds,
        games per second, mean length and one dict per seat (see :class:`SeatSummary`).

        >>> import ludoteca
        >>> r = ludoteca.simulate("briscola", 100, seed=1)
        >>> r.to_dict()["games"], sorted(r.to_dict()["seats"][0])[:3]
        (100, ['bot', 'ci95', 'draw_rate'])
        """
        from dataclasses import asdict

        return {
            "game": self.game,
            "seed": self.seed,
            "bots": list(self.bots),
            "games": self.n_games,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "mean_length": self.mean_length,
            "score_label": self.score_label,
            "seats": [asdict(row) for row in self.seats()],
        }

    def to_pandas(self) -> Any:
        """One row per game: ``game`` (index k, stream ``(seed, k)``), ``length``, and ``return_<seat>``,
        ``score_<seat>`` per seat, as a ``pandas.DataFrame``. Needs pandas (``pip install pandas``).

        >>> df = ludoteca.simulate("briscola", 100, seed=1).to_pandas()   # doctest: +SKIP
        >>> df.groupby("length")["return_0"].mean()              # doctest: +SKIP
        """
        try:
            pd: Any = importlib.import_module("pandas")
        except ImportError as e:
            raise ImportError("SimulationResult.to_pandas needs pandas: pip install pandas") from e
        columns: dict[str, Any] = {"game": np.arange(self.n_games), "length": self.lengths}
        for s in range(self.returns.shape[1]):
            columns[f"return_{s}"] = self.returns[:, s]
        for s in range(self.scores.shape[1]):
            columns[f"score_{s}"] = self.scores[:, s]
        return pd.DataFrame(columns)

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

    def plot(self, path: str | os.PathLike[str] | None = None) -> Any:
        """A matplotlib figure of returns (mean ± 95% CI per seat), results per seat and game lengths,
        saved to ``path`` (.png, .svg or .pdf) when given; needs ``pip install 'ludoteca[plot]'``."""
        from ludoteca.render.plot import plot_simulation

        return plot_simulation(self, None if path is None else os.fspath(path))

    def _repr_html_(self) -> str:
        """Jupyter's view: the per-seat summary as an HTML table (``ludoteca.render.html``)."""
        from ludoteca.render.html import simulation_table

        return simulation_table(self)


#: The backends :func:`simulate` accepts.
BACKENDS = ("serial", "processes", "ray")


def simulate(
    game: str | _core.Game,
    n_games: int,
    seed: int = 0,
    bots: Sequence[str] | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    backend: str = "serial",
    workers: int | None = None,
    shard_size: int | None = None,
    ray_address: str | None = None,
) -> SimulationResult:
    """Plays ``n_games`` whole games of ``game`` with built-in bots and returns the per-game arrays.

    ``bots`` names one bot per seat, or one for every seat (default ``random``); ``Game.bots()``
    lists them. ``n_games`` is at most ``_core.simulate_max_games(game)`` (results within 2 GiB, about
    59 million two-player games) and ``threads`` at most 256: larger values are an
    ``InvalidParameterError`` before anything runs. ``progress(done, total)`` is called several times a
    second while the games run (from the Rust workers' completed-game counter) and once at the end.
    Ctrl-C stops a long run and raises ``KeyboardInterrupt``.

    ``backend`` is ``"serial"`` (one Rust batch in this process; ``threads`` defaults to all cores),
    ``"processes"`` (shards on ``workers`` processes, default one per core) or ``"ray"`` (shards as
    Ray tasks; ``ray_address`` as for ``ray.init``, see the module docstring). For the sharded
    backends ``shard_size`` is the number of games per shard (default: about four shards per worker)
    and ``threads`` the Rust threads per shard (default 1). The result does not depend on any of these.

    Example::

        >>> import ludoteca
        >>> r = ludoteca.simulate("briscola", 10_000, seed=1, bots=["greedy", "random"])
        >>> r.n_games, r.returns.shape
        (10000, (10000, 2))
        >>> r.seats()[0].win_rate > r.seats()[1].win_rate    # greedy beats random
        True
    """
    if n_games < 0:
        raise _invalid("n_games", f"must be non-negative, got {n_games}")
    if not 0 <= seed < 2**64:
        raise _invalid("seed", f"must be in 0..2**64-1, got {seed}")
    if backend not in BACKENDS:
        raise _invalid("backend", f"must be one of {', '.join(BACKENDS)}, got {backend!r}")
    for name, value in (("workers", workers), ("shard_size", shard_size), ("threads", threads)):
        if value is not None and value < 1:
            raise _invalid(name, f"must be at least 1, got {value}")
    g = game if isinstance(game, _core.Game) else _core.load_game(game)
    limit = _core.simulate_max_games(g)
    if n_games > limit:
        # Checked before any work: every backend gathers all results in this process.
        raise _invalid(
            "n_games",
            f"{n_games} is more than one call holds ({limit} games of {g.num_players()} players, 2 GiB "
            "of results); simulate in chunks with _core.simulate(..., first_game=...)",
        )
    names = list(bots) if bots else ["random"]
    # Checks the bot names (and their count) here, before any work is sent anywhere.
    empty = _core.simulate(g, 0, seed=seed, bots=names)
    start = time.perf_counter()
    if backend == "serial":
        parts = _serial(g, n_games, seed, names, threads, progress)
    else:
        spec = _ShardSpec(g.game_string(), seed, tuple(names), threads or 1)
        n_workers = workers or os.cpu_count() or 1
        shards = _shards(n_games, shard_size or max(1, -(-n_games // (4 * n_workers))))
        run = _run_processes if backend == "processes" else _run_ray
        parts = run(spec, shards, n_workers, progress, n_games, ray_address)
    seconds = time.perf_counter() - start
    parts = parts or [empty]
    players = g.num_players()
    return SimulationResult(
        game=g.game_string(),
        seed=seed,
        bots=names if len(names) == players else names * players,
        returns=np.concatenate([p["returns"] for p in parts]),
        scores=np.concatenate([p["scores"] for p in parts]),
        lengths=np.concatenate([p["lengths"] for p in parts]),
        seconds=seconds,
        score_label=score_label(g.name),
    )


#: What a game's ``scores()`` count, where it is not plain "points".
_SCORE_LABELS = {
    "briscola": "card points",  # of the deal; a match's totals with scope=match
    "schafkopf": "card points",
    "solo": "points",
    "zole": "card points",
    "tysiac": "card points",  # of the deal; a match's totals with scope=match
    "reversis": "card points",  # of the deal; a match's chip totals with scope=match
    "tetka": "queens taken",  # the card points of its table; the penalties are the returns
    "calabrasella": "card points",  # won in tricks (the leftover pile and last trick are in the returns)
    "twenty_four": "cards held",
    "go": "points",  # area or territory, komi included
    "rengo": "points",
}


def score_label(short_name: str) -> str:
    """What ``State.scores()`` counts in the game ``short_name`` (``"score"`` when not known)."""
    return _SCORE_LABELS.get(short_name, "score")


Arrays = dict[str, npt.NDArray[Any]]
Progress = Optional[Callable[[int, int], None]]


def _serial(
    g: _core.Game, n_games: int, seed: int, names: list[str], threads: int | None, progress: Progress
) -> list[Arrays]:
    """Runs the games in this process as one Rust call, which reports progress by time (not by chunk)."""
    return [_core.simulate(g, n_games, seed=seed, bots=names, threads=threads, progress=progress)]


@dataclass(frozen=True)
class _ShardSpec:
    """What every shard of one simulation shares; plain data, so it pickles to any worker."""

    game: str
    seed: int
    bots: tuple[str, ...]
    threads: int


def _shards(n_games: int, size: int) -> list[tuple[int, int]]:
    """``(first_game, count)`` of consecutive shards covering games ``0..n_games``."""
    return [(first, min(size, n_games - first)) for first in range(0, n_games, size)]


def run_shard(spec: _ShardSpec, first_game: int, count: int) -> Arrays:
    """Plays games ``first_game .. first_game + count`` of a simulation (one Rust batch).

    Game ``k`` uses the stream ``(seed, k)`` whatever the shard, which is what makes sharded results
    identical to a single batch. Runs in worker processes and Ray tasks, so it is a module-level function.
    """
    return _core.simulate(
        spec.game, count, seed=spec.seed, bots=list(spec.bots), threads=spec.threads, first_game=first_game
    )


def _run_processes(
    spec: _ShardSpec,
    shards: list[tuple[int, int]],
    workers: int,
    progress: Progress,
    total: int,
    _address: str | None,
) -> list[Arrays]:
    """Runs the shards on a process pool and returns their arrays in shard order."""
    if not shards:
        return []
    # "spawn", not "fork": a forked child would inherit a Rust thread pool whose threads do not exist there.
    context = multiprocessing.get_context("spawn")
    results: list[Arrays | None] = [None] * len(shards)
    done = 0
    with ProcessPoolExecutor(max_workers=min(workers, len(shards)), mp_context=context) as pool:
        futures = {pool.submit(run_shard, spec, first, count): i for i, (first, count) in enumerate(shards)}
        for future in as_completed(futures):
            i = futures[future]
            try:
                results[i] = future.result()
            except BrokenProcessPool as e:
                # The usual cause: a script calling simulate at import time, which spawned workers
                # re-import; Python's own message is printed by the workers, not raised here.
                raise RuntimeError(
                    "backend='processes': the worker processes died while starting. In a script, call "
                    'simulate under `if __name__ == "__main__":` (worker processes import the main module).'
                ) from e
            done += shards[i][1]
            if progress is not None:
                progress(done, total)
    return [r for r in results if r is not None]


def _run_ray(
    spec: _ShardSpec,
    shards: list[tuple[int, int]],
    _workers: int,
    progress: Progress,
    total: int,
    address: str | None,
) -> list[Arrays]:
    """Runs the shards as Ray tasks (one Rust batch each) and returns their arrays in shard order."""
    try:
        # Imported by name so that the package (and mypy) need Ray only when this backend is used.
        ray: Any = importlib.import_module("ray")
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("backend='ray' needs Ray: pip install 'ludoteca[ray]'") from e
    if not shards:
        return []
    if not ray.is_initialized():
        ray.init(address=address)
    task = ray.remote(num_cpus=spec.threads)(run_shard)
    refs = [task.remote(spec, first, count) for first, count in shards]
    index = {ref: i for i, ref in enumerate(refs)}
    results: list[Arrays | None] = [None] * len(shards)
    pending = list(refs)
    done = 0
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            i = index[ref]
            results[i] = ray.get(ref)
            done += shards[i][1]
            if progress is not None:
                progress(done, total)
    return [r for r in results if r is not None]


def _invalid(name: str, reason: str) -> Exception:
    from ludoteca.errors import InvalidParameterError

    return InvalidParameterError(f"invalid parameter {name!r}: {reason}")
