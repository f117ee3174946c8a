"""The games being played on the web page, without any web framework: a :class:`Table` is one game with
one person's seat and bots in the others; :class:`Tables` holds many, each behind its own lock.

Everything a table sends is built for the person's seat only: the picture is ``state.to_svg(seat)``, the
legal actions are listed only on the person's turn, and the move list names another seat's action only
when the person can see it, else it says ``?`` (a buried card, a sealed claim). Seen means: in a game of
the trick engine, a card action (a card played to the trick, face up; the engine's own information
state names these for everyone); otherwise, the action's name occurs more often in the person's
information state after the action than before (a stone, a piece moved, a claim revealed). The game
record, which names every card dealt, is available once the game is over.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import ludoteca
from ludoteca import Game, LudoError, State
from ludoteca import record as records
from ludoteca.render import renderer_for

#: Longest game string, action text and bot name accepted from a client.
MAX_TEXT = 300
#: Tables kept at once; beyond it the least recently used table is dropped.
MAX_TABLES = 2000


class WebError(Exception):
    """A request the server refuses: ``status`` (HTTP), ``kind`` (a short name) and a message for people."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message


def bad_request(message: str) -> WebError:
    """A 400 error about malformed input."""
    return WebError(400, "BadRequest", message)


def _text(value: object, what: str) -> str:
    """``value`` as a bounded string, or a 400 error naming ``what``."""
    if not isinstance(value, str):
        raise bad_request(f"{what} must be a string, got {type(value).__name__}")
    if len(value) > MAX_TEXT:
        raise bad_request(f"{what} is longer than {MAX_TEXT} characters")
    return value


def _int(value: object, what: str, low: int, high: int) -> int:
    """``value`` as an int in ``low..high``, or a 400 error naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad_request(f"{what} must be an integer, got {value!r}")
    if not low <= value <= high:
        raise bad_request(f"{what} must be in {low}..{high}, got {value}")
    return value


def _mentions(text: str, name: str) -> int:
    """How many times ``name`` occurs in ``text`` as whole words."""
    padded = " " + " ".join(text.replace("[", " ").replace("]", " ").replace(",", " ").split()) + " "
    return padded.count(f" {name} ")


@dataclass
class Table:
    """One game: the person at ``seat``, a bot in every other seat."""

    id: str
    game: Game
    seat: int
    bots: dict[int, str]
    seed: int
    state: State
    version: int = 0
    """Counts every change (a move, an undo): a move sent for an older version is stale."""
    moves: list[dict[str, Any]] = field(default_factory=list)
    """The move list as the person sees it: ``{"seat", "text"}`` per decision."""
    undo_stack: list[tuple[State, int]] = field(default_factory=list)
    """Before each of the person's moves: the state and the move list's length."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    touched: float = field(default_factory=time.monotonic)
    card_actions: int = 0
    """In a game of the trick engine the deck's size (action ids below it are cards played face up), else 0."""

    def __post_init__(self) -> None:
        from ludoteca._core import Deck
        from ludoteca.render.cards import CardTableRenderer

        if isinstance(renderer_for(self.game.name, self.state), CardTableRenderer):
            self.card_actions = len(Deck(str(self.state).split(" · ", 1)[0]))

    def view(self, with_svg: bool = True) -> dict[str, Any]:
        """What the page shows: the person's picture, their legal actions on their turn, the move list,
        and the result once the game is over."""
        state = self.state
        to_move = state.current_player()
        yours = to_move == self.seat
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.game.game_string(),
            "seat": self.seat,
            "bots": {str(s): b for s, b in self.bots.items()},
            "version": self.version,
            "to_move": to_move,
            "your_turn": yours,
            "terminal": state.is_terminal(),
            "legal": [{"id": a, "name": state.action_to_string(a)} for a in state.legal_actions()]
            if yours
            else [],
            "moves": self.moves,
            "can_undo": bool(self.undo_stack),
        }
        if with_svg:
            out["svg"] = state.to_svg(self.seat)
        if state.is_terminal():
            out["result"] = {"returns": state.returns(), "scores": state.scores()}
            if self.game.name in ("go", "rengo"):
                out["result"]["text"] = ludoteca._core.go_result(state)
        return out

    def _apply(self, action: int) -> None:
        """Applies a legal decision and writes its move-list entry as the person can see it."""
        state = self.state
        actor = state.current_player()
        name = state.action_to_string(action)
        before = _mentions(state.information_state_string(self.seat), name)
        state.apply_action(action)
        seen = (
            actor == self.seat
            or action < self.card_actions
            or _mentions(state.information_state_string(self.seat), name) > before
        )
        self.moves.append({"seat": actor, "text": name if seen else "?"})

    def _play_bots(self) -> None:
        """Lets the bots move until it is the person's turn or the game is over (bounded by the game's
        maximum length)."""
        for _ in range(self.game.max_game_length() + 1):
            state = self.state
            to_move = state.current_player()
            if state.is_terminal() or to_move == self.seat or to_move < 0:
                return
            bot_seed = (self.seed * 1_000_003 + len(state.history())) % 2**64
            self._apply(state.bot_action(self.bots[to_move], seed=bot_seed))

    def play(self, action: object, version: object) -> dict[str, Any]:
        """The person's move (an action id or name) at ``version``, then the bots' replies."""
        with self.lock:
            self.touched = time.monotonic()
            if version is not None and version != self.version:
                raise WebError(
                    409, "StaleMove", f"stale move: the game is at version {self.version}, not {version!r}"
                )
            state = self.state
            if state.is_terminal():
                raise WebError(409, "GameOverError", "the game is over")
            if state.current_player() != self.seat:
                raise WebError(409, "NotYourTurn", f"it is seat {state.current_player()}'s turn")
            if isinstance(action, str):
                action_id = state.string_to_action(_text(action, "action"))
            else:
                action_id = _int(action, "action", 0, self.game.num_distinct_actions() - 1)
            before = state.clone()
            # An illegal action raises IllegalActionError naming the rule broken, and the engine leaves
            # the state as it was.
            self._apply(action_id)
            self.undo_stack.append((before, len(self.moves) - 1))
            self._play_bots()
            self.version += 1
            return self.view()

    def undo(self) -> dict[str, Any]:
        """Takes back the person's last move and the bots' replies to it."""
        with self.lock:
            self.touched = time.monotonic()
            if not self.undo_stack:
                raise WebError(409, "NothingToUndo", "there is no move of yours to take back")
            self.state, length = self.undo_stack.pop()
            del self.moves[length:]
            self.version += 1
            return self.view()

    def record(self) -> tuple[str, str]:
        """``(media type, text)`` of the finished game: SGF for Go and Rengo, else a ludoteca record."""
        with self.lock:
            if not self.state.is_terminal():
                raise WebError(
                    409,
                    "GameNotOver",
                    "the record names every card dealt: it is available once the game is over",
                )
            if self.game.name in ("go", "rengo"):
                return "application/x-go-sgf", ludoteca._core.go_to_sgf(self.state)
            names = ["you" if s == self.seat else self.bots[s] for s in range(self.game.num_players())]
            return "application/x-ndjson", records.dumps(self.state, seed=self.seed, players=names)


