"""Go and Rengo through the Python API: rules situations, scoring examples of the rules file (§5.3),
SGF round trips (checked with ``sgfmill`` when installed), Rengo rotation and claims."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca.games import go

AREA_40_41 = """
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
"""


def play_out(state: ludoteca.State, seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))


def test_empty_board_and_gtp_names() -> None:
    g = go.new_game()
    s = g.new_initial_state()
    assert len(s.legal_actions()) == 19 * 19 + 1
    assert s.action_to_string(0) == "A1" and s.action_to_string(8) == "J1"
    assert s.string_to_action("d4") == 3 * 19 + 3
    assert s.string_to_action("pass") == 361
    assert go.vertex(360, 19) == "T19"
    with pytest.raises(ludoteca.ParseError):
        s.string_to_action("I4")
    assert g.observation_shape() == [5, 19, 19]


def test_capture_ko_and_unchanged_state_on_error() -> None:
    g = go.new_game(board_size=5)
    s = go.from_diagram(g, ". . . . .\n. . . . .\n. X O . .\nX O . O .\n. X O . .", to_move=0)
    s.apply_action("C2")
    assert go.final_score(s)["prisoners"] == [1, 0]
    before = go.board(s)
    with pytest.raises(ludoteca.IllegalActionError, match="ko"):
        s.apply_action("B2")
    assert go.board(s) == before
    with pytest.raises(ludoteca.IllegalActionError, match="occupied"):
        s.apply_action("C2")


def test_suicide_rules() -> None:
    diagram = ". X . . .\nX . . . .\nO . . . .\nX O . . .\n. X O . ."
    s = go.from_diagram(go.new_game(board_size=5), diagram, 0)
    with pytest.raises(ludoteca.IllegalActionError, match="suicide"):
        s.apply_action("A1")
    s = go.from_diagram(go.new_game(board_size=5, ruleset="nz"), diagram, 0)
    s.apply_action("A1")
    assert go.final_score(s)["prisoners"] == [0, 3]


def test_scoring_examples_of_the_rules_file() -> None:
    s = go.from_diagram(
        go.new_game(board_size=9, ruleset="tromp_taylor"),
        "\n".join(["." * 9] * 4 + ["....X...."] + ["." * 9] * 4),
        1,
    )
    s.apply_action("pass")
    s.apply_action("pass")
    assert s.is_terminal() and go.result(s) == "B+73.5"
    sc = go.final_score(s)
    assert (sc["black"], sc["white"]) == (81, 7.5)
    assert s.returns() == [1.0, -1.0]
    s = go.from_diagram(go.new_game(board_size=9, ruleset="chinese"), AREA_40_41, 0)
    sc = go.final_score(s)
    assert (sc["black"], sc["white"]) == (40, 48.5)


def test_handicap_and_free_placement() -> None:
    s = go.new_game(board_size=19, handicap=9).new_initial_state()
    assert s.current_player() == 1
    assert sum(v == 1 for row in go.board(s) for v in row) == 9
    s = go.new_game(board_size=9, handicap=3, handicap_placement="free").new_initial_state()
    for v in ["A1", "B2", "C3"]:
        assert s.current_player() == 0
        s.apply_action(v)
    assert s.current_player() == 1


def test_marking_phase_and_resignation() -> None:
    s = go.from_diagram(go.new_game(board_size=9, ruleset="chinese"), AREA_40_41, 0)
    s.apply_action("pass")
    s.apply_action("pass")
    assert not s.is_terminal()
    assert "accept" in [s.action_to_string(a) for a in s.legal_actions()]
    s.apply_action("accept")
    s.apply_action("accept")
    assert go.result(s) == "W+8.5"
    s = go.new_game(board_size=9).new_initial_state()
    go.resign(s, 0)
    assert s.is_terminal() and go.result(s) == "W+R"
    with pytest.raises(ludoteca.GameOverError):
        s.apply_action("pass")


def test_observation_planes() -> None:
    g = go.new_game(board_size=5)
    s = g.new_initial_state()
    s.apply_action("C3")
    obs = np.asarray(s.observation_tensor(1))
    assert obs.shape == (5, 5, 5)
    assert obs[1, 2, 2] == 1 and obs[0].sum() == 0 and obs[2].sum() == 24
    assert obs[4].sum() == 0  # White to move
    assert np.asarray(s.observation_tensor(0))[0, 2, 2] == 1


@pytest.mark.parametrize(
    "spec",
    [
        "go(board_size=9)",
        "go(board_size=9,ruleset=chinese,handicap=4)",
        "go(board_size=7,handicap=2,handicap_placement=free,ruleset=aga)",
    ],
)
def test_sgf_round_trip(spec: str) -> None:
    g = ludoteca.load_game(spec)
    for seed in range(3):
        s = g.new_initial_state()
        go.set_names(s, "Shusaku", "Gennan")
        play_out(s, seed)
        text = go.to_sgf(s)
        back = go.from_sgf(text)
        assert go.board(back) == go.board(s)
        assert go.result(back) == go.result(s)
        assert go.to_sgf(back) == text


def test_sgf_checked_by_sgfmill() -> None:
    sgf_mod = pytest.importorskip("sgfmill.sgf")
    sgf_moves = pytest.importorskip("sgfmill.sgf_moves")
    g = go.new_game(board_size=9, ruleset="chinese", handicap=2, komi=0.5)
    s = g.new_initial_state()
    go.set_names(s, "Black player", "White ]player")
    play_out(s, 11)
    game = sgf_mod.Sgf_game.from_string(go.to_sgf(s))
    root = game.get_root()
    assert game.get_size() == 9 and game.get_komi() == 0.5 and game.get_handicap() == 2
    assert root.get("PW") == "White ]player"
    res = go.result(s)
    assert res is not None and game.get_winner() == res[0].lower()
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays:
        if move is not None:
            board.play(move[0], move[1], colour)
    mine = go.board(s)
    for r in range(9):
        for c in range(9):
            want = {None: 0, "b": 1, "w": 2}[board.get(r, c)]
            assert mine[r][c] == want, (r, c)
    # And back: an sgfmill-written record of the same game reads into the same position.
    back = go.from_sgf(game.serialise().decode())
    assert go.board(back) == mine


def test_malformed_sgf() -> None:
    for bad in ["", "(;SZ[9]", "(;SZ[9];B[zz])", "(;GM[3])", "(;SZ[9];W[ee])"]:
        with pytest.raises(ludoteca.ParseError):
            go.from_sgf(bad)


def test_rengo_rotation_claims_and_penalty() -> None:
    g = go.new_rengo(board_size=9, ruleset="chinese")
    s = go.from_diagram(g, AREA_40_41, 0)
    assert s.current_player() == 0
    s.apply_action("B2 pass")  # out of sequence
    assert go.rotation_errors(s) == [(0, 2)]
    assert s.current_player() == 1
    s.apply_action("claim unintentional")
    s.apply_action("pass")
    s.apply_action("accept")
    s.apply_action("accept")
    assert go.result(s) == "W+11.5"
    assert s.returns() == [-1.0, 1.0, -1.0, 1.0]
    t = g.new_initial_state()
    t.apply_action("B2 E5")
    t.apply_action("claim intentional")
    assert t.is_terminal() and go.result(t) == "W+F"
    go.set_names(t, "Team A", "Team B")
    text = go.to_sgf(t)
    assert "BT[Team A]" in text and "out of sequence" in text
    back = go.from_sgf(text)
    assert "rengo" in back.serialize() and go.result(back) == "W+F" and go.to_sgf(back) == text
    back = go.from_sgf(go.to_sgf(s))
    assert go.rotation_errors(back) == [(0, 2)] and go.result(back) == "W+11.5"


def test_simulate_playouts() -> None:
    for spec in ["go(board_size=9,ruleset=tromp_taylor)", "go(board_size=9)", "rengo(board_size=7)"]:
        r = ludoteca.simulate(spec, 50, seed=3, bots=["random_no_eye"], threads=1)
        assert r.returns.shape[0] == 50
        assert np.all(r.returns.sum(axis=1) == 0)
        again = ludoteca.simulate(spec, 50, seed=3, bots=["random_no_eye"], threads=2)
        assert np.array_equal(r.returns, again.returns)


# --- an independent oracle: GNU Go over GTP (Debian package `gnugo`) ---
# Skipped when absent, except where LUDOTECA_REQUIRE_ORACLES=1 (CI, which installs it): then a missing
# GNU Go fails the test instead of silently skipping it.


def _gnugo_path() -> str:
    import os
    import shutil

    path = shutil.which("gnugo") or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo") else None)
    if path is None:
        if os.environ.get("LUDOTECA_REQUIRE_ORACLES") == "1":
            pytest.fail("gnugo is not installed but LUDOTECA_REQUIRE_ORACLES=1 (apt-get install gnugo)")
        pytest.skip("gnugo is not installed (apt-get install gnugo)")
    return path


def test_a_missing_required_oracle_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """With LUDOTECA_REQUIRE_ORACLES=1 and no gnugo on the path, the oracle tests fail, not skip."""
    import os
    import shutil

    monkeypatch.setenv("LUDOTECA_REQUIRE_ORACLES", "1")
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    monkeypatch.setattr(os.path, "exists", lambda _path: False)
    with pytest.raises(pytest.fail.Exception, match="LUDOTECA_REQUIRE_ORACLES"):
        _gnugo_path()


class Gtp:
    """A minimal GTP client over pipes."""

    def __init__(self, *args: str) -> None:
        import subprocess

        self.proc = subprocess.Popen(
            [_gnugo_path(), "--mode", "gtp", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def __call__(self, command: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines: list[str] = []
        while True:
            line = self.proc.stdout.readline()
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        reply = " ".join(lines)
        assert reply.startswith("="), f"{command}: {reply}"
        return reply[1:].strip()

    def close(self) -> None:
        self("quit")
        self.proc.wait()


def _our_stones(state: ludoteca.State, size: int, colour: int) -> set[str]:
    rows = go.board(state)
    return {go.vertex(r * size + c, size) for r in range(size) for c in range(size) if rows[r][c] == colour}


def test_gnugo_agrees_on_legality_and_stones() -> None:
    """Random games (simple ko, no suicide): after every move, every point's legality for the side to
    move and the stones on the board match GNU Go's `is_legal` and `list_stones`."""
    size = 7
    gtp = Gtp("--japanese-rules")
    g = go.new_game(board_size=size, ruleset="japanese", max_moves=150)
    checked = 0
    try:
        for seed in range(10):
            gtp(f"boardsize {size}")
            gtp("clear_board")
            s = g.new_initial_state()
            rng = random.Random(seed)
            while not s.is_terminal() and "accept" not in [
                s.action_to_string(a) for a in s.legal_actions()[-2:]
            ]:
                colour = "black" if s.current_player() == 0 else "white"
                legal = {s.action_to_string(a) for a in s.legal_actions()} - {"pass"}
                theirs = {
                    go.vertex(p, size)
                    for p in range(size * size)
                    if gtp(f"is_legal {colour} {go.vertex(p, size)}") == "1"
                }
                assert legal == theirs, (seed, s.history())
                for c, name in ((1, "black"), (2, "white")):
                    assert _our_stones(s, size, c) == set(gtp(f"list_stones {name}").split()), (
                        seed,
                        s.history(),
                    )
                checked += 1
                options = sorted(legal)
                move = rng.choice(options) if options and rng.random() > 0.03 else "pass"
                s.apply_action(move)
                gtp(f"play {colour} {move}")
    finally:
        gtp.close()
    print(
        f"gnugo is_legal/list_stones agree on all {checked} positions ({checked * size * size} legality checks)"
    )
    assert checked > 300


