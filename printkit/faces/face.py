"""A face being drawn: one side of a component, with the values its look names.

Takes: the context of a drawing (`LookContext`: pack, locale, bleed, the problems found), a
component, its size and the outline of the side drawn.
Returns: a `Face`, which the element drawers (`printkit.faces.looks`) and the widgets draw with:
the component's `Values` by dotted path as a look names them (`name`, `data.glow`, `element.name`,
`{a|b}`, the values computed from several fields), its colours worked out (a path, `contrast`,
`tint`, `shade`, `mix`), its templates filled in (with the field a problem is placed at) and
whether `when:` conditions hold; and a component's trim size and outline in its pack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from pydantic import BaseModel

from printkit.base.outlines import Outline
from printkit.base.palette import INK, PAPER
from printkit.base.units import Size
from printkit.content.components.base import Component
from printkit.content.looks import Colour, Condition, Template, colour_paths
from printkit.content.values import Values, predicate
from printkit.faces.paint import LookContext, mix, readable
from printkit.i18n import typography


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


# --- what a look names, compiled: conditions, colours, templates -------------------------------------------
#
# Compiled once per condition, colour and template of a look (they are parsed values of its elements,
# kept as long as the look), not once per component: per face only the values are looked up.

ColourOf = Callable[["Values"], str | None]


@cache
def colour_of(colour: Colour | None) -> ColourOf:
    """A colour as a function of a face's values: worked out once where it names no value."""
    if colour is None or not colour_paths(colour):
        constant = _worked_out(colour, lambda path: None)
        return lambda values: constant
    return lambda values: _worked_out(colour, values.get)


def _worked_out(colour: Colour | None, get: Callable[[str], Any]) -> str | None:
    """A colour's '#rrggbb' (None: one it names is not set), its values by get."""
    if colour is None:
        return None
    kind = colour[0]
    if kind == "hex":
        return colour[1]
    if kind == "path":
        value = get(colour[1])
        value = getattr(value, "color", value)  # {element} means its colour here
        return value if isinstance(value, str) and value.startswith("#") else None
    colours = [_worked_out(a, get) for a in colour[1:] if isinstance(a, tuple)]
    share = colour[-1] if isinstance(colour[-1], float) else 0.0
    if any(c is None for c in colours):
        return None
    first = cast(str, colours[0])
    if kind == "contrast":
        return readable(first)
    other = {"tint": PAPER, "shade": INK}.get(kind) or cast(str, colours[1])
    return mix(first, other, share)


Filled = Callable[["Face"], tuple[str, str]]


@cache
def template_of(template: Template) -> Filled:
    """A template as a function of a face: its text filled in, and the field a problem with it is
    placed at (its first value that is set). A line whose every placeholder is empty is left out."""
    lines = _lines(template)
    if all(literal for _, literal in lines):  # no placeholder: the same text on every face
        text = "\n".join("".join(part for part, _ in parts) for parts, _ in lines)
        return lambda face: (text, "look")

    def filled(face: Face) -> tuple[str, str]:
        find = face.values.find
        decimal = typography.decimal_mark(face.ctx.locale)
        texts, field_name = [], ""
        for parts, literal in lines:
            text, filled = "", literal
            for part, is_path in parts:
                if not is_path:
                    text += part
                    continue
                value, where = find(part)
                value_text = shown(value, decimal)
                filled = filled or bool(value_text)
                field_name = field_name or (where if value_text else "")
                text += value_text
            if filled:
                texts.append(text)
        return "\n".join(texts), field_name or "look"

    return filled


# --- the face being drawn ---------------------------------------------------------------------------------


@dataclass
class Face:
    """What the elements of one face are drawn with."""

    ctx: LookContext
    component: Component
    values: Values
    size: Size
    outline: Outline  # the face's: a back's is mirrored

    def holds(self, conditions: tuple[Condition, ...]) -> bool:
        test = predicate(conditions)
        return test is None or self.values.holds(test)

    def colour(self, colour: Colour | None) -> str | None:
        return colour_of(colour)(self.values)

    def text(self, template: Template) -> tuple[str, str]:
        """The template filled in, and the field a problem with it is placed at (its first value that
        is set). A line whose every placeholder is empty is left out."""
        return template_of(template)(self)


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
