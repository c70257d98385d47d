"""Outlines: the shape a piece is cut along, one class each, registered by name.

Takes: a piece's trim size in millimetres (and, on a sheet, where its trim box lies).
Returns: what every stage needs of the outline, as drawing primitives (`printkit.base.shapes`): the
area a face covers and is clipped to (its trim line grown by the bleed, also a rulebook figure's
clip), the cut path drawn on a sheet, whether the piece shares straight cuts (the crop marks at its
box's edges), what the fragments of a piece too large for the paper show of it, the alpha mask
of its PNG, how copies pack on a sheet (`Lattice`: a honeycomb for hexagons) and which cuts
neighbours share, and its mirror image (`back`: what the back of an unsymmetric piece is cut along).
Renderers draw what an outline gives them and never ask which one it is; a new shape is one class
here. A rectangle with rounded corners is one outline per radius (`rectangle`), a polygon one per
shape (`regular_polygon`, `custom_polygon`).

For the looks, an outline also gives the inner edge of a face's frame (`panel`), the boxes a face's
content is laid out in (`inner_box` for a rectangular design, `circle_box` for a round one) and a
polygon's sides in the order a tile names them (`sides_from_top`).

This is also the one home of the words for shapes. Each outline says what a print shop's products
match it by (`family`), how messages describe it (`words`) and which slot of a sheet template it
fits (`slot`); a subclass that leaves one out is refused when it is defined. And the shapes a pack
names (`shape:` rect, round, hex, polygon, custom) are here, with the keys each takes and the outline
each becomes (`named_outline`).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple

import pyclipper

from printkit.base.shapes import Area, Circle, Line, Path, Rect, Shape
from printkit.base.units import Size

if TYPE_CHECKING:
    from PIL import Image as PILImage


Point = tuple[float, float]
Segment = tuple[Point, Point]
Mirror = Literal["x", "y"]  # x: left and right change places (turned over sideways); y: top and bottom
Orientation = Literal["flat", "pointy"]  # of a regular polygon: a side at the bottom, or a corner
SlotShape = Literal["rectangle", "circle"]  # the slots of a sheet template (a label sheet's)
SLOT_SHAPES: tuple[SlotShape, ...] = ("rectangle", "circle")


class Box(NamedTuple):
    """A box in millimetres: its lower-left corner and its size (origin bottom-left, as drawn)."""

    x: float
    y: float
    width: float
    height: float

    def inset(self, margin: float) -> Box:
        return Box(self.x + margin, self.y + margin, self.width - 2 * margin, self.height - 2 * margin)

    def scaled(self, factor: float) -> Box:
        """The box shrunk (or grown) by factor around its centre."""
        return Box(
            self.x + self.width * (1 - factor) / 2,
            self.y + self.height * (1 - factor) / 2,
            self.width * factor,
            self.height * factor,
        )


@dataclass(frozen=True)
class Lattice:
    """Where copies of a piece go on a sheet, as steps between the lower-left corners of their boxes:
    columns dx apart, rows dy apart; every other column moved down by column_shift and every other
    row moved right by row_shift (a honeycomb)."""

    dx: float
    dy: float
    column_shift: float = 0.0
    row_shift: float = 0.0


class Outline:
    name: str
    # Cut with straight cuts right across the sheet, shared with its neighbours: crop marks in the
    # margins show where they run, at the edges of the piece's box. Otherwise it is cut alone, along
    # its cut path, with a gutter around it.
    straight_cuts: ClassVar[bool]
    # Tabletop Simulator can hold it in a deck (cards are rectangles there).
    deck_card: ClassVar[bool]
    # Copies lie edge to edge without bleed (a honeycomb of hexagons), and an edge two of them share
    # is cut once: its cut path is given as edges (`cut_edges`), not as a line around each piece.
    shares_cuts: bool = False
    # Where a back printed beside its front (duplex off) is folded over: along the right side of the
    # box ("side", the back to the right), or along its top ("top", the back above), whichever the
    # outline has a whole side on (a flat hexagon's right end is a corner, its top a side).
    fold: Literal["side", "top"] = "side"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Refuses an outline that does not say its shape in the words of shops, sheet templates and
        messages: without them, a build for a shop or a sheet template would fail at its first piece."""
        super().__init_subclass__(**kwargs)
        missing = [term for term in ("family", "words", "slot") if getattr(cls, term) is getattr(Outline, term)]
        if missing:
            raise TypeError(
                f"outline class {cls.__name__} gives no {', '.join(missing)}: every outline gives its family (what "
                "a print shop's products match, e.g. 'rect'), words (what messages call it, e.g. 'rectangular') "
                "and slot (the sheet template slot it fits: 'rectangle', 'circle' or None)"
            )

    @property
    def family(self) -> str:
        """What a print shop's products match it by: rect (its corners rounded or not), round, hex-flat,
        hex-pointy; any other polygon its name."""
        raise NotImplementedError

    @property
    def words(self) -> str:
        """What messages call its shape, in the words a pack gives it: rectangular, round, flat hexagonal,
        pointy 8-sided, custom-shaped."""
        raise NotImplementedError

    @property
    def slot(self) -> SlotShape | None:
        """The shape of the sheet template slots it fits: rectangle (its corners rounded or not),
        circle; None when none does."""
        raise NotImplementedError

    def trim(self, given: Size) -> Size:
        """The trim box of a piece whose size is given as this (a polygon's: across the flats)."""
        return given

    def lattice(self, size: Size, gap: float) -> Lattice:
        """How copies of this trim size pack on a sheet, gap millimetres apart: in rows and columns."""
        return Lattice(size.width + gap, size.height + gap)

    def cut_edges(self, x: float, y: float, size: Size) -> list[Segment]:
        """The straight pieces of the trim line of a piece whose box starts at (x, y), for outlines
        that share cuts."""
        raise NotImplementedError

    def mirrored(self, axis: Mirror) -> Outline:
        """The outline seen from the back once the piece is turned over (itself when symmetric)."""
        return self

    def back(self) -> Outline:
        """The outline a piece's back is drawn in and cut along: a back is seen once the piece is
        turned over sideways, left and right changed places."""
        return self.mirrored("x")

    def shape(self, size: Size, grow: float = 0.0) -> Area:
        """The outline of a piece of this size in its own box (origin at the trim box's bottom-left),
        grown by grow millimetres (the bleed) or shrunk by a negative grow."""
        raise NotImplementedError

    def cut_path(self, x: float, y: float, size: Size, colour: str) -> list[Shape]:
        """The trim line drawn on a sheet, for a piece whose box starts at (x, y)."""
        raise NotImplementedError

    def panel(self, size: Size, inset: float, radius: float = 0.0) -> Area:
        """The trim line moved inset millimetres in: the inner edge of a face's frame (a rectangle's
        corners rounded by radius; other shapes keep their own corners)."""
        return self.shape(size, -inset)

    def inner_box(self, size: Size, margin: float = 0.0) -> Box:
        """Where a face's content goes, laid out as on a rectangular piece with margin millimetres
        clear inside its edges: the largest box of the trim box's proportions, centred on one of the
        `content_centres`, whose inside (margin in from its edges) lies inside the trim line moved
        margin in (inside the face's frame). If not even an empty inside fits, its inside is empty
        (the content then says it has no room), never less."""
        return max(
            (self._inner_box_around(centre, size, margin) for centre in self.content_centres(size)),
            key=lambda box: box.width,
        )

    def _inner_box_around(self, centre: Point, size: Size, margin: float) -> Box:
        # A custom outline need not be convex: the scale is found by halving an interval.
        whole = Box(0.0, 0.0, size.width, size.height)
        dx, dy = centre[0] - size.width / 2, centre[1] - size.height / 2

        def placed(scale: float) -> Box:
            box = whole.scaled(scale)
            return Box(box.x + dx, box.y + dy, box.width, box.height)

        low, high = 0.0, 1.0
        for _ in range(30):
            middle = (low + high) / 2
            inside = placed(middle).inset(margin)
            fits = inside.width <= 0 or inside.height <= 0 or self.holds(inside, size, margin)
            low, high = (middle, high) if fits else (low, middle)
        box = placed(low)
        inside = box.inset(margin)
        if inside.width < 0 or inside.height < 0:  # only an inside of no size "fitted"
            return Box(centre[0] - margin, centre[1] - margin, 2 * margin, 2 * margin)
        return box

    def content_centres(self, size: Size) -> tuple[Point, ...]:
        """Where a face's content may be centred: the trim box's centre."""
        return ((size.width / 2, size.height / 2),)

    def holds(self, box: Box, size: Size, margin: float) -> bool:
        """Whether a box lies inside the trim line of a piece of this size moved margin in."""
        raise NotImplementedError

    def circle_box(self, size: Size) -> Box:
        """The square around the largest circle inside the trim line: where a face designed for a round
        piece (a chip's) goes."""
        return Box(0.0, 0.0, size.width, size.height)

    def fragment_guides(self, size: Size, colour: str) -> list[Shape]:
        """What the fragments of a piece too large for the paper show of its trim line, in the
        piece's own box: the fragments are cut straight along their edges, glued, and then cut
        along this."""
        return self.cut_path(0, 0, size, colour)

    def mask(self, size: Size, bleed: float, pixels: tuple[int, int]) -> PILImage.Image | None:
        """The alpha channel of a PNG of the face (a piece of this trim size plus bleed) rendered this
        many pixels large; None: opaque."""
        return None

    def __repr__(self) -> str:
        return f"<outline {self.name}>"


