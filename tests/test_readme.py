"""The README: its game table is the registry's (regenerate with `python -m ludoteca.catalog`), and its
code blocks run as written."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.catalog import games_markdown, readme_table

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_game_table_matches_the_registry() -> None:
    text = README.read_text(encoding="utf-8")
    assert readme_table(text) == games_markdown(), "run: python -m ludoteca.catalog --write README.md"


def test_readme_has_exactly_two_setup_commands() -> None:
    text = README.read_text(encoding="utf-8")
    setups = [line for line in text.splitlines() if line.startswith("python3 -m venv")]
    assert len(setups) == 2
    assert "ludoteca simulate" in setups[0] and "pytest" in setups[1]


# ---------------------------------------------------------------------------------------------------
# The README's code blocks, run as a reader would run them


def code_blocks(language: str) -> list[str]:
    """The fenced code blocks of the README in ``language``, verbatim."""
    text = README.read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.S | re.M)


def run_python(code: str, tmp_path: Path, name: str) -> subprocess.CompletedProcess[str]:
    """Runs ``code`` as a script file (worker processes of backend="processes" re-import it)."""
    script = tmp_path / f"{name}.py"
    script.write_text(code, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )


def test_readme_has_its_python_snippets() -> None:
    blocks = code_blocks("python")
    assert len(blocks) == 3, "the fifteen-line API example, the scale-out snippet and the ISMCTS example"


def test_readme_api_example_runs_verbatim(tmp_path: Path) -> None:
    code = code_blocks("python")[0]
    done = run_python(code, tmp_path, "api")
    assert done.returncode == 0, done.stderr
    assert "you are seat" in done.stdout  # the observation strings were printed


def test_readme_api_example_runs_with_explicit_chance(tmp_path: Path) -> None:
    # The example invites explicit_chance=True: with it, the same loop must still play the game to the end.
    code = code_blocks("python")[0]
    assert "new_initial_state(seed=7)" in code
    code = code.replace("new_initial_state(seed=7)", "new_initial_state(seed=7, explicit_chance=True)", 1)
    done = run_python(code, tmp_path, "api_explicit")
    assert done.returncode == 0, done.stderr


def test_readme_scale_out_snippet_runs_on_its_own(tmp_path: Path) -> None:
    pytest.importorskip("pettingzoo")
    done = run_python(code_blocks("python")[1], tmp_path, "scale_out")
    assert done.returncode == 0, done.stderr
    assert float(done.stdout.split()[-1]) > 0  # games per second of the process-pool run


def test_readme_setup_commands_have_the_documented_shape() -> None:
    # The two set-up commands are checked for shape, not run (they build the package from scratch).
    setups = [b.strip() for b in code_blocks("sh") if b.startswith("python3 -m venv")]
    assert len(setups) == 2
    for command in setups:
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")
    assert setups[0].endswith("ludoteca simulate briscola -n 200000")
    assert "pip install -e '.[test]'" in setups[1] and setups[1].endswith("cargo test && python -m pytest")


def cli_lines() -> list[str]:
    """The commands of the README's command-line block, without their comments."""
    block = next(b for b in code_blocks("sh") if b.startswith("ludoteca "))
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def test_readme_command_line_block_runs(tmp_path: Path) -> None:
    ludoteca_cmd = [sys.executable, "-m", "ludoteca"]
    for line in cli_lines():
        args = shlex.split(line)
        assert args[0] == "ludoteca", line
        stdin = None
        if args[1] == "simulate":
            # Verbatim but for the count: a million games is a benchmark, not a test.
            args[args.index("-n") + 1] = "2000"
        if args[1] == "play":
            stdin = "quit\n"  # starts the game, shows the board, and stops cleanly (the record is written)
        done = subprocess.run(
            ludoteca_cmd + args[1:],
            cwd=tmp_path,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "COLUMNS": "120"},
        )
        expected = 1 if args[1] == "play" else 0  # quitting a game before its end is exit code 1
        assert done.returncode == expected, (line, done.stdout[-2000:], done.stderr[-2000:])
        assert "Traceback" not in done.stderr, line
    assert (tmp_path / "game.jsonl").is_file() and (tmp_path / "game.sgf").is_file()


def test_readme_ismcts_example_plays_briscola_to_the_end(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    code = code_blocks("python")[2]
    assert "ISMCTSBot" in code
    lines = [line for line in code.splitlines() if line.strip()]
    assert len(lines) <= 10, f"the ISMCTS example is promised in ten lines; it has {len(lines)}"
    done = run_python(code, tmp_path, "ismcts")
    assert done.returncode == 0, done.stderr
    returns = [float(x) for x in done.stdout.strip().strip("[]").split(",")]
    assert len(returns) == 2 and sum(returns) == 0  # a finished two-player Briscola deal
