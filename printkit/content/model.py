"""The content model: what a pack's YAML may say, as pydantic classes (extra keys are errors).

Takes: plain data read from `pack.yaml` and the pack's component files.
Returns: validated `PackMeta` and component objects. pydantic checks each value on its own; what
needs the whole pack (ids, references, art files) is checked by `printkit.content.validate`, which
asks each component for the checks only its kind knows (`Component.problems`: a board's printed
squares, a tile's spaces).

Component kinds register themselves with `@component_kind(section)`: the section is the top-level
key of a component file (`cards:`, `tiles:` …) and the class is what each list entry must be.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import GenericAlias
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, NamedTuple

from pydantic import BaseModel, Field, create_model, model_validator
from pydantic_core import PydanticCustomError

from printkit.base.errors import KeyPath, Problem
from printkit.base.units import MAX_LENGTH_MM, Size
from printkit.content.fields import (
    AbilityRef,
    ArtFile,
    BackRef,
    Colour,
    Count,
    Distance,
    Edge,
    ElementRef,
    IconRef,
    Id,
    Length,
    Number,
    PlainText,
    RarityRef,
    ResourceRef,
    SizeMM,
    StatRef,
    Strict,
    TerrainRef,
    Text,
    TypeRef,
    whole,
)
from printkit.content.rules import RuleSet, rule_union

if TYPE_CHECKING:
    from printkit.content.source import SourceFile


# --- pack.yaml -----------------------------------------------------------------------------------


class Element(Strict):
    name: Text
    """Name shown on components and in rulebooks."""
    color: Colour
    """Frame colour of components of this element."""
    icon: IconRef | None = None
    """Built-in vector icon drawn for this element (see `printkit.base.icons`)."""


class Terrain(Strict):
    name: Text
    """Name of the edge type, e.g. Woods."""
    color: Colour
    """Colour of this terrain on tile edges."""
    icon: IconRef | None = None
    """Built-in vector icon for this terrain."""


class Rarity(Strict):
    name: Text
    """Name of the rarity, e.g. Star."""
    icon: IconRef | None = None
    """Built-in vector icon for this rarity."""


class Derived(Strict):
    """A value printed beside a stat, worked out from it (Agility 90 -> Move 9 in)."""

    name: Text
    """What the derived value is called, e.g. Move."""
    divide: Number = 1
    """The stat is divided by this."""
    unit: Text | None = None
    """Unit printed after the value, e.g. pts."""
    inches: bool = False
    """The value is a length in inches, printed in the locale's words for it (German adds centimetres)."""


class Stat(Strict):
    name: Text
    """Full name, e.g. Attack."""
    short: Text | None = None
    """Abbreviation for small boxes, e.g. ATK."""
    derived: Derived | None = None
    """A value worked out from this stat, printed on the card too."""


class CardType(Strict):
    """A kind of card that rules treat alike (a spell type, an attack type)."""

    name: Text
    """Name printed on cards of this type."""
    color: Colour | None = None
    """Colour of the type's label."""
    icon: IconRef | None = None
    """Icon printed beside the type's name."""
    text: Text | None = None
    """What the type does, for reference cards and rulebooks."""
    on_cards: bool = False
    """Print the type's text on every card of this type too."""


class Ability(Strict):
    """A special power components can have (Rally, Recruit …)."""

    name: Text
    text: Text
    """What the power does."""


class Resource(Strict):
    """Something players pay with, e.g. an inhabitant colour."""

    name: Text
    color: Colour


class TagInfo(Strict):
    """A tag that is printed on the components that carry it, as a badge."""

    name: Text
    """Badge text, e.g. Giant."""
    color: Colour = "#1d1d1b"


class BackDesign(Strict):
    title: Text
    """Large text in the middle of the back."""
    color: Colour
    """Background colour of the back."""
    subtitle: Text | None = None
    """Smaller text under the title."""


class Defaults(Strict):
    paper: Literal["a4", "letter"] = "a4"
    """Paper the kit is laid out on unless --paper says otherwise."""
    card_size: SizeMM = Size(63, 88)
    """Size of cards that do not give their own."""
    field_size: SizeMM = Size(56, 56)
    """Size of board special fields that do not give their own."""
    tile_size: SizeMM = Size(50, 50)
    """Size of island tiles that do not give their own."""
    chip_diameter: Length = 20.0
    """Diameter of round chips and markers that do not give their own."""
    back: BackRef | None = None
    """Back design (from `backs`) for cards, fields and tiles that name none."""
    rotation_track: list[Text] = Field(default=[], max_length=4)
    """Four labels printed along a card's edges, from the top clockwise, read when the card is turned
    a quarter at a time to track damage; empty for none."""


