"""The package surface: loading games, errors, seeds and chance, pickling, simulate, VectorEnv."""

from __future__ import annotations

import pickle
import threading

import numpy as np
import pytest

import ludoteca
from ludoteca import errors


def test_error_hierarchy() -> None:
    assert issubclass(errors.IllegalActionError, ValueError)
    assert issubclass(errors.ParseError, ValueError)
    assert issubclass(errors.UnknownGameError, LookupError)
    assert issubclass(errors.GameOverError, RuntimeError)
    for name in errors.__all__:
        assert issubclass(getattr(errors, name), errors.LudoError)


@pytest.mark.parametrize(
    ("spec", "exc", "words"),
    [
        ("nosuchgame", errors.UnknownGameError, "briscola"),
        ("briscola(players=9)", errors.InvalidParameterError, "outside 2..=6"),
        ("briscola(players=5,tie_rule=replay)", errors.InvalidParameterError, "Chiamata"),
        ("briscola(colour=red)", errors.InvalidParameterError, "unknown parameter"),
        ("briscola(players=four)", errors.InvalidParameterError, "integer"),
        ("briscola(players=4", errors.ParseError, "closing"),
        ("briscola(deck_style=german)", errors.InvalidParameterError, "italian"),
        ("briscola(claim_allowed=true)", errors.InvalidParameterError, "cumulative"),
    ],
)
def test_load_game_errors_name_the_problem(spec: str, exc: type[Exception], words: str) -> None:
    with pytest.raises(exc, match=words):
        ludoteca.load_game(spec)


def test_registry_and_game_metadata() -> None:
    names = [g.short_name for g in ludoteca.registered_games()]
    assert "briscola" in names
    game = ludoteca.load_game("briscola(players=4)")
    assert game.name == "briscola"
    assert game.params["players"] == 4
    assert game.game_string() == "briscola(players=4)"
    assert game.num_players() == 4
    assert "american" in game.presets()
    assert "greedy" in game.bots()
    assert pickle.loads(pickle.dumps(game)) == game
    assert hash(game) == hash(ludoteca.load_game("briscola(players=4)"))


def test_history_from_a_ply_on() -> None:
    state = ludoteca.load_game("briscola").new_initial_state(seed=5)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    everything = state.history()
    assert len(everything) > 10
    assert state.history(None) == state.history(0) == everything
    for start in (1, 7, len(everything) - 1, len(everything)):
        assert state.history(start) == everything[start:]
    before = state.serialize()
    for bad in (-1, len(everything) + 1):
        with pytest.raises(errors.InvalidParameterError, match="start"):
            state.history(bad)
    for wrong_type in ("3", 1.0, True):
        with pytest.raises(TypeError, match="start must be an int"):
            state.history(wrong_type)  # type: ignore[arg-type]
    assert state.serialize() == before


def test_seeded_chance_is_reproducible_and_explicit_chance_is_exposed() -> None:
    game = ludoteca.load_game("briscola")
    a, b = game.new_initial_state(seed=42), game.new_initial_state(seed=42)
    assert a.history() == b.history() and not a.is_chance_node()
    assert game.new_initial_state(seed=43).history() != a.history()
    e = game.new_initial_state(explicit_chance=True)
    assert e.is_chance_node() and e.current_player() == ludoteca.CHANCE
    outcomes = e.chance_outcomes()
    assert len(outcomes) == 40 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    with pytest.raises(errors.NodeKindError):
        a.chance_outcomes()
    with pytest.raises(errors.NodeKindError):
        e.bot_action("random")


def test_apply_action_by_name_any_spelling() -> None:
    state = ludoteca.load_game("briscola").new_initial_state(seed=1)
    card = state.legal_actions()[0]
    name = state.action_to_string(card)
    for spelling in (
        name,
        name.lower(),
        name.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C"),
    ):
        assert state.string_to_action(spelling) == card
    with pytest.raises(errors.ParseError, match="not a card"):
        state.string_to_action("Z♠")


def test_illegal_action_message_names_the_rule() -> None:
    state = ludoteca.load_game("briscola").new_initial_state(seed=1)
    mine = set(state.legal_actions())
    other = next(a for a in range(40) if a not in mine)
    with pytest.raises(errors.IllegalActionError, match="does not hold"):
        state.apply_action(other)


