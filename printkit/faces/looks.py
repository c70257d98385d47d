"""Draw a component through its look: the YAML elements of `printkit.content.looks`, filled in with the
component's values.

Takes: a validated pack (its looks, built-in and its own), a component, the locale being built.
Returns: `look_of(pack, component)`, which gives the component's trim size and outline and draws its
front and back as drawing primitives in millimetres inside its trim box (origin bottom-left, as PDF
has it; the YAML measures from the top-left). A look is merged with what it extends once per pack
and look, not per component; each element is drawn with the `Face` being drawn
(`printkit.faces.face`), looking up only the values it names, and a widget element by its drawer
(`printkit.faces.widgets`). Text that does not fit, and values a look names that a component cannot
give, are collected as problems on the `LookContext`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from printkit.base.icons import ICONS, icon_hint
from printkit.base.outlines import Box, Outline
from printkit.base.shapes import Circle, Image, Line, Path, Rect, rotated
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
    PolygonSpec,
    RectSpec,
    RepeatSpec,
    TextSpec,
    WidgetSpec,
    merged,
    placed,
)
from printkit.content.pack import Pack
from printkit.faces import (  # each registers its widgets
    card_parts,  # noqa: F401
    grids,  # noqa: F401
    terrain,  # noqa: F401
)
from printkit.faces.face import Face, Values, is_set, outline, trim
from printkit.faces.paint import INK, Drawing, LookContext
from printkit.faces.widgets import WIDGET_DRAWERS

Side = Literal["front", "back"]

# --- drawing ----------------------------------------------------------------------------------------------


def _point(box: Box, point: tuple[Measure, Measure]) -> tuple[float, float]:
    x, y, w, h = box
    return x + point[0].of(w), y + h - point[1].of(h)


def draw(face: Face, elements: list[LookElement], frame: Box) -> Drawing:
    drawing: Drawing = []
    for spec, drawer in _compiled(elements):
        if spec.when and not face.holds(spec.when):
            continue
        drawing += drawer(face, spec, placed(frame, spec.box))
    return drawing


Compiled = tuple[Drawn, Callable[[Face, Any, Box], Drawing]]
_COMPILED: dict[int, tuple[list[LookElement], list[Compiled]]] = {}


def _compiled(elements: list[LookElement]) -> list[Compiled]:
    """Each element's spec and drawer, once per list of elements, not once
    per component (a look's lists live as long as the look; the list is kept with its entry, so its
    id stays its own)."""
    known = _COMPILED.get(id(elements))
    if known is None or known[0] is not elements:
        if len(_COMPILED) > 4096:  # a long run sees many packs
            _COMPILED.clear()
        compiled = [(e.spec, ELEMENT_DRAWERS[type(e.spec)]) for e in elements]
        known = (elements, compiled)
        _COMPILED[id(elements)] = known
    return known[1]


def _rect(face: Face, spec: RectSpec, box: Box) -> Drawing:
    radius = spec.radius.of(min(box[2], box[3]))
    paint = _paint(face, spec)
    if paint["stroke"]:
        box = _stroke_inside_trim(box, face.size, paint["line_width"])
    return [Rect(*box, **paint, radius=radius)]


def _stroke_inside_trim(box: Box, size: Size, line_width: float) -> Box:
    """A stroked box whose sides lie on the trim line's (within half the stroke) moved in by half the
    stroke, so a cutting error shows no sliver of it; sides further in or out stay."""
    x, y, w, h = box
    half = line_width / 2
    x0, y0 = (half if abs(v) < half else v for v in (x, y))
    x1, y1 = (end - half if abs(v - end) < half else v for v, end in ((x + w, size.width), (y + h, size.height)))
    return Box(x0, y0, x1 - x0, y1 - y0)


def _paint(face: Face, spec: Any) -> dict[str, Any]:
    return {
        "fill": spec.fill and face.colour(spec.fill),
        "stroke": spec.stroke and face.colour(spec.stroke),
        "line_width": spec.stroke_width.of(0.0),
    }


def _circle(face: Face, spec: CircleSpec, box: Box) -> Drawing:
    x, y, w, h = box
    return [Circle(x + w / 2, y + h / 2, min(w, h) / 2, **_paint(face, spec))]


def _polygon(face: Face, spec: PolygonSpec, box: Box) -> Drawing:
    corners = [_point(box, p) for p in spec.points]
    ops = tuple(("M" if i == 0 else "L", *corner) for i, corner in enumerate(corners)) + (("Z",),)
    return [Path(ops, **_paint(face, spec))]


def _line(face: Face, spec: LineSpec, box: Box) -> Drawing:
    stroke = face.colour(spec.stroke)
    width = spec.stroke_width.of(0.0)
    return [
        Line(*_point(box, spec.start), *_point(box, spec.to), stroke=stroke, line_width=width, dash=tuple(spec.dash))
    ]


def _text(face: Face, spec: TextSpec, box: Box) -> Drawing:
    text, field_name = face.text(spec.text)
    if not text.strip():
        return []
    x, y, w, h = box
    turned = spec.angle in (90, 270)
    set_box = Box(x + (w - h) / 2, y + (h - w) / 2, h, w) if turned else box  # the box turned about its centre
    size = spec.size.of(set_box[3]) / MM_PER_POINT if isinstance(spec.size, Measure) else spec.size
    shapes = face.ctx.text(
        face.component,
        field_name,
        text,
        set_box,
        font=face.ctx.font(spec.font),
        size=max(size, spec.min_size),
        min_size=min(spec.min_size, size),
        color=face.colour(spec.color) or INK,
        align=spec.align,
        valign=spec.valign,
        max_lines=spec.max_lines,
    )
    return rotated(shapes, spec.angle, x + w / 2, y + h / 2) if spec.angle else shapes


def _image(face: Face, spec: ImageSpec, box: Box) -> Drawing:
    name, _ = face.text(spec.image)
    path = face.ctx.art(name) if name else None
    return [Image(path, *box)] if path else []


def _icon(face: Face, spec: IconSpec, box: Box) -> Drawing:
    name, field_name = face.text(spec.icon)
    if not name:
        return []
    x, y, w, h = box
    return _icon_at(face, name, field_name, x + w / 2, y + h / 2, min(w, h) * spec.scale, face.colour(spec.color))


def _icon_at(face: Face, name: str, field_name: str, cx: float, cy: float, size: float, colour: str | None) -> Drawing:
    if name not in ICONS:
        face.ctx.problem(face.component, field_name, f"'{name}' is not one of printkit's icons", icon_hint(name))
        return []
    return ICONS[name](cx, cy, size, colour or INK)


MAX_REPEAT = 100  # icons in one row: more would not be told apart on a card


def _repeat(face: Face, spec: RepeatSpec, box: Box) -> Drawing:
    name, field_name = face.text(spec.icon)
    count_text, count_field = face.text(spec.count)
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
    x, y, w, h = box
    across = spec.direction == "across"
    step = (w if across else h) / max(count, 1)
    side = min(step, h if across else w) * spec.scale
    colour = face.colour(spec.color)
    drawing: Drawing = []
    for n in range(count):
        cx, cy = (x + step * (n + 0.5), y + h / 2) if across else (x + w / 2, y + h - step * (n + 0.5))
        drawing += _icon_at(face, name, field_name, cx, cy, side, colour)
    return drawing


def _outline(face: Face, spec: OutlineSpec, box: Box) -> Drawing:
    size = face.size
    if spec.bleed:
        shape = face.outline.shape(size, face.ctx.bleed)
    else:  # a stroke lies inside the trim line, not on it: a cutting error shows no sliver of it
        inset = max(spec.inset.of(min(size)), spec.stroke_width.of(0.0) / 2 if spec.stroke else 0.0)
        radius = spec.radius.of(min(size)) if spec.radius is not None else 0.0
        shape = face.outline.panel(size, inset, radius=radius)
    return [replace(shape, **_paint(face, spec))]


def _group(face: Face, spec: GroupSpec, box: Box) -> Drawing:
    if spec.footer and isinstance(face.component, Board):  # a board's title strip, below its grid
        box = face.component.footer_box
    if spec.of:
        face = replace(face, values=face.values.of(spec.of))
    return draw(face, spec.elements, spec.frame(box, face.outline, face.size))


def _widget(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    return WIDGET_DRAWERS[spec.name](face, spec, box)


ELEMENT_DRAWERS: dict[type[Drawn], Callable[[Face, Any, Box], Drawing]] = {
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

    def outline(self, component: Component, pack: Pack) -> Outline:
        return outline(component, pack)

    def size(self, component: Component, pack: Pack) -> Size:
        return trim(component, pack)

    def _face(self, ctx: LookContext, component: Component, size: Size, side: Side) -> Face:
        face_outline = outline(component, ctx.pack)
        return Face(
            ctx, component, Values(component, ctx.pack), size, face_outline.back() if side == "back" else face_outline
        )

    def front(self, ctx: LookContext, component: Component, size: Size) -> Drawing:
        return draw(self._face(ctx, component, size, "front"), self.front_elements, Box(0.0, 0.0, *size))

    def has_back(self, component: Component, pack: Pack) -> bool:
        """Whether one of its back's elements is drawn for this component."""
        values = Values(component, pack)
        return any(
            all(is_set(values.get(c.path)) != c.negated for c in element.spec.when) for element in self.back_elements
        )

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
        known = (pack, Look(*merged(pack.looks, look_id)))
        _LOOKS[key] = known
    return known[1]
