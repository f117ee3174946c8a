"""East–West bots against each other over many games, each pairing with both seatings (half the games
with each bot moving first), through ``ludoteca.simulate``.

Run: ``python scripts/east_west_bots.py [GAMES_PER_PAIRING] [THREADS]`` (default 100,000 and all cores).
Prints, per pairing, the first bot's mean result per game (+1 win, 0 draw, −1 loss) with a 95%
confidence interval, its win / draw / loss rates, and the games per second.
"""

from __future__ import annotations

import sys
import time

import numpy as np

import ludoteca

PAIRINGS = [("rules", "random"), ("search", "random"), ("search", "rules")]


def duel(a: str, b: str, games: int, threads: int | None, seed: int = 20) -> tuple[np.ndarray, float]:
    """Results of bot ``a`` (+1/0/−1 per game): half the games with ``a`` in seat 0, half in seat 1."""
    half = games // 2
    start = time.perf_counter()
    first = ludoteca.simulate("east_west", half, seed=seed, bots=[a, b], threads=threads)
    second = ludoteca.simulate("east_west", games - half, seed=seed + 1, bots=[b, a], threads=threads)
    seconds = time.perf_counter() - start
    return np.concatenate([first.returns[:, 0], second.returns[:, 1]]), seconds


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else None
    print(f"East–West, {games:,} games per pairing (half with each bot first)")
    for a, b in PAIRINGS:
        r, seconds = duel(a, b, games, threads)
        mean, half_width = r.mean(), 1.96 * r.std(ddof=1) / np.sqrt(len(r))
        win, draw, loss = ((r == v).mean() for v in (1.0, 0.0, -1.0))
        print(
            f"{a:>6} vs {b:<6} {mean:+.4f} ± {half_width:.4f} per game; "
            f"wins {win:.1%}, draws {draw:.1%}, losses {loss:.1%}; {len(r) / seconds:,.0f} games/s"
        )


if __name__ == "__main__":
    main()
