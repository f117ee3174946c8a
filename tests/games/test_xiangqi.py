"""Xiangqi and Jieqi through the Python API: perft, FEN, notations, errors, hidden information, and a
cross-check of random positions against Fairy-Stockfish (``pyffish``) when it is installed."""

from __future__ import annotations

import pathlib
import random

import numpy as np
import pytest

import ludoteca
from ludoteca.games import jieqi, xiangqi

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "xiangqi" / "perft.txt"


def perft_cases() -> list[tuple[str, list[int]]]:
    cases = []
    for line in DATA.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fen, counts = line.split("|")
            cases.append((fen.strip(), [int(n) for n in counts.split()]))
    return cases


def test_start_perft() -> None:
    assert [xiangqi.perft(d) for d in (1, 2, 3)] == [44, 1920, 79666]


@pytest.mark.parametrize("fen,counts", perft_cases())
def test_published_perft_small_depths(fen: str, counts: list[int]) -> None:
    for depth, want in enumerate(counts, start=1):
        if want > 50_000:
            break
        assert xiangqi.perft(depth, fen) == want, (fen, depth)


@pytest.mark.slow
def test_start_perft_depth_4() -> None:
    assert xiangqi.perft(4) == 3_290_240


def test_fen_round_trip_and_validation() -> None:
    s = xiangqi.from_fen(xiangqi.START_FEN)
    assert xiangqi.fen(s) == xiangqi.START_FEN
    s.apply_action("h2e2")
    assert xiangqi.fen(s).startswith("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b")
    with pytest.raises(ludoteca.InvalidPositionError, match="attacked"):
        xiangqi.from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w")
    with pytest.raises(ludoteca.InvalidPositionError, match="palace"):
        xiangqi.from_fen("4k4/9/9/9/9/9/9/9/9/K8 w")
    with pytest.raises(ludoteca.ParseError):
        xiangqi.from_fen("rnbakabnr/9/1c5c1 w")


def test_notations() -> None:
    s = xiangqi.new_game().new_initial_state()
    a = xiangqi.iccs_to_action("h2e2")
    assert xiangqi.action_to_iccs(a) == "h2e2"
    assert s.string_to_action("C2.5") == a == s.string_to_action("H2-E2")
    assert xiangqi.action_to_wxf(s, a) == "C2.5"
    assert xiangqi.iccs_to_wxf(s, "h0g2") == "H2+3"
    assert xiangqi.wxf_to_iccs(s, "E7+5") == "c0e2"
    with pytest.raises(ludoteca.ParseError):
        s.string_to_action("Z9.9")


def test_illegal_moves_name_the_rule_and_keep_the_state() -> None:
    s = xiangqi.from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w")
    before = str(s)
    with pytest.raises(ludoteca.IllegalActionError, match="flying general"):
        s.apply_action("e1d2")
    assert str(s) == before
    s = xiangqi.from_fen("3k5/9/9/9/4P4/4N4/9/9/9/5K3 w")
    with pytest.raises(ludoteca.IllegalActionError, match="blocked leg"):
        s.apply_action("e4d6")
    with pytest.raises(ludoteca.IllegalActionError, match="not your piece"):
        s.apply_action("d9d8")
    s = xiangqi.from_fen("3k5/1R7/R8/9/9/9/9/9/9/5K3 w")
    s.apply_action("a7a9")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    with pytest.raises(ludoteca.GameOverError):
        s.apply_action("d9d8")


def test_observation_planes() -> None:
    g = xiangqi.new_game()
    s = g.new_initial_state()
    obs = np.asarray(s.observation_tensor(0)).reshape(g.observation_shape())
    assert obs.shape == (15, 10, 9)
    assert obs[0, 9, 4] == 1.0  # own general, bottom centre
    assert obs[7, 0, 4] == 1.0  # opponent's general, top centre
    assert obs[14].all()


def test_simulate_both_games() -> None:
    for name in ("xiangqi", "jieqi"):
        r = ludoteca.simulate(name, 20, seed=3, bots=["greedy", "random"], threads=1)
        assert r.returns.shape == (20, 2)
        assert (r.returns.sum(axis=1) == 0).all()


