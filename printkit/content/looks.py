"""Looks as data: what is drawn on a component, and where, written in YAML.

Takes: the `looks:` mapping of pack.yaml, the YAML files of a pack's `looks/` folder, and printkit's
built-in looks (`builtin_looks/*.yaml`, the same YAML, shipped in the package).
Returns: `LookDef` models whose boxes, colours, conditions and text templates are parsed already,
and a look with what it extends merged in (`merged`; which look a component is drawn with is
`Component.look_id`). What needs the whole pack (placeholders naming nothing, boxes outside a trim,
cycles of `extends`, widgets on kinds they do not draw) is checked by `printkit.content.validate`
with the helpers here: where a box lies (`placed`), every element with its key path (`walk`) and the
values it names (`element_paths`), the looks one extends (`lineage`) and the circles they make (`extends_cycles`), the kinds each widget draws
(`WIDGET_KINDS`) and the names of the computed values that printkit.faces implements
(`COMPUTED_VALUES`).

Coordinates are those a designer measures on a printed card: from the top-left corner of the trim
(or of the group an element is in), x to the right, y down. A measure is a length (`12mm`, `0.5in`,
a bare number in mm), a share of the frame (`50%`), or both (`100% - 6mm`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

import yaml
from pydantic import AfterValidator, BeforeValidator, ConfigDict, Field, RootModel, WithJsonSchema, model_validator

from printkit.base.errors import KeyPath, ValueProblem, did_you_mean, shown_value
from printkit.base.outlines import Box, Outline
from printkit.base.package_data import folder
from printkit.base.units import MAX_LENGTH_MM, MM_PER_UNIT, Size
from printkit.content import braces
from printkit.content.fields import Id, Strict, Translatable, pydantic_parser, refuse_control_characters
from printkit.content.source import MAX_DEPTH, Loader

# --- measures and boxes ------------------------------------------------------------------------------


class Measure(NamedTuple):
    """share of the frame's length (width for x, height for y) plus millimetres."""

    share: float
    mm: float

    def of(self, length: float) -> float:
        return self.share * length + self.mm


_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_TERM = re.compile(rf"\s*+([+-]?)\s*+({_NUMBER})\s*+(%|[a-zA-Z]*+)\s*+")  # possessive: linear in any text


