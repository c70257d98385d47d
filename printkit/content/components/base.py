"""What every component kind is: `Component` and its shaped variants, and the registry of kinds.

Takes: a component's plain data. Returns: validated components; kinds register with
`@component_kind(section)` (the top-level key of a component file: `cards:`, `tiles:` ...), and each
asks the checks only it knows through `Component.problems`.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, NamedTuple

from pydantic import WithJsonSchema

from printkit.base.errors import KeyPath, Problem
from printkit.base.outlines import (
    ONE_LENGTH,
    SHAPE_KEYS,
    Outline,
    Point,
    ShapeName,
    crossing_sides,
    named_outline,
    on_one_line,
    rectangle,
)
from printkit.base.units import Size
from printkit.content.fields import (
    Colour,
    Count,
    CustomPoint,
    CustomPoints,
    Id,
    Length,
    Strict,
    Text,
    Translatable,
    marked_values,
    whole,
)
from printkit.content.pack_meta import Defaults, FieldDecl
from printkit.content.provenance import Kit

if TYPE_CHECKING:
    from printkit.content.source import SourceFile


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
    # None, not an empty mapping, when given none: pydantic would copy an empty default into each of
    # 10,000 cards.
    data: Annotated[dict[str, Any] | None, WithJsonSchema({"type": "object"})] = None
    """Values of the fields pack.yaml declares under `fields:`, by name, e.g. {glow: 4}."""
    kit: Kit | None = None
    """What of it is the kit's own, not its source's: a kind (estimated, invented, house-rule,
    reading) for the whole component, or value paths with a kind each, e.g. {cost: estimated,
    ability: invented}. Printed as a mark on it and listed in the rulebook."""

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
        size, points = self.given_size(defaults), self.corner_points
        # Corners that outline no simple polygon are left out (a rectangle stands in): validation refuses them.
        drawn = list(points) if points and not _points_problem(points, size, self.kind) else None
        return named_outline(self.shape, size, self.corner_radius, self.orientation, self.sides, drawn)

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
        for key, shapes in SHAPE_KEYS.items():
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
        if shape in ONE_LENGTH and size.width != size.height:
            across = f"a {shape} {self.kind} is given one length, {ONE_LENGTH[shape]}"
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
