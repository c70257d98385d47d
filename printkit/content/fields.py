"""Value types of the content model: how a single YAML value is read and what it must look like.

Takes: single values from YAML (text, numbers, mappings).
Returns: pydantic annotated types (`Id`, `Text`, `Length`, `SizeMM`, `whole(low, high)` …) whose
refusals carry a message and hint in YAML words, the `Strict` base of every model, and the `Ref`
marker for ids that must name an entry of a pack registry.
"""

from __future__ import annotations

import ast
import inspect
import math
import re
import textwrap
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any

from annotated_types import GroupedMetadata
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainValidator, WithJsonSchema
from pydantic_core import PydanticCustomError

from printkit.base.errors import KeyPath, ValueProblem, did_you_mean, shown_value
from printkit.base.languages import UnknownLanguage, canonical, cldr
from printkit.base.units import Size, parse_distance, parse_length, parse_size


class Translatable:
    """Marks text that translators translate: it goes into the pack's gettext catalog."""


def pydantic_parser(parse: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Wrap a parser so its ValueProblem becomes a pydantic error carrying message and hint. Only a
    ValueProblem: any other error is a bug in the parser, not a problem of the value."""

    def validate(value: Any) -> Any:
        try:
            return parse(value)
        except ValueProblem as problem:
            raise PydanticCustomError(
                "printkit", "{message}", {"message": problem.message, "hint": problem.hint}
            ) from problem

    return validate


@dataclass(frozen=True)
class whole(GroupedMetadata):  # lower case: read as part of a type,: `Annotated[int, whole(1, 20, "rows")]`
    """Accepts only whole numbers from low to high, saying so (and giving the hint, if any) when it refuses."""

    low: int
    high: int
    description: str
    hint: str | None = None

    def __iter__(self) -> Iterator[object]:
        yield BeforeValidator(pydantic_parser(self._parse))
        yield WithJsonSchema(
            {"type": "integer", "minimum": self.low, "maximum": self.high, "description": self.description}
        )

    def _parse(self, value: Any) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise ValueProblem(
                f"must be a whole number from {self.low} to {self.high}, got {shown_value(value)}", self.hint
            )
        return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not finite_number(value):
        raise ValueProblem(f"must be a number, got {shown_value(value)}")
    return value


def finite_number(number: float) -> bool:
    """Whether a number is finite and fits a float (a YAML integer may have hundreds of digits)."""
    try:
        return math.isfinite(number)
    except OverflowError:
        return False


_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def parse_id(value: Any) -> str:
    if not isinstance(value, str) or not _ID.match(value):
        hint = None
        if isinstance(value, str):
            slug = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")
            hint = f"for example '{slug}'" if slug else None
        raise ValueProblem(f"must be lowercase letters, digits and dashes, got {shown_value(value)}", hint)
    return value


_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _colour(value: Any) -> str:
    if not isinstance(value, str) or not _COLOUR.match(value):
        raise ValueProblem(f"must be a colour written '#rrggbb', like '#d94f2b', got {shown_value(value)}")
    return value.lower()


def parse_text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueProblem(f"must be text, got {shown_value(value)}", "put quotes around it")
    if not value.strip():
        raise ValueProblem("must not be empty")
    refuse_control_characters(value)
    return value


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f]")  # C0 but tab and line feed


def refuse_control_characters(text: str) -> None:
    """A text holds no control character but tab and line feed: no font prints one, and XML (the XLIFF
    translators exchange) cannot hold one, nor a carriage return as written."""
    found = _CONTROL.search(text)
    if found:
        raise ValueProblem(
            f"holds the control character U+{ord(found.group()):04X}, which can be neither printed nor "
            "exchanged with translators",
            "remove it; a text may hold new lines and tabs",
        )


def parse_language(value: Any) -> str:
    """A BCP 47 tag CLDR knows, in its canonical spelling (`pt-br` reads as `pt-BR`)."""
    if not isinstance(value, str):
        raise ValueProblem(f"must be a language tag such as fr or pt-BR, got {shown_value(value)}")
    try:
        cldr(value)
    except UnknownLanguage as unknown:
        raise ValueProblem(str(unknown), unknown.hint) from None
    return canonical(value)


LanguageTag = Annotated[
    str,
    BeforeValidator(pydantic_parser(parse_language)),
    WithJsonSchema({"type": "string", "description": "BCP 47 language tag, such as fr, pt-BR or zh-Hans"}),
]
Id = Annotated[
    str,
    BeforeValidator(pydantic_parser(parse_id)),
    WithJsonSchema({"type": "string", "pattern": _ID.pattern, "description": "lowercase id"}),
]


class PackText(str):
    """A text a designer gave a context or a note for translators (`{text: Bolt, context: the spell}`):
    it reads, prints and compares as its text; its catalog entry takes the context as msgctxt, so two
    equal English texts of different contexts are translated apart, and the note as a `#.` line."""

    context: str | None
    note: str | None

    def __new__(cls, text: str, context: str | None = None, note: str | None = None) -> PackText:
        made = super().__new__(cls, text)
        made.context, made.note = context, note
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (the build cache) with its context and note
        return PackText, (str(self), self.context, self.note)


_TEXT_KEYS = ("text", "context", "note")


def parse_pack_text(value: Any) -> str:
    """A translatable text: written as it is, or as a mapping of its text with a context and/or a
    note for translators."""
    if not isinstance(value, dict):
        return parse_text(value)
    unknown = [key for key in value if key not in _TEXT_KEYS]
    if unknown:
        raise ValueProblem(
            f"a text written as a mapping takes text, context and note, not {shown_value(unknown[0])}",
            did_you_mean(str(unknown[0]), _TEXT_KEYS) or "write it as {text: Bolt, context: the spell}",
        )
    if "text" not in value:
        raise ValueProblem("a text written as a mapping needs its text", "write it as {text: Bolt, context: the spell}")
    text = parse_text(value["text"])
    context, note = (None if value.get(key) is None else parse_text(value[key]) for key in ("context", "note"))
    return PackText(text, context, note) if context or note else text


_TEXT_SCHEMA = {"type": "string", "minLength": 1}
Text = Annotated[
    str,
    PlainValidator(pydantic_parser(parse_pack_text)),
    WithJsonSchema(
        {
            "anyOf": [
                _TEXT_SCHEMA,
                {
                    "type": "object",
                    "description": "a text with a context (its catalog entry's msgctxt) or a note for translators",
                    "properties": {
                        "text": _TEXT_SCHEMA,
                        "context": {**_TEXT_SCHEMA, "description": "tells this text from an equal English one"},
                        "note": {**_TEXT_SCHEMA, "description": "a note for translators"},
                    },
                    "required": ["text"],
                    "additionalProperties": False,
                },
            ]
        }
    ),
    Translatable(),
]
PlainText = Annotated[
    str, BeforeValidator(pydantic_parser(parse_text)), WithJsonSchema({"type": "string", "minLength": 1})
]
Colour = Annotated[
    str,
    BeforeValidator(pydantic_parser(_colour)),
    WithJsonSchema({"type": "string", "pattern": _COLOUR.pattern, "description": "#rrggbb"}),
]
Number = Annotated[float, BeforeValidator(pydantic_parser(_number)), WithJsonSchema({"type": "number"})]
Length = Annotated[
    float,
    BeforeValidator(pydantic_parser(parse_length)),
    WithJsonSchema({"type": ["string", "number"], "description": "length: 63mm, 2.5in, 1cm, 12pt or mm"}),
]
Distance = Annotated[
    float,
    BeforeValidator(pydantic_parser(parse_distance)),
    WithJsonSchema({"type": ["string", "number"], "description": "length that may be 0"}),
]
SizeMM = Annotated[
    Size,
    BeforeValidator(pydantic_parser(parse_size)),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "description": "63x88mm, 2.5in x 3.5in or a preset"},
                {"type": "object", "properties": {"width": {}, "height": {}}, "required": ["width", "height"]},
            ]
        }
    ),
]
MAX_CORNERS = 64  # of a custom shape: plenty for a die-cut outline; the simple-polygon check grows with the square


def _corner_list(value: Any) -> Any:
    """A custom shape's list of corners, refused before its corners are read when it is far too long."""
    if not isinstance(value, list):
        raise ValueProblem(f"must be a list of corners [[x, y], ...], got {shown_value(value)}")
    if len(value) > MAX_CORNERS:
        raise ValueProblem(
            f"a custom shape takes at most {MAX_CORNERS} corners, got {len(value)}",
            "trace the outline with fewer corners: a cutter follows straight edges between them",
        )
    return value


def parse_corner(value: Any) -> tuple[float, float]:
    """One corner of a custom shape: [x, y], lengths (zero allowed) from the top-left corner of its size."""
    if not isinstance(value, list) or len(value) != 2:
        got = f"{len(value)} values" if isinstance(value, list) else shown_value(value)
        raise ValueProblem(
            f"must be [x, y], two lengths from the top-left corner of its size, got {got}",
            "e.g. [10mm, 0mm]: x runs right, y down",
        )
    corner = []
    for axis, length in zip("xy", value, strict=True):
        try:
            corner.append(parse_distance(length))
        except ValueProblem as problem:
            raise ValueProblem(f"{axis} {problem.message}", problem.hint) from problem
    return corner[0], corner[1]


CustomPoint = Annotated[
    tuple[float, float],
    BeforeValidator(pydantic_parser(parse_corner)),
    WithJsonSchema(
        {
            "type": "array",
            "items": {"type": ["string", "number"]},
            "minItems": 2,
            "maxItems": 2,
            "description": "[x, y]: lengths from the top-left corner of the size, x right, y down",
        }
    ),
]
CustomPoints = Annotated[
    list[CustomPoint], BeforeValidator(pydantic_parser(_corner_list)), Field(max_length=MAX_CORNERS)
]
_CELL = re.compile(r"[0-9]{4}")  # a wargame's cell number: two digits of column, two of row
MAX_CELL = 99  # the highest column or row a cell number can name


def parse_cell(value: Any) -> tuple[int, int]:
    """A hex board's cell as (column, row), counted from 1 at the top left: `[3, 4]` or the number
    printed in the cell, '0304'."""
    if isinstance(value, str) and _CELL.fullmatch(value):
        column, row = int(value[:2]), int(value[2:])
    elif isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        column, row = value
    else:
        raise ValueProblem(
            f"must be [column, row] or the cell's number in quotes, got {shown_value(value)}",
            "e.g. cell: [3, 4] or cell: '0304', counted from 1 at the top left",
        )
    if not (1 <= column <= MAX_CELL and 1 <= row <= MAX_CELL):
        raise ValueProblem(f"columns and rows count from 1 to {MAX_CELL}, got column {column}, row {row}")
    return column, row


Cell = Annotated[
    tuple[int, int],
    BeforeValidator(pydantic_parser(parse_cell)),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": MAX_CELL}},
                {"type": "string", "pattern": _CELL.pattern},
            ],
            "description": "[column, row] from 1 at the top left, or the cell's number: '0304'",
        }
    ),
]
MAX_FILE_PATH = 255  # characters: the longest file name most file systems take


