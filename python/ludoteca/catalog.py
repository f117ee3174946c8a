"""The game catalogue as Markdown, generated from the registry (the README's table is checked against it).

Print it with ``python -m ludoteca.catalog``; rewrite the README's table with
``python -m ludoteca.catalog --write README.md``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ludoteca import _core

START, END = "<!-- games:", "<!-- /games -->"


def games_markdown() -> str:
    """A Markdown table of every registered game: name, title, variants (game strings) and bots."""
    lines = ["| game | name | variants (game strings) | bots |", "|---|---|---|---|"]
    for info in _core.registered_games():
        variants = ", ".join(f"`{e}`" for e in info.examples)
        lines.append(f"| `{info.short_name}` | {info.long_name} | {variants} | {', '.join(info.bots)} |")
    return "\n".join(lines)


def readme_table(text: str) -> str:
    """The table currently between the README's markers."""
    return text.split(START)[1].split("-->", 1)[1].split(END)[0].strip()


def write_readme(path: Path) -> None:
    """Replaces the table between the markers of `path` with the registry's."""
    text = path.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    marker, _ = rest.split("-->", 1)
    tail = rest.split(END, 1)[1]
    path.write_text(f"{head}{START}{marker}-->\n{games_markdown()}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        write_readme(Path(sys.argv[2]))
    else:
        print(games_markdown())