def parse_measure(value: Any) -> Measure:
    """`12mm`, `0.5in`, `8pt`, 12 (mm), `50%`, `100% - 6mm`, `-2mm`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _bounded(Measure(0.0, float(value)), value)
    if not isinstance(value, str) or not value.strip():
        raise ValueProblem(f"must be a length or a share like 12mm, 50% or 100% - 6mm, got {shown_value(value)}")
    share = mm = 0.0
    position = 0
    while position < len(value):
        term = _TERM.match(value, position)
        if term is None or term.end() == position or (position and not term.group(1)):
            raise ValueProblem(
                f"must be a length or a share like 12mm, 50% or 100% - 6mm, got {shown_value(value)}",
                "join a share and a length with + or -",
            )
        sign = -1.0 if term.group(1) == "-" else 1.0
        number, unit = float(term.group(2)) * sign, term.group(3).lower() or "mm"
        if unit == "%":
            share += number / 100
        elif unit in MM_PER_UNIT:
            mm += number * MM_PER_UNIT[unit]
        else:
            raise ValueProblem(f"unknown unit '{term.group(3)}' in {shown_value(value)}", "use mm, cm, in, pt or %")
        position = term.end()
    return _bounded(Measure(share, mm), value)


def _bounded(measure: Measure, value: Any) -> Measure:
    """A measure no piece could need is refused (and inf or nan would stop the PDF being written)."""
    if not (math.isfinite(measure.mm) and abs(measure.mm) <= MAX_LENGTH_MM and abs(measure.share) <= 100):
        raise ValueProblem(
            f"must be a length of at most {MAX_LENGTH_MM:g}mm or a share of at most 10000%, got {shown_value(value)}"
        )
    return measure


def _box(value: Any) -> tuple[Measure, Measure, Measure, Measure]:
    if not isinstance(value, list) or len(value) != 4:
        got = f"{len(value)} values" if isinstance(value, list) else shown_value(value)
        raise ValueProblem(
            f"must be [x, y, width, height], four measures, got {got}",
            "e.g. [5mm, 40mm, 50mm, 10mm] or [10%, 0%, 80%, 25%], from the top-left corner",
        )
    x, y, w, h = (parse_measure(v) for v in value)
    return x, y, w, h


def _point(value: Any) -> tuple[Measure, Measure]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueProblem(f"must be [x, y], got {shown_value(value)}", "e.g. [50%, 0%]: x runs right, y down")
    return parse_measure(value[0]), parse_measure(value[1])


def placed(frame: Box, box: tuple[Measure, Measure, Measure, Measure] | None) -> Box:
    """Where an element lies, from its measures in its frame (from the frame's top left); the
    whole frame when it gives no box."""
    if box is None:
        return frame
    fx, fy, fw, fh = frame
    (xs, xm), (ys, ym), (ws, wm), (hs, hm) = box  # unpacked, not Measure.of: a big deck places millions
    width, height = ws * fw + wm, hs * fh + hm
    return Box(fx + xs * fw + xm, fy + fh - ys * fh - ym - height, width, height)


_MEASURE_SCHEMA = {"type": ["string", "number"], "description": "12mm, 0.5in, 50% or 100% - 6mm"}
BoxM = Annotated[
    tuple[Measure, Measure, Measure, Measure],
    BeforeValidator(pydantic_parser(_box)),
    WithJsonSchema({"type": "array", "items": _MEASURE_SCHEMA, "minItems": 4, "maxItems": 4}),
]
PointM = Annotated[
    tuple[Measure, Measure],
    BeforeValidator(pydantic_parser(_point)),
    WithJsonSchema({"type": "array", "items": _MEASURE_SCHEMA, "minItems": 2, "maxItems": 2}),
]
MeasureM = Annotated[Measure, BeforeValidator(pydantic_parser(parse_measure)), WithJsonSchema(_MEASURE_SCHEMA)]


# --- values from the component: paths, templates, conditions, colours ---------------------------------

_ONE_PATH = r"[a-z_][a-z0-9_-]*(?:\.[a-z0-9_-]+)*"
_PATH = rf"{_ONE_PATH}(?:\|{_ONE_PATH})*"  # a|b: the first of them that is set
PATH = re.compile(_PATH)
# A value through one of the look's maps (`maps:`): {data.rarity:rarity-colours} is what the map
# rarity-colours gives for the card's rarity (the map named after the colon, as a format spec is).
_MAPPED = rf"{_PATH}(?::[a-z0-9-]+)?"
MAPPED = re.compile(_MAPPED)


def mapped(path: str) -> tuple[str, str | None]:
    """A path as a look writes it, cut into the value's path and the map it goes through (None: none)."""
    value, _, map_name = path.partition(":")
    return value, map_name or None


# Values a look may name that no single field holds, worked out from several by printkit.faces.face
# (which implements exactly these): name -> the pack registry whose entry it is, so that its parts
# are that entry's (design.title), or None for a plain value.
COMPUTED_VALUES: dict[str, str | None] = {
    "color": None,  # its own colour, else its element's, else its card type's, else its kind's
    "design": "backs",  # the back design it names, else defaults.back
    "kit": None,  # the marks of what of it is the kit's own (`kit:`), e.g. ≈; unset for none
    "rotation-track": None,  # the pack's defaults.rotation_track labels
    "type-rules": "types",  # its card type, when the type's rules are printed on every card of it
    "shaped": None,  # true when it is cut along anything but a rectangle
}


class Template(NamedTuple):
    """Text with {path} placeholders: literal parts and paths, in order (a path part is a 1-tuple)."""

    source: str
    parts: tuple[str | tuple[str], ...]

    @property
    def paths(self) -> list[str]:
        return [part[0] for part in self.parts if isinstance(part, tuple)]


def parse_template(value: Any) -> Template:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueProblem(f"must be text, got {shown_value(value)}", "put quotes around it")
    text = str(value)
    refuse_control_characters(text)
    parts: list[str | tuple[str]] = []
    for part in braces.parts(text):
        if part.kind == "field":
            if not MAPPED.fullmatch(part.text):
                raise ValueProblem(
                    f"'{{{part.text}}}' is not a placeholder",
                    "a placeholder names a value in lowercase: {name}, {data.glow} or {stats.attack}; {{ for a brace",
                )
            parts.append((part.text,))
        elif part.kind == "lone":
            raise ValueProblem(f"has a lone '{part.text}' in {shown_value(text)}", "write {{ or }} for a brace")
        else:
            parts.append(part.text)
    return Template(text, tuple(parts))


class Condition(NamedTuple):
    """A value set (or, negated, unset), or compared: `data.glow >= 5`, `rarity in [rare, mythic]`."""

    path: str
    negated: bool
    op: str = ""  # one of COMPARISONS, or "" for set/unset
    operands: tuple[float | str, ...] = ()  # numbers and words (ids, choice values), in order


COMPARISONS = ("==", "!=", "<=", ">=", "<", ">", "in")
_OPERAND = r"(?:'[^']*'|\"[^\"]*\"|[^\s,\[\]'\"=<>!]+)"
_CONDITION = re.compile(
    rf"\s*(?:(not)\s+({_PATH})|({_PATH})\s*(==|!=|<=|>=|<|>)\s*({_OPERAND})"
    rf"|({_PATH})\s+in\s+\[\s*({_OPERAND}(?:\s*,\s*{_OPERAND})*)\s*\]|({_PATH}))\s*"
)


def _operand(text: str) -> float | str:
    """A number, a quoted text, or a word (an id or a choice's value) as written."""
    if text[0] in "'\"":
        return text[1:-1]
    return float(text) if re.fullmatch(rf"-?{_NUMBER}", text) else text


def _conditions(value: Any) -> tuple[Condition, ...]:
    given = value if isinstance(value, list) else [value]
    conditions = []
    for item in given:
        match = _CONDITION.fullmatch(item) if isinstance(item, str) else None
        if match is None:
            raise ValueProblem(
                f"must name a value, 'not' and a value, a comparison, or a list of them, got {shown_value(item)}",
                "e.g. when: art, when: not art, when: data.glow >= 5, when: rarity in [rare, mythic] "
                "or when: [data.glow, not flavor]",
            )
        negated, compared, op, operand, member, words, path = match.group(2, 3, 4, 5, 6, 7, 8)
        if negated:
            conditions.append(Condition(negated, True))
        elif compared:
            conditions.append(Condition(compared, False, op, (_operand(operand),)))
        elif member:
            operands = tuple(_operand(word) for word in re.findall(_OPERAND, words))
            conditions.append(Condition(member, False, "in", operands))
        else:
            conditions.append(Condition(path, False))
    return tuple(conditions)


When = Annotated[
    tuple[Condition, ...],
    BeforeValidator(pydantic_parser(_conditions)),
    WithJsonSchema(
        {
            "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
            "description": "drawn only when each value is set (and not false); 'not PATH' for unset; "
            "'PATH >= 5' (==, !=, <, <=, >, >=) or 'PATH in [a, b]' to compare it",
        }
    ),
]
TemplateM = Annotated[Template, BeforeValidator(pydantic_parser(parse_template)), WithJsonSchema({"type": "string"})]
TextTemplate = Annotated[
    Template, BeforeValidator(pydantic_parser(parse_template)), WithJsonSchema({"type": "string"}), Translatable()
]

# A colour: '#rrggbb', a named ink, {path} (a colour the component has), or a function of colours:
# tint(C, 80%) towards paper, shade(C, 40%) towards ink, mix(A, B, 50%), contrast(C) the ink that reads on C.
NAMED_COLOURS = {"ink": "#1d1d1b", "paper": "#fbf8f1", "white": "#ffffff", "black": "#000000", "grey": "#7b8794"}
COLOUR_FUNCTIONS = {"tint": 2, "shade": 2, "mix": 3, "contrast": 1}
_TAKES = {  # what each function takes, in words and as an example
    "tint": "a colour and a share, e.g. tint({color}, 80%)",
    "shade": "a colour and a share, e.g. shade({color}, 40%)",
    "mix": "two colours and a share, e.g. mix({color}, '#ffffff', 50%)",
    "contrast": "one colour, e.g. contrast({color})",
}
Colour = tuple  # ("hex", "#rrggbb") | ("path", "element.color") | ("tint"|"shade"|"mix"|"contrast", args...)
_COLOUR_TOKEN = re.compile(r"\s*(#[0-9a-fA-F]{6}\b|\{" + _MAPPED + r"\}|[a-z]+|" + _NUMBER + r"%|[(),])")


def parse_colour(value: Any) -> Colour:
    if not isinstance(value, str):
        raise ValueProblem(f"must be a colour like '#d94f2b', got {shown_value(value)}")
    tokens, position = [], 0
    while position < len(value.rstrip()):
        token = _COLOUR_TOKEN.match(value, position)
        if token is None:
            raise ValueProblem(f"must be a colour like '#d94f2b' or tint({{color}}, 80%), got {shown_value(value)}")
        tokens.append(token.group(1))
        position = token.end()
    colour, rest = _colour_expression(tokens, value)
    if rest:
        raise ValueProblem(f"has '{rest[0]}' after the colour in {shown_value(value)}")
    return colour


def _colour_expression(tokens: list[str], text: str, depth: int = 1) -> tuple[Colour, list[str]]:
    if depth > MAX_DEPTH:  # as YAML's values; the parse and every walk over the colour recurse
        raise ValueProblem(f"colour functions are nested more than {MAX_DEPTH} levels deep in {shown_value(text)}")
    if not tokens:
        raise ValueProblem(f"ends where a colour is missing in {shown_value(text)}")
    head, rest = tokens[0], tokens[1:]
    if head.startswith("#"):
        return ("hex", head.lower()), rest
    if head.startswith("{"):
        return ("path", head[1:-1]), rest
    if head in NAMED_COLOURS:
        return ("hex", NAMED_COLOURS[head]), rest
    if head not in COLOUR_FUNCTIONS:
        raise ValueProblem(
            f"'{head}' is not a colour or colour function",
            did_you_mean(head, [*NAMED_COLOURS, *COLOUR_FUNCTIONS])
            or "write '#rrggbb', {color}, tint(C, 80%), shade(C, 40%), mix(A, B, 50%) or contrast(C)",
        )
    arity = COLOUR_FUNCTIONS[head]
    takes = ValueProblem(f"{head} takes {_TAKES[head]}; got {shown_value(text)}", "separate them with commas")
    if not rest or rest[0] != "(":
        raise takes
    rest = rest[1:]
    args: list[Any] = []
    for index in range(arity):
        is_share = head != "contrast" and index == arity - 1
        if is_share:
            if not rest or not rest[0].endswith("%"):
                raise takes
            args.append(float(rest[0][:-1]) / 100)
            rest = rest[1:]
        else:
            colour, rest = _colour_expression(rest, text, depth + 1)
            args.append(colour)
        closing = ")" if index == arity - 1 else ","
        if not rest or rest[0] != closing:
            raise takes
        rest = rest[1:]
    return (head, *args), rest


def colour_paths(colour: Colour) -> list[str]:
    if colour[0] == "path":
        return [colour[1]]
    return [path for arg in colour[1:] if isinstance(arg, tuple) for path in colour_paths(arg)]


ColourM = Annotated[
    Colour,
    BeforeValidator(pydantic_parser(parse_colour)),
    WithJsonSchema(
        {"type": "string", "description": "'#rrggbb', ink, paper, {color}, tint(C, 80%), shade(C, 40%), contrast(C)"}
    ),
]


def _font_size(value: Any) -> float | Measure:
    """Points, or a share of the box's height (`60%`)."""
    if isinstance(value, str) and value.strip().endswith("%"):
        measure = parse_measure(value)
        if measure.mm or measure.share <= 0:
            raise ValueProblem(f"must be points or a share of the box's height like 60%, got {shown_value(value)}")
        return measure
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 1 <= value <= 400:
        raise ValueProblem(f"must be points from 1 to 400 or a share of the box's height, got {shown_value(value)}")
    return float(value)


FontSize = Annotated[
    float | Measure,
    BeforeValidator(pydantic_parser(_font_size)),
    WithJsonSchema({"type": ["number", "string"], "description": "points, or a share of the box height: 60%"}),
]


# --- elements --------------------------------------------------------------------------------------------


class Drawn(Strict):
    id: Id | None = None
    """Names the element, so that a look extending this one can replace it (same id) or hide it."""
    box: BoxM | None = None
    """[x, y, width, height] from the top-left corner of the trim (or of the group it is in); the
    whole frame when left out."""
    when: When = ()
    """Drawn only when this value of the component is set: `art`, `data.glow`, `not flavor`, or a list."""


class Painted(Drawn):
    fill: ColourM | None = None
    """Colour inside; none when left out."""
    stroke: ColourM | None = None
    """Colour of the outline; none when left out."""
    stroke_width: MeasureM = Measure(0.0, 0.3)
    """Width of the outline."""


class RectSpec(Painted):
    radius: MeasureM = Measure(0.0, 0.0)
    """Corner radius."""


class CircleSpec(Painted):
    """The largest circle in the box, at its centre."""


class PolygonSpec(Painted):
    points: list[PointM] = Field(min_length=3, max_length=64)
    """Corners [x, y] inside the box (from its top-left corner; percentages of its size)."""


MIN_DASH_PATTERN_MM = 0.1  # a pattern repeated more often costs PDF viewers seconds a line


def _dash(pattern: list[float]) -> list[float]:
    """A dash pattern that repeats at least every MIN_DASH_PATTERN_MM: the PDF specification forbids
    one of zeros only."""
    if pattern and sum(pattern) < MIN_DASH_PATTERN_MM:
        raise ValueProblem(
            f"the dash pattern repeats every {sum(pattern):g} mm; at least every {MIN_DASH_PATTERN_MM:g} mm",
            "give dashes and gaps in millimetres, e.g. [1, 1]",
        )
    return pattern


class LineSpec(Drawn):
    start: PointM = Field(alias="from")
    """Where the line starts, [x, y] inside the box."""
    to: PointM
    """Where the line ends."""
    stroke: ColourM = ("hex", NAMED_COLOURS["ink"])
    stroke_width: MeasureM = Measure(0.0, 0.3)
    dash: Annotated[
        list[Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)]], AfterValidator(pydantic_parser(_dash))
    ] = []
    """Dash pattern in mm (e.g. [1, 1]); solid when empty."""


