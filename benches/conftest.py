"""Benchmarks print throughput (games/s, plies/s) next to pytest-benchmark's timing table."""

from __future__ import annotations

from typing import Any

import pytest

_lines: list[str] = []


def report(benchmark: Any, label: str, units: float, unit: str) -> None:
    """Records `units` per mean round as throughput in the benchmark's extra info and the summary."""
    if benchmark.stats is None:  # --benchmark-disable: the body ran once, untimed
        return
    mean = benchmark.stats.stats.mean
    rate = units / mean
    benchmark.extra_info[unit + "_per_s"] = rate
    _lines.append(f"{label:<48} {rate:>14,.0f} {unit}/s")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _lines:
        terminalreporter.section("throughput")
        for line in _lines:
            terminalreporter.write_line(line)