class Imposition(Strict):
    """How components are laid out on printed sheets (like Squib's sprues)."""

    margin: Distance = 10.0
    """Empty border of every sheet; home printers cannot print the outer ~5 mm."""
    gutter: Distance | None = None
    """Space between neighbouring rectangular components; default none without bleed (one cut
    separates two cards), twice the bleed with it."""
    round_gutter: Distance = 3.0
    """Space between round components, which are cut one by one."""
    orientation: Literal["auto", "portrait", "landscape"] = "auto"
    """Sheet orientation; auto turns a sheet when that needs fewer sheets or is the only way to fit."""
    cut_lines: bool | None = None
    """Dashed hairlines on every trim edge; by default drawn without bleed and left out with it."""


class PackMeta(Strict):
    """pack.yaml: what the pack is and the names its components refer to."""

    id: Id
    """The pack id; must equal the pack folder's name."""
    title: Text
    """The game's title as printed."""
    language: Literal["en"] = "en"
    """Source language of every text in the pack's YAML."""
    locales: list[Literal["en", "de"]] = ["en"]
    """Languages the kit is built in; every one but the source language needs its catalog."""
    version: PlainText | None = None
    """Version of the pack's content, printed after the title in every page's footer."""
    credits: Text | None = None
    """Short credit line, printed on the calibration page and the rulebook's cover."""
    defaults: Defaults = Defaults()
    imposition: Imposition = Imposition()
    elements: dict[Id, Element] = {}
    """Elements components may name in `element:`."""
    terrains: dict[Id, Terrain] = {}
    """Edge types island tiles may name on their edges."""
    rarities: dict[Id, Rarity] = {}
    """Rarities cards may name in `rarity:`."""
    stats: dict[Id, Stat] = {}
    """Stats cards may carry in `stats:`."""
    backs: dict[Id, BackDesign] = {}
    """Back designs components may name in `back:`."""
    types: dict[Id, CardType] = {}
    """Card types components may name in `type:`."""
    abilities: dict[Id, Ability] = {}
    """Special powers components may name in `ability:`."""
    resources: dict[Id, Resource] = {}
    """What tile costs are paid in."""
    tags: dict[Id, TagInfo] = {}
    """Tags printed as badges on the components that carry them."""
    rules: dict[Id, RuleSet] = {}
    """Rule sets: the kinds of list players build (deck, hand, squad …) and what makes one legal."""


@cache
def pack_model() -> type[PackMeta]:
    """The model pack.yaml is read with: PackMeta whose rule sets take every registered rule kind.
    Built on first use, like the component-file model, so a rule kind registered by any module
    imported before the first pack is read is known; registering one afterwards is refused."""
    checks: Any = GenericAlias(list, rule_union())  # list[rule kinds]: a type built now, which mypy cannot see
    rule_set = create_model("RuleSet", __base__=RuleSet, __doc__=RuleSet.__doc__, checks=(checks, []))
    return create_model("PackMeta", __base__=PackMeta, __doc__=PackMeta.__doc__, rules=(dict[Id, rule_set], {}))


# --- components ----------------------------------------------------------------------------------

COMPONENT_KINDS: dict[str, type[Component]] = {}


def component_kind(section: str) -> Callable[[type[Component]], type[Component]]:
    """Register a component class under the top-level key of component files."""

    def register(cls: type[Component]) -> type[Component]:
        cls.section = section
        COMPONENT_KINDS[section] = cls
        return cls

    return register


class Origin(NamedTuple):
    """Where the loader read a component: its file (as shown in messages) and key path there. A
    plain tuple, not a model: a big deck has one per card."""

    file: str
    path: tuple[str | int, ...]


