"""The ``ludoteca`` command: list games, read their rules, simulate them in bulk, play them in the terminal,
replay and check game records.

Run ``ludoteca --help`` for the commands. Every error caused by bad input (an unknown game, a bad
parameter, an unknown bot, a malformed option) prints one red line on stderr and exits with code 2,
the conventional code for usage errors, so scripts can tell it apart from a crash.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import secrets
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer
from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

import ludoteca
from ludoteca import Game, GameInfo, LudoError, SimulationResult, State
from ludoteca import record as records

#: Exit code for bad input, matching the code Typer/Click use for usage errors.
EXIT_USAGE = 2
#: Exit code after Ctrl-C, the shell convention (128 + SIGINT).
EXIT_INTERRUPTED = 130
#: Exit code when input ends before the game does: the game was not played to the end.
EXIT_ABANDONED = 1

app = typer.Typer(
    name="ludoteca",
    # Plain Click help: Rich's help panels show flags such as --json as if they took a <bool> value.
    rich_markup_mode=None,
    help="Exact, fast engines for traditional card and board games.",
    no_args_is_help=True,
    add_completion=False,
    # A bug should show its traceback, but without dumping every local variable.
    pretty_exceptions_show_locals=False,
)


class UsageProblem(Exception):
    """Bad command-line input detected by the CLI itself (not by the engine)."""


# --------------------------------------------------------------------------------------------------
# Consoles and error reporting


def _out() -> Console:
    """The console for results (stdout).

    Created per call, not at import, so it follows whatever ``sys.stdout`` is at the time
    (Typer's test runner swaps it).
    """
    return Console(highlight=False)


def _err() -> Console:
    """The console for errors and the progress bar (stderr), so stdout stays clean for results."""
    return Console(stderr=True, highlight=False)


def _fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Prints ``message`` as one red line on stderr and exits with ``code``."""
    # Text (not markup) so brackets or other markup characters in engine messages print verbatim.
    _err().print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turns errors caused by bad input into one red line and exit code 2 instead of a traceback."""
    try:
        yield
    except (LudoError, UsageProblem) as e:
        _fail(str(e))


# --------------------------------------------------------------------------------------------------
# Input helpers


def merge_params(game: str, params: Sequence[str]) -> str:
    """Adds ``key=value`` options to a game string; an option replaces the same key in the string.

    ``merge_params("briscola(players=4)", ["scope=match"])`` is ``"briscola(players=4,scope=match)"``.
    Validation of names and values is left to :func:`ludoteca.load_game`, whose messages are precise.
    """
    if not params:
        return game
    extra: dict[str, str] = {}
    for item in params:
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise UsageProblem(f"--param expects key=value, got {item!r}")
        extra[key.strip()] = value.strip()
    name, paren, rest = game.strip().partition("(")
    if paren and not rest.endswith(")"):
        ludoteca.load_game(game)  # raises the engine's ParseError, which names the problem
    items = [i.strip() for i in rest[:-1].split(",")] if paren else []
    kept = [i for i in items if i and i.partition("=")[0].strip() not in extra]
    merged = kept + [f"{k}={v}" for k, v in extra.items()]
    return f"{name.strip()}({','.join(merged)})"


def load(game: str, params: Optional[Sequence[str]] = None) -> Game:
    """Loads ``game`` with ``--param`` options merged in; engine errors propagate as LudoError."""
    return ludoteca.load_game(merge_params(game, params or []))


def parse_bots(text: str, game: Game) -> list[str]:
    """Splits a comma-separated bot list and checks every name against ``game.bots()``."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    if not names:
        raise UsageProblem("--bots needs at least one bot name")
    available = game.bots()
    for name in names:
        if name not in available:
            raise UsageProblem(f"no bot named {name!r} for {game.name}; available: {', '.join(available)}")
    return names


def game_info(name: str) -> GameInfo:
    """The registry entry of the game named by ``name`` (a short name or a full game string)."""
    short = ludoteca.load_game(name).name  # validates, and normalises spelling and parameters away
    return next(info for info in ludoteca.registered_games() if info.short_name == short)


# --------------------------------------------------------------------------------------------------
# Formatting helpers


def format_value(value: object) -> str:
    """A parameter value as it is written in a game string (``true``, not ``True``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def describe_param_type(spec: dict[str, Any]) -> str:
    """The type column of the parameter table: ``int 2..6``, ``seed | american``, ``bool``."""
    kind = str(spec["type"])
    if kind == "choice":
        return " | ".join(str(c) for c in spec["choices"])
    if kind in ("int", "float"):
        return f"{kind} {format_value(spec['min'])}..{format_value(spec['max'])}"
    return kind


def describe_preset(values: dict[str, Any]) -> str:
    """A preset's overrides as ``k=v`` pairs, or a note that it keeps the defaults."""
    return ", ".join(f"{k}={format_value(v)}" for k, v in values.items()) or "(the defaults)"


# --------------------------------------------------------------------------------------------------
# Commands: games, rules


@app.command("games")
def games_command() -> None:
    """List the registered games with their bots, presets and example game strings."""
    # Not a table: game strings are long, and a table at 80 columns would break them mid-word. Each game
    # is a heading line, then one example game string per line, which a terminal of any width can show.
    console = _out()
    for info in ludoteca.registered_games():
        heading = Text.assemble((info.short_name, "bold cyan"), f"  {info.long_name}")
        # The rules version: results (records, serialised states, statistics) of two ludoteca releases
        # are comparable when a game's rules version is the same.
        heading.append(f"  · rules v{info.version}", style="dim")
        heading.append(f"  · bots: {', '.join(info.bots)}", style="dim")
        if info.presets:
            heading.append(f"  · presets: {', '.join(info.presets)}", style="dim")
        console.print(heading, soft_wrap=True)
        for example in info.examples:
            console.print(Text(f"    {example}"), soft_wrap=True, overflow="ignore", crop=False)
    console.print(Text("ludoteca rules NAME shows a game's rules, parameters and presets", style="dim"))


def params_table(info: GameInfo) -> Table:
    """The table of a game's parameters: name, type/choices/range, default, doc."""
    table = Table(title=f"{info.short_name} parameters")
    table.add_column("name", style="bold cyan", no_wrap=True)
    table.add_column("type / choices / range")
    table.add_column("default")
    table.add_column("doc")
    for spec in info.params:
        table.add_row(
            str(spec["name"]), describe_param_type(spec), format_value(spec["default"]), str(spec["doc"])
        )
    return table


def presets_table(info: GameInfo) -> Table:
    """The table of a game's named presets and the parameters each sets."""
    table = Table(title=f"{info.short_name} presets")
    table.add_column("preset", style="bold cyan", no_wrap=True)
    table.add_column("parameters")
    for name, values in info.presets.items():
        table.add_row(name, describe_preset(values))
    return table


@app.command("rules")
def rules_command(
    game: str = typer.Argument(..., help="Game name or game string, e.g. briscola."),
) -> None:
    """Show the rules of GAME as implemented, its parameters and its presets."""
    with _user_errors():
        info = game_info(game)
    console = _out()
    console.print(Panel(Text(info.rules), title=f"{info.long_name} ({info.short_name})", title_align="left"))
    console.print(params_table(info))
    if info.presets:
        console.print(presets_table(info))
    console.print("Examples: " + "  ".join(info.examples), soft_wrap=True)


# --------------------------------------------------------------------------------------------------
# Command: simulate


def run_with_progress(
    game: Game,
    n: int,
    seed: int,
    bots: list[str],
    threads: Optional[int],
    backend: str = "serial",
    workers: Optional[int] = None,
) -> SimulationResult:
    """Runs :func:`ludoteca.simulate` with a Rich progress bar on stderr.

    The bar follows the Rust workers' completed-game counter, polled several times a second, so it
    moves smoothly for short games (Briscola) and long ones (19x19 Go) alike; it shows games/s and
    the time left.
    """
    progress = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=_err(),
        transient=True,  # the bar only matters while waiting; the summary table replaces it
    )
    with progress:
        # The game string on its own line: inside the bar's row Rich would cut a long one short.
        progress.console.print(Text(f"simulating {game.game_string()}: {n:,} games", style="dim"))
        task = progress.add_task("games", total=n, rate="")
        start = time.perf_counter()

        def report(done: int, total: int) -> None:
            elapsed = time.perf_counter() - start
            rate = f"{done / elapsed:,.0f} games/s" if elapsed > 0 and done else ""
            progress.update(task, completed=done, total=total, rate=rate)

        return ludoteca.simulate(
            game, n, seed=seed, bots=bots, threads=threads, progress=report, backend=backend, workers=workers
        )