OUTLINES: dict[str, Outline] = {}


def outline(cls: type[Outline]) -> type[Outline]:
    OUTLINES[cls.name] = cls()
    return cls


@outline
class Rectangle(Outline):
    name = "rect"
    family = "rect"
    words = "rectangular"
    slot = "rectangle"
    straight_cuts = True
    deck_card = True

    def shape(self, size: Size, grow: float = 0.0) -> Rect:
        w, h = size
        return Rect(-grow, -grow, w + 2 * grow, h + 2 * grow)

    def panel(self, size: Size, inset: float, radius: float = 0.0) -> Rect:
        w, h = size
        return Rect(inset, inset, w - 2 * inset, h - 2 * inset, radius=radius)

    def inner_box(self, size: Size, margin: float = 0.0) -> Box:
        return Box(0.0, 0.0, size.width, size.height)  # content is laid out for it

    def fragment_guides(self, size: Size, colour: str) -> list[Shape]:
        return []  # its edges are the fragments' outer edges

    def cut_path(self, x: float, y: float, size: Size, colour: str) -> list[Shape]:
        w, h = size
        return [
            Line(x1, y1, x2, y2, stroke=colour, line_width=0.12, dash=(1.0, 1.0))
            for x1, y1, x2, y2 in (
                (x, y, x + w, y),
                (x, y + h, x + w, y + h),
                (x, y, x, y + h),
                (x + w, y, x + w, y + h),
            )
        ]


