"""A new user's first hour (issue: README, play, messages, progress): each defect as a small situation."""

from __future__ import annotations

import doctest
import json
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca import record
from ludoteca.cli import _xiangqi_notes, app, go_marking_legend

runner = CliRunner()


def invoke(*args: str, columns: int = 200, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input, env={"COLUMNS": str(columns)})


# ---------------------------------------------------------------------------------------------------
# progress by time, and Ctrl-C


def test_progress_comes_from_the_workers_counter_not_from_chunks() -> None:
    calls: list[tuple[int, int]] = []
    result = ludoteca.simulate("go(board_size=9)", 1500, seed=1, progress=lambda d, n: calls.append((d, n)))
    assert calls[-1] == (1500, 1500)
    done = [d for d, _ in calls]
    assert done == sorted(done) and all(n == 1500 for _, n in calls)
    if result.seconds > 0.5:
        # Polled ten times a second: a run this long reports games in between, not one jump at the end
        # (it used to report every 50,000 games, so 0/1500 for the whole run).
        assert any(0 < d < 1500 for d in done), calls


def test_progress_does_not_change_the_results() -> None:
    plain = ludoteca.simulate("briscola", 3000, seed=4)
    watched = ludoteca.simulate("briscola", 3000, seed=4, progress=lambda d, n: None)
    assert np.array_equal(plain.returns, watched.returns) and np.array_equal(plain.lengths, watched.lengths)


def test_an_exception_in_the_progress_callback_stops_the_run() -> None:
    def fail(done: int, total: int) -> None:
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        ludoteca.simulate("go(board_size=19)", 100_000, seed=1, progress=fail)


INTERRUPTIBLE = {
    "simulate": "ludoteca.simulate('go(board_size=19)', 1_000_000, seed=1)",
    "solve_batch": (
        "import numpy as np; from ludoteca.games import twenty_four; "
        "twenty_four.solve_batch(np.random.default_rng(1).integers(1, 14, size=(3_000_000, 4)))"
    ),
}


@pytest.mark.parametrize("call", sorted(INTERRUPTIBLE))
def test_ctrl_c_stops_a_long_call(call: str) -> None:
    code = f"import ludoteca, sys; print('started', flush=True); {INTERRUPTIBLE[call]}; print('finished')"
    # Ctrl-C back to its default in the child: a shell without job control makes its background
    # commands (and so this run, and the child) ignore SIGINT, and Python then never raises
    # KeyboardInterrupt.
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.0)  # inside the Rust call, GIL released
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:  # pragma: no cover - the defect itself
        child.kill()
        pytest.fail(f"{call} ignored Ctrl-C")
    assert "KeyboardInterrupt" in err and "finished" not in out


# ---------------------------------------------------------------------------------------------------
# messages


def test_an_out_of_range_id_says_what_the_ids_are() -> None:
    state = ludoteca.load_game("briscola").new_initial_state(seed=1)
    with pytest.raises(ludoteca.IllegalActionError) as e:
        state.apply_action(-5)
    assert str(e.value) == "illegal action: -5 is not one of briscola's action ids (0..39)"


