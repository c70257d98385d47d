"""Draw a component through its look: the YAML elements of `printkit.content.looks`, filled in with the
component's values.

Takes: a validated pack (its looks, built-in and its own), a component, the locale being built.
Returns: `look_of(pack, component)`, which gives the component's trim size and outline and draws its
front and back as drawing primitives in millimetres inside its trim box (origin bottom-left, as PDF
has it; the YAML measures from the top-left). A look is merged with what it extends once per pack
and look, not per component; each element then only looks up the values it names. Text that does
not fit, and values a look names that a component cannot give, are collected as problems on the
`LookContext`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Literal, cast

from pydantic import BaseModel

from printkit.base.icons import ICONS, icon_hint
from printkit.base.outlines import Box, Outline, Rectangle
from printkit.base.shapes import Circle, Image, Line, Path, Rect, rotated
from printkit.base.units import MM_PER_POINT, Size
from printkit.content.fields import entry_registry, peeled
from printkit.content.load import Pack
from printkit.content.looks import (
    COMPUTED_VALUES,
    CircleSpec,
    Colour,
    Condition,
    Drawn,
    Element,
    GroupSpec,
    IconSpec,
    ImageSpec,
    LineSpec,
    Measure,
    OutlineSpec,
    PolygonSpec,
    RectSpec,
    RepeatSpec,
    Template,
    TextSpec,
    WidgetSpec,
    merged,
    placed,
)
from printkit.content.model import Board, Component
from printkit.content.rules import value_of
from printkit.faces import (  # each registers its widgets
    card_parts,  # noqa: F401
    grids,  # noqa: F401
    terrain,  # noqa: F401
)
from printkit.faces.paint import INK, NEUTRAL, PAPER, Drawing, LookContext, mix, readable
from printkit.faces.widgets import WIDGET_DRAWERS
from printkit.i18n import typography

Side = Literal["front", "back"]

# --- values a look can name -------------------------------------------------------------------------------

KIND_COLOURS = {"board": "#2f4858", "ruler": "#f2e8cf", "tile": PAPER}  # a component's colour when nothing gives one
ESTIMATED = "estimated"  # the tag of components whose values the pack's author chose, not the game


def _colour(component: Component, pack: Pack) -> tuple[Any, str]:
    """Its own colour, else its element's, else its card type's, else its kind's."""
    if component.color:
        return component.color, "color"
    element = getattr(component, "element", None)
    if element:
        return pack.meta.elements[element].color, "element"
    kind = getattr(component, "type", None)
    if kind and pack.meta.types[kind].color:
        return pack.meta.types[kind].color, "type"
    return KIND_COLOURS.get(component.kind, NEUTRAL), "color"


def back_design(component: Component, pack: Pack) -> str | None:
    """The name of the back design it names, or of the pack's default back (cards, fields and tiles)."""
    name = getattr(component, "back", None)
    if name is not None and not isinstance(name, str):  # a chip's or marker's back is a face, not a design
        return None
    return name or pack.meta.defaults.back


def _design(component: Component, pack: Pack) -> tuple[Any, str]:
    """The back design it names, or the pack's default back."""
    name = back_design(component, pack)
    return (pack.meta.backs[name] if name else None), "back"


def _type_rules(component: Component, pack: Pack) -> tuple[Any, str]:
    """Its card type, when the type's text is printed on every card of it (`on_cards`)."""
    kind = getattr(component, "type", None)
    return (pack.meta.types[kind] if kind and pack.meta.types[kind].on_cards else None), "type"


# Values worked out from several fields: name -> (value, the field a problem with it is placed at).
COMPUTED: dict[str, Callable[[Component, Pack], tuple[Any, str]]] = {
    "color": _colour,
    "design": _design,
    "estimated": lambda component, pack: (ESTIMATED in component.tags or None, "tags"),
    "rotation-track": lambda component, pack: (pack.meta.defaults.rotation_track or None, "rotation_track"),
    "type-rules": _type_rules,
    # Cut along anything but a rectangle: its content lies inside the frame, on the paper.
    "shaped": lambda component, pack: (not isinstance(outline(component, pack), Rectangle) or None, "shape"),
}
assert COMPUTED.keys() == COMPUTED_VALUES.keys(), "content.looks.COMPUTED_VALUES names the values computed here"