@outline
class Round(Outline):
    name = "round"
    family = "round"
    words = "round"
    slot = "circle"
    straight_cuts = False
    deck_card = False

    def shape(self, size: Size, grow: float = 0.0) -> Area:
        w, h = size
        return Circle(w / 2, h / 2, w / 2 + grow)

    def cut_path(self, x: float, y: float, size: Size, colour: str) -> list[Shape]:
        w, h = size
        return [Circle(x + w / 2, y + h / 2, w / 2, stroke=colour, line_width=0.15)]

    def holds(self, box: Box, size: Size, margin: float) -> bool:
        # Its corners no further from the centre than the circle moved margin in.
        reach = math.hypot(max(size.width / 2 - box.x, box.x + box.width - size.width / 2), box.height / 2)
        return reach <= size.width / 2 - margin

    def mask(self, size: Size, bleed: float, pixels: tuple[int, int]) -> PILImage.Image:
        from PIL import Image, ImageDraw  # only PNG exports pay for loading Pillow

        mask = Image.new("L", pixels, 0)
        ImageDraw.Draw(mask).ellipse((0, 0, pixels[0] - 1, pixels[1] - 1), fill=255)
        return mask


RECT, ROUND = OUTLINES["rect"], OUTLINES["round"]


class RoundedRectangle(Rectangle):
    """A rectangle whose corners are quarter circles (poker cards: 3 mm). It is cut like any card,
    with straight cuts shared with its neighbours (so a sheet holds as many as of square cards), and
    then its corners are rounded with a corner cutter: the crop marks stay, and the cut guide is the
    rounded trim line, which shows where the cutter goes."""

    def __init__(self, radius: float):
        self.radius = radius
        self.name = f"rect-r{radius:g}"

    fragment_guides = Outline.fragment_guides  # its corners are not the fragments' corners

    def shape(self, size: Size, grow: float = 0.0) -> Rect:
        # The trim line grown by grow all round: the corners' arcs keep their centres (shrunk by more
        # than the radius, the corners are square).
        return replace(super().shape(size, grow), radius=max(self.radius + grow, 0.0))

    def cut_path(self, x: float, y: float, size: Size, colour: str) -> list[Shape]:
        w, h = size  # one solid line (a rectangle's are dashed): the corners are what it shows
        return [Rect(x, y, w, h, stroke=colour, line_width=0.12, radius=self.radius)]

    def mask(self, size: Size, bleed: float, pixels: tuple[int, int]) -> PILImage.Image:
        from PIL import Image, ImageDraw

        mask = Image.new("L", pixels, 0)
        radius = (self.radius + bleed) * pixels[0] / (size.width + 2 * bleed)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, pixels[0] - 1, pixels[1] - 1), radius, fill=255)
        return mask