def summary(result: SimulationResult) -> dict[str, Any]:
    """The summary of a simulation as plain data (what ``--json`` prints and the table shows)."""
    data = result.to_dict()
    # Where a score is the return itself (Xiangqi), a second column would say nothing new.
    data["show_scores"] = not result.scores_equal_returns()
    return data


def run_grid(data: dict[str, Any]) -> Table:
    """The run's figures (game string, games, seed, seconds, games/s) as a two-column grid."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    grid.add_row("game", str(data["game"]))
    grid.add_row("games", f"{data['games']:,}")
    grid.add_row("seed", str(data["seed"]))
    grid.add_row("seconds", f"{data['seconds']:.2f}")
    grid.add_row("games/s", f"{data['games_per_second']:,.0f}")
    grid.add_row("mean length", f"{data['mean_length']:,.1f} actions per game (chance included)")
    return grid


def summary_table(data: dict[str, Any]) -> Table:
    """The per-seat summary table of a simulation."""
    table = Table(title="per seat")
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("mean return ± 95% CI", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("draw rate", justify="right")
    show_scores = data.get("show_scores", True)
    if show_scores:
        table.add_column(f"mean {data.get('score_label', 'score')}", justify="right")
    for row in data["seats"]:
        cells = [
            str(row["seat"]),
            str(row["bot"]),
            f"{row['mean_return']:+.4f} ± {row['ci95']:.4f}",
            f"{row['win_rate']:.2%}",
            f"{row['draw_rate']:.2%}",
        ]
        if show_scores:
            cells.append(f"{row['mean_score']:.2f}")
        table.add_row(*cells)
    return table


@app.command("simulate")
def simulate_command(
    game: str = typer.Argument(..., help="Game string, e.g. 'briscola(players=4)'."),
    n: int = typer.Option(200_000, "-n", "--games", min=1, help="Number of games."),
    seed: int = typer.Option(0, "--seed", "-s", min=0, help="Seed: game k uses stream (seed, k)."),
    bots: str = typer.Option(
        "random", "--bots", "-b", help="One bot for every seat, or one per seat: random,greedy."
    ),
    threads: Optional[int] = typer.Option(
        None, "--threads", "-t", min=1, help="Worker threads (default: all cores)."
    ),
    param: Optional[list[str]] = typer.Option(
        None, "--param", "-p", metavar="KEY=VALUE", help="Game parameter key=value (repeatable)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON (no progress bar)."),
    backend: str = typer.Option(
        "serial", "--backend", help="serial, processes or ray (same results, see ludoteca.simulate)."
    ),
    workers: Optional[int] = typer.Option(
        None, "--workers", min=1, help="Worker processes for --backend processes (default: one per core)."
    ),
    plot: Optional[Path] = typer.Option(
        None, "--plot", help="Also save a plot of the results (.png, .svg or .pdf; needs ludoteca[plot])."
    ),
) -> None:
    """Play N whole games of GAME with built-in bots and summarise returns, win rates and scores."""
    with _user_errors():
        check_plot_path(plot)
        loaded = load(game, param)
        names = parse_bots(bots, loaded)
        try:
            if as_json:
                result = ludoteca.simulate(
                    loaded, n, seed=seed, bots=names, threads=threads, backend=backend, workers=workers
                )
            else:
                result = run_with_progress(loaded, n, seed, names, threads, backend, workers)
        except KeyboardInterrupt:
            _fail("interrupted", EXIT_INTERRUPTED)
    data = summary(result)
    if as_json:
        # Plain print, not Rich: JSON must not be wrapped or coloured.
        typer.echo(json.dumps(data, indent=2))
    else:
        console = _out()
        console.print(run_grid(data))
        console.print(summary_table(data))
    if plot is not None:
        save_plot(result, plot)


def check_plot_path(path: Optional[Path]) -> None:
    """A --plot file name must say its format, checked before any game is played."""
    from ludoteca.render.plot import FORMATS

    if path is not None and path.suffix.lower() not in FORMATS:
        raise UsageProblem(f"--plot: the file name must end in {', '.join(FORMATS)}, got {str(path)!r}")


def save_plot(result: SimulationResult, path: Path) -> None:
    """Writes ``result.plot()`` to ``path``; a missing extra or a bad file name is a usage error."""
    with _user_errors():
        try:
            result.plot(path)
        except ImportError as e:
            _fail(str(e))
        except OSError as e:
            _fail(f"cannot write the plot to {path}: {e.strerror}")
    _err().print(Text(f"plot written to {path}", style="dim"))


# --------------------------------------------------------------------------------------------------
# Command: play

#: Games whose moves are always typed as coordinates, with no numbered menu (their move sets are large).
BOARD_GAMES = ("go", "rengo", "xiangqi", "jieqi")
#: How moves are typed, where a name alone does not say it.
HOW_TO_TYPE = {
    "go": "a point as column letter and row number (D4; the letters skip I), or pass",
    "rengo": "a point as column letter and row number (D4; the letters skip I), or pass",
    "xiangqi": "ICCS, from and to square (h2e2), or WXF (C2.5, H8+7)",
    "jieqi": "ICCS, from and to square (h2e2), or WXF (C2.5)",
    "twenty_four": "a claim such as claim (a+b)*(c-d) (a, b, c, d: the centre cards in order), then "
    "your reaction delay, t0 (fastest) to t7; hint shows a solution",
    "skelly": "a shot as aim, angle offset and power, e.g. aim target +0deg x1.00 (? lists them)",
}
#: At most this many legal moves are listed by ``?`` (a Twenty-Four set has over a thousand claims).
HELP_LIST_MAX = 80
#: Who each seat is, where the game gives seats a colour.
SIDES = {
    "go": ("Black (X)", "White (O)"),
    "rengo": ("B1, Black (X)", "W1, White (O)", "B2, Black (X)", "W2, White (O)"),
    "xiangqi": ("Red (upper case)", "Black (lower case)"),
    "jieqi": ("Red (upper case, X face down)", "Black (lower case, x face down)"),
}
#: A numbered menu is shown when at most this many moves are legal (cards, bids); else moves are typed.
MENU_MAX = 64
#: Words typed at the prompt that are commands, not moves.
COMMANDS = {
    "help": "legal moves and how to type them (also ?)",
    "hint": "what the strongest bot would play here",
    "undo": "take back your last move (and the bots' replies)",
    "resign": "give up the game (where the game has resignation)",
    "quit": "stop now; the record is still written (also Ctrl-D, Ctrl-C)",
}


class Quit(Exception):
    """The human typed ``quit``."""


def strongest_bot(game: Game) -> str:
    """The game's strongest built-in bot: ``Game.bots()`` lists them from weakest to strongest."""
    return game.bots()[-1]


