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
import secrets
import sys
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
    table = Table(title="ludoteca games", show_lines=True)
    table.add_column("name", style="bold cyan", no_wrap=True)
    table.add_column("long name")
    table.add_column("bots")
    table.add_column("presets")
    table.add_column("example game strings", overflow="fold")
    for info in ludoteca.registered_games():
        table.add_row(
            info.short_name,
            info.long_name,
            # One per line keeps these columns narrow, leaving the width to the long game strings.
            "\n".join(info.bots),
            "\n".join(info.presets) or "-",
            "\n".join(info.examples),
        )
    _out().print(table)


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
    """Runs :func:`ludoteca.simulate` with a Rich progress bar on stderr."""
    progress = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=_err(),
        transient=True,  # the bar only matters while waiting; the summary table replaces it
    )
    with progress:
        task = progress.add_task(f"simulating {game.game_string()}", total=n)

        def report(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return ludoteca.simulate(
            game, n, seed=seed, bots=bots, threads=threads, progress=report, backend=backend, workers=workers
        )


def summary(result: SimulationResult) -> dict[str, Any]:
    """The summary of a simulation as plain data (what ``--json`` prints and the table shows)."""
    return {
        "game": result.game,
        "seed": result.seed,
        "games": result.n_games,
        "seconds": result.seconds,
        "games_per_second": result.games_per_second,
        "seats": [dataclasses.asdict(row) for row in result.seats()],
    }


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
    return grid


def summary_table(data: dict[str, Any]) -> Table:
    """The per-seat summary table of a simulation."""
    table = Table(title="per seat")
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("mean return ± 95% CI", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("draw rate", justify="right")
    table.add_column("mean score", justify="right")
    for row in data["seats"]:
        table.add_row(
            str(row["seat"]),
            str(row["bot"]),
            f"{row['mean_return']:+.4f} ± {row['ci95']:.4f}",
            f"{row['win_rate']:.2%}",
            f"{row['draw_rate']:.2%}",
            f"{row['mean_score']:.2f}",
        )
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
        None, "--param", "-p", help="Game parameter key=value (repeatable)."
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


@dataclasses.dataclass
class Match:
    """A game being played in the terminal: the state, who sits where, and the bots' random stream."""

    state: State
    human: int
    bots: dict[int, str]
    rng: random.Random

    def bot_seed(self) -> int:
        """A seed for the next bot decision, drawn from the match stream so --seed replays the game."""
        return self.rng.getrandbits(63)


def seat_bots(game: Game, human: int, names: list[str]) -> dict[int, str]:
    """Assigns bots to the seats other than ``human``: one name for all, or one per other seat in order."""
    others = [s for s in range(game.num_players()) if s != human]
    if len(names) == 1:
        return {s: names[0] for s in others}
    if len(names) == len(others):
        return dict(zip(others, names))
    raise UsageProblem(f"give one bot for every other seat ({len(others)}) or a single bot, not {len(names)}")


def show_position(console: Console, match: Match) -> None:
    """Draws what the human's seat may see (never the hidden cards of others) and the legal moves."""
    state = match.state
    title = f"{state.get_game().game_string()} · you are seat {match.human}"
    console.print(
        Panel(Text(state.observation_string(match.human).rstrip()), title=title, title_align="left")
    )
    options = [
        Text.assemble((f"{i}", "bold cyan"), " ", state.action_to_string(a))
        for i, a in enumerate(state.legal_actions(), 1)
    ]
    console.print(Columns(options, padding=(0, 3)))


def parse_choice(state: State, text: str) -> int:
    """The action id meant by ``text``: a list number (1-based) or any spelling of an action name.

    A number inside the list's range is a list number; anything else goes to ``string_to_action``
    (so games whose action names are numbers, like bids, still work). Raises LudoError or
    UsageProblem with the reason.
    """
    legal: list[int] = state.legal_actions()
    text = text.strip()
    if not text:
        raise UsageProblem(f"type an action name or a number 1..{len(legal)}")
    if text.isdigit() and 1 <= int(text) <= len(legal):
        return legal[int(text) - 1]
    try:
        action: int = state.string_to_action(text)
    except LudoError:
        if text.isdigit():  # the user meant a list number, so say that rather than "cannot parse"
            raise UsageProblem(f"no option {text}: choose 1..{len(legal)} or type an action name") from None
        raise
    return action


def human_turn(console: Console, match: Match) -> None:
    """Shows the position, then reads moves until one is legal and applies it."""
    show_position(console, match)
    state = match.state
    while True:
        line = console.input("[bold]your move>[/] ")
        if not sys.stdin.isatty():
            # Piped input is not echoed by a terminal; echoing it keeps the transcript readable.
            console.print(Text(line))
        try:
            action = parse_choice(state, line)
            name = state.action_to_string(action)
            state.apply_action(action)  # IllegalActionError names the rule; the state is unchanged
        except (LudoError, UsageProblem) as e:
            console.print(Text(f"✗ {e}", style="red"))
            continue
        console.print(Text(f"you play {name}", style="bold green"))
        return


def bot_turn(console: Console, match: Match) -> None:
    """Lets the bot of the seat to move choose, and announces its move by name."""
    state = match.state
    seat = state.current_player()
    bot = match.bots[seat]
    action = state.bot_action(bot, match.bot_seed())
    name = state.action_to_string(action)
    state.apply_action(action)
    console.print(Text.assemble((f"seat {seat} ({bot})", "magenta"), f" plays {name}"))


def show_result(console: Console, match: Match) -> None:
    """Shows the final position, the outcome for the human, and returns and scores per seat."""
    state = match.state
    console.print(
        Panel(
            Text(state.observation_string(match.human).rstrip()), title="final position", title_align="left"
        )
    )
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
    state = match.state
    # Chance (dealing, drawing) is resolved inside the state from its seed, so every node here is a decision.
    while not state.is_terminal():
        if state.current_player() == match.human:
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


@app.command("play")
def play_command(
    game: str = typer.Argument(..., help="Game string, e.g. 'briscola(players=4)'."),
    seat: int = typer.Option(0, "--seat", help="Your seat (0 moves first in most games)."),
    bots: str = typer.Option(
        "greedy", "--bots", "-b", help="Bot for the other seats, or one per other seat."
    ),
    seed: Optional[int] = typer.Option(
        None, "--seed", "-s", min=0, help="Seed of the deal and the bots (replays a game)."
    ),
    param: Optional[list[str]] = typer.Option(
        None, "--param", "-p", help="Game parameter key=value (repeatable)."
    ),
    record: Optional[Path] = typer.Option(
        None, "--record", "-r", help="Write the game record (JSON Lines) to this file, finished or not."
    ),
    svg_dir: Optional[Path] = typer.Option(
        None, "--svg-dir", help="Write a picture of your view after every move to this folder (at the end)."
    ),
) -> None:
    """Play GAME in the terminal against built-in bots; type an action name or its number."""
    with _user_errors():
        loaded = load(game, param)
        if not 0 <= seat < loaded.num_players():
            raise UsageProblem(
                f"seat {seat} does not exist: {loaded.game_string()} has seats 0..{loaded.num_players() - 1}"
            )
        assigned = seat_bots(loaded, seat, parse_bots(bots, loaded))
    # A drawn seed is shown so that any game can be replayed with --seed.
    chosen = seed if seed is not None else secrets.randbits(31)
    match = Match(loaded.new_initial_state(seed=chosen), seat, assigned, random.Random(chosen))
    console = _out()
    console.print(f"{loaded.game_string()} · seed {chosen} · Ctrl-D or Ctrl-C to stop", style="dim")
    try:
        play_loop(console, match)
    except EOFError:
        _fail("input ended before the game did; game abandoned", EXIT_ABANDONED)
    except KeyboardInterrupt:
        _fail("interrupted; game abandoned", EXIT_INTERRUPTED)
    finally:
        if record is not None:
            write_record(match, chosen, record)
        if svg_dir is not None:
            write_pictures(match.state, chosen, seat, svg_dir)
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


@app.command("replay")
def replay_command(
    file: str = typer.Argument(..., help="Game record (JSON Lines) to check, or - for standard input."),
    moves: bool = typer.Option(False, "--moves", "-m", help="List every action."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """Replay the game record FILE, checking every line; show the final position and the result.

    A record that is malformed or does not replay (illegal action, wrong player, wrong name, a chance
    outcome its seed does not deal, a wrong result) is rejected with its line number and the reason.
    """
    with _user_errors():
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
        console.print(f"unfinished: seat {data['to_move']} to move")
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


@app.command("show")
def show_command(
    game: str = typer.Argument(..., help="Game string, e.g. 'go(board_size=9)'."),
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
    """Show a position of GAME (after --moves) as text, and as a picture with --svg or --png."""
    with _user_errors():
        state = load(game, param).new_initial_state(seed=seed)
        apply_moves(state, moves)
        picture = state.to_svg(viewer) if svg is not None else None
        image = None
        if png is not None:
            try:
                image = state.to_png(viewer)
            except ImportError as e:
                _fail(str(e))
        text = str(state) if viewer is None else state.observation_string(viewer)
    _out().print(Text(text.rstrip()))
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