class Polygon(Outline):
    """A piece cut along straight lines between corners: a hexagon, an octagon, a shield. The corners
    are fractions of the trim box (0 to 1 from its lower-left corner), so that one outline serves
    every size. A regular polygon (regular: its sides and orientation) is sized across the flats
    (twice the distance from its centre to a side) and its trim box follows."""

    slot = None
    straight_cuts = False
    deck_card = False

    def __init__(self, name: str, corners: tuple[Point, ...], regular: tuple[int, Orientation] | None = None):
        self.name, self.corners, self.regular = name, _counter_clockwise(corners), regular
        on_right = sum(1 for fx, _ in self.corners if abs(fx - 1) < 1e-9)
        on_top = sum(1 for _, fy in self.corners if abs(fy - 1) < 1e-9)
        self.fold = "top" if on_right < 2 and on_top >= 2 else "side"

    @property
    def family(self) -> str:
        return self.name  # one outline per polygon, named by its shape: hex-flat, polygon-8-pointy, custom-...

    @property
    def words(self) -> str:
        if self.regular is None:
            return "custom-shaped"
        sides, orientation = self.regular
        return f"{orientation} {sides}-sided"

    def trim(self, given: Size) -> Size:
        if self.regular is None:
            return given
        xs, ys = _regular_corners(*self.regular, apothem=given.width / 2)
        return Size(max(xs) - min(xs), max(ys) - min(ys))

    def points(self, size: Size, grow: float = 0.0) -> list[Point]:
        """The corners in millimetres, in the piece's own box, of the trim line grown evenly all round by
        grow (see `offset`), where that leaves one polygon: any grow of a convex one, a positive grow of
        any (`polygons` gives what a concave one shrinks to)."""
        if not grow:
            w, h = size
            return [(fx * w, fy * h) for fx, fy in self.corners]
        (polygon,) = self.polygons(size, grow)
        return polygon

    def polygons(self, size: Size, grow: float) -> list[list[Point]]:
        """The trim line grown by grow (shrunk by a negative grow), as polygons (see `offset`): one,
        except where shrinking cuts a concave polygon's narrow parts off or leaves nothing of it."""
        return offset(self.points(size), grow) if grow else [self.points(size)]

    def shape(self, size: Size, grow: float = 0.0) -> Path:
        return Path(tuple(op for polygon in self.polygons(size, grow) for op in closed(polygon)))

    def cut_path(self, x: float, y: float, size: Size, colour: str) -> list[Shape]:
        return [Path(closed([(x + px, y + py) for px, py in self.points(size)]), stroke=colour, line_width=0.15)]

    def cut_edges(self, x: float, y: float, size: Size) -> list[Segment]:
        points = [(x + px, y + py) for px, py in self.points(size)]
        return sides_of(points)

    def sides_from_top(self, size: Size, grow: float = 0.0) -> list[Segment]:
        """The sides of a regular polygon's trim line grown by grow, clockwise from the top (as
        `sides_facing` gives them), each from its earlier corner to its later one (clockwise)."""
        assert self.regular is not None, "only a regular polygon's sides are named"
        trim, grown = self.points(size), self.points(size, grow)  # its corners are never bevelled

        def facing(i: int) -> float:
            (x1, y1), (x2, y2) = trim[i], trim[(i + 1) % len(trim)]
            return math.degrees(math.atan2(x1 - x2, y2 - y1))  # its outward normal's direction

        def turn(a: float, b: float) -> float:
            return abs((a - b + 180) % 360 - 180)

        order = [min(range(len(trim)), key=lambda i: turn(facing(i), d)) for d in sides_facing(*self.regular)]
        return [(grown[(i + 1) % len(grown)], grown[i]) for i in order]

    def holds(self, box: Box, size: Size, margin: float) -> bool:
        return any(_box_inside(box, polygon) for polygon in self.polygons(size, -margin))

    def content_centres(self, size: Size) -> tuple[Point, ...]:
        if self.regular is not None:
            return super().content_centres(size)
        # The box's centre may lie outside a custom shape (a chevron's) or in a narrow part of it
        # (an arrow's shaft): its deepest point may give the content more room.
        return (*super().content_centres(size), _pole(self.points(size), size)[0])

    def circle_box(self, size: Size) -> Box:
        points = self.points(size)
        if self.regular is not None:  # its centre is the mean of its corners; its sides are the apothem away
            cx, cy = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
            radius = _distance_inside((cx, cy), points)
        else:
            (cx, cy), radius = _pole(points, size)
        return Box(cx - radius, cy - radius, 2 * radius, 2 * radius)

    def mask(self, size: Size, bleed: float, pixels: tuple[int, int]) -> PILImage.Image:
        from PIL import Image, ImageDraw

        mask = Image.new("L", pixels, 0)
        scale = pixels[0] / (size.width + 2 * bleed)
        height = pixels[1]
        # Pixels count down from the top; the corners are measured up from the bottom of the bleed. Pillow
        # fills even-odd: right, as the grown outline never crosses itself.
        for polygon in self.polygons(size, bleed):
            corners = [((px + bleed) * scale, height - (py + bleed) * scale) for px, py in polygon]
            ImageDraw.Draw(mask).polygon(corners, fill=255)
        return mask

    def mirrored(self, axis: Mirror) -> Outline:
        corners = tuple((1 - fx, fy) if axis == "x" else (fx, 1 - fy) for fx, fy in self.corners)
        if _same_polygon(corners, self.corners):
            return self
        mirror = Polygon(f"{self.name}-mirrored-{axis}", corners)
        return OUTLINES.setdefault(mirror.name, mirror)


