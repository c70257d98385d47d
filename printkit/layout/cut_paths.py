"""Cut paths: what a cutting machine cuts on a front sheet, each edge once.

Takes: a laid-out front `Page`.
Returns: `CutPaths`: the trim line of each piece that shares no edge with another, as its shape (a
rectangle, rounded or not, a circle, a polygon), and the edges of pieces butted together (cards or
tiles with no gutter, a honeycomb of hexagons) as polylines that cut each shared edge once: a
polyline runs on until it comes back to its start (closed) or meets a corner where it would have to
cut an edge again (open). Everything in millimetres on the sheet, origin bottom-left, y up. Edges
are compared rounded, as the crop marks' are (layout.marks).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.base.shapes import Area, Circle, Path, Rect, shifted
from printkit.base.units import Size
from printkit.layout.sheets import Page, Placement

Point = tuple[float, float]
Key = tuple[float, float]


@dataclass(frozen=True)
class Polyline:
    points: tuple[Point, ...]  # a closed one does not repeat its first point at the end
    closed: bool


@dataclass(frozen=True)
class CutPaths:
    alone: list[Area]  # trim lines that share no edge, whole
    runs: list[Polyline]  # the edges of pieces butted together, each once
    edges: int  # the sides and corner curves of every piece's trim line (a circle is one)
    cut: int  # how many of them the machine cuts: an edge two pieces share once

    def polylines(self) -> list[Polyline]:
        """Every path as a polyline: the runs and the straight-sided trim lines (the rest are curved)."""
        corners = [Polyline(tuple(loop), True) for area in self.alone for loop in _loops(area) or []]
        return corners + self.runs


def trim_line(placement: Placement) -> Area:
    """A piece's trim line on the sheet: its outline at no bleed, moved to where its box lies."""
    (shape,) = shifted([placement.outline.shape(Size(placement.width, placement.height))], placement.x, placement.y)
    assert isinstance(shape, (Rect, Circle, Path)), "an outline's shape is an area"
    return shape


def cut_paths(page: Page) -> CutPaths:
    """The cut paths of a front sheet's pieces."""
    shapes = [trim_line(placement) for placement in page.placements]
    loops = {i: loops for i, shape in enumerate(shapes) if (loops := _loops(shape)) is not None}
    seen: dict[tuple[Key, Key], int] = {}
    for piece in loops.values():
        for loop in piece:
            for edge in _sides(loop):
                seen[_key(edge)] = seen.get(_key(edge), 0) + 1
    butted = {i for i, piece in loops.items() if any(seen[_key(e)] > 1 for loop in piece for e in _sides(loop))}
    edges = sum(_curved_edges(shape) for i, shape in enumerate(shapes) if i not in loops) + sum(seen.values())
    shared = [edge for i in sorted(butted) for loop in loops[i] for edge in _sides(loop)]
    runs = _runs(shared)
    cut = edges - sum(seen.values()) + len(seen)
    return CutPaths([shape for i, shape in enumerate(shapes) if i not in butted], runs, edges, cut)


def _loops(shape: Area) -> list[list[Point]] | None:
    """A straight-sided trim line's corners, one list per closed loop; None for a curved one."""
    if isinstance(shape, Rect) and not shape.radius:
        x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.width, shape.y + shape.height
        return [[(x0, y0), (x1, y0), (x1, y1), (x0, y1)]]
    if isinstance(shape, Path):
        loops: list[list[Point]] = []
        for op in shape.ops:
            if op[0] == "M":
                loops.append([(op[1], op[2])])
            elif op[0] == "L":
                loops[-1].append((op[1], op[2]))
            elif op[0] != "Z":
                return None
        return loops
    return None


def _curved_edges(shape: Area) -> int:
    return 1 if isinstance(shape, Circle) else 8  # a circle; a rounded rectangle's 4 sides and 4 corners


def _sides(loop: list[Point]) -> list[tuple[Point, Point]]:
    return [(loop[i], loop[(i + 1) % len(loop)]) for i in range(len(loop))]


def _at(point: Point) -> Key:
    return round(point[0], 4), round(point[1], 4)


def _key(edge: tuple[Point, Point]) -> tuple[Key, Key]:
    a, b = sorted((_at(edge[0]), _at(edge[1])))
    return a, b


def _runs(edges: list[tuple[Point, Point]]) -> list[Polyline]:
    """The edges, each once, chained into as few polylines as walking them gives: each starts where
    an odd number of edges meet (an end of an open run) while there is one, and goes on along the
    first edge not yet cut."""
    where: dict[Key, Point] = {}
    around: dict[Key, list[tuple[Key, Key]]] = {}
    left: dict[tuple[Key, Key], None] = {}  # the edges not yet cut, in order
    for edge in edges:
        key = _key(edge)
        if key in left:
            continue
        left[key] = None
        for end in edge:
            where.setdefault(_at(end), end)
            around.setdefault(_at(end), []).append(key)
    runs = []
    while left:
        open_ends = [v for v, keys in around.items() if sum(k in left for k in keys) % 2]
        start = open_ends[0] if open_ends else next(iter(left))[0]
        path, at = [start], start
        while step := next((k for k in around[at] if k in left), None):
            del left[step]
            at = step[1] if step[0] == at else step[0]
            path.append(at)
        closed = len(path) > 3 and path[-1] == path[0]
        points = tuple(where[v] for v in (path[:-1] if closed else path))
        runs.append(Polyline(points, closed))
    return runs
