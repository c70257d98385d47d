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

from printkit.base.outlines import RECT, Box, Outline, Polygon, regular_polygon
from printkit.base.shapes import Circle, Line, Path, Rect, shifted
from printkit.base.units import MM_PER_POINT, Size
from printkit.content.load import Pack
from printkit.content.model import (
    BackDesign,
    Board,
    Chip,
    Component,
    Face,
    Grid,
    HexGrid,
    Marker,
    PackMeta,
    Rectangular,
    Ruler,
    Sheet,
    SpecialField,
    TerrainEdges,
    Tile,
)
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


def _back_design(pack: Pack, back: str | None) -> BackDesign | None:
    name = back or pack.meta.defaults.back
    return pack.meta.backs[name] if name else None


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


# --- boards and sheets -------------------------------------------------------------------------------


@look(Board)
class BoardLook(Look[Board]):
    def front(self, ctx: LookContext, board: Board, size: Size) -> Drawing:
        w, h = size
        m, colour, footer = board.margin, board.color or "#2f4858", board.footer
        drawing: Drawing = [ctx.background(size, colour)]
        if isinstance(board.grid, HexGrid):
            drawing += _hex_cells(ctx, board, board.grid, colour)
        else:
            drawing += _squares(ctx, board, board.grid, colour)
        if board.title:
            drawing += ctx.text(
                board,
                "title",
                board.title,
                (m, m * 0.4, w - 2 * m, footer + m * 0.4),
                font="sans-bold",
                size=12,
                min_size=7,
                color=_on(colour),
                max_lines=1,
            )
        return drawing


def _squares(ctx: LookContext, board: Board, grid: Grid, colour: str) -> Drawing:
    """Each square a rounded panel with its number, or the terrain printed on it."""
    drawing: Drawing = []
    printed = {p.square: p for p in board.printed}
    for square in grid.cells():
        x, y, _, _ = board.cell_box(square)
        drawing.append(
            Rect(
                x + 0.6,
                y + 0.6,
                grid.square - 1.2,
                grid.square - 1.2,
                fill=_mix(colour, PAPER, 0.88),
                stroke=_mix(colour, PAPER, 0.4),
                line_width=0.4,
                radius=1.5,
            )
        )
        if square in printed:  # terrain printed on the board, like a tile already placed
            side = grid.square - 1.2
            drawing.append(Rect(x + 0.6, y + 0.6, side, side, fill=PAPER))
            terrain = printed[square]
            drawing += shifted(
                _terrain_edges(ctx.pack.meta, terrain.edges, terrain.spaces, Size(side, side)), x + 0.6, y + 0.6
            )
        elif grid.numbered:
            drawing += ctx.text(
                board,
                "grid.numbered",
                grid.label(square),
                (x, y + grid.square * 0.3, grid.square, grid.square * 0.4),
                font="sans-bold",
                size=grid.square * 0.3 / MM_PER_POINT,
                min_size=6,
                color=_mix(colour, PAPER, 0.65),
            )
    return drawing


def _hex_cells(ctx: LookContext, board: Board, grid: HexGrid, colour: str) -> Drawing:
    """The cells edge to edge, each outlined, with its number (column and row) small below its top."""
    drawing: Drawing = []
    outline = regular_polygon(6, grid.orientation)
    fill, stroke, number = _mix(colour, PAPER, 0.88), _mix(colour, PAPER, 0.4), _mix(colour, PAPER, 0.55)
    for cell in grid.cells():
        x, y, w, h = board.cell_box(cell)
        hexagon = outline.shape(Size(w, h))
        drawing += shifted([replace(hexagon, fill=fill, stroke=stroke, line_width=0.4)], x, y)
        if grid.numbered:
            drawing += ctx.text(
                board,
                "grid.numbered",
                grid.label(cell),
                (x + w * 0.25, y + h * 0.64, w * 0.5, h * 0.16),
                font="sans-bold",
                size=grid.size * 0.12 / MM_PER_POINT,
                min_size=4,
                color=number,
            )
    return drawing


