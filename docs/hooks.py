"""mkdocs hooks: one page per registered game, generated from the registry at build time, so a game
cannot be registered without being documented. Each page has the rules as implemented, a picture of a
position (``State.to_svg``), the variants, parameters and presets, the action names and an example game.
"""

from __future__ import annotations

import html
from typing import Any

from mkdocs.structure.files import File, Files

import ludoteca

#: Moves played before the page's picture, and the seed of the example game.
PICTURE_MOVES = 9
SEED = 7


def _games() -> list[ludoteca.GameInfo]:
    return list(ludoteca.registered_games())


def on_config(config: Any) -> Any:
    """Adds the generated game pages to the navigation, after the hand-written pages."""
    games = [{info.long_name: f"games/{info.short_name}.md"} for info in _games()]
    nav = config["nav"] or []
    for entry in nav:
        if isinstance(entry, dict) and "Games" in entry:
            entry["Games"] = ["games/index.md", *games]
    return config


def _cell(value: object) -> str:
    return html.escape(str(value)).replace("|", "\\|").replace("\n", " ")


def _param_rows(info: ludoteca.GameInfo) -> str:
    rows = ["| parameter | type | default | values | meaning |", "|---|---|---|---|---|"]
    for p in info.params:
        if "choices" in p:
            values = ", ".join(f"`{c}`" for c in p["choices"])
        elif "min" in p or "max" in p:
            values = f"{p.get('min', '')}..{p.get('max', '')}"
        else:
            values = ""
        rows.append(
            f"| `{p['name']}` | {p['type']} | `{p['default']}` | {values} | {_cell(p.get('doc', ''))} |"
        )
    return "\n".join(rows)


def _example_game(game: ludoteca.Game) -> tuple[ludoteca.State, list[str]]:
    """A seeded game between the first built-in bots: the state after it and its decisions."""
    state = game.new_initial_state(seed=SEED)
    bot = game.bots()[-1]
    lines = []
    for k in range(min(game.max_game_length(), 2000)):
        if state.is_terminal():
            break
        seat = state.current_player()
        action = state.bot_action(bot, seed=SEED + k)
        lines.append(f"seat {seat}: {state.action_to_string(action)}")
        state.apply_action(action)
    return state, lines


def game_page(info: ludoteca.GameInfo) -> tuple[str, str]:
    """The Markdown page and the SVG picture of one game."""
    game = ludoteca.load_game(info.examples[0] if info.examples else info.short_name)
    picture = game.new_initial_state(seed=SEED)
    for k in range(PICTURE_MOVES):
        if picture.is_terminal():
            break
        picture.apply_action(picture.bot_action("random", seed=k))
    start = game.new_initial_state(seed=SEED)
    names = [start.action_to_string(a) for a in start.legal_actions()[:24]]
    final, moves = _example_game(game)
    shown = moves if len(moves) <= 60 else [*moves[:50], f"... ({len(moves) - 60} more)", *moves[-10:]]
    presets = "\n".join(
        f"- `{name}`: " + ", ".join(f"`{k}={v}`" for k, v in values.items())
        for name, values in info.presets.items()
    )
    variants = "\n".join(f"- `{v}`" for v in info.examples)
    page = f"""# {info.long_name}

`{info.short_name}` · {game.num_players()} players in `{game.game_string()}` · built-in bots: {", ".join(f"`{b}`" for b in info.bots)}

![A position of {html.escape(info.long_name)} after {PICTURE_MOVES} random moves]({info.short_name}.svg)

## Rules as implemented

{info.rules}

## Variants

Each line is a game string for `ludoteca.load_game`, `ludoteca play` or the web page:

{variants}

## Parameters

{_param_rows(info)}

## Presets

{presets or "This game has no presets."}

## Actions

Action names are a function of the action id; `State.string_to_action` also reads the usual spellings.
The first legal actions of `{game.game_string()}` (seed {SEED}): {", ".join(f"`{n}`" for n in names)}.

## An example game

`{game.game_string()}`, seed {SEED}, every seat played by the `{game.bots()[-1]}` bot:

```text
{chr(10).join(shown)}
```

Returns {final.returns()}, scores {final.scores()}.
"""
    return page, picture.to_svg()


def games_index() -> str:
    rows = ["| game | name | players (first variant) | variants |", "|---|---|---|---|"]
    for info in _games():
        game = ludoteca.load_game(info.examples[0] if info.examples else info.short_name)
        rows.append(
            f"| [`{info.short_name}`]({info.short_name}.md) | {info.long_name} | {game.num_players()} | {len(info.examples)} |"
        )
    return (
        "# Games\n\nEvery registered game, with its page generated from the registry.\n\n"
        + "\n".join(rows)
        + "\n"
    )


def on_files(files: Files, config: Any) -> Files:
    """Adds ``games/index.md`` and, per game, ``games/<name>.md`` and ``games/<name>.svg``."""
    files.append(File.generated(config, "games/index.md", content=games_index()))
    for info in _games():
        page, svg = game_page(info)
        files.append(File.generated(config, f"games/{info.short_name}.md", content=page))
        files.append(File.generated(config, f"games/{info.short_name}.svg", content=svg))
    return files
