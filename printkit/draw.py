"""Drawing primitives: what layout hands to renderers, every length in millimetres.

Takes: nothing; looks and imposition build these.
Returns: frozen shapes (`Rect`, `Circle`, `Path`, `Text`, `Line`, `Image`) positioned in the
coordinates of the box they belong to, origin bottom-left, y up (as in PDF). Colours are
'#rrggbb' strings or None for "no fill" / "no stroke".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Colour = str | None
PathOp = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    fill: Colour = None
    stroke: Colour = None
    line_width: float = 0.3
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: Colour = None
    stroke: Colour = None
    line_width: float = 0.3


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Colour = "#000000"
    line_width: float = 0.2
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Path:
    ops: tuple[PathOp, ...]
    fill: Colour = None
    stroke: Colour = None
    line_width: float = 0.3


@dataclass(frozen=True)
class Text:
    """One line of text; y is the baseline."""

    x: float
    y: float
    text: str
    font: str
    size: float  # points, as typographers say
    color: str = "#000000"
    align: Literal["left", "center", "right"] = "left"


@dataclass(frozen=True)
class Image:
    path: str
    x: float
    y: float
    width: float
    height: float


Shape = Rect | Circle | Line | Path | Text | Image


def moved(ops: tuple[PathOp, ...], scale: float, dx: float, dy: float) -> tuple[PathOp, ...]:
    """Path ops drawn in a unit box, scaled and moved into place."""
    result = []
    for op in ops:
        coords = op[1:]
        result.append((op[0], *(c * scale + (dx if i % 2 == 0 else dy) for i, c in enumerate(coords))))
    return tuple(result)