class Values:
    """A component's values by dotted path, as a look names them: `name`, `data.glow`, `stats.attack`,
    `element.name` (a registry entry named by the component), `design.title`, `{a|b}` for the first
    that is set. Each is looked up once per face."""

    def __init__(self, component: Component, pack: Pack, part: str = ""):
        self.component, self.pack, self.part = component, pack, part
        self._known: dict[str, tuple[Any, str]] = {}
        self.colours: dict[Colour, str | None] = {}  # the colours of the look worked out for them (Face.colour)

    def of(self, part: str) -> Values:
        """The values of a part of the component (`back`: a marker's back face), named from it."""
        return Values(self.component, self.pack, f"{self.part}{part}.")

    def get(self, path: str) -> Any:
        return self.find(path)[0]

    def find(self, path: str) -> tuple[Any, str]:
        """The value at path and the field path (dotted) it comes from; of `a|b`, the first that is set."""
        known = self._known.get(path)
        if known is None:
            for choice in _choices(path):  # a path has at least one
                known = self._look_up(choice)
                if is_set(known[0]):
                    break
            self._known[path] = cast(tuple[Any, str], known)
        return self._known[path]

    def _look_up(self, path: str) -> tuple[Any, str]:
        if self.part:
            value, field_name = Values(self.component, self.pack).find(self.part + path)
            return value, field_name
        head, rest, computed, field_name = _plan(type(self.component), path)
        if computed:
            value, field_name = COMPUTED[head](self.component, self.pack)
        elif head == "data" and rest:  # a declared field: its default where the component gives none
            field_name, rest = f"data.{rest[0]}", rest[1:]
            value = value_of(self.component, field_name, self.pack)
        elif head == "fields" and rest:  # a field's declaration: {fields.glow.label}
            value, field_name, rest = self.pack.meta.fields.get(rest[0]), "look", rest[1:]
        else:
            value = self._field(self.component, head)
        for part in rest:
            if value is None:
                break
            value = self._field(value, part)
        return value, field_name

    def _field(self, owner: Any, name: str) -> Any:
        if isinstance(owner, dict):
            return owner.get(name)
        value = getattr(owner, name, None)
        registry = _registry_of(type(owner), name) if isinstance(owner, BaseModel) else None
        if registry and isinstance(value, str):  # an id: the registry entry it names
            return getattr(self.pack.meta, registry).get(value)
        return value


@cache
def _choices(path: str) -> tuple[str, ...]:
    """The paths of `a|b`, split once per path."""
    return tuple(path.split("|"))


@cache
def _plan(model: type[Component], path: str) -> tuple[str, tuple[str, ...], bool, str]:
    """How a dotted path is looked up on a component of this class, worked out once: its first name,
    the names after it, whether the first is a computed value, and the field a problem with its
    value is placed at (where it is set; a registry entry's text at the field naming the entry)."""
    head, *rest = path.split(".")
    computed = head in COMPUTED and (head != "color" or not rest)
    inside = not computed and not _registry_of(model, head)
    return head, tuple(rest), computed, path if inside else head


_REGISTRIES: dict[tuple[type, str], str | None] = {}


def _registry_of(model: type[BaseModel], name: str) -> str | None:
    """The pack registry a model's field names an entry of (element -> elements), if any."""
    key = (model, name)
    if key not in _REGISTRIES:
        info = model.model_fields.get(name)
        _REGISTRIES[key] = entry_registry(tuple(info.metadata) + peeled(info.annotation)[1]) if info else None
    return _REGISTRIES[key]


def is_set(value: Any) -> bool:
    """A value `when:` accepts: given, and not false or empty (0 is set: a card may cost 0)."""
    return value is not None and value is not False and value != "" and value != [] and value != {}


