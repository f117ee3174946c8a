"""Type stubs for the compiled core (``ludoteca._core``), checked with ``mypy.stubtest``."""

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, final

import numpy as np
import numpy.typing as npt

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Deck",
    "Game",
    "GameInfo",
    "State",
    "VectorEnv",
    "__version__",
    "deserialize_state",
    "load_game",
    "registered_games",
    "simulate",
    "simulate_max_games",
]

__version__: str
CHANCE: int
TERMINAL: int

@final
class GameInfo:
    """Static description of a registered game."""

    @property
    def short_name(self) -> str:
        """Stable short name used in game strings."""
    @property
    def long_name(self) -> str:
        """Display name."""
    @property
    def version(self) -> int:
        """Rules/encoding version."""
    @property
    def rules(self) -> str:
        """The rules in brief."""
    @property
    def bots(self) -> list[str]:
        """Built-in bot names."""
    @property
    def examples(self) -> list[str]:
        """Game strings covering the game's variants."""
    @property
    def params(self) -> list[dict[str, Any]]:
        """Parameters: dicts with name, type, default, doc and choices or min/max."""
    @property
    def presets(self) -> dict[str, dict[str, str]]:
        """Named presets: {name: {param: value}}."""

@final
class Game:
    """A loaded game (rules and parameters fixed)."""

    @property
    def name(self) -> str:
        """The game's short name."""
    @property
    def params(self) -> dict[str, bool | int | float | str]:
        """Resolved parameters, defaults included."""
    def game_string(self) -> str:
        """The canonical game string, e.g. ``briscola(players=4)``."""
    def num_players(self) -> int:
        """Number of seats."""
    def num_distinct_actions(self) -> int:
        """Size of the action space (chance outcomes included)."""
    def max_chance_outcomes(self) -> int:
        """Exclusive bound on every chance outcome id (OpenSpiel's MaxChanceOutcomes)."""
    def max_game_length(self) -> int:
        """Upper bound on the number of actions in one game."""
    def observation_shape(self) -> list[int]:
        """Shape of ``State.observation_tensor``."""
    def utility(self) -> tuple[float, float, float | None] | None:
        """``(min, max, sum)`` of terminal returns from the scoring rules (sum None: general-sum)."""
    def observation_bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """``(low, high)`` arrays of ``observation_shape()`` bounding every observation element (inf where unbounded)."""
    def rules(self) -> str:
        """The rules as implemented, in brief."""
    def presets(self) -> dict[str, dict[str, str]]:
        """Named presets: {name: {param: value}}."""
    def bots(self) -> list[str]:
        """Names of the built-in bots."""
    def new_initial_state(
        self, seed: int | None = None, explicit_chance: bool = False, setup: str | None = None
    ) -> State:
        """A new game (from ``setup``, a ``State.setup()`` text, when given); chance is resolved from
        ``seed`` unless ``explicit_chance``."""
    def deserialize(self, text: str) -> State:
        """Rebuilds a state of this game from ``State.serialize()``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class State:
    """A game position (OpenSpiel's method names in snake_case)."""

    def __eq__(self, value: object, /) -> bool:
        """Same game at the same point: setup, history, ending, chance mode and stream."""
    __hash__: ClassVar[None]  # type: ignore[assignment]  # mutable, so not hashable

    def current_player(self) -> int:
        """Seat to act, CHANCE (-1) at chance nodes, TERMINAL (-4) when over."""
    def legal_actions(self) -> list[int]:
        """Legal action ids in ascending order."""
    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """Boolean mask over ``num_distinct_actions()``."""
    def apply_action(self, action: int | str) -> None:
        """Applies an action id or name; IllegalActionError names the rule broken."""
    def action_to_string(self, action: int) -> str:
        """Name of an action id (a pure function of the id)."""
    def string_to_action(self, text: str) -> int:
        """Parses an action name; ParseError if it names nothing."""
    def is_terminal(self) -> bool:
        """True when the game is over."""
    def setup(self) -> str | None:
        """The starting position when it is not the standard start (a FEN, an SGF setup), else None."""
    def ending(self) -> str | None:
        """How the game ended outside its actions (``"resign 1"`` in Go), or None."""
    def apply_ending(self, text: str) -> None:
        """Ends the game as an ``ending()`` text says; ParseError if the game has no such ending."""
    def is_chance_node(self) -> bool:
        """True at a chance node (only with explicit chance)."""
    def is_explicit_chance(self) -> bool:
        """Whether chance nodes are exposed to the caller."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(action, probability) pairs at a chance node."""
    def returns(self) -> list[float]:
        """Utility per seat."""
    def rewards(self) -> list[float]:
        """Reward per seat for the last transition."""
    def scores(self) -> list[float]:
        """Game-specific result numbers per seat."""
    def observation_string(self, player: int | None = None) -> str:
        """What ``player`` (default: the player to move) sees, as text."""
    def observation_tensor(self, player: int | None = None) -> npt.NDArray[np.float32]:
        """What ``player`` sees, float32 of ``Game.observation_shape()``."""
    def information_state_string(self, player: int | None = None) -> str:
        """Everything ``player`` has observed since the start, as text."""
    def history(self, start: int | None = None) -> list[int]:
        """Every action applied so far, chance included; from ply ``start`` (0..len) on when given.

        ``state.history(n)`` lists the actions since ply ``n`` without copying a long game's whole
        history, e.g. ``new = state.history(seen); seen += len(new)``.
        """
    def card_locations(self) -> dict[str, list[int]] | None:
        """Card games: every place a card can be, with its card ids; None otherwise."""
    def bot_action(self, bot: str = "random", seed: int | None = None) -> int:
        """The action a built-in bot picks here."""
    def resample_hidden(self, player: int, seed: int) -> State:
        """A state ``player`` cannot tell from this one, hidden chance outcomes redrawn (seeded)."""
    def get_game(self) -> Game:
        """The game this state belongs to."""
    def clone(self) -> State:
        """An independent copy (with its own copy of the chance stream)."""
    def serialize(self) -> str:
        """Text form: game string, chance mode, setup position, history and an ending outside the actions (a resignation)."""
    def to_svg(self, viewer: int | None = None) -> str:
        """An SVG picture of what seat ``viewer`` sees (None: everything); see ``ludoteca.render``."""
    def _repr_svg_(self) -> str:
        """Jupyter's picture: the omniscient ``to_svg()``."""
    def to_png(self, viewer: int | None = None, scale: float = 1.0) -> bytes:
        """``to_svg(viewer)`` as PNG bytes, ``scale`` times its size (``pip install 'ludoteca[png]'``)."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any, /) -> State: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class VectorEnv:
    """Many environments of one game stepped together (numpy in and out)."""

    def __new__(cls, game: Game | str, num_envs: int, seed: int = 0) -> VectorEnv: ...
    @property
    def num_envs(self) -> int:
        """Number of environments."""
    @property
    def game(self) -> Game:
        """The game."""
    def current_player(self) -> npt.NDArray[np.int32]:
        """Seat to act per environment (TERMINAL once over)."""
    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """Legal actions, (num_envs, num_distinct_actions)."""
    def terminated(self) -> npt.NDArray[np.bool_]:
        """Whether each environment's game is over."""
    def observe(self, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """Observations of the seat to move, (num_envs, *observation_shape); into ``out`` when given
        (writable C-contiguous float32 of that shape or (num_envs, prod(shape)), else ShapeError)."""
    def step(self, actions: npt.ArrayLike) -> npt.NDArray[np.float32]:
        """Applies one action per environment (a 1-D integer array of length num_envs, else
        ShapeError); returns rewards (num_envs, players)."""
    def reset(self, mask: npt.ArrayLike | None = None) -> None:
        """Restarts the environments where ``mask`` is True (all when None)."""
    def state(self, i: int) -> State:
        """A copy of environment ``i``'s state."""
    @staticmethod
    def max_envs(game: Game | str) -> int:
        """Most environments a VectorEnv of ``game`` may hold (masks and observations within 2 GiB)."""

def load_game(spec: str) -> Game:
    """Loads a game from a game string such as ``briscola(players=4)``."""

def registered_games() -> list[GameInfo]:
    """Every registered game."""

def deserialize_state(text: str) -> State:
    """Rebuilds a state from ``State.serialize()``."""

def simulate(
    game: Game | str,
    n_games: int,
    seed: int = 0,
    bots: Sequence[str] | None = None,
    threads: int | None = None,
    first_game: int = 0,
    progress: Callable[[int, int], object] | None = None,
) -> dict[str, npt.NDArray[Any]]:
    """Plays whole games in Rust; returns arrays ``returns``, ``scores``, ``lengths``.

    ``progress(done, total)`` is called several times a second; Ctrl-C raises ``KeyboardInterrupt``.
    """

def simulate_max_games(game: Game | str) -> int:
    """Most games one ``simulate`` call plays (results within 2 GiB); more in chunks with ``first_game``."""

@final
class Deck:
    """A deck: its cards in dense order (the index is the card's action id in card games)."""

    def __new__(cls, name: str) -> Deck: ...
    @staticmethod
    def names() -> list[str]:
        """Every deck name."""
    @property
    def name(self) -> str:
        """The deck's name."""
    def __len__(self) -> int: ...
    def card_names(self) -> list[str]:
        """Display names in dense order."""
    def parse(self, text: str) -> int:
        """The id of a card name; ParseError otherwise."""
    def name_of(self, card: int) -> str:
        """Display name of a card id."""
    def ascii_of(self, card: int) -> str:
        """ASCII name of a card id."""
    def suit_of(self, card: int) -> str:
        """Suit name of a card id."""
    def rank_of(self, card: int) -> int:
        """Rank code of a card id."""
    def suits(self) -> list[str]:
        """Suit names in suit order."""

# --- twenty_four ---
__all__ += [
    "twenty_four_board",
    "twenty_four_check",
    "twenty_four_count_solutions",
    "twenty_four_first_solution",
    "twenty_four_is_solvable",
    "twenty_four_solve",
    "twenty_four_solve_batch",
]

def twenty_four_solve(numbers: Sequence[int], target: int = 24, intermediate: str = "rational") -> list[str]:
    """Every distinct solution in canonical form."""

def twenty_four_is_solvable(numbers: Sequence[int], target: int = 24, intermediate: str = "rational") -> bool:
    """Whether the numbers can make the target."""

def twenty_four_count_solutions(
    numbers: Sequence[int], target: int = 24, intermediate: str = "rational"
) -> int:
    """Number of distinct solutions."""

def twenty_four_first_solution(
    numbers: Sequence[int], target: int = 24, intermediate: str = "rational"
) -> str | None:
    """One solution, or None."""

def twenty_four_check(
    expression: str, cards: Sequence[int], target: int = 24, intermediate: str = "rational"
) -> tuple[bool, str]:
    """``(True, canonical form)`` or ``(False, reason)``; ParseError when malformed."""

def twenty_four_solve_batch(
    numbers: Any, target: int = 24, intermediate: str = "rational", threads: int | None = None
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.uint32]]:
    """Solvable flags and distinct-solution counts for an (N, 4) integer array."""

def twenty_four_board(state: State) -> list[int]:
    """Centre card values of a Twenty-Four state, in centre order."""

# --- go ---
__all__ += [
    "go_board",
    "go_final_score",
    "go_from_diagram",
    "go_from_sgf",
    "go_resign",
    "go_result",
    "go_set_names",
    "go_to_sgf",
    "rengo_rotation_errors",
]

def go_to_sgf(state: State) -> str:
    """The SGF record of a Go or Rengo game."""

def go_from_sgf(text: str) -> State:
    """Reads an SGF record (main line) into a ``go`` state."""

def go_final_score(state: State) -> dict[str, Any]:
    """Both sides' totals and their parts."""

def go_result(state: State) -> str | None:
    """The SGF-style result, or None while the game runs."""

def go_resign(state: State, side: int) -> None:
    """Side ``side`` (0 Black, 1 White) resigns."""

def go_from_diagram(game: Game, diagram: str, to_move: int) -> State:
    """A position from an ASCII diagram."""

def go_set_names(state: State, black: str, white: str) -> None:
    """Player (Go) or team (Rengo) names for SGF."""

def go_board(state: State) -> list[list[int]]:
    """Rows of 0/1/2, bottom row first."""

def rengo_rotation_errors(state: State) -> list[tuple[int, int]]:
    """Out-of-sequence plays as (history index, seat)."""

# --- xiangqi ---
__all__ += [
    "jieqi_from_fen",
    "jieqi_perft",
    "jieqi_resample_hidden",
    "xiangqi_action_to_iccs",
    "xiangqi_action_to_wxf",
    "xiangqi_fen",
    "xiangqi_from_fen",
    "xiangqi_iccs_to_action",
    "xiangqi_iccs_to_wxf",
    "xiangqi_perft",
    "xiangqi_wxf_to_iccs",
]

def xiangqi_perft(depth: int, fen: str | None = None) -> int:
    """Leaf count `depth` plies deep from `fen` (start position by default); releases the GIL."""

def xiangqi_from_fen(fen: str, game: str = "xiangqi") -> State:
    """A xiangqi state from a FEN; InvalidPositionError for impossible positions."""

def jieqi_from_fen(
    fen: str, game: str = "jieqi", seed: int | None = None, explicit_chance: bool = False
) -> State:
    """A jieqi state from an extended FEN (X/x face down)."""

def xiangqi_fen(state: State) -> str:
    """The FEN of a xiangqi or jieqi state."""

def xiangqi_action_to_wxf(state: State, action: int) -> str:
    """WXF name of a legal action."""

def xiangqi_wxf_to_iccs(state: State, wxf: str) -> str:
    """ICCS of a legal WXF move."""

def xiangqi_iccs_to_wxf(state: State, iccs_text: str) -> str:
    """WXF of a legal ICCS move."""

def xiangqi_action_to_iccs(action: int) -> str:
    """ICCS name of a move id."""

def xiangqi_iccs_to_action(text: str) -> int:
    """Move id of an ICCS text."""

def jieqi_resample_hidden(state: State, player: int, seed: int) -> State:
    """A determinization of a jieqi state for `player` (no chance nodes)."""

def jieqi_perft(state: State, depth: int) -> int:
    """Leaf count of a jieqi state (fixed identities needed once face-down pieces move)."""

# --- skelly ---
__all__ += [
    "skelly_apply_outcome",
    "skelly_caps",
    "skelly_court_text",
    "skelly_from_position",
    "skelly_geometry",
    "skelly_locate",
    "skelly_position",
    "skelly_shoot",
    "skelly_simulate_batch",
    "skelly_simulate_shot",
]

def skelly_apply_outcome(
    state: State, positions: Sequence[tuple[int, tuple[float, float]]], contacts: Sequence[int]
) -> Any:
    """Scores a hand-entered shot by the player to move; a report dict."""

def skelly_shoot(state: State, angle: float, speed: float) -> Any:
    """An exact continuous shot (radians, m/s); a report dict."""

def skelly_simulate_shot(state: State, angle: float, speed: float) -> dict[str, Any]:
    """Simulates a shot without playing it: positions, contacts and the event trace."""

def skelly_caps(state: State) -> Any:
    """Every cap's position, stage, trapped and alive flags, rank."""

def skelly_position(state: State) -> str:
    """The position as one line of text."""

def skelly_court_text(state: State) -> str:
    """The court as text."""

def skelly_from_position(
    game: Game, text: str, seed: int | None = None, explicit_chance: bool = False
) -> State:
    """A state at a position text."""

def skelly_locate(game: Game, x: float, y: float) -> dict[str, Any]:
    """Boxes, dead box and quadrant of a resting cap centre."""

def skelly_geometry(game: Game) -> dict[str, Any]:
    """The court's boxes, skull, start point, cap radius and line width."""

def skelly_simulate_batch(
    state: State, angles: npt.NDArray[np.float64], speeds: npt.NDArray[np.float64]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int32]]:
    """Many shots from one position: the shooter's final (x, y) per shot and the first seat touched."""

