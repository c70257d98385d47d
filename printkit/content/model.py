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

import builtins
import json
import math
import typing
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from types import GenericAlias
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, NamedTuple

from pydantic import (
    BaseModel,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    create_model,
    field_validator,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from printkit.base.errors import KeyPath, Problem, ValueProblem, did_you_mean, shown_value
from printkit.base.icons import ICONS
from printkit.base.outlines import (
    ROUND,
    Box,
    Outline,
    Point,
    crossing_sides,
    custom_polygon,
    on_one_line,
    rectangle,
    regular_polygon,
)
from printkit.base.units import MAX_LENGTH_MM, Size
from printkit.content.fields import (
    MAX_CELL,
    AbilityRef,
    ArtFile,
    BackRef,
    Cell,
    Colour,
    Count,
    CustomPoint,
    CustomPoints,
    Distance,
    Edge,
    ElementRef,
    FilePath,
    IconRef,
    Id,
    LanguageTag,
    Length,
    Number,
    PlainText,
    RarityRef,
    Ref,
    ResourceRef,
    SizeMM,
    StatRef,
    Strict,
    TerrainRef,
    Text,
    Translatable,
    TypeRef,
    finite_number,
    marked_values,
    parse_file_path,
    parse_text,
    whole,
)
from printkit.content.looks import LookDef
from printkit.content.rules import RuleSet, rule_union

if TYPE_CHECKING:
    from printkit.content.source import SourceFile


# --- pack.yaml -----------------------------------------------------------------------------------


class Element(Strict):
    """An element of the game (pack.yaml's `elements`, e.g. Fire), which components may name."""

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
    sky: bool = False
    """Sky rather than land (Skylands' clouds): drawn as soft clouds, and land meets it with a coast."""


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
    """Size of tiles that do not give their own; one length, across the flats, for hex tiles."""
    chip_diameter: Length = 20.0
    """Size of chips and markers that do not give their own: the diameter of a round one, the width
    across the flats of a hex or polygon."""
    back: BackRef | None = None
    """Back design (from `backs`) for cards, fields and tiles that name none."""
    rotation_track: list[Text] = Field(default=[], max_length=4)
    """Four labels printed along a card's edges, from the top clockwise, read when the card is turned
    a quarter at a time to track damage; empty for none."""
    looks: dict[Id, Id] = {}
    """The look of each section's components that name none, e.g. {cards: my-card, tiles: my-tile};
    printkit's built-in look for their kind otherwise."""


# The built-in font families (faces.fonts holds their files), and the font name of each style: a look
# writes `sans-bold` or, for a pack's family `display`, `display-bold`.
BUILT_IN_FONT_FAMILIES = ("sans", "serif")
FONT_STYLES = {"regular": "", "bold": "-bold", "italic": "-italic", "bold-italic": "-bold-italic"}


class FontFamily(Strict):
    """A font family the pack brings: TrueType files inside the pack (`.ttf`, or `.otf` with TrueType
    outlines), embedded and subset in the PDF like the bundled fonts. A look names it by the pack's
    family name, with `-bold`, `-italic` or `-bold-italic` for the other styles."""

    regular: FilePath
    """The font file of the upright, normal-weight style, e.g. fonts/Glow.ttf."""
    bold: FilePath | None = None
    """The bold style's file; without it bold text is set in `regular`."""
    italic: FilePath | None = None
    """The italic style's file; without it italic text is set in `regular`."""
    bold_italic: FilePath | None = Field(None, alias="bold-italic")
    """The bold italic style's file; without it bold italic text is set in `bold`, else `italic`, else `regular`."""
    licence: FilePath | None = None
    """The font's licence, a file inside the pack (OFL.txt for fonts under the SIL Open Font License);
    required: a kit that embeds a font passes it on."""

    def files(self) -> dict[str, str]:
        """The font files given, by style as pack.yaml writes it (`regular`, `bold-italic` …)."""
        given = {"regular": self.regular, "bold": self.bold, "italic": self.italic, "bold-italic": self.bold_italic}
        return {style: path for style, path in given.items() if path is not None}

    def file(self, style: str) -> str:
        """The file a style is set in: its own, else the nearest given style (bold italic falls back to
        bold, then italic; bold and italic fall back to regular)."""
        fallbacks = {"bold-italic": ("bold-italic", "bold", "italic"), "bold": ("bold",), "italic": ("italic",)}
        files = self.files()
        return next((files[s] for s in fallbacks.get(style, ()) if s in files), self.regular)


class Imposition(Strict):
    """How components are laid out on printed sheets (like Squib's sprues)."""

    margin: Distance = 10.0
    """Empty border of every sheet, holding the crop marks; the bottom one is deeper by the footer's
    line. No mark comes nearer the paper's edge than 6.35 mm, where home printers cannot print: a
    margin under about 9 mm leaves crop marks out there."""
    gutter: Distance | None = None
    """Space between neighbouring rectangular components; default none without bleed (one cut
    separates two cards), twice the bleed with it."""
    round_gutter: Distance = 3.0
    """Space between round components, which are cut one by one."""
    orientation: Literal["auto", "portrait", "landscape"] = "auto"
    """Sheet orientation; auto turns a sheet when that needs fewer sheets or is the only way to fit."""
    cut_lines: bool | None = None
    """Dashed hairlines on every trim edge; by default drawn without bleed and left out with it."""
    safe_zone: Distance = 3.0
    """How far inside the trim line the text and icons of the pack's looks stay, since a cut may miss
    the line by that much; a box reaching nearer is a warning (an error with `build --strict`)."""


FieldType = Literal["text", "integer", "number", "boolean", "choice", "icon", "image", "list"]
ItemType = Literal["text", "integer", "number", "boolean", "choice", "icon", "image"]
FIELD_REFS = {"icon": Ref("icons"), "image": Ref("files")}
"""Field types whose values name something the pack must have, checked as `IconRef` and `ArtFile` values are."""
_PYTHON_TYPES: dict[str, type] = {"integer": int, "number": float, "boolean": bool, "list": list}
_JSON_TYPES = {"integer": "integer", "number": "number", "boolean": "boolean", "list": "array"}  # else string
_WRITTEN_AS = {
    "text": parse_text,
    "icon": parse_text,
    "image": parse_file_path,
}  # types whose values are written as text


def _plain(number: float) -> float | int:
    """A whole number as an int (1, not 1.0), for a schema."""
    return int(number) if number.is_integer() else number


def _either(words: list[str]) -> str:
    """Words as a message offers them: 'a', 'a or b', 'a, b or c'."""
    return " or ".join(filter(None, (", ".join(words[:-1]), words[-1])))


class FieldDecl(Strict):
    """A value of the pack's own that components give under `data:`, e.g. `glow: {type: integer,
    min: 1, max: 6, label: Glow}`; looks print it and rules read it as `data.glow`."""

    type: FieldType
    """text (translated like every other text), integer, number, boolean, choice (one of `values`),
    icon (a printkit icon name), image (an art file of the pack) or list (of `items`)."""
    label: Text | None = None
    """What a look prints beside the value, e.g. Glow."""
    values: list[PlainText] = []
    """Of a choice, or a list of choices: the values a component may give."""
    items: ItemType | None = None
    """Of a list: the type of each of its entries, any type but list, e.g. text."""
    min: Number | None = None
    """Of an integer or number, or a list of them: the smallest value allowed."""
    max: Number | None = None
    """Of an integer or number, or a list of them: the largest value allowed."""
    default: Any = None
    """The value of a component that gives none (looks print it, rules count it); it must fit the type."""

    @property
    def single(self) -> str | None:
        """The type of each single value: the field's own, or its entries' for a list (None when a
        list does not say)."""
        return self.items if self.type == "list" else self.type

    @property
    def python_type(self) -> builtins.type:
        """The type of the plain value a component's `data:` holds: int, float, bool, list or str."""
        return _PYTHON_TYPES.get(self.type, str)

    def singles(self, value: Any) -> Iterator[tuple[KeyPath, str, Any]]:
        """(key path under the field, type, value) of each single value a value of the field holds:
        the value itself, or each entry of a list."""
        if self.type != "list":
            yield (), self.type, value
        elif isinstance(value, list) and self.items:
            for index, item in enumerate(value):
                yield (index,), self.items, item

    def texts(self, value: Any) -> Iterator[tuple[KeyPath, str]]:
        """(key path under the field, text) of each text a value of the field holds: what translators
        translate."""
        for path, kind, item in self.singles(value):
            if kind == "text" and isinstance(item, str):
                yield path, item

    def value_problems(self, value: Any) -> list[tuple[KeyPath, str, str | None]]:
        """(key path under the field, message, hint) for each part of a value that does not fit the
        field's type, range or values; whether an icon or image exists is the pack's to check."""
        if self.type == "list" and not isinstance(value, list):
            return [
                (
                    (),
                    f"must be a list of {self.items or 'any'} entries, got {shown_value(value)}",
                    "write its entries in brackets, e.g. [A, B]",
                )
            ]
        return [(path, *wrong) for path, kind, item in self.singles(value) if (wrong := self._misfit(kind, item))]

    def _misfit(self, kind: str, value: Any) -> tuple[str, str | None] | None:
        """(message, hint) for a single value that is not of type kind, or None when it is."""
        written = _WRITTEN_AS.get(kind)
        if written is not None:
            try:
                written(value)
            except ValueProblem as problem:
                return problem.message, problem.hint
        got = shown_value(value)
        is_number = not isinstance(value, bool) and isinstance(value, (int, float)) and finite_number(value)
        if kind == "integer" and not (is_number and isinstance(value, int) and self._in_range(value)):
            return f"must be a whole number{self._range}, got {got}", None
        if kind == "number" and not (is_number and self._in_range(value)):
            return f"must be a number{self._range}, got {got}", None
        if kind == "boolean" and not isinstance(value, bool):
            return f"must be true or false, got {got}", None
        if kind == "choice" and value not in self.values:
            allowed = _either([f"'{v}'" for v in self.values])
            return f"must be one of {allowed}, got {got}", did_you_mean(str(value), self.values)
        return None

    def _in_range(self, value: float) -> bool:
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)

    @property
    def _range(self) -> str:
        """The range of a number in messages: ' from 1 to 6', ' of at least 1' or nothing."""
        if self.min is not None and self.max is not None:
            return f" from {self.min:g} to {self.max:g}"
        if self.min is not None:
            return f" of at least {self.min:g}"
        return f" of at most {self.max:g}" if self.max is not None else ""

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of the field's values under `data:`, described by its label."""
        schema = self._single_schema(self.type)
        if self.type == "list":
            schema["items"] = self._single_schema(self.items) if self.items else {}
        return schema | ({"description": self.label} if self.label else {})

    def _single_schema(self, kind: str) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": _JSON_TYPES.get(kind, "string")}
        if kind == "choice":
            schema["enum"] = list(self.values)
        elif kind in ("integer", "number"):
            bounds = {"minimum": self.min, "maximum": self.max}
            schema.update({key: _plain(bound) for key, bound in bounds.items() if bound is not None})
        elif kind == "text":
            schema["minLength"] = 1
        elif kind == "icon":
            schema.update(enum=sorted(ICONS), description="a printkit icon")
        elif kind == "image":
            schema["description"] = "an art file inside the pack"
        return schema

    def problems(self, source: SourceFile, path: KeyPath) -> list[Problem]:
        """What makes no sense in the declaration at path in pack.yaml: a choice without values, a list
        without items, keys of another type, a min above its max."""
        problems = []
        kind = self.type if self.type != "list" else f"list of {self.items}"
        if self.type == "list" and self.items is None:
            problems.append(
                source.problem(
                    path + ("type",),
                    "a list needs the type of its entries",
                    "add items: " + _either(list(typing.get_args(ItemType))),
                )
            )
        for key, types, given in (
            ("items", ("list",), self.items is not None and self.type != "list"),
            ("values", ("choice",), self.values and self.single != "choice"),
            ("min", ("integer", "number"), self.min is not None and self.single not in ("integer", "number")),
            ("max", ("integer", "number"), self.max is not None and self.single not in ("integer", "number")),
        ):
            if given:
                problems.append(
                    source.problem(
                        path + (key,),
                        f"{key} is for type: {' or '.join(types)}, not {kind}",
                        f"give it type: {types[0]}, or leave out {key}",
                    )
                )
        if self.single == "choice" and not self.values:
            problems.append(
                source.problem(path + ("type",), "a choice needs the values it may take", "add values: [A, B, ...]")
            )
        if self.min is not None and self.max is not None and self.min > self.max:
            problems.append(
                source.problem(path + ("min",), f"min {self.min:g} is more than max {self.max:g}", "swap them")
            )
        return problems