class TextSpec(Drawn):
    text: TextTemplate
    """The text, with {placeholders}; **bold**, *italic* and [icon] as in every printkit text."""
    font: str = "sans"
    """sans, sans-bold, sans-italic, serif, serif-bold … or a font family of the pack (`fonts:`)."""
    size: FontSize = 9.0
    """Largest size in points (or a share of the box height, 60%); shrunk to fit down to min_size."""
    min_size: float = Field(6.0, ge=1, le=400)
    """Smallest size in points; text that does not fit at it is an error."""
    align: Literal["left", "center", "right"] = "center"
    """Where its lines sit across the box."""
    valign: Literal["top", "middle", "bottom"] = "middle"
    """Where the text sits up and down the box."""
    color: ColourM = ("hex", NAMED_COLOURS["ink"])
    max_lines: int = Field(8, ge=1, le=200)
    """Most lines it may wrap to."""
    angle: Literal[0, 90, 180, 270] = 0
    """Turned counter-clockwise by this many degrees around the box's centre (set along the box's long side)."""


class ImageSpec(Drawn):
    image: TemplateM
    """An image file of the pack (PNG or JPEG), or a placeholder for one: {art}, {data.portrait}."""


class IconSpec(Drawn):
    icon: TemplateM
    """A printkit icon name, or a placeholder for one: {element.icon}."""
    color: ColourM = ("hex", NAMED_COLOURS["ink"])
    scale: float = Field(1.0, gt=0, le=4)
    """Size as a share of the box's shorter side."""