def side_of(game: Game, seat: int) -> str:
    """``seat 0, Black (X)`` where the game names its sides, else ``seat 0`` (with the team if any)."""
    sides = SIDES.get(game.name)
    if sides and seat < len(sides):
        return f"seat {seat}, {sides[seat]}"
    return f"seat {seat}"


@dataclasses.dataclass
class Match:
    """A game being played in the terminal: the state, who sits where, and the bots' random stream."""

    state: State
    human: int
    bots: dict[int, str]
    rng: random.Random
    #: Snapshots taken before each of the human's moves: (state, bots' stream), for ``undo``.
    undo_stack: list[tuple[State, Any]] = dataclasses.field(default_factory=list)
    #: The last move played, as (seat, action id), for the marker on the board.
    last: Optional[tuple[int, int]] = None
    resigned: bool = False

    def bot_seed(self) -> int:
        """A seed for the next bot decision, drawn from the match stream so --seed replays the game."""
        return self.rng.getrandbits(63)

    def typed(self) -> bool:
        """Whether moves are typed as coordinates here (board games), rather than picked from a menu."""
        return self.state.get_game().name in BOARD_GAMES or len(self.state.legal_actions()) > MENU_MAX


def seat_bots(game: Game, human: int, names: list[str]) -> dict[int, str]:
    """Assigns bots to the seats other than ``human``: one name for all, or one per other seat in order."""
    others = [s for s in range(game.num_players()) if s != human]
    if len(names) == 1:
        return {s: names[0] for s in others}
    if len(names) == len(others):
        return dict(zip(others, names))
    raise UsageProblem(f"give one bot for every other seat ({len(others)}) or a single bot, not {len(names)}")


# ---- what the screen shows


def mark_point(board: str, row_label: str, column: int, width: int = 2) -> str:
    """The board text with brackets around the cell at ``column`` of the row labelled ``row_label``.

    Board rows are written as a label then cells ``width`` characters apart (Go ``" 5 O O X"``,
    Xiangqi ``"5  . r b"``); the cell of column ``c`` is at ``3 + width * c``.
    """
    lines = board.split("\n")
    for i, line in enumerate(lines):
        if line[:3].strip() == row_label and len(line) > 3 and line[3:4] != "~":
            at = 3 + width * column
            if at >= len(line):
                return board
            chars = list(line.ljust(at + 2))
            chars[at - 1], chars[at + 1] = "[", "]"
            lines[i] = "".join(chars).rstrip()
            break
    return "\n".join(lines)