class Honeycomb(Polygon):
    """A hexagon: copies lie in a honeycomb, each sharing its edges with up to six neighbours."""

    shares_cuts = True

    @property
    def words(self) -> str:
        assert self.regular is not None, "a honeycomb is made of regular hexagons"
        return f"{self.regular[1]} hexagonal"

    def lattice(self, size: Size, gap: float) -> Lattice:
        # Neighbours' centres are one across-flats size apart (plus the gap between their edges), in
        # the six directions square to the sides.
        flats = min(size) + gap
        across_corners = max(size) * flats / min(size)
        assert self.regular is not None, "a honeycomb is made of regular hexagons"
        if self.regular[1] == "flat":  # columns three quarters of a width apart, every other one half down
            return Lattice(across_corners * 0.75, flats, column_shift=flats / 2)
        return Lattice(flats, across_corners * 0.75, row_shift=flats / 2)


class SquareLattice(Polygon):
    """A regular polygon whose flats lie on its box's edges (a square, an octagon): copies side by
    side share those edges' cuts."""

    shares_cuts = True


def regular_polygon(sides: int, orientation: Orientation = "flat") -> Outline:
    """The outline of a regular polygon (a hexagon: 6 sides): flat, a side lies at the bottom; pointy,
    a corner points down."""
    name = f"hex-{orientation}" if sides == 6 else f"polygon-{sides}-{orientation}"
    if name in OUTLINES:  # asked for by every trim size of every piece of this shape
        return OUTLINES[name]
    xs, ys = _regular_corners(sides, orientation, apothem=1.0)
    x0, y0, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    corners = tuple(((x - x0) / w, (y - y0) / h) for x, y in zip(xs, ys, strict=True))
    cls = Honeycomb if sides == 6 else SquareLattice if sides % 4 == 0 and orientation == "flat" else Polygon
    polygon = cls(name, corners, regular=(sides, orientation))
    return OUTLINES.setdefault(name, polygon)