def parse_file_path(value: Any) -> str:
    if isinstance(value, str) and any(ord(char) < 32 or ord(char) == 127 for char in value):
        raise ValueProblem(f"must be a file path without control characters, got {shown_value(value)}")
    value = parse_text(value)
    if len(value) > MAX_FILE_PATH:
        raise ValueProblem(f"must be a file path of at most {MAX_FILE_PATH} characters, got {len(value)}")
    return value


FilePath = Annotated[
    str,
    BeforeValidator(pydantic_parser(parse_file_path)),
    WithJsonSchema({"type": "string", "description": "a file inside the pack folder"}),
]


class Ref:
    """Marks an id that must name an entry of a pack registry (`elements`, `backs` …), checked by validate."""

    def __init__(self, registry: str):
        self.registry = registry


def entry_registry(markers: tuple) -> str | None:
    """The pack registry whose entry an id with these markers names (element -> elements); None when
    it names none (files and icons are no registry entries)."""
    return next((m.registry for m in markers if isinstance(m, Ref) and m.registry not in ("files", "icons")), None)


ElementRef = Annotated[Id, Ref("elements")]
RarityRef = Annotated[Id, Ref("rarities")]
StatRef = Annotated[Id, Ref("stats")]
TerrainRef = Annotated[Id, Ref("terrains")]
BackRef = Annotated[Id, Ref("backs")]
IconRef = Annotated[Id, Ref("icons")]
ArtFile = Annotated[FilePath, Ref("files")]
TypeRef = Annotated[Id, Ref("types")]
AbilityRef = Annotated[Id, Ref("abilities")]
ResourceRef = Annotated[Id, Ref("resources")]
Count = Annotated[int, whole(0, 10_000, "copies to print")]
Edge = Annotated[int, whole(0, 9, "attack points on this edge")]