class Component(Strict):
    section: ClassVar[str]
    kind: ClassVar[str]
    # Pieces are laid on its squares, in placement rules and rulebook figures (a board).
    holds_pieces: ClassVar[bool] = False
    # `origin` (an Origin: where the loader read the component) is a slot, not a private attribute:
    # pydantic gives each instance with private attributes a dict of its own, and a big deck has a
    # component per card. The loader sets it; model_copy keeps it (translation copies components).
    __slots__ = ("origin",)
    if TYPE_CHECKING:
        origin: Origin

    id: Id
    """Unique within the pack."""
    count: Count = 1
    """Copies to print."""
    name: Text | None = None
    """Name printed on the component."""
    color: Colour | None = None
    """Main colour; defaults to the element's colour or the kind's colour."""
    tags: list[Id] = []
    """Free labels that rules can select by (e.g. giant, silver)."""

    def __copy__(self) -> Component:
        copied = super().__copy__()
        object.__setattr__(copied, "origin", self.origin)
        return copied

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        """What is wrong with the component that no single value of it shows; source is the file the
        loader read it from, defaults the pack's. Nothing, for most kinds."""
        return []


class Rectangular(Component):
    """A component cut as a rectangle (a marker: with shape: square), whose corners may be rounded."""

    corner_radius: Length | None = None
    """Rounds the corners to this radius (poker cards: 3mm); at most half the short side."""

    def trim(self, defaults: Defaults) -> Size:
        """The trim size, from the pack's defaults where the component gives none."""
        raise NotImplementedError

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        return self.corner_problems(source, defaults)

    def corner_problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        """A corner radius the trim size cannot take."""
        if self.corner_radius is None:
            return []
        limit = min(self.trim(defaults)) / 2
        if self.corner_radius <= limit:
            return []
        return [
            source.problem(
                self.origin.path + ("corner_radius",),
                f"a corner radius of {self.corner_radius:g}mm is more than half the {self.kind}'s short side",
                f"at most {limit:g}mm",
            )
        ]


def _space_problems(source: SourceFile, sides: list[tuple[KeyPath, Any, dict[str, int]]]) -> list[Problem]:
    """Spaces on a terrain that no edge of their tile side or printed square shows; sides are
    (key path, edges, spaces)."""
    problems = []
    for path, edges, spaces in sides:
        shown = {edges.top, edges.right, edges.bottom, edges.left}
        for terrain in spaces:
            if terrain not in shown:
                problems.append(
                    source.problem(
                        path + ("spaces", terrain),
                        f"no edge shows {terrain}",
                        f"its edges show {', '.join(sorted(shown))}",
                    )
                )
    return problems


class Face(Strict):
    """One side of a double-sided marker or chip."""

    label: Text | None = None
    """Word printed on this side, e.g. Active."""
    value: Annotated[int, whole(0, 999, "number on this side")] | None = None
    """Large number printed on this side, e.g. victory points."""
    color: Colour
    """Background colour of this side."""


@component_kind("cards")
class Card(Rectangular):
    """A playing card."""

    kind: ClassVar[str] = "card"
    size: SizeMM | None = None
    """Trim size; defaults to `defaults.card_size`."""
    element: ElementRef | None = None
    rarity: RarityRef | None = None
    stats: dict[StatRef, Number] = {}
    """Values of the pack's declared stats."""
    edges: Edges | None = None
    """Attack points on the four edges, for edge-battle games like Skystones."""
    cost: Annotated[int, whole(0, 10_000, "points the card costs")] | None = None
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

    def trim(self, defaults: Defaults) -> Size:
        return self.size or defaults.card_size


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


class TerrainEdges(Strict):
    top: TerrainRef
    right: TerrainRef
    bottom: TerrainRef
    left: TerrainRef


@component_kind("fields")
class SpecialField(Rectangular):
    """A board special field laid on a square of a board."""

    kind: ClassVar[str] = "special field"
    size: SizeMM | None = None
    """Trim size; defaults to `defaults.field_size`."""
    element: ElementRef | None = None
    """Only cards of this element may be played here."""
    blocked: bool = False
    """No card may be played here."""
    text: Text | None = None
    back: BackRef | None = None

    def trim(self, defaults: Defaults) -> Size:
        return self.size or defaults.field_size


Spaces = dict[TerrainRef, Annotated[int, whole(1, 4, "spaces")]]
"""Spaces for inhabitants, per terrain of a tile: each holds one inhabitant once its island is complete."""


