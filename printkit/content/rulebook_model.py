"""What rulebook.yaml may say: sections of blocks, figures of boards with pieces placed.

Takes: rulebook.yaml's plain data. Returns: a validated `Rulebook`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from printkit.content.components.boards import Address, BoardGrid
from printkit.content.fields import (
    Cell,
    Id,
    Strict,
    Text,
    whole,
)

if TYPE_CHECKING:
    pass


# --- rulebook.yaml ---------------------------------------------------------------------------------


class Placed(Strict):
    """A component shown on a cell of a board in a rulebook figure: a square board's square, or a
    hex board's cell."""

    id: Id
    """The component."""
    square: Annotated[int, whole(1, 400, "square number, counted like the board's numbers")] | None = None
    """On a square board: the square's number, counted like the board's numbers."""
    cell: Cell | None = None
    """On a hex board: [column, row] from 1 at the top left, or the cell's number, e.g. '0304'."""
    rotation: Annotated[int, whole(0, 359, "degrees clockwise")] = 0
    """Clockwise turn for tiles: 0, 90, 180 or 270 on a square board; 0, 60, 120 … 300 on a hex board."""
    chip: Id | None = None
    """A chip laid on the component, e.g. to show who owns a card."""

    def on(self, grid: BoardGrid) -> Address | None:
        """Where it lies on a board with this grid (None when the list does not say)."""
        return getattr(self, grid.address_key)


class Figure(Strict):
    """Real components of the pack, drawn from the content model: side by side, or placed on a board."""

    show: list[Id] = []
    """Components shown side by side."""
    board: Id | None = None
    """A board with components placed on its squares or hex cells (see `place`)."""
    place: list[Placed] = []
    caption: Text | None = None
    back: bool = False
    """Show the backs of the components in `show` instead of their fronts."""


class Column(Strict):
    """A column of a component table: its heading and the value it shows of each component."""

    title: Text
    value: str
    """The value's dotted path, as a look names it: name, element.name, stats.attack, edges.total."""


class Table(Strict):
    """A table generated from the pack's components: a row for each component of a section (in the
    pack's order), a column for each value, each value printed with the kit's marks it carries."""

    section: Id
    """Component section, e.g. cards."""
    tag: Id | None = None
    """Only components with this tag."""
    columns: Annotated[list[Column], Field(min_length=1)]


class Block(Strict):
    """One block of a rulebook section: a paragraph (plain text), or one of the keys below."""

    text: Text | None = None
    """A paragraph. Placeholders: {count:ID}, {count:SECTION} or {count:SECTION/TAG} for printed
    copies, {param:RULES/NAME} for a rule set's param, {limit:RULES/RULE/KEY} for a rule's number."""
    items: list[Text] = []
    """A bulleted list."""
    steps: list[Text] = []
    """A numbered list."""
    tip: Text | None = None
    """A boxed hint."""
    figure: Figure | None = None
    components: bool = False
    """The generated list of the pack's components with their counts."""
    explain: Literal["types", "abilities"] | None = None
    """The pack's card types or special powers with what each does, from pack.yaml."""
    table: Table | None = None
    """A table of the pack's components and their values, e.g. every card with its numbers."""

    @model_validator(mode="before")
    @classmethod
    def _plain_text_is_a_paragraph(cls, value: Any) -> Any:
        return {"text": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _one_kind(self) -> Block:
        kinds = [
            name
            for name in ("text", "items", "steps", "tip", "figure", "components", "explain", "table")
            if getattr(self, name)
        ]
        if len(kinds) != 1:
            raise PydanticCustomError(
                "printkit",
                "{message}",
                {
                    "message": "a block is one of text, items, steps, tip, figure, components, explain or table"
                    + (f", not {' and '.join(kinds)} together" if kinds else ""),
                    "hint": None,
                },
            )
        return self


class Section(Strict):
    title: Text
    blocks: list[Block]


class Rulebook(Strict):
    """rulebook.yaml: the rules in the source language, block by block; translations come from the
    pack's catalogs like every other text."""

    subtitle: Text | None = None
    """Printed under the title on the cover."""
    intro: Text | None = None
    """A short paragraph on the cover."""
    cover: bool = True
    """A cover page with a table of contents; `false` for a short rulebook: the title, subtitle and
    intro head the first page, with no table of contents."""
    sections: list[Section]