def marked_values(model: BaseModel, path: KeyPath, marker_type: type) -> Iterator[tuple[KeyPath, Any, Any]]:
    """Every (key path, marker, value) in a model whose type carries a marker of marker_type (a Ref,
    Translatable …), following nested models, lists and mapping keys."""
    for name, annotation, markers in _marked_fields(type(model), marker_type):
        yield from _walk(getattr(model, name), annotation, markers, path + (name,), marker_type)


def _walk(value: Any, annotation: Any, markers: tuple, path: KeyPath, marker_type: type) -> Iterator:
    if value is None:
        return
    for marker in markers:
        if isinstance(marker, marker_type):
            yield path, marker, value
    if isinstance(value, BaseModel):
        yield from marked_values(value, path, marker_type)
    elif isinstance(value, dict):
        (key_type, key_markers), (value_type, value_markers) = [
            peeled(a) for a in typing.get_args(_member(annotation, dict)) or (Any, Any)
        ]
        for key, item in value.items():
            yield from _walk(key, key_type, key_markers, path + (key,), marker_type)
            if _may_hold(value_type, value_markers, marker_type):
                yield from _walk(item, value_type, value_markers, path + (key,), marker_type)
    elif isinstance(value, list):
        item_type, item_markers = peeled((typing.get_args(_member(annotation, list)) or (Any,))[0])
        if _may_hold(item_type, item_markers, marker_type):
            for index, item in enumerate(value):
                yield from _walk(item, item_type, item_markers, path + (index,), marker_type)


