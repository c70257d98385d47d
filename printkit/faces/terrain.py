"""Terrain: the land, water and sky of a tile's edges, drawn so that tiles laid side by side join up.

Takes: a tile (a square or a hexagon), which side of it, its pack's terrains and resources; or, for a
board's printed square, the square's edges, spaces and size (`square_terrain`, which the board's
grid calls).
Returns: drawings in millimetres inside the piece's trim box. Each edge's terrain fills the wedge from
the piece's centre out to that edge and on into the bleed, so the whole length of every edge shows its
terrain and two matching edges continue the same land across the seam: a complete island reads as
one shape. Where land meets sky (a terrain with `sky: true`) the border bows out into the sky and is
drawn as a coast; different lands meet along a thin light line; wedges of one terrain merge. Land
shows its terrain's icon near its edge, sky a soft cloud, and every space a white ring beside its
terrain's icon (a terrain's spaces go round its edges in turn, at most four beside each).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from printkit.base.icons import Icons
from printkit.base.outlines import Box, Point, Polygon
from printkit.base.palette import INK, PAPER
from printkit.base.shapes import Circle, Path, Rect
from printkit.base.units import Size
from printkit.content.components.edges import SQUARE_SIDES, TerrainEdges
from printkit.content.components.tiles import Tile
from printkit.content.looks import WidgetSpec
from printkit.content.pack_meta import PackMeta
from printkit.faces.face import Face
from printkit.faces.paint import Drawing, mix, readable
from printkit.faces.widgets import widget
from printkit.i18n import words

ICON_REACH = 0.8  # from the centre to a land's icon (and its spaces), as a share of the apothem
ICON_SIZE = 0.25  # of an icon, as a share of the apothem
RING = 0.075  # a space's radius, as a share of the apothem
COAST_BOW = 0.2  # how far a coast bows out into the sky at most, as a share of the apothem
COAST = "#eadcb0"  # the sandy line where land meets sky
SPACE = "#ffffff"  # the fill of a space's ring
SPACE_SLOTS = (0.7, -0.7, 0.95, -0.95)  # where a side's spaces sit beside its icon, as shares of the room


class Wedge(NamedTuple):
    """The part of a piece from its centre out to one side: the side's trim corners (clockwise), the
    same corners pushed out into the bleed, and the side's terrain."""

    trim: tuple[Point, Point]
    bleed: tuple[Point, Point]
    terrain: str


def square_terrain(
    meta: PackMeta, icons: Icons, edges: TerrainEdges, spaces: dict[str, int], size: Size, bleed: float = 0.0
) -> Drawing:
    """The terrain of a square (a square tile, or a board's printed square) of this size, its edges
    top, right, bottom and left, with its spaces; the outer corners reach `bleed` past the trim."""
    w, h, b = size.width, size.height, bleed
    corners = [(0.0, h), (w, h), (w, 0.0), (0.0, 0.0)]  # top-left, clockwise
    grown = [(-b, h + b), (w + b, h + b), (w + b, -b), (-b, -b)]
    wedges = [
        Wedge((corners[i], corners[(i + 1) % 4]), (grown[i], grown[(i + 1) % 4]), terrain)
        for i, terrain in enumerate(edges.along(SQUARE_SIDES))
    ]
    return _terrain(meta, icons, wedges, (w / 2, h / 2), min(w, h) / 2, spaces)


def _tile_terrain(face: Face, side: str) -> Drawing:
    """A tile's terrain on one side (front or reverse), within its face's outline."""
    tile = face.component
    if not isinstance(tile, Tile):  # validate refuses it in the look of another kind (WIDGET_KINDS)
        return []
    drawn = tile.reverse if side == "reverse" else tile
    if drawn is None or drawn.edges is None:  # a tile of a game that matches no edges: its look's colour
        return []
    meta, size, outline = face.ctx.pack.meta, face.size, face.outline
    if not isinstance(outline, Polygon):
        return square_terrain(meta, face.ctx.icons, drawn.edges, drawn.spaces, size, face.ctx.bleed)
    terrains = drawn.edges.along(tile.edge_names)
    wedges = [
        Wedge(trim, grown, terrain)
        for trim, grown, terrain in zip(
            outline.sides_from_top(size), outline.sides_from_top(size, face.ctx.bleed), terrains, strict=True
        )
    ]
    return _terrain(meta, face.ctx.icons, wedges, (size.width / 2, size.height / 2), min(size) / 2, drawn.spaces)


def _terrain(
    meta: PackMeta, icons: Icons, wedges: list[Wedge], centre: Point, apothem: float, spaces: dict[str, int]
) -> Drawing:
    """The wedges filled with their terrains, their borders, icons, clouds and spaces."""
    count = len(wedges)
    # The border between wedge i and the next runs from the centre to their shared corner: straight,
    # or bowed into the sky where land meets it. Its two inner control points, for each corner.
    controls = [_border_controls(centre, wedges[i], wedges[(i + 1) % count], apothem, meta) for i in range(count)]
    drawing: Drawing = []
    for i, wedge in enumerate(wedges):
        before, after = controls[i - 1], controls[i]
        start, end = wedge.trim
        ops = (
            ("M", *centre),
            ("C", *before[0], *before[1], *start),
            ("L", *wedge.bleed[0]),
            ("L", *wedge.bleed[1]),
            ("L", *end),
            ("C", *after[1], *after[0], *centre),
            ("Z",),
        )
        colour = meta.terrains[wedge.terrain].color
        # Stroked in its own colour, so that no hairline shows where wedges of one terrain meet.
        drawing.append(Path(ops, fill=colour, stroke=colour, line_width=0.3))
    for i, wedge in enumerate(wedges):
        following = wedges[(i + 1) % count]
        if wedge.terrain == following.terrain:
            continue
        sky = meta.terrains[wedge.terrain].sky != meta.terrains[following.terrain].sky
        first, second = controls[i]
        border = (("M", *centre), ("C", *first, *second, *wedge.trim[1]))
        drawing.append(Path(border, stroke=COAST if sky else PAPER, line_width=0.7 if sky else 0.4))
    drawing += _marks(meta, icons, wedges, centre, apothem, spaces)
    return drawing