class RepeatSpec(IconSpec):
    count: TemplateM
    """How many times: a number or a placeholder for one ({data.glow})."""
    direction: Literal["across", "down"] = "across"
    """across: side by side, left to right; down: one below the other, from the top."""


class OutlineSpec(Painted):
    """The component's own outline (a hexagon's hexagon, a card's rounded rectangle), inset."""

    inset: MeasureM = Measure(0.0, 0.0)
    """How far inside the cut line; a share is of the shorter side."""
    bleed: bool = False
    """Reach out past the cut line by the bleed (a background), instead of the inset."""
    radius: MeasureM | None = None
    """Corner radius of an inset rectangle; the component's own when left out."""


class GroupSpec(Drawn):
    inside: MeasureM | None = None
    """The group's frame is the largest box of the trim's proportions inside the outline, its
    elements kept this far in from the outline (a hexagon card's content), instead of its box."""
    circle: bool = False
    """The group's frame is the square around the largest circle inside the outline (a chip's face)."""
    footer: bool = False
    """On a board, the group's frame is the strip below its grid, between its side margins, where
    its title goes (the footer and the bottom margin); elsewhere its box."""
    of: str | None = Field(None, pattern=r"^[a-z_][a-z0-9_-]*(\.[a-z0-9_-]+)*$")
    """Its placeholders name values of this part of the component: `of: back` makes {label} the
    back's label (a marker's faces, a tile's reverse)."""
    elements: list[LookElement]
    """Elements placed in the group's frame."""

    def frame(self, box: Box, outline: Outline, size: Size) -> Box:
        """Where its elements are measured from: its box, or the box inside the component's outline
        it asks for (`inside`, `circle`)."""
        if self.circle:
            inner = outline.circle_box(size)
        elif self.inside is not None:
            inner = outline.inner_box(size, self.inside.of(min(size)))
        else:
            return box
        return inner


