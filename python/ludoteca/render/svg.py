"""A tiny SVG writer: elements as strings, every text and attribute escaped, no dependencies."""

from __future__ import annotations

from functools import cache
from xml.sax.saxutils import escape

#: Fonts every browser and resvg resolve to something readable (card suits included).
FONT = "DejaVu Sans, Noto Sans, Segoe UI Symbol, Arial, sans-serif"


_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


@cache
def _name(key: str) -> str:
    """The attribute name of a keyword: ``class_`` is ``class``, ``data_x`` is ``data-x``."""
    return key.rstrip("_").replace("_", "-")


def _attrs(attrs: dict[str, object]) -> str:
    """``k="v"`` pairs (values escaped, floats to two decimals); None values are left out."""
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        if isinstance(value, float):
            text = f"{value:.2f}".rstrip("0").rstrip(".")
        else:
            text = str(value).translate(_ATTR_ESCAPES)
        parts.append(f'{_name(key)}="{text}"')
    return " ".join(parts)


class Svg:
    """An SVG document being built: ``add`` elements in paint order, ``str()`` gives the text."""

    def __init__(self, width: float, height: float, title: str = "") -> None:
        """A canvas of ``width`` × ``height`` user units; ``title`` becomes the accessible title."""
        self.width = width
        self.height = height
        self.title = title
        self.parts: list[str] = []

    def add(self, tag: str, text: str | None = None, /, **attrs: object) -> Svg:
        """Appends ``<tag attrs>text</tag>`` (self-closing without text); returns self."""
        a = _attrs(attrs)
        open_ = f"<{tag} {a}" if a else f"<{tag}"
        self.parts.append(f"{open_}/>" if text is None else f"{open_}>{escape(text)}</{tag}>")
        return self

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> Svg:
        """A rectangle."""
        return self.add("rect", x=float(x), y=float(y), width=float(w), height=float(h), **attrs)

    def circle(self, cx: float, cy: float, r: float, **attrs: object) -> Svg:
        """A circle."""
        return self.add("circle", cx=float(cx), cy=float(cy), r=float(r), **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> Svg:
        """A line segment."""
        return self.add("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), **attrs)

    def text(self, x: float, y: float, text: str, size: float = 14, **attrs: object) -> Svg:
        """Text anchored at (x, y) (``text_anchor`` defaults to the start; the font is the document's)."""
        return self.add("text", text, x=float(x), y=float(y), font_size=float(size), **attrs)

    def open(self, tag: str = "g", **attrs: object) -> Svg:
        """Opens a group (close it with ``close``)."""
        a = _attrs(attrs)
        self.parts.append(f"<{tag} {a}>" if a else f"<{tag}>")
        return self

    def close(self, tag: str = "g") -> Svg:
        """Closes the innermost open group."""
        self.parts.append(f"</{tag}>")
        return self

    def __str__(self) -> str:
        """The document (standalone SVG 1.1, UTF-8)."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}" height="{self.height:g}" '
            f'viewBox="0 0 {self.width:g} {self.height:g}" font-family="{FONT}">'
        )
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        return head + title + "".join(self.parts) + "</svg>"
