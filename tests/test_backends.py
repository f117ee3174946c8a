"""``simulate`` backends: sharded runs (worker processes, Ray tasks) return the serial arrays bit for bit.

Game ``k`` of a simulation uses the random stream ``(seed, k)`` whatever shard plays it, so any sharding
on any backend must reproduce ``backend="serial"`` exactly. The Ray test starts a local Ray instance
(2 CPUs, no dashboard, loopback only, usage statistics off) and is skipped when Ray is not installed
(``pip install 'ludoteca[ray]'``); it is marked slow (a Ray start takes seconds): run it with ``--slow``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import app
from ludoteca.simulation import SimulationResult, _ShardSpec, run_shard

GAMES = [ex for info in ludoteca.registered_games() for ex in info.examples[:3]]


def mixed_bots(spec: str) -> list[str]:
    """One bot per seat, alternating the game's plainly named bots (``random`` and, e.g., ``greedy``)."""
    game = ludoteca.load_game(spec)
    names = [b for b in game.bots() if "(" not in b]
    return (names * game.num_players())[: game.num_players()]


def assert_identical(a: SimulationResult, b: SimulationResult) -> None:
    """Same game, seed, bots and the same arrays: dtype, shape and every byte."""
    assert (a.game, a.seed, a.bots) == (b.game, b.seed, b.bots)
    for name in ("returns", "scores", "lengths"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape, name
        assert x.tobytes() == y.tobytes(), name


@pytest.mark.parametrize("spec", GAMES)
def test_shards_reproduce_slices_of_the_serial_run(spec: str) -> None:
    serial = ludoteca.simulate(spec, 300, seed=11, bots=mixed_bots(spec))
    shard = _ShardSpec(serial.game, 11, tuple(serial.bots), 1)
    for first, count in ((0, 1), (17, 100), (299, 1), (150, 150)):
        part = run_shard(shard, first, count)
        np.testing.assert_array_equal(part["returns"], serial.returns[first : first + count])
        np.testing.assert_array_equal(part["scores"], serial.scores[first : first + count])
        np.testing.assert_array_equal(part["lengths"], serial.lengths[first : first + count])


def test_processes_backend_is_bit_identical_to_serial() -> None:
    spec = GAMES[0]
    bots = mixed_bots(spec)
    serial = ludoteca.simulate(spec, 2_000, seed=1234, bots=bots)
    for workers, shard_size in ((2, 250), (2, 333), (1, None), (2, None)):
        done: list[int] = []
        result = ludoteca.simulate(
            spec,
            2_000,
            seed=1234,
            bots=bots,
            backend="processes",
            workers=workers,
            shard_size=shard_size,
            progress=lambda d, total, done=done: done.append(d),
        )
        assert_identical(serial, result)
        assert done == sorted(done) and done[-1] == 2_000


def test_processes_backend_edge_sizes() -> None:
    spec = GAMES[0]
    empty = ludoteca.simulate(spec, 0, backend="processes")
    assert empty.returns.shape == (0, ludoteca.load_game(spec).num_players()) and empty.lengths.shape == (0,)
    assert_identical(
        ludoteca.simulate(spec, 3, seed=2), ludoteca.simulate(spec, 3, seed=2, backend="processes", workers=8)
    )


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"backend": "threads"}, "backend"),
        ({"seed": -1}, "seed"),
        ({"backend": "processes", "workers": 0}, "workers"),
        ({"backend": "processes", "shard_size": 0}, "shard_size"),
        ({"backend": "processes", "bots": ["no-such-bot"]}, "no-such-bot"),
        ({"backend": "ray", "bots": ["no-such-bot"]}, "no-such-bot"),
    ],
)
def test_bad_arguments_fail_before_any_work_is_sent(kwargs: dict[str, Any], fragment: str) -> None:
    # Checked in this process first: none of these needs (or starts) a worker or Ray.
    with pytest.raises(ludoteca.LudoError, match=fragment):
        ludoteca.simulate(GAMES[0], 10, **kwargs)


# --------------------------------------------------------------------------------------------------
# Ray


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """One local Ray instance for this module: 2 CPUs, no dashboard, loopback only, no usage statistics.

    Ray replaces a loopback ``_node_ip_address`` by the machine's address on Linux unless told that
    this is a single-machine setup (``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``, read when Ray is
    imported); with it every Ray process binds and connects to 127.0.0.1 only.
    """
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    ray = pytest.importorskip("ray")
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",
        log_to_driver=False,
        configure_logging=False,
    )
    assert ray.nodes()[0]["NodeManagerAddress"] == "127.0.0.1"
    yield ray
    ray.shutdown()


@pytest.mark.slow
def test_ray_backend_is_bit_identical_to_serial(local_ray: Any) -> None:
    spec = GAMES[0]
    bots = mixed_bots(spec)
    serial = ludoteca.simulate(spec, 2_000, seed=99, bots=bots)
    done: list[int] = []
    result = ludoteca.simulate(
        spec, 2_000, seed=99, bots=bots, backend="ray", shard_size=250, progress=lambda d, t: done.append(d)
    )
    assert_identical(serial, result)
    assert done[-1] == 2_000 and len(done) == 8
    # Another sharding (and the default one) gives the same arrays again.
    assert_identical(
        serial, ludoteca.simulate(spec, 2_000, seed=99, bots=bots, backend="ray", shard_size=777)
    )
    assert_identical(serial, ludoteca.simulate(spec, 2_000, seed=99, bots=bots, backend="ray"))
    assert local_ray.is_initialized()  # simulate used the running instance and left it up


@pytest.mark.slow
def test_ray_task_failure_surfaces_as_the_ludoteca_error(local_ray: Any) -> None:
    bad = _ShardSpec(GAMES[0], 0, ("no-such-bot",), 1)
    with pytest.raises(ludoteca.InvalidParameterError, match="no-such-bot"):
        local_ray.get(local_ray.remote(run_shard).remote(bad, 0, 5))


def test_cli_simulate_backend_option() -> None:
    runner = CliRunner()
    args = ["simulate", GAMES[0], "-n", "600", "--seed", "3", "--json"]
    serial = json.loads(runner.invoke(app, args).output)
    result = runner.invoke(app, [*args, "--backend", "processes", "--workers", "2"])
    assert result.exit_code == 0, result.output
    sharded = json.loads(result.output)
    for data in (serial, sharded):
        data.pop("seconds"), data.pop("games_per_second")
    assert sharded == serial
    bad = runner.invoke(app, [*args, "--backend", "dask"])
    assert bad.exit_code == 2 and "backend" in bad.output