class PackMeta(Strict):
    """pack.yaml: what the pack is and the names its components refer to."""

    id: Id
    """The pack id; must equal the pack folder's name."""
    title: Text
    """The game's title as printed."""
    language: Literal["en"] = "en"
    """Source language of every text in the pack's YAML."""
    locales: list[LanguageTag] = ["en"]
    """Languages the kit is built in (BCP 47 tags: de, fr, pt-BR); every one but the source language
    needs its catalog."""
    editions: list[list[LanguageTag]] | None = None
    """The rulebook editions in two or more languages, each a list of locales in the order of its
    parts, e.g. [[en, de], [en, fr]]; by default the source language followed by each other locale.
    Every locale built has its own rulebook besides."""
    version: Text | None = None
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
    looks: dict[Id, LookDef] = {}
    """The pack's own looks, by id (more may be in YAML files in a looks/ folder): what is drawn on
    the components that name them in `look:`."""
    fields: dict[Id, FieldDecl] = {}
    """The pack's own values that components give under `data:`, by name, e.g. glow: {type: integer,
    min: 1, max: 6, label: Glow}."""
    fonts: dict[Id, FontFamily] = {}
    """Font families the pack brings, by the name its looks give in `font:` (not `sans` or `serif`,
    printkit's own)."""
    locale_fonts: dict[LanguageTag, Id] = {}
    """For a locale whose script printkit's fonts and the looks' fonts lack or set poorly, the family of
    `fonts:` its letters are set in, e.g. {ar: arabic, ja: japanese}: on components, letters of scripts
    other than Latin that the family has, and any character a look's font lacks, are set in it (bold
    and italic in its styles); Latin letters, digits and punctuation keep the look's font. The
    rulebook of that locale is set in it too."""

    @field_validator("editions")
    @classmethod
    def _editions_of_locales(cls, editions: list[list[str]] | None, info: ValidationInfo) -> list[list[str]] | None:
        """Each edition names two or more of the pack's locales, each once, and no edition is given twice;
        refused at the offending entry (a ValidationError raised here is placed under `editions`)."""
        if editions is None or "locales" not in info.data:  # locales refused: that is the problem to report
            return editions
        locales = info.data["locales"]
        errors = []

        def refuse(loc: tuple[int, ...], message: str, hint: str | None) -> None:
            error = PydanticCustomError("printkit", "{message}", {"message": message, "hint": hint})
            errors.append(InitErrorDetails(type=error, loc=loc, input=editions))

        for index, edition in enumerate(editions):
            if edition in editions[:index]:  # what is wrong inside it is reported at the first
                refuse((index,), f"repeats editions[{editions.index(edition)}]", "give each edition once")
                continue
            if len(edition) < 2:
                got = f"'{edition[0]}'" if edition else "none"
                refuse((index,), f"must name two or more locales, got {got}", _EDITION_HINT)
            for place, lang in enumerate(edition):
                if lang in edition[:place]:
                    refuse((index, place), f"'{lang}' is already in this edition", "name each locale once")
                elif lang not in locales:
                    hint = did_you_mean(lang, locales) or f"add it to 'locales:', which has {', '.join(locales)}"
                    refuse((index, place), f"'{lang}' is not one of the pack's locales", hint)
        if errors:
            raise ValidationError.from_exception_data("editions", errors)
        return editions

    def texts(self) -> Iterator[tuple[KeyPath, str]]:
        """(key path, text) of every text of pack.yaml translators translate: its Text values and the
        defaults of its text fields; its looks' texts are templates, with keys of their own (look:ID/…)."""
        for path, _, value in marked_values(self, (), Translatable):
            if path[0] != "looks":
                yield path, value
        for name, declared in self.fields.items():
            for path, text in declared.texts(declared.default):
                yield ("fields", name, "default") + path, text


