"""Tests of the ``ludoteca`` command (python/ludoteca/cli.py) through Typer's CliRunner."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner, Result

import ludoteca
from ludoteca.cli import UsageProblem, app, merge_params

runner = CliRunner()
# Wide enough that Rich tables do not wrap the strings the tests look for.
WIDE = {"COLUMNS": "200"}


def invoke(*args: str, input: str | None = None) -> Result:
    """Runs the command with ``args`` and returns the CliRunner result."""
    return runner.invoke(app, list(args), input=input, env=WIDE)


def assert_usage_error(result: Result, *fragments: str) -> None:
    """Exit code 2, a readable message containing ``fragments``, no traceback."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.output


# ---------------------------------------------------------------------------------------------------
# version, games, rules


def test_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.output.strip() == f"ludoteca {ludoteca.__version__}"


def test_python_dash_m_version() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ludoteca", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == f"ludoteca {ludoteca.__version__}"


def test_no_arguments_shows_help() -> None:
    result = invoke()
    assert "simulate" in result.output and "play" in result.output


def test_games_lists_briscola() -> None:
    result = invoke("games")
    assert result.exit_code == 0, result.output
    assert "briscola" in result.output
    assert "Briscola" in result.output
    assert "greedy" in result.output
    assert "briscola(players=4)" in result.output


def test_games_states_each_rules_version() -> None:
    result = invoke("games")
    for info in ludoteca.registered_games():
        line = next(row for row in result.output.splitlines() if row.startswith(info.short_name + " "))
        assert f"rules v{info.version}" in line, line


def test_rules_shows_text_parameters_and_presets() -> None:
    result = invoke("rules", "briscola")
    assert result.exit_code == 0, result.output
    assert "Italian 40-card pack" in result.output
    for name in ("players", "ruleset", "scope", "must_follow_suit"):
        assert name in result.output
    assert "int 2..6" in result.output
    assert "seed | american" in result.output
    assert "american" in result.output and "match_points=121" in result.output


def test_rules_unknown_game() -> None:
    assert_usage_error(invoke("rules", "nope"), "unknown game", "briscola")


# ---------------------------------------------------------------------------------------------------
# simulate


def test_simulate_prints_summary_table() -> None:
    result = invoke("simulate", "briscola", "-n", "500", "--bots", "greedy,random", "--seed", "3")
    assert result.exit_code == 0, result.output
    for text in (
        "briscola",
        "500",
        "games/s",
        "seconds",
        "greedy",
        "random",
        "±",
        "win rate",
        "draw rate",
        "mean card points",  # says what a score is in Briscola
        "mean length",
    ):
        assert text in result.output


