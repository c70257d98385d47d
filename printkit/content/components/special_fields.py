"""Special fields: a board's special squares printed as cards.

Takes: a `fields:` entry. Returns: a validated `SpecialField`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from printkit.content.components.base import CustomShaped, component_kind
from printkit.content.fields import (
    BackRef,
    ElementRef,
    SizeMM,
    Text,
)

if TYPE_CHECKING:
    pass


@component_kind("fields")
class SpecialField(CustomShaped):
    """A board special field laid on a square of a board."""

    kind: ClassVar[str] = "special field"
    size_default: ClassVar[str] = "field_size"
    size: SizeMM | None = None
    """Trim size (one length for a round, hex or polygon field); defaults to `defaults.field_size`."""
    element: ElementRef | None = None
    """Only cards of this element may be played here."""
    blocked: bool = False
    """No card may be played here."""
    text: Text | None = None
    back: BackRef | None = None

    def builtin_look(self) -> str:
        return "field"