_EDITION_HINT = "every locale built has its own rulebook; an edition here is bilingual, e.g. [en, de]"


# The module these models name as theirs: it builds them when pickle asks it for them by name.
BUILT_MODELS = "printkit.content.built_models"


@cache
def pack_model() -> type[PackMeta]:
    """The model pack.yaml is read with: PackMeta whose rule sets take every registered rule kind.
    Built on first use, like the component-file model, so a rule kind registered by any module
    imported before the first pack is read is known; registering one afterwards is refused."""
    rules: Any = GenericAlias(dict, (Id, rule_set_model()))  # dict[Id, rule set]: as checks below
    return create_model(
        "PackMeta", __base__=PackMeta, __doc__=PackMeta.__doc__, __module__=BUILT_MODELS, rules=(rules, {})
    )


@cache
def rule_set_model() -> type[RuleSet]:
    """RuleSet whose checks take every registered rule kind (see pack_model)."""
    checks: Any = GenericAlias(list, rule_union())  # list[rule kinds]: a type built now, which mypy cannot see
    return create_model(
        "RuleSet", __base__=RuleSet, __doc__=RuleSet.__doc__, __module__=BUILT_MODELS, checks=(checks, [])
    )


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
    tags: tuple[Id, ...] = ()
    """Free labels that rules can select by (e.g. giant, silver)."""
    look: Id | None = None
    """The look it is drawn with: one of the pack's `looks` or a built-in one (`printkit looks list`);
    by default `defaults.looks` of its section, else the built-in look of its kind."""
    data: Annotated[dict[str, Any] | None, WithJsonSchema({"type": "object"})] = None
    """Values of the fields pack.yaml declares under `fields:`, by name, e.g. {glow: 4}. (None, not an
    empty mapping, when given none: pydantic would copy an empty default into each of 10,000 cards.)"""

    def __copy__(self) -> Component:
        copied = super().__copy__()
        object.__setattr__(copied, "origin", self.origin)
        return copied

    def __getstate__(self) -> dict[Any, Any]:  # pickled with its origin: pydantic's state leaves slots out
        state = super().__getstate__()
        if hasattr(self, "origin"):
            state["origin"] = self.origin
        return state

    def __setstate__(self, state: dict[Any, Any]) -> None:
        super().__setstate__(state)
        if "origin" in state:
            object.__setattr__(self, "origin", state["origin"])

    @property
    def named(self) -> str:
        """How a player's list names it in messages: its printed name (in the pack's language, as the
        YAML writes it) and its id, 'Fire Imp' (fire-imp); its id alone when it has no name."""
        return f"'{self.name}' ({self.id})" if self.name else f"'{self.id}'"

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        """What is wrong with the component that no single value of it shows; source is the file the
        loader read it from, defaults the pack's. Nothing, for most kinds."""
        return []

    def outline(self, defaults: Defaults) -> Outline:
        """What it is cut along."""
        raise NotImplementedError

    def trim(self, defaults: Defaults) -> Size:
        """The trim size: the box its outline fills."""
        raise NotImplementedError

    def builtin_look(self) -> str:
        """The id of printkit's built-in look for it: its kind's, e.g. chip."""
        return self.kind.replace(" ", "-")

    def look_id(self, defaults: Defaults) -> str:
        """The look it is drawn with: its own, its section's default, or the built-in one."""
        return self.look or defaults.looks.get(self.section) or self.builtin_look()

    def texts(self, fields: dict[str, FieldDecl]) -> Iterator[tuple[KeyPath, str]]:
        """(key path, text) of every text of the component translators translate: its Text values and
        what its `data:` gives for the pack's text fields (fields: the pack's declarations)."""
        for path, _, value in marked_values(self, (), Translatable):
            yield path, value
        for name, value in (self.data or {}).items():
            if name in fields:
                for path, text in fields[name].texts(value):
                    yield ("data", name) + path, text


