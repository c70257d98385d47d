"""What pack.yaml may say: the pack's own registries (elements, terrains, stats,
card types, tags, backs, fields, fonts), its defaults and imposition, as pydantic classes.

Takes: pack.yaml's plain data. Returns: a validated `PackMeta` (`pack_model()` builds the class
with every registered rule kind); what needs the whole pack is checked by `content.validate`.
"""

from __future__ import annotations

import builtins
import typing
from collections.abc import Iterator
from functools import cache
from types import GenericAlias
from typing import TYPE_CHECKING, Any, Literal

from pydantic import (
    Field,
    ValidationError,
    ValidationInfo,
    create_model,
    field_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from printkit.base.errors import KeyPath, Problem, ValueProblem, did_you_mean, shown_value
from printkit.base.icons import PRINTKITS_ICONS, Icons
from printkit.base.units import Size
from printkit.content.fields import (
    BackRef,
    Colour,
    Distance,
    FilePath,
    IconRef,
    Id,
    LanguageTag,
    Length,
    Number,
    PlainText,
    Ref,
    SizeMM,
    Strict,
    Text,
    Translatable,
    finite_number,
    marked_values,
    parse_file_path,
    parse_text,
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
    """Icon drawn for this element: one of printkit's, or of the pack's icons/ folder (icons/NAME.svg)."""


class Terrain(Strict):
    name: Text
    """Name of the edge type, e.g. Woods."""
    color: Colour
    """Colour of this terrain on tile edges."""
    icon: IconRef | None = None
    """Icon of this terrain: one of printkit's, or of the pack's icons/ folder (icons/NAME.svg)."""
    sky: bool = False
    """Sky rather than land (Skylands' clouds): drawn as soft clouds, and land meets it with a coast."""


class Rarity(Strict):
    name: Text
    """Name of the rarity, e.g. Star."""
    icon: IconRef | None = None
    """Icon of this rarity: one of printkit's, or of the pack's icons/ folder (icons/NAME.svg)."""


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
    def labelled(self) -> bool:
        """Whether printkit's card looks label the field's value (the badges widget): every type but
        an image, which is art, not a label."""
        return self.single != "image"

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

    def json_schema(self, icons: Icons = PRINTKITS_ICONS) -> dict[str, Any]:
        """The JSON Schema of the field's values under `data:`, described by its label; an icon is one
        of icons (printkit's, and the pack's own when given)."""
        schema = self._single_schema(self.type, icons)
        if self.type == "list":
            schema["items"] = self._single_schema(self.items, icons) if self.items else {}
        return schema | ({"description": self.label} if self.label else {})

    def _single_schema(self, kind: str, icons: Icons) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": _JSON_TYPES.get(kind, "string")}
        if kind == "choice":
            schema["enum"] = list(self.values)
        elif kind in ("integer", "number"):
            bounds = {"minimum": self.min, "maximum": self.max}
            schema.update({key: _plain(bound) for key, bound in bounds.items() if bound is not None})
        elif kind == "text":
            schema["minLength"] = 1
        elif kind == "icon":
            schema.update(enum=icons.names(), description="an icon: printkit's or the pack's")
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


class Source(Strict):
    """The document a pack follows (a game's rules): every value and rule it does not mark as the kit's
    own (`kit:`) is a claim about this document."""

    title: PlainText
    """The document's title as its cover gives it, e.g. Skystones tournament rules."""
    version: PlainText | None = None
    """Its version or date, e.g. 1.1 or 2012; left out when the document gives none."""


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
    source: Source | None = None
    """The document the pack follows: its title and version, named in the rulebook's section on what
    the kit adds to it."""
    defaults: Defaults = Defaults()
    """Paper, sizes, back and looks for components that do not give their own."""
    imposition: Imposition = Imposition()
    """How pieces are laid out on the sheets: margins, gutters, cut lines and the safe zone."""
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
