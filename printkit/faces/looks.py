"""Draw a component through its look: the YAML elements of `printkit.content.looks`, filled in with the
component's values.

Takes: a validated pack (its looks, built-in and its own), a component, the locale being built.
Returns: `look_of(pack, component)`, which gives the component's trim size and outline and draws its
front and back as drawing primitives in millimetres inside its trim box (origin bottom-left, as PDF
has it; the YAML measures from the top-left). A look is merged with what it extends once per pack
and look, and its elements are compiled into a plan (`plan`) once per frame, size and outline, not
per component: boxes placed, `when:` conditions, colours and templates compiled
(`printkit.faces.face`), so that drawing a face only looks up the values it names; a widget element
is drawn by its drawer (`printkit.faces.widgets`). Text that does not fit, and values a look names that a component cannot
give, are collected as problems on the `LookContext`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from printkit.base.outlines import Box, Outline
from printkit.base.palette import INK
from printkit.base.shapes import Circle, Image, Line, Path, Rect, Vector, rotated
from printkit.base.units import MM_PER_POINT, Size
from printkit.content.components.base import Component
from printkit.content.components.boards import Board
from printkit.content.looks import (
    CircleSpec,
    Drawn,
    GroupSpec,
    IconSpec,
    ImageSpec,
    LineSpec,
    LookElement,
    Measure,
    OutlineSpec,
    Painted,
    PolygonSpec,
    RectSpec,
    RepeatSpec,
    TextSpec,
    WidgetSpec,
    maps_of,
    merged,
    placed,
)
from printkit.content.pack import Pack
from printkit.content.values import Values, outline, predicate, trim
from printkit.faces import (  # each registers its widgets
    card_parts,  # noqa: F401
    grids,  # noqa: F401
    terrain,  # noqa: F401
)
from printkit.faces.face import Face, colour_of, template_of
from printkit.faces.paint import Drawing, LookContext
from printkit.faces.widgets import WIDGET_DRAWERS

Side = Literal["front", "back"]

# --- drawing: a look compiled into a plan ----------------------------------------------------------------
#
# A list of elements is compiled once per frame, trim size and outline into steps: each element's box
# placed, its `when:` a predicate, its colours constants or functions of the values, its templates
# lists of bound look-ups. Drawing a face runs the steps; per component only the values change.

Step = Callable[[Face], Drawing]  # an element compiled for one frame: draws it on a face (or nothing)
Compiler = Callable[[Any, Box, Size, Outline], Step]


def draw(face: Face, elements: list[LookElement], frame: Box) -> Drawing:
    drawing: Drawing = []
    for step in plan(elements, frame, face.size, face.outline):
        drawing += step(face)
    return drawing


_PLANS: dict[tuple[int, Box, Size, Outline], tuple[list[LookElement], list[Step]]] = {}


def plan(elements: list[LookElement], frame: Box, size: Size, face_outline: Outline) -> list[Step]:
    """The steps drawing elements in frame on a face of this size and outline, compiled once per list
    of elements (a look's lists live as long as the look; the list is kept with its entry, so its id
    stays its own), frame, size and outline, not once per component."""
    key = (id(elements), frame, size, face_outline)
    known = _PLANS.get(key)
    if known is None or known[0] is not elements:
        if len(_PLANS) > 4096:  # a long run sees many packs
            _PLANS.clear()
        known = (elements, [_step(e.spec, frame, size, face_outline) for e in elements])
        _PLANS[key] = known
    return known[1]


def _step(spec: Drawn, frame: Box, size: Size, face_outline: Outline) -> Step:
    """An element's step: its drawer compiled for its box in frame, drawn where its `when:` holds."""
    drawer = ELEMENT_COMPILERS[type(spec)](spec, placed(frame, spec.box), size, face_outline)
    holds = predicate(spec.when)
    if holds is None:
        return drawer
    return lambda face: drawer(face) if face.values.holds(holds) else []


def _point(box: Box, point: tuple[Measure, Measure]) -> tuple[float, float]:
    x, y, w, h = box
    return x + point[0].of(w), y + h - point[1].of(h)


def _paint(spec: Painted) -> Callable[[Face], dict[str, Any]]:
    fill, stroke = colour_of(spec.fill), colour_of(spec.stroke)
    line_width = spec.stroke_width.of(0.0)
    return lambda face: {"fill": fill(face.values), "stroke": stroke(face.values), "line_width": line_width}