class Rectangular(Component):
    """A component cut as a rectangle, whose corners may be rounded."""

    corner_radius: Length | None = None
    """Rounds the corners of a rectangle to this radius (poker cards: 3mm); at most half the short side."""

    def given_size(self, defaults: Defaults) -> Size:
        """The size the component gives, or the pack's default for its kind."""
        raise NotImplementedError

    def outline(self, defaults: Defaults) -> Outline:
        """What it is cut along."""
        return rectangle(self.corner_radius)

    def trim(self, defaults: Defaults) -> Size:
        """The trim size: the box its outline fills."""
        return self.outline(defaults).trim(self.given_size(defaults))

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


ShapeName = Literal["rect", "round", "hex", "polygon", "custom"]
PolygonSides = Annotated[
    int, whole(3, 12, "sides of the polygon", "its edges: 3 for a triangle, 8 for an octagon; a second face is a back")
]


class Shaped(Rectangular):
    """A component of any shape: a rectangle (its corners may be rounded), a circle, a hexagon or
    another regular polygon (and, with `CustomShaped`, a polygon of the designer's own)."""

    shape: ShapeName = "rect"
    """rect (default), round, hex, polygon (with sides) or custom (with points). A round, hex or
    polygon piece is given one length: its diameter, or its width across the flats."""
    orientation: Literal["flat", "pointy"] | None = None
    """Of a hex or polygon: flat (default), a side at the bottom; pointy, a corner at the bottom."""
    sides: PolygonSides | None = None
    """Of a polygon: how many sides (an octagon: 8). Its size is given across the flats."""

    @property
    def corner_points(self) -> list[CustomPoint] | None:
        """The corners of a custom shape, for kinds that take one."""
        return None

    def outline(self, defaults: Defaults) -> Outline:
        shape, points = self.shape, self.corner_points
        if shape == "round":
            return ROUND
        if shape == "hex" or shape == "polygon" and self.sides:
            return regular_polygon(6 if shape == "hex" else self.sides or 0, self.orientation or "flat")
        if shape == "custom" and points and not _points_problem(points, self.given_size(defaults), self.kind):
            return custom_polygon(list(points), self.given_size(defaults))
        return super().outline(defaults)  # a rectangle (validation refuses a polygon it cannot draw)

    def corner_problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        if self.shape != "rect" and self.corner_radius is not None:
            return [
                source.problem(
                    self.origin.path + ("corner_radius",),
                    f"corner_radius rounds a rectangle's corners, not a {self.shape} {self.kind}'s",
                    "give it shape: rect, or leave out corner_radius",
                )
            ]
        return super().corner_problems(source, defaults)

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        """Keys that belong to another shape, a shape its keys do not make, and its corner radius."""
        path, shape = self.origin.path, self.shape
        problems = []
        given = {"orientation": self.orientation, "sides": self.sides, "points": self.corner_points}
        for key, shapes in (("orientation", ("hex", "polygon")), ("sides", ("polygon",)), ("points", ("custom",))):
            if given[key] is None or shape in shapes:
                continue
            taken = [s for s in shapes if s in self.shapes()]  # only shapes this kind can be given
            problems.append(
                source.problem(
                    path + (key,),
                    f"{key} is for shape: {' or '.join(taken)}, not {shape}",
                    f"give it shape: {taken[0]}, or leave out {key}",
                )
                if taken
                else source.problem(
                    path + (key,),
                    f"{key} is for shape: {' or '.join(shapes)}, and a {self.kind} is {' or '.join(self.shapes())}",
                    f"leave out {key}",
                )
            )
        if shape == "polygon" and self.sides is None:
            problems.append(
                source.problem(path + ("shape",), "a polygon needs its number of sides", "add sides: N, from 3 to 12")
            )
        if shape == "custom" and self.corner_points is None:
            problems.append(
                source.problem(
                    path + ("shape",), "a custom shape needs its corners", "add points: [[x, y], ...] inside its size"
                )
            )
        size = self.given_size(defaults)
        if shape in ("hex", "polygon", "round") and size.width != size.height:
            across = f"a {shape} {self.kind} is given one length, " + (
                "its diameter" if shape == "round" else "the size across its flats"
            )
            shown = f"{size.width:g}x{size.height:g}mm"
            if self.size_key in self.model_fields_set:
                problems.append(
                    source.problem(
                        path + (self.size_key,), f"{across}; got {shown}", f"e.g. {self.size_key}: {min(size):g}mm"
                    )
                )
            else:  # the size the kind falls back to: the user wrote only the shape
                fallback = f"defaults.{self.size_default}" if self.size_default else f"a {self.kind}'s own size"
                problems.append(
                    source.problem(
                        path + ("shape",),
                        f"{across}; {fallback} is {shown}",
                        f"give it {self.size_key}: {min(size):g}mm",
                    )
                )
        if shape == "custom" and self.corner_points is not None:
            problem = _points_problem(self.corner_points, size, self.kind)
            if problem:
                problems.append(source.problem(path + ("points",) + problem[0], problem[1], problem[2]))
        return problems + self.corner_problems(source, defaults)

    size_key: ClassVar[str] = "size"  # the key its size is given by
    size_default: ClassVar[str] = ""  # the key of pack defaults its size falls back to; "" for one of its own

    def given_size(self, defaults: Defaults) -> Size:
        """Its `size`, or the pack's default for its kind (`size_default`)."""
        size: Size | None = getattr(self, "size", None)
        return size or getattr(defaults, self.size_default)

    @classmethod
    def shapes(cls) -> tuple[str, ...]:
        """The shapes this kind can be given: the values its `shape` field takes."""
        return typing.get_args(cls.model_fields["shape"].annotation)


