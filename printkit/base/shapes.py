"""Drawing primitives: what layout hands to renderers, every length in millimetres.

Takes: nothing; looks and imposition build these.
Returns: shapes (`Rect`, `Circle`, `Path`, `Text`, `Line`, `Image`, `Vector`; records, frozen to the
type checker: printkit.base.records) positioned in the coordinates of the box they belong to, origin
bottom-left, y up (as in PDF). Colours are '#rrggbb' strings or None for "no fill" / "no stroke".
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Literal

from printkit.base.records import record

Colour = str | None
PathOp = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


@record
class Rect:
    x: float
    y: float
    width: float
    height: float
    fill: Colour = None
    stroke: Colour = None
    line_width: float = 0.3
    radius: float = 0.0


@record
class Circle:
    cx: float
    cy: float
    r: float
    fill: Colour = None
    stroke: Colour = None
    line_width: float = 0.3


@record
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Colour = "#000000"
    line_width: float = 0.2
    dash: tuple[float, ...] = ()


@record
class Path:
    ops: tuple[PathOp, ...]
    fill: Colour = None
    stroke: Colour = None
    line_width: float = 0.3


@record
class Text:
    """One line of text; y is the baseline."""

    x: float
    y: float
    text: str
    font: str
    size: float  # points, as typographers say
    color: str = "#000000"
    align: Literal["left", "center", "right"] = "left"
    angle: float = 0.0  # degrees counter-clockwise around (x, y)
    direction: Literal["ltr", "rtl"] = "ltr"  # rtl: text in reading order, shaped and drawn right to left


@record
class Image:
    path: str
    x: float
    y: float
    width: float
    height: float


@record
class Vector:
    """An SVG file of the pack (art, or an icon of its own) drawn as vectors, fitted into the box with
    its proportions kept and centred, turned angle degrees counter-clockwise about the box's centre.
    colour: what an icon is painted in where the file paints in one colour or in currentColor
    (content.svg_drawing); None: as the file paints it."""

    path: str
    x: float
    y: float
    width: float
    height: float
    colour: Colour = None
    angle: float = 0.0


Shape = Rect | Circle | Line | Path | Text | Image | Vector
Area = Rect | Circle | Path  # a closed shape: what a face fills and is clipped to


def moved(ops: tuple[PathOp, ...], scale: float, dx: float, dy: float) -> tuple[PathOp, ...]:
    """Path ops drawn in a unit box, scaled and moved into place."""
    result = []
    for op in ops:
        coords = op[1:]
        result.append((op[0], *(c * scale + (dx if i % 2 == 0 else dy) for i, c in enumerate(coords))))
    return tuple(result)


def shifted(shapes: list[Shape], dx: float, dy: float) -> list[Shape]:
    """Shapes moved by (dx, dy)."""
    result: list[Shape] = []
    for shape in shapes:
        if isinstance(shape, Text | Rect | Image | Vector):
            result.append(replace(shape, x=shape.x + dx, y=shape.y + dy))
        elif isinstance(shape, Line):
            result.append(replace(shape, x1=shape.x1 + dx, y1=shape.y1 + dy, x2=shape.x2 + dx, y2=shape.y2 + dy))
        elif isinstance(shape, Circle):
            result.append(replace(shape, cx=shape.cx + dx, cy=shape.cy + dy))
        else:
            result.append(replace(shape, ops=moved(shape.ops, 1.0, dx, dy)))
    return result


def rotated(shapes: list[Shape], angle: float, cx: float, cy: float) -> list[Shape]:
    """Shapes turned by angle degrees counter-clockwise around (cx, cy); used for labels along edges."""
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def turn(x: float, y: float) -> tuple[float, float]:
        dx, dy = x - cx, y - cy
        return cx + dx * cos - dy * sin, cy + dx * sin + dy * cos

    result: list[Shape] = []
    for shape in shapes:
        if isinstance(shape, Text):
            x, y = turn(shape.x, shape.y)
            result.append(replace(shape, x=x, y=y, angle=shape.angle + angle))
        elif isinstance(shape, Circle):
            x, y = turn(shape.cx, shape.cy)
            result.append(replace(shape, cx=x, cy=y))
        elif isinstance(shape, Line):
            (x1, y1), (x2, y2) = turn(shape.x1, shape.y1), turn(shape.x2, shape.y2)
            result.append(replace(shape, x1=x1, y1=y1, x2=x2, y2=y2))
        elif isinstance(shape, Vector):  # turned about its box's centre, which moves with the turn
            x, y = turn(shape.x + shape.width / 2, shape.y + shape.height / 2)
            result.append(replace(shape, x=x - shape.width / 2, y=y - shape.height / 2, angle=shape.angle + angle))
        elif isinstance(shape, Path):
            ops = []
            for op in shape.ops:
                points = [turn(op[i], op[i + 1]) for i in range(1, len(op), 2)]
                ops.append((op[0], *[v for point in points for v in point]))
            result.append(replace(shape, ops=tuple(ops)))
        else:
            raise TypeError(f"{type(shape).__name__} cannot be rotated")
    return result
