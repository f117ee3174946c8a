"""A small load test on loopback: 200 games at once, each played to the end by its own scripted client
over real HTTP (uvicorn in a thread), nothing lost or mixed up. The p99 move latency is reported (printed
and recorded as a test property), never asserted: timing depends on the machine."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn")

from ludoteca.web import create_app  # noqa: E402
from ludoteca.web.tables import Tables  # noqa: E402

GAMES = 200
GAME = "briscola"
#: Bounds: the whole run, and any one request (seconds).
TOTAL_TIMEOUT = 600.0
REQUEST_TIMEOUT = 120.0


async def _one_game(client: Any, i: int, latencies: list[float]) -> dict[str, Any]:
    """Opens game ``i`` (seed i, seat i % 2) and plays random legal moves until it ends."""
    rng = random.Random(i)
    response = await client.post("/api/tables", json={"game": GAME, "seat": i % 2, "seed": i})
    assert response.status_code == 201, response.text
    view = response.json()
    played = []
    while not view["terminal"]:
        action = rng.choice(view["legal"])["id"]
        started = time.perf_counter()
        response = await client.post(
            f"/api/tables/{view['id']}/move", json={"action": action, "version": view["version"]}
        )
        latencies.append(time.perf_counter() - started)
        assert response.status_code == 200, response.text
        view = response.json()
        played.append(action)
    return {"view": view, "played": played, "seed": i}


def test_200_concurrent_games_on_loopback(record_property: Any) -> None:
    app = create_app()
    # Keep-alive connections stay open for the whole run: with uvicorn's 5 s default, a pooled connection
    # the server closes just as the client reuses it reads as a dropped request under load.
    server = uvicorn.Server(
        uvicorn.Config(
            app, host="127.0.0.1", port=0, log_level="warning", lifespan="off", timeout_keep_alive=600
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    latencies: list[float] = []

    async def run_all() -> list[dict[str, Any]]:
        limits = httpx.Limits(max_connections=GAMES, max_keepalive_connections=GAMES)
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", timeout=REQUEST_TIMEOUT, limits=limits
        ) as client:
            jobs = [_one_game(client, i, latencies) for i in range(GAMES)]
            return await asyncio.wait_for(asyncio.gather(*jobs), TOTAL_TIMEOUT)

    try:
        started = time.perf_counter()
        results = asyncio.run(run_all())
        wall = time.perf_counter() - started
    finally:
        server.should_exit = True
        thread.join(30)
    # Nothing lost: 200 distinct finished tables, each the game its client played.
    assert len({r["view"]["id"] for r in results}) == GAMES
    assert len(app.state.tables) == GAMES
    for r in results:
        table = app.state.tables.get(r["view"]["id"])
        assert table.state.is_terminal() and r["view"]["result"]["returns"] == table.state.returns()
        mine = [m for m in r["view"]["moves"] if m["seat"] == table.seat]
        assert len(mine) == len(r["played"])
        # The same game played alone, without HTTP, ends in the same state: games at once do not interfere.
        alone = Tables().open({"game": GAME, "seat": table.seat, "seed": r["seed"]})
        for action in r["played"]:
            alone.play(action, None)
        assert alone.state.serialize() == table.state.serialize()
    latencies.sort()
    p50 = latencies[len(latencies) // 2]
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    record_property("moves", len(latencies))
    record_property("p50_ms", round(p50 * 1000, 1))
    record_property("p99_ms", round(p99 * 1000, 1))
    print(
        f"\n{GAMES} concurrent {GAME} games, {len(latencies)} moves in {wall:.1f} s: "
        f"p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms per move (loopback, one server process)"
    )