FIELD_BADGES = "badges"  # the widget that prints the pack's declared fields a component gives: a generic place for them

WIDGETS = {
    "board-grid": "a board's squares or hexes with their numbers and printed terrain, where its grid lies",
    "ruler": "a ruler's bands, ticks and numbers along the strip from its zero (the box sets their height)",
    "terrain": "a tile's terrain along its edges, with its spaces",
    "edge-badges": "a card's edge values in badges pointing out of its sides",
    "stats": "a row of a card's stats with their short names, and derived values below",
    "badges": "a card's type and tag labels, and the values of the pack's declared fields it gives",
    "rotation-track": "the pack's rotation-track labels along the frame",
    "cost": "a dot per inhabitant a tile costs, in its colour",
    "effect": "a tile's kind of effect in printkit's words (one-time, ongoing or scoring effect)",
    "table": "a sheet's column headings, row labels and ruled lines",
}
# The kinds of component each widget can draw (by their kind, as messages name them).
WIDGET_KINDS: dict[str, tuple[str, ...]] = {
    "board-grid": ("board",),
    "ruler": ("ruler",),
    "terrain": ("tile",),
    "edge-badges": ("card",),
    "stats": ("card",),
    "badges": ("card",),
    "rotation-track": ("card",),
    "cost": ("tile",),
    "effect": ("tile",),
    "table": ("sheet",),
}
assert WIDGET_KINDS.keys() == WIDGETS.keys(), "each widget says what it draws"


