"""A component's values by dotted path, as looks and their `when:` conditions name them.

Takes: a component and its pack.
Returns: `Values` (`name`, `data.glow`, `element.name` for the registry entry a component names,
`{a|b}` for the first that is set, and the values `COMPUTED` from several fields), `is_set` (what
`when:` accepts), a `when:` compiled into a `predicate` of them, a component's trim and outline in its pack and the back design it names. The
content stage's look checks read them (which elements a component draws) as the faces do.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from functools import cache
from typing import Any, cast

from pydantic import BaseModel

from printkit.base.outlines import Outline, Rectangle
from printkit.base.palette import NEUTRAL, PAPER
from printkit.base.units import Size
from printkit.content.components.base import Component
from printkit.content.fields import entry_registry, peeled
from printkit.content.looks import COMPUTED_VALUES, Condition, mapped
from printkit.content.pack import Pack
from printkit.content.provenance import mark_text
from printkit.content.rules import value_of

# --- a component's shape ---------------------------------------------------------------------------------


def trim(component: Component, pack: Pack) -> Size:
    return component.trim(pack.meta.defaults)


def outline(component: Component, pack: Pack) -> Outline:
    return component.outline(pack.meta.defaults)


# --- values a look can name -------------------------------------------------------------------------------

KIND_COLOURS = {"board": "#2f4858", "ruler": "#f2e8cf", "tile": PAPER}  # a component's colour when nothing gives one


# A name that no entry of the pack has (a validation problem of its own) names no value here: the
# look checks read a pack's values while its problems are still being collected.


def _colour(component: Component, pack: Pack) -> tuple[Any, str]:
    """Its own colour, else its element's, else its card type's, else its kind's."""
    if component.color:
        return component.color, "color"
    element = pack.meta.elements.get(getattr(component, "element", None) or "")
    if element:
        return element.color, "element"
    kind = pack.meta.types.get(getattr(component, "type", None) or "")
    if kind and kind.color:
        return kind.color, "type"
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
    return (pack.meta.backs.get(name) if name else None), "back"


def _type_rules(component: Component, pack: Pack) -> tuple[Any, str]:
    """Its card type, when the type's text is printed on every card of it (`on_cards`)."""
    kind = pack.meta.types.get(getattr(component, "type", None) or "")
    return (kind if kind and kind.on_cards else None), "type"


# Values worked out from several fields: name -> (value, the field a problem with it is placed at).
COMPUTED: dict[str, Callable[[Component, Pack], tuple[Any, str]]] = {
    "color": _colour,
    "design": _design,
    "kit": lambda component, pack: (mark_text(component), "kit"),
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

    def __init__(self, component: Component, pack: Pack, part: str = "", maps: dict[str, dict[str, str]] | None = None):
        self.component, self.pack, self.part = component, pack, part
        self.maps = maps or {}  # the look's maps (content.looks.maps_of), compiled once per look
        self._known: dict[str, tuple[Any, str]] = {}
        self._held: dict[Predicate, bool] = {}

    def of(self, part: str) -> Values:
        """The values of a part of the component (`back`: a marker's back face), named from it."""
        return Values(self.component, self.pack, f"{self.part}{part}.", self.maps)

    def holds(self, test: Predicate) -> bool:
        """Whether a compiled `when:` holds, tested once (a look repeats its conditions: stat-card's
        43 are 16)."""
        held = self._held.get(test)
        if held is None:
            held = self._held[test] = test(self)
        return held

    def get(self, path: str) -> Any:
        return self.find(path)[0]

    def find(self, path: str) -> tuple[Any, str]:
        """The value at path and the field path (dotted) it comes from; of `a|b`, the first that is set."""
        known = self._known.get(path)
        if known is None and ":" in path:  # through a map: what it gives for the value (None: nothing)
            value_path, map_name = mapped(path)
            field_name = self.find(value_path)[1]
            key = _compared(self, value_path)
            key = f"{key:g}" if isinstance(key, float) else key
            known = (self.maps.get(cast(str, map_name), {}).get(key) if isinstance(key, str) else None), field_name
            self._known[path] = known
        if known is None:
            for choice in _choices(path):  # a path has at least one
                known = self._look_up(choice)
                if is_set(known[0]):
                    break
            known = self._known[path] = cast(tuple[Any, str], known)
        return known

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

    def entry_id(self, entry: BaseModel) -> str | None:
        """The id a registry entry has in the pack (a comparison in a `when:` names entries by id)."""
        meta = self.pack.meta
        for name in type(meta).model_fields:
            registry = getattr(meta, name)
            if isinstance(registry, dict):
                found = next((key for key, each in registry.items() if each is entry), None)
                if found is not None:
                    return found
        return None

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


# --- `when:` conditions, compiled ---------------------------------------------------------------------
#
# Compiled once per condition of a look (kept as long as the look), not once per component: the faces
# draw with them and the look checks read them (which elements a component draws).

Predicate = Callable[["Values"], bool]


@cache
def predicate(conditions: tuple[Condition, ...]) -> Predicate | None:
    """A `when:` as a test of a face's values: each condition holds (None: no condition, always drawn)."""
    tests = tuple(_test(condition) for condition in conditions)
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda values: all(test(values) for test in tests)


def _test(condition: Condition) -> Predicate:
    """One condition as a test: its value set, or (`not`) unset, or compared (an unset value is
    unequal to every operand, and neither less nor more than any)."""
    path, negated, op, operands = condition
    if not op:
        return lambda values: is_set(values.find(path)[0]) != negated
    if op == "in":
        wanted = frozenset(operands)
        return lambda values: _compared(values, path) in wanted
    compare, operand = _COMPARE[op], operands[0]
    if op in ("==", "!="):
        return lambda values: compare(_compared(values, path), operand)
    if not isinstance(operand, float):  # by order only numbers compare (the look checks say so)
        return lambda values: False
    return lambda values: isinstance(value := _compared(values, path), float) and compare(value, operand)


_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def _compared(values: Values, path: str) -> Any:
    """A value as a comparison reads it: a number as a float, a registry entry by its id, a text as
    written; None when unset or a list or mapping (which equals no operand)."""
    value = values.get(path)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, list | dict):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, BaseModel):
        return values.entry_id(value)
    return value
