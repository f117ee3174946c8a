"""Game records: one JSON Lines format for every game, replayable and validated.

A record is a text file, one JSON object per line::

    {"format": "ludoteca-record", "version": 1, "game": "briscola(players=4)", "preset": "seed",
     "params": {...}, "game_version": 1, "seed": 7, "ludoteca": "0.1.0", "players": ["you", "greedy", ...]}
    {"ply": 0, "player": "chance", "action": 32, "name": "5♣"}
    {"ply": 13, "player": 0, "action": 31, "name": "A♠"}
    ...
    {"result": {"returns": [1.0, -1.0, 1.0, -1.0], "scores": [70.0, 50.0, 70.0, 50.0]}}

- The header (line 1) names the game (canonical game string), its ``ruleset`` preset (``null`` for games
  without presets), every resolved parameter, the game's rules/encoding version, the seed that resolved
  chance (``null`` when unknown, e.g. chance supplied by the caller), the ludoteca version that wrote it
  and, optionally, who sat where. A game that did not start from the standard position (a Xiangqi FEN, a
  Go diagram or SGF setup) has a ``"setup"`` field with the text of ``State.setup()``; the moves replay
  from there.
- Then one line per action in order, chance events included (``"player": "chance"``), each with its
  id and its name; ``ply`` counts from 0.
- A game that ended outside its actions (a resignation in Go) has an ``{"ending": "resign 1"}`` line
  after the moves (the text of ``State.ending()``).
- A finished game ends with a ``result`` line (returns and scores per seat); an unfinished one has none.

:func:`replay` re-applies every action and checks everything a line claims: the mover, the id's legality,
the name, the ply, the result, the header's parameters and version, and, when the header has a seed,
that every chance outcome is the one that seed deals. Any mismatch raises :class:`RecordError` with the
line number and the reason. :func:`load` and :func:`loads` validate this way unless told not to. Every
malformed record, however broken (deeply nested JSON, numbers too large for any field), is a
:class:`RecordError`, never another exception.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Union

from ludoteca import _core
from ludoteca.errors import InvalidParameterError, LudoError, ParseError

#: The ``format`` field of every header.
FORMAT = "ludoteca-record"
#: The record format version this module writes and reads.
FORMAT_VERSION = 1
#: How chance events are written in the ``player`` field.
CHANCE = "chance"

#: A path, or an open text file.
Target = Union[str, Path, IO[str]]


class RecordError(ParseError):
    """A record is malformed or does not replay; ``line`` (1-based) and ``reason`` say where and why."""

    def __init__(self, line: int, reason: str, source: str = "record") -> None:
        super().__init__(f"{source}:{line}: {reason}")
        self.line = line
        self.reason = reason
        self.source = source


@dataclass(frozen=True)
class Move:
    """One action of a record: its ply, who made it (a seat, or None for chance), its id and its name."""

    ply: int
    player: int | None
    action: int
    name: str
    line: int = field(default=0, compare=False)
    """The line it was read from (0 when built from a state)."""

    def to_json(self) -> dict[str, Any]:
        """The object written on the move's line."""
        return {
            "ply": self.ply,
            "player": CHANCE if self.player is None else self.player,
            "action": self.action,
            "name": self.name,
        }


@dataclass(frozen=True)
class Record:
    """A game record: the header's fields, the moves, and the result of a finished game."""

    game: str
    """Canonical game string."""
    params: dict[str, Any]
    """Every resolved parameter of the game."""
    preset: str | None
    """The ``ruleset`` preset, None for games without presets."""
    game_version: int
    """The game's rules/encoding version (``GameInfo.version``) when the record was written."""
    seed: int | None
    """The seed that resolved chance, None when unknown."""
    ludoteca_version: str
    """The ludoteca version that wrote the record."""
    moves: tuple[Move, ...]
    ending: str | None = None
    """How the game ended outside its actions (``State.ending()``: a resignation), None otherwise."""
    setup: str | None = None
    """The starting position (``State.setup()``) when it is not the standard start, else None."""
    returns: list[float] | None = None
    """Returns per seat of a finished game, None for an unfinished one."""
    scores: list[float] | None = None
    """Scores per seat of a finished game."""
    players: list[str] | None = None
    """Who sat at each seat (free text), if recorded."""
    source: str = field(default="record", compare=False)
    """Where the record was read from, for error messages."""
    result_line: int = field(default=0, compare=False)
    """The line of the result (0 when built from a state)."""
    ending_line: int = field(default=0, compare=False)
    """The line of the ending (0 when built from a state or when there is none)."""

    def header(self) -> dict[str, Any]:
        """The object written on line 1."""
        head: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game,
            "preset": self.preset,
            "params": self.params,
            "game_version": self.game_version,
            "seed": self.seed,
            "ludoteca": self.ludoteca_version,
        }
        if self.players is not None:
            head["players"] = self.players
        if self.setup is not None:
            head["setup"] = self.setup
        return head

    def lines(self) -> list[str]:
        """The record as JSON lines (without newlines)."""
        out = [_json(self.header())] + [_json(m.to_json()) for m in self.moves]
        if self.ending is not None:
            out.append(_json({"ending": self.ending}))
        if self.returns is not None:
            out.append(_json({"result": {"returns": self.returns, "scores": self.scores}}))
        return out

    def replay(self) -> _core.State:
        """Re-applies every move (see :func:`replay`) and returns the final state."""
        return replay(self)


