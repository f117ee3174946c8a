"""PNG from the SVG pictures, through resvg (the ``resvg-py`` binding of the resvg renderer) and, for
numpy arrays, Pillow: ``pip install 'ludoteca[png]'``."""

from __future__ import annotations

import importlib
import io
from typing import Any

import numpy as np
import numpy.typing as npt

_MISSING = "PNG pictures need the optional renderer: pip install 'ludoteca[png]' (resvg-py and Pillow)"


def _need(module: str) -> Any:
    """Imports an optional dependency, or explains how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(f"{_MISSING}; {module!r} is missing") from e


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """PNG bytes of an SVG document, ``scale`` times its size (0 < scale <= 8)."""
    from ludoteca.errors import InvalidParameterError

    if not isinstance(scale, (int, float)) or not 0 < scale <= 8:
        raise InvalidParameterError(f"invalid parameter 'scale': must be in (0, 8], got {scale!r}")
    resvg = _need("resvg_py")
    return bytes(resvg.svg_to_bytes(svg_string=svg, zoom=float(scale), background="#ffffff"))


def png_to_array(png: bytes) -> npt.NDArray[np.uint8]:
    """An H×W×3 uint8 RGB array of PNG bytes."""
    image = _need("PIL.Image")
    with image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("RGB"), dtype=np.uint8)