@component_kind("tiles")
class Tile(Rectangular):
    """A square tile with a typed terrain on each edge."""

    kind: ClassVar[str] = "tile"
    size: SizeMM | None = None
    """Trim size; defaults to `defaults.tile_size`."""
    edges: TerrainEdges
    """Terrain on each edge; neighbouring edges must match."""
    cost: dict[ResourceRef, Annotated[int, whole(1, 100, "how many")]] = {}
    """What placing the tile costs, e.g. {green: 1, any: 1}."""
    points: Annotated[int, whole(0, 1000, "victory points")] | None = None
    effect: Literal["none", "one-time", "ongoing", "scoring"] = "none"
    spaces: Spaces = {}
    """Spaces for inhabitants on the tile, per terrain it shows, e.g. {woods: 1}."""
    text: Text | None = None
    back: BackRef | None = None
    """Back design; a tile with `reverse` prints that instead."""
    reverse: TileSide | None = None
    """The other side of a two-sided tile."""

    def trim(self, defaults: Defaults) -> Size:
        return self.size or defaults.tile_size

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        sides = [(self.origin.path, self.edges, self.spaces)]
        if self.reverse is not None:
            sides.append((self.origin.path + ("reverse",), self.reverse.edges, self.reverse.spaces))
        return _space_problems(source, sides) + super().problems(source, defaults)


class TileSide(Strict):
    name: Text | None = None
    edges: TerrainEdges
    spaces: Spaces = {}
    color: Colour | None = None


@component_kind("chips")
class Chip(Component):
    """A round chip; with `back` it has a second face."""

    kind: ClassVar[str] = "chip"
    diameter: Length | None = None
    """Defaults to `defaults.chip_diameter`."""
    label: Text | None = None
    """Short text in the middle of the chip."""
    back: Face | None = None


@component_kind("markers")
class Marker(Rectangular):
    """A double-sided marker: both faces print, registered back to back."""

    kind: ClassVar[str] = "marker"
    shape: Literal["round", "square"] = "round"
    diameter: Length | None = None
    """Width and height; defaults to `defaults.chip_diameter`."""
    front: Face
    back: Face

    def trim(self, defaults: Defaults) -> Size:
        d = self.diameter or defaults.chip_diameter
        return Size(d, d)

    def corner_problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        if self.shape == "round" and self.corner_radius is not None:
            return [
                source.problem(
                    self.origin.path + ("corner_radius",),
                    "a round marker has no corners to round",
                    "give it shape: square, or leave out corner_radius",
                )
            ]
        return super().corner_problems(source, defaults)


class Grid(Strict):
    columns: Annotated[int, whole(1, 20, "squares across")]
    rows: Annotated[int, whole(1, 20, "squares down")]
    square: Length
    """Side of one square."""
    numbered: bool = True
    """Print a number in each square, left to right, top to bottom."""
    first: Annotated[int, whole(0, 1000, "number of the first square")] = 1
    squares: Annotated[int, whole(1, 400, "squares printed")] | None = None
    """How many squares to print (the last row may stay short); defaults to columns x rows."""

    @property
    def count(self) -> int:
        """The squares the grid prints, numbered 1 to count: `squares`, or every square of the grid."""
        return min(self.squares or self.columns * self.rows, self.columns * self.rows)

    def off_grid(self, square: int) -> str | None:
        """Why a square number names no square of the grid, or None when it names one."""
        return (
            None
            if 1 <= square <= self.count
            else f"square {square} is not on the board; its squares are 1 to {self.count}"
        )

    def row_column(self, square: int) -> tuple[int, int]:
        """The row and column (from 0, top left) of a square numbered from 1, left to right, top to bottom."""
        return divmod(square - 1, self.columns)

    def neighbours(self, square: int) -> dict[str, int]:
        """The squares to the right of a square and below it, where the grid has them."""
        row, column = self.row_column(square)
        beside = {"right": square + 1} if column + 1 < self.columns else {}
        return beside | ({"bottom": square + self.columns} if row + 1 < self.rows else {})


class PrintedSquare(Strict):
    """A square printed with terrain, like a tile already placed there (a board side with islands)."""

    square: Annotated[int, whole(1, 400, "square number, left to right, top to bottom")]
    edges: TerrainEdges
    spaces: Spaces = {}


