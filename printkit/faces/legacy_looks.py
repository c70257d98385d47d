"""The looks still written in Python, while their YAML versions are written (see faces/looks.py).

Takes: a validated component, its pack and the locale being built.
Returns: the component's trim size and shape, and the drawing primitives of its front and back
(None when it has no back), in millimetres inside its own trim box. Text that cannot fit its box
even at its smallest allowed size, and characters the bundled font cannot draw, are collected as
problems naming the component, field, locale and overflow.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from printkit.base.outlines import RECT, Outline
from printkit.base.shapes import Circle, Image, Path, Rect, Text, rotated, shifted
from printkit.base.units import MM_PER_POINT, Size
from printkit.content.load import Pack
from printkit.content.model import (
    Ability,
    BackDesign,
    Card,
    CardType,
    Component,
    Edges,
    PackMeta,
    Rectangular,
)
from printkit.faces import richtext
from printkit.i18n import words

if TYPE_CHECKING:
    pass

from printkit.faces.paint import INK, NEUTRAL, PAPER, Drawing, LookContext
from printkit.faces.paint import icon as _icon
from printkit.faces.paint import mix as _mix
from printkit.faces.paint import moved_into as _moved_into
from printkit.faces.paint import readable as _on

ESTIMATED = "estimated"  # the tag of components whose values the pack's author chose, not the game


# --- the registry ---------------------------------------------------------------------------------


C = TypeVar("C", bound=Component)


class Look(Generic[C]):
    """How one component kind looks, drawing components of class C. Subclasses register with @look(C)."""

    def outline(self, component: C, pack: Pack) -> Outline:
        """The outline it is cut along: its shape's, or a rectangle for kinds that have no shape."""
        return component.outline(pack.meta.defaults) if isinstance(component, Rectangular) else RECT

    def size(self, component: C, pack: Pack) -> Size:
        if isinstance(component, Rectangular):
            return component.trim(pack.meta.defaults)
        raise NotImplementedError

    def front(self, ctx: LookContext, component: C, size: Size) -> Drawing:
        raise NotImplementedError

    def has_back(self, component: C, pack: Pack) -> bool:
        """Whether it has a printed back (its imposition needs to know before anything is drawn)."""
        return False

    def back(self, ctx: LookContext, component: C, size: Size) -> Drawing:
        """The back, for components that have one."""
        raise NotImplementedError


LOOKS: dict[type[Component], Look[Any]] = {}  # each look draws the class it is registered under


def look(kind: type[C]) -> Callable[[type[Look[C]]], type[Look[C]]]:
    def register(cls: type[Look[C]]) -> type[Look[C]]:
        LOOKS[kind] = cls()
        return cls

    return register


def look_of(component: C) -> Look[C]:
    return LOOKS[type(component)]


# --- shared pieces ---------------------------------------------------------------------------------


def _element_colour(pack: Pack, component: Component, element: str | None) -> str:
    """A component's own colour, else its element's, else its card type's, else grey."""
    if component.color:
        return component.color
    if element:
        return pack.meta.elements[element].color
    kind = getattr(component, "type", None)
    return (pack.meta.types[kind].color if kind else None) or NEUTRAL


def _estimated_mark(cx: float, cy: float) -> Drawing:
    """A small ≈ in a circle centred on (cx, cy): the card's values are the kit's estimates, not the
    game's own (the rulebooks explain the mark)."""
    return [
        Circle(cx, cy, 2.4, fill=PAPER, stroke=INK, line_width=0.3),
        Text(cx, cy - 1.05, "≈", "sans-bold", 9, INK, "center"),
    ]


def _design_back(ctx: LookContext, component: Component, back: str | None, size: Size, outline: Outline) -> Drawing:
    """The back design a component names (or the pack's default back), which its look's has_back found,
    inside the outline of its back."""
    design = _back_design(ctx.pack, back)
    assert design is not None, "a back is drawn only for a component whose has_back() said yes"
    ink = _on(design.color)
    inset = min(size) * 0.07
    drawing: Drawing = [
        ctx.background(size, design.color, outline),
        replace(outline.panel(size, inset, radius=inset * 0.6), stroke=_mix(design.color, ink, 0.55), line_width=0.6),
        replace(
            outline.panel(size, inset * 1.6, radius=inset * 0.4), stroke=_mix(design.color, ink, 0.3), line_width=0.3
        ),
    ]
    box = outline.inner_box(size, inset * 1.6)
    return drawing + _moved_into(_back_titles(ctx, component, design, Size(box.width, box.height), inset), box)