def shown(value: Any, decimal_mark: str = ".") -> str:
    """A value as text on a component, a fraction with the locale's decimal_mark."""
    if value is None or value is False:
        return ""
    if isinstance(value, float):
        return f"{value:g}".replace(".", decimal_mark)
    if isinstance(value, list):
        return ", ".join(shown(item, decimal_mark) for item in value)
    if isinstance(value, BaseModel):  # a registry entry: its name
        return shown(getattr(value, "name", None) or getattr(value, "title", ""))
    return str(value)


# --- drawing ----------------------------------------------------------------------------------------------


@dataclass
class Face:
    """What the elements of one face are drawn with."""

    ctx: LookContext
    component: Component
    values: Values
    size: Size
    outline: Outline  # the face's: a back's is mirrored

    def holds(self, conditions: tuple[Condition, ...]) -> bool:
        for condition in conditions:
            if is_set(self.values.find(condition.path)[0]) == condition.negated:
                return False
        return True

    def colour(self, colour: Colour | None) -> str | None:
        if colour is None:
            return None
        if colour[0] == "hex":
            return colour[1]
        known = self.values.colours
        if colour not in known:
            known[colour] = self._worked_out(colour)
        return known[colour]

    def _worked_out(self, colour: Colour) -> str | None:
        kind = colour[0]
        if kind == "path":
            value = self.values.get(colour[1])
            value = getattr(value, "color", value)  # {element} means its colour here
            return value if isinstance(value, str) and value.startswith("#") else None
        colours = [self.colour(a) for a in colour[1:] if isinstance(a, tuple)]
        share = colour[-1] if isinstance(colour[-1], float) else 0.0
        if any(c is None for c in colours):
            return None
        first = cast(str, colours[0])
        if kind == "contrast":
            return readable(first)
        other = {"tint": PAPER, "shade": INK}.get(kind) or cast(str, colours[1])
        return mix(first, other, share)

    def text(self, template: Template) -> tuple[str, str]:
        """The template filled in, and the field a problem with it is placed at (its first value that
        is set). A line whose every placeholder is empty is left out."""
        lines, field_name = [], ""
        for parts, literal in _lines(template):
            text, filled = "", literal
            for part, is_path in parts:
                if not is_path:
                    text += part
                    continue
                value, where = self.values.find(part)
                value_text = shown(value, typography.decimal_mark(self.ctx.locale))
                filled = filled or bool(value_text)
                field_name = field_name or (where if value_text else "")
                text += value_text
            if filled:
                lines.append(text)
        return "\n".join(lines), field_name or "look"


@cache
def _lines(template: Template) -> tuple[tuple[tuple[tuple[str, bool], ...], bool], ...]:
    """A template's lines, split once per template: each line's parts (text, or a path: True) and
    whether the line is all text."""
    lines: list[list[str | tuple[str]]] = [[]]
    for part in template.parts:
        if isinstance(part, str) and "\n" in part:
            pieces = part.split("\n")
            lines[-1].append(pieces[0])
            lines += [[piece] for piece in pieces[1:]]
        else:
            lines[-1].append(part)
    return tuple(
        (
            tuple((part, False) if isinstance(part, str) else (part[0], True) for part in line),
            all(isinstance(part, str) for part in line),
        )
        for line in lines
    )


def _point(box: Box, point: tuple[Measure, Measure]) -> tuple[float, float]:
    x, y, w, h = box
    return x + point[0].of(w), y + h - point[1].of(h)


def draw(face: Face, elements: list[Element], frame: Box) -> Drawing:
    drawing: Drawing = []
    for spec, drawer in _compiled(elements):
        if spec.when and not face.holds(spec.when):
            continue
        drawing += drawer(face, spec, placed(frame, spec.box))
    return drawing


Compiled = tuple[Drawn, Callable[[Face, Any, Box], Drawing]]
_COMPILED: dict[int, tuple[list[Element], list[Compiled]]] = {}


def _compiled(elements: list[Element]) -> list[Compiled]:
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


def trim(component: Component, pack: Pack) -> Size:
    return component.trim(pack.meta.defaults)


def outline(component: Component, pack: Pack) -> Outline:
    return component.outline(pack.meta.defaults)


@dataclass(frozen=True)
class Look:
    """A look's elements with what it extends merged in, ready to draw any component that uses it."""

    front_elements: list[Element]
    back_elements: list[Element]

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