@look(Sheet)
class SheetLook(Look[Sheet]):
    def front(self, ctx: LookContext, sheet: Sheet, size: Size) -> Drawing:
        outline = self.outline(sheet, ctx.pack)
        drawing: Drawing = [
            ctx.background(size, "#ffffff", outline),
            replace(outline.panel(size, 0), stroke=INK, line_width=0.4),
        ]
        box = outline.inner_box(size, 6)  # its content keeps 6 mm clear of its edges
        return drawing + _moved_into(self._content(ctx, sheet, Size(box.width, box.height)), box)

    def _content(self, ctx: LookContext, sheet: Sheet, size: Size) -> Drawing:
        """The title, the text and the table in a box of this size."""
        w, h = size
        drawing: Drawing = []
        drawing += ctx.text(
            sheet, "title", sheet.title, (6, h - 18, w - 12, 12), font="sans-bold", size=16, min_size=9, max_lines=1
        )
        y = h - 22
        if sheet.text:
            drawing += ctx.text(
                sheet, "text", sheet.text, (6, y - 14, w - 12, 14), size=8.5, min_size=6, align="left", max_lines=4
            )
            y -= 17
        if sheet.columns:
            cell = (w - 12) / len(sheet.columns)
            rows = max(sheet.rows, len(sheet.row_labels))
            row_h = min(9.0, (y - 6) / (rows + 1))
            for i, heading in enumerate(sheet.columns):
                drawing += ctx.text(
                    sheet,
                    f"columns.{i}",
                    heading,
                    (6 + i * cell + 1, y - row_h, cell - 2, row_h),
                    font="sans-bold",
                    size=8,
                    min_size=5,
                    max_lines=2,
                )
            for r, label in enumerate(sheet.row_labels):
                drawing += ctx.text(
                    sheet,
                    f"row_labels.{r}",
                    label,
                    (7, y - (r + 2) * row_h, cell - 2, row_h),
                    size=7,
                    min_size=4.5,
                    align="left",
                    max_lines=2,
                )
            bottom = y - row_h * (rows + 1)
            for r in range(rows + 2):
                drawing.append(Line(6, y - r * row_h, w - 6, y - r * row_h, stroke=INK, line_width=0.25))
            for i in range(len(sheet.columns) + 1):
                drawing.append(Line(6 + i * cell, y, 6 + i * cell, bottom, stroke=INK, line_width=0.25))
        return drawing


@look(Ruler)
class RulerLook(Look[Ruler]):
    def size(self, ruler: Ruler, pack: Pack) -> Size:
        return Size(ruler.length + 10, ruler.width)

    def front(self, ctx: LookContext, ruler: Ruler, size: Size) -> Drawing:
        """Zero 5 mm in from the left end; ticks along the top edge; bands and labels at the marks."""
        w, h = size
        colour = ruler.color or "#f2e8cf"
        drawing: Drawing = [ctx.background(size, colour), Rect(0, 0, w, h, stroke=INK, line_width=0.3)]
        start = 5.0
        previous = start
        for index, mark in enumerate(sorted(ruler.marks)):
            band = _mix(colour, INK, 0.12 if index % 2 else 0.22)
            drawing.append(Rect(previous, 0, start + mark - previous, h * 0.45, fill=band))
            label = words.text(
                ctx.locale, f"unit-{ruler.unit}", value=f"{mark / (25.4 if ruler.unit == 'in' else 10):g}"
            )
            drawing += ctx.text(
                ruler,
                "marks",
                label,
                (start + mark - 24, 1, 22, h * 0.4),
                font="sans-bold",
                size=9,
                min_size=6,
                align="left",
                max_lines=1,
            )
            drawing.append(Line(start + mark, 0, start + mark, h, stroke=INK, line_width=0.5))
            previous = start + mark
        step, per_long = (25.4 / 8, 8) if ruler.unit == "in" else (1.0, 10)
        count = int(ruler.length / step + 1e-6)
        for i in range(count + 1):
            x = start + i * step
            tick = h * (0.4 if i % per_long == 0 else 0.25 if i % (per_long // 2) == 0 else 0.14)
            drawing.append(Line(x, h, x, h - tick, stroke=INK, line_width=0.3 if i % per_long == 0 else 0.15))
            if i % per_long == 0 and i:
                drawing += ctx.text(
                    ruler, "length", str(i // per_long), (x - 4, h - tick - 4, 8, 3.5), size=7, min_size=5, max_lines=1
                )
        if ruler.name:  # in the first band, clear of the numbers and of the middle where a long ruler is split
            room = max(min(ruler.marks, default=ruler.length) - 27, w * 0.2)  # up to the first mark's label
            drawing += ctx.text(
                ruler,
                "name",
                ruler.name,
                (start + 2, 1, room, h * 0.4),
                font="sans-bold",
                size=8,
                min_size=5,
                align="left",
                max_lines=1,
            )
        return drawing