def marked_view(match: Match) -> str:
    """What the human's seat sees, with the last move marked on the board of a board game."""
    state = match.state
    text = state.observation_string(match.human).rstrip()
    name = state.get_game().name
    if name in ("go", "rengo") and not state.is_terminal() and go_marking_legend(state) is not None:
        text = mark_dead_stones(text, go_dead_chains(state))
    if match.last is None:
        return text
    label = state.action_to_string(match.last[1])
    if name in ("go", "rengo"):
        point = label.split()[-1]  # "D4", or "B2 D4" in Rengo
        if point[:1].isalpha() and point[1:].isdigit():
            column = "ABCDEFGHJKLMNOPQRSTUVWXYZ".find(point[0].upper())
            return mark_point(text, point[1:], column)
    elif name in ("xiangqi", "jieqi") and len(label) == 4:
        return mark_point(text, label[3], ord(label[2]) - ord("a"))
    return text


def menu(state: State) -> Columns:
    """The legal moves, each with its action id: the id of a card never changes during a game."""
    options = [
        Text.assemble((f"{a}", "bold cyan"), " ", state.action_to_string(a)) for a in state.legal_actions()
    ]
    return Columns(options, padding=(0, 3))


def go_dead_chains(state: State) -> list[tuple[int, int]]:
    """In the Go marking phase, the (row, column) points of the stones the current proposal counts as
    dead, bottom row 0.

    Found through the engine's own count: marking a chain toggles it, so a chain is dead now when
    toggling it (on a copy) gives its colour more living stones.
    """
    from ludoteca.games import go

    board = go.board(state)
    size = len(board)
    colour_stones = go.final_score(state)["stones"]
    seen: set[tuple[int, int]] = set()
    dead: list[tuple[int, int]] = []
    for r in range(size):
        for c in range(size):
            colour = board[r][c]
            if not colour or (r, c) in seen:
                continue
            chain, todo = [], [(r, c)]
            seen.add((r, c))
            while todo:
                y, x = todo.pop()
                chain.append((y, x))
                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    if 0 <= ny < size and 0 <= nx < size and (ny, nx) not in seen and board[ny][nx] == colour:
                        seen.add((ny, nx))
                        todo.append((ny, nx))
            toggled = state.clone()
            toggled.apply_action(f"mark {go.vertex(r * size + c, size)}")
            if go.final_score(toggled)["stones"][colour - 1] > colour_stones[colour - 1]:
                dead += chain
    return dead


def mark_dead_stones(board_text: str, dead: list[tuple[int, int]]) -> str:
    """The Go board text with dead stones in lower case (``x`` Black, ``o`` White)."""
    lines = board_text.split("\n")
    for r, c in dead:
        for i, line in enumerate(lines):
            at = 3 + 2 * c
            if line[:3].strip() == str(r + 1) and len(line) > at:
                lines[i] = line[:at] + line[at].lower() + line[at + 1 :]
    return "\n".join(lines)


def go_marking_legend(state: State) -> Optional[Text]:
    """In the Go marking phase, what the phase is and how to dispute the proposal."""
    names = [state.action_to_string(a) for a in state.legal_actions()]
    if "accept" not in names:
        return None
    from ludoteca.games import go

    score = go.final_score(state)
    return Text(
        "Play has ended. The players now agree which stones are dead. The engine proposes a marking, "
        "shown on the board in lower case: x and o are stones counted as dead (captured), X and O alive "
        f"(the count so far: Black {score['black']:g}, White {score['white']:g}). Type 'accept' to agree, "
        "'mark D4' to toggle the chain at D4 between dead and alive (a dispute), or 'resume' to go "
        "back to play and settle it on the board.",
        style="yellow",
    )


def partners(view: str, seat: int) -> list[int]:
    """The seats on ``seat``'s team, as a card game's view lists them (``seat 2 (team 0)`` lines)."""
    teams = {int(s): int(t) for s, t in re.findall(r"seat (\d+) \(team (\d+)\)", view)}
    mine = teams.get(seat)
    return [s for s, t in sorted(teams.items()) if t == mine and s != seat]


def show_position(console: Console, match: Match) -> None:
    """Draws what the human's seat may see (never the hidden cards of others) and how to move."""
    state = match.state
    game = state.get_game()
    title = f"{game.game_string()} · you are {side_of(game, match.human)}"
    mates = partners(state.observation_string(match.human), match.human)
    if mates:
        title += f", partner of seat {' and '.join(map(str, mates))}"
    console.print(Panel(Text(marked_view(match)), title=title, title_align="left"))
    legend = go_marking_legend(state) if game.name in ("go", "rengo") else None
    if legend is not None:
        console.print(legend)
    if match.typed() and legend is None:
        how = HOW_TO_TYPE.get(game.name, "an action name")
        console.print(Text(f"type your move: {how}; ? for the legal moves and commands", style="dim"))
    else:
        console.print(menu(state))
        console.print(Text("type a number or a name; ? for help", style="dim"))


def show_help(console: Console, match: Match) -> None:
    """The legal moves, how to type them, and the commands."""
    state = match.state
    game = state.get_game()
    how = HOW_TO_TYPE.get(game.name, "its number (the action id shown) or its name, e.g. A♠ or as")
    names = [state.action_to_string(a) for a in state.legal_actions()]
    console.print(Text(f"Type a move as {how}.", style="bold"))
    more = f" … and {len(names) - HELP_LIST_MAX} more" if len(names) > HELP_LIST_MAX else ""
    console.print(Text(f"legal now ({len(names)}): " + " ".join(names[:HELP_LIST_MAX]) + more))
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold cyan")
    grid.add_column()
    for word, doc in COMMANDS.items():
        grid.add_row(word, doc)
    console.print(grid)


def announce(console: Console, match: Match, before: State, seat: int, action: int) -> None:
    """Says what a move did that the board alone does not: captures, check, reveals, trick winners."""
    state = match.state
    name = state.get_game().name
    notes: list[str] = []
    if name in ("go", "rengo"):
        from ludoteca.games import go

        gone = sum(
            1
            for row_b, row_a in zip(go.board(before), go.board(state))
            for b, a in zip(row_b, row_a)
            if b != 0 and a == 0
        )
        if gone:
            notes.append(f"captures {gone} stone{'s' if gone > 1 else ''}")
    elif name in ("xiangqi", "jieqi"):
        notes += _xiangqi_notes(before, state, match.human)
    else:
        notes += _trick_notes(before, state)
    for note in notes:
        console.print(Text(f"  {note}", style="yellow"))


