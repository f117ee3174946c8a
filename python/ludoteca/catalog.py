"""The game catalogue as Markdown, generated from the registry (the README's table is checked against it).

Regenerate the README table with ``python -m ludoteca.catalog``.
"""

from __future__ import annotations

from ludoteca import _core


def games_markdown() -> str:
    """A Markdown table of every registered game: name, title, variants (game strings) and bots."""
    lines = ["| game | name | variants (game strings) | bots |", "|---|---|---|---|"]
    for info in _core.registered_games():
        variants = ", ".join(f"`{e}`" for e in info.examples)
        lines.append(f"| `{info.short_name}` | {info.long_name} | {variants} | {', '.join(info.bots)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(games_markdown())
