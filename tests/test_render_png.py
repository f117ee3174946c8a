"""PNG pictures (resvg through ``resvg-py``) and PettingZoo's ``rgb_array`` mode."""

from __future__ import annotations

import struct
import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import ludoteca
from ludoteca import InvalidParameterError


def _size(png: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert png[12:16] == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


def _svg_size(svg: str) -> tuple[int, int]:
    root = ET.fromstring(svg)
    return int(float(root.attrib["width"])), int(float(root.attrib["height"]))


def test_png_has_the_pictures_size_times_the_scale() -> None:
    pytest.importorskip("resvg_py")
    state = ludoteca.load_game("go(board_size=9)").new_initial_state(seed=1)
    width, height = _svg_size(state.to_svg())
    assert width == 376  # 9 lines, 36 apart, 44 of margin on each side
    assert _size(state.to_png()) == (width, height)
    assert _size(state.to_png(viewer=1, scale=2)) == (2 * width, 2 * height)


def test_rgb_array_is_the_picture_as_pixels() -> None:
    """The board's wood colour in a corner, a black stone where Black played (pixels, not markup)."""
    pytest.importorskip("resvg_py")
    pytest.importorskip("PIL")
    lpz = pytest.importorskip("ludoteca.adapters.pettingzoo")
    env = lpz.raw_env("go(board_size=9)", render_mode="rgb_array")
    env.reset(seed=2)
    env.step(env.state.string_to_action("E5"))
    image = env.render()
    assert isinstance(image, np.ndarray) and image.dtype == np.uint8
    width, height = _svg_size(env.state.to_svg())
    assert image.shape == (height, width, 3)
    assert tuple(image[2, 2]) == (0xDC, 0xB3, 0x5C)
    # E5 is the centre point: 44 + 4 * 36 = 188 units from the top left in both directions.
    assert tuple(image[188 - 8, 188 - 8]) == (0x11, 0x11, 0x11)
    assert tuple(image[188 - 8, 188 - 8 + 36]) != (0x11, 0x11, 0x11)


def test_a_bad_scale_is_refused() -> None:
    state = ludoteca.load_game("briscola").new_initial_state(seed=1)
    for scale in (0, -1, 100, float("nan")):
        with pytest.raises(InvalidParameterError, match="scale"):
            state.to_png(scale=scale)


def test_without_the_extra_the_message_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # import fails as if it were not installed
    state = ludoteca.load_game("briscola").new_initial_state(seed=1)
    with pytest.raises(ImportError, match=r"pip install 'ludoteca\[png\]'"):
        state.to_png()
