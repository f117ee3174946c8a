"""Evaluator throughput (hands/s), ours side by side with phevaluator (high) and PokerKit (low).

Run: `pytest benches/bench_poker.py --benchmark-only` (numbers depend on the machine; no assertions).
phevaluator's per-call figure is its public `evaluate_cards`; `_pheval.evaluate_7cards` is the C function
its wheel wraps, called from Python one hand at a time (Python's call overhead dominates it). Native
speeds are compared by instruction counts instead (callgrind, in the issue's notes): the batch evaluator's
per-hand cost against phevaluator's `evaluate_7cards` in C.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from conftest import report
from ludoteca import poker

N_BATCH = 1_000_000
N_CALLS = 20_000


def _hands(n: int, k: int) -> np.ndarray:
    rng = np.random.default_rng(0)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int64)


HANDS7 = _hands(N_BATCH, 7)
MASKS7 = np.bitwise_or.reduce(np.left_shift(np.uint64(1), HANDS7.astype(np.uint64)), axis=1)
ROWS7 = [list(map(int, r)) for r in HANDS7[:N_CALLS]]


@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_high7_batch_ids(benchmark: Any, threads: Any) -> None:
    benchmark.pedantic(lambda: poker.high_rank_batch(HANDS7, threads=threads), rounds=3, iterations=1)
    report(benchmark, f"ludoteca high 7-card batch (ids), {threads or 'all'} thread(s)", N_BATCH, "hands")


@pytest.mark.parametrize("threads", [1, None], ids=["1-thread", "all-threads"])
def test_high7_batch_masks(benchmark: Any, threads: Any) -> None:
    benchmark.pedantic(lambda: poker.high_rank_batch(MASKS7, threads=threads), rounds=3, iterations=1)
    report(benchmark, f"ludoteca high 7-card batch (masks), {threads or 'all'} thread(s)", N_BATCH, "hands")


def test_high7_per_call_ludoteca(benchmark: Any) -> None:
    f = poker.high_rank
    benchmark.pedantic(lambda: [f(r) for r in ROWS7], rounds=3, iterations=1)
    report(benchmark, "ludoteca high 7-card, one call per hand", N_CALLS, "hands")


def _per_call_phevaluator(benchmark: Any, f: Any, line: str) -> None:
    """Times `f` called once per hand on phevaluator's card ids (rank * 4 + suit)."""
    rows = [[(c % 13) * 4 + c // 13 for c in r] for r in ROWS7]
    benchmark.pedantic(lambda: [f(*r) for r in rows], rounds=3, iterations=1)
    report(benchmark, line, N_CALLS, "hands")


def test_high7_per_call_phevaluator(benchmark: Any) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    _per_call_phevaluator(benchmark, phevaluator.evaluate_cards, "phevaluator high 7-card, one call per hand")


def test_high7_per_call_phevaluator_c(benchmark: Any) -> None:
    pheval = pytest.importorskip("phevaluator._pheval")
    _per_call_phevaluator(
        benchmark, pheval.evaluate_7cards, "phevaluator's C evaluate_7cards, one call per hand"
    )


def test_low7_batch(benchmark: Any) -> None:
    benchmark.pedantic(lambda: poker.low_rank_batch(MASKS7, threads=1), rounds=3, iterations=1)
    report(benchmark, "ludoteca A-5 low 7-card batch, 1 thread", N_BATCH, "hands")


def test_low7_per_call_pokerkit(benchmark: Any) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    texts = ["".join("23456789TJQKA"[c % 13] + "cdhs"[c // 13] for c in r) for r in ROWS7[:2000]]
    f = pokerkit.RegularLowHand.from_game
    benchmark.pedantic(lambda: [f(t) for t in texts], rounds=3, iterations=1)
    report(benchmark, "pokerkit A-5 low 7-card, one call per hand", len(texts), "hands")