# --- poker ---
__all__ += [
    "poker_high_categories",
    "poker_high_category",
    "poker_high_name",
    "poker_high_rank",
    "poker_high_rank_batch",
    "poker_low_name",
    "poker_low_rank",
    "poker_low_rank_batch",
    "razz_info",
    "razz_phh",
]

def poker_high_rank(
    cards: str | Sequence[int | str],
    deck: int = 52,
    ace_low_straight: bool = True,
    flush_rank: str = "standard",
) -> int:
    """Rank of a high hand of 5 to 7 cards (higher is better)."""

def poker_low_rank(cards: str | Sequence[int | str]) -> int:
    """Ace-to-five low rank of 1 to 7 cards (lower is better)."""

def poker_high_name(rank: int) -> str:
    """Readable name of a high-hand rank."""

def poker_high_category(rank: int) -> str:
    """Category name of a high-hand rank."""

def poker_low_name(rank: int) -> str:
    """Readable name of a low rank."""

def poker_high_categories() -> list[str]:
    """High-hand category names, weakest first."""

def poker_high_rank_batch(
    cards: Any,
    deck: int = 52,
    ace_low_straight: bool = True,
    flush_rank: str = "standard",
    threads: int | None = None,
) -> npt.NDArray[np.uint32]:
    """High ranks of an (N, k) card-id array or an (N,) uint64 mask array."""

def poker_low_rank_batch(cards: Any, threads: int | None = None) -> npt.NDArray[np.uint32]:
    """Low ranks of an (N, k) card-id array or an (N,) uint64 mask array."""

def razz_phh(state: State) -> list[str]:
    """Every hand of a Razz state's history as a PHH document."""

def razz_info(state: State) -> dict[str, Any]:
    """The table of a Razz state, omniscient: street, dealer, pot, chips, cards, legal move amounts."""

# --- reversis ---
__all__ += ["reversis_chips", "reversis_payments", "reversis_pots"]

def reversis_payments(state: State) -> list[tuple[str, str, int, str]]:
    """Every chip movement of the current Reversis hand, in order: (payer, payee, chips, rule)."""

def reversis_chips(state: State) -> list[int]:
    """Each Reversis seat's chips now (starting stack plus winnings; may be negative)."""

def reversis_pots(state: State) -> tuple[list[int], bool]:
    """The Reversis pots, oldest first, and whether the next remise doubles the most recent one."""
