"""Cricut Print Then Cut: the pieces in groups that Design Space prints and cuts as one image each.

Takes: a validated `Pack`, the locale and the drawn pieces.
Returns: a `Page` for each image, the size of the box round its pieces' trim lines (at most Design
Space's largest Print Then Cut image, either way up), its placements `GAP` apart, with no marks.

What Design Space wants (docs/how-to/cutting-machines.md tells the user):
- It prints a Print Then Cut image itself, inside a black registration rectangle that the machine
  reads, and takes images up to 6.75 x 9.25 in (171.45 x 234.95 mm) on Letter or A4 (Cricut Help
  Center, "Print Then Cut", as printkit's cricut-print-then-cut-letter template cites it).
- It cuts round the image's opaque parts: the image is transparent outside the pieces' trim lines,
  so each piece gets its own cut path, and its pieces lie apart so no two paths merge.
- It bleeds each piece itself ("Add bleed", on by default, prints the edge's colours a little past
  the cut path): the image is the trim size, with no bleed of printkit's, or Design Space would cut
  round the bleed.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.base.units import Size
from printkit.content.pack import Pack
from printkit.layout.packing import Packer
from printkit.layout.pieces import Piece
from printkit.layout.sheet_words import SheetWords
from printkit.layout.sheets import PAPERS, Page, SheetOptions

AREA = Size(171.45, 234.95)  # 6.75 x 9.25 in: the largest Print Then Cut image
GAP = 4.0  # mm between pieces: apart enough that Design Space's bleed round one stays off the next
# Packed on Letter with these margins, a sheet's room is exactly the Print Then Cut area.
LETTER = PAPERS["letter"]
MARGIN = (LETTER.width - AREA.width) / 2


def cricut_images(pack: Pack, locale: str, pieces: list[Piece], bleed: float) -> list[Page]:
    """The Print Then Cut images of the pieces (drawn with bleed, which the images leave out), in
    the order the kit's sheets print them."""
    imposition = pack.meta.imposition.model_copy(
        update={"margin": MARGIN, "gutter": GAP + 2 * bleed, "round_gutter": GAP + 2 * bleed}
    )
    sheets = Packer(imposition, SheetOptions("letter", "long", bleed), SheetWords(pack, locale).words).fronts(pieces)
    return [_image(sheet) for sheet in sheets if sheet.placements]


def _image(sheet: Page) -> Page:
    """A sheet's pieces moved to the corner of the box round their trim lines."""
    x0 = min(p.x for p in sheet.placements)
    y0 = min(p.y for p in sheet.placements)
    x1 = max(p.x + p.width for p in sheet.placements)
    y1 = max(p.y + p.height for p in sheet.placements)
    size = Size(x1 - x0, y1 - y0)
    assert min(size) <= AREA.width + 1e-6 and max(size) <= AREA.height + 1e-6, "a sheet's room is the area"
    image = Page(size, "front", [replace(p, x=p.x - x0, y=p.y - y0) for p in sheet.placements])
    image.set_boxes(0.0)
    return image
