"""Lengths and sizes as people write them in YAML.

Takes: `63mm`, `2.5in`, `1cm`, `12pt`, a bare number (millimetres), `63x88`, `2.5in x 3.5in`,
a preset name such as `poker`, or a mapping `{width: …, height: …}`.
Returns: millimetres as floats, sizes as `Size(width, height)`; raises `ValueProblem` with a message
written for the person who typed the value.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import NamedTuple

from printkit.base.errors import ValueProblem, did_you_mean, shown_value

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
MM_PER_POINT = MM_PER_UNIT["pt"]

# Longest side of any component or paper printkit lays out; larger is a typo, not a game part.
MAX_LENGTH_MM = 2000.0


class Size(NamedTuple):
    width: float
    height: float


@dataclass(frozen=True)
class Tolerance:
    """How far a piece's side may differ from a print shop's product's and the piece still be printed
    as that product, scaled to it: millimetres, or (percent) a share of the piece's side."""

    amount: float
    percent: bool = False

    def allows(self, size: Size, product: Size) -> bool:
        return all(abs(a - b) <= self.of(a) + 1e-9 for a, b in zip(size, product, strict=True))

    def of(self, side: float) -> float:
        """The millimetres a side of this length may differ by."""
        return side * self.amount / 100 if self.percent else self.amount

    def __str__(self) -> str:
        return f"{self.amount:g}%" if self.percent else f"{self.amount:g} mm"


SIZE_PRESETS: dict[str, Size] = {
    "poker": Size(63, 88),
    "bridge": Size(57, 89),
    "mini": Size(44, 63),
    "tarot": Size(70, 120),
    "euro": Size(59, 92),
    "square-small": Size(50, 50),
    "square": Size(56, 56),
    "square-large": Size(70, 70),
    "a4": Size(210, 297),
    "letter": Size(215.9, 279.4),
}

_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
# spaces possessive (*+): two runs of them side by side split a long run every way, a quadratic time
_LENGTH = re.compile(rf"^\s*+({_NUMBER})\s*+([a-zA-Z]*+)\s*+$")
_PAIR = re.compile(rf"^\s*+({_NUMBER}\s*+[a-zA-Z]*?)\s*+[x×]\s*+({_NUMBER}\s*+[a-zA-Z]*+)\s*+$")


def parse_distance(value: object) -> float:
    """A length in millimetres that may be zero (a gutter, a margin, a corner at the top left), in any unit."""
    mm = _millimetres(value)
    if mm < 0:
        raise ValueProblem(f"must be a length of zero or more, got {shown_value(value)}")
    return 0.0 if mm == 0 else _positive(value, mm)


def parse_length(value: object) -> float:
    """A positive length in millimetres."""
    return _positive(value, _millimetres(value))


def _millimetres(value: object) -> float:
    """The millimetres a length stands for, before any bound is checked."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueProblem(f"must be a length like 63mm or 2.5in, got {shown_value(value)}")
    if not isinstance(value, str):
        try:
            return float(value)
        except OverflowError:  # a whole number past any float: past any length too
            return math.inf
    match = _LENGTH.match(value)
    if not match:
        raise ValueProblem(f"must be a length like 63mm or 2.5in, got {shown_value(value)}")
    number, unit = float(match.group(1)), match.group(2).lower() or "mm"
    if unit not in MM_PER_UNIT:
        raise ValueProblem(f"unknown unit '{match.group(2)}' in {shown_value(value)}", "use mm, cm, in or pt")
    return number * MM_PER_UNIT[unit]


def _positive(value: object, mm: float) -> float:
    if math.isnan(mm) or mm <= 0:
        raise ValueProblem(f"must be a length greater than zero, got {shown_value(value)}")
    if mm > MAX_LENGTH_MM:  # infinity too
        raise ValueProblem(f"must be at most {MAX_LENGTH_MM:g}mm, got {shown_value(value)}")
    return round(mm, 6)


def parse_size(value: object) -> Size:
    """A width and height in millimetres from a preset, `WxH` text, one length (a square) or a
    width/height mapping."""
    if isinstance(value, Size):
        return value
    if isinstance(value, dict):
        unknown = set(value) - {"width", "height"}
        if unknown or len(value) != 2:
            raise ValueProblem("must have exactly the keys 'width' and 'height'")
        return Size(parse_length(value["width"]), parse_length(value["height"]))
    if (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        or isinstance(value, str)
        and _LENGTH.match(value)
    ):
        side = parse_length(value)  # one length: a square
        return Size(side, side)
    if isinstance(value, str):
        preset = SIZE_PRESETS.get(value.strip().lower())
        if preset:
            return preset
        pair = _PAIR.match(value)
        if pair:
            width, height = pair.group(1), pair.group(2)
            # `2.5x3.5in`: a unit written once applies to both numbers.
            unit = _LENGTH.match(height)
            if unit and unit.group(2) and not re.search(r"[a-zA-Z]", width):
                width += unit.group(2)
            return Size(parse_length(width), parse_length(height))
    raise ValueProblem(
        f"must be a size like 63x88mm, 2.5in x 3.5in or a preset name; got {shown_value(value)}",
        hint=(did_you_mean(value, SIZE_PRESETS) if isinstance(value, str) else None)
        or "presets: " + ", ".join(SIZE_PRESETS),
    )
