"""Plots of simulations (``SimulationResult.plot``, ``ludoteca simulate --plot``) with matplotlib:
``pip install 'ludoteca[plot]'``.

Figures are built with ``matplotlib.figure.Figure`` directly (no pyplot, no GUI backend), so they work in
scripts, servers and notebooks alike; a notebook shows a returned figure by itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

import numpy as np

if TYPE_CHECKING:
    from ludoteca.simulation import SimulationResult

_MISSING = "plots need matplotlib: pip install 'ludoteca[plot]'"
#: Where a figure may be saved: the suffix picks the format (.png, .svg, .pdf).
PathLike = Union[str, Path]
FORMATS = (".png", ".svg", ".pdf")


def _figure(**kwargs: Any) -> Any:
    """A new matplotlib Figure, or an ImportError naming the extra."""
    try:
        figure = importlib.import_module("matplotlib.figure")
    except ImportError as e:
        raise ImportError(_MISSING) from e
    return figure.Figure(**kwargs)


def _save(fig: Any, path: PathLike | None) -> Any:
    """Saves ``fig`` to ``path`` when given (its suffix names the format); returns the figure."""
    if path is not None:
        from ludoteca.errors import InvalidParameterError

        suffix = Path(path).suffix.lower()
        if suffix not in FORMATS:
            raise InvalidParameterError(
                f"invalid parameter 'path': the file name must end in {', '.join(FORMATS)}, got {str(path)!r}"
            )
        fig.savefig(path, dpi=110)
    return fig


def plot_simulation(result: SimulationResult, path: PathLike | None = None) -> Any:
    """Four panels: each seat's mean return with its 95% confidence interval, the distribution of each
    seat's score (card points, match totals) with its mean and interval, wins/draws/losses per seat, and
    the histogram of game lengths. Saved to ``path`` if given."""
    seats = result.seats()
    fig = _figure(figsize=(15, 4), layout="constrained")
    ax_ret, ax_score, ax_win, ax_len = fig.subplots(1, 4)
    fig.suptitle(f"{result.game}: {result.n_games:,} games, seed {result.seed}")
    labels = [f"{s.seat}\n{s.bot}" for s in seats]
    x = np.arange(len(seats))
    ax_ret.errorbar(
        x, [s.mean_return for s in seats], yerr=[s.ci95 for s in seats], fmt="o", color="black", capsize=5
    )
    ax_ret.set(
        title="mean return ± 95% CI", xticks=x, xticklabels=labels, xlabel="seat", xlim=(-0.5, len(x) - 0.5)
    )
    ax_ret.axhline(0, color="grey", linewidth=0.8)
    n = max(result.n_games, 1)
    score_ci = [
        1.96 * float(result.scores[:, s.seat].std(ddof=1)) / np.sqrt(n) if n > 1 else 0.0 for s in seats
    ]
    if result.n_games:
        parts = ax_score.violinplot([result.scores[:, s.seat] for s in seats], positions=x, showextrema=False)
        for body in parts["bodies"]:
            body.set_alpha(0.35)
    ax_score.errorbar(x, [s.mean_score for s in seats], yerr=score_ci, fmt="o", color="black", capsize=5)
    ax_score.set(title="score distribution (mean ± 95% CI)", xticks=x, xticklabels=labels, xlabel="seat")
    wins = np.array([s.win_rate for s in seats])
    draws = np.array([s.draw_rate for s in seats])
    ax_win.bar(x, wins, label="win", color="#2a7a3a")
    ax_win.bar(x, draws, bottom=wins, label="draw", color="#b0b0b0")
    ax_win.bar(x, 1 - wins - draws, bottom=wins + draws, label="loss", color="#b03030")
    ax_win.set(title="results per seat", xticks=x, xticklabels=labels, ylim=(0, 1), xlabel="seat")
    ax_win.legend(loc="upper right", fontsize="small")
    if result.n_games:
        ax_len.hist(result.lengths, bins=min(40, max(1, int(np.ptp(result.lengths)) + 1)), color="#3060a0")
    ax_len.set(title="game length", xlabel="actions per game (chance included)", ylabel="games")
    return _save(fig, path)


def plot_matchups(results: Sequence[SimulationResult], seat: int = 0, path: PathLike | None = None) -> Any:
    """Win rate of ``seat`` in each of a series of simulations (one bar per matchup, labelled by its
    bots), with 95% confidence intervals. Saved to ``path`` if given."""
    if not results:
        from ludoteca.errors import InvalidParameterError

        raise InvalidParameterError("invalid parameter 'results': give at least one simulation")
    fig = _figure(figsize=(max(5, 1.4 * len(results)), 4), layout="constrained")
    ax = fig.subplots()
    rates, errors, labels = [], [], []
    for r in results:
        s = r.seats()[seat]
        n = max(r.n_games, 1)
        rates.append(s.win_rate)
        errors.append(1.96 * np.sqrt(s.win_rate * (1 - s.win_rate) / n))
        labels.append(" vs ".join(r.bots))
    x = np.arange(len(results))
    ax.bar(x, rates, yerr=errors, capsize=5, color="#2a7a3a")
    ax.set(title=f"win rate of seat {seat}", xticks=x, xticklabels=labels, ylim=(0, 1))
    ax.tick_params(axis="x", labelrotation=20)
    return _save(fig, path)