def _pieces(fen: str) -> dict[str, int]:
    """How many of each piece letter the board part of a FEN holds."""
    counts: dict[str, int] = {}
    for ch in fen.split()[0]:
        if ch.isalpha():
            counts[ch] = counts.get(ch, 0) + 1
    return counts


#: Piece letters as players name them.
PIECES = {"k": "general", "a": "advisor", "b": "elephant", "n": "horse", "r": "chariot", "c": "cannon"}
PIECES.update({"p": "soldier", "x": "face-down piece"})


def _xiangqi_notes(before: State, after: State, viewer: int = -1) -> list[str]:
    """Capture, reveal (Jieqi) and check after a Xiangqi or Jieqi move, as ``viewer`` may know them.

    A Jieqi reveal where a piece lands is public; what a captured face-down piece was is told only to
    the capturer (the chance event after a capture), so it is announced only when ``viewer`` moved.
    """
    from ludoteca.games import jieqi, xiangqi

    notes = []
    red_moved = before.current_player() == 0
    was, now = _pieces(xiangqi.fen(before)), _pieces(xiangqi.fen(after))
    # The opponent's pieces only ever leave the board by capture (the mover's may change letter: a reveal).
    for letter, count in was.items():
        if letter.islower() == red_moved and now.get(letter, 0) < count:
            piece = PIECES.get(letter.lower(), letter)
            notes.append(f"captures {'an' if piece[0] in 'aeiou' else 'a'} {piece}")
    for chance in after.history()[len(before.history()) + 1 :]:
        told = after.action_to_string(chance)
        if told.startswith("reveal") or before.current_player() == viewer:
            notes.append(told)
    if not after.is_terminal():
        # In check: the position with the other side to move is impossible because its general is attacked.
        parts = xiangqi.fen(after).split()
        parts[1] = "w" if parts[1] == "b" else "b"
        game = after.get_game()
        try:
            if game.name == "xiangqi":
                xiangqi.from_fen(" ".join(parts), game.game_string())
            else:
                jieqi.from_fen(" ".join(parts), game.game_string(), seed=0)
        except LudoError as e:
            if "attacked" in str(e):
                notes.append("check")
    return notes


def _trick_line(state: State, seat: int) -> str:
    """The ``trick:`` line of a card game's view ('' when no trick is on the table)."""
    for line in state.observation_string(seat).splitlines():
        if line.startswith("trick:"):
            return line[len("trick:") :].strip()
    return ""


def _trick_notes(before: State, after: State) -> list[str]:
    """The winner of a trick the move completed, with the points it took."""
    if after.get_game().name == "twenty_four":
        return []
    seat = 0
    was, now = _trick_line(before, seat), _trick_line(after, seat)
    if not was or now:
        return []
    gains = [a - b for a, b in zip(after.scores(), before.scores())]
    winner = max(range(len(gains)), key=lambda s: gains[s]) if max(gains) > 0 else after.current_player()
    if winner < 0:
        return []
    points = max(gains)
    return [f"seat {winner} wins the trick" + (f" (+{points:g} points)" if points > 0 else "")]


# ---- turns


def parse_choice(state: State, text: str) -> int:
    """The action id meant by ``text``: an action name, or the id shown next to it in the menu.

    A name wins over an id (``"bid 70"`` and ``"70"`` are different things only if both are
    legal, and the name is what the menu shows next to the id). Raises LudoError or UsageProblem.
    """
    legal: list[int] = state.legal_actions()
    text = text.strip()
    if not text:
        raise UsageProblem("type a move, or ? for the legal moves and commands")
    try:
        action: int = state.string_to_action(text)
    except LudoError:
        if text.isdigit():
            if int(text) in legal:
                return int(text)
            raise UsageProblem(f"no move numbered {text} now; ? lists the legal moves") from None
        raise
    return action


def resign(match: Match) -> None:
    """The human resigns, where the game has resignation (Go); UsageProblem otherwise."""
    try:
        match.state.apply_ending(f"resign {match.human}")
    except LudoError:
        raise UsageProblem(f"{match.state.get_game().name} has no resignation; type quit to stop") from None
    match.resigned = True


def undo(match: Match) -> bool:
    """Takes back the human's last move and what the bots played after it; False if there is none."""
    if not match.undo_stack:
        return False
    state, rng_state = match.undo_stack.pop()
    match.state = state
    match.rng.setstate(rng_state)
    match.last = None
    return True


def human_turn(console: Console, match: Match) -> None:
    """Shows the position, then reads moves and commands until a move is legal and applies it."""
    show_position(console, match)
    while True:
        state = match.state
        line = console.input("[bold]your move>[/] ")
        if not sys.stdin.isatty():
            # Piped input is not echoed by a terminal; echoing it keeps the transcript readable.
            console.print(Text(line))
        word = line.strip().lower()
        if word in ("?", "help", "h"):
            show_help(console, match)
            continue
        if word in ("quit", "exit", "q"):
            raise Quit
        if word == "hint":
            bot = strongest_bot(state.get_game())
            # Its own seed (from the position), so asking for a hint does not change the bots' game.
            hint = state.bot_action(bot, seed=len(state.history()))
            console.print(Text(f"hint ({bot}): {state.action_to_string(hint)}", style="cyan"))
            continue
        if word == "undo":
            if undo(match):
                console.print(Text("taken back: your last move and the replies", style="cyan"))
                show_position(console, match)
            else:
                console.print(Text("nothing to take back yet", style="red"))
            continue
        if word == "resign":
            try:
                resign(match)
            except UsageProblem as e:
                console.print(Text(f"✗ {e}", style="red"))
                continue
            console.print(Text("you resign", style="bold red"))
            return
        try:
            action = parse_choice(state, line)
            name = state.action_to_string(action)
            snapshot = (state.clone(), match.rng.getstate())
            before = state.clone()
            state.apply_action(action)  # IllegalActionError names the rule; the state is unchanged
        except (LudoError, UsageProblem) as e:
            console.print(Text(f"✗ {e}", style="red"))
            continue
        match.undo_stack.append(snapshot)
        match.last = (match.human, action)
        console.print(Text(f"you play {name}", style="bold green"))
        announce(console, match, before, match.human, action)
        return


