"""Packing: the copies of a pack's pieces filled into front sheets.

Takes: the pieces' outlines (`Piece`s, their drawings empty or drawn), the pack's imposition
settings (margin, gutters, orientation), the sheet options and printkit's words (for the glue
labels of split pieces).
Returns: the front sheets (`Page`s) with their placements, in millimetres: the pieces grouped by
kind, size and outline, each group laid out by its outline's lattice row by row down the sheet, a
new group continuing on the same sheet when it fits; a group that fits better (or only) on a
turned sheet gets landscape sheets of its own, and a piece larger than any sheet is split
(`printkit.layout.split`); last, a sheet left with a few pieces has them moved in blocks onto
other sheets with room (`Packer._merged`). With duplex off a back is placed beside its front, with
the line it is folded along. Crop marks, backs, footers and the calibration page are added by
imposition.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from itertools import groupby

from printkit.base.outlines import RECT, Lattice, Outline
from printkit.base.palette import INK
from printkit.base.shapes import Line
from printkit.base.units import Size
from printkit.content.components import COMPONENT_KINDS
from printkit.content.pack_meta import Imposition
from printkit.i18n import words
from printkit.layout.marks import MARK_LENGTH, MARK_OFFSET, MARK_SHORTEST, MARK_WIDTH
from printkit.layout.pieces import Piece
from printkit.layout.sheets import FOOTER_LINE, PAPERS, PRINTER_REACH, Page, Placement, SheetOptions
from printkit.layout.split import fragments

BLOCK_GAP = 10.0  # between groups sharing a sheet: room for both groups' crop marks


class Packer:
    """Fills sheets of one paper, either way up, with the copies of pieces."""

    def __init__(self, settings: Imposition, options: SheetOptions, own: words.OwnWords):
        self.settings, self.options, self.own = settings, options, own
        self.portrait = PAPERS[options.paper]
        self.landscape = Size(self.portrait.height, self.portrait.width)
        self.margin = self.settings.margin + options.bleed
        # Deep enough for the footer's line and a crop mark above it (about 2 mm deeper than the default 10 mm).
        footer = PRINTER_REACH + FOOTER_LINE + MARK_WIDTH / 2 + MARK_SHORTEST + MARK_OFFSET
        self.bottom = max(self.settings.margin, footer) + options.bleed

    def fronts(self, pieces: list[Piece]) -> list[Page]:
        """The front sheets holding every copy of every piece."""
        sections = list(COMPONENT_KINDS)
        order = sorted(
            pieces,
            key=lambda p: (sections.index(p.component.section), -p.size.width * p.size.height, p.size, p.outline.name),
        )
        fronts: list[Page] = []
        shared: Page | None = None  # the portrait sheet groups are stacked on
        cursor = 0.0  # how far down that sheet is filled
        for _, group in groupby(order, key=lambda p: (p.component.section, p.size, p.outline)):
            copies = [piece for piece in group for _ in range(piece.component.count)]
            if not copies:
                continue
            unit = self._unit(copies[0])
            paper = self._paper_for(copies[0], unit, len(copies))
            if paper is None:  # too large for any sheet: its overlapping fragments are laid out instead
                rooms = (self._room(self.portrait), self._room(self.landscape))
                copies = [fragment for piece in copies for fragment in fragments(piece, rooms, self.own)]
                unit = copies[0].size
                paper = self._paper_for(copies[0], unit, len(copies))
            if paper == self.landscape:
                fronts += self._grid_sheets(copies, unit, paper)
                continue
            shared, cursor, new_pages = self._stack(copies, unit, shared, cursor)
            fronts += new_pages
        return self._merged(fronts)

    def _merged(self, fronts: list[Page]) -> list[Page]:
        """The sheets with the pieces of a sheet moved onto other sheets of its paper where they
        fit, whatever their sections, so a few chips, a ruler or a board are printed with other
        pieces instead of alone: a whole sheet's pieces under an earlier one's, or (with backs printed on
        the back sheet; pieces cut along their own lines, which have no crop marks to cross others) each of its
        groups beside another sheet's pieces. Pieces move in blocks, so rows, columns and cuts stay
        as they were, and every block can be cut free with straight cuts; each back follows its front
        when the back sheet is made."""
        sheets = list(fronts)
        # Each sheet's (top, bottom), by id(sheet): worked out once, not once per pair of sheets (a deck
        # of 10,000 cards has 1,100 sheets); forgotten when its sheet changes or leaves `sheets`.
        extents: dict[int, tuple[float, float]] = {}

        def extent(sheet: Page) -> tuple[float, float]:
            if id(sheet) not in extents:
                extents[id(sheet)] = (_top(sheet), _bottom(sheet))
            return extents[id(sheet)]

        # Of the sheets before the one looked at, the emptiest of each paper: when a sheet does not fit
        # under it, it fits under none of them (a fuller host is never lower), so a deck's full sheets
        # are not each tried against every earlier one (1,100 sheets: 600,000 pairs).
        emptiest: dict[Size, Page] = {}

        def consider(sheet: Page) -> None:
            known = emptiest.get(sheet.size)
            if known is None or _used(extent(sheet)) < _used(extent(known)):
                emptiest[sheet.size] = sheet

        def look_at(earlier: list[Page]) -> None:
            emptiest.clear()
            for sheet in earlier:
                consider(sheet)

        index = 0
        while index < len(sheets):
            page = sheets[index]
            candidate = emptiest.get(page.size)
            host = (
                next((earlier for earlier in sheets[:index] if self._fits_under(earlier, page, extent)), None)
                if candidate is not None and self._fits_under(candidate, page, extent)
                else None
            )
            if host is not None:
                _move(host, 0.0, self._top_of(host.size) - _top(host))  # a landscape sheet's pieces are centred
                _move(page, 0.0, _bottom(host) - self._clearance() - _top(page))
                host.placements += page.placements
                host.marks += page.marks
                del sheets[index]
                del extents[id(host)], extents[id(page)]
                if emptiest.get(host.size) is host:  # fuller now: another may be the emptiest
                    look_at(sheets[:index])
                continue
            placed = self._beside(sheets[:index] + sheets[index + 1 :], page)
            if placed is None:
                consider(page)
                index += 1
            else:
                sheets = placed
                extents.clear()  # new sheets: an id may be a freed sheet's
                look_at(sheets[:index])
        return sheets

    def _fits_under(self, host: Page, page: Page, extent: Callable[[Page], tuple[float, float]]) -> bool:
        if host.size != page.size:
            return False
        page_top, page_bottom = extent(page)
        height = _used(extent(host)) + self._clearance() + page_top - page_bottom
        return height <= self._top_of(host.size) - self.bottom + 1e-9

    def _clearance(self) -> float:
        """Between blocks of pieces: room for the crop marks of both and their bleed."""
        return BLOCK_GAP + 2 * self.options.bleed

    def _beside(self, sheets: list[Page], page: Page) -> list[Page] | None:
        """The sheets with each group of page's pieces laid out in free room beside the pieces of
        one of them, or None when some group finds no room (then none moves)."""
        if self.options.duplex == "off" or any(p.outline.straight_cuts for p in page.placements):
            return None
        sheets = [replace(sheet, placements=list(sheet.placements), marks=list(sheet.marks)) for sheet in sheets]
        for _, group in groupby(page.placements, key=lambda p: (p.component.section, p.width, p.height, p.outline)):
            copies = list(group)
            if not any(self._lay_beside(sheet, copies) for sheet in sheets if sheet.size == page.size):
                return None
        return sheets

    def _lay_beside(self, sheet: Page, copies: list[Placement]) -> bool:
        """Lays copies of one piece out in a free room of the sheet, if one holds them all: right of
        its lowest row (under the rows above), or right of all its pieces, moved left if need be."""
        first = copies[0]
        unit = Size(first.width, first.height)
        lattice = first.outline.lattice(unit, self._gap(first.outline))
        for x0, y0, x1, y1, shift in self._free_rooms(sheet, unit.width):
            slots = self._slots(lattice, unit, Size(x1 - x0, y1 - y0))
            if len(slots) >= len(copies):
                _move(sheet, shift, 0.0)
                sheet.placements += [
                    replace(p, x=x0 + x, y=y1 - depth - unit.height)
                    for p, (x, depth) in zip(copies, slots, strict=False)
                ]
                return True
        return False

    def _free_rooms(self, sheet: Page, width: float) -> list[tuple[float, float, float, float, float]]:
        """Rooms free of the sheet's pieces and their crop marks, each cut free of them with straight
        cuts, as (x0, y0, x1, y1, how far the sheet's pieces move left first)."""
        clear, right_edge = self._clearance(), sheet.size.width - self.margin
        top, low = self._top_of(sheet.size), _bottom(sheet)
        lowest = [p for p in sheet.placements if abs(p.y - low) < 1e-6]
        row_top = max(p.y + p.height for p in lowest)
        above = [p.y for p in sheet.placements if p not in lowest]
        rooms = []
        if all(y >= row_top - 1e-6 for y in above):  # a row of its own: room right of it, under the rows above
            rooms.append(
                (
                    max(p.x + p.width for p in lowest) + clear,
                    self.bottom,
                    right_edge,
                    min(above, default=top) - clear,
                    0.0,
                )
            )
        right = max(p.x + p.width for p in sheet.placements)
        # far enough from the paper's edge for the crop marks on the left
        shift = max(right + clear + width - right_edge, 0.0)
        shift = min(
            shift, min(p.x for p in sheet.placements) - self.margin - MARK_OFFSET - MARK_LENGTH - self.options.bleed
        )
        rooms += [
            (right + clear, self.bottom, right_edge, top, 0.0),
            (right - shift + clear, self.bottom, right_edge, top, shift),
        ]
        return [room for room in rooms if room[2] - room[0] >= width - 1e-9 and room[3] > room[1]]

    def _top_of(self, paper: Size) -> float:
        return paper.height - self.margin

    def _unit(self, piece: Piece) -> Size:
        """The space one copy takes in a row: with duplex off, a front and its back side by side (or
        the back above, for an outline folded along its top)."""
        w, h = piece.size
        if self.options.duplex == "off" and piece.back is not None:
            return Size(w, 2 * h) if piece.outline.fold == "top" else Size(2 * w, h)
        return piece.size

    def _gap(self, outline: Outline) -> float:
        """The space between neighbours: a gutter for pieces cut alone, else just room for the bleed."""
        if not (outline.straight_cuts or outline.shares_cuts):
            return self.settings.round_gutter + 2 * self.options.bleed
        gutter = self.settings.gutter
        return 2 * self.options.bleed if gutter is None else max(gutter, 2 * self.options.bleed)

    def _lattice(self, piece: Piece, unit: Size) -> Lattice:
        """How copies of a piece pack: by its outline's lattice, or on a plain grid for a front and its
        back side by side (duplex off)."""
        gap = self._gap(piece.outline)
        return piece.outline.lattice(unit, gap) if unit == piece.size else RECT.lattice(unit, gap)

    def _slots(self, lattice: Lattice, unit: Size, room: Size) -> list[tuple[float, float]]:
        """Where the copies go in a room (the printable part of a sheet), in the order they are filled,
        row by row: each box's left edge from the room's left, and its top edge down from the room's
        top. A shifted row or column may hold one fewer than the others."""
        slots = []
        for row in range(int((room.height - unit.height + 1e-9) // lattice.dy) + 1):
            shift = lattice.row_shift if row % 2 else 0.0
            for column in range(int((room.width - shift - unit.width + 1e-9) // lattice.dx) + 1):
                depth = row * lattice.dy + (lattice.column_shift if column % 2 else 0.0)
                if depth + unit.height <= room.height + 1e-9:
                    slots.append((column * lattice.dx + shift, depth))
        return slots

    def _room(self, paper: Size) -> Size:
        return Size(paper.width - 2 * self.margin, paper.height - self.margin - self.bottom)

    def _paper_for(self, piece: Piece, unit: Size, count: int) -> Size | None:
        """Portrait, landscape (when it needs fewer sheets, or only it fits) or None (too large: split)."""
        lattice = self._lattice(piece, unit)
        portrait = len(self._slots(lattice, unit, self._room(self.portrait)))
        landscape = len(self._slots(lattice, unit, self._room(self.landscape)))
        wanted = self.settings.orientation
        if wanted == "portrait" and portrait or wanted == "landscape" and landscape:
            return self.portrait if wanted == "portrait" else self.landscape
        if not portrait and not landscape:
            return None
        if not portrait or landscape and math.ceil(count / landscape) < math.ceil(count / portrait):
            return self.landscape  # turned sheets need fewer sheets; on a tie upright ones can be shared
        return self.portrait

    # -- filling sheets ---------------------------------------------------------------------------------

    def _stack(self, copies: list[Piece], unit: Size, page: Page | None, cursor: float):
        """A group filled in under what the current portrait sheet already holds, then on new sheets;
        returns the sheet, how far down it is filled, and the new sheets."""
        lattice = self._lattice(copies[0], unit)
        width = self._room(self.portrait).width
        full = self._slots(lattice, unit, self._room(self.portrait))
        left = (self.portrait.width - max(x for x, _ in full) - unit.width) / 2
        bottom = self.bottom
        new_pages = []
        remaining = copies
        if page is not None and cursor != self._top():
            cursor -= BLOCK_GAP  # a new group on a sheet that holds another
        while remaining:
            slots = [] if page is None else self._slots(lattice, unit, Size(width, cursor - bottom))
            if page is None or not slots:
                page = Page(self.portrait, "front")
                new_pages.append(page)
                cursor = self._top()
                continue
            placed, remaining = remaining[: len(slots)], remaining[len(slots) :]
            for piece, (x, depth) in zip(placed, slots, strict=False):
                self._place(page, piece, left + x, cursor - depth - unit.height)
            cursor -= max(depth for _, depth in slots[: len(placed)]) + unit.height  # the lowest box's bottom
            if remaining:  # the sheet is full
                page = None
        assert page is not None, "a group has copies"
        return page, cursor, new_pages

    def _top(self) -> float:
        return self.portrait.height - self.margin

    def _grid_sheets(self, copies: list[Piece], unit: Size, paper: Size) -> list[Page]:
        room = self._room(paper)
        slots = self._slots(self._lattice(copies[0], unit), unit, room)
        left = (paper.width - max(x for x, _ in slots) - unit.width) / 2
        top = paper.height - self.margin - (room.height - max(depth for _, depth in slots) - unit.height) / 2
        pages = []
        for start in range(0, len(copies), len(slots)):
            page = Page(paper, "front")
            for piece, (x, depth) in zip(copies[start : start + len(slots)], slots, strict=False):
                self._place(page, piece, left + x, top - depth - unit.height)
            pages.append(page)
        return pages

    def _place(self, page: Page, piece: Piece, x: float, y: float) -> None:
        w, h = piece.size
        bleed = self.options.bleed
        beside = piece.back if self.options.duplex == "off" else None  # a back printed beside its front
        page.placements.append(
            Placement(
                piece.component,
                "front",
                x,
                y,
                w,
                h,
                piece.outline,
                piece.front,
                bleed,
                other_side=None if beside is not None else piece.back,
                window=piece.window,
                whole=piece.whole,
            )
        )
        if beside is None:
            return
        if piece.outline.fold == "top":  # folded over along the top: the back is the front turned top to bottom
            back = piece.outline.mirrored("y")
            turned = back is not piece.outline.back()  # backs are drawn for a sideways turn
            page.placements.append(
                Placement(piece.component, "back", x, y + h, w, h, back, beside, bleed, turned=turned, fold="bottom")
            )
            page.marks.append(Line(x, y + h, x + w, y + h, stroke=INK, line_width=0.2, dash=(2.0, 1.2)))
        else:  # folded over along the line between them
            back = piece.outline.back()
            page.placements.append(Placement(piece.component, "back", x + w, y, w, h, back, beside, bleed, fold="left"))
            page.marks.append(Line(x + w, y, x + w, y + h, stroke=INK, line_width=0.2, dash=(2.0, 1.2)))


def _used(extent: tuple[float, float]) -> float:
    """The height a sheet's pieces take, from its (top, bottom), as `Packer._fits_under` adds it up."""
    top, bottom = extent
    return top - bottom


def _top(page: Page) -> float:
    """The top of a sheet's pieces' trim boxes."""
    return max(p.y + p.height for p in page.placements)


def _bottom(page: Page) -> float:
    return min(p.y for p in page.placements)


def _move(page: Page, left: float, up: float) -> None:
    """A sheet's pieces and the lines placed with them (a back's fold) moved left and up (not by a
    rounding error: a sheet already in place keeps its very numbers)."""
    if abs(left) < 1e-6 and abs(up) < 1e-6:
        return
    page.placements = [replace(p, x=p.x - left, y=p.y + up) for p in page.placements]
    page.marks = [
        replace(m, x1=m.x1 - left, x2=m.x2 - left, y1=m.y1 + up, y2=m.y2 + up) if isinstance(m, Line) else m
        for m in page.marks
    ]
