"""Imposition: every copy of every component placed on printable sheets, fronts with their backs.

Takes: a validated `Pack`, the locale and `SheetOptions` (paper, duplex edge, bleed).
Returns: `Page`s, each with its placements (a face's drawing and trim box in millimetres, origin
at the sheet's bottom-left), marks (crop marks, cut guides, labels) and trim and bleed boxes; or
raises `Problems` (text overflow, missing glyphs). The first page is the calibration page.

How sheets are filled: components are grouped by kind, size and outline; each group is laid out
by its outline's lattice (rows and columns; a honeycomb of hexagons), row by row down the sheet, a
new group continuing on the same sheet when it fits. A group whose pieces fit better (or only) on a
turned sheet gets landscape sheets of its own; a component larger than any sheet is split over
several sheets with an overlap to glue. Rectangles get crop marks; pieces that share their cuts (a
honeycomb) get their edges drawn, each shared edge once; others their own cut path. With duplex
printing every front sheet is followed by its back sheet (blank when nothing on the front has a
back, so fronts and backs stay paired); each back lands exactly behind its front when the sheet is
flipped on the chosen edge, cut along the front's outline mirrored like the sheet. Without duplex,
a back is printed beside its front, to be folded along the line between them and glued. Nothing but
the pieces comes nearer the paper's edge than a home printer reaches (PRINTER_REACH): the footer's
line lies just inside it, under a deeper bottom margin, and crop marks are shortened to end inside it.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import groupby
from typing import Literal

from printkit.base.errors import Problem, Problems, display_path
from printkit.base.memo import DRAWN_FACES
from printkit.base.outlines import RECT, Lattice, Mirror, Outline, Segment
from printkit.base.shapes import Circle, Line, Rect, Shape, Text
from printkit.base.units import MM_PER_POINT, Size
from printkit.content.load import PACK_FILE, Pack
from printkit.content.message_key import MessageKey
from printkit.content.model import COMPONENT_KINDS, Component
from printkit.faces import richtext
from printkit.faces.fonts import locale_font
from printkit.faces.looks import look_of
from printkit.faces.paint import INK, Drawing, LookContext, ink_saving
from printkit.i18n import typography, words

PAPERS = {"a4": Size(210.0, 297.0), "letter": Size(215.9, 279.4)}
BLOCK_GAP = 10.0  # between groups sharing a sheet: room for both groups' crop marks
PRINTER_REACH = 6.35  # 1/4 in: no mark or text nearer the paper's edge, where most home printers cannot print
FOOTER_SIZE = 6.5  # points
FOOTER_DESCENT = 0.25  # of the size: how far letters reach below their baseline (DejaVu's 0.24)
FOOTER_LINE = 2.5  # the footer's letters just inside the printer's reach (DejaVu's 0.24 + 0.76 of 6.5 pt), with air
MARK_LENGTH = 3.5  # a crop mark's length, shortened where the printer's reach (or the footer) comes nearer
MARK_SHORTEST = 1.5  # a crop mark with less room than this is left out: a margin too narrow for marks
MARK_OFFSET = 1.5  # crop marks start this far (plus the bleed) from the trim line
MARK_WIDTH = 0.25
OVERLAP = 10.0  # of the pieces of a split component, to glue them together
CUT_GREY = "#9a9a9a"
GLUE_LABEL_SIZE = 5.0  # points
CROP_INK = "#000000"
CALIBRATION_STROKE = 0.3  # of the calibration squares: its outside measures this much more than the square
CALIBRATION_TARGETS_Y = 62.0  # the registration target and the shift scale, side by side above the texts
SHIFT_SCALE_DISTANCE = 70.0  # between their centres
SHIFT_SCALE_REACH = 10.0  # mm each way from the shift scale's centre
SHIFT_SCALE_STROKE = 0.15
Duplex = Literal["long", "short", "off"]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    duplex: Duplex = "long"
    bleed: float = 0.0


@dataclass(frozen=True, slots=True)
class Placement:
    component: Component
    face: Literal["front", "back"]
    x: float
    y: float
    width: float
    height: float
    outline: Outline
    drawing: Drawing
    bleed: float = 0.0
    other_side: Drawing | None = None  # what the back sheet shows behind this face
    window: Box | None = None  # for a fragment of a split component: the part of it shown here
    whole: Size | None = None  # and the whole component's size
    # Drawn turned half round its box's centre: a back (drawn for a piece turned over sideways) on a
    # sheet turned over top to bottom, whose outline is not the sideways one.
    turned: bool = False
    # A back printed beside its front (duplex off): the side of its box it is folded along.
    fold: Literal["left", "bottom"] | None = None


@dataclass(slots=True)
class Page:
    size: Size
    side: Literal["front", "back", "calibration"]
    placements: list[Placement] = field(default_factory=list)
    marks: list[Shape] = field(default_factory=list)
    trim_box: Box | None = None
    bleed_box: Box | None = None

    def boxes(self) -> tuple[Box, Box]:
        """Its trim and bleed boxes, which every page has once it is laid out."""
        assert self.trim_box is not None and self.bleed_box is not None, "a page is laid out before it is used"
        return self.trim_box, self.bleed_box

    def set_boxes(self, bleed: float) -> None:
        """A sheet's TrimBox is the box around every piece printed on that side (on a back sheet its
        backs, which need not be all its fronts), its BleedBox that box grown by the bleed. A sheet
        with nothing to cut (the blank back of fronts without backs, whose footer says it stays
        blank) is trimmed nowhere: both boxes are the paper, as on the calibration page."""
        if not self.placements:
            self.trim_box = self.bleed_box = (0.0, 0.0, *self.size)
            return
        x0 = min(p.x for p in self.placements)
        y0 = min(p.y for p in self.placements)
        x1 = max(p.x + p.width for p in self.placements)
        y1 = max(p.y + p.height for p in self.placements)
        self.trim_box = (x0, y0, x1, y1)
        self.bleed_box = (x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed)


@dataclass(frozen=True, slots=True)
class Piece:
    """One component's faces, drawn once however many copies are printed."""

    component: Component
    size: Size
    outline: Outline
    front: Drawing
    back: Drawing | None
    window: Box | None = None  # a fragment of a component too large for the paper: the part it shows
    whole: Size | None = None  # and the size of the whole component


