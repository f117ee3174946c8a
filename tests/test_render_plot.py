"""Plots of simulations (matplotlib, extra ``ludoteca[plot]``) and the ``show`` / ``simulate --plot``
commands."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca import InvalidParameterError
from ludoteca.cli import app


def test_a_simulation_plots_its_panels_with_the_summary_numbers(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = ludoteca.simulate("briscola(players=4)", 300, seed=2)
    fig = result.plot(tmp_path / "sim.svg")
    ret, score, wins, lengths = fig.axes
    # The mean returns drawn are the summary's, seat by seat.
    points = ret.lines[0].get_ydata()
    assert list(points) == pytest.approx([s.mean_return for s in result.seats()])
    assert [p.get_height() for p in wins.patches[:4]] == pytest.approx([s.win_rate for s in result.seats()])
    assert sum(p.get_height() for p in lengths.patches) == 300
    assert score.get_title().startswith("score")
    ET.parse(tmp_path / "sim.svg")  # a well-formed SVG file


def test_matchups_plot_one_bar_per_simulation() -> None:
    pytest.importorskip("matplotlib")
    from ludoteca.render.plot import plot_matchups

    runs = [ludoteca.simulate("briscola", 200, seed=1, bots=b) for b in (["random"], ["greedy", "random"])]
    fig = plot_matchups(runs)
    bars = fig.axes[0].patches
    assert [b.get_height() for b in bars] == pytest.approx([r.seats()[0].win_rate for r in runs])
    with pytest.raises(InvalidParameterError, match="results"):
        plot_matchups([])


def test_a_plot_file_must_name_its_format(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    with pytest.raises(InvalidParameterError, match="png"):
        ludoteca.simulate("briscola", 10, seed=1).plot(tmp_path / "plot.txt")
    assert not (tmp_path / "plot.txt").exists()


def test_without_matplotlib_the_message_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    result = ludoteca.simulate("briscola", 10, seed=1)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(ImportError, match=r"ludoteca\[plot\]"):
        result.plot()


def test_simulate_plot_writes_the_file(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "sim.png"
    run = CliRunner().invoke(app, ["simulate", "briscola", "-n", "100", "--plot", str(out)])
    assert run.exit_code == 0, run.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = CliRunner().invoke(app, ["simulate", "briscola", "-n", "100", "--plot", str(tmp_path / "x.txt")])
    assert bad.exit_code == 2 and "--plot" in bad.output


def test_show_writes_the_viewers_picture(tmp_path: Path) -> None:
    out = tmp_path / "go.svg"
    run = CliRunner().invoke(app, ["show", "go(board_size=9)", "--moves", "E5 D4", "--svg", str(out)])
    assert run.exit_code == 0, run.output
    state = ludoteca.load_game("go(board_size=9)").new_initial_state(seed=0)
    state.apply_action("E5")
    state.apply_action("D4")
    assert out.read_text(encoding="utf-8") == state.to_svg()
    assert "X" in run.output and "O" in run.output
    seat = tmp_path / "seat1.svg"
    run = CliRunner().invoke(app, ["show", "briscola", "--seed", "4", "--viewer", "1", "--svg", str(seat)])
    assert run.exit_code == 0, run.output
    assert seat.read_text(encoding="utf-8") == ludoteca.load_game("briscola").new_initial_state(
        seed=4
    ).to_svg(1)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["show", "briscola", "--moves", "Zz"], "item 1"),
        (["show", "go(board_size=9)", "--moves", "E5,E5"], "item 2"),
        (["show", "briscola", "--viewer", "5"], "seat 5"),
        (["show", "brisk"], "unknown game"),
    ],
)
def test_show_refuses_bad_input_with_the_reason(args: list[str], words: str) -> None:
    run = CliRunner().invoke(app, args)
    assert run.exit_code == 2 and words in run.output, run.output


def test_play_writes_the_players_view_after_every_move(tmp_path: Path) -> None:
    """``play --svg-dir``: one picture per decision, each seat 0's view of the position then."""
    folder = tmp_path / "pics"
    # Menu numbers are action ids (a card's id, 0..39): typing every id in turn plays, at each decision,
    # the first card of the hand; the others are refused without a move.
    moves = "\n".join(str(i) for _ in range(40) for i in range(40)) + "\n"
    run = CliRunner().invoke(
        app, ["play", "briscola", "--seed", "3", "--bots", "random", "--svg-dir", str(folder)], input=moves
    )
    assert run.exit_code == 0, run.output
    files = sorted(folder.glob("move-*.svg"))
    state = ludoteca.load_game("briscola").new_initial_state(seed=3)
    assert files[0].read_text(encoding="utf-8") == state.to_svg(0)
    assert len(files) == 1 + 40  # Briscola for two: 40 cards played, one decision each
    ns = "{http://www.w3.org/2000/svg}"
    # The bot's hand is never face up in seat 0's pictures, but for the face-up trump card: whoever draws
    # it last holds a card everyone has seen.
    faceup = re.search(r"face-up (\S+)", state.observation_string(0))
    assert faceup is not None
    for f in files:
        root = ET.parse(f).getroot()
        hand = next(g for g in root.iter(f"{ns}g") if g.attrib.get("data-seat") == "1")
        assert [e.attrib["data-card"] for e in hand if "data-card" in e.attrib] in ([], [faceup.group(1)])