class CustomShaped(Shaped):
    """A component that may also be cut along a polygon of the designer's own (`shape: custom`)."""

    points: CustomPoints | None = None
    """Of a custom shape: its corners in order, [x, y] lengths from the top-left corner of its size (x
    right, y down), each inside the size; they must outline a simple polygon (no edge crosses or
    touches another, no corner repeats)."""

    @property
    def corner_points(self) -> list[CustomPoint] | None:
        return self.points


def _points_problem(given: list[CustomPoint], size: Size, kind: str) -> tuple[KeyPath, str, str] | None:
    """Why a custom shape's points make no simple polygon inside its size: (key path under points,
    message, hint), or None. Validation and every drawing of the outline ask: the answer is kept."""
    return _simple_polygon_problem(tuple(given), size, kind)


@lru_cache(maxsize=1024)  # bounded: a long run sees many packs
def _simple_polygon_problem(given: tuple[Point, ...], size: Size, kind: str) -> tuple[KeyPath, str, str] | None:
    points = list(given)
    if len(points) < 3:
        return (), f"a custom shape needs at least 3 corners, got {len(points)}", "give its corners in order"
    for index, (x, y) in enumerate(points):
        if not (0 <= x <= size.width and 0 <= y <= size.height):
            return (
                (index,),
                f"corner [{x:g}mm, {y:g}mm] lies outside the {kind}'s size, {size.width:g}x{size.height:g}mm",
                "measure corners from the top-left corner of its size, x right and y down",
            )
    for index, point in enumerate(points):
        if point in points[:index]:
            return (index,), f"corner {index + 1} repeats corner {points.index(point) + 1}", "give each corner once"
    if on_one_line(points):  # before the crossings: such an outline runs back over itself
        return (), "the corners lie on one line and enclose no area", "give corners that are not all on one line"
    crossing = crossing_sides(points)
    if crossing:
        first, second = crossing
        return (
            (second,),
            f"the outline crosses itself: the edge from corner {first + 1} and the edge from corner {second + 1} meet",
            "list the corners in order around the shape",
        )
    return None


def _edges_hint(sides: tuple[str, ...], given: list[str]) -> str:
    """What to do about the edges given to a piece with these sides: too few, or another shape's."""
    if set(given) <= set(sides):
        return "give each edge its terrain, clockwise from the top"
    if sides == SQUARE_SIDES:
        return "hex tiles (shape: hex) name their edges n, ne, se, s, sw, nw (flat) or ne, e, se, sw, w, nw (pointy)"
    if set(given) <= set(SQUARE_SIDES):
        return "top, right, bottom and left are the edges of a square tile: for one, leave out shape: hex"
    other = "pointy" if sides == HEX_SIDES["flat"] else "flat"
    if set(given) <= set(HEX_SIDES[other]):
        return f"{', '.join(HEX_SIDES[other])} are the edges of a {other} hex: for one, give it orientation: {other}"
    return f"name its edges {', '.join(sides)}, clockwise from the top"


def _space_problems(source: SourceFile, sides: list[tuple[KeyPath, Any, dict[str, int]]]) -> list[Problem]:
    """Spaces on a terrain that no edge of their tile side or printed square shows; sides are
    (key path, edges, spaces)."""
    problems = []
    for path, edges, spaces in sides:
        shown = {getattr(edges, side) for side in edges.given}
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


class ChipSide(Strict):
    """One side of a double-sided marker or chip."""

    label: Text | None = None
    """Word printed on this side, e.g. Active."""
    value: Annotated[int, whole(0, 999, "number on this side")] | None = None
    """Large number printed on this side, e.g. victory points."""
    color: Colour
    """Background colour of this side."""


@component_kind("cards")
class Card(CustomShaped):
    """A playing card."""

    kind: ClassVar[str] = "card"
    size_default: ClassVar[str] = "card_size"
    size: SizeMM | None = None
    """Trim size (one length for a round, hex or polygon card); defaults to `defaults.card_size`."""
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


SQUARE_SIDES = ("top", "right", "bottom", "left")
HEX_SIDES = {"flat": ("n", "ne", "se", "s", "sw", "nw"), "pointy": ("ne", "e", "se", "sw", "w", "nw")}
"""The edges of a square and of a hexagon, clockwise from the top."""


class TerrainEdges(Strict):
    """The terrain on each edge: top, right, bottom and left of a square; n, ne, se, s, sw and nw of a
    flat hex; ne, e, se, sw, w and nw of a pointy one."""

    top: TerrainRef | None = None
    """Of a square."""
    right: TerrainRef | None = None
    """Of a square."""
    bottom: TerrainRef | None = None
    """Of a square."""
    left: TerrainRef | None = None
    """Of a square."""
    n: TerrainRef | None = None
    """North, the top side of a flat hex."""
    ne: TerrainRef | None = None
    """North-east, of a flat or a pointy hex."""
    e: TerrainRef | None = None
    """East, the right side of a pointy hex."""
    se: TerrainRef | None = None
    """South-east, of a flat or a pointy hex."""
    s: TerrainRef | None = None
    """South, the bottom side of a flat hex."""
    sw: TerrainRef | None = None
    """South-west, of a flat or a pointy hex."""
    w: TerrainRef | None = None
    """West, the left side of a pointy hex."""
    nw: TerrainRef | None = None
    """North-west, of a flat or a pointy hex."""

    def along(self, sides: tuple[str, ...]) -> list[str]:
        """The terrains on these sides (each given: validation refuses a tile that lacks one)."""
        return [getattr(self, side) or "" for side in sides]

    @property
    def given(self) -> list[str]:
        return [side for side in type(self).model_fields if getattr(self, side) is not None]

    def problems(self, source: SourceFile, path: KeyPath, sides: tuple[str, ...], what: str) -> list[Problem]:
        """Edges of another shape, or a missing one, for a piece with these sides."""
        given = self.given
        if given == [side for side in sides if side in given] and len(given) == len(sides):
            return []
        missing = [side for side in sides if side not in given]
        other = [side for side in given if side not in sides]
        named = ", ".join(sides)
        if other:
            message = f"a {what} has {len(sides)} edges, {named}; got {', '.join(given)}"
        else:
            message = f"a {what} has {len(sides)} edges, {named}; {', '.join(missing)} missing"
        return [source.problem(path + ("edges",), message, _edges_hint(sides, given))]


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


