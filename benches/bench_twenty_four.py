"""Twenty-Four solver speed (pytest-benchmark; run by hand with a release build):

    maturin develop --release && python -m pytest benches/bench_twenty_four.py --benchmark-only -s

* Classifying all 1,820 multisets of 1..13 (solvable + number of distinct solutions), one thread,
  against a straightforward exact Python solver (``fractions``, pick-two-and-combine search with
  canonical deduplication) timed in the same run on every 20th multiset; the ratio of the per-multiset
  times is printed and stored in ``extra_info`` (goal: ≥ 1000×). The two must agree on every count.
* ``solve_batch`` on 10**6 random 4-card deals from the 40-card deck (all cores): deals per second.
* Whole games through ``simulate`` with random and solver bots: games per second.
"""

from __future__ import annotations

import itertools
import time
from fractions import Fraction
from typing import Any, Union

import numpy as np
import pytest

import ludoteca
from conftest import report
from ludoteca.games import twenty_four as t24

MULTISETS = np.array(list(itertools.combinations_with_replacement(range(1, 14), 4)), dtype=np.int64)
SAMPLE = MULTISETS[::20]

Expr = Union[int, tuple[str, "Expr", "Expr"]]


def _key(e: Expr) -> str:
    """Canonical key: flatten + − and × ÷ chains into sorted (kept, inverted) operand lists."""
    if isinstance(e, int):
        return str(e)
    additive = e[0] in "+-"
    kept: list[str] = []
    inverted: list[str] = []

    def collect(x: Expr, flip: bool) -> None:
        if not isinstance(x, int) and (x[0] in "+-") == additive:
            collect(x[1], flip)
            collect(x[2], flip ^ (x[0] in "-/"))
        else:
            (inverted if flip else kept).append(_key(x))

    collect(e, False)
    return ("S" if additive else "P") + "(" + ",".join(sorted(kept)) + "|" + ",".join(sorted(inverted)) + ")"


def python_solutions(numbers: list[int], target: int = 24) -> set[str]:
    """Every distinct solution (canonical keys), by exhaustive pick-two-and-combine search over Fractions."""
    found: set[str] = set()

    def search(items: list[tuple[Fraction, Expr]]) -> None:
        if len(items) == 1:
            if items[0][0] == target:
                found.add(_key(items[0][1]))
            return
        for i, j in itertools.combinations(range(len(items)), 2):
            (a, x), (b, y) = items[i], items[j]
            rest = [items[k] for k in range(len(items)) if k not in (i, j)]
            options: list[tuple[Fraction, Expr]] = [
                (a + b, ("+", x, y)),
                (a - b, ("-", x, y)),
                (b - a, ("-", y, x)),
                (a * b, ("*", x, y)),
            ]
            if b != 0:
                options.append((a / b, ("/", x, y)))
            if a != 0:
                options.append((b / a, ("/", y, x)))
            for option in options:
                search([*rest, option])

    search([(Fraction(n), n) for n in numbers])
    return found


def _best_seconds(benchmark: Any, fn: Any, *args: Any, **kwargs: Any) -> float:
    """The benchmark's best time, or one timed call when benchmarking is disabled."""
    if benchmark.stats is not None:
        return float(benchmark.stats.stats.min)
    start = time.perf_counter()
    fn(*args, **kwargs)
    return time.perf_counter() - start


def test_classify_1820_multisets_vs_python(benchmark: Any) -> None:
    start = time.perf_counter()
    python_counts = [len(python_solutions(row.tolist())) for row in SAMPLE]
    python_per_set = (time.perf_counter() - start) / len(SAMPLE)

    ok, counts = benchmark(t24.solve_batch, MULTISETS, threads=1)
    assert int(ok.sum()) == 1362
    assert counts[::20].tolist() == python_counts, "the Python reference and the solver disagree"
    rust_total = _best_seconds(benchmark, t24.solve_batch, MULTISETS, threads=1)
    ratio = python_per_set / (rust_total / len(MULTISETS))
    benchmark.extra_info.update(
        {"rust_ms_1820": rust_total * 1e3, "python_ms_per_set": python_per_set * 1e3, "ratio": ratio}
    )
    print(
        f"\nclassify 1820: Rust {rust_total * 1e3:.2f} ms (one thread); Python {python_per_set * 1e3:.1f} ms per multiset "
        f"({python_per_set * len(MULTISETS):.1f} s extrapolated); ratio {ratio:,.0f}x"
    )


def random_deals(n: int, seed: int = 0) -> np.ndarray:
    """n deals of 4 distinct cards from the 40-card deck (A-10 in four suits), as card values."""
    rng = np.random.default_rng(seed)
    cards = np.empty((n, 4), dtype=np.int64)
    for k in range(4):
        r = rng.integers(0, 40 - k, size=n)
        # Skip the cards already dealt, in ascending order: a uniform draw without replacement.
        for taken in np.sort(cards[:, :k], axis=1).T:
            r += r >= taken
        cards[:, k] = r
    return cards % 10 + 1


def test_solve_batch_million_random_deals(benchmark: Any) -> None:
    deals = random_deals(10**6)
    ok, counts = benchmark.pedantic(t24.solve_batch, args=(deals,), rounds=3, iterations=1)
    report(benchmark, "twenty_four solve_batch 10**6 deals, all threads", len(deals), "deals")
    print(f"\nsolvable {ok.mean():.4f} (exact 0.87467); mean distinct solutions {counts.mean():.2f}")
    assert abs(ok.mean() - 79_936 / 91_390) < 0.005


@pytest.mark.parametrize("spec", ["twenty_four", "twenty_four(players=4)"])
@pytest.mark.parametrize("bots", ["random", "solver"])
def test_simulate_games(benchmark: Any, spec: str, bots: str) -> None:
    n = 20_000
    benchmark.pedantic(lambda: ludoteca.simulate(spec, n, seed=1, bots=[bots]), rounds=3, iterations=1)
    report(benchmark, f"simulate {spec} {bots}", n, "games")


@pytest.mark.parametrize("numbers", [[5, 7, 8, 9], [1, 1, 5, 9]])
def test_single_call_overhead(benchmark: Any, numbers: list[int]) -> None:
    benchmark(t24.count_solutions, numbers)
