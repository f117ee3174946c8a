"""Fuzz and property tests, one per class of defect of issue 13, over every registered game and parser.

Fixed seeds (plain ``random``), so a failure reproduces; the whole file runs in a few seconds. Each test
says which class it guards:

- text parsers never crash or raise anything but a ludoteca error (game strings, action names,
  serialised states, records, FEN, SGF, diagrams, Twenty-Four claims);
- every integer argument out of range is an ``InvalidParameterError`` (or ``IllegalActionError`` /
  ``GameOverError`` for action ids), never ``OverflowError`` or a Rust panic;
- canonical game strings round-trip every preset with random overrides, in any case;
- array arguments of the wrong dtype, shape or layout are a ``ShapeError``;
- states round-trip through ``serialize``, pickles and records (setup and ending included), and seeded
  states never wait at a chance node after deserialising;
- every legal Xiangqi/Jieqi move's WXF name parses back to that move;
- a Twenty-Four claim is judged in the game exactly as ``twenty_four.check`` judges it.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import ludoteca
from ludoteca import GameOverError, IllegalActionError, InvalidParameterError, LudoError, ShapeError, _core
from ludoteca import record as records
from ludoteca.games import go, jieqi, twenty_four, xiangqi

GAMES = [info for info in ludoteca.registered_games()]
SPECS = [spec for info in GAMES for spec in info.examples]
NAMES = [info.short_name for info in GAMES]

#: Characters the text fuzzers draw from: syntax of every parser, digits, letters, odd Unicode.
ALPHABET = "()[]{},=;:+-*/×÷.#\\\"' \n\t0123456789abcdefghijklmnopqrstuvwxyzABKQJXRNBCP♠♥♦♣é\u0000\u2212"


def _random_states(spec: str, rng: random.Random, plies: int = 400) -> Iterator[ludoteca.State]:
    """States along one seeded random game of ``spec`` (at most ``plies`` actions)."""
    game = ludoteca.load_game(spec)
    state = game.new_initial_state(seed=rng.randrange(2**64))
    yield state
    for _ in range(plies):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))
        yield state


def _mutate(text: str, rng: random.Random) -> str:
    """One random edit of ``text``: delete, insert, replace or duplicate a span, or cut it."""
    if not text:
        return rng.choice(ALPHABET)
    i = rng.randrange(len(text))
    j = min(len(text), i + rng.randint(1, 8))
    op = rng.randrange(5)
    if op == 0:
        return text[:i] + text[j:]
    if op == 1:
        return text[:i] + "".join(rng.choices(ALPHABET, k=rng.randint(1, 4))) + text[i:]
    if op == 2:
        return text[:i] + rng.choice(ALPHABET) + text[i + 1 :]
    if op == 3:
        return text[:j] + text[i:j] * rng.randint(1, 50) + text[j:]
    return text[:i]


def _only_ludo_errors(what: str, f: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """``f(*args, **kwargs)`` returns or raises a ludoteca error: anything else is a defect."""
    try:
        f(*args, **kwargs)
    except LudoError:
        pass
    except Exception as e:
        pytest.fail(f"{what}: {type(e).__name__}: {e}")


# --------------------------------------------------------------------------------------------------
# Class: text parsers never crash, hang or raise the wrong exception.


def test_game_string_fuzz() -> None:
    rng = random.Random(1)
    for _ in range(1500):
        text = _mutate(rng.choice(SPECS), rng)
        _only_ludo_errors(f"load_game({text!r})", ludoteca.load_game, text)


@pytest.mark.parametrize("spec", SPECS)
def test_action_name_fuzz(spec: str) -> None:
    rng = random.Random(spec)
    states = list(_random_states(spec, rng, plies=60))
    names = [s.action_to_string(a) for s in states[:10] for a in s.legal_actions()[:20]] or ["x"]
    for _ in range(150):
        state = rng.choice(states)
        before = state.serialize()
        text = _mutate(rng.choice(names), rng)
        _only_ludo_errors(f"{spec}: string_to_action({text!r})", state.string_to_action, text)
        _only_ludo_errors(f"{spec}: apply_action({text!r})", state.clone().apply_action, text)
        assert state.serialize() == before


@pytest.mark.parametrize("spec", SPECS)
def test_serialized_state_fuzz(spec: str) -> None:
    rng = random.Random(spec)
    states = list(_random_states(spec, rng, plies=80))
    texts = [states[len(states) // 2].serialize(), states[-1].serialize()]
    for _ in range(60):
        text = _mutate(rng.choice(texts), rng)
        _only_ludo_errors(f"deserialize_state({text!r})", ludoteca.deserialize_state, text)


def test_record_fuzz() -> None:
    rng = random.Random(3)
    base = []
    for spec in ["briscola", "xiangqi", "twenty_four", "go(board_size=5)"]:
        state = list(_random_states(spec, rng, plies=30))[-1]
        base.append(records.dumps(state))
    fen_state = xiangqi.from_fen("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1")
    base.append(records.dumps(fen_state))
    for _ in range(500):
        text = rng.choice(base)
        for _ in range(rng.randint(1, 3)):
            text = _mutate(text, rng)
        try:
            records.loads(text)
        except records.RecordError as e:
            assert e.line >= 1
        except Exception as e:
            pytest.fail(f"records.loads: {type(e).__name__}: {e}\n{text[:500]!r}")


def test_fen_fuzz() -> None:
    rng = random.Random(4)
    fens = [xiangqi.START_FEN, jieqi.START_FEN, "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1"]
    for _ in range(800):
        text = _mutate(rng.choice(fens), rng)
        _only_ludo_errors(f"xiangqi.from_fen({text!r})", xiangqi.from_fen, text)
        _only_ludo_errors(f"jieqi.from_fen({text!r})", jieqi.from_fen, text, seed=1)
        _only_ludo_errors(f"xiangqi.perft(1, {text!r})", xiangqi.perft, 1, text)


def test_go_text_fuzz() -> None:
    rng = random.Random(5)
    sgfs = ["(;GM[1]FF[4]SZ[5]KM[6.5];B[cc];W[dd];B[];W[])", "(;SZ[5]AB[aa]AW[bb]PL[W];W[cc])"]
    diagrams = [".....\n.X...\n..O..\n.....\n....."]
    game = go.new_game(board_size=5)
    for _ in range(500):
        text = _mutate(rng.choice(sgfs), rng)
        _only_ludo_errors(f"go.from_sgf({text!r})", go.from_sgf, text)
        diagram = _mutate(rng.choice(diagrams), rng)
        _only_ludo_errors(f"go.from_diagram({diagram!r})", go.from_diagram, game, diagram)


def test_twenty_four_claim_fuzz() -> None:
    rng = random.Random(6)
    claims = ["8*5-(7+9)", "(1+2+3)*4", "8/(3-8/3)", "[1+2]*{3+A}", "K-Q+J*A = 24"]
    for _ in range(2000):
        text = _mutate(rng.choice(claims), rng)
        for _ in range(rng.randrange(3)):
            text = _mutate(text, rng)
        cards = [rng.randint(0, 13) for _ in range(4)]
        mode = rng.choice(["rational", "integer"])
        _only_ludo_errors(f"check({text!r}, {cards})", twenty_four.check, text, cards, intermediate=mode)
    # Pathological shapes, well past the limits.
    for text in ["(" * 5000, ")" * 5000, "1" + "*1" * 5000, "((1))" * 800, "1" * 5000, "1-" * 2000 + "1"]:
        _only_ludo_errors(f"check({text[:20]!r}...)", twenty_four.check, text, [1, 2, 3, 4])


# --------------------------------------------------------------------------------------------------
# Class: out-of-range integers get the documented exceptions (never OverflowError or a panic).

#: Out of range for a u64 (seeds, first_game).
BAD_U64 = [-1, -(2**63), 2**64, 2**64 + 1, 2**70, -(2**200), 10**30]
#: Out of range for everything else (seats, ids, sizes, threads): also large u64 values.
BAD_INTS = [*BAD_U64, 2**32, 2**63]


def _int_calls(game: ludoteca.Game) -> dict[str, Callable[[int], Any]]:
    state = game.new_initial_state(seed=1)
    env = ludoteca.VectorEnv(game, 2, seed=1)
    return {
        "new_initial_state(seed)": lambda x: game.new_initial_state(seed=x),
        "bot_action(seed)": lambda x: state.bot_action("random", seed=x),
        "observation_tensor": lambda x: state.observation_tensor(x),
        "observation_string": lambda x: state.observation_string(x),
        "information_state_string": lambda x: state.information_state_string(x),
        "action_to_string": lambda x: state.action_to_string(x),
        "VectorEnv(seed)": lambda x: ludoteca.VectorEnv(game, 1, seed=x),
        "VectorEnv(num_envs)": lambda x: ludoteca.VectorEnv(game, x),
        "VectorEnv.state": lambda x: env.state(x),
        "simulate(n_games)": lambda x: _core.simulate(game, x),
        "simulate(seed)": lambda x: _core.simulate(game, 1, seed=x),
        "simulate(first_game)": lambda x: _core.simulate(game, 1, first_game=x),
        "simulate(threads)": lambda x: _core.simulate(game, 1, threads=x),
    }


@pytest.mark.parametrize("name", NAMES)
def test_out_of_range_ints_are_invalid_parameters(name: str) -> None:
    info = next(i for i in GAMES if i.short_name == name)
    game = ludoteca.load_game(info.examples[0])
    for call, f in _int_calls(game).items():
        for x in BAD_INTS:
            if x in (2**32, 2**63) and call in (
                "new_initial_state(seed)",
                "bot_action(seed)",
                "VectorEnv(seed)",
                "simulate(seed)",
                "simulate(first_game)",
            ):
                continue
            with pytest.raises(InvalidParameterError):
                f(x)
                pytest.fail(f"{name}: {call}({x}) was accepted")


@pytest.mark.parametrize("name", NAMES)
def test_out_of_range_action_ids(name: str) -> None:
    info = next(i for i in GAMES if i.short_name == name)
    game = ludoteca.load_game(info.examples[0])
    state = game.new_initial_state(seed=1)
    for x in [*BAD_INTS, game.num_distinct_actions()]:
        before = state.serialize()
        with pytest.raises(IllegalActionError):
            state.apply_action(x)
        assert state.serialize() == before
    for bad in [1.5, "", None, [1], True]:
        with pytest.raises((TypeError, LudoError)):
            state.apply_action(bad)  # type: ignore[arg-type]
    while not state.is_terminal():
        state.apply_action(state.bot_action("random", seed=len(state.history())))
    for x in [*BAD_INTS, 0]:
        with pytest.raises(GameOverError):
            state.apply_action(x)


def test_game_specific_int_arguments() -> None:
    xq = xiangqi.new_game().new_initial_state()
    jq = jieqi.new_game().new_initial_state(seed=1)
    calls: dict[str, Callable[[int], Any]] = {
        "xiangqi.action_to_iccs": xiangqi.action_to_iccs,
        "xiangqi.action_to_wxf": lambda x: xiangqi.action_to_wxf(xq, x),
        "jieqi.resample_hidden(player)": lambda x: jieqi.resample_hidden(jq, x, 1),
        "jieqi.resample_hidden(seed)": lambda x: jieqi.resample_hidden(jq, 0, x),
        "jieqi.from_fen(seed)": lambda x: jieqi.from_fen(jieqi.START_FEN, seed=x),
        "twenty_four.check(target)": lambda x: twenty_four.check("1+2+3+4", [1, 2, 3, 4], target=x * 10**20),
        "twenty_four.solve(target)": lambda x: twenty_four.solve([1, 2, 3, 4], target=x * 10**20),
        "twenty_four.solve_batch(threads)": lambda x: twenty_four.solve_batch(
            np.ones((1, 4), int), threads=x
        ),
        "twenty_four.solve(numbers)": lambda x: twenty_four.solve([x, 1, 2, 3]),
    }
    for call, f in calls.items():
        for x in BAD_U64 if "seed" in call else BAD_INTS:
            with pytest.raises((InvalidParameterError, IllegalActionError, LudoError)):
                f(x)
                pytest.fail(f"{call}({x}) was accepted")


# --------------------------------------------------------------------------------------------------
# Class: canonical game strings round-trip every preset with random overrides.


def _random_value(param: dict[str, Any], rng: random.Random) -> Any:
    kind = param["type"]
    if kind == "bool":
        return rng.choice([True, False])
    if kind == "int":
        lo, hi = param["min"], param["max"]
        return rng.choice([lo, hi, param["default"], rng.randint(lo, min(hi, lo + 100))])
    if kind == "float":
        lo, hi = param["min"], param["max"]
        return rng.choice([param["default"], round(rng.uniform(max(lo, -50.0), min(hi, 50.0)), 2)])
    return rng.choice(param["choices"])


def _text(value: Any, rng: random.Random) -> str:
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return text.upper() if rng.random() < 0.3 else text


@pytest.mark.parametrize("name", NAMES)
def test_game_strings_round_trip_every_preset_with_random_overrides(name: str) -> None:
    info = next(i for i in GAMES if i.short_name == name)
    rng = random.Random(name)
    presets = [None, *info.presets]
    tried = 0
    for _ in range(400):
        preset = rng.choice(presets)
        params = {}
        for p in rng.sample(info.params, k=rng.randint(0, min(4, len(info.params)))):
            if p["name"] != "ruleset":
                params[p["name"]] = _random_value(p, rng)
        if preset is not None:
            # Overrides set back to the default on purpose: the reported corruption.
            for key in info.presets[preset]:
                if rng.random() < 0.4:
                    default = next(p["default"] for p in info.params if p["name"] == key)
                    params[key] = default
        items = [(k, _text(v, rng)) for k, v in params.items()]
        if preset is not None:
            items.insert(rng.randint(0, len(items)), ("ruleset", _text(preset, rng)))
        spec = f"{name}({','.join(f'{k}={v}' for k, v in items)})"
        try:
            game = ludoteca.load_game(spec)
        except InvalidParameterError:
            continue  # a combination the game refuses (e.g. Go handicap on a tiny board)
        tried += 1
        text = game.game_string()
        again = ludoteca.load_game(text)
        assert again.params == game.params, f"{spec} -> {text}"
        assert again.game_string() == text
        assert pickle.loads(pickle.dumps(game)).params == game.params
        for key, value in params.items():
            assert game.params[key] == (value.lower() if isinstance(value, str) else value), (spec, key)
    assert tried >= 100, f"only {tried} combinations loaded"


# --------------------------------------------------------------------------------------------------
# Class: array arguments of the wrong dtype, shape or layout are a ShapeError.


@pytest.mark.parametrize("name", NAMES)
def test_vector_env_array_arguments(name: str) -> None:
    info = next(i for i in GAMES if i.short_name == name)
    env = ludoteca.VectorEnv(info.examples[0], 3, seed=2)
    shape = tuple(env.game.observation_shape())
    k = int(np.prod(shape))
    expected = env.observe()
    good_shapes = [(3, k), (3, *shape)]
    rng = np.random.default_rng(7)
    candidates = []
    for dtype in [np.float32, np.float64, np.float16, np.int32, np.uint8]:
        for s in [(3, k), (3, *shape), (k, 3), (2, k), (3 * k,), (3, k + 1), (1, 3, k)]:
            candidates.append(np.zeros(s, dtype=dtype))
            candidates.append(np.zeros(s, dtype=dtype, order="F"))
    candidates.append(np.zeros((k, 3), dtype=np.float32).T)
    candidates.append(np.zeros((3, 2 * k), dtype=np.float32)[:, ::2])
    for out in candidates:
        ok = out.dtype == np.float32 and out.shape in good_shapes and out.flags["C_CONTIGUOUS"]
        if ok:
            out[...] = rng.random(out.shape)
            env.observe(out=out)
            np.testing.assert_array_equal(out.reshape(expected.shape), expected)
        else:
            with pytest.raises(ShapeError):
                env.observe(out=out)
    legal = env.legal_action_mask().argmax(axis=1)
    for actions in [
        legal.astype(np.float64),
        legal.astype(np.float32),
        legal.reshape(3, 1),
        legal[:2],
        np.concatenate([legal, legal]),
        legal.astype(bool),
        np.array(["a", "b", "c"]),
        None,
    ]:
        with pytest.raises(ShapeError):
            env.step(actions)  # type: ignore[arg-type]
    env.step(legal.astype(np.int16))


# --------------------------------------------------------------------------------------------------
# Class: states round-trip (setup, ending), seeded states never stop at a chance node.


@pytest.mark.parametrize("spec", SPECS)
def test_states_round_trip_through_serialize_pickle_and_records(spec: str) -> None:
    rng = random.Random(f"rt{spec}")
    for state in list(_random_states(spec, rng, plies=300))[:: max(1, rng.randint(20, 60))]:
        text = state.serialize()
        for back in [ludoteca.deserialize_state(text), pickle.loads(pickle.dumps(state))]:
            assert back.history() == state.history()
            assert back.returns() == state.returns()
            assert back.current_player() == state.current_player()
        replayed = records.loads(records.dumps(state)).replay()
        assert replayed.history() == state.history()
        assert replayed.returns() == state.returns()


@pytest.mark.parametrize("spec", SPECS)
def test_truncated_seeded_histories_never_stop_at_chance(spec: str) -> None:
    rng = random.Random(f"cut{spec}")
    state = list(_random_states(spec, rng, plies=200))[-1]
    head, rest = state.serialize().split("history ", 1)
    ids = rest.split("\n", 1)[0].split()
    for cut in sorted({rng.randrange(len(ids) + 1) for _ in range(15)}):
        try:
            back = ludoteca.deserialize_state(head + "history " + " ".join(ids[:cut]) + "\n")
        except LudoError:
            continue
        assert not back.is_chance_node(), (spec, cut)


def test_positions_from_setup_round_trip() -> None:
    rng = random.Random(8)
    starts = [
        xiangqi.from_fen("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 7 30"),
        jieqi.from_fen("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX b - - 0 1", seed=3),
        jieqi.from_fen(
            "3k5/9/9/9/9/9/9/3A5/9/4K4 w", game="jieqi(revealed_advisor_elephant_unrestricted=false)", seed=3
        ),
    ]
    for start in starts:
        state = start.clone()
        for _ in range(rng.randint(0, 12)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        for back in [
            ludoteca.deserialize_state(state.serialize()),
            pickle.loads(pickle.dumps(state)),
            records.loads(records.dumps(state)).replay(),
        ]:
            assert back.setup() == state.setup() is not None
            assert back.history() == state.history()
            assert xiangqi.fen(back) == xiangqi.fen(state)
            assert sorted(back.legal_actions()) == sorted(state.legal_actions())


# --------------------------------------------------------------------------------------------------
# Class: notation round-trips (WXF names are unique).


@pytest.mark.parametrize("name", ["xiangqi", "jieqi"])
def test_every_wxf_name_parses_back(name: str) -> None:
    rng = random.Random(name)
    for _ in range(6):
        for state in list(_random_states(name, rng, plies=150))[::5]:
            if state.is_terminal() or state.is_chance_node():
                continue
            for action in state.legal_actions():
                wxf = xiangqi.action_to_wxf(state, action)
                assert xiangqi.wxf_to_iccs(state, wxf) == state.action_to_string(action), (
                    wxf,
                    xiangqi.fen(state),
                )


# --------------------------------------------------------------------------------------------------
# Class: the game judges a claim as twenty_four.check does.


def _random_expression(values: list[int], rng: random.Random) -> str:
    items = [str(v) for v in rng.sample(values, 4)]
    while len(items) > 1:
        i = rng.randrange(len(items) - 1)
        op = rng.choice("+-*/")
        items[i : i + 2] = [
            f"({items[i]}{op}{items[i + 1]})" if rng.random() < 0.7 else f"{items[i]}{op}{items[i + 1]}"
        ]
    return items[0]


@pytest.mark.parametrize("mode", ["rational", "integer"])
def test_game_verdict_agrees_with_check(mode: str) -> None:
    game = ludoteca.load_game(f"twenty_four(intermediate={mode})")
    rng = random.Random(mode)
    checked = 0
    for seed in range(60):
        state = game.new_initial_state(seed=seed)
        cards = twenty_four.board(state)
        claims = [_random_expression(cards, rng) for _ in range(40)] + twenty_four.solve(
            cards, intermediate="rational"
        )
        for claim in claims:
            try:
                verdict = twenty_four.check(claim, cards, intermediate=mode)
            except LudoError:
                continue
            name = state.action_to_string(state.string_to_action("claim " + claim))
            assert (name != "claim wrong") == verdict.valid, (claim, cards, name, verdict)
            checked += 1
    assert checked > 1000
