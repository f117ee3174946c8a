"""States set up from a position (FEN, Go diagram, SGF setup stones) serialise with their start."""

from __future__ import annotations

import pickle
import random

import pytest

import ludoteca
from ludoteca.games import go, jieqi, xiangqi


def _advance(state: ludoteca.State, n: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    "make",
    [
        lambda: xiangqi.from_fen("r2k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"),
        lambda: jieqi.from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", seed=3),
        lambda: go.from_diagram(
            ludoteca.load_game("go(board_size=5,ruleset=chinese)"),
            ". . . . .\n. X O . .\nX O . O .\n. X O . .\n. . . . .",
            0,
        ),
        lambda: go.from_diagram(
            go.new_rengo(board_size=5), ". X . . .\n. . . . .\n. . O . .\n. . . . .\n. . . . .", 1
        ),
    ],
)
def test_set_up_states_round_trip(make: object) -> None:
    state = make()  # type: ignore[operator]
    _advance(state, 6, 1)
    text = state.serialize()
    assert "\nsetup " in text
    for copy in (
        ludoteca.deserialize_state(text),
        pickle.loads(pickle.dumps(state)),
        state.get_game().deserialize(text),
    ):
        assert copy.serialize() == text
        assert str(copy) == str(state)
        assert copy.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game", [go.new_game(board_size=9), go.new_rengo(board_size=9)], ids=["go", "rengo"])
def test_a_resignation_survives_serialisation(game: ludoteca.Game) -> None:
    state = game.new_initial_state()
    _advance(state, 5, 3)
    go.resign(state, 1)
    text = state.serialize()
    assert text.endswith("\nending resign 1\n")
    for copy in (ludoteca.deserialize_state(text), pickle.loads(pickle.dumps(state)), game.deserialize(text)):
        assert copy.is_terminal()
        assert copy.returns() == state.returns()
        assert go.result(copy) == go.result(state) == "B+R"
        assert copy.serialize() == text


def test_bad_ending_lines_are_parse_errors() -> None:
    state = go.new_game(board_size=9).new_initial_state()
    go.resign(state, 0)
    with pytest.raises(ludoteca.ParseError, match="not 7"):
        ludoteca.deserialize_state(state.serialize().replace("resign 0", "resign 7"))
    with pytest.raises(ludoteca.ParseError, match="'resign 0' and 'resign 1'"):
        ludoteca.deserialize_state(state.serialize().replace("resign 0", "surrender"))
    plain = ludoteca.load_game("briscola").new_initial_state(seed=1).serialize()
    with pytest.raises(ludoteca.ParseError, match="only by its actions"):
        ludoteca.deserialize_state(plain + "ending resign 0\n")


def test_standard_states_have_no_setup_line() -> None:
    assert "setup" not in ludoteca.load_game("xiangqi").new_initial_state().serialize()


def test_a_determinised_sample_refuses_to_serialise() -> None:
    state = ludoteca.load_game("jieqi").new_initial_state(seed=2)
    _advance(state, 4, 2)
    sample = jieqi.resample_hidden(state, 0, 9)
    with pytest.raises(ludoteca.InvalidParameterError, match="cannot be serialised"):
        sample.serialize()


def test_bad_setup_lines_are_parse_errors() -> None:
    good = xiangqi.from_fen("r2k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1").serialize()
    with pytest.raises(ludoteca.LudoError):
        ludoteca.deserialize_state(good.replace("setup r2k5", "setup z3k4"))
    plain = ludoteca.load_game("briscola").new_initial_state(seed=1).serialize()
    with pytest.raises(ludoteca.ParseError, match="initial state"):
        ludoteca.deserialize_state(
            plain.replace("chance", "chance", 1).replace("\nhistory", "\nsetup x\nhistory")
        )


@pytest.mark.parametrize("spec", ["briscola(players=4)", "zole(scope=match)", "go(board_size=5)"])
def test_serialised_text_names_the_rules_version_and_refuses_other_versions(spec: str) -> None:
    game = ludoteca.load_game(spec)
    version = next(i.version for i in ludoteca.registered_games() if i.short_name == game.name)
    state = game.new_initial_state(seed=5)
    _advance(state, 4, 2)
    lines = state.serialize().splitlines()
    assert lines[0] == "ludoteca-state 2"
    assert lines[2] == f"rules {version}"
    # The same text written under the next rules version is refused, naming both versions.
    other = "\n".join([*lines[:2], f"rules {version + 1}", *lines[3:]]) + "\n"
    with pytest.raises(ludoteca.ParseError, match=rf"rules version {version + 1}.*has version {version}"):
        ludoteca.deserialize_state(other)
    # Format 1, written before the rules line existed, still loads to the same state.
    old = "\n".join(["ludoteca-state 1", lines[1], *lines[3:]]) + "\n"
    assert ludoteca.deserialize_state(old) == state
