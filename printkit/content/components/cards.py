"""Cards: the faces of a deck, with stats, text, abilities and (Skystones-like) edge values.

Takes: a `cards:` entry. Returns: a validated `Card`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar

from printkit.base.errors import Problem
from printkit.content.components.base import CustomShaped, component_kind
from printkit.content.fields import (
    AbilityRef,
    ArtFile,
    BackRef,
    Edge,
    ElementRef,
    Number,
    RarityRef,
    SizeMM,
    StatRef,
    Strict,
    Text,
    TypeRef,
    whole,
)
from printkit.content.pack_meta import Defaults

if TYPE_CHECKING:
    from printkit.content.source import SourceFile


@component_kind("cards")
class Card(CustomShaped):
    """A playing card."""

    kind: ClassVar[str] = "card"
    size_default: ClassVar[str] = "card_size"
    size: SizeMM | None = None
    """Trim size (one length for a round, hex or polygon card); defaults to `defaults.card_size`."""
    element: ElementRef | None = None
    """One of the pack's `elements:`, e.g. fire: its colour and icon show on the card."""
    rarity: RarityRef | None = None
    """One of the pack's `rarities:`, e.g. star: its icon shows on the card."""
    stats: dict[StatRef, Number] = {}
    """Values of the pack's declared stats."""
    edges: Edges | None = None
    """Attack points on the four edges, for edge-battle games like Skystones."""
    cost: Annotated[int, whole(0, 10_000, "points the card costs")] | None = None
    """Points the card costs (a squad's points, a deck's budget): a whole number from 0."""
    type: TypeRef | None = None
    """Card type, e.g. a spell type."""
    explains: TypeRef | None = None
    """Makes this a reference card: it prints what the named card type does."""
    explains_power: AbilityRef | None = None
    """Makes this a reference card for a special power: it prints the power's name and text."""
    ability: AbilityUse | None = None
    """Special power and whom it acts on."""
    text: Text | None = None
    """Rules text."""
    flavor: Text | None = None
    """Italic text under the rules text."""
    art: ArtFile | None = None
    """Image inside the pack shown in the art window."""
    back: BackRef | None = None
    """Back design; defaults to `defaults.back`."""

    def builtin_look(self) -> str:
        """An edge-battle card, a character card (with stats), a reference card, or a plain card."""
        if self.edges is not None:
            return "edge-card"
        if self.stats:
            return "stat-card"
        return "reference-card" if self.explains or self.explains_power else "card"

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        """Its shape's problems, and edge numbers on a card without four straight sides to print them on."""
        problems = super().problems(source, defaults)
        if self.edges is not None and self.shape != "rect":
            problems.append(
                source.problem(
                    self.origin.path + ("edges",),
                    f"edges are printed on a rectangle's four sides, not a {self.shape} card's",
                    "give it shape: rect, or leave out edges",
                )
            )
        return problems


class Edges(Strict):
    top: Edge
    right: Edge
    bottom: Edge
    left: Edge

    @property
    def total(self) -> int:
        return self.top + self.right + self.bottom + self.left


class AbilityUse(Strict):
    power: AbilityRef
    """The special power, from the pack's abilities."""
    target: Text | None = None
    """The figure or class it acts on, e.g. Clone Trooper."""


Card.model_rebuild()