class WidgetSpec(Drawn):
    name: str = Field(json_schema_extra={"enum": list(WIDGETS)})
    """What to draw: one of printkit's widgets (`printkit looks widgets` lists them)."""
    side: Literal["front", "reverse"] = "front"
    """For terrain: which side of a two-sided tile."""
    color: ColourM | None = None
    """The colour a widget draws in: rotation-track's ink, the edge-badges' badges, the stats' cells; for
    board-grid, ruler and table the colour their cells, bands and heading row are tinted from (the
    component's colour when left out)."""
    depth: MeasureM = Measure(0.085, 0.0)
    """For rotation-track: how deep the strip along each edge of its box is that a label is set in (a
    share is of the box's shorter side)."""

    @model_validator(mode="before")
    @classmethod
    def _known(cls, value: Any) -> Any:
        return pydantic_parser(_known_widget)(value)


def _known_widget(value: Any) -> Any:
    name = value.get("name") if isinstance(value, dict) else None
    if isinstance(name, str) and name not in WIDGETS:
        raise ValueProblem(f"unknown widget '{name}'", did_you_mean(name, WIDGETS) or "widgets: " + ", ".join(WIDGETS))
    return value


ELEMENT_KINDS: dict[str, type[Drawn]] = {
    "rect": RectSpec,
    "circle": CircleSpec,
    "polygon": PolygonSpec,
    "line": LineSpec,
    "text": TextSpec,
    "image": ImageSpec,
    "icon": IconSpec,
    "repeat": RepeatSpec,
    "outline": OutlineSpec,
    "group": GroupSpec,
    "widget": WidgetSpec,
}


def _one_element(value: Any) -> Any:
    if not isinstance(value, dict) or len(value) != 1:
        raise ValueProblem(
            f"must be one element named by its kind, got {shown_value(value)}",
            "e.g. - rect: {box: [0, 0, 100%, 20%], fill: '#ff00ff'}; kinds: " + ", ".join(ELEMENT_KINDS),
        )
    kind = next(iter(value))
    if kind not in ELEMENT_KINDS:
        raise ValueProblem(
            f"unknown element '{kind}'", did_you_mean(str(kind), ELEMENT_KINDS) or "kinds: " + ", ".join(ELEMENT_KINDS)
        )
    if value[kind] is None:  # `- circle:`, or `- circle: #ff0000`, whose unquoted # starts a comment
        raise ValueProblem(
            f"the {kind} element has no settings",
            "write them as a mapping; a colour goes in quotes, '#ff0000', as an unquoted # starts a comment",
        )
    return value


class LookElement(Strict):
    """One element of a look: a mapping with one key, its kind (rect, circle, polygon, line, text, image, icon,
    repeat, outline, group, widget)."""

    model_config = ConfigDict(json_schema_extra={"minProperties": 1, "maxProperties": 1})
    rect: RectSpec | None = None
    circle: CircleSpec | None = None
    polygon: PolygonSpec | None = None
    line: LineSpec | None = None
    text: TextSpec | None = None
    image: ImageSpec | None = None
    icon: IconSpec | None = None
    repeat: RepeatSpec | None = None
    outline: OutlineSpec | None = None
    group: GroupSpec | None = None
    widget: WidgetSpec | None = None

    @model_validator(mode="before")
    @classmethod
    def _one(cls, value: Any) -> Any:
        return pydantic_parser(_one_element)(value)

    @property
    def kind(self) -> str:
        return next(iter(self.model_fields_set))

    @property
    def spec(self) -> Drawn:
        return getattr(self, self.kind)