Spaces = dict[TerrainRef, Annotated[int, whole(1, 4, "spaces")]]
"""Spaces for inhabitants, per terrain of a tile: each holds one inhabitant once its island is complete."""


@component_kind("tiles")
class Tile(Shaped):
    """A tile with a typed terrain on each edge: square, or a hexagon (`shape: hex`)."""

    kind: ClassVar[str] = "tile"
    size_default: ClassVar[str] = "tile_size"
    shape: Literal["rect", "hex"] = "rect"
    """rect (a square) or hex; the terrain on each edge names the edges of the shape."""
    size: SizeMM | None = None
    """Trim size; defaults to `defaults.tile_size`. A hex tile is given one length, across the flats
    (50mm: 57.7mm across the corners)."""
    edges: TerrainEdges
    """Terrain on each edge; neighbouring edges must match. A square names top, right, bottom, left;
    a flat hex n, ne, se, s, sw, nw; a pointy hex ne, e, se, sw, w, nw."""
    cost: dict[ResourceRef, Annotated[int, whole(1, 100, "how many")]] = {}
    """What placing the tile costs, e.g. {green: 1, any: 1}."""
    points: Annotated[int, whole(0, 1000, "victory points")] | None = None
    """Victory points the tile is worth (a tile has no custom shape: it is square or a hexagon)."""
    effect: Literal["none", "one-time", "ongoing", "scoring"] = "none"
    spaces: Spaces = {}
    """Spaces for inhabitants on the tile, per terrain it shows, e.g. {woods: 1}."""
    text: Text | None = None
    back: BackRef | None = None
    """Back design; a tile with `reverse` prints that instead."""
    reverse: TileSide | None = None
    """The other side of a two-sided tile, its edges named like the front's."""

    def builtin_look(self) -> str:
        """A square tile's look or a hex tile's (its middle and text are laid out for its shape)."""
        return "hex-tile" if self.shape == "hex" else "tile"

    @property
    def edge_names(self) -> tuple[str, ...]:
        """Its edges, clockwise from the top: a square's or a hexagon's."""
        return HEX_SIDES[self.orientation or "flat"] if self.shape == "hex" else SQUARE_SIDES

    @property
    def what(self) -> str:
        """What a player calls it: a square tile, a flat hex tile."""
        return "square tile" if self.shape == "rect" else f"{self.orientation or 'flat'} hex tile"

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        sides = [(self.origin.path, self.edges, self.spaces)]
        if self.reverse is not None:
            sides.append((self.origin.path + ("reverse",), self.reverse.edges, self.reverse.spaces))
        edge_problems = [
            p for path, edges, _ in sides for p in edges.problems(source, path, self.edge_names, self.what)
        ]
        return edge_problems + _space_problems(source, sides) + super().problems(source, defaults)


class TileSide(Strict):
    name: Text | None = None
    """Name printed on this side."""
    edges: TerrainEdges
    """Terrain on each edge of this side, named as on the front (top … left, or the hex's sides)."""
    spaces: Spaces = {}
    """Spaces for inhabitants on this side, per terrain it shows."""
    color: Colour | None = None
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


Address = int | tuple[int, int]
"""Where a piece lies on a board: a square grid's square number, or a hex grid's (column, row)."""


class BoardGrid(Strict):
    """What every grid of a board answers: which cells it has, what they are called, where they lie
    and which tiles and turns fit them. A cell's address is a square's number on a square grid and
    (column, row) on a hex grid."""

    shape: str
    address_key: ClassVar[str]  # the key that gives a cell in tile lists and rulebook figures
    board_shape: ClassVar[str]  # what messages call a board with this grid: a square board, a hex board
    rotations: ClassVar[tuple[int, ...]]  # the turns a tile may take, in degrees clockwise
    columns: int
    rows: int
    numbered: bool

    @property
    def sides(self) -> tuple[str, ...]:
        """The edges of a cell, clockwise from the top: the edges a tile laid on it must have."""
        raise NotImplementedError

    def cells(self) -> list[Any]:
        """Every cell the grid prints, in reading order."""
        raise NotImplementedError

    def contains(self, cell: Any) -> bool:
        """Whether an address names a cell the grid prints."""
        raise NotImplementedError

    def name_of(self, cell: Any) -> str:
        """A cell as messages name it: 'square 5', 'cell 0304'."""
        raise NotImplementedError

    def label(self, cell: Any) -> str:
        """The number printed in a cell."""
        raise NotImplementedError

    @property
    def cells_are(self) -> str:
        """Which addresses name cells, for messages: 'squares are 1 to 9'."""
        raise NotImplementedError

    @property
    def extent(self) -> Size:
        """The grid's width and height."""
        raise NotImplementedError

    def box(self, cell: Any) -> tuple[float, float, float, float]:
        """A cell's box: its left side from the grid's left, its bottom side down from the grid's top,
        its width and height (in mm)."""
        raise NotImplementedError

    def neighbours(self, cell: Any) -> dict[str, Any]:
        """The cells across a cell's edges, by edge, on one side of it only (each pair of neighbours
        once): the square to the right and below, the hex cells across its second to fourth edges."""
        raise NotImplementedError

    def off_grid(self, cell: Any) -> str | None:
        """Why an address names no cell of the grid, or None when it names one."""
        return None if self.contains(cell) else f"{self.name_of(cell)} is not on the board; its {self.cells_are}"

    @classmethod
    def rotation_problem(cls, rotation: Any) -> tuple[str, str] | None:
        """(message, hint) for a turn a tile cannot take on a grid of this kind, or None."""
        if rotation in cls.rotations and not isinstance(rotation, bool):
            return None
        allowed = ", ".join(map(str, cls.rotations[:-1])) + f" or {cls.rotations[-1]}"
        return (
            f"must be {allowed} (degrees clockwise), got {shown_value(rotation)}",
            f"tiles turn in {cls.rotations[1]}° steps on a {cls.board_shape} board",
        )

    @property
    def tiles(self) -> str:
        """The tiles the grid takes, for messages."""
        return "square tiles" if self.sides == SQUARE_SIDES else f"{self.shape_words} tiles"

    def misfit(self, component: Component, board_id: str, *, by_name: bool = False) -> str | None:
        """Why a tile cannot lie in this grid's cells (its edges are another shape's), or None; the
        tile named by its id, or with by_name as a player's list names it."""
        if isinstance(component, Tile) and component.edge_names != self.sides:
            tile = component.named if by_name else f"'{component.id}'"
            return f"{tile} is a {component.what}; board '{board_id}' takes {self.tiles}"
        return None

    @property
    def shape_words(self) -> str:
        return self.shape


