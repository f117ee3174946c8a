"""Twenty-Four from Python: the solver's published counts, the checker, errors, batch API and the game."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import ludoteca
from ludoteca.games import twenty_four as t24


def multisets(hi: int) -> np.ndarray:
    return np.array(list(itertools.combinations_with_replacement(range(1, hi + 1), 4)), dtype=np.int64)


def deals(row: np.ndarray) -> int:
    """Number of 4-card deals from a deck holding each value in four suits."""
    return math.prod(math.comb(4, m) for m in Counter(row.tolist()).values())


def test_published_counts_and_the_exact_deal_probability() -> None:
    rows = multisets(10)
    ok, counts = t24.solve_batch(rows)
    assert len(rows) == 715 and ok.sum() == 566
    assert np.array_equal(ok, counts > 0)
    ok_int, _ = t24.solve_batch(rows, intermediate="integer")
    assert ok_int.sum() == 556
    p = Fraction(sum(deals(r) for r, s in zip(rows, ok) if s), math.comb(40, 4))
    assert p == Fraction(79_936, 91_390) == Fraction(39_968, 45_695)
    assert round(float(p), 3) == 0.875, "the rules' 87.5 % is this value rounded"
    rows13 = multisets(13)
    ok13, _ = t24.solve_batch(rows13)
    assert (len(rows13), ok13.sum()) == (1820, 1362)


def test_solve_lists_each_canonical_solution_once() -> None:
    assert t24.solve([6, 6, 6, 6]) == ["6*6-6-6", "6+6+6+6"]
    assert t24.solve([3, 3, 8, 8]) == ["8/(3-8/3)"]
    assert t24.solve([3, 3, 8, 8], intermediate="integer") == []
    assert t24.solve([1, 1, 1, 1]) == []
    assert t24.count_solutions([5, 7, 8, 9]) == len(t24.solve([9, 8, 7, 5]))
    assert t24.first_solution([1, 1, 5, 9]) is None
    assert t24.first_solution([5, 5, 5, 5]) in t24.solve([5, 5, 5, 5])
    assert t24.is_solvable([1, 2, 3, 4], target=10)
    for s in t24.solve([2, 3, 12, 12]):
        assert t24.check(s, [2, 3, 12, 12]).canonical == s


def test_check_accepts_the_usual_spellings_and_explains_failures() -> None:
    for e in ["8*5-(7+9)", "8×5−(7+9)", "(8*5)-7-9", "8 x 5 - [7 + 9] = 24", "5*8-9-7"]:
        r = t24.check(e, [5, 7, 8, 9])
        assert r and r.canonical == "8*5-9-7", e
    assert t24.check("6÷(1−3÷4)", [1, 3, 4, 6]).valid
    r = t24.check("8*5-7+9", [5, 7, 8, 9])
    assert not r and "equals 42" in r.reason
    r = t24.check("12*2*1", [1, 2, 2, 1])
    assert "joining digits" in r.reason
    assert "division by zero" in t24.check("24/(5-5)*3", [24, 5, 5, 3]).reason
    assert "fractions are not allowed" in t24.check("8/(3-8/3)", [3, 3, 8, 8], intermediate="integer").reason
    for bad in ["", "-8*5+7+9", "8 5 7 9", "8*(5-7", "8^5"]:
        with pytest.raises(ludoteca.ParseError):
            t24.check(bad, [5, 7, 8, 9])


@pytest.mark.parametrize(
    "numbers, message",
    [
        ([1, 2, 3], "exactly 4"),
        ([1, 2, 3, -4], "negative"),
        ([1, 2, 3, 4.5], "float"),
        ([1, 2, 3, float("nan")], "NaN"),
        ([1, 2, 3, 10**10], "maximum"),
        ([1, 2, 3, 10**50], "maximum"),
        ([True, 2, 3, 4], "bool"),
        ([1, 2, 3, "4"], "not an integer"),
    ],
)
def test_bad_numbers_are_invalid_parameters(numbers: list, message: str) -> None:
    with pytest.raises(ludoteca.InvalidParameterError, match=message):
        t24.solve(numbers)


def test_solve_batch_validates_its_array() -> None:
    with pytest.raises(ludoteca.ShapeError):
        t24.solve_batch(np.zeros((3, 5), dtype=np.int64))
    with pytest.raises(ludoteca.ShapeError):
        t24.solve_batch(np.zeros(4, dtype=np.int64))
    with pytest.raises(ludoteca.InvalidParameterError, match="NaN"):
        t24.solve_batch(np.array([[1.0, 2.0, 3.0, np.nan]]))
    with pytest.raises(ludoteca.InvalidParameterError, match="float64"):
        t24.solve_batch(np.array([[1.0, 2.0, 3.0, 4.0]]))
    with pytest.raises(ludoteca.InvalidParameterError, match="row 1 has the negative"):
        t24.solve_batch(np.array([[1, 2, 3, 4], [1, -2, 3, 4]], dtype=np.int8))
    with pytest.raises(ludoteca.InvalidParameterError, match="row 0"):
        t24.solve_batch(np.array([[2**63, 1, 1, 1]], dtype=np.uint64))
    with pytest.raises(ludoteca.InvalidParameterError):
        t24.solve_batch([[1, 2, 3, 4]], intermediate="floats")
    ok, counts = t24.solve_batch(np.empty((0, 4), dtype=np.int32))
    assert ok.shape == counts.shape == (0,)
    ok, counts = t24.solve_batch([[5, 7, 8, 9], [1, 1, 1, 1]])
    assert ok.tolist() == [True, False] and counts.dtype == np.uint32
    assert counts[0] == t24.count_solutions([5, 7, 8, 9])


def test_solve_batch_is_the_same_on_one_thread_and_many() -> None:
    rng = np.random.default_rng(1)
    rows = rng.integers(0, 14, size=(5000, 4), dtype=np.uint8)
    one = t24.solve_batch(rows, threads=1)
    many = t24.solve_batch(rows)
    assert np.array_equal(one[0], many[0]) and np.array_equal(one[1], many[1])


def test_the_game_plays_with_expression_claims() -> None:
    game = t24.new_game()
    # The first seed whose first board is solvable (most are: 87 %).
    state, claim = next(
        (s, c)
        for s in map(lambda k: game.new_initial_state(seed=k), range(50))
        if (c := t24.first_solution(t24_values(s))) is not None
    )
    assert state.current_player() == 0
    with pytest.raises(ludoteca.IllegalActionError):
        state.apply_action("t3")  # a delay before a claim
    state.apply_action(f"claim {claim}")
    state.apply_action("t0")
    with pytest.raises(ludoteca.ParseError):
        t24.commit(state, "8*(5", 3)
    with pytest.raises(ludoteca.ParseError):
        t24.commit(state, "no solution", 9)
    before = state.serialize()
    t24.commit(state, "no solution", 7)
    assert state.serialize() != before
    assert f"p0 states {claim} (valid); p1 takes the cards" in state.observation_string(1)
    assert state.card_locations() is not None


def t24_values(state: ludoteca.State) -> list[int]:
    """The centre card values, read independently of `board` from the public card locations."""
    locs = state.card_locations()
    assert locs is not None
    names = [state.action_to_string(c).split()[1] for c in locs["centre"]]
    return [1 if n[0] == "A" else int(n[:-1]) for n in names]


def test_board_reads_the_centre_values() -> None:
    for seed in range(5):
        for players in (2, 4):
            state = t24.new_game(players=players).new_initial_state(seed=seed)
            assert t24.board(state) == t24_values(state) and len(t24.board(state)) == 4
    assert t24.board(t24.new_game().new_initial_state(explicit_chance=True)) == []
    with pytest.raises(TypeError):
        t24.board(ludoteca.load_game("briscola").new_initial_state(seed=0))


def test_solver_bots_simulate_and_speed_wins() -> None:
    r = ludoteca.simulate("twenty_four", 200, seed=1, bots=["solver(speed=0.9)", "solver(speed=0.3)"])
    wins = (r.returns > 0).sum(axis=0)
    assert wins[0] > 2 * wins[1]
    r4 = ludoteca.simulate(
        "twenty_four(players=4)", 20, seed=2, bots=["solver", "random", "solver(skill=0.5)", "random"]
    )
    assert np.allclose(r4.returns.sum(axis=1), 0.0)
    with pytest.raises(ludoteca.InvalidParameterError):
        ludoteca.simulate("twenty_four", 1, bots=["solver(speed=2)"])
