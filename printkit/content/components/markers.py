"""Markers: two-sided pieces (a front and a back).

Takes: a `markers:` entry. Returns: a validated `Marker`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import field_validator

from printkit.base.outlines import ShapeName
from printkit.base.units import Size
from printkit.content.components.base import CustomShaped, component_kind
from printkit.content.components.chips import ChipSide
from printkit.content.fields import Length
from printkit.content.pack_meta import Defaults

if TYPE_CHECKING:
    pass


@component_kind("markers")
class Marker(CustomShaped):
    """A double-sided marker: both faces print, registered back to back."""

    kind: ClassVar[str] = "marker"
    size_key: ClassVar[str] = "diameter"
    shape: ShapeName = "round"
    """round (default), rect, hex, polygon (with sides) or custom (with points)."""
    diameter: Length | None = None
    """Width and height; defaults to `defaults.chip_diameter`; across the flats of a hex or polygon."""
    front: ChipSide
    back: ChipSide

    @field_validator("shape", mode="before")
    @classmethod
    def _square_is_rect(cls, value: Any) -> Any:
        """Reads `square`, the older name of rect, so that packs written before it keep working; the
        schema and docs name only rect."""
        return "rect" if value == "square" else value

    def given_size(self, defaults: Defaults) -> Size:
        d = self.diameter or defaults.chip_diameter
        return Size(d, d)
