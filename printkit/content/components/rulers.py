"""Rulers: measuring strips with ticks, printed in pieces to glue.

Takes: a `rulers:` entry. Returns: a validated `Ruler`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from printkit.base.outlines import (
    Outline,
    rectangle,
)
from printkit.base.units import Size
from printkit.content.components.base import Component, component_kind
from printkit.content.fields import Length
from printkit.content.pack_meta import Defaults

if TYPE_CHECKING:
    pass


@component_kind("rulers")
class Ruler(Component):
    """A measuring strip with ticks and labelled marks (range rulers of miniature games)."""

    kind: ClassVar[str] = "ruler"
    length: Length
    """Measured length; a ruler longer than the paper is split with an overlap to glue."""
    width: Length = 25.0
    unit: Literal["in", "cm"] = "in"
    """Small ticks every eighth of an inch or every millimetre."""
    marks: list[Length] = []
    """Distances to mark with a band and a label, e.g. [4in, 8in, 12in]."""

    def outline(self, defaults: Defaults) -> Outline:
        return rectangle(0.0)

    def trim(self, defaults: Defaults) -> Size:
        """The strip: its length, with RULER_END clear at each end (zero lies at the left one)."""
        return Size(self.length + 2 * RULER_END, self.width)


RULER_END = 5.0  # mm of strip before a ruler's zero and after its last tick