def _short(value: Any) -> str:
    """``repr(value)`` cut to a readable length (a record may hold a 10,000-digit number)."""
    if isinstance(value, int) and abs(value) >= 2**128:
        return f"a {value.bit_length()}-bit number"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _json(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False)


# --------------------------------------------------------------------------------------------------
# From a state


def from_state(state: _core.State, seed: int | None = None, players: Sequence[str] | None = None) -> Record:
    """The record of ``state``'s game so far.

    ``seed`` is the seed given to ``new_initial_state`` (a state does not remember it); when given,
    it is checked against the chance outcomes. ``players`` optionally names who sat at each seat.
    """
    game = state.get_game()
    if players is not None and len(players) != game.num_players():
        raise InvalidParameterError(
            f"invalid parameter 'players': {game.game_string()} has {game.num_players()} seats, got {len(players)} names"
        )
    setup = state.setup()
    walker = game.new_initial_state(explicit_chance=True, setup=setup)
    moves = []
    for ply, action in enumerate(state.history()):
        seat = walker.current_player()
        moves.append(
            Move(ply, None if seat == _core.CHANCE else seat, action, walker.action_to_string(action))
        )
        walker.apply_action(action)
    ending = state.ending()
    if ending is not None:
        walker.apply_ending(ending)
    finished = walker.is_terminal()
    record = Record(
        game=game.game_string(),
        params=dict(game.params),
        preset=_preset(game),
        game_version=_info(game).version,
        seed=seed,
        ludoteca_version=_core.__version__,
        moves=tuple(moves),
        ending=ending,
        setup=setup,
        returns=walker.returns() if finished else None,
        scores=walker.scores() if finished else None,
        players=list(players) if players is not None else None,
    )
    if seed is not None:
        try:
            replay(record)
        except RecordError as e:
            raise InvalidParameterError(f"invalid parameter 'seed': {e.reason}") from None
    return record


def _preset(game: _core.Game) -> str | None:
    value = game.params.get("ruleset")
    return None if value is None else str(value)


def _info(game: _core.Game) -> _core.GameInfo:
    return next(i for i in _core.registered_games() if i.short_name == game.name)


# --------------------------------------------------------------------------------------------------
# Writing and reading


def dumps(game: _core.State | Record, seed: int | None = None, players: Sequence[str] | None = None) -> str:
    """The record of a state (or a :class:`Record`) as JSON Lines text; ``seed``/``players`` as in :func:`from_state`."""
    record = game if isinstance(game, Record) else from_state(game, seed=seed, players=players)
    return "\n".join(record.lines()) + "\n"


def dump(
    game: _core.State | Record,
    target: Target,
    seed: int | None = None,
    players: Sequence[str] | None = None,
) -> None:
    """Writes the record of a state (or a :class:`Record`) to a path or an open text file (UTF-8)."""
    text = dumps(game, seed=seed, players=players)
    if isinstance(target, (str, Path)):
        Path(target).write_text(text, encoding="utf-8")
    else:
        target.write(text)


def load(source: Target, validate: bool = True) -> Record:
    """Reads a record from a path or an open text file; see :func:`loads`."""
    if isinstance(source, (str, Path)):
        name = str(source)
        try:
            text = Path(source).read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(1, f"not UTF-8 text ({e.reason} at byte {e.start})", name) from None
    else:
        name = getattr(source, "name", "record")
        text = source.read()
    return loads(text, validate=validate, source=str(name))