#: Games whose moves are sealed commitments: another seat's move is never shown when it is made.
SEALED_GAMES = ("twenty_four",)


def is_public(state: State, viewer: int, name: str) -> bool:
    """Whether ``viewer`` may know that the move just made was ``name``.

    Some moves are secret: a buried or discarded card (Schafkopf, Zole), a sealed claim (Twenty-Four).
    A move is public when what ``viewer`` has observed (its information state) now names it.
    """
    if state.get_game().name in SEALED_GAMES:
        return False
    seen = state.information_state_string(viewer)
    return name in seen or name.split()[-1] in seen


def bot_turn(console: Console, match: Match) -> None:
    """Lets the bot of the seat to move choose, and announces its move by name if the human may see it."""
    state = match.state
    seat = state.current_player()
    bot = match.bots[seat]
    action = state.bot_action(bot, match.bot_seed())
    name = state.action_to_string(action)
    before = state.clone()
    state.apply_action(action)
    who = side_of(state.get_game(), seat)
    if not is_public(state, match.human, name):
        # Never the name: "bury 10♣" or a sealed claim would show the human what it may not see.
        console.print(Text.assemble((f"{who} ({bot})", "magenta"), " moves in secret"))
        return
    match.last = (seat, action)
    console.print(Text.assemble((f"{who} ({bot})", "magenta"), f" plays {name}"))
    announce(console, match, before, seat, action)


def show_result(console: Console, match: Match) -> None:
    """Shows the final position, the outcome for the human, and returns and scores per seat."""
    state = match.state
    console.print(Panel(Text(marked_view(match)), title="final position", title_align="left"))
    if state.ending():
        console.print(Text(f"ended by: {state.ending()}", style="bold"))
    returns, scores = state.returns(), state.scores()
    table = Table(title="game over")
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("return", justify="right")
    table.add_column("score", justify="right")
    for seat, (ret, score) in enumerate(zip(returns, scores)):
        who = "you" if seat == match.human else match.bots[seat]
        table.add_row(
            str(seat), who, f"{ret:+g}", f"{score:g}", style="bold" if seat == match.human else None
        )
    console.print(table)
    mine = returns[match.human]
    verdict = "you win" if mine > 0 else "you lose" if mine < 0 else "draw"
    console.print(Text(verdict, style="bold green" if mine > 0 else "bold red" if mine < 0 else "bold"))


def play_loop(console: Console, match: Match) -> None:
    """Alternates human and bot turns until the game ends."""
    # Chance (dealing, drawing) is resolved inside the state from its seed, so every node here is a decision.
    while not match.state.is_terminal():
        if match.state.current_player() == match.human:
            human_turn(console, match)
        else:
            bot_turn(console, match)


def write_record(match: Match, seed: int, path: Path) -> None:
    """Saves the game so far as a record (``ludoteca replay`` reads it back)."""
    names = [
        "you" if s == match.human else match.bots[s] for s in range(match.state.get_game().num_players())
    ]
    try:
        records.dump(match.state, path, seed=seed, players=names)
    except OSError as e:
        _fail(f"cannot write the record to {path}: {e.strerror}")
    _err().print(Text(f"record written to {path}", style="dim"))


def write_sgf(match: Match, path: Path) -> None:
    """Saves a Go or Rengo game so far as SGF."""
    from ludoteca.games import go

    try:
        path.write_text(go.to_sgf(match.state), encoding="utf-8")
    except OSError as e:
        _fail(f"cannot write the SGF to {path}: {e.strerror}")
    _err().print(Text(f"SGF written to {path}", style="dim"))


@app.command("play")
def play_command(
    game: str = typer.Argument(..., help="Game string, e.g. 'briscola(players=4)'."),
    seat: int = typer.Option(0, "--seat", help="Your seat (0 moves first in most games)."),
    bots: Optional[str] = typer.Option(
        None, "--bots", "-b", help="Bot for the other seats, or one per other seat (default: the strongest)."
    ),
    seed: Optional[int] = typer.Option(
        None, "--seed", "-s", min=0, help="Seed of the deal and the bots (replays a game)."
    ),
    param: Optional[list[str]] = typer.Option(
        None, "--param", "-p", metavar="KEY=VALUE", help="Game parameter key=value (repeatable)."
    ),
    record: Optional[Path] = typer.Option(
        None, "--record", "-r", help="Write the game record (JSON Lines) to this file, finished or not."
    ),
    svg_dir: Optional[Path] = typer.Option(
        None, "--svg-dir", help="Write a picture of your view after every move to this folder (at the end)."
    ),
    sgf: Optional[Path] = typer.Option(None, "--sgf", help="Go and Rengo: also write the game as SGF."),
) -> None:
    """Play GAME in the terminal against built-in bots.

    Card games show the legal moves with their numbers (type the number or the card, e.g. 7 or A♠);
    board games take coordinates (Go D4, Xiangqi h2e2 or C2.5). At the prompt, ? lists the legal moves
    and the commands: hint, undo, resign, quit. Ctrl-D or Ctrl-C stop the game; the record is written.
    """
    with _user_errors():
        loaded = load(game, param)
        if not 0 <= seat < loaded.num_players():
            raise UsageProblem(
                f"seat {seat} does not exist: {loaded.game_string()} has seats 0..{loaded.num_players() - 1}"
            )
        assigned = seat_bots(loaded, seat, parse_bots(bots or strongest_bot(loaded), loaded))
        if sgf is not None and loaded.name not in ("go", "rengo"):
            raise UsageProblem(f"--sgf is for Go and Rengo, not {loaded.name}")
    # A drawn seed is shown so that any game can be replayed with --seed.
    chosen = seed if seed is not None else secrets.randbits(31)
    match = Match(loaded.new_initial_state(seed=chosen), seat, assigned, random.Random(chosen))
    console = _out()
    console.print(
        f"{loaded.game_string()} · seed {chosen} · you are {side_of(loaded, seat)} · "
        "? for help · Ctrl-D or Ctrl-C to stop",
        style="dim",
    )
    stopped: Optional[tuple[str, int]] = None
    try:
        play_loop(console, match)
    except Quit:
        stopped = ("you quit; game abandoned", EXIT_ABANDONED)
    except EOFError:
        stopped = ("input ended before the game did; game abandoned", EXIT_ABANDONED)
    except KeyboardInterrupt:
        stopped = ("interrupted; game abandoned", EXIT_INTERRUPTED)
    if stopped is not None:
        console.print()  # the prompt line was left open (^C or ^D)
    if record is not None:
        write_record(match, chosen, record)
    if sgf is not None:
        write_sgf(match, sgf)
    if svg_dir is not None:
        write_pictures(match.state, chosen, seat, svg_dir)
    if stopped is not None:
        _fail(*stopped)
    show_result(console, match)