# ------------------------------------------------------------------- Jieqi


def test_jieqi_reveal_is_a_chance_event() -> None:
    g = jieqi.new_game()
    s = g.new_initial_state(explicit_chance=True)
    s.apply_action("a0a1")
    assert s.is_chance_node()
    outcomes = dict(s.chance_outcomes())
    assert abs(sum(outcomes.values()) - 1.0) < 1e-12
    assert abs(outcomes[s.string_to_action("reveal pawn")] - 5 / 15) < 1e-12
    s.apply_action("reveal chariot")
    assert s.current_player() == 1


def test_jieqi_hidden_identities_never_leak() -> None:
    s = jieqi.new_game().new_initial_state(seed=7)
    rng = random.Random(1)
    for _ in range(20):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    views = []
    for seed in range(4):
        d = jieqi.resample_hidden(s, 0, seed)
        assert not d.is_chance_node()
        views.append(
            [
                np.asarray(d.observation_tensor(0)).tolist(),
                d.observation_string(0),
                d.information_state_string(0),
            ]
        )
    assert all(v == views[0] for v in views)
    assert jieqi.fen(jieqi.resample_hidden(s, 0, 0)) == jieqi.fen(s)


def test_jieqi_start_perft_any_arrangement() -> None:
    # Rules file §2.4: whatever the arrangement, Red has exactly 44 first moves.
    s = jieqi.from_fen(jieqi.START_FEN, explicit_chance=True)
    assert {jieqi.perft(jieqi.resample_hidden(s, 0, seed), 1) for seed in range(10)} == {44}


# ------------------------------------------------- cross-check with Fairy-Stockfish


def to_sf(iccs: str) -> str:
    """Our ranks are 0-9; Fairy-Stockfish's are 1-10."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def cross_check(games: int, seed: int) -> int:
    """Plays random games and compares every position with Fairy-Stockfish; returns positions checked."""
    sf = pytest.importorskip("pyffish")
    rng = random.Random(seed)
    checked = 0
    for game_no in range(games):
        s = xiangqi.new_game(repetition_rule="draw", no_capture_draw_plies=0).new_initial_state()
        for _ply in range(rng.randrange(10, 150)):
            fen = xiangqi.fen(s)
            theirs = sorted(sf.legal_moves("xiangqi", fen, []))
            if s.is_terminal():
                # Mate or stalemate (a loss for the side to move) means no legal move for Fairy-Stockfish.
                if "draw" not in str(s):
                    assert theirs == [], fen
                break
            legal = s.legal_actions()
            assert sorted(to_sf(s.action_to_string(a)) for a in legal) == theirs, (game_no, fen)
            for a in rng.sample(legal, min(2, len(legal))):
                want = sf.get_san(
                    "xiangqi", fen, to_sf(s.action_to_string(a)), False, sf.NOTATION_XIANGQI_WXF
                )
                ours = xiangqi.action_to_wxf(s, a)
                # The names agree except for tandem pieces, which we always mark with +/- as the WXF
                # page says, while Fairy-Stockfish keeps the file digit unless it is ambiguous (both
                # spellings parse to the move), and writes tandem pawns on two files its own way
                # (e.g. "29+1" where the WXF page has "9-+1"), which we do not parse.
                if not want[0].isdigit():
                    assert s.string_to_action(want) == a, (fen, want)
                if ours[1].isdigit() and ours[0].isalpha():
                    assert ours == want.replace("=", "."), (fen, s.action_to_string(a))
            checked += 1
            a = rng.choice(legal)
            s.apply_action(a)
            after = sf.get_fen("xiangqi", fen, [to_sf(s.action_to_string(a))])
            assert xiangqi.fen(s).split()[:2] == after.split()[:2], (fen, s.action_to_string(a))
    return checked


def test_random_positions_match_fairy_stockfish() -> None:
    assert cross_check(games=3, seed=2024) > 60


@pytest.mark.slow
def test_many_random_positions_match_fairy_stockfish() -> None:
    assert cross_check(games=60, seed=7) > 2000
