"""``ludoteca play`` driven as a person drives it: typed lines through a pseudo-terminal (pexpect).

Each test types what a player would (a card's number or name, Go coordinates, Xiangqi ICCS and WXF,
the commands ?/help/hint/undo/resign/quit, Ctrl-D and Ctrl-C) and reads the screen back. The games'
records are then checked independently: ``ludoteca.record`` replays them, and the Go SGF is read by
sgfmill, a library nobody here wrote.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pytest

import ludoteca
from ludoteca import record

pexpect = pytest.importorskip("pexpect")

PROMPT = "your move> "
#: The legal moves as ``?`` lists them.
LEGAL = re.compile(r"legal now \(\d+\): ([^\r\n]*)")


def default_sigint() -> None:
    """Runs in each child before it starts: Ctrl-C back to its default, so Python turns it into
    KeyboardInterrupt even when this test run was started in the background by a shell without job
    control (such a shell makes its background commands ignore SIGINT, and children inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(*args: str) -> pexpect.spawn:
    """``python -m ludoteca ARGS`` on a pseudo-terminal 120 columns wide, output as text."""
    env = {**os.environ, "COLUMNS": "120", "LINES": "50", "TERM": "dumb", "NO_COLOR": "1"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "ludoteca", *args],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 120),
        preexec_fn=default_sigint,
    )
    return child


def legal_moves(child: pexpect.spawn) -> list[str]:
    """Types ``?`` at the prompt and reads the legal moves it lists."""
    child.sendline("?")
    child.expect(LEGAL)
    names = child.match.group(1).split(" ")
    child.expect_exact(PROMPT)
    return names