def custom_polygon(points: list[Point], size: Size) -> Outline:
    """The outline through points given in millimetres inside a box of this size, measured from its
    top-left corner (x right, y down), as a designer measures a drawing."""
    corners = tuple((x / size.width, 1 - y / size.height) for x, y in points)
    digest = hashlib.sha1(repr([(round(x, 6), round(y, 6)) for x, y in corners]).encode()).hexdigest()[:12]
    polygon = Polygon(f"custom-{digest}", corners)
    return OUTLINES.setdefault(polygon.name, polygon)


def sides_facing(sides: int, orientation: Orientation) -> list[float]:
    """The directions the sides of a regular polygon face, in degrees counter-clockwise from east
    (over -180 up to 180), clockwise from the top: a flat hexagon's first side is its top side, a pointy
    one's the side right of its top corner."""
    step = 360 / sides
    # Flat, a side faces down (-90 degrees); pointy, a corner does. Then a side faces up if the
    # count is even (flat) or odd (pointy); otherwise the first side is half a step right of the top.
    top = 90.0 if (orientation == "flat") == (sides % 2 == 0) else 90 - step / 2
    return [180 - (180 - top + k * step) % 360 for k in range(sides)]


def _regular_corners(sides: int, orientation: Orientation, apothem: float) -> tuple[list[float], list[float]]:
    """The corners of a regular polygon around (0, 0) whose sides are apothem from its centre."""
    radius = apothem / math.cos(math.pi / sides)
    start = -math.pi / 2 - (math.pi / sides if orientation == "flat" else 0.0)
    angles = [start + 2 * math.pi * k / sides for k in range(sides)]
    # Rounded so that a corner on an axis lies exactly on it (a hexagon's width is exactly 2 radii).
    return [round(radius * math.cos(a), 12) for a in angles], [round(radius * math.sin(a), 12) for a in angles]


def _box_inside(box: Box, points: list[Point]) -> bool:
    """Whether a box lies inside a simple polygon: its corners do and no side of the polygon crosses its
    sides (then the whole polygon is not inside the box either)."""
    x0, y0, x1, y1 = box.x, box.y, box.x + box.width, box.y + box.height
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if not all(_inside(corner, points) for corner in corners):
        return False
    return not any(_cross(a, b) for a in sides_of(corners) for b in sides_of(points))


def _pole(points: list[Point], size: Size) -> tuple[Point, float]:
    """The point inside a polygon furthest from its sides (the centre of the largest circle inside it)
    and that distance: the best of a grid of points, then of finer grids around the best so far."""
    best, distance = (size.width / 2, size.height / 2), 0.0
    step = max(size) / 16
    for _ in range(12):
        candidates = [(best[0] + i * step, best[1] + j * step) for i in range(-8, 9) for j in range(-8, 9)]
        for candidate in candidates:
            if _inside(candidate, points) and (reach := _distance_inside(candidate, points)) > distance:
                best, distance = candidate, reach
        step /= 4
    return best, distance


def _distance_inside(point: Point, points: list[Point]) -> float:
    """How far a point is from the nearest side of a polygon."""
    px, py = point
    nearest = math.inf
    for (x1, y1), (x2, y2) in sides_of(points):
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
        nearest = min(nearest, math.hypot(px - x1 - t * dx, py - y1 - t * dy))
    return nearest