class LookDef(Strict):
    """A look: what is drawn on the front and back of the components that use it."""

    extends: Id | None = None
    """A look whose elements come first; this look's elements replace those with the same id (in
    their place, inside groups too), the others are drawn after (on top of) them."""
    hide: list[Id] = []
    """Ids of elements of the extended look to leave out (inside groups too)."""
    maps: dict[Id, dict[str | int, str]] = {}
    """Value lookup tables by name, each from a value (a choice's value, an id, a number) to what it
    stands for (a colour, a mark, an icon's name): `{data.rarity:rarity-colours}` is what the map
    rarity-colours gives for the rarity. They replace the maps of the same name of the look extended."""
    front: list[LookElement] | None = None
    """Elements of the front, drawn in order (later ones on top)."""
    back: list[LookElement] | None = None
    """Elements of the back; a component has a printed back when one of them is drawn for it."""


class LooksFile(RootModel[dict[Id, LookDef]]):
    """A YAML file of a pack's looks/ folder: look ids and their looks."""


# --- which look, and what it is with what it extends ----------------------------------------------------------


class Declared(NamedTuple):
    """A look and where it was read: the file as shown in messages and the key path there."""

    look: LookDef
    file: str
    path: KeyPath

    @property
    def builtin(self) -> bool:
        """One of printkit's looks, not the pack's own."""
        return self.file.startswith(BUILTIN_FILE)


BUILTIN_FILE = "printkit:looks"  # how messages name the built-in looks' file


_LOOK_FOLDERS = [
    Path(str(folder("printkit.content", "builtin_looks")))
]  # printkit's, then plugins' (add_builtin_looks)
_LOOK_FILES: dict[str, Path] = {}  # the files builtin_looks read, by the name messages give them


def add_builtin_looks(looks_folder: Path) -> None:
    """A plugin's folder of looks (*.yaml, as printkit's own), read with printkit's built-in looks;
    refused once those are read (when the first pack is), as a kind registered late would be."""
    if builtin_looks.cache_info().currsize:
        raise RuntimeError(
            f"looks of {looks_folder} added after the built-in looks were read; add them when the plugin's "
            "module is imported, before any pack is read"
        )
    _LOOK_FOLDERS.append(looks_folder)


@cache
def builtin_looks() -> dict[str, Declared]:
    """printkit's own looks (and plugins'), read once from their YAML files."""
    looks: dict[str, Declared] = {}
    for looks_folder in _LOOK_FOLDERS:
        for path in sorted(looks_folder.glob("*.yaml")):
            parsed = LooksFile.model_validate(yaml.load(path.read_text(encoding="utf-8"), Loader=Loader))
            name = f"{BUILTIN_FILE}/{path.name}"
            _LOOK_FILES.setdefault(name, path)
            for look_id, look in parsed.root.items():
                looks.setdefault(look_id, Declared(look, name, (look_id,)))  # printkit's own win
    return looks


def builtin_source(look_id: str) -> str:
    """The YAML text of a built-in look's file, as shipped (for `printkit looks show`)."""
    return _LOOK_FILES[builtin_looks()[look_id].file].read_text(encoding="utf-8")


def merged(looks: dict[str, Declared], look_id: str) -> tuple[list[LookElement], list[LookElement]]:
    """A look's front and back elements with what it extends merged in; extends must be acyclic
    (validate checks it first)."""
    front: list[LookElement] = []
    back: list[LookElement] = []
    for ancestor in reversed(lineage(looks, look_id)):  # the furthest first; a loop, not recursion: chains may be long
        look = looks[ancestor].look
        hidden = set(look.hide)
        front, back = _over(front, look.front, hidden), _over(back, look.back, hidden)
    return front, back


def maps_of(looks: dict[str, Declared], look_id: str) -> dict[str, dict[str, str]]:
    """A look's maps with those of what it extends (its own win), their keys as text: a value is
    looked up by its text (a number as 5, a registry entry by its id)."""
    maps: dict[str, dict[str, str]] = {}
    for ancestor in reversed(lineage(looks, look_id)):
        maps |= {
            name: {str(key): value for key, value in table.items()} for name, table in looks[ancestor].look.maps.items()
        }
    return maps


def _over(base: list[LookElement], own: list[LookElement] | None, hidden: set[str]) -> list[LookElement]:
    """base without the hidden elements, each element of own put in the place of those with its id
    (inside groups too: a built-in card's name lies in its content group), or on top when none has it."""
    replacing = {element.spec.id: element for element in own or [] if element.spec.id}
    result, replaced = _replaced(base, replacing, hidden)
    return result + [element for element in own or [] if element.spec.id not in replaced]