def test_observation_tensor_is_player_relative() -> None:
    state = ludoteca.load_game("briscola").new_initial_state(seed=3)
    p = state.current_player()
    obs = state.observation_tensor(p)
    hand = obs[:40]
    assert sorted(np.flatnonzero(hand)) == sorted(state.legal_actions())
    other = state.observation_tensor(1 - p)
    assert not np.array_equal(obs[:40], other[:40])


def test_simulate_is_independent_of_threads_and_chunks() -> None:
    one = ludoteca.simulate("briscola(players=4)", 3000, seed=9, threads=1)
    two = ludoteca.simulate("briscola(players=4)", 3000, seed=9, threads=2)
    chunked = ludoteca.simulate("briscola(players=4)", 3000, seed=9, progress=lambda d, t: None)
    for r in (two, chunked):
        assert np.array_equal(one.returns, r.returns)
        assert np.array_equal(one.scores, r.scores)
        assert np.array_equal(one.lengths, r.lengths)
    assert one.returns.shape == (3000, 4)
    assert np.allclose(one.returns.sum(axis=1), 0)
    assert np.all(one.scores.sum(axis=1) == 120)
    assert np.all(one.lengths == 80)
    assert not np.array_equal(one.returns, ludoteca.simulate("briscola(players=4)", 3000, seed=10).returns)


def test_simulate_summary_and_bad_bots() -> None:
    r = ludoteca.simulate("briscola", 20_000, seed=1, bots=["greedy", "random"])
    rows = r.seats()
    assert rows[0].bot == "greedy" and rows[0].win_rate > 0.8
    assert rows[0].mean_return == pytest.approx(-rows[1].mean_return)
    with pytest.raises(errors.InvalidParameterError, match="no bot named"):
        ludoteca.simulate("briscola", 10, bots=["nobody"])
    with pytest.raises(errors.InvalidParameterError, match="one bot for every seat"):
        ludoteca.simulate("briscola", 10, bots=["random"] * 3)


def test_vector_env_steps_resets_and_checks_actions() -> None:
    env = ludoteca.VectorEnv("briscola", 8, seed=1)
    game = env.game
    assert env.observe().shape == (8, *game.observation_shape())
    out = np.zeros((8, int(np.prod(game.observation_shape()))), dtype=np.float32)
    assert env.observe(out=out) is out and out.any()
    rng = np.random.default_rng(0)
    # An illegal action anywhere rejects the whole step and changes nothing.
    mask = env.legal_action_mask()
    bad = np.array([int(np.flatnonzero(~row)[0]) for row in mask], dtype=np.int64)
    before = env.state(0).serialize()
    with pytest.raises(errors.IllegalActionError, match="environment 0"):
        env.step(bad)
    assert env.state(0).serialize() == before
    with pytest.raises(errors.ShapeError):
        env.step(np.zeros(3, dtype=np.int64))
    total = np.zeros((8, 2), dtype=np.float32)
    for _ in range(200):
        mask = env.legal_action_mask()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)
        total += env.step(actions)
        if env.terminated().all():
            break
    assert env.terminated().all()
    assert (env.current_player() == ludoteca.TERMINAL).all()
    assert np.allclose(total.sum(axis=1), 0) and set(np.unique(total)) <= {-1.0, 0.0, 1.0}
    env.reset(np.array([True] + [False] * 7))
    assert list(env.terminated()) == [False] + [True] * 7
    env.reset()
    assert not env.terminated().any()


def test_vector_env_releases_the_gil() -> None:
    envs = [ludoteca.VectorEnv("briscola(players=4)", 512, seed=s) for s in range(2)]
    errors_seen: list[BaseException] = []

    def run(env: ludoteca.VectorEnv) -> None:
        try:
            for _ in range(10):
                mask = env.legal_action_mask()
                env.step(np.argmax(mask, axis=1).astype(np.int64))
        except BaseException as e:
            errors_seen.append(e)

    threads = [threading.Thread(target=run, args=(e,)) for e in envs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors_seen


def test_load_game_takes_keyword_parameters() -> None:
    """``load_game(name, **params)`` is the game of the written-out game string (booleans as true/false)."""
    assert ludoteca.load_game("briscola", players=4) == ludoteca.load_game("briscola(players=4)")
    assert ludoteca.load_game("zole", scope="match", hands=6, enable_maza_zole=True) == ludoteca.load_game(
        "zole(scope=match,hands=6,enable_maza_zole=true)"
    )
    with pytest.raises(ludoteca.InvalidParameterError):
        ludoteca.load_game("briscola", players=9)
    with pytest.raises(ValueError, match="not both"):
        ludoteca.load_game("briscola(players=4)", scope="match")
