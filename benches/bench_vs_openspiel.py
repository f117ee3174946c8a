"""Side by side in one run: OpenSpiel's C++ `evaluate_bots` against ludoteca's `simulate`, same machine,
same moment, the same policy on both sides: uniform random over the legal moves (pass included).
Go 9x9 and 19x19 under every ruleset, and Xiangqi. Our `random_no_eye` (never fills its own eye, as
OpenSpiel's Go playouts do) is reported as a second line; it is not the policy OpenSpiel runs.

Plies are counted in the timed runs themselves: `evaluate_bots` plays on the state it is given, so its
history is read after each game; `simulate` returns every game's length. Our Go games use OpenSpiel's
cap (`max_moves` = 2·N², OpenSpiel's `max_game_length`), so both sides play games of the same kind;
our lengths also count the two `accept` actions of the marking phase under the agreement rulesets.
Each ludoteca line also prints its games/s as a multiple of OpenSpiel's.

Needs `pip install open_spiel` (a test-only reference; skipped without it).
Run: `pytest benches/bench_vs_openspiel.py --benchmark-only` and compare the throughput lines.
"""

from __future__ import annotations

from typing import Any

import pytest

import ludoteca
from conftest import _lines, report

pyspiel = pytest.importorskip("pyspiel")

GO_RULESETS = ["japanese", "chinese", "aga", "nz", "tromp_taylor"]

# (label, OpenSpiel game, its parameters, OpenSpiel games per round)
OPENSPIEL = [
    ("go 9x9", "go", {"board_size": 9, "komi": 7.5}, 1_000),
    ("go 19x19", "go", {"board_size": 19, "komi": 7.5}, 100),
    ("xiangqi", "xiangqi", {}, 200),
]

# (label of the OpenSpiel line it is compared with, ludoteca game string, bot, games per round)
LUDOTECA = [
    (f"go {n}x{n}", f"go(board_size={n},ruleset={rs},max_moves={2 * n * n})", bot, games)
    for n, games in ((9, 10_000), (19, 1_000))
    for rs in GO_RULESETS
    for bot in ("random", "random_no_eye")
] + [("xiangqi", "xiangqi", "random", 2_000)]

_openspiel_games_per_s: dict[str, float] = {}


@pytest.mark.parametrize("case", OPENSPIEL, ids=[c[0] for c in OPENSPIEL])
def test_openspiel_evaluate_bots(benchmark: Any, case: tuple[Any, ...]) -> None:
    label, name, params, n = case
    game = pyspiel.load_game(name, params)
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(game.num_players())]
    plies: list[int] = []

    def run() -> None:
        plies.clear()
        for i in range(n):
            state = game.new_initial_state()
            pyspiel.evaluate_bots(state, bots, i)
            plies.append(len(state.history()))

    benchmark.pedantic(run, rounds=2, iterations=1)
    line = f"OpenSpiel C++ evaluate_bots {label} uniform, 1 thread"
    report(benchmark, line, n, "games")
    report(benchmark, line, float(sum(plies)), "plies")
    if benchmark.stats is not None:
        _openspiel_games_per_s[label] = n / benchmark.stats.stats.mean


@pytest.mark.parametrize("case", LUDOTECA, ids=[f"{c[1]}-{c[2]}" for c in LUDOTECA])
def test_ludoteca_simulate(benchmark: Any, case: tuple[Any, ...]) -> None:
    label, spec, bot, n = case
    game = ludoteca.load_game(spec)
    result: dict[str, Any] = {}

    def run() -> None:
        result["r"] = ludoteca.simulate(game, n, seed=1, bots=[bot], threads=1)

    benchmark.pedantic(run, rounds=2, iterations=1)
    policy = "uniform" if bot == "random" else bot
    line = f"ludoteca {spec} {policy}, 1 thread"
    report(benchmark, line, n, "games")
    report(benchmark, line, float(result["r"].lengths.sum()), "plies")
    theirs = _openspiel_games_per_s.get(label)
    if benchmark.stats is not None and theirs:
        ratio = n / benchmark.stats.stats.mean / theirs
        _lines.append(f"{'  = x OpenSpiel ' + label + ' uniform (games/s)':<48} {ratio:>14.1f}")