# --------------------------------------------------------------------------------------------------
# Command: replay


def read_record(file: str) -> records.Record:
    """Reads and validates a record from a path, or from standard input for ``-``."""
    if file == "-":
        return records.loads(sys.stdin.read(), source="<stdin>")
    try:
        return records.load(file)
    except OSError as e:
        raise UsageProblem(f"cannot read {file}: {e.strerror}") from None


def record_summary(record: records.Record, state: State) -> dict[str, Any]:
    """What ``replay`` reports, as plain data (``--json`` prints it, the tables show it)."""
    finished = state.is_terminal()
    return {
        "source": record.source,
        "valid": True,
        "game": record.game,
        "preset": record.preset,
        "seed": record.seed,
        "ludoteca": record.ludoteca_version,
        "players": record.players,
        "actions": len(record.moves),
        "chance_events": sum(1 for m in record.moves if m.player is None),
        "finished": finished,
        "to_move": None if finished else state.current_player(),
        "returns": state.returns() if finished else None,
        "scores": state.scores() if finished else None,
    }


def moves_table(record: records.Record) -> Table:
    """Every action of a record: ply, who, name, id."""
    table = Table(title="actions")
    table.add_column("ply", justify="right")
    table.add_column("player")
    table.add_column("action")
    table.add_column("id", justify="right")
    for m in record.moves:
        who = "chance" if m.player is None else f"seat {m.player}"
        table.add_row(str(m.ply), who, m.name, str(m.action), style="dim" if m.player is None else None)
    return table


def describe_to_move(player: Optional[int]) -> str:
    """Who acts next in an unfinished game, in words (chance is not a seat)."""
    if player == ludoteca.CHANCE:
        return "a chance event (a deal or a draw) comes next"
    return f"seat {player} to move"


def replay_sgf(console: Console, file: str, as_json: bool) -> None:
    """``replay`` of an SGF file: reads the main line into a Go state and shows the position and result."""
    from ludoteca.games import go

    try:
        text = Path(file).read_text(encoding="utf-8")
    except OSError as e:
        raise UsageProblem(f"cannot read {file}: {e.strerror}") from None
    state = go.from_sgf(text)
    data = {
        "source": file,
        "valid": True,
        "game": state.get_game().game_string(),
        "actions": len(state.history()),
        "finished": state.is_terminal(),
        "result": go.result(state),
    }
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    console.print(f"game {data['game']} · {data['actions']} moves")
    console.print(Panel(Text(str(state).rstrip()), title="final position", title_align="left"))
    console.print(f"result: {data['result'] or 'unfinished'}")
    console.print(Text(f"valid SGF: {data['actions']} moves replayed and checked", style="bold green"))