def draw_pieces(
    pack: Pack,
    locale: str,
    bleed: float,
    ink_saver: bool = False,
    drafts: frozenset[str] = frozenset(),
    boxes: dict | None = None,
) -> list[Piece]:
    """Every component's front and back drawings; raises Problems for all text that cannot be set.
    Components named in drafts (still partly untranslated) get a visible DRAFT band; the text boxes
    measured are recorded in boxes when given."""
    faces = Faces(pack, locale, bleed, ink_saver, drafts, boxes)
    pieces = [faces.complete(outline) for outline in faces.outlines()]
    faces.raise_problems()
    return pieces


class Faces:
    """The faces of a pack's components in one locale, drawn when they are needed.

    Imposition works on outlines (a piece's size and outline, its drawings empty: [] where it has a
    back, None where it has none), and a sheet's faces are drawn only as that sheet is written, so
    a big deck's drawings are never all in memory at once. The faces drawn last are remembered, for
    the copies and backs that follow them. Text that cannot be set is collected as faces are drawn.
    """

    REMEMBERED = DRAWN_FACES

    def __init__(
        self,
        pack: Pack,
        locale: str,
        bleed: float,
        ink_saver: bool = False,
        drafts: frozenset[str] = frozenset(),
        boxes: dict | None = None,
    ):
        self.ctx = LookContext(pack, locale, bleed=bleed, boxes=boxes)
        self.ink_saver, self.drafts = ink_saver, drafts
        self._drawn: OrderedDict[tuple[str, str], Drawing] = OrderedDict()

    def outlines(self) -> list[Piece]:
        pack = self.ctx.pack
        pieces = []
        for component in pack.components:
            look = look_of(pack, component)
            back: Drawing | None = [] if look.has_back(component, pack) else None
            pieces.append(Piece(component, look.size(component, pack), look.outline(component, pack), [], back))
        return pieces

    def draw(self, component: Component, face: Literal["front", "back"]) -> Drawing:
        key = (component.id, face)
        if key in self._drawn:
            self._drawn.move_to_end(key)
            return self._drawn[key]
        look = look_of(self.ctx.pack, component)
        size = look.size(component, self.ctx.pack)
        drawing = look.front(self.ctx, component, size) if face == "front" else look.back(self.ctx, component, size)
        if self.ink_saver:
            drawing = ink_saving(drawing, size, look.outline(component, self.ctx.pack))
        if face == "front" and component.id in self.drafts:
            drawing = drawing + _draft_band(
                size, words.of(self.ctx.locale, self.ctx.pack.root), look.outline(component, self.ctx.pack)
            )
        self._drawn[key] = drawing
        if len(self._drawn) > self.REMEMBERED:
            self._drawn.popitem(last=False)
        return drawing

    def complete(self, piece: Piece) -> Piece:
        """An outline (or a fragment of one, carrying its guides) with its faces drawn."""
        back = None if piece.back is None else self.draw(piece.component, "back") + piece.back
        return replace(piece, front=self.draw(piece.component, "front") + piece.front, back=back)

    def fill(self, pages: Iterable[Page]) -> Iterator[Page]:
        """Sheets imposed from outlines, one at a time, with their faces drawn under what imposition
        added (a fragment's glue guides)."""
        for page in pages:
            yield replace(
                page,
                placements=[
                    replace(p, drawing=self.draw(p.component, p.face) + p.drawing, other_side=None)
                    for p in page.placements
                ],
            )

    def raise_problems(self) -> None:
        """Problems of every face drawn so far (Problems keeps each once, however often its face was drawn)."""
        if self.ctx.problems:
            raise Problems(self.ctx.problems)