def _inside(point: Point, polygon: list[Point]) -> bool:
    """Whether a point lies inside a polygon (even-odd rule: how often a ray to the right crosses it)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in sides_of(polygon):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _side(p: Point, q: Point, r: Point) -> float:
    """Which side of the line from p to q the point r lies on: positive left, negative right, 0 on it."""
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _cross(a: Segment, b: Segment) -> bool:
    """Whether two segments cross each other (touching does not count)."""
    (p1, p2), (q1, q2) = a, b
    return _side(p1, p2, q1) * _side(p1, p2, q2) < 0 and _side(q1, q2, p1) * _side(q1, q2, p2) < 0


def sides_of(points: list[Point]) -> list[Segment]:
    """The sides of the closed polygon through points, each from a corner to the next."""
    return list(zip(points, points[1:] + points[:1], strict=True))


def on_one_line(points: list[Point]) -> bool:
    """Whether distinct corners all lie within a millionth of a millimetre of one straight line (the
    one through the first corner and the corner farthest from it)."""
    (x0, y0), far = points[0], max(points, key=lambda p: math.dist(p, points[0]))
    dx, dy = far[0] - x0, far[1] - y0
    return all(abs(dx * (y - y0) - dy * (x - x0)) < 1e-6 * math.hypot(dx, dy) for x, y in points)


def crossing_sides(points: list[Point]) -> tuple[int, int] | None:
    """The first two sides of a closed polygon (numbered by their first corner) that touch or cross,
    other than neighbours meeting at their shared corner; None for a simple polygon."""
    count = len(points)
    sides = sides_of(points)
    for i in range(count):
        for j in range(i + 1, count):
            if j == i + 1 or (i == 0 and j == count - 1):
                if _folds_back(sides[i], sides[j]):
                    return i, j
                continue
            if _meet(sides[i], sides[j]):
                return i, j
    return None


def _folds_back(a: Segment, b: Segment) -> bool:
    """Neighbouring sides that run back over each other (overlap along a line)."""
    (ax, ay), (bx, by) = a
    (cx, cy), (dx, dy) = b
    u, v = (bx - ax, by - ay), (dx - cx, dy - cy)
    return abs(u[0] * v[1] - u[1] * v[0]) < 1e-9 and u[0] * v[0] + u[1] * v[1] < 0


def _meet(a: Segment, b: Segment) -> bool:
    """Whether two segments cross or touch."""
    (p1, p2), (p3, p4) = a, b

    def within(a: Point, b: Point, c: Point) -> bool:
        return (
            min(a[0], b[0]) - 1e-9 <= c[0] <= max(a[0], b[0]) + 1e-9
            and min(a[1], b[1]) - 1e-9 <= c[1] <= max(a[1], b[1]) + 1e-9
        )

    d1, d2, d3, d4 = _side(p3, p4, p1), _side(p3, p4, p2), _side(p1, p2, p3), _side(p1, p2, p4)
    if (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0) and d1 and d2 and d3 and d4:
        return True
    return any(
        abs(d) < 1e-9 and within(a, b, c)
        for d, a, b, c in ((d1, p3, p4, p1), (d2, p3, p4, p2), (d3, p1, p2, p3), (d4, p1, p2, p4))
    )


def closed(points: list[Point]) -> tuple:
    """The path operations of a polygon through points."""
    return (("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",))


def _counter_clockwise(corners: tuple[Point, ...]) -> tuple[Point, ...]:
    return corners if signed_area(list(corners)) > 0 else corners[::-1]


def signed_area(points: list[Point]) -> float:
    """The area a polygon encloses, positive when its corners run counter-clockwise (y up)."""
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in sides_of(points)) / 2


MITRE_LIMIT = 4  # how far a corner may move, in multiples of the offset (SVG's default stroke-miterlimit)
CLIPPER_UNITS = 2**20  # Clipper's integer coordinates per millimetre: a corner lands within a millionth of one


def offset(points: list[Point], grow: float) -> list[list[Point]]:
    """A counter-clockwise polygon with every edge moved grow further out (in, for a negative grow), as
    counter-clockwise polygons. Each corner moves to where its two moved edges meet (a mitre), unless
    that lies more than MITRE_LIMIT times grow away, as at a thin spike: then the corner is cut off
    (a convex polygon's by a bevel, two points each moved grow along one of its edges' normals; a
    concave one's squared off, grow beyond it), so that no corner runs across the sheet.
    Grown, it is one simple polygon: a notch narrower than twice the grow fills in, and so does a
    hollow whose mouth closes (the bleed covers it; the piece is cut along its trim line anyway).
    Shrunk, a concave polygon loses its parts narrower than twice the grow, and may fall apart into
    several polygons or leave none."""
    if _convex(points):
        # Grown, a convex polygon's moved edges never cross: its corners are moved here, exactly as
        # they always were. Clipper would round every corner to its integer grid (and square a spike
        # off where this bevels it), moving the bleed and frames of every convex piece a little, and
        # so changing every PDF and PNG of every kit built so far.
        return [_mitred(points, grow)]
    # A concave polygon's moved edges cross wherever a notch (grown) or a neck (shrunk) is narrower
    # than twice the grow: Clipper offsets it and resolves the crossings.
    clipper = pyclipper.PyclipperOffset(miter_limit=MITRE_LIMIT)
    clipper.AddPath(pyclipper.scale_to_clipper(points, CLIPPER_UNITS), pyclipper.JT_MITER, pyclipper.ET_CLOSEDPOLYGON)
    polygons = pyclipper.scale_from_clipper(clipper.Execute(grow * CLIPPER_UNITS), CLIPPER_UNITS)
    # Its holes (clockwise) are the hollows the grown outline closes around: left out, they fill in.
    return [[(x, y) for x, y in polygon] for polygon in polygons if signed_area(polygon) > 0]


def _convex(points: list[Point]) -> bool:
    """Whether a counter-clockwise polygon turns left (or runs straight on) at every corner."""
    return all(_side(points[i - 2], points[i - 1], points[i]) >= 0 for i in range(len(points)))


def _mitred(points: list[Point], grow: float) -> list[Point]:
    """A convex polygon offset corner by corner: a mitre, or past MITRE_LIMIT a bevel, by two points
    each moved grow along one of its edges' normals."""
    moved = []
    count = len(points)
    for i, (x, y) in enumerate(points):
        (px, py), (nx, ny) = points[i - 1], points[(i + 1) % count]
        n1, n2 = _outward_normal(px, py, x, y), _outward_normal(x, y, nx, ny)
        # The mitre lies along the bisector, grow / cos(half the turn) away: 1 + n1.n2 = 2 cos^2(half the turn).
        turn = 1 + n1[0] * n2[0] + n1[1] * n2[1]
        if turn * MITRE_LIMIT**2 >= 2:
            scale = grow / turn
            moved.append((x + (n1[0] + n2[0]) * scale, y + (n1[1] + n2[1]) * scale))
        else:
            moved += [(x + n1[0] * grow, y + n1[1] * grow), (x + n2[0] * grow, y + n2[1] * grow)]
    return moved


def _outward_normal(x1: float, y1: float, x2: float, y2: float) -> Point:
    length = math.hypot(x2 - x1, y2 - y1)
    return (y2 - y1) / length, (x1 - x2) / length


def _same_polygon(a: tuple[Point, ...], b: tuple[Point, ...]) -> bool:
    """Whether two lists of corners draw the same polygon: the same corners in the same order around
    it, from any start and either way round."""
    a, b = _counter_clockwise(a), _counter_clockwise(b)
    rounded_a = [(round(x, 9), round(y, 9)) for x, y in a]
    rounded_b = [(round(x, 9), round(y, 9)) for x, y in b]
    return len(a) == len(b) and any(rounded_a[i:] + rounded_a[:i] == rounded_b for i in range(len(a)))


def rectangle(corner_radius: float | None) -> Outline:
    """The outline of a rectangular piece: square corners, or rounded ones of this radius (one
    outline per radius, registered under its name, so that pieces with the same one are laid out
    together)."""
    if not corner_radius:
        return RECT
    rounded = RoundedRectangle(corner_radius)
    return OUTLINES.setdefault(rounded.name, rounded)


# --- the shapes a pack names ---------------------------------------------------------------------

ShapeName = Literal["rect", "round", "hex", "polygon", "custom"]
"""What a pack writes for a piece's `shape:` (a kind may take only some of them)."""
SHAPE_KEYS: dict[str, tuple[ShapeName, ...]] = {
    "orientation": ("hex", "polygon"),
    "sides": ("polygon",),
    "points": ("custom",),
}
"""The keys a piece takes only in some shapes, and those shapes."""
ONE_LENGTH: dict[ShapeName, str] = {
    "round": "its diameter",
    "hex": "the size across its flats",
    "polygon": "the size across its flats",
}
"""The shapes a piece is given one length in (its width and height are the same), and what it is."""


def named_outline(
    shape: ShapeName,
    size: Size,
    corner_radius: float | None = None,
    orientation: Orientation | None = None,
    sides: int | None = None,
    points: list[Point] | None = None,
) -> Outline:
    """The outline of a piece of the shape a pack names, given the keys it takes (a hex or polygon's
    orientation: flat unless given; a custom shape's points, as `custom_polygon` takes them, with the
    piece's size). Where a key its shape needs is missing, a rectangle stands in: validation refuses
    such a piece, but its checks still ask for its outline."""
    if shape == "round":
        return ROUND
    if shape == "hex":
        return regular_polygon(6, orientation or "flat")
    if shape == "polygon" and sides:
        return regular_polygon(sides, orientation or "flat")
    if shape == "custom" and points:
        return custom_polygon(points, size)
    return rectangle(corner_radius)
