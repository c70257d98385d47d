"""Imposition: every copy of every component placed on printable sheets, fronts with their backs.

Takes: a validated `Pack`, the locale and `SheetOptions` (paper, duplex edge, bleed), and the
pieces when they are drawn already.
Returns: `Page`s (`printkit.layout.sheets`), each with its placements (a face's drawing and trim
box in millimetres, origin at the sheet's bottom-left), marks (crop marks, cut guides, labels) and
trim and bleed boxes; or raises `Problems` (text overflow, missing glyphs). The first page is the
calibration page (`calibration`).

How sheets are filled (`packing`): components are grouped by kind, size and outline; each group is
laid out by its outline's lattice (rows and columns; a honeycomb of hexagons), row by row down the
sheet, a new group continuing on the same sheet when it fits. A group whose pieces fit better (or
only) on a turned sheet gets landscape sheets of its own; a component larger than any sheet is
split over several sheets with an overlap to glue (`split`). A sheet left with a few pieces has
them moved onto other sheets with room, in blocks (`packing`). Rectangles get crop marks; pieces that
share their cuts (a honeycomb) get their edges drawn, each shared edge once; others their own cut
path (`marks`). With duplex printing every front sheet is followed by its back sheet (blank when
nothing on the front has a back, so fronts and backs stay paired); each back lands exactly behind
its front when the sheet is flipped on the chosen edge, cut along the front's outline mirrored like
the sheet. Without duplex, a back is printed beside its front, to be folded along the line between
them and glued. Nothing but the pieces comes nearer the paper's edge than a home printer reaches
(PRINTER_REACH): the footer's line (`sheet_words`) lies just inside it, under a deeper bottom
margin, and crop marks are shortened to end inside it.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.base.shapes import Line
from printkit.content.pack import Pack
from printkit.layout.calibration import calibration_back, calibration_front
from printkit.layout.marks import CROP_INK, CutMarks
from printkit.layout.packing import Packer
from printkit.layout.pieces import Piece, draw_pieces
from printkit.layout.sheet_words import SheetWords, footer
from printkit.layout.sheets import Page, SheetOptions


def impose(pack: Pack, locale: str, options: SheetOptions, pieces: list[Piece] | None = None) -> list[Page]:
    """The sheets of a components PDF; pieces drawn for the same locale and bleed may be passed in."""
    sheet_words = SheetWords(pack, locale)
    pieces = pieces or draw_pieces(pack, locale, options.bleed)
    fronts = Packer(pack.meta.imposition, options, sheet_words.words).fronts(pieces)
    any_back = any(p.back is not None for p in pieces)
    duplex = any_back and options.duplex != "off"
    pages = [calibration_front(sheet_words, options, any_back)]
    if duplex:
        pages.append(calibration_back(options))
    cut_marks = CutMarks(options.bleed, pack.meta.imposition.cut_lines)
    for front in fronts:
        front.marks = cut_marks.of(front.placements, front.size) + front.marks
        front.set_boxes(options.bleed)
        pages.append(front)
        if duplex:
            pages.append(back_of(front, options))
    for number, page in enumerate(pages, 1):
        page.marks += footer(sheet_words, options, page, number, len(pages))
    return pages


def back_of(front: Page, options: SheetOptions) -> Page:
    """The back sheet of a front sheet: each back exactly behind its front once the sheet is turned
    over on the duplex edge, cut along the front's outline mirrored like the sheet, with the front's
    crop marks (blank, with no marks, when nothing on the front has a back)."""
    page = Page(front.size, "back")
    mirror = options.mirror(front.size)
    for placement in front.placements:
        if placement.other_side is None:
            continue
        x, y = options.flip(placement.x, placement.y, placement.width, placement.height, front.size)
        window, whole = placement.window, placement.whole
        if window is not None and whole is not None:  # a fragment: the same part of the back, mirrored like the sheet
            window = options.flip_box(window, whole)
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
            x1, y1 = options.flip(mark.x1, mark.y1, 0, 0, front.size)
            x2, y2 = options.flip(mark.x2, mark.y2, 0, 0, front.size)
            page.marks.append(replace(mark, x1=x1, y1=y1, x2=x2, y2=y2))
    page.set_boxes(options.bleed)
    return page
