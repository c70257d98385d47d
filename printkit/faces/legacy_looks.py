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

from printkit.base.outlines import RECT, Box, Outline, Polygon
from printkit.base.shapes import Circle, Image, Path, Rect, Text, rotated, shifted
from printkit.base.units import MM_PER_POINT, Size
from printkit.content.load import Pack
from printkit.content.model import (
    Ability,
    BackDesign,
    Card,
    CardType,
    Chip,
    Component,
    Edges,
    Face,
    Marker,
    PackMeta,
    Rectangular,
    SpecialField,
    TerrainEdges,
    Tile,
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

TILE_EDGE = 0.2  # depth of a tile's terrain edges, as a share of its side
HEX_MIDDLE = 0.5  # the calm middle of a hex tile, as a share of its size
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


# --- special fields --------------------------------------------------------------------------------


@look(SpecialField)
class SpecialFieldLook(Look[SpecialField]):
    def front(self, ctx: LookContext, spot: SpecialField, size: Size) -> Drawing:
        outline = self.outline(spot, ctx.pack)
        colour = "#4a4a4a" if spot.blocked else _element_colour(ctx.pack, spot, spot.element)
        unit = min(size)
        drawing: Drawing = [
            ctx.background(size, colour, outline),
            replace(
                outline.panel(size, unit * 0.06, radius=unit * 0.04),
                stroke=_mix(colour, _on(colour), 0.5),
                line_width=0.6,
            ),
        ]
        box = outline.inner_box(size, unit * 0.06)
        return drawing + _moved_into(self._content(ctx, spot, Size(box.width, box.height), colour), box)

    def _content(self, ctx: LookContext, spot: SpecialField, size: Size, colour: str) -> Drawing:
        """The icon, name and rules line in a box of this size."""
        w, h = size
        unit = min(w, h)
        element = ctx.pack.meta.elements.get(spot.element) if spot.element else None
        ink = _on(colour)
        drawing: Drawing = []
        icon_name = "blocked" if spot.blocked else (element.icon if element else None)
        lift = 0.06 if spot.text else 0.0  # make room for the rules line
        drawing += _icon(icon_name, w / 2, h * (0.56 + lift), unit * 0.38, ink)
        label = spot.name or (element.name if element else spot.id)
        drawing += ctx.text(
            spot,
            "name",
            label,
            (unit * 0.1, h * (0.14 + lift), w - unit * 0.2, h * 0.14),
            font="sans-bold",
            size=11,
            min_size=6,
            color=ink,
            max_lines=1,
        )
        if spot.text:
            drawing += ctx.text(
                spot,
                "text",
                spot.text,
                (unit * 0.1, h * 0.09, w - unit * 0.2, h * 0.12),
                size=6,
                min_size=4.5,
                color=ink,
                max_lines=2,
            )
        return drawing

    def has_back(self, spot: SpecialField, pack: Pack) -> bool:
        return _back_design(pack, spot.back) is not None

    def back(self, ctx: LookContext, spot: SpecialField, size: Size) -> Drawing:
        return _design_back(ctx, spot, spot.back, size, self.outline(spot, ctx.pack).back())


# --- island tiles ----------------------------------------------------------------------------------


@look(Tile)
class TileLook(Look[Tile]):
    def front(self, ctx: LookContext, tile: Tile, size: Size) -> Drawing:
        """Terrain all round; in the middle the name, the effect, the VP and effect type, and the cost."""
        outline = self.outline(tile, ctx.pack)
        drawing, (x, y, w, h) = self._side(ctx, tile, size, outline, tile.edges, tile.spaces, tile.name, tile.color, "")
        figures = " · ".join(
            p
            for p in (
                f"{tile.points} VP" if tile.points is not None else "",
                tile.effect.replace("-", " ") if tile.effect != "none" else "",
            )
            if p
        )
        if tile.text:
            drawing += ctx.text(
                tile, "text", tile.text, (x, y + h * 0.36, w, h * 0.4), size=5.5, min_size=4, max_lines=4
            )
        if figures:
            drawing += ctx.text(
                tile,
                "points",
                figures,
                (x, y + h * 0.18, w, h * 0.16),
                font="sans-bold",
                size=5,
                min_size=4,
                max_lines=1,
            )
        if tile.cost:  # a dot per inhabitant to pay, in its colour
            dots = [ctx.pack.meta.resources[r].color for r, n in tile.cost.items() for _ in range(n)]
            step = min(2.6, w / len(dots))
            left = size.width / 2 - step * (len(dots) - 1) / 2
            for i, colour in enumerate(dots):
                drawing.append(
                    Circle(left + i * step, y + h * 0.09, step * 0.4, fill=colour, stroke=INK, line_width=0.15)
                )
        return drawing

    def _side(
        self,
        ctx: LookContext,
        tile: Tile,
        size: Size,
        outline: Outline,
        edges: TerrainEdges,
        spaces: dict[str, int],
        name: str | None,
        colour: str | None,
        field_prefix: str,
    ) -> tuple[Drawing, Box]:
        """The terrain of each edge with its spaces, and the name at the top of the calm middle; returns
        the drawing and the middle's box, where the rest of the side's text goes."""
        if isinstance(outline, Polygon):  # a hexagon: wedges from the middle out to its sides
            drawing = _terrain_wedges(ctx, outline, edges.along(tile.edge_names or ()), spaces, size, colour or PAPER)
            middle = outline.inner_box(size).scaled(HEX_MIDDLE)
            x, y = middle.x + 0.5, middle.y + 0.5
        else:  # a square: trapezoids along its edges, as they always were
            drawing = [ctx.background(size, colour or PAPER)]
            drawing += _terrain_edges(ctx.pack.meta, edges, spaces, size, ctx.bleed)
            x = y = min(size) * TILE_EDGE + 0.5
        w, h = size.width - 2 * x, size.height - 2 * y
        if name:
            drawing += ctx.text(
                tile,
                f"{field_prefix}name",
                name,
                (x, y + h - h * 0.24, w, h * 0.24),
                font="sans-bold",
                size=6,
                min_size=4,
                max_lines=2,
            )
        return drawing, Box(x, y, w, h)

    def has_back(self, tile: Tile, pack: Pack) -> bool:
        return tile.reverse is not None or _back_design(pack, tile.back) is not None

    def back(self, ctx: LookContext, tile: Tile, size: Size) -> Drawing:
        outline = self.outline(tile, ctx.pack).back()
        if tile.reverse is not None:
            return self._side(
                ctx,
                tile,
                size,
                outline,
                tile.reverse.edges,
                tile.reverse.spaces,
                tile.reverse.name,
                tile.reverse.color,
                "reverse.",
            )[0]
        return _design_back(ctx, tile, tile.back, size, outline)


def _terrain_wedges(
    ctx: LookContext, outline: Polygon, terrains: list[str], spaces: dict[str, int], size: Size, middle_colour: str
) -> Drawing:
    """Each side of a hex tile the wedge from the tile's centre out to that side (and on into the bleed,
    so that no other colour shows at a cut) in its terrain's colour, with its icon between the calm
    middle and the side, and a ring beside the icon for each space: a terrain's spaces go round its
    sides in turn, as on a square tile. The middle is a smaller hexagon in the tile's colour."""
    meta = ctx.pack.meta
    cx, cy = size.width / 2, size.height / 2
    apothem = min(size) / 2
    depth = apothem * (1 - HEX_MIDDLE)  # of the ring of wedges around the middle
    reach = apothem - depth / 2  # from the centre to the icons
    ring = depth * 0.15
    drawing: Drawing = []
    icons: dict[str, list[tuple[float, float, float, float]]] = {}  # per terrain: each icon's centre, the way along
    trim_sides = outline.sides_from_top(size)
    for (corner, next_corner), (trim_corner, next_trim_corner), terrain_id in zip(
        outline.sides_from_top(size, ctx.bleed), trim_sides, terrains, strict=True
    ):
        terrain = meta.terrains[terrain_id]
        wedge = (("M", cx, cy), ("L", *corner), ("L", *next_corner), ("Z",))
        drawing.append(Path(wedge, fill=terrain.color, stroke=PAPER, line_width=0.4))
        out_x, out_y = (corner[0] + next_corner[0]) / 2 - cx, (corner[1] + next_corner[1]) / 2 - cy
        out = math.hypot(out_x, out_y)
        icon_x, icon_y = cx + out_x / out * reach, cy + out_y / out * reach
        drawing += _icon(terrain.icon, icon_x, icon_y, depth * 0.5, _on(terrain.color))
        side = math.dist(trim_corner, next_trim_corner)
        along = ((next_trim_corner[0] - trim_corner[0]) / side, (next_trim_corner[1] - trim_corner[1]) / side)
        icons.setdefault(terrain_id, []).append((icon_x, icon_y, *along))
    drawing.append(replace(outline.panel(size, depth), fill=middle_colour, stroke=PAPER, line_width=0.4))
    # Beside an icon, along its side, up to where the wedge narrows to a ring's width from its edges.
    room = math.dist(*trim_sides[0]) / 2 * reach / apothem - ring
    for terrain_id, count in spaces.items():
        beside = icons[terrain_id]
        for n in range(count):  # validate keeps a terrain's spaces to its sides, at most 4 per side
            (x, y, along_x, along_y), slot = beside[n % len(beside)], n // len(beside)
            offset = (0.7, -0.7, 0.95, -0.95)[slot] * room
            drawing.append(
                Circle(x + along_x * offset, y + along_y * offset, ring, fill="#ffffff", stroke=INK, line_width=0.25)
            )
    return drawing


def _terrain_edges(meta: PackMeta, edges, spaces: dict[str, int], size: Size, bleed: float = 0.0) -> Drawing:
    """Each edge of a tile (or of a printed board square) a trapezoid in its terrain's colour with its
    icon, and a ring beside the icon for each space: a terrain's spaces go round its edges in turn.
    The outer corners reach into the bleed so that no centre colour shows at a cut."""
    w, h = size
    depth, b = min(w, h) * TILE_EDGE, bleed
    corners = {
        "top": ((-b, h + b), (w + b, h + b), (w - depth, h - depth), (depth, h - depth)),
        "right": ((w + b, h + b), (w + b, -b), (w - depth, depth), (w - depth, h - depth)),
        "bottom": ((w + b, -b), (-b, -b), (depth, depth), (w - depth, depth)),
        "left": ((-b, -b), (-b, h + b), (depth, h - depth), (depth, depth)),
    }
    centres = {
        "top": (w / 2, h - depth / 2),
        "right": (w - depth / 2, h / 2),
        "bottom": (w / 2, depth / 2),
        "left": (depth / 2, h / 2),
    }
    drawing: Drawing = []
    for side, points in corners.items():
        terrain = meta.terrains[getattr(edges, side)]
        ops = tuple(("M" if i == 0 else "L", x, y) for i, (x, y) in enumerate(points)) + (("Z",),)
        drawing.append(Path(ops, fill=terrain.color, stroke=PAPER, line_width=0.4))
        drawing += _icon(terrain.icon, *centres[side], depth * 0.55, _on(terrain.color))
    for terrain_id, count in spaces.items():
        sides = [side for side in centres if getattr(edges, side) == terrain_id]
        for n in range(count):  # validate keeps a terrain's spaces to its edges, at most 4 per edge
            side, slot = sides[n % len(sides)], n // len(sides)
            offset = (0.22, -0.22, 0.34, -0.34)[slot] * (w if side in ("top", "bottom") else h)
            cx, cy = centres[side]
            cx, cy = (cx + offset, cy) if side in ("top", "bottom") else (cx, cy - offset)
            drawing.append(Circle(cx, cy, depth * 0.18, fill="#ffffff", stroke=INK, line_width=0.25))
    return drawing


# --- chips and markers ------------------------------------------------------------------------------


def _round_face(
    ctx: LookContext, component: Component, field_prefix: str, face: Face, size: Size, outline: Outline
) -> Drawing:
    """A chip's or marker's face, its ring following the outline and its text laid out for the largest
    circle inside it; field_prefix leads to the face's fields ("front.", "back." or "")."""
    circle = outline.circle_box(size)
    ink = _on(face.color)
    ring = outline.shape(size, -circle.width * 0.09)
    drawing: Drawing = [
        ctx.background(size, face.color, outline),
        replace(ring, stroke=_mix(face.color, ink, 0.45), line_width=0.5),
    ]
    return drawing + _moved_into(
        _face_text(ctx, component, field_prefix, face, Size(circle.width, circle.height)), circle
    )


def _face_text(ctx: LookContext, component: Component, field_prefix: str, face: Face, size: Size) -> Drawing:
    """A round face's value and label, in a square of this size."""
    w, h = size
    ink = _on(face.color)
    drawing: Drawing = []
    if face.value is not None:
        drawing += ctx.text(
            component,
            f"{field_prefix}value",
            str(face.value),
            (w * 0.2, h * 0.38, w * 0.6, h * 0.36),
            font="sans-bold",
            size=w * 0.4 / MM_PER_POINT,
            min_size=5,
            color=ink,
            max_lines=1,
        )
    if face.label:
        box = (
            (w * 0.18, h * 0.18, w * 0.64, h * 0.2)
            if face.value is not None
            else (w * 0.16, h * 0.3, w * 0.68, h * 0.4)
        )
        drawing += ctx.text(
            component,
            f"{field_prefix}label",
            face.label,
            box,
            font="sans-bold",
            size=w * 0.2 / MM_PER_POINT,
            min_size=4.5,
            color=ink,
            max_lines=2,
        )
    return drawing


@look(Chip)
class ChipLook(Look[Chip]):
    def front(self, ctx: LookContext, chip: Chip, size: Size) -> Drawing:
        face = Face(label=chip.label, color=chip.color or NEUTRAL)
        return _round_face(ctx, chip, "", face, size, self.outline(chip, ctx.pack))

    def has_back(self, chip: Chip, pack: Pack) -> bool:
        return chip.back is not None

    def back(self, ctx: LookContext, chip: Chip, size: Size) -> Drawing:
        assert chip.back is not None, "a back is drawn only for a component whose has_back() said yes"
        return _round_face(ctx, chip, "back.", chip.back, size, self.outline(chip, ctx.pack).back())


@look(Marker)
class MarkerLook(Look[Marker]):
    def front(self, ctx: LookContext, marker: Marker, size: Size) -> Drawing:
        return _round_face(ctx, marker, "front.", marker.front, size, self.outline(marker, ctx.pack))

    def has_back(self, marker: Marker, pack: Pack) -> bool:
        return True  # markers are double-sided

    def back(self, ctx: LookContext, marker: Marker, size: Size) -> Drawing:
        return _round_face(ctx, marker, "back.", marker.back, size, self.outline(marker, ctx.pack).back())
