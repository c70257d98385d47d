"""Chips: round (or shaped) tokens with one or two sides.

Takes: a `chips:` entry. Returns: a validated `Chip`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar

from printkit.base.outlines import ShapeName
from printkit.base.units import Size
from printkit.content.components.base import CustomShaped, component_kind
from printkit.content.fields import (
    Colour,
    Length,
    Strict,
    Text,
    whole,
)
from printkit.content.pack_meta import Defaults

if TYPE_CHECKING:
    pass


class ChipSide(Strict):
    """One side of a double-sided marker or chip."""

    label: Text | None = None
    """Word printed on this side, e.g. Active."""
    value: Annotated[int, whole(0, 999, "number on this side")] | None = None
    """Large number printed on this side, e.g. victory points."""
    color: Colour
    """Background colour of this side."""


@component_kind("chips")
class Chip(CustomShaped):
    """A chip, round unless it says otherwise; with `back` it has a second face."""

    kind: ClassVar[str] = "chip"
    size_key: ClassVar[str] = "diameter"
    shape: ShapeName = "round"
    """round (default), rect, hex, polygon (with sides) or custom (with points)."""
    diameter: Length | None = None
    """Defaults to `defaults.chip_diameter`; across the flats of a hex or polygon."""
    label: Text | None = None
    """Short text in the middle of the chip."""
    value: Annotated[int, whole(0, 999, "number on the chip")] | None = None
    """Large number printed on the chip, e.g. a coin's worth."""
    back: ChipSide | None = None

    def given_size(self, defaults: Defaults) -> Size:
        d = self.diameter or defaults.chip_diameter
        return Size(d, d)