def test_a_bad_record_names_the_illegal_action_once(tmp_path: Path) -> None:
    state = ludoteca.load_game("briscola").new_initial_state(seed=2)
    state.apply_action(state.legal_actions()[0])
    path = tmp_path / "game.jsonl"
    record.dump(state, path, seed=2)
    lines = path.read_text(encoding="utf-8").splitlines()
    move = json.loads(lines[-1])
    other = next(a for a in range(40) if a not in state.legal_actions() and a != move.get("action"))
    move["action"], move["name"] = other, state.action_to_string(other)
    lines[-1] = json.dumps(move, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("replay", str(path))
    assert result.exit_code == 2
    assert result.output.count("illegal action") == 1, result.output


def test_replay_of_a_record_stopped_before_a_chance_event(tmp_path: Path) -> None:
    # A seeded Briscola record cut right after a trick: the next event is the draw, not seat -1's move.
    state = ludoteca.load_game("briscola").new_initial_state(seed=3, explicit_chance=True)
    while not state.is_chance_node() or len(state.history()) < 8:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    path = tmp_path / "cut.jsonl"
    record.dump(state, path)
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "seat -1" not in result.output
    assert "unfinished: a chance event" in result.output


@pytest.mark.parametrize(
    ("game", "deals"),
    [("briscola", 1), ("schafkopf", 1), ("zole", 1), ("solo", 1), ("schafkopf(scope=match,deals=3)", 3)],
)
def test_a_finished_game_names_its_last_deal(game: str, deals: int) -> None:
    state = ludoteca.load_game(game).new_initial_state(seed=5)
    while not state.is_terminal():
        state.apply_action(state.bot_action("random", seed=len(state.history())))
    header = str(state).splitlines()[0]
    assert f"deal {deals} ·" in header and "game over" in header, header


# ---------------------------------------------------------------------------------------------------
# the command line's screens


def test_games_never_breaks_a_game_string_at_80_columns() -> None:
    result = invoke("games", columns=80)
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    for info in ludoteca.registered_games():
        for example in info.examples:
            assert example in lines, f"{example} is not on one line of its own"


@pytest.mark.parametrize("command", ["simulate", "replay", "play", "games", "rules"])
def test_flags_are_shown_as_flags(command: str) -> None:
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "<bool>" not in result.output
    if command in ("simulate", "replay"):
        assert "--json" in result.output


def test_show_a_fen_and_replay_an_sgf(tmp_path: Path) -> None:
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    shown = invoke("show", fen)
    assert shown.exit_code == 0, shown.output
    assert "Red to move" in shown.output and "44 legal moves" in shown.output
    sgf = tmp_path / "g.sgf"
    sgf.write_text("(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[dc])", encoding="utf-8")
    replayed = invoke("replay", str(sgf))
    assert replayed.exit_code == 0, replayed.output
    assert "3 moves replayed" in replayed.output
    assert invoke("show", "not a position").exit_code == 2


def test_go_marking_phase_is_explained() -> None:
    game = ludoteca.load_game("go(board_size=5)")
    state = game.new_initial_state(seed=2)
    while not state.is_terminal() and go_marking_legend(state) is None:
        state.apply_action(state.bot_action("random_no_eye", seed=len(state.history())))
    legend = go_marking_legend(state)
    assert legend is not None, "the game ended without a marking phase"
    for word in ("dead", "accept", "mark D4", "resume"):
        assert word in legend.plain


def test_xiangqi_capture_and_check_are_announced() -> None:
    from ludoteca.games import xiangqi

    # Red's chariot on e1 takes the black cannon on e6 and so gives check to the general on e9.
    before = xiangqi.from_fen("4k4/9/9/4c4/9/9/9/9/4R4/5K3 w - - 0 1")
    after = before.clone()
    after.apply_action("e1e6")
    assert _xiangqi_notes(before, after) == ["captures a cannon", "check"]
    quiet = before.clone()
    quiet.apply_action("e1f1")
    assert _xiangqi_notes(before, quiet) == []


# ---------------------------------------------------------------------------------------------------
# the library


def test_pickled_and_deserialised_states_equal_the_original() -> None:
    game = ludoteca.load_game("briscola(players=4)")
    state = game.new_initial_state(seed=8)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    assert pickle.loads(pickle.dumps(state)) == state
    assert ludoteca.deserialize_state(state.serialize()) == state
    other = state.clone()
    other.apply_action(other.legal_actions()[0])
    assert other != state
    assert game.new_initial_state(seed=8) != game.new_initial_state(seed=9)
    assert state != "not a state"


def test_simulation_result_has_lengths_and_a_tidy_export() -> None:
    result = ludoteca.simulate("briscola", 200, seed=1)
    assert result.mean_length == pytest.approx(float(result.lengths.mean()))
    data = result.to_dict()
    assert data["games"] == 200 and data["mean_length"] == result.mean_length
    assert data["score_label"] == "card points"
    json.dumps(data)  # plain data
    pd = pytest.importorskip("pandas")
    frame = result.to_pandas()
    assert isinstance(frame, pd.DataFrame) and len(frame) == 200
    assert list(frame["return_0"]) == list(result.returns[:, 0])


def test_pettingzoo_missing_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludoteca.adapters import pettingzoo as lpz

    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # as if not installed
    with pytest.raises(ImportError, match=r"pip install 'ludoteca\[pettingzoo\]'"):
        lpz.env("briscola")


ENTRY_POINTS = [
    ludoteca.load_game,
    ludoteca.registered_games,
    ludoteca.deserialize_state,
    ludoteca.simulate,
    ludoteca.Game,
    ludoteca.State,
    ludoteca.VectorEnv,
    ludoteca.SimulationResult.to_dict,
]


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda f: f.__name__)
def test_entry_points_have_full_docstrings_whose_examples_run(entry: object) -> None:
    doc = entry.__doc__ or ""
    assert "Example" in doc or ">>>" in doc, f"{entry} has no example"
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(entry, getattr(entry, "__name__", "entry"), globs={"ludoteca": ludoteca}):
        runner.run(test)
    assert runner.failures == 0