def _draft_band(size: Size, own: words.OwnWords, outline: Outline) -> Drawing:
    """A red band with the word DRAFT: along the top of a rectangle, across the middle of other
    shapes (a hexagon or a circle is widest there; its top is a corner or a short side)."""
    w, h = size
    band = min(6.0, h * 0.12)
    bottom = h - band if outline.straight_cuts else (h - band) / 2
    return [
        Rect(0, bottom, w, band, fill="#c0392b"),
        Text(
            w / 2,
            bottom + band * 0.32,
            own.text("draft"),
            "sans-bold",
            min(7.0, band * 1.6),
            "#ffffff",
            "center",
        ),
    ]


def impose(pack: Pack, locale: str, options: SheetOptions, pieces: list[Piece] | None = None) -> list[Page]:
    """The sheets of a components PDF; pieces drawn for the same locale and bleed may be passed in."""
    return _Imposer(pack, options, locale).pages(pieces or draw_pieces(pack, locale, options.bleed))


class _Imposer:
    def __init__(self, pack: Pack, options: SheetOptions, locale: str):
        self.pack, self.options, self.locale = pack, options, locale
        self.words = words.of(locale, pack.root)
        self.settings = pack.meta.imposition
        self.portrait = PAPERS[options.paper]
        self.landscape = Size(self.portrait.height, self.portrait.width)
        self.margin = self.settings.margin + options.bleed
        # Deep enough for the footer's line and a crop mark above it (about 2 mm deeper than the default 10 mm).
        footer = PRINTER_REACH + FOOTER_LINE + MARK_WIDTH / 2 + MARK_SHORTEST + MARK_OFFSET
        self.bottom = max(self.settings.margin, footer) + options.bleed
        self._marks: dict[tuple, list[Shape]] = {}

    # -- grouping -------------------------------------------------------------------------------------

    def pages(self, pieces: list[Piece]) -> list[Page]:
        sections = list(COMPONENT_KINDS)
        order = sorted(
            pieces,
            key=lambda p: (sections.index(p.component.section), -p.size.width * p.size.height, p.size, p.outline.name),
        )
        any_back = any(p.back is not None for p in pieces)
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
                copies = [fragment for piece in copies for fragment in self._split(piece)]
                unit = copies[0].size
                paper = self._paper_for(copies[0], unit, len(copies))
            if paper == self.landscape:
                fronts += self._grid_sheets(copies, unit, paper)
                continue
            shared, cursor, new_pages = self._stack(copies, unit, shared, cursor)
            fronts += new_pages
        pages = [self._calibration(any_back)]
        if any_back and self.options.duplex != "off":
            pages.append(self._calibration_back())
        for front in fronts:
            self._finish(front)
            pages.append(front)
            if any_back and self.options.duplex != "off":
                pages.append(self._back_of(front))
        for number, page in enumerate(pages, 1):
            page.marks += self._footer(page, number, len(pages))
        return pages

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

    def _split(self, piece: Piece) -> list[Piece]:
        """Overlapping fragments of a component larger than the sheet, each marked where the next is
        glued on; the back is split the same way. Fragments are rectangles; they show the component's
        own trim line where it is not theirs (a board's rounded corners)."""
        w, h = piece.size
        paper = min((self.portrait, self.landscape), key=lambda p: self._piece_count(piece.size, p))
        cols, rows = self._grid_of_pieces(piece.size, paper)
        step_w, step_h = (w - OVERLAP) / cols + OVERLAP, (h - OVERLAP) / rows + OVERLAP
        fragments = []
        trim_line = piece.outline.fragment_guides(piece.size, CUT_GREY)
        for row in range(rows):
            for col in range(cols):
                x0, y0 = col * (step_w - OVERLAP), h - step_h - row * (step_h - OVERLAP)
                guides: Drawing = [
                    Text(x0 + 2, y0 + step_h - 4, f"{chr(65 + row)}{col + 1}", "sans-bold", 7, CUT_GREY, "left"),
                    *trim_line,
                ]
                if col + 1 < cols:  # the next fragment is glued over this strip
                    x = x0 + step_w - OVERLAP
                    guides += [
                        Line(x, y0, x, y0 + step_h, stroke=CUT_GREY, line_width=0.25, dash=(1.5, 1.5)),
                        _glue_label(self._ui("glue", piece=f"{chr(65 + row)}{col + 2}"), x, y0, step_h),
                    ]
                if row + 1 < rows:
                    guides += [
                        Line(
                            x0,
                            y0 + OVERLAP,
                            x0 + step_w,
                            y0 + OVERLAP,
                            stroke=CUT_GREY,
                            line_width=0.25,
                            dash=(1.5, 1.5),
                        ),
                        Text(
                            x0 + step_w / 2,
                            y0 + OVERLAP / 2 - 1,
                            self._ui("glue", piece=f"{chr(66 + row)}{col + 1}"),
                            "sans",
                            5,
                            CUT_GREY,
                            "center",
                        ),
                    ]
                fragments.append(
                    replace(
                        piece,
                        size=Size(step_w, step_h),
                        outline=RECT,
                        front=piece.front + guides,
                        window=(x0, y0, x0 + step_w, y0 + step_h),
                        whole=piece.size,
                    )
                )
        return fragments

    def _grid_of_pieces(self, size: Size, paper: Size) -> tuple[int, int]:
        room = self._room(paper)
        return (
            max(1, math.ceil((size.width - OVERLAP) / (room.width - OVERLAP))),
            max(1, math.ceil((size.height - OVERLAP) / (room.height - OVERLAP))),
        )

    def _piece_count(self, size: Size, paper: Size) -> int:
        return math.prod(self._grid_of_pieces(size, paper))

    # -- marks, boxes, backs ------------------------------------------------------------------------------

    def _finish(self, page: Page) -> None:
        """Crop marks, cut guides and the trim and bleed boxes of a front sheet."""
        page.marks = self._cut_marks(page.placements, page.size) + page.marks
        page.set_boxes(self.options.bleed)

    def _cut_marks(self, placements: list[Placement], paper: Size) -> list[Shape]:
        """Crop marks and cut guides for the placements; the sheets of a deck share one grid, so
        the marks of each grid are made (and kept in memory) once."""
        grid = (paper, *((p.x, p.y, p.width, p.height, p.outline) for p in placements))
        if grid not in self._marks:
            self._marks[grid] = self._marks_of(placements, paper)
        return self._marks[grid]

    def _marks_of(self, placements: list[Placement], paper: Size) -> list[Shape]:
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
        offset = self.options.bleed + MARK_OFFSET
        area = _mark_area(paper)
        for x in xs:  # marks where a cut meets the sheet's top and bottom margins, never over a component
            column = [p for p in square if round(p.x, 4) <= x <= round(p.x + p.width, 4)]
            top, low = max(p.y + p.height for p in column), min(p.y for p in column)
            marks += _crop_mark(x, top + offset, 0, 1, area) + _crop_mark(x, low - offset, 0, -1, area)
        for y in ys:
            row = [p for p in square if round(p.y, 4) <= y <= round(p.y + p.height, 4)]
            left, right = min(p.x for p in row), max(p.x + p.width for p in row)
            marks += _crop_mark(left - offset, y, -1, 0, area) + _crop_mark(right + offset, y, 1, 0, area)
        cut_lines = self.settings.cut_lines
        if cut_lines or cut_lines is None and not self.options.bleed:  # with bleed they would show on the art
            for p in square:
                marks += p.outline.cut_path(p.x, p.y, Size(p.width, p.height), CUT_GREY)
        return marks

    def _mirror(self, paper: Size) -> Mirror:
        """How a sheet is turned over. A long-edge flip turns the sheet over its long edge: on a
        portrait sheet that mirrors x, on a landscape sheet y; a short-edge flip the other."""
        return "x" if (paper.width <= paper.height) == (self.options.duplex == "long") else "y"

    def _flip(self, x: float, y: float, w: float, h: float, paper: Size) -> tuple[float, float]:
        """Where a box lands on the other side of the sheet."""
        return (paper.width - x - w, y) if self._mirror(paper) == "x" else (x, paper.height - y - h)

    def _back_of(self, front: Page) -> Page:
        page = Page(front.size, "back")
        mirror = self._mirror(front.size)
        for placement in front.placements:
            if placement.other_side is None:
                continue
            x, y = self._flip(placement.x, placement.y, placement.width, placement.height, front.size)
            window, whole = placement.window, placement.whole
            if (
                window is not None and whole is not None
            ):  # a fragment: the same part of the back, mirrored like the sheet
                window = self._flip_box(window, whole)
            outline = placement.outline.mirrored(mirror)  # the back is cut along the front's trim line
            page.placements.append(
                replace(
                    placement,
                    face="back",
                    x=x,
                    y=y,
                    outline=outline,
                    drawing=placement.other_side,
                    window=window,
                    other_side=None,
                    turned=outline is not placement.outline.back(),  # the back was drawn turned over sideways
                )
            )
        for mark in front.marks if page.placements else []:
            if isinstance(mark, Line) and mark.stroke == CROP_INK:  # crop marks help check registration
                x1, y1 = self._flip(mark.x1, mark.y1, 0, 0, front.size)
                x2, y2 = self._flip(mark.x2, mark.y2, 0, 0, front.size)
                page.marks.append(replace(mark, x1=x1, y1=y1, x2=x2, y2=y2))
        page.set_boxes(self.options.bleed)
        return page

    def _flip_box(self, box: Box, paper: Size) -> Box:
        x, y = self._flip(box[0], box[1], box[2] - box[0], box[3] - box[1], paper)
        return (x, y, x + box[2] - box[0], y + box[3] - box[1])

    # -- calibration and labels ----------------------------------------------------------------------------

    def _calibration(self, any_back: bool) -> Page:
        """A 50 mm and a 2 in square with what to measure, a ruler, and (with backs) the front halves
        of a registration target and of a shift scale."""
        page = Page(self.portrait, "calibration")
        w, h = self.portrait
        marks: list[Shape] = []
        marks += self._own_fitted("calibration-title", (20, h - 34, w - 40, 9), "sans-bold", 15, max_lines=1)
        marks += self._own_fitted("calibration-text", (25, h - 60, w - 50, 22), "sans", 9.5, max_lines=4)
        left = (w - (50 + 20 + 50.8)) / 2
        base = h - 130
        marks.append(Rect(left, base, 50, 50, stroke=INK, line_width=CALIBRATION_STROKE))
        marks.append(Text(left + 25, base + 23, self._ui("unit-mm", value=50), "sans-bold", 11, INK, "center"))
        marks.append(Rect(left + 70, base, 50.8, 50.8, stroke=INK, line_width=CALIBRATION_STROKE))
        marks.append(Text(left + 70 + 25.4, base + 23, self._ui("unit-in", value=2), "sans-bold", 11, INK, "center"))
        marks += _ruler(
            (w - 150) / 2,
            base - 30,
            150,
            (self._ui("unit-cm", value="").strip(), self._ui("unit-in", value="").strip()),
        )
        # the stroke is centred on the square's line, so half of it lies outside on either side
        marks += self._own_fitted(
            "calibration-measure",
            (25, base - 62, w - 50, 12),
            "sans",
            8.5,
            max_lines=3,
            stroke=self.words.decimal(CALIBRATION_STROKE),
            outside=self.words.decimal(round(50 + CALIBRATION_STROKE, 2)),
            outside_in=self.words.decimal(round((50.8 + CALIBRATION_STROKE) / 25.4, 3)),
        )
        if any_back and self.options.duplex != "off":
            key = f"duplex-{self.options.duplex}"
            marks += _target(*self._registration_centre(), 12)
            marks += _shift_scale(*self._shift_centre(), ticks=True)
            marks += self._own_fitted(key, (25, 32, w - 50, 11), "sans", 9, max_lines=3)
            marks += self._own_fitted("calibration-shift", (25, 19, w - 50, 12), "sans", 8.5, max_lines=3)
        if self.pack.meta.credits:
            marks += self._fitted(
                self.pack.meta.credits,
                (25, 12, w - 50, 5),
                "sans-italic",
                8,
                max_lines=1,
                blame=self._pack_words("credits"),
            )
        page.marks = marks
        page.trim_box = page.bleed_box = (0.0, 0.0, w, h)
        return page

    def _registration_centre(self) -> tuple[float, float]:
        return self.portrait.width / 2 - SHIFT_SCALE_DISTANCE / 2, CALIBRATION_TARGETS_Y

    def _shift_centre(self) -> tuple[float, float]:
        return self.portrait.width / 2 + SHIFT_SCALE_DISTANCE / 2, CALIBRATION_TARGETS_Y

    def _calibration_back(self) -> Page:
        """The back halves: the registration target and the shift scale's plain cross, each behind its front."""
        page = Page(self.portrait, "back")
        page.marks = _target(*self._flip(*self._registration_centre(), 0, 0, self.portrait), 12)
        page.marks += _shift_scale(*self._flip(*self._shift_centre(), 0, 0, self.portrait), ticks=False)
        page.trim_box = page.bleed_box = (0.0, 0.0, *self.portrait)
        return page

    def _ui(self, key: str, **values: object) -> str:
        return self.words.text(key, **values)

    def _fitted(
        self,
        text: str,
        box: tuple[float, float, float, float],
        font: str,
        size: float,
        *,
        max_lines: int,
        colour: str = INK,
        blame: Callable[[str, str | None], Problem],
        language: str | None = None,
        valign: Literal["top", "middle", "bottom"] = "middle",
    ) -> list[Shape]:
        """Words set in a box of the sheet in the typography of their language (the kit's, unless
        printkit's own words fell back to English); words that cannot fit are a problem blame places."""
        result = richtext.fit(
            typography.apply(text, language or self.locale),
            box,
            font=font,
            size=size,
            min_size=5,
            color=colour,
            align="center",
            max_lines=max_lines,
            valign=valign,
            script_font=locale_font(self.pack, self.locale),
        )
        if isinstance(result, richtext.Refusal):
            raise Problems([blame(f"{result.message} in locale {self.locale}: {text!r}", result.hint)])
        return list(result)

    def _own_fitted(
        self,
        key: str,
        box: tuple[float, float, float, float],
        font: str,
        size: float,
        *,
        max_lines: int,
        **values: object,
    ) -> list[Shape]:
        """One of printkit's own words (its placeholders filled with values) set in a box of the sheet,
        in the typography of the language it prints in; a word that cannot fit is blamed on its
        catalog entry."""
        return self._fitted(
            self._ui(key, **values),
            box,
            font,
            size,
            max_lines=max_lines,
            blame=self._own_words(key),
            language=self.words.language_of(key),
        )

    def _own_words(self, key: str) -> Callable[[str, str | None], Problem]:
        """Blame for printkit's own words that do not fit: a catalog bug, placed at the entry of key."""

        def problem(message: str, hint: str | None) -> Problem:
            path, line = self.words.written_at(key)
            return Problem(
                display_path(path), line, 1, key, f"printkit's own text {message}", "shorten the translation"
            )

        return problem

    def _pack_words(self, key: str) -> Callable[[str, str | None], Problem]:
        """Blame for the pack's words that do not fit (its credits, its title in the footer)."""
        return lambda message, hint: self._pack_text_problem(key, f"text {message}", hint)

    def _pack_text_problem(self, key: str, message: str, hint: str | None) -> Problem:
        """At the translation's line in its PO file when the pack's text is translated, else in pack.yaml."""
        message_key = MessageKey.of("pack", (key,))
        return self.pack.text_problem(message_key, self.pack.source_of(PACK_FILE), (key,), message, hint)

    def _footer(self, page: Page, number: int, total: int) -> list[Shape]:
        kinds = sorted({self._ui(f"kind-{p.component.kind}") for p in page.placements})
        side = self._ui({"back": "side-backs", "front": "side-fronts", "calibration": "side-calibration"}[page.side])
        meta = self.pack.meta
        title = f"{meta.title} {meta.version}" if meta.version else meta.title
        parts = [title, ", ".join(kinds), side, self._ui("page-of", number=number, total=total)]
        if page.side == "back" and not page.placements and number > 2:
            parts[2] = self._ui("side-blank")
        label = " · ".join(p for p in parts if p)
        line = (15.0, PRINTER_REACH, page.size.width - 15, PRINTER_REACH + FOOTER_LINE)
        if page.side == "back":  # behind the front's footer, where the back sheet has no marks
            line = self._flip_box(line, page.size)
        x0, y0, x1, _ = line
        baseline = y0 + FOOTER_DESCENT * FOOTER_SIZE * MM_PER_POINT
        return self._fitted(
            label,
            (x0, baseline, x1 - x0, 2 * FOOTER_LINE),  # set on the box's bottom, which the letters do not fill
            "sans",
            FOOTER_SIZE,
            max_lines=1,
            valign="bottom",
            colour="#666666",
            blame=self._pack_words("title"),
        )


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


