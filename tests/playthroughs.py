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

Each game's files are tied to its rules version (``GameInfo.version``) by ``versions.json``: a digest of
the game's files and the version they were written under. ``--write`` refuses to change a game's files
while its version is the one recorded (bump the version in the game's ``GameInfo`` first), so results of
two ludoteca releases with the same rules version of a game are comparable; ``tests/test_playthroughs.py``
fails when the files and the record disagree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
import zlib
from pathlib import Path

import ludoteca

DATA = Path(__file__).parent / "data" / "playthroughs"
VERSIONS = DATA / "versions.json"
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


def versions() -> dict[str, int]:
    """Every registered game's rules version, by short name."""
    return {info.short_name: info.version for info in ludoteca.registered_games()}


def game_of(spec: str) -> str:
    """The short name of the game an example string loads."""
    return ludoteca.load_game(spec).name


def digest(texts: dict[str, str]) -> str:
    """A digest of one game's golden files (file name -> text), independent of their order."""
    h = hashlib.sha256()
    for name in sorted(texts):
        h.update(name.encode() + b"\0" + texts[name].encode() + b"\0")
    return h.hexdigest()


def recorded() -> dict[str, dict[str, object]]:
    """The version record: {game: {"version": N, "digest": hex}}."""
    return json.loads(VERSIONS.read_text()) if VERSIONS.exists() else {}


def by_game(texts: dict[str, str]) -> dict[str, dict[str, str]]:
    """Golden texts (example string -> text) grouped by game, keyed by file name."""
    out: dict[str, dict[str, str]] = {}
    for spec, text in texts.items():
        out.setdefault(game_of(spec), {})[file_name(spec)] = text
    return out


def version_problems(texts: dict[str, str]) -> list[str]:
    """Games whose golden texts differ from the record while their rules version did not change."""
    record = recorded()
    problems = []
    for game, files in sorted(by_game(texts).items()):
        entry = record.get(game)
        version = versions()[game]
        if entry and entry["version"] == version and entry["digest"] != digest(files):
            problems.append(
                f"{game}: its golden playthroughs change but its rules version is still {version}; "
                "bump the version in the game's GameInfo (a change of behaviour makes old results "
                "incomparable) and write again"
            )
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--write", action="store_true", help="rewrite the files under tests/data/playthroughs"
    )
    args = parser.parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    texts = {spec: render(spec) for spec in examples()}
    problems = version_problems(texts)
    if args.write and problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)
    changed = 0
    for spec, text in texts.items():
        path = DATA / file_name(spec)
        if not path.exists() or path.read_text() != text:
            changed += 1
            print(f"{'writing' if args.write else 'differs'}: {path.name}")
            if args.write:
                path.write_text(text)
    if args.write:
        record = {
            game: {"version": versions()[game], "digest": digest(files)}
            for game, files in sorted(by_game(texts).items())
        }
        VERSIONS.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"{changed} file(s) {'written' if args.write else 'differ'}")


if __name__ == "__main__":
    main()