class Grid(BoardGrid):
    """A grid of squares, numbered from 1 left to right, top to bottom."""

    address_key: ClassVar[str] = "square"
    board_shape: ClassVar[str] = "square"
    rotations: ClassVar[tuple[int, ...]] = (0, 90, 180, 270)
    shape: Literal["square", "hex"] = "square"
    """square, or hex for a grid of hexagons (with orientation, columns, rows, size, numbered)."""
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
    def sides(self) -> tuple[str, ...]:
        return SQUARE_SIDES

    @property
    def count(self) -> int:
        """The squares the grid prints, numbered 1 to count: `squares`, or every square of the grid."""
        return min(self.squares or self.columns * self.rows, self.columns * self.rows)

    def cells(self) -> list[Any]:
        return list(range(1, self.count + 1))

    def contains(self, cell: Any) -> bool:
        return 1 <= cell <= self.count

    def name_of(self, cell: Any) -> str:
        return f"square {cell}"

    def label(self, cell: Any) -> str:
        return str(self.first + cell - 1)

    @property
    def cells_are(self) -> str:
        return f"squares are 1 to {self.count}"

    @property
    def extent(self) -> Size:
        return Size(self.columns * self.square, self.rows * self.square)

    def box(self, cell: Any) -> tuple[float, float, float, float]:
        row, column = self.row_column(cell)
        return column * self.square, (row + 1) * self.square, self.square, self.square

    def row_column(self, square: int) -> tuple[int, int]:
        """The row and column (from 0, top left) of a square numbered from 1, left to right, top to bottom."""
        return divmod(square - 1, self.columns)

    def neighbours(self, cell: Any) -> dict[str, Any]:
        row, column = self.row_column(cell)
        beside = {"right": cell + 1} if column + 1 < self.columns else {}
        return beside | ({"bottom": cell + self.columns} if row + 1 < self.rows else {})