def _mark_area(paper: Size) -> Box:
    """Where a front sheet's crop marks may reach: inside the printer's reach and above the footer
    (a back sheet's marks are its front's, flipped with it)."""
    ink = PRINTER_REACH + MARK_WIDTH / 2
    return (ink, ink + FOOTER_LINE, paper.width - ink, paper.height - ink)


def _crop_mark(x: float, y: float, dx: int, dy: int, area: Box) -> list[Shape]:
    """A crop mark from (x, y) outwards along (dx, dy), shortened to end inside area; none where area
    leaves it too little room to see."""
    x0, y0, x1, y1 = area
    room = {(0, 1): y1 - y, (0, -1): y - y0, (-1, 0): x - x0, (1, 0): x1 - x}[(dx, dy)]
    reach = min(MARK_LENGTH, room)
    if reach < MARK_SHORTEST:
        return []
    return [Line(x, y, x + dx * reach, y + dy * reach, CROP_INK, MARK_WIDTH)]


def _ruler(x: float, y: float, length: float, units: tuple[str, str]) -> list[Shape]:
    """A millimetre ruler above an inch ruler, both starting at x; units names them in the locale."""
    marks: list[Shape] = [Line(x, y, x + length, y, line_width=0.25)]
    for mm in range(int(length) + 1):
        tick = 5 if mm % 10 == 0 else 3.5 if mm % 5 == 0 else 2
        marks.append(Line(x + mm, y, x + mm, y + tick, line_width=0.15))
        if mm % 10 == 0:
            marks.append(Text(x + mm, y + 6.2, str(mm // 10), "sans", 6, INK, "center"))
    marks.append(Text(x + length + 3, y + 1, units[0], "sans", 7, INK, "left"))
    inches = int(length // 25.4)
    for sixteenth in range(inches * 16 + 1):
        pos = x + sixteenth * 25.4 / 16
        tick = 5 if sixteenth % 16 == 0 else 3.5 if sixteenth % 8 == 0 else 2.5 if sixteenth % 4 == 0 else 1.5
        marks.append(Line(pos, y, pos, y - tick, line_width=0.15))
        if sixteenth % 16 == 0:
            marks.append(Text(pos, y - 8.5, str(sixteenth // 16), "sans", 6, INK, "center"))
    marks.append(Text(x + length + 3, y - 4, units[1], "sans", 7, INK, "left"))
    return marks


def _glue_label(text: str, x: float, y: float, length: float) -> Text:
    """The label of a glue strip starting at x: it runs up the strip from y, near the dashed line (the
    strip is narrower than the words), and is set smaller if it would be longer than the strip."""
    size = min(GLUE_LABEL_SIZE, GLUE_LABEL_SIZE * (length - 3) / richtext.measure(text, "sans", GLUE_LABEL_SIZE))
    return Text(x + 2.5, y + 1.5, text, "sans", size, CUT_GREY, "left", 90)


def _shift_scale(cx: float, cy: float, *, ticks: bool) -> list[Shape]:
    """A cross whose arms reach SHIFT_SCALE_REACH mm from its centre; the front's carries a tick every
    millimetre (longer every five), so the back's plain cross, seen through the sheet, shows on it
    how far the back is shifted each way."""
    reach = SHIFT_SCALE_REACH
    marks: list[Shape] = [
        Line(cx - reach, cy, cx + reach, cy, line_width=SHIFT_SCALE_STROKE),
        Line(cx, cy - reach, cx, cy + reach, line_width=SHIFT_SCALE_STROKE),
    ]
    if not ticks:
        return marks
    for step in range(-int(reach), int(reach) + 1):
        if step == 0:
            continue
        tick = 1.5 if step % 5 else 3.0
        marks += [
            Line(cx + step, cy - tick / 2, cx + step, cy + tick / 2, line_width=SHIFT_SCALE_STROKE),
            Line(cx - tick / 2, cy + step, cx + tick / 2, cy + step, line_width=SHIFT_SCALE_STROKE),
        ]
        if step % 5 == 0:
            marks.append(Text(cx + step, cy - 4.5, str(abs(step)), "sans", 5, INK, "center"))
    return marks


def _target(cx: float, cy: float, r: float) -> list[Shape]:
    return [
        Circle(cx, cy, r, stroke=INK, line_width=0.25),
        Circle(cx, cy, r / 2, stroke=INK, line_width=0.25),
        Line(cx - r * 1.3, cy, cx + r * 1.3, cy, line_width=0.2),
        Line(cx, cy - r * 1.3, cx, cy + r * 1.3, line_width=0.2),
    ]