# Worked out once per model class and type: walking a big deck asks the same questions 10,000 times.
_MARKED_FIELDS: dict[tuple[type, type], list[tuple[str, Any, tuple]]] = {}
_PEELED: dict[int, tuple[Any, Any, tuple]] = {}  # by id: Annotated types with dict metadata do not hash


def _marked_fields(cls: type[BaseModel], marker_type: type) -> list[tuple[str, Any, tuple]]:
    """(name, type, markers) of the fields of a model that can hold a value marked marker_type."""
    key = (cls, marker_type)
    if key not in _MARKED_FIELDS:
        _MARKED_FIELDS[key] = []  # a model that nests itself holds nothing more through itself
        fields = []
        for name, info in cls.model_fields.items():
            annotation, markers = peeled(info.annotation)
            markers = tuple(info.metadata) + markers
            if _may_hold(annotation, markers, marker_type):
                fields.append((name, annotation, markers))
        _MARKED_FIELDS[key] = fields
    return _MARKED_FIELDS[key]


def peeled(annotation: Any) -> tuple[Any, tuple]:
    """The type under Annotated and Optional layers, and the markers those layers carry (a union of
    several types stays a union)."""
    if id(annotation) not in _PEELED:
        inner, markers = annotation, []
        while True:
            origin = typing.get_origin(inner)
            if origin is typing.Annotated:
                markers += inner.__metadata__
                inner = typing.get_args(inner)[0]
            elif _is_union(inner) and len([a for a in typing.get_args(inner) if a is not type(None)]) == 1:
                inner = next(a for a in typing.get_args(inner) if a is not type(None))
            else:
                break
        _PEELED[id(annotation)] = (annotation, inner, tuple(markers))  # the annotation keeps its id taken
    return _PEELED[id(annotation)][1:]


def _is_union(annotation: Any) -> bool:
    return typing.get_origin(annotation) is typing.Union or type(annotation).__name__ == "UnionType"


def _member(annotation: Any, container: type) -> Any:
    """Of a union, the member that is a container (dict or list) like the value found; else annotation."""
    if not _is_union(annotation):
        return annotation
    return next((a for a in typing.get_args(annotation) if typing.get_origin(a) is container), Any)


def _may_hold(annotation: Any, markers: tuple, marker_type: type) -> bool:
    """Whether a value of this type, or anything inside it, can carry a marker of marker_type."""
    if any(isinstance(marker, marker_type) for marker in markers):
        return True
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return bool(_marked_fields(annotation, marker_type))
    return any(_may_hold(*peeled(arg), marker_type) for arg in typing.get_args(annotation))


class Strict(BaseModel):
    """Every printkit model: unknown keys are errors, field docs become schema descriptions."""

    # Validators are built on first use, so a build pays only for the models it reads.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


def with_field_docs(schema: dict) -> dict:
    """A model's JSON Schema with each property described by its field's docstring (the string
    written under it). Only `printkit schema` shows them, and having pydantic read every class's
    source would cost each build 50 ms of start-up."""
    models: dict[str, type[Strict]] = {}
    pending: list[type[Strict]] = [Strict]
    while pending:
        model = pending.pop()
        pending += model.__subclasses__()
        models[model.__name__] = model
    for definition in [schema, *schema.get("$defs", {}).values()]:
        cls = models.get(definition.get("title", ""))
        if cls is None:
            continue
        docs: dict[str, str] = {}
        for base in reversed(cls.__mro__):  # a subclass's docstring wins over its base's
            if issubclass(base, Strict):
                docs.update(_attribute_docstrings(base))
        names = {info.alias: name for name, info in cls.model_fields.items() if info.alias}  # from: start
        for key, prop in definition.get("properties", {}).items():
            name = names.get(key, key)
            if name in docs:
                prop["description"] = docs[name]
    return schema


def _attribute_docstrings(cls: type) -> dict[str, str]:
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):  # made at run time, it has no source
        return {}
    definition = ast.parse(source).body[0]
    assert isinstance(definition, ast.ClassDef), "the source of a class is its class statement"
    body = definition.body
    return {
        node.target.id: inspect.cleandoc(after.value.value)
        for node, after in zip(body, body[1:], strict=False)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and isinstance(after, ast.Expr)
        and isinstance(after.value, ast.Constant)
        and isinstance(after.value.value, str)
    }
