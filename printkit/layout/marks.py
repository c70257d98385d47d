"""Cut marks: what shows where to cut the pieces of a front sheet.

Takes: a front sheet's placements and its paper, the bleed and the pack's `imposition.cut_lines`.
Returns: the shapes to cut by: crop marks where a straight cut meets the margins (shortened to end
inside the printer's reach and above the footer, left out where there is no room to see them), a
cut line once along each edge that pieces share (a honeycomb), a cut path around pieces cut one by
one, and hairlines on straight trim edges when asked for (by default without bleed only).
"""

from __future__ import annotations

from printkit.base.outlines import Segment
from printkit.base.shapes import Line, Shape
from printkit.base.units import Size
from printkit.layout.sheets import FOOTER_LINE, PRINTER_REACH, Corners, Placement

MARK_LENGTH = 3.5  # a crop mark's length, shortened where the printer's reach (or the footer) comes nearer
MARK_SHORTEST = 1.5  # a crop mark with less room than this is left out: a margin too narrow for marks
MARK_OFFSET = 1.5  # crop marks start this far (plus the bleed) from the trim line
MARK_WIDTH = 0.25
CUT_GREY = "#9a9a9a"
CROP_INK = "#000000"


class CutMarks:
    """The cut marks of the front sheets of one imposition."""

    def __init__(self, bleed: float, cut_lines: bool | None):
        self.bleed, self.cut_lines = bleed, cut_lines
        self._marks: dict[tuple, list[Shape]] = {}

    def of(self, placements: list[Placement], paper: Size) -> list[Shape]:
        """Crop marks and cut guides for the placements; the sheets of a deck share one grid, so
        the marks of each grid are made (and kept in memory) once."""
        grid = (paper, *((p.x, p.y, p.width, p.height, p.outline) for p in placements))
        if grid not in self._marks:
            self._marks[grid] = self._drawn(placements, paper)
        return self._marks[grid]

    def _drawn(self, placements: list[Placement], paper: Size) -> list[Shape]:
        alone = [p for p in placements if not (p.outline.straight_cuts or p.outline.shares_cuts)]
        marks: list[Shape] = []
        for p in alone:  # nothing else shows where to cut
            marks += p.outline.cut_path(p.x, p.y, Size(p.width, p.height), CUT_GREY)
        marks += _shared_cuts([p for p in placements if p.outline.shares_cuts])
        square = [p for p in placements if p.outline.straight_cuts]
        if not square:
            return marks
        # Edges are compared rounded, as they are gathered: on a big sheet the rounding moves them
        # by more than any fixed tolerance would allow.
        xs = sorted({round(v, 4) for p in square for v in (p.x, p.x + p.width)})
        ys = sorted({round(v, 4) for p in square for v in (p.y, p.y + p.height)})
        offset = self.bleed + MARK_OFFSET
        area = _mark_area(paper)
        for x in xs:  # marks where a cut meets the sheet's top and bottom margins, never over a component
            column = [p for p in square if round(p.x, 4) <= x <= round(p.x + p.width, 4)]
            top, low = max(p.y + p.height for p in column), min(p.y for p in column)
            marks += _crop_mark(x, top + offset, 0, 1, area) + _crop_mark(x, low - offset, 0, -1, area)
        for y in ys:
            row = [p for p in square if round(p.y, 4) <= y <= round(p.y + p.height, 4)]
            left, right = min(p.x for p in row), max(p.x + p.width for p in row)
            marks += _crop_mark(left - offset, y, -1, 0, area) + _crop_mark(right + offset, y, 1, 0, area)
        if self.cut_lines or self.cut_lines is None and not self.bleed:  # with bleed they would show on the art
            for p in square:
                marks += p.outline.cut_path(p.x, p.y, Size(p.width, p.height), CUT_GREY)
        return marks


def _shared_cuts(placements: list[Placement]) -> list[Shape]:
    """The cut lines of pieces that share them (a honeycomb): an edge two neighbours share is cut
    once, and the edge a front shares with its back beside it (duplex off) is folded, not cut. Edges
    are compared rounded, as the crop marks' are."""

    def key(segment: Segment) -> Segment:
        (x1, y1), (x2, y2) = segment
        ends = sorted([(round(x1, 4), round(y1, 4)), (round(x2, 4), round(y2, 4))])
        return ends[0], ends[1]

    edges: dict[Segment, Segment] = {}
    folds: set[Segment] = set()
    for p in placements:
        for segment in p.outline.cut_edges(p.x, p.y, Size(p.width, p.height)):
            edges.setdefault(key(segment), segment)
            if (
                p.fold == "left"
                and all(round(x, 4) == round(p.x, 4) for x, _ in segment)
                or (p.fold == "bottom" and all(round(y, 4) == round(p.y, 4) for _, y in segment))
            ):
                folds.add(key(segment))  # a back beside its front on a front sheet: folded there
    return [
        Line(x1, y1, x2, y2, stroke=CUT_GREY, line_width=0.15)
        for name, ((x1, y1), (x2, y2)) in edges.items()
        if name not in folds
    ]


def _mark_area(paper: Size) -> Corners:
    """Where a front sheet's crop marks may reach: inside the printer's reach and above the footer
    (a back sheet's marks are its front's, flipped with it)."""
    ink = PRINTER_REACH + MARK_WIDTH / 2
    return (ink, ink + FOOTER_LINE, paper.width - ink, paper.height - ink)


def _crop_mark(x: float, y: float, dx: int, dy: int, area: Corners) -> list[Shape]:
    """A crop mark from (x, y) outwards along (dx, dy), shortened to end inside area; none where area
    leaves it too little room to see."""
    x0, y0, x1, y1 = area
    room = {(0, 1): y1 - y, (0, -1): y - y0, (-1, 0): x - x0, (1, 0): x1 - x}[(dx, dy)]
    reach = min(MARK_LENGTH, room)
    if reach < MARK_SHORTEST:
        return []
    return [Line(x, y, x + dx * reach, y + dy * reach, CROP_INK, MARK_WIDTH)]