def _back_titles(ctx: LookContext, component: Component, design: BackDesign, size: Size, inset: float) -> Drawing:
    """A back design's title and subtitle across the middle of a box of this size."""
    w, h = size
    ink = _on(design.color)
    drawing: Drawing = []
    title_box = (inset * 2, h * 0.42, w - inset * 4, h * 0.2)
    drawing += ctx.text(
        component,
        "back",
        design.title,
        title_box,
        font="sans-bold",
        size=min(22, h * 0.32),
        min_size=7,
        color=ink,
        max_lines=2,
    )
    if design.subtitle:
        drawing += ctx.text(
            component,
            "back",
            design.subtitle,
            (inset * 2, h * 0.28, w - inset * 4, h * 0.12),
            size=9,
            min_size=6,
            color=ink,
            max_lines=2,
        )
    return drawing


def _explained(meta: PackMeta, card: Card) -> CardType | Ability | None:
    """The card type or special power a reference card explains (it has a name and a text)."""
    if card.explains:
        return meta.types[card.explains]
    return meta.abilities[card.explains_power] if card.explains_power else None


def _back_design(pack: Pack, back: str | None) -> BackDesign | None:
    name = back or pack.meta.defaults.back
    return pack.meta.backs[name] if name else None


# --- cards -----------------------------------------------------------------------------------------


