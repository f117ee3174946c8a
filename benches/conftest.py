"""Benchmarks print throughput (games/s, plies/s) next to pytest-benchmark's timing table."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import pytest

import ludoteca

_lines: list[str] = []


def report(benchmark: Any, label: str, units: float, unit: str) -> None:
    """Records `units` per mean round as throughput in the benchmark's extra info and the summary."""
    if benchmark.stats is None:  # --benchmark-disable: the body ran once, untimed
        return
    mean = benchmark.stats.stats.mean
    rate = units / mean
    benchmark.extra_info[unit + "_per_s"] = rate
    _lines.append(f"{label:<48} {rate:>14,.0f} {unit}/s")


def bench_simulate(
    benchmark: Any, spec: str, n_games: int, threads: int | None = 1, bots: Sequence[str] | None = None
) -> None:
    """Times `ludoteca.simulate` of `n_games` whole games (3 rounds) and reports games/s."""
    game = ludoteca.load_game(spec)
    benchmark.pedantic(
        lambda: ludoteca.simulate(game, n_games, seed=1, bots=bots, threads=threads), rounds=3, iterations=1
    )
    who = " vs ".join(dict.fromkeys(bots)) if bots else "random"
    report(benchmark, f"simulate {spec} {who}, {threads or os.cpu_count()} thread(s)", n_games, "games")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _lines:
        terminalreporter.section("throughput")
        for line in _lines:
            terminalreporter.write_line(line)