def _is_eye(rows: list[list[int]], r: int, c: int, colour: int) -> bool:
    """Playout eye: orthogonal neighbours all `colour` or off-board, at most one opponent diagonal
    (none on the edge)."""
    n = len(rows)
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < n and 0 <= cc < n and rows[rr][cc] != colour:
            return False
    foes = edge = 0
    for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        rr, cc = r + dr, c + dc
        if not (0 <= rr < n and 0 <= cc < n):
            edge = 1
        elif rows[rr][cc] == 3 - colour:
            foes += 1
    return foes + edge < 2


def test_gnugo_area_count_of_finished_playouts() -> None:
    """Random games played out completely (a side passes only when every legal move would fill its own
    eye), every stone left alive: our Tromp-Taylor count against GNU Go's Chinese-rules `final_score`.
    GNU Go judges life and death itself, but in positions played out this far every stone left is alive
    to it as well: the counts must agree exactly, game by game."""
    size = 9
    gtp = Gtp("--chinese-rules")
    g = ludoteca.load_game(
        f"go(board_size={size},scoring=area,komi=7.5,ko_rule=simple,dead_stone_mode=tromp_taylor,max_moves=1000)"
    )
    agree = total = 0
    try:
        for seed in range(40):
            gtp(f"boardsize {size}")
            gtp("clear_board")
            gtp("komi 7.5")
            s = g.new_initial_state()
            rng = random.Random(seed)
            while not s.is_terminal():
                player = s.current_player()
                rows = go.board(s)
                moves = [
                    a for a in s.legal_actions()[:-1] if not _is_eye(rows, a // size, a % size, player + 1)
                ]
                a = rng.choice(moves) if moves else s.string_to_action("pass")
                gtp(f"play {'black' if player == 0 else 'white'} {s.action_to_string(a)}")
                s.apply_action(a)
            total += 1
            theirs, ours = gtp("final_score"), go.result(s)
            assert theirs == ours, (seed, theirs, ours, s.history())
            agree += 1
    finally:
        gtp.close()
    print(f"gnugo final_score agrees with our Tromp-Taylor count in {agree}/{total} finished playouts")
    assert agree == total == 40


def _sgf_vertex(p: str, n: int) -> str:
    col, row = ord(p[0]) - 97, n - 1 - (ord(p[1]) - 97)
    return go.vertex(row * n + col, n)


def marking_agreement(size: int, bot: str, games: int, gtp: Gtp) -> tuple[int, int, int, int]:
    """Self-play games of `bot` under the default (Japanese) rules, to the end of the marking phase; our
    automatic marking (the `LD` stones of the record) against GNU Go's `final_status_list dead` on the
    same final position. Returns (games with the same dead stones, games, stones judged alike, stones)."""
    import os
    import tempfile

    g = ludoteca.load_game(f"go(board_size={size})")
    exact = n = agree = stones = 0
    fd, path = tempfile.mkstemp(suffix=".sgf")
    os.close(fd)
    try:
        for seed in range(games):
            s = g.new_initial_state()
            k = 0
            while not s.is_terminal():
                s.apply_action(s.bot_action(bot, seed=seed * 100_003 + k))
                k += 1
            record = go.to_sgf(s)
            at = record.rfind(";LD")
            if at < 0:  # a long cycle: no count
                continue
            values = record[at + 3 :].split("]")
            ours = {_sgf_vertex(v[1:], size) for v in values if v.startswith("[") and len(v) == 3}
            rows = go.board(s)
            black = [(r, c) for r in range(size) for c in range(size) if rows[r][c] == 1]
            white = [(r, c) for r in range(size) for c in range(size) if rows[r][c] == 2]

            def prop(name: str, pts: list[tuple[int, int]]) -> str:
                return (
                    name + "".join(f"[{chr(97 + c)}{chr(97 + size - 1 - r)}]" for r, c in pts) if pts else ""
                )

            with open(path, "w") as f:
                f.write(f"(;GM[1]FF[4]SZ[{size}]{prop('AB', black)}{prop('AW', white)})")
            gtp(f"loadsgf {path}")
            theirs = set(gtp("final_status_list dead").split())
            everyone = {go.vertex(r * size + c, size) for r, c in black + white}
            n += 1
            exact += ours == theirs
            stones += len(everyone)
            agree += sum((v in ours) == (v in theirs) for v in everyone)
    finally:
        os.unlink(path)
    return exact, n, agree, stones


@pytest.mark.parametrize(
    ("bot", "min_exact", "min_stones"),
    # Floors a little under what the marking measured on these 40 games (issue 14; see the Go module
    # docs): the playouts are random, GNU Go reads, and they disagree on some chains in any marking.
    [("random_no_eye", 0.60, 0.94), ("random", 0.70, 0.90)],
)
def test_gnugo_agrees_with_the_automatic_marking(bot: str, min_exact: float, min_stones: float) -> None:
    gtp = Gtp("--japanese-rules")
    try:
        exact, n, agree, stones = marking_agreement(9, bot, 40, gtp)
    finally:
        gtp.close()
    print(
        f"9x9 {bot}: marking = gnugo's dead stones in {exact}/{n} games, {agree}/{stones} stones ({agree / stones:.2%})"
    )
    assert n >= 35
    assert exact >= min_exact * n and agree >= min_stones * stones


if __name__ == "__main__":
    # The full agreement table of the automatic marking with GNU Go (minutes):
    # `python tests/games/test_go.py`.
    oracle = Gtp("--japanese-rules")
    try:
        for size, bot, count in [
            (9, "random_no_eye", 200),
            (9, "random", 200),
            (13, "random_no_eye", 60),
            (13, "random", 60),
            (19, "random_no_eye", 30),
            (19, "random", 30),
        ]:
            exact, n, agree, stones = marking_agreement(size, bot, count, oracle)
            print(f"{size}x{size} {bot}: same dead stones in {exact}/{n} games, {agree}/{stones} stones")
    finally:
        oracle.close()