@app.command("replay")
def replay_command(
    file: str = typer.Argument(
        ..., help="Game record (JSON Lines) or Go SGF file to check, or - for a record on standard input."
    ),
    moves: bool = typer.Option(False, "--moves", "-m", help="List every action."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """Replay the game record FILE (JSON Lines, or SGF for Go), checking every line; show the final
    position and the result.

    A record that is malformed or does not replay (illegal action, wrong player, wrong name, a chance
    outcome its seed does not deal, a wrong result) is rejected with its line number and the reason.
    """
    with _user_errors():
        if file.lower().endswith(".sgf"):
            replay_sgf(_out(), file, as_json)
            return
        record = read_record(file)
        state = records.replay(record)
    data = record_summary(record, state)
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    console = _out()
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    grid.add_row("game", record.game)
    grid.add_row("preset", str(record.preset or "-"))
    grid.add_row("seed", "-" if record.seed is None else str(record.seed))
    grid.add_row("written by", f"ludoteca {record.ludoteca_version}")
    grid.add_row("actions", f"{data['actions']} ({data['chance_events']} chance)")
    console.print(grid)
    if moves:
        console.print(moves_table(record))
    console.print(Panel(Text(str(state).rstrip()), title="final position", title_align="left"))
    if data["finished"]:
        table = Table(title="result")
        table.add_column("seat", justify="right")
        table.add_column("player")
        table.add_column("return", justify="right")
        table.add_column("score", justify="right")
        for seat, (ret, score) in enumerate(zip(data["returns"], data["scores"])):
            who = record.players[seat] if record.players else "-"
            table.add_row(str(seat), who, f"{ret:+g}", f"{score:g}")
        console.print(table)
    else:
        console.print(f"unfinished: {describe_to_move(data['to_move'])}")
    console.print(Text(f"valid record: {data['actions']} actions replayed and checked", style="bold green"))


# --------------------------------------------------------------------------------------------------
# Commands: serve (the web page) and show (a picture of a position)


@app.command("serve")
def serve_command(
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on (127.0.0.1: this machine only)."
    ),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
) -> None:
    """Serve a page to play every game in the browser against the bots (needs ludoteca[web])."""
    try:
        from ludoteca.web import serve
    except ImportError as e:  # pragma: no cover - the package itself is always importable
        _fail(str(e))
    try:
        serve(host, port)
    except ImportError as e:
        _fail(str(e))


def apply_moves(state: State, text: str) -> None:
    """Applies the actions of ``--moves``: names or ids, separated by commas (or by spaces when there is
    no comma); an illegal or unknown one is a usage error naming its position."""
    items = text.split(",") if "," in text else text.split()
    for k, item in enumerate(i.strip() for i in items):
        if not item:
            continue
        try:
            action = int(item) if item.isdigit() else state.string_to_action(item)
            state.apply_action(action)
        except LudoError as e:
            raise UsageProblem(f"--moves item {k + 1} ({item!r}): {e}") from e


def write_pictures(state: State, seed: int, seat: int, folder: Path) -> None:
    """Replays the game and writes ``move-000.svg`` (the start), ``move-001.svg`` ... after each decision,
    each the view of ``seat`` (never another seat's hidden cards)."""
    history = state.history()
    replay = state.get_game().new_initial_state(seed=seed)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        k = 0
        while True:
            (folder / f"move-{k:03d}.svg").write_text(replay.to_svg(seat), encoding="utf-8")
            done = len(replay.history())  # chance drawn from the seed is already in the history
            if done >= len(history):
                break
            replay.apply_action(history[done])
            k += 1
    except OSError as e:
        _fail(f"cannot write the pictures to {folder}: {e.strerror}")
    _err().print(Text(f"{k + 1} pictures written to {folder}", style="dim"))


# Command: show


def is_position(text: str) -> bool:
    """True for a FEN, an SGF text or a position file; False for a game string such as 'go(board_size=9)'."""
    stripped = text.strip()
    if stripped.startswith("(;") or "/" in stripped.split(" ")[0]:
        return True
    path = Path(text)
    return len(text) < 4096 and path.suffix.lower() in (".sgf", ".jsonl", ".json") and path.is_file()


def position_from(text: str) -> State:
    """A state from a Xiangqi/Jieqi FEN, an SGF text, or a file holding an SGF or a game record."""
    path = Path(text)
    if len(text) < 4096 and path.suffix.lower() in (".sgf", ".jsonl", ".json") and path.is_file():
        body = path.read_text(encoding="utf-8")
        if path.suffix.lower() == ".sgf":
            from ludoteca.games import go

            return go.from_sgf(body)
        return records.replay(records.loads(body, source=text))
    if text.lstrip().startswith("(;"):
        from ludoteca.games import go

        return go.from_sgf(text)
    from ludoteca.games import jieqi, xiangqi

    board = text.split()[0] if text.split() else ""
    if "x" in board.lower():  # face-down pieces: Jieqi
        return jieqi.from_fen(text, seed=0)
    return xiangqi.from_fen(text)


@app.command("show")
def show_command(
    what: str = typer.Argument(
        ...,
        help="A game string (with --seed and --moves), a Xiangqi or Jieqi FEN, an SGF text, or a .sgf / .jsonl file.",
    ),
    seed: int = typer.Option(0, "--seed", "-s", min=0, help="Seed that resolves chance (the deal)."),
    moves: str = typer.Option(
        "", "--moves", "-m", help="Actions to apply first: names or ids, e.g. 'D4 Q16 pass'."
    ),
    viewer: Optional[int] = typer.Option(
        None, "--viewer", help="Draw what this seat sees (default: everything)."
    ),
    svg: Optional[Path] = typer.Option(None, "--svg", help="Write the picture as SVG to this file."),
    png: Optional[Path] = typer.Option(None, "--png", help="Write the picture as PNG (needs ludoteca[png])."),
    param: Optional[list[str]] = typer.Option(
        None, "--param", "-p", help="Game parameter key=value (repeatable)."
    ),
) -> None:
    """Show a position as text, and as a picture with --svg or --png.

    WHAT is a game string (the position after --moves from the deal of --seed), a FEN (Xiangqi; Jieqi with
    X/x face down), an SGF game or a game record. Examples:
    ludoteca show "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    ludoteca show 'go(board_size=9)' --moves 'E5 C3' --svg board.svg
    """
    with _user_errors():
        if is_position(what):
            state = position_from(what)
        else:
            state = load(what, param).new_initial_state(seed=seed)
        apply_moves(state, moves)
        picture = state.to_svg(viewer) if svg is not None else None
        image = None
        if png is not None:
            try:
                image = state.to_png(viewer)
            except ImportError as e:
                _fail(str(e))
        text = str(state) if viewer is None else state.observation_string(viewer)
    console = _out()
    game = state.get_game()
    console.print(Panel(Text(text.rstrip()), title=game.game_string(), title_align="left"))
    if state.is_terminal():
        console.print(f"game over: returns {state.returns()}")
    else:
        player = state.current_player()
        who = side_of(game, player) if player >= 0 else "chance"
        console.print(f"to move: {who}; {len(state.legal_actions())} legal moves")
    for path, data in ((svg, picture), (png, image)):
        if path is None or data is None:
            continue
        try:
            if isinstance(data, str):
                path.write_text(data, encoding="utf-8")
            else:
                path.write_bytes(data)
        except OSError as e:
            _fail(f"cannot write {path}: {e.strerror}")
        _err().print(Text(f"picture written to {path}", style="dim"))


# --------------------------------------------------------------------------------------------------
# Entry point


def _version(value: bool) -> None:
    """Prints ``ludoteca <version>`` and stops, when --version is given."""
    if value:
        typer.echo(f"ludoteca {ludoteca.__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", "-V", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """ludoteca: exact, fast engines for traditional card and board games."""


def main() -> None:
    """Runs the ``ludoteca`` command (console script and ``python -m ludoteca``)."""
    app(prog_name="ludoteca")