@look(Card)
class CardLook(Look[Card]):
    def front(self, ctx: LookContext, card: Card, size: Size) -> Drawing:
        w, h = size
        outline = self.outline(card, ctx.pack)
        frame = _element_colour(ctx.pack, card, card.element)
        # Damage is tracked on character cards (with stats); the labels need a wider frame.
        track = ctx.pack.meta.defaults.rotation_track if card.stats and not card.edges else []
        border = min(w, h) * (0.085 if track else 0.05)
        drawing: Drawing = [
            ctx.background(size, frame, outline),
            replace(outline.panel(size, border, radius=border * 0.8), fill=PAPER),
        ]
        box = outline.inner_box(size, border)
        inner = Size(box.width, box.height)
        if card.edges:
            content = self._edge_card(ctx, card, card.edges, inner, frame, border)
        else:
            content = self._stat_card(ctx, card, inner, frame, border, track)
        if track:  # in the frame, where the content's box is the trim box (a rectangle's); else on the paper
            ink = _on(frame) if box == (0.0, 0.0, w, h) else _mix(frame, INK, 0.35)
            content += self._rotation_track(ctx, card, inner, border, track, ink)
        return drawing + _moved_into(content, box)

    def _edge_card(self, ctx: LookContext, card: Card, edges: Edges, size: Size, frame: str, border: float) -> Drawing:
        """Edge-battle card: at the middle of each edge a badge with its attack points and a ▶ pointing out."""
        w, h = size
        unit = min(w, h)
        badge = unit * 0.075
        pointer = unit * 0.035
        inset = border + unit * 0.02 + pointer + badge
        element = ctx.pack.meta.elements.get(card.element) if card.element else None
        emblem = unit * 0.14
        drawing: Drawing = [Circle(w / 2, h / 2, emblem, fill=_mix(frame, PAPER, 0.78))]
        if card.art:
            span = emblem * 2
            drawing.append(Image(ctx.art(card.art), (w - span) / 2, (h - span) / 2, span, span))
        elif element and element.icon:
            drawing += _icon(element.icon, w / 2, h / 2, emblem * 1.25, frame)
        else:
            drawing.append(Circle(w / 2, h / 2, emblem * 0.55, stroke=frame, line_width=unit * 0.02))
        sides = {
            "top": (w / 2, h - inset, 90),
            "right": (w - inset, h / 2, 0),
            "bottom": (w / 2, inset, 270),
            "left": (inset, h / 2, 180),
        }
        for side, (cx, cy, angle) in sides.items():
            value = getattr(edges, side)
            colour = frame if value else _mix(frame, PAPER, 0.55)  # weak edges recede
            rad = math.radians(angle)
            tip = (cx + math.cos(rad) * (badge + pointer), cy + math.sin(rad) * (badge + pointer))
            base = [
                (
                    cx + math.cos(rad + a) * badge * 0.55 + math.cos(rad) * badge * 0.8,
                    cy + math.sin(rad + a) * badge * 0.55 + math.sin(rad) * badge * 0.8,
                )
                for a in (1.571, -1.571)
            ]
            drawing.append(Path((("M", *tip), ("L", *base[0]), ("L", *base[1]), ("Z",)), fill=colour))
            drawing.append(Circle(cx, cy, badge, fill=colour))
            drawing += ctx.text(
                card,
                f"edges.{side}",
                str(value),
                (cx - badge, cy - badge, 2 * badge, 2 * badge),
                font="sans-bold",
                size=badge * 1.3 / MM_PER_POINT,
                min_size=6,
                color=_on(colour),
            )
        text_left = border + unit * 0.04
        name_bottom = h / 2 + emblem + unit * 0.015
        drawing += ctx.text(
            card,
            "name",
            card.name or card.id,
            (text_left, name_bottom, w - 2 * text_left, h - inset - badge - name_bottom),
            font="sans-bold",
            size=8,
            min_size=5.5,
            max_lines=1,
        )
        label = f"▶ {edges.total}" + (f" · {element.name}" if element else "")
        label_top = h / 2 - emblem - unit * 0.015
        drawing += ctx.text(
            card,
            "element",
            label,
            (text_left, inset + badge, w - 2 * text_left, label_top - inset - badge),
            size=6.5,
            min_size=5,
            color=_mix(frame, INK, 0.4),
            max_lines=1,
        )
        return drawing

    def _stat_card(
        self, ctx: LookContext, card: Card, size: Size, frame: str, border: float, track: list[str]
    ) -> Drawing:
        """Name band, art window, a row of stats, then the power and rules text; a smaller art window
        when the pack declares a damage track (drawn along the edges by front)."""
        w, h = size
        meta = ctx.pack.meta
        pad = border + min(w, h) * 0.03
        inner_w = w - 2 * pad
        band = h * 0.1
        band_colour = _mix(frame, PAPER, 0.25)
        drawing: Drawing = [Rect(pad, h - pad - band, inner_w, band, fill=band_colour, radius=1.2)]
        title_left = pad + (band if card.cost is not None else 0)
        explained = _explained(meta, card)
        title = card.name or (explained.name if explained else card.id)
        drawing += ctx.text(
            card,
            "name",
            title,
            (title_left + 1.5, h - pad - band, inner_w - (title_left - pad) - 3, band),
            font="sans-bold",
            size=10,
            min_size=6,
            color=_on(band_colour),
            max_lines=2,
        )
        if card.cost is not None:
            r = band * 0.55
            drawing += [Circle(pad + band / 2, h - pad - band / 2, r, fill=INK)]
            drawing += ctx.text(
                card,
                "cost",
                str(card.cost),
                (pad, h - pad - band, band, band),
                font="sans-bold",
                size=r * 1.3 / MM_PER_POINT,
                min_size=5,
                color="#ffffff",
            )
        art_top = h - pad - band - 1.2
        art_h = h * (0.3 if track else 0.34)
        art_bottom = art_top - art_h
        drawing += [Rect(pad, art_bottom, inner_w, art_h, fill=_mix(frame, PAPER, 0.8), radius=1.2)]
        element = meta.elements.get(card.element) if card.element else None
        if card.art:
            drawing.append(Image(ctx.art(card.art), pad, art_bottom, inner_w, art_h))
        else:
            kind = meta.types.get(card.type) if card.type else None
            emblem = element.icon if element else (kind.icon if kind else None)
            drawing += _icon(emblem, w / 2, art_bottom + art_h / 2, art_h * 0.55, frame)
        if card.rarity and meta.rarities[card.rarity].icon:
            drawing += _icon(meta.rarities[card.rarity].icon, w - pad - 3.5, art_top - 3.5, 4.5, INK)
        drawing += self._badges(ctx, card, pad + 1, art_top - 1, art_bottom, inner_w)
        if ESTIMATED in card.tags:
            drawing += _estimated_mark(w - pad - 3.2, art_bottom + 3.2)
        y = art_bottom - 1.2
        if card.stats:
            y = self._stats_row(ctx, card, drawing, pad, y, inner_w, h, frame)
        reference = explained.text if explained else None
        if card.type and not card.explains and meta.types[card.type].on_cards:
            reference = f"**{meta.types[card.type].name}:** {meta.types[card.type].text}"
        body = "\n".join(part for part in (self._ability_line(ctx, card), card.text, reference) if part)
        flavor_h = (y - pad) * 0.25 if card.flavor else 0
        if body:
            field_name = (
                "text"
                if card.text
                else "ability"
                if card.ability
                else "explains"
                if card.explains
                else "explains_power"
            )
            drawing += ctx.text(
                card,
                field_name,
                body,
                (pad + 1, pad + flavor_h, inner_w - 2, y - pad - flavor_h),
                size=8,
                min_size=5.5,
                max_lines=40,
            )
        if card.flavor:
            drawing += ctx.text(
                card,
                "flavor",
                card.flavor,
                (pad + 1, pad, inner_w - 2, flavor_h),
                font="sans-italic",
                size=6.5,
                min_size=5,
                color=_mix(INK, PAPER, 0.35),
                max_lines=3,
            )
        return drawing

    def _badges(self, ctx: LookContext, card: Card, x: float, top: float, bottom: float, width: float) -> Drawing:
        """The card type (bottom left of the art) and declared tags (top left), as small labels."""
        meta = ctx.pack.meta
        drawing: Drawing = []
        labels = [("tags", meta.tags[t].name, meta.tags[t].color, top - 4.2) for t in card.tags if t in meta.tags]
        if card.type:
            kind = meta.types[card.type]
            name = (f"[{kind.icon}] " if kind.icon else "") + kind.name
            labels.append(("type", name, kind.color or INK, bottom + 1))
        for field_name, text, colour, y in labels:
            label_w = min(width * 0.6, richtext.measure(text, "sans-bold", 6) + 3)
            drawing.append(Rect(x, y, label_w, 3.4, fill=colour, radius=1.0))
            drawing += ctx.text(
                card,
                field_name,
                text,
                (x + 0.5, y, label_w - 1, 3.4),
                font="sans-bold",
                size=6,
                min_size=4.5,
                color=_on(colour),
                max_lines=1,
            )
        return drawing

    def _stats_row(
        self, ctx: LookContext, card: Card, drawing: Drawing, pad: float, y: float, inner_w: float, h: float, frame: str
    ) -> float:
        meta = ctx.pack.meta
        row_h = h * 0.095
        cell = inner_w / len(card.stats)
        derived = []
        for i, (stat, value) in enumerate(card.stats.items()):
            declared = meta.stats[stat]
            x = pad + i * cell
            drawing.append(Rect(x + 0.4, y - row_h, cell - 0.8, row_h, fill=_mix(frame, PAPER, 0.6), radius=1))
            drawing += ctx.text(
                card,
                f"stats.{stat}",
                f"{value:g}",
                (x, y - row_h * 0.62, cell, row_h * 0.55),
                font="sans-bold",
                size=11,
                min_size=6,
            )
            drawing += ctx.text(
                card,
                f"stats.{stat}",
                declared.short or declared.name,
                (x, y - row_h, cell, row_h * 0.38),
                size=5.5,
                min_size=4.5,
            )
            if declared.derived:
                worked_out = value / declared.derived.divide
                unit = f" {declared.derived.unit}" if declared.derived.unit else ""
                shown = words.length_in(ctx.locale, worked_out) if declared.derived.inches else f"{worked_out:g}{unit}"
                derived.append(f"**{declared.derived.name}** {shown}")
        y -= row_h + 1.0
        if derived:
            drawing += ctx.text(
                card, "stats", " · ".join(derived), (pad, y - 3.2, inner_w, 3.2), size=7, min_size=5, max_lines=1
            )
            y -= 4.0
        return y

    def _ability_line(self, ctx: LookContext, card: Card) -> str | None:
        if card.ability is None:
            return None
        power = ctx.pack.meta.abilities[card.ability.power]
        return f"**{power.name}:** {card.ability.target}" if card.ability.target else f"**{power.name}**"

    def _rotation_track(
        self, ctx: LookContext, card: Card, size: Size, depth: float, labels: list[str], ink: str
    ) -> Drawing:
        """Labels along the edges of the content's box (in a rectangular card's frame), each upright
        when its edge is on top: top, then left, bottom, right, the order the edges come to the top as
        the card is turned clockwise a quarter at a time."""
        w, h = size  # depth: the frame's width, the labels' room
        drawing: Drawing = []
        for label, angle in zip(labels, (0, 90, 180, 270), strict=False):
            # Set the label along the top edge of a card turned so this edge is on top, then turn it back.
            long_side = w if angle in (0, 180) else h
            turned_w, turned_h = (w, h) if angle in (0, 180) else (h, w)
            shapes = ctx.text(
                card,
                "rotation_track",
                label,
                (depth, turned_h - depth, long_side - 2 * depth, depth),
                font="sans-bold",
                size=6,
                min_size=4,
                color=ink,
                max_lines=1,
            )
            # turned frame's centre sits on the card's centre
            dx, dy = (w - turned_w) / 2, (h - turned_h) / 2
            drawing += rotated(shifted(shapes, dx, dy), angle, w / 2, h / 2)
        return drawing

    def has_back(self, card: Card, pack: Pack) -> bool:
        return _back_design(pack, card.back) is not None

    def back(self, ctx: LookContext, card: Card, size: Size) -> Drawing:
        return _design_back(ctx, card, card.back, size, self.outline(card, ctx.pack).back())