def test_pettingzoo_env_docstring_example_runs() -> None:
    pytest.importorskip("pettingzoo")
    from ludoteca.adapters import pettingzoo as lpz

    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder(recurse=False).find(lpz.env, "env", globs={}):
        runner.run(test)
    assert runner.failures == 0


def test_help_of_load_game_is_the_full_docstring() -> None:
    # help() on a compiled entry point shows the whole docstring, not a one-liner.
    text = ludoteca.load_game.__doc__ or ""
    assert "UnknownGameError" in text and "ruleset" in text and len(text.splitlines()) > 8


def test_jieqi_announces_reveals_but_not_what_the_opponent_captured() -> None:
    # A captured face-down piece is shown only to the capturer: the screen of the other seat must not
    # name it, while the reveal of a piece where it lands is public and announced to both.
    game = ludoteca.load_game("jieqi")
    state = game.new_initial_state(seed=1)
    seen_capture = seen_reveal = False
    for i in range(200):
        if state.is_terminal():
            break
        before = state.clone()
        mover = before.current_player()
        state.apply_action(state.bot_action("greedy", seed=i))
        chance = [state.action_to_string(a) for a in state.history()[len(before.history()) + 1 :]]
        mine, theirs = _xiangqi_notes(before, state, mover), _xiangqi_notes(before, state, 1 - mover)
        for told in chance:
            if told.startswith("reveal"):
                seen_reveal = True
                assert told in mine and told in theirs
            else:
                seen_capture = True
                assert told in mine and told not in theirs, (told, theirs)
    assert seen_capture and seen_reveal


def test_go_marking_shows_the_proposed_dead_stones_in_lower_case() -> None:
    from ludoteca.cli import go_dead_chains, mark_dead_stones
    from ludoteca.games import go

    state = ludoteca.load_game("go(board_size=7)").new_initial_state(seed=2)
    while not state.is_terminal() and go_marking_legend(state) is None:
        state.apply_action(state.bot_action("random_no_eye", seed=len(state.history())))
    dead = go_dead_chains(state)
    assert dead, "this game's proposal has dead stones"
    board = go.board(state)
    score = go.final_score(state)
    for colour in (1, 2):
        on_board = sum(row.count(colour) for row in board)
        dead_here = sum(1 for r, c in dead if board[r][c] == colour)
        assert on_board - dead_here == score["stones"][colour - 1]  # the count's living stones
    shown = mark_dead_stones(state.observation_string(0), dead)
    rows = [line[3:-3] for line in shown.splitlines() if line[:3].strip().isdigit()]
    assert sum(row.count("x") + row.count("o") for row in rows) == len(dead)


@pytest.mark.parametrize(("game", "secret"), [("schafkopf", "bury"), ("zole", "discard")])
def test_play_never_names_another_seats_secret_move(game: str, secret: str, tmp_path: Path) -> None:
    # A bot's buried or discarded cards are not the human's to see: the screen says that the bot
    # moved, never what it chose. (The human types the lowest legal id each turn: it passes.)
    n_actions = ludoteca.load_game(game).num_distinct_actions()
    script = "".join(f"{a}\n" for a in range(n_actions)) * 5
    for seed in range(20):
        path = tmp_path / f"{seed}.jsonl"
        out = invoke("play", game, "--seed", str(seed), "--record", str(path), input=script).output
        rec = record.load(path)
        bots_secret = [m.name for m in rec.moves if m.player not in (None, 0) and m.name.startswith(secret)]
        if not bots_secret:
            continue
        for name in bots_secret:
            assert f"plays {name}" not in out and name not in out
        assert "moves in secret" in out
        return
    pytest.fail(f"no seed made a bot {secret} in {game}")


def test_twenty_four_bots_claims_stay_sealed() -> None:
    import io

    from rich.console import Console

    from ludoteca.cli import Match, bot_turn

    game = ludoteca.load_game("twenty_four")
    state = game.new_initial_state(seed=2)
    state.apply_action(state.bot_action("solver", seed=0))  # seat 0 (the human) claims
    state.apply_action("t3")
    match = Match(state, 0, {1: "solver"}, __import__("random").Random(1))
    buffer = io.StringIO()
    while match.state.current_player() == 1:
        before = len(match.state.history())
        bot_turn(Console(file=buffer, width=200), match)
        for action in match.state.history()[before : before + 1]:
            assert match.state.action_to_string(action) not in buffer.getvalue()
    assert "moves in secret" in buffer.getvalue()