def test_simulate_hides_the_score_column_where_it_is_the_return() -> None:
    # Xiangqi's score is its outcome: a second column with the same numbers would say nothing.
    result = invoke("simulate", "xiangqi", "-n", "20", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "mean return" in result.output and "mean score" not in result.output


def test_simulate_json() -> None:
    result = invoke("simulate", "briscola(players=4)", "-n", "300", "--bots", "greedy", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "briscola(players=4)"
    assert data["games"] == 300
    assert len(data["seats"]) == 4
    assert [s["bot"] for s in data["seats"]] == ["greedy"] * 4
    for seat in data["seats"]:
        assert 0.0 <= seat["win_rate"] <= 1.0
        assert seat["ci95"] >= 0.0


def test_simulate_json_matches_library() -> None:
    data = json.loads(invoke("simulate", "briscola", "-n", "200", "--seed", "5", "--json").stdout)
    expected = ludoteca.simulate("briscola", 200, seed=5).seats()
    assert [s["mean_return"] for s in data["seats"]] == pytest.approx([s.mean_return for s in expected])


def test_simulate_param_options_merge() -> None:
    result = invoke("simulate", "briscola", "-p", "players=4", "-p", "scope=match", "-n", "50", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "briscola(players=4,scope=match)"
    assert len(data["seats"]) == 4


@pytest.mark.parametrize(
    ("game", "options", "fragments"),
    [
        ("nope", [], ["unknown game"]),
        ("briscola(players=7)", [], ["players"]),
        ("briscola(foo=1)", [], ["foo", "unknown parameter"]),
        ("briscola(players=4", [], ["')'"]),
        ("briscola", ["--bots", "smart"], ["smart", "random, greedy"]),
        ("briscola", ["--bots", "random,random,random"], ["bots"]),
        ("briscola", ["-p", "players"], ["key=value"]),
    ],
)
def test_simulate_bad_input_exits_2(game: str, options: list[str], fragments: list[str]) -> None:
    result = invoke("simulate", game, "-n", "10", *options)
    assert_usage_error(result, "error:", *fragments)


def test_simulate_bad_count_is_a_usage_error() -> None:
    assert invoke("simulate", "briscola", "-n", "0").exit_code == 2


# ---------------------------------------------------------------------------------------------------
# merge_params


def test_merge_params() -> None:
    assert merge_params("briscola", []) == "briscola"
    assert merge_params("briscola", ["players=4"]) == "briscola(players=4)"
    assert merge_params("briscola(players=4)", ["scope=match"]) == "briscola(players=4,scope=match)"
    # an option replaces the same key of the game string
    assert (
        merge_params("briscola(players=4,scope=deal)", ["scope=match"]) == "briscola(players=4,scope=match)"
    )
    with pytest.raises(UsageProblem):
        merge_params("briscola", ["players"])


# ---------------------------------------------------------------------------------------------------
# play


def first_legal(game: str, seed: int) -> list[int]:
    """The ids of the legal moves at the start, as the menu numbers them."""
    return ludoteca.load_game(game).new_initial_state(seed=seed).legal_actions()


def test_play_scripted_game_to_the_end() -> None:
    # One unparseable entry, one number no card has, one empty line, then the first legal id each turn
    # (the menu numbers are the action ids, so "hint" is used to get a legal move every turn).
    script = "zz\n99\n\n" + "".join(f"{a}\n" for a in range(40)) * 30
    result = invoke("play", "briscola", "--seat", "0", "--bots", "greedy", "--seed", "7", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert 'cannot parse action from "zz"' in out
    assert "no move numbered 99 now" in out
    assert "type a move, or ? for the legal moves" in out
    assert "you are seat 0" in out
    assert "hidden" in out  # the opponent's hand is not shown
    assert "seat 1 (greedy) plays" in out
    assert "you play" in out
    assert "game over" in out
    assert "deal 1 · dealer 1 · game over" in out  # a single deal is deal 1, also once it is over
    assert "return" in out and "score" in out
    assert any(verdict in out for verdict in ("you win", "you lose", "draw"))


def test_play_accepts_action_names_and_reports_illegal_moves() -> None:
    game = ludoteca.load_game("briscola")
    state = game.new_initial_state(seed=11)
    hand = [state.action_to_string(a) for a in state.legal_actions()]
    not_held = next(
        state.action_to_string(a)
        for a in range(game.num_distinct_actions())
        if a not in state.legal_actions()
    )
    script = f"{not_held}\n{hand[1].lower()}\n" + "".join(f"{a}\n" for a in range(40)) * 30
    result = invoke("play", "briscola", "--seed", "11", input=script)
    assert result.exit_code == 0, result.output
    assert "does not hold" in result.output  # the rule is named
    assert f"you play {hand[1]}" in result.output
    assert "game over" in result.output


def test_play_is_reproducible_with_seed() -> None:
    script = "hint\n" + "".join(f"{a}\n" for a in range(40)) * 30
    a = invoke("play", "briscola(players=4)", "--seat", "2", "--seed", "9", input=script)
    b = invoke("play", "briscola(players=4)", "--seat", "2", "--seed", "9", input=script)
    assert a.exit_code == 0, a.output
    assert a.output == b.output
    assert "seat 3 (greedy) plays" in a.output


def test_play_hint_does_not_change_the_bots_game() -> None:
    moves = "".join(f"{a}\n" for a in range(40)) * 30
    plain = invoke("play", "briscola", "--seed", "4", input=moves)
    hinted = invoke("play", "briscola", "--seed", "4", input="hint\n" + moves)
    assert plain.exit_code == hinted.exit_code == 0
    plays = [line for line in plain.output.splitlines() if "plays" in line]
    assert plays == [line for line in hinted.output.splitlines() if "plays" in line]


def test_play_ends_cleanly_on_eof() -> None:
    result = invoke("play", "briscola", "--seed", "1", input="1\n")
    assert result.exit_code == 1
    assert "abandoned" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("options", "fragments"),
    [
        (["--seat", "5"], ["seat 5", "0..1"]),
        (["--bots", "smart"], ["smart"]),
        (["--bots", "random,greedy"], ["other seat"]),
    ],
)
def test_play_bad_options_exit_2(options: list[str], fragments: list[str]) -> None:
    assert_usage_error(invoke("play", "briscola", *options, input="1\n"), "error:", *fragments)


def test_play_unknown_game() -> None:
    assert_usage_error(invoke("play", "chess960"), "unknown game")