def finish(child: pexpect.spawn) -> int:
    """Waits for the program to end; its exit status."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus is not None, "killed by a signal, not ended"
    return int(child.exitstatus)


# ---------------------------------------------------------------------------------------------------
# a card game played to the end


def test_a_whole_game_of_briscola_against_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    child = spawn("play", "briscola", "--seed", "7", "--record", str(path))
    child.expect_exact("you are seat 0")
    typed = 0
    transcript = ""
    while True:
        i = child.expect_exact([PROMPT, "game over"])
        transcript += child.before
        if i == 1:
            break
        # The menu shows each legal card with its number; type the first by number, later ones by name.
        menu = re.findall(r"(\d+) (\S+)", child.before.split("╯")[-1])
        assert menu, child.before
        number, name = menu[0]
        child.sendline(number if typed % 2 == 0 else name.lower())
        child.expect(r"you play (\S+)")
        assert child.match.group(1) == name
        typed += 1
    child.expect(r"you win|you lose|draw")
    assert finish(child) == 0
    assert typed == 20  # 40 cards, two players: every one of the human's 20 cards was typed
    assert "wins the trick" in transcript  # trick winners are announced
    assert "Traceback" not in transcript
    state = record.replay(record.load(path))
    assert state.is_terminal() and sum(state.scores()) == 120


def test_menu_numbers_stay_with_their_cards(tmp_path: Path) -> None:
    child = spawn("play", "briscola", "--seed", "3")
    child.expect_exact(PROMPT)
    first = dict((name, int(n)) for n, name in re.findall(r"(\d+) (\S+)", child.before.split("╯")[-1]))
    child.sendline(str(min(first.values())))
    child.expect_exact(PROMPT)
    second = dict((name, int(n)) for n, name in re.findall(r"(\d+) (\S+)", child.before.split("╯")[-1]))
    kept = set(first) & set(second)
    assert len(kept) == 2  # two cards stayed in the hand
    assert all(first[c] == second[c] for c in kept)
    child.sendline("quit")
    assert finish(child) == 1


# ---------------------------------------------------------------------------------------------------
# board games: coordinates, no menu


def test_go_moves_typed_as_coordinates_and_the_sgf_written_on_ctrl_d(tmp_path: Path) -> None:
    sgf_path, rec_path = tmp_path / "game.sgf", tmp_path / "game.jsonl"
    child = spawn(
        "play", "go(board_size=9)", "--seed", "2", "--sgf", str(sgf_path), "--record", str(rec_path)
    )
    child.expect_exact(PROMPT)
    assert "1 A1" not in child.before and "type your move" in child.before  # no numbered menu of points
    played = []
    for k in range(12):
        points = [m for m in legal_moves(child) if re.fullmatch(r"[A-J]\d", m)]
        point = points[(7 * k) % len(points)]
        child.sendline(point.lower() if k % 3 == 0 else point)  # lower case is accepted too
        child.expect(r"you play ([A-J]\d)")
        assert child.match.group(1) == point
        played.append(point)
        child.expect_exact(PROMPT)
    assert "[X]" in child.before or "[O]" in child.before  # the last move is marked on the board
    child.sendeof()
    child.expect_exact("SGF written")
    assert finish(child) == 1  # abandoned: the game did not end
    sgf = pytest.importorskip("sgfmill.sgf")
    game = sgf.Sgf_game.from_bytes(sgf_path.read_bytes())
    black = [node.get_move()[1] for node in game.get_main_sequence() if node.get_move()[0] == "b"]
    columns = "ABCDEFGHJ"
    assert [f"{columns[c]}{r + 1}" for r, c in black] == played
    state = record.replay(record.load(rec_path))
    assert not state.is_terminal()


def test_go_resign_ends_the_game_as_a_loss(tmp_path: Path) -> None:
    rec_path = tmp_path / "game.jsonl"
    child = spawn("play", "go(board_size=9)", "--seed", "1", "--record", str(rec_path))
    child.expect_exact(PROMPT)
    child.sendline("D4")
    child.expect_exact(PROMPT)
    child.sendline("resign")
    child.expect_exact("you lose")
    assert finish(child) == 0
    state = record.replay(record.load(rec_path))
    assert state.is_terminal() and state.returns()[0] < 0 and state.ending() == "resign 0"


def test_xiangqi_moves_typed_as_iccs_and_wxf_then_ctrl_c(tmp_path: Path) -> None:
    rec_path = tmp_path / "game.jsonl"
    child = spawn("play", "xiangqi", "--seed", "4", "--record", str(rec_path))
    child.expect_exact("you are seat 0, Red")
    child.expect_exact(PROMPT)
    child.sendline("h2e2")  # ICCS: the right cannon to the centre
    child.expect_exact("you play h2e2")
    child.expect_exact(PROMPT)
    child.sendline("P7+1")  # WXF: the soldier on Red's seventh file one step forward (c3c4)
    child.expect_exact("you play c3c4")
    child.expect_exact(PROMPT)
    child.sendline("z9z9")
    child.expect_exact("cannot parse move")  # a bad square is refused, the game goes on
    child.expect_exact(PROMPT)
    child.sendintr()
    child.expect_exact("record written")
    child.expect_exact("interrupted")
    assert finish(child) == 130
    state = record.replay(record.load(rec_path))
    names = [state.action_to_string(a) for a in state.history()]
    assert names[0] == "h2e2" and names[2] == "c3c4" and len(names) == 4


# ---------------------------------------------------------------------------------------------------
# commands


def test_help_hint_undo_and_quit(tmp_path: Path) -> None:
    rec_path = tmp_path / "game.jsonl"
    child = spawn("play", "briscola", "--seed", "11", "--record", str(rec_path))
    child.expect_exact(PROMPT)
    hand_before = re.search(r"▶ seat 0 \(team 0\): ([^·]*)", child.before).group(1).strip()
    child.sendline("help")
    child.expect_exact("hint")  # the commands are listed
    child.expect_exact(PROMPT)
    legal = legal_moves(child)
    child.sendline("hint")
    child.expect(r"hint \(greedy\): (\S+)")
    assert child.match.group(1) in legal
    child.expect_exact(PROMPT)
    child.sendline(legal[0])
    child.expect_exact(PROMPT)
    child.sendline("undo")
    child.expect_exact("taken back")
    child.expect_exact(PROMPT)
    assert re.search(r"▶ seat 0 \(team 0\): ([^·]*)", child.before).group(1).strip() == hand_before
    child.sendline("undo")
    child.expect_exact("nothing to take back")
    child.sendline("resign")
    child.expect_exact("has no resignation")
    child.sendline("quit")
    child.expect_exact("record written")
    assert finish(child) == 1
    state = record.replay(record.load(rec_path))
    assert len([a for a in state.history()]) > 0 and not state.is_terminal()


def test_ctrl_d_ends_cleanly_with_the_record(tmp_path: Path) -> None:
    rec_path = tmp_path / "game.jsonl"
    child = spawn("play", "briscola(players=4)", "--seat", "2", "--seed", "5", "--record", str(rec_path))
    child.expect_exact("you are seat 2")
    child.expect_exact(PROMPT)
    child.sendeof()
    child.expect_exact("record written")
    child.expect_exact("abandoned")
    output = child.before
    assert finish(child) == 1
    assert "Traceback" not in output
    state = record.replay(record.load(rec_path))
    assert state.current_player() == 2


def test_default_bot_is_the_games_strongest() -> None:
    for game, bot in [
        ("go(board_size=5)", "random_no_eye"),
        ("twenty_four", "solver"),
        ("xiangqi", "greedy"),
    ]:
        assert ludoteca.load_game(game).bots()[-1] == bot
        child = spawn("play", game, "--seed", "1")
        child.expect_exact(PROMPT)  # Go and Twenty-Four have no greedy bot: this used to be an error
        child.sendline("quit")
        assert finish(child) == 1


def test_simulate_shows_games_per_second_and_stops_on_ctrl_c() -> None:
    # 19x19 Go: long games, so the bar must move by time (it used to stay at 0 until 50,000 games).
    # A terminal that Rich draws a live bar on (TERM=dumb gets none); colours are stripped before matching.
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm"}
    args = ["-m", "ludoteca", "simulate", "go(board_size=19)", "-n", "1000000"]
    child = pexpect.spawn(
        sys.executable,
        args,
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 120),
        preexec_fn=default_sigint,
    )
    seen = ""
    while not re.search(r"[1-9][\d,]*/1000000 +[\d,]+ games/s", seen):
        child.expect_exact("games/s")
        seen += re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before + child.after)
    assert "simulating go: 1,000,000 games" in seen  # 19x19 is the default size: its canonical string is go
    child.expect(r"ETA \S*\d:\d\d:\d\d")  # the time left
    child.sendintr()
    child.expect_exact("interrupted")
    assert finish(child) == 130