def _rect(spec: RectSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    radius = spec.radius.of(min(box[2], box[3]))
    paint = _paint(spec)
    stroked = _stroke_inside_trim(box, size, spec.stroke_width.of(0.0))
    return lambda face: [Rect(*(stroked if (p := paint(face))["stroke"] else box), **p, radius=radius)]


def _stroke_inside_trim(box: Box, size: Size, line_width: float) -> Box:
    """A stroked box whose sides lie on the trim line's (within half the stroke) moved in by half the
    stroke, so a cutting error shows no sliver of it; sides further in or out stay."""
    x, y, w, h = box
    half = line_width / 2
    x0, y0 = (half if abs(v) < half else v for v in (x, y))
    x1, y1 = (end - half if abs(v - end) < half else v for v, end in ((x + w, size.width), (y + h, size.height)))
    return Box(x0, y0, x1 - x0, y1 - y0)


def _circle(spec: CircleSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    x, y, w, h = box
    paint = _paint(spec)
    return lambda face: [Circle(x + w / 2, y + h / 2, min(w, h) / 2, **paint(face))]


def _polygon(spec: PolygonSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    corners = [_point(box, p) for p in spec.points]
    ops = tuple(("M" if i == 0 else "L", *corner) for i, corner in enumerate(corners)) + (("Z",),)
    paint = _paint(spec)
    return lambda face: [Path(ops, **paint(face))]


def _line(spec: LineSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    stroke = colour_of(spec.stroke)
    ends = (*_point(box, spec.start), *_point(box, spec.to))
    width, dash = spec.stroke_width.of(0.0), tuple(spec.dash)
    return lambda face: [Line(*ends, stroke=stroke(face.values), line_width=width, dash=dash)]


def _text(spec: TextSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    filled = template_of(spec.text)
    colour = colour_of(spec.color)
    x, y, w, h = box
    turned = spec.angle in (90, 270)
    set_box = Box(x + (w - h) / 2, y + (h - w) / 2, h, w) if turned else box  # the box turned about its centre
    points = spec.size.of(set_box[3]) / MM_PER_POINT if isinstance(spec.size, Measure) else spec.size
    largest, smallest = max(points, spec.min_size), min(spec.min_size, points)

    def step(face: Face) -> Drawing:
        text, field_name = filled(face)
        if not text.strip():
            return []
        shapes = face.ctx.text(
            face.component,
            field_name,
            text,
            set_box,
            font=face.ctx.font(spec.font),
            size=largest,
            min_size=smallest,
            color=colour(face.values) or INK,
            align=spec.align,
            valign=spec.valign,
            max_lines=spec.max_lines,
        )
        return rotated(shapes, spec.angle, x + w / 2, y + h / 2) if spec.angle else shapes

    return step


def _image(spec: ImageSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    filled = template_of(spec.image)

    def step(face: Face) -> Drawing:
        name, _ = filled(face)
        path = face.ctx.art(name) if name else None
        if path is None:
            return []
        return [Vector(path, *box) if path.lower().endswith(".svg") else Image(path, *box)]

    return step


def _icon(spec: IconSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    filled, colour = template_of(spec.icon), colour_of(spec.color)
    x, y, w, h = box
    cx, cy, side = x + w / 2, y + h / 2, min(w, h) * spec.scale

    def step(face: Face) -> Drawing:
        name, field_name = filled(face)
        return _icon_at(face, name, field_name, cx, cy, side, colour(face.values)) if name else []

    return step


def _icon_at(face: Face, name: str, field_name: str, cx: float, cy: float, size: float, colour: str | None) -> Drawing:
    icons = face.ctx.icons
    if name not in icons:
        face.ctx.problem(face.component, field_name, f"'{name}' is not one of {icons.of_whom()}", icons.hint(name))
        return []
    return icons.draw(name, cx, cy, size, colour or INK)


MAX_REPEAT = 100  # icons in one row: more would not be told apart on a card


def _repeat(spec: RepeatSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    icon, count_of, colour = template_of(spec.icon), template_of(spec.count), colour_of(spec.color)
    x, y, w, h = box
    across = spec.direction == "across"

    def step(face: Face) -> Drawing:
        name, field_name = icon(face)
        count_text, count_field = count_of(face)
        if not name or not count_text:
            return []
        try:
            count = int(float(count_text))
        except (ValueError, OverflowError):  # not a number, or one too large for a float
            count = -1
        if not 0 <= count <= MAX_REPEAT:
            message = f"repeats an icon '{count_text}' times"
            face.ctx.problem(face.component, count_field, message, f"give a whole number from 0 to {MAX_REPEAT}")
            return []
        step = (w if across else h) / max(count, 1)
        side = min(step, h if across else w) * spec.scale
        ink = colour(face.values)
        drawing: Drawing = []
        for n in range(count):
            cx, cy = (x + step * (n + 0.5), y + h / 2) if across else (x + w / 2, y + h - step * (n + 0.5))
            drawing += _icon_at(face, name, field_name, cx, cy, side, ink)
        return drawing

    return step


def _outline(spec: OutlineSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    paint = _paint(spec)
    if spec.bleed:  # the bleed is the build's: the shape is worked out per face
        return lambda face: [replace(face_outline.shape(size, face.ctx.bleed), **paint(face))]
    # a stroke lies inside the trim line, not on it: a cutting error shows no sliver of it
    inset = max(spec.inset.of(min(size)), spec.stroke_width.of(0.0) / 2 if spec.stroke else 0.0)
    radius = spec.radius.of(min(size)) if spec.radius is not None else 0.0
    shape = face_outline.panel(size, inset, radius=radius)
    return lambda face: [replace(shape, **paint(face))]


def _group(spec: GroupSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    inner = plan(spec.elements, spec.frame(box, face_outline, size), size, face_outline)
    part = spec.of

    def step(face: Face) -> Drawing:
        if spec.footer and isinstance(face.component, Board):  # a board's title strip, below its grid
            return draw(_part(face, part), spec.elements, spec.frame(face.component.footer_box, face_outline, size))
        face = _part(face, part)
        drawing: Drawing = []
        for each in inner:
            drawing += each(face)
        return drawing

    return step


def _part(face: Face, part: str | None) -> Face:
    """The face whose placeholders name values of a part of the component (`of: back`)."""
    return replace(face, values=face.values.of(part)) if part else face


def _widget(spec: WidgetSpec, box: Box, size: Size, face_outline: Outline) -> Step:
    drawer = WIDGET_DRAWERS[spec.name]
    return lambda face: drawer(face, spec, box)


ELEMENT_COMPILERS: dict[type[Drawn], Compiler] = {
    RectSpec: _rect,
    CircleSpec: _circle,
    PolygonSpec: _polygon,
    LineSpec: _line,
    TextSpec: _text,
    ImageSpec: _image,
    IconSpec: _icon,
    RepeatSpec: _repeat,
    OutlineSpec: _outline,
    GroupSpec: _group,
    WidgetSpec: _widget,
}


# --- looks ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Look:
    """A look's elements with what it extends merged in, ready to draw any component that uses it."""

    front_elements: list[LookElement]
    back_elements: list[LookElement]
    maps: dict[str, dict[str, str]]  # its value lookup tables (`maps:`), with those of what it extends

    def outline(self, component: Component, pack: Pack) -> Outline:
        return outline(component, pack)

    def size(self, component: Component, pack: Pack) -> Size:
        return trim(component, pack)

    def _face(self, ctx: LookContext, component: Component, size: Size, side: Side) -> Face:
        face_outline = outline(component, ctx.pack)
        return Face(
            ctx,
            component,
            Values(component, ctx.pack, maps=self.maps),
            size,
            face_outline.back() if side == "back" else face_outline,
        )

    def front(self, ctx: LookContext, component: Component, size: Size) -> Drawing:
        return draw(self._face(ctx, component, size, "front"), self.front_elements, Box(0.0, 0.0, *size))

    def has_back(self, component: Component, pack: Pack) -> bool:
        """Whether one of its back's elements is drawn for this component."""
        values = Values(component, pack)
        return any((holds := predicate(element.spec.when)) is None or holds(values) for element in self.back_elements)

    def back(self, ctx: LookContext, component: Component, size: Size) -> Drawing:
        return draw(self._face(ctx, component, size, "back"), self.back_elements, Box(0.0, 0.0, *size))


_LOOKS: dict[tuple[int, str], tuple[Pack, Look]] = {}


def look_of(pack: Pack, component: Component) -> Look:
    """The look a component is drawn with (validate made sure it exists); merged once per pack and look."""
    look_id = component.look_id(pack.meta.defaults)
    key = (id(pack.looks), look_id)
    known = _LOOKS.get(key)
    if known is None or known[0].looks is not pack.looks:
        if len(_LOOKS) > 1024:  # a long run (a preview) sees many packs and their translations
            _LOOKS.clear()
        known = (pack, Look(*merged(pack.looks, look_id), maps_of(pack.looks, look_id)))
        _LOOKS[key] = known
    return known[1]