class HexGrid(BoardGrid):
    """A grid of hexagons in columns and rows, as hex wargames print them. A cell is
    [column, row], both counted from 1 at the top left, or the number printed in it: two digits of
    column, two of row ('0304' is column 3, row 4). Flat hexes stand in columns, and the even columns
    (2, 4 …) sit half a cell lower than the odd ones; pointy hexes lie in rows, and the even rows sit
    half a cell further right."""

    address_key: ClassVar[str] = "cell"
    board_shape: ClassVar[str] = "hex"
    rotations: ClassVar[tuple[int, ...]] = (0, 60, 120, 180, 240, 300)
    shape: Literal["hex"]
    """hex: a grid of hexagons (leave shape out, or give square, for squares)."""
    orientation: Literal["flat", "pointy"] = "flat"
    """flat: a side of each cell at the top; pointy: a corner at the top."""
    columns: Annotated[int, whole(1, MAX_CELL, "cells across")]
    rows: Annotated[int, whole(1, MAX_CELL, "cells down")]
    size: Length
    """Across the flats of one cell (a hex tile of this size fills it)."""
    numbered: bool = True
    """Print each cell's number (column and row, e.g. 0304) small below its top."""

    @property
    def sides(self) -> tuple[str, ...]:
        return HEX_SIDES[self.orientation]

    @property
    def shape_words(self) -> str:
        return f"{self.orientation} hex"

    def cells(self) -> list[Any]:
        return [(column, row) for row in range(1, self.rows + 1) for column in range(1, self.columns + 1)]

    def contains(self, cell: Any) -> bool:
        column, row = cell
        return 1 <= column <= self.columns and 1 <= row <= self.rows

    def name_of(self, cell: Any) -> str:
        return f"cell {self.label(cell)}"

    def label(self, cell: Any) -> str:
        column, row = cell
        return f"{column:02d}{row:02d}"

    @property
    def cells_are(self) -> str:
        return f"cells are 0101 to {self.label((self.columns, self.rows))}"

    @property
    def cell_size(self) -> Size:
        """One cell's box: across the corners by across the flats (turned for pointy hexes)."""
        return regular_polygon(6, self.orientation).trim(Size(self.size, self.size))

    def centre(self, cell: Any) -> Point:
        """A cell's centre from the grid's top left (x right, y down): neighbours in a column (flat)
        or a row (pointy) lie one cell apart, the next column or row three quarters of a cell on."""
        column, row = cell
        w, h = self.cell_size
        if self.orientation == "flat":
            return w / 2 + (column - 1) * w * 0.75, h / 2 + (row - 1) * h + (h / 2 if column % 2 == 0 else 0)
        return w / 2 + (column - 1) * w + (w / 2 if row % 2 == 0 else 0), h / 2 + (row - 1) * h * 0.75

    @property
    def extent(self) -> Size:
        w, h = self.cell_size
        if self.orientation == "flat":
            return Size(w + (self.columns - 1) * w * 0.75, self.rows * h + (h / 2 if self.columns > 1 else 0))
        return Size(self.columns * w + (w / 2 if self.rows > 1 else 0), h + (self.rows - 1) * h * 0.75)

    def box(self, cell: Any) -> tuple[float, float, float, float]:
        (x, y), (w, h) = self.centre(cell), self.cell_size
        return x - w / 2, y + h / 2, w, h

    def neighbours(self, cell: Any) -> dict[str, Any]:
        # The cells whose centres lie one across-flats size away; the direction to one names the edge
        # between them (the edges clockwise from the top, 60 degrees apart).
        column, row = cell
        x, y = self.centre(cell)
        first = 90 if self.orientation == "flat" else 60  # the direction of the first edge, anticlockwise from east
        found = {}
        nearby = [(column + dc, row + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dc or dr]
        for other in filter(self.contains, nearby):
            ox, oy = self.centre(other)
            if abs(math.hypot(ox - x, oy - y) - self.size) > 1e-6:
                continue
            index = round((first - math.degrees(math.atan2(y - oy, ox - x))) / 60) % 6
            if 1 <= index <= 3:
                found[index] = other
        return {self.sides[index]: found[index] for index in sorted(found)}


def _grid_kind(value: Any) -> str:
    shape = value.get("shape") if isinstance(value, dict) else getattr(value, "shape", None)
    return "hex-grid" if shape == "hex" else "square-grid"


GRID_KINDS: dict[str, type[BoardGrid]] = {"square-grid": Grid, "hex-grid": HexGrid}
"""The grids a board takes, by the tag pydantic puts into error locations (chosen by `shape`)."""


class PrintedSquare(Strict):
    """A square printed with terrain, like a tile already placed there (a board side with islands)."""

    square: Annotated[int, whole(1, 400, "square number, left to right, top to bottom")]
    edges: TerrainEdges
    spaces: Spaces = {}


@component_kind("boards")
class Board(Rectangular):
    """A game board: a grid of squares or hexagons inside a margin."""

    kind: ClassVar[str] = "board"
    holds_pieces: ClassVar[bool] = True
    grid: Annotated[
        Annotated[Grid, Tag("square-grid")] | Annotated[HexGrid, Tag("hex-grid")], Discriminator(_grid_kind)
    ]
    """Squares, or hexagons with `shape: hex`."""
    margin: Length = 6.0
    """Frame around the grid."""
    title: Text | None = None
    """Text printed in the bottom margin."""
    printed: list[PrintedSquare] = []
    """Squares printed with terrain, which count as tiles already placed (square grids only)."""

    @property
    def trim_size(self) -> Size:
        """The printed board: the grid, the margin around it and, with a title, a footer for it."""
        extent = self.grid.extent
        return Size(extent.width + 2 * self.margin, extent.height + 2 * self.margin + self.footer)

    @property
    def footer(self) -> float:
        """The height of the strip below the bottom margin where the title goes; none without one."""
        return self.margin * 1.6 if self.title else 0

    def given_size(self, defaults: Defaults) -> Size:
        return self.trim_size

    @property
    def footer_box(self) -> Box:
        """The strip below the grid, between the side margins, where the title goes: its lower left
        corner, width and height in mm from the board's lower left corner."""
        return Box(self.margin, 0.0, self.trim_size.width - 2 * self.margin, self.margin + self.footer)

    def cell_box(self, cell: Address) -> tuple[float, float, float, float]:
        """A cell's box (lower left corner, width, height) in mm from the board's lower left corner:
        the grid lies inside the margin at the top, the title's footer below it."""
        left, bottom, width, height = self.grid.box(cell)
        top = self.trim_size.height - self.margin
        return self.margin + left, top - bottom, width, height

    @model_validator(mode="after")
    def _printable(self) -> Board:
        width, height = self.trim_size
        if max(width, height) > MAX_LENGTH_MM:
            cells = "squares" if isinstance(self.grid, Grid) else "cells"
            raise PydanticCustomError(
                "printkit",
                "{message}",
                {
                    "message": f"the board would be {width:g}x{height:g}mm; at most {MAX_LENGTH_MM:g}mm a side",
                    "hint": f"use fewer or smaller {cells}, or a narrower margin",
                },
            )
        return self

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        """Printed squares that are not on the board or repeat one, their spaces' terrains, and its
        corner radius."""
        problems, sides, seen = [], [], set()
        if self.printed and not isinstance(self.grid, Grid):
            problems.append(
                source.problem(
                    self.origin.path + ("printed",),
                    "printed terrain is for square boards; a hex board prints none",
                    "lay terrain tiles on its cells instead",
                )
            )
        else:
            for index, printed in enumerate(self.printed):
                path = self.origin.path + ("printed", index)
                off_grid = self.grid.off_grid(printed.square)
                if off_grid or printed.square in seen:
                    problem = off_grid or f"square {printed.square} is printed twice"
                    problems.append(source.problem(path + ("square",), problem))
                seen.add(printed.square)
                sides.append((path, printed.edges, printed.spaces))
                problems += printed.edges.problems(source, path, SQUARE_SIDES, "printed square")
        return problems + _space_problems(source, sides) + super().problems(source, defaults)


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


Card.model_rebuild()
Tile.model_rebuild()


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


@cache
def component_file_model() -> type[BaseModel]:
    """The model of a component file: one optional list per registered section."""
    sections: dict[str, Any] = {section: (GenericAlias(list, cls), []) for section, cls in COMPONENT_KINDS.items()}
    return create_model("ComponentFile", __base__=Strict, **sections)


@cache
def _component_file_schema() -> str:
    return json.dumps(component_file_model().model_json_schema())


def component_schema(meta: PackMeta | None, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON Schema of a pack's component files (or the schema given): `data:` takes the fields the
    pack declares and `stats:` its stats, each with its type, and no other key."""
    schema = json.loads(_component_file_schema()) if schema is None else schema
    if meta is None:
        return schema
    declared = {
        "data": {name: field.json_schema() for name, field in meta.fields.items()},
        "stats": {name: {"type": "number"} for name in meta.stats},
    }
    kinds = {cls.__name__ for cls in COMPONENT_KINDS.values()}
    for definition in [d for d in schema.get("$defs", {}).values() if d.get("title") in kinds]:
        for key, properties in declared.items():
            prop = definition.get("properties", {}).get(key)
            if prop is not None:
                prop.pop("patternProperties", None)
                prop.pop("propertyNames", None)
                prop.update(additionalProperties=False, properties=properties)
    return schema
