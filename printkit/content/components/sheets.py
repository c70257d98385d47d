"""Sheets: a printed sheet (a play mat, a reference) as one component.

Takes: a `sheets:` entry. Returns: a validated `Sheet`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar

from printkit.base.units import Size
from printkit.content.components.base import CustomShaped, component_kind
from printkit.content.fields import (
    SizeMM,
    Text,
    whole,
)

if TYPE_CHECKING:
    pass


@component_kind("sheets")
class Sheet(CustomShaped):
    """A printable sheet such as a scoring pad: a title and a table to fill in."""

    kind: ClassVar[str] = "sheet"
    size: SizeMM = Size(180, 250)
    """Trim size (one length for a round, hex or polygon sheet)."""
    title: Text
    columns: list[Text] = []
    """Column headings of the table."""
    rows: Annotated[int, whole(0, 100, "empty rows to fill in")] = 0
    row_labels: list[Text] = []
    """Labels in the first column, one per row (a scoring pad's categories); they add to `rows`."""
    text: Text | None = None
