"""The procedural parts of the card looks, which YAML places by name: a card's edge badges, its row of
stats, its type and tag labels, and the pack's rotation track.

Takes: the face being drawn (its component, values and context), the widget element (its `color`,
`depth`) and its box in the face (millimetres, origin bottom-left).
Returns: the widget's drawing. Text is set through the face's context, so text that cannot fit is a
located problem as everywhere else; printkit's own words (a length in inches) come from `i18n.words`.
"""

from __future__ import annotations

import math

from printkit.base.outlines import Box
from printkit.base.palette import INK, PAPER
from printkit.base.shapes import Circle, Path, Rect, rotated, shifted
from printkit.base.units import MM_PER_POINT
from printkit.content.looks import FIELD_BADGES, WidgetSpec
from printkit.content.values import is_set
from printkit.faces import richtext
from printkit.faces.face import Face, shown
from printkit.faces.paint import Drawing, mix, readable
from printkit.faces.widgets import widget
from printkit.i18n import words
from printkit.i18n.typography import decimal_mark

SIDES = {"top": 90, "right": 0, "bottom": 270, "left": 180}  # the way each edge's badge points
WEAK = 0.55  # how far an edge worth nothing recedes towards the paper


@widget("edge-badges")
def edge_badges(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    """At the middle of each side of the box a round badge with the edge's value, its pointer reaching
    out to the side; an edge worth nothing recedes towards the paper."""
    edges = face.values.get("edges")
    if edges is None:
        return []
    x, y, w, h = box
    unit = min(w, h)
    badge, pointer = unit * 0.08, unit * 0.036
    reach = badge + pointer  # from a badge's centre to its pointer's tip
    strong = face.colour(spec.color) or INK
    drawing: Drawing = []
    for side, angle in SIDES.items():
        value = getattr(edges, side)
        colour = strong if value else mix(strong, PAPER, WEAK)
        rad = math.radians(angle)
        along, across = (math.cos(rad), math.sin(rad)), (-math.sin(rad), math.cos(rad))
        cx = x + w / 2 + along[0] * (w / 2 - reach)
        cy = y + h / 2 + along[1] * (h / 2 - reach)
        tip = (cx + along[0] * reach, cy + along[1] * reach)
        base = [
            (
                cx + along[0] * badge * 0.8 + sign * across[0] * badge * 0.55,
                cy + along[1] * badge * 0.8 + sign * across[1] * badge * 0.55,
            )
            for sign in (1, -1)
        ]
        drawing.append(Path((("M", *tip), ("L", *base[0]), ("L", *base[1]), ("Z",)), fill=colour))
        drawing.append(Circle(cx, cy, badge, fill=colour))
        drawing += face.ctx.text(
            face.component,
            f"edges.{side}",
            str(value),
            (cx - badge, cy - badge, 2 * badge, 2 * badge),
            font="sans-bold",
            size=badge * 1.3 / MM_PER_POINT,
            min_size=6,
            color=readable(colour),
            max_lines=1,
        )
    return drawing


STATS_ACROSS = 3  # a row has room for at least this many cells: one or two stats do not stretch across
DERIVED_LINE = 4.2  # mm: the most the line of derived values under the row takes


@widget("stats")
def stats(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    """A cell per stat, left to right and centred: its value large, its short name under it; the values
    worked out from stats (Move 9 in) in a line under the row."""
    values = face.values.get("stats") or {}
    if not values:
        return []
    meta = face.ctx.pack.meta
    x, y, w, h = box
    derived = [_derived(face, meta.stats[stat], value) for stat, value in values.items() if meta.stats[stat].derived]
    line = min(h * 0.3, DERIVED_LINE) if derived else 0.0
    row = h - line
    cell = w / max(len(values), STATS_ACROSS)
    left = x + (w - cell * len(values)) / 2
    fill = face.colour(spec.color) or mix(INK, PAPER, 0.85)
    value_size = min(row * 0.5 / MM_PER_POINT, 18.0)
    drawing: Drawing = []
    for index, (stat, value) in enumerate(values.items()):
        declared = meta.stats[stat]
        cx = left + index * cell
        drawing.append(Rect(cx + 0.4, y + line, cell - 0.8, row, fill=fill, radius=1.0))
        drawing += face.ctx.text(
            face.component,
            f"stats.{stat}",
            f"{value:g}",
            (cx, y + line + row * 0.36, cell, row * 0.6),
            font="sans-bold",
            size=max(value_size, 6.0),
            min_size=6,
            color=readable(fill),
            max_lines=1,
        )
        drawing += face.ctx.text(
            face.component,
            f"stats.{stat}",
            declared.short or declared.name,
            (cx + 0.6, y + line + row * 0.04, cell - 1.2, row * 0.36),
            size=6.5,
            min_size=6,
            color=readable(fill),
            max_lines=1,
        )
    if derived:
        drawing += face.ctx.text(
            face.component, "stats", " · ".join(derived), (x, y, w, line), size=8, min_size=6, max_lines=1
        )
    return drawing


def _derived(face: Face, declared, value: float) -> str:
    """A value worked out from a stat, with its name: **Move** 9 in (23 cm)."""
    rule = declared.derived
    worked_out = value / rule.divide
    if rule.inches:
        shown = words.of(face.ctx.locale, face.ctx.pack.root).length_in(worked_out)
    else:
        shown = f"{worked_out:g}" + (f" {rule.unit}" if rule.unit else "")
    return f"**{rule.name}** {shown}"


LABEL_PAD = 1.5  # mm each side of a label's text
LABEL_GAP = 1.0  # mm between labels


@widget(FIELD_BADGES)
def badges(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    """The card's type (its icon before its name), the tags the pack declares and the values of the
    pack's declared fields the card has that its look prints nowhere else (`Glow 3`: a new field
    shows before any look prints it), as
    labels in a row from the left of the box, as tall as the box; a label that does not fit the rest
    of the row starts a row under it."""
    meta = face.ctx.pack.meta
    component = face.component
    labels: list[tuple[str, str, str]] = []  # field, text, colour
    kind = getattr(component, "type", None)
    if kind:
        declared = meta.types[kind]
        labels.append(("type", (f"[{declared.icon}] " if declared.icon else "") + declared.name, declared.color or INK))
    labels += [("tags", meta.tags[tag].name, meta.tags[tag].color) for tag in component.tags if tag in meta.tags]
    named = face.ctx.named_fields(component)  # printed elsewhere on the card
    labels += [
        (f"data.{name}", text, FIELD_LABEL)
        for name in meta.fields
        if name not in named and (text := _field_label(face, name))
    ]
    x, y, w, h = box
    size = max(min(h * 0.55 / MM_PER_POINT, 8.0), 6.0)
    drawing: Drawing = []
    left = x
    for field_name, text, colour in labels:
        width = richtext.measure(text, "sans-bold", size, icons=face.ctx.icons) + 2 * LABEL_PAD
        if left > x and left + width > x + w:
            left, y = x, y - h - LABEL_GAP
        width = min(width, w)
        drawing.append(Rect(left, y, width, h, fill=colour, radius=min(1.0, h / 2)))
        drawing += face.ctx.text(
            component,
            field_name,
            text,
            (left + LABEL_PAD / 2, y, width - LABEL_PAD, h),
            font="sans-bold",
            size=size,
            min_size=6,
            color=readable(colour),
            max_lines=1,
        )
        left += width + LABEL_GAP
    return drawing


FIELD_LABEL = mix(INK, PAPER, 0.25)  # a declared field's label: quieter than the type's, dark enough for paper text


def _field_label(face: Face, name: str) -> str:
    """A declared field's label with the card's value ('Glow 3'); a true boolean its label alone, an
    icon drawn; nothing for a value the card does not have, or an image (which is art, not a label)."""
    declared = face.ctx.pack.meta.fields[name]
    value = face.values.get(f"data.{name}")
    if not is_set(value) or not declared.labelled:
        return ""
    label = declared.label or name
    if value is True:
        return label
    if declared.single == "icon":
        value = [f"[{icon}]" for icon in value] if isinstance(value, list) else f"[{value}]"
    return f"{label} {shown(value, decimal_mark(face.ctx.locale))}"


@widget("rotation-track")
def rotation_track(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    """The pack's rotation-track labels in strips along the edges of the box, each upright when its
    edge is on top: top, then left, bottom, right, the order the edges come to the top as the card is
    turned clockwise a quarter at a time."""
    labels = face.values.get("rotation-track") or []
    x, y, w, h = box
    depth = spec.depth.of(min(w, h))
    ink = face.colour(spec.color) or INK
    drawing: Drawing = []
    for label, angle in zip(labels, (0, 90, 180, 270), strict=False):
        # Set along the top edge of the box turned so this edge is on top, then turned back.
        turned_w, turned_h = (w, h) if angle in (0, 180) else (h, w)
        shapes = face.ctx.text(
            face.component,
            "rotation_track",
            label,
            (depth, turned_h - depth, turned_w - 2 * depth, depth),
            font="sans-bold",
            size=6.5,
            min_size=6,
            color=ink,
            max_lines=1,
        )
        # The turned box's centre sits on the box's centre.
        drawing += rotated(shifted(shapes, x + (w - turned_w) / 2, y + (h - turned_h) / 2), angle, x + w / 2, y + h / 2)
    return drawing
