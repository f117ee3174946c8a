"""HTML for notebooks: the summary table of a simulation (``SimulationResult._repr_html_``)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludoteca.simulation import SimulationResult


def simulation_table(result: SimulationResult) -> str:
    """One row per seat (bot, mean return ± 95% interval, win and draw rates, mean score) under a line
    naming the game, the number of games, the seed, the mean length and the throughput."""
    lengths = result.lengths
    mean_length = float(lengths.mean()) if result.n_games else 0.0
    head = (
        f"<p><b>{escape(result.game)}</b> · {result.n_games:,} games · seed {result.seed} · "
        f"mean length {mean_length:.1f} actions"
    )
    if result.games_per_second:
        head += f" · {result.games_per_second:,.0f} games/s"
    rows = "".join(
        "<tr>"
        f"<td>{s.seat}</td><td>{escape(s.bot)}</td><td>{s.mean_return:+.4f} ± {s.ci95:.4f}</td>"
        f"<td>{s.win_rate:.1%}</td><td>{s.draw_rate:.1%}</td><td>{s.mean_score:.2f}</td>"
        "</tr>"
        for s in result.seats()
    )
    return (
        head
        + "</p><table><thead><tr><th>seat</th><th>bot</th><th>mean return ± 95% CI</th><th>wins</th>"
        + "<th>draws</th><th>mean score</th></tr></thead><tbody>"
        + rows
        + "</tbody></table>"
    )