@component_kind("boards")
class Board(Rectangular):
    """A game board: a grid of squares inside a margin."""

    kind: ClassVar[str] = "board"
    holds_pieces: ClassVar[bool] = True
    grid: Grid
    margin: Length = 6.0
    """Frame around the grid."""
    title: Text | None = None
    """Text printed in the bottom margin."""
    printed: list[PrintedSquare] = []
    """Squares printed with terrain, which count as tiles already placed."""

    @property
    def trim_size(self) -> Size:
        """The printed board: the grid, the margin around it and, with a title, a footer for it."""
        grid = self.grid
        return Size(
            grid.columns * grid.square + 2 * self.margin, grid.rows * grid.square + 2 * self.margin + self.footer
        )

    @property
    def footer(self) -> float:
        """The height of the strip below the bottom margin where the title goes; none without one."""
        return self.margin * 1.6 if self.title else 0

    def trim(self, defaults: Defaults) -> Size:
        return self.trim_size

    def square_corner(self, square: int) -> tuple[float, float]:
        """The lower left corner of a square (numbered from 1) in mm from the board's lower left corner:
        the grid lies inside the margin at the top, the title's footer below it."""
        row, column = self.grid.row_column(square)
        top = self.trim_size.height - self.margin
        return self.margin + column * self.grid.square, top - (row + 1) * self.grid.square

    @model_validator(mode="after")
    def _printable(self) -> Board:
        width, height = self.trim_size
        if max(width, height) > MAX_LENGTH_MM:
            raise PydanticCustomError(
                "printkit",
                "{message}",
                {
                    "message": f"the board would be {width:g}x{height:g}mm; at most {MAX_LENGTH_MM:g}mm a side",
                    "hint": "use fewer or smaller squares, or a narrower margin",
                },
            )
        return self

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        """Printed squares that are not on the board or repeat one, their spaces' terrains, and its
        corner radius."""
        problems, sides, seen = [], [], set()
        for index, printed in enumerate(self.printed):
            path = self.origin.path + ("printed", index)
            off_grid = self.grid.off_grid(printed.square)
            if off_grid or printed.square in seen:
                problem = off_grid or f"square {printed.square} is printed twice"
                problems.append(source.problem(path + ("square",), problem))
            seen.add(printed.square)
            sides.append((path, printed.edges, printed.spaces))
        return problems + _space_problems(source, sides) + super().problems(source, defaults)


@component_kind("sheets")
class Sheet(Rectangular):
    """A printable sheet such as a scoring pad: a title and a table to fill in."""

    kind: ClassVar[str] = "sheet"
    size: SizeMM = Size(180, 250)
    title: Text
    columns: list[Text] = []
    """Column headings of the table."""
    rows: Annotated[int, whole(0, 100, "empty rows to fill in")] = 0
    row_labels: list[Text] = []
    """Labels in the first column, one per row (a scoring pad's categories); they add to `rows`."""
    text: Text | None = None

    def trim(self, defaults: Defaults) -> Size:
        return self.size


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


Card.model_rebuild()
Tile.model_rebuild()


# --- rulebook.yaml ---------------------------------------------------------------------------------


class Placed(Strict):
    """A component shown on a square of a board in a rulebook figure."""

    id: Id
    """The component."""
    square: Annotated[int, whole(1, 400, "square number, counted like the board's numbers")]
    rotation: Literal[0, 90, 180, 270] = 0
    """Clockwise quarter turns, for tiles."""
    chip: Id | None = None
    """A chip laid on the component, e.g. to show who owns a card."""


class Figure(Strict):
    """Real components of the pack, drawn from the content model: side by side, or placed on a board."""

    show: list[Id] = []
    """Components shown side by side."""
    board: Id | None = None
    """A board with components placed on its squares (see `place`)."""
    place: list[Placed] = []
    caption: Text | None = None
    back: bool = False
    """Show the backs of the components in `show` instead of their fronts."""


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

    @model_validator(mode="before")
    @classmethod
    def _plain_text_is_a_paragraph(cls, value: Any) -> Any:
        return {"text": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _one_kind(self) -> Block:
        kinds = [
            name for name in ("text", "items", "steps", "tip", "figure", "components", "explain") if getattr(self, name)
        ]
        if len(kinds) != 1:
            raise PydanticCustomError(
                "printkit",
                "{message}",
                {
                    "message": "a block is one of text, items, steps, tip, figure, components or explain"
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


def component_file_model() -> type[BaseModel]:
    """The model of a component file: one optional list per registered section."""
    sections: dict[str, Any] = {section: (GenericAlias(list, cls), []) for section, cls in COMPONENT_KINDS.items()}
    return create_model("ComponentFile", __base__=Strict, **sections)