class Tables:
    """Every table of the server, by id."""

    def __init__(self, max_tables: int = MAX_TABLES) -> None:
        """An empty room holding at most ``max_tables`` tables."""
        self.max_tables = max_tables
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """Number of tables."""
        return len(self._tables)

    def open(self, body: object) -> Table:
        """A new table from a request ``{"game", "seat", "bots", "seed"}`` (bots: one name or one per
        other seat, default ``random``; seed: default random), with the bots' opening moves played."""
        if not isinstance(body, dict):
            raise bad_request("the request body must be a JSON object")
        unknown = set(body) - {"game", "seat", "bots", "seed"}
        if unknown:
            raise bad_request(f"unknown field(s): {', '.join(sorted(unknown))}")
        game = ludoteca.load_game(_text(body.get("game", ""), "game"))
        n = game.num_players()
        seat = _int(body.get("seat", 0), "seat", 0, n - 1)
        raw = body.get("bots", "random")
        names = [_text(raw, "bots")] if isinstance(raw, str) else raw
        if not isinstance(names, list) or not names:
            raise bad_request("bots must be a bot name or a list of them")
        names = [_text(b, "bot") for b in names]
        others = [s for s in range(n) if s != seat]
        if len(names) == 1:
            names = names * len(others)
        if len(names) != len(others):
            raise bad_request(f"bots: give one bot or {len(others)} (one per other seat), got {len(names)}")
        for b in names:
            if b not in game.bots():
                raise bad_request(f"unknown bot {b!r}: {game.name} has {', '.join(game.bots())}")
        seed = body.get("seed")
        seed = secrets.randbits(63) if seed is None else _int(seed, "seed", 0, 2**63 - 1)
        table = Table(
            secrets.token_urlsafe(12),
            game,
            seat,
            dict(zip(others, names)),
            seed,
            game.new_initial_state(seed=seed),
        )
        table._play_bots()
        with self._lock:
            while len(self._tables) >= self.max_tables:
                oldest = min(self._tables.values(), key=lambda t: t.touched)
                del self._tables[oldest.id]
            self._tables[table.id] = table
        return table

    def get(self, table_id: str) -> Table:
        """The table with this id, or a 404 error."""
        table = self._tables.get(table_id)
        if table is None:
            raise WebError(404, "UnknownTable", f"no table {table_id[:40]!r} (it may have been closed)")
        return table


def games_catalog() -> list[dict[str, Any]]:
    """Every registered game with its variants (example game strings), bots and seat count."""
    out = []
    for info in ludoteca.registered_games():
        game = ludoteca.load_game(info.examples[0] if info.examples else info.short_name)
        out.append(
            {
                "name": info.short_name,
                "long_name": info.long_name,
                "variants": list(info.examples),
                "presets": list(info.presets),
                "bots": list(info.bots),
                "players": game.num_players(),
            }
        )
    return out


def error_body(error: Exception) -> tuple[int, dict[str, str]]:
    """HTTP status and JSON body of an error: WebError as it says, the engine's errors as 400 with
    their class name (ParseError, IllegalActionError ...) and message."""
    if isinstance(error, WebError):
        return error.status, {"error": error.message, "kind": error.kind}
    if isinstance(error, LudoError):
        return 400, {"error": str(error), "kind": type(error).__name__}
    raise error