def _replaced(
    elements: list[LookElement], replacing: dict[str, LookElement], hidden: set[str]
) -> tuple[list[LookElement], set]:
    """The elements with those of an id in hidden left out and those of an id in replacing replaced,
    through groups, and the ids that were replaced."""
    result: list[LookElement] = []
    replaced: set[str] = set()
    for element in elements:
        spec = element.spec
        if spec.id in hidden:
            continue
        if spec.id in replacing:
            result.append(replacing[spec.id])
            replaced.add(spec.id)
        elif isinstance(spec, GroupSpec):
            inner, inner_replaced = _replaced(spec.elements, replacing, hidden)
            replaced |= inner_replaced
            # an element left out or replaced at any depth: a group that holds a changed one is new too
            changed = len(inner) != len(spec.elements) or any(
                a is not b for a, b in zip(inner, spec.elements, strict=True)
            )
            result.append(
                element.model_copy(update={"group": spec.model_copy(update={"elements": inner})})
                if changed
                else element
            )
        else:
            result.append(element)
    return result, replaced


MAX_LINEAGE = 64  # a look and the looks it extends, one after another: validate refuses a longer chain


def extends_cycles(looks: dict[str, Declared]) -> dict[str, list[str]]:
    """Every circle of extends, by its look that comes first in looks: the ids from that look round
    to it again (['a', 'b', 'a']). Each look is walked once, however long the chains."""
    order = {look_id: index for index, look_id in enumerate(looks)}
    walked: set[str] = set()
    cycles = {}
    for start in looks:
        path: dict[str, None] = {}  # the looks of this walk, in order
        current: str | None = start
        while current in looks and current not in walked and current not in path:
            path[current] = None
            current = looks[current].look.extends
        if current in path:
            ring = list(path)[list(path).index(current) :]
            first = ring.index(min(ring, key=order.__getitem__))
            cycles[ring[first]] = ring[first:] + ring[:first] + [ring[first]]
        walked.update(path)
    return cycles


def lineage(looks: dict[str, Declared], look_id: str) -> list[str]:
    """The look and the looks it extends, nearest first, as far as they are declared and do not go
    round in a circle, and no more than MAX_LINEAGE + 1 of them (more is refused by validate)."""
    chain: list[str] = []
    seen: set[str] = set()
    while look_id in looks and look_id not in seen and len(chain) <= MAX_LINEAGE:
        chain.append(look_id)
        seen.add(look_id)
        look_id = looks[look_id].look.extends or ""
    return chain


def walk(elements: list[LookElement] | None, at: KeyPath = (), of: str = "") -> Iterator[tuple[KeyPath, Drawn, str]]:
    """Every element, a group's after the group: the key path of its spec (`front, 2, group,
    elements, 0, text`, from at), the spec, and the part of the component its placeholders name
    (`back.` inside a group with `of: back`)."""
    for index, element in enumerate(elements or []):
        path, spec = at + (index, element.kind), element.spec
        yield path, spec, of
        if isinstance(spec, GroupSpec):
            yield from walk(spec.elements, path + ("elements",), f"{of}{spec.of}." if spec.of else of)


def printed_fields(looks: dict[str, Declared], look_id: str) -> tuple[frozenset[str], bool]:
    """The declared fields a look (with what it extends) prints by name (a text, icon, image, count,
    colour or `when:` naming `data.X`; not in a group of a part, `of: back`, which names the part's
    values), and whether it holds the FIELD_BADGES widget, which prints the others."""
    elements = [(spec, of) for side in merged(looks, look_id) for _, spec, of in walk(side)]
    named = frozenset(
        choice.removeprefix("data.")
        for spec, of in elements
        if not of
        for _, path, _ in element_paths(spec)
        for choice in mapped(path)[0].split("|")
        if choice.startswith("data.")
    )
    return named, any(isinstance(spec, WidgetSpec) and spec.name == FIELD_BADGES and not of for spec, of in elements)


def element_paths(spec: Drawn) -> Iterator[tuple[str, str, str]]:
    """The values an element names: (its key holding the name, the path, the name as written there)."""
    for condition in spec.when:
        yield "when", condition.path, f"'{condition.path}'"
    for key in ("text", "image", "icon", "count"):
        template = getattr(spec, key, None)
        if isinstance(template, Template):
            yield from ((key, path, f"{{{path}}}") for path in template.paths)
    for key in ("fill", "stroke", "color"):
        colour = getattr(spec, key, None)
        if colour is not None:
            yield from ((key, path, f"{{{path}}}") for path in colour_paths(colour))
    if isinstance(spec, GroupSpec) and spec.of:
        yield "of", spec.of, f"'{spec.of}'"
