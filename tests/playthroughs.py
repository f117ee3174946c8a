"""Golden playthroughs: seeded games of every registered example, written as text files.

Each file under ``tests/data/playthroughs/`` holds, for one example game string and a few seeds, the
whole game: the seeded state's chance outcomes, and for every decision the player to move, the legal
actions, that player's observation string (and a checksum of
its observation tensor) and the action chosen (uniformly at random by
``random.Random(seed)``), then the final returns. The first decisions are written in full (60 for the
trick games, which also get two seeds; 20 for the others); later ones (long matches, Go, Xiangqi) only
as their actions, so the files stay small while the whole game, and so its returns, must still agree. ``tests/test_playthroughs.py`` regenerates each file and compares.

Regenerate after a deliberate rule change, in a commit that says why::

    python tests/playthroughs.py --write
"""

from __future__ import annotations

import argparse
import random
import re
import zlib
from pathlib import Path

import ludoteca

DATA = Path(__file__).parent / "data" / "playthroughs"
# The trick games (what the trick engine refactor must keep identical) get two seeds and longer detail.
TRICK_GAMES = ("briscola", "zole", "schafkopf", "solo", "calabrasella", "tetka")


def file_name(spec: str) -> str:
    """The file of one example game string: its characters outside [a-z0-9_=,] become dashes."""
    return re.sub(r"[^a-z0-9_=,]+", "-", spec.lower()).strip("-") + ".txt"


def examples() -> list[str]:
    """Every example game string of every registered game, in registry order."""
    return [ex for info in ludoteca.registered_games() for ex in info.examples]


def seeds(spec: str) -> tuple[int, ...]:
    """The seeds written for `spec`."""
    return (0, 1) if ludoteca.load_game(spec).name in TRICK_GAMES else (0,)


def detailed_steps(spec: str) -> int:
    """How many decisions of each game are written in full (the rest as actions only)."""
    return 60 if ludoteca.load_game(spec).name in TRICK_GAMES else 20


def playthrough(spec: str, seed: int) -> str:
    """The text of one seeded game of `spec`."""
    game = ludoteca.load_game(spec)
    detailed = detailed_steps(spec)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    lines = [f"game: {spec}", f"seed: {seed}", f"chance: {_ids(state.history())}"]
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        action = rng.choice(legal)
        name = state.action_to_string(action)
        before = len(state.history())
        if step < detailed:
            lines.append(f"step {step}: player {player}")
            lines.append(f"  legal: {_runs(legal)}")
            lines.extend("  | " + row for row in state.observation_string(player).splitlines())
            lines.append(f"  tensor crc32: {zlib.crc32(state.observation_tensor(player).tobytes()):08x}")
            lines.append(f"  action: {action} {name}")
        else:
            lines.append(f"step {step}: player {player} action {action} {name}")
        state.apply_action(action)
        chance = state.history()[before + 1 :]
        if chance:
            lines.append(f"  chance: {_ids(chance)}")
        step += 1
    lines.append(f"returns: {' '.join(repr(r) for r in state.returns())}")
    return "\n".join(lines) + "\n"


def render(spec: str) -> str:
    """The whole file of `spec`: one playthrough per seed."""
    return "\n".join(playthrough(spec, seed) for seed in seeds(spec))


def _ids(actions: list[int]) -> str:
    return " ".join(map(str, actions))


def _runs(actions: list[int]) -> str:
    """Sorted ids with consecutive runs written `a-b` (legal lists of board games are long)."""
    out: list[str] = []
    i = 0
    while i < len(actions):
        j = i
        while j + 1 < len(actions) and actions[j + 1] == actions[j] + 1:
            j += 1
        out.append(str(actions[i]) if j == i else f"{actions[i]}-{actions[j]}")
        i = j + 1
    return " ".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--write", action="store_true", help="rewrite the files under tests/data/playthroughs"
    )
    args = parser.parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    changed = 0
    for spec in examples():
        path = DATA / file_name(spec)
        text = render(spec)
        if not path.exists() or path.read_text() != text:
            changed += 1
            print(f"{'writing' if args.write else 'differs'}: {path.name}")
            if args.write:
                path.write_text(text)
    print(f"{changed} file(s) {'written' if args.write else 'differ'}")


if __name__ == "__main__":
    main()