def loads(text: str, validate: bool = True, source: str = "record") -> Record:
    """Parses a record; with ``validate`` (default) also replays it (:func:`replay`).

    Raises :class:`RecordError` naming the line and the reason for anything wrong.
    """
    lines = [(i, line) for i, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise RecordError(1, "empty record: expected a header line", source)
    head_line, head_text = lines[0]
    head = _object(head_text, head_line, source)
    record = _parse(head, head_line, lines[1:], source)
    if validate:
        replay(record)
    return record


def _object(text: str, line: int, source: str) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(line, f"invalid JSON: {e.msg} at column {e.colno}", source) from None
    except RecursionError:
        raise RecordError(line, "invalid JSON: nested too deeply", source) from None
    except ValueError as e:  # e.g. an integer literal longer than Python's digit limit
        raise RecordError(line, f"invalid JSON: {e}", source) from None
    if not isinstance(obj, dict):
        raise RecordError(line, f"expected a JSON object, got {type(obj).__name__}", source)
    return obj


def _field(
    obj: dict[str, Any], key: str, kinds: tuple[type, ...], line: int, source: str, optional: bool = False
) -> Any:
    """``obj[key]`` checked against ``kinds`` (bool is never accepted as an int)."""
    if key not in obj:
        if optional:
            return None
        raise RecordError(line, f"missing field {key!r}", source)
    value = obj[key]
    if value is None and optional:
        return None
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        wanted = " or ".join(k.__name__ for k in kinds)
        raise RecordError(
            line, f"field {key!r} must be {wanted}, got {json.dumps(value, ensure_ascii=False)}", source
        )
    return value


def _numbers(value: Any, key: str, line: int, source: str) -> list[float]:
    if not isinstance(value, list) or not all(
        isinstance(x, (int, float)) and not isinstance(x, bool) for x in value
    ):
        raise RecordError(line, f"{key!r} must be a list of numbers", source)
    try:
        return [float(x) for x in value]
    except OverflowError:
        raise RecordError(line, f"{key!r} has a number too large for a float", source) from None


def _parse(head: dict[str, Any], head_line: int, body: list[tuple[int, str]], source: str) -> Record:
    fmt = head.get("format")
    if fmt != FORMAT:
        raise RecordError(
            head_line,
            f"not a ludoteca record: the header's 'format' must be {FORMAT!r}, got {json.dumps(fmt)}",
            source,
        )
    version = _field(head, "version", (int,), head_line, source)
    if version != FORMAT_VERSION:
        raise RecordError(
            head_line,
            f"record format version {version} is not supported (this ludoteca reads version {FORMAT_VERSION})",
            source,
        )
    players = _field(head, "players", (list,), head_line, source, optional=True)
    if players is not None and not all(isinstance(p, str) for p in players):
        raise RecordError(head_line, "'players' must be a list of strings", source)
    moves: list[Move] = []
    returns = scores = ending = None
    result_line = ending_line = 0
    for line, text in body:
        obj = _object(text, line, source)
        if result_line:
            raise RecordError(line, f"nothing may follow the result (line {result_line})", source)
        if "ending" in obj:
            if ending_line:
                raise RecordError(line, f"a second ending (the first is on line {ending_line})", source)
            ending = _field(obj, "ending", (str,), line, source)
            ending_line = line
            continue
        if "result" in obj:
            result = _field(obj, "result", (dict,), line, source)
            returns = _numbers(result.get("returns"), "returns", line, source)
            scores = (
                _numbers(result.get("scores"), "scores", line, source)
                if result.get("scores") is not None
                else None
            )
            result_line = line
            continue
        if ending_line:
            raise RecordError(line, f"only the result may follow the ending (line {ending_line})", source)
        player = obj.get("player")
        if player != CHANCE and (not isinstance(player, int) or isinstance(player, bool)):
            raise RecordError(
                line,
                f"field 'player' must be a seat number or {CHANCE!r}, got {json.dumps(player, ensure_ascii=False)}",
                source,
            )
        moves.append(
            Move(
                ply=_field(obj, "ply", (int,), line, source),
                player=None if player == CHANCE else player,
                action=_field(obj, "action", (int,), line, source),
                name=_field(obj, "name", (str,), line, source),
                line=line,
            )
        )
    return Record(
        game=_field(head, "game", (str,), head_line, source),
        params=_field(head, "params", (dict,), head_line, source),
        preset=_field(head, "preset", (str,), head_line, source, optional=True),
        game_version=_field(head, "game_version", (int,), head_line, source),
        seed=_field(head, "seed", (int,), head_line, source, optional=True),
        ludoteca_version=_field(head, "ludoteca", (str,), head_line, source),
        moves=tuple(moves),
        ending=ending,
        setup=_field(head, "setup", (str,), head_line, source, optional=True),
        returns=returns,
        scores=scores,
        players=players,
        source=source,
        result_line=result_line,
        ending_line=ending_line,
    )


# --------------------------------------------------------------------------------------------------
# Replay


def replay(record: Record) -> _core.State:
    """Re-applies every move of ``record``, checking each line; returns the final state.

    The state returned has the seed's chance stream when the record has a seed (so play can go on as
    it would have), and explicit chance otherwise (or when the record stops inside a run of chance
    events). Raises :class:`RecordError` on the first problem.
    """
    src = record.source

    def fail(line: int, reason: str) -> RecordError:
        return RecordError(line, reason, src)

    head = 1
    try:
        game = _core.load_game(record.game)
    except LudoError as e:
        raise fail(head, f"game {record.game!r}: {e}") from None
    info = _info(game)
    if record.game_version != info.version:
        raise fail(
            head,
            f"recorded with {info.short_name} rules version {record.game_version}, this ludoteca has version {info.version}",
        )
    if record.params != game.params:
        diff = sorted(
            k for k in set(record.params) | set(game.params) if record.params.get(k) != game.params.get(k)
        )
        raise fail(
            head, f"the header's params differ from those of {game.game_string()!r} in {', '.join(diff)}"
        )
    if record.preset != _preset(game):
        raise fail(head, f"the header's preset {record.preset!r} is not the game's ruleset {_preset(game)!r}")
    if record.players is not None and len(record.players) != game.num_players():
        raise fail(head, f"'players' names {len(record.players)} seats, the game has {game.num_players()}")
    if record.seed is not None and not 0 <= record.seed < 2**64:
        raise fail(head, f"the seed must be in 0..2**64-1, got {_short(record.seed)}")

    try:
        state = game.new_initial_state(explicit_chance=True, setup=record.setup)
        seeded = (
            game.new_initial_state(seed=record.seed, setup=record.setup) if record.seed is not None else None
        )
    except LudoError as e:
        raise fail(head, f"setup {_short(record.setup)}: {e}") from None
    dealt = seeded.history() if seeded is not None else []
    last_line = head
    for ply, move in enumerate(record.moves):
        line = move.line or ply + 2
        last_line = line
        if move.ply != ply:
            raise fail(line, f"ply {_short(move.ply)} out of order: expected ply {ply}")
        if state.is_terminal():
            raise fail(line, f"the game is over after ply {ply - 1}, but the record goes on")
        seat = state.current_player()
        if seat == _core.CHANCE and move.player is not None:
            raise fail(
                line, f"a chance event is due at ply {ply}, the record says seat {_short(move.player)}"
            )
        if seat != _core.CHANCE and move.player != seat:
            who = CHANCE if move.player is None else f"seat {_short(move.player)}"
            raise fail(line, f"seat {seat} is to move at ply {ply}, the record says {who}")
        if not 0 <= move.action < game.num_distinct_actions():
            raise fail(
                line,
                f"action id {_short(move.action)} does not exist: {game.name} has ids 0..{game.num_distinct_actions() - 1}",
            )
        name = state.action_to_string(move.action)
        if name != move.name:
            raise fail(line, f"action {move.action} is named {name!r}, the record says {move.name!r}")
        if seeded is not None and seat == _core.CHANCE:
            expected = dealt[ply] if ply < len(dealt) else None
            if expected != move.action:
                what = (
                    "no chance event"
                    if expected is None
                    else f"{state.action_to_string(expected)} (id {expected})"
                )
                raise fail(
                    line,
                    f"chance outcome {move.name} (id {move.action}) is not what seed {record.seed} deals here: {what}",
                )
        try:
            state.apply_action(move.action)
        except LudoError as e:
            raise fail(line, str(e)) from None  # the engine's message already names the action and its id
        if seeded is not None and seat != _core.CHANCE:
            seeded.apply_action(move.action)
            # Only the chance events the seed resolved after this move: copying the whole history
            # after every move would make replaying a long match quadratic.
            dealt.extend(seeded.history(len(dealt)))
    if record.ending is not None:
        ending_line = record.ending_line or last_line + 1
        last_line = ending_line
        try:
            state.apply_ending(record.ending)
            if seeded is not None and seeded.history() == state.history():
                seeded.apply_ending(record.ending)
        except LudoError as e:
            raise fail(ending_line, f"ending {record.ending!r}: {e}") from None
    if record.returns is not None:
        result_line = record.result_line or last_line + 1
        if not state.is_terminal():
            raise fail(result_line, "the record has a result but the game is not over")
        checks = (("returns", record.returns, state.returns()), ("scores", record.scores, state.scores()))
        for key, claimed, actual in checks:
            if claimed is not None and (
                len(claimed) != len(actual)
                or not all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(claimed, actual))
            ):
                raise fail(result_line, f"the recorded {key} {claimed} differ from the replayed {actual}")
    # The seeded state carries on as the recorded game would have, unless the record stops in the middle
    # of chance events that the seed has already resolved.
    if seeded is not None and seeded.history() == state.history():
        return seeded
    return state


__all__ = [
    "CHANCE",
    "FORMAT",
    "FORMAT_VERSION",
    "Move",
    "Record",
    "RecordError",
    "dump",
    "dumps",
    "from_state",
    "load",
    "loads",
    "replay",
]