def _border_controls(
    centre: Point, wedge: Wedge, following: Wedge, apothem: float, meta: PackMeta
) -> tuple[Point, Point]:
    """The inner control points of the border from the centre to the corner the two wedges share:
    on the straight line, unless one is land and the other sky, when they bow out into the sky."""
    corner = wedge.trim[1]
    cx, cy = centre
    dx, dy = corner[0] - cx, corner[1] - cy
    first, second = (cx + dx / 3, cy + dy / 3), (cx + dx * 2 / 3, cy + dy * 2 / 3)
    land_sky = meta.terrains[wedge.terrain].sky != meta.terrains[following.terrain].sky
    if not land_sky:
        return first, second
    sky = wedge if meta.terrains[wedge.terrain].sky else following
    sx, sy = _side_middle(sky)
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    if nx * (sx - cx) + ny * (sy - cy) < 0:  # the normal that points into the sky
        nx, ny = -nx, -ny
    bow = apothem * COAST_BOW * 4 / 3  # a cubic's control points reach 4/3 as far as its curve does
    return (first[0] + nx * bow, first[1] + ny * bow), (second[0] + nx * bow, second[1] + ny * bow)


def _side_middle(wedge: Wedge) -> Point:
    (x1, y1), (x2, y2) = wedge.trim
    return (x1 + x2) / 2, (y1 + y2) / 2


def _marks(
    meta: PackMeta, icons: Icons, wedges: list[Wedge], centre: Point, apothem: float, spaces: dict[str, int]
) -> Drawing:
    """Each land's icon near its side and each sky's cloud, then the spaces beside the icons."""
    cx, cy = centre
    drawing: Drawing = []
    beside: dict[str, list[tuple[float, float, float, float, float]]] = {}  # per terrain: icon, the way along, room
    for wedge in wedges:
        terrain = meta.terrains[wedge.terrain]
        mx, my = _side_middle(wedge)
        out = math.hypot(mx - cx, my - cy)
        x, y = cx + (mx - cx) / out * apothem * ICON_REACH, cy + (my - cy) / out * apothem * ICON_REACH
        if terrain.sky:
            drawing += _cloud(x, y, apothem * ICON_SIZE * 1.3, terrain.color)
            continue
        drawing += icons.draw(terrain.icon, x, y, apothem * ICON_SIZE, readable(terrain.color)) if terrain.icon else []
        (x1, y1), (x2, y2) = wedge.trim
        side = math.hypot(x2 - x1, y2 - y1)
        # Along the side, up to where the wedge narrows to a ring's width from its borders.
        room = side / 2 * ICON_REACH - apothem * RING
        beside.setdefault(wedge.terrain, []).append((x, y, (x2 - x1) / side, (y2 - y1) / side, room))
    for terrain_id, count in spaces.items():
        places = beside.get(terrain_id, [])
        for n in range(count if places else 0):  # validate keeps a terrain's spaces to its edges
            (x, y, along_x, along_y, room), slot = places[n % len(places)], n // len(places)
            offset = SPACE_SLOTS[slot] * room
            ring = (x + along_x * offset, y + along_y * offset, apothem * RING)
            drawing.append(Circle(*ring, fill=SPACE, stroke=INK, line_width=0.3))
    return drawing


def _cloud(x: float, y: float, width: float, sky: str) -> Drawing:
    """A soft cloud centred on (x, y), paler than the sky it floats in."""
    puff = mix(sky, "#ffffff", 0.65)
    r = width / 4
    return [
        Circle(x - r * 1.1, y - r * 0.25, r * 0.8, fill=puff),
        Circle(x + r * 1.1, y - r * 0.25, r * 0.8, fill=puff),
        Circle(x, y + r * 0.15, r, fill=puff),
    ]


@widget("terrain")
def terrain(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    """The whole tile's terrain (the box is ignored: terrain fills the outline into the bleed)."""
    return _tile_terrain(face, spec.side)


@widget("cost")
def cost(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    """A dot per inhabitant the tile (or the part a group is `of`) costs, in its resource's colour, in
    a row on a dark tag across the box's middle (so that a white dot, any colour, is not taken for a
    space)."""
    resources = face.ctx.pack.meta.resources
    dots = [resources[r].color for r, n in (face.values.get("cost") or {}).items() for _ in range(n)]
    if not dots:
        return []
    x, y, w, h = box
    step = min(h, w / len(dots))
    left, middle = x + w / 2 - step * (len(dots) - 1) / 2, y + h / 2
    tag: Drawing = [Rect(left - step / 2, middle - step / 2, step * len(dots), step, fill=INK, radius=step / 2)]
    return tag + [
        Circle(left + i * step, middle, step * 0.38, fill=colour, stroke=PAPER, line_width=0.2)
        for i, colour in enumerate(dots)
    ]


@widget("effect")
def effect(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    """A tile's kind of effect (one-time, ongoing, scoring) in printkit's words, centred in the box;
    nothing for a tile without one."""
    kind = face.values.get("effect")
    if kind in (None, "none"):
        return []
    word = words.of(face.ctx.locale, face.ctx.pack.root).text(f"effect-{kind}")
    return face.ctx.text(
        face.component,
        "effect",
        word,
        box,
        font="sans-italic",
        size=7,
        min_size=6,
        color=face.colour(spec.color) or INK,
        max_lines=2,
    )
