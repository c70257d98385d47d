"""Silhouette Print & Cut sheets: the kit's sheets with the registration marks Silhouette Studio
looks for, and no piece or mark of printkit's in their way.

Takes: a validated `Pack`, the locale, `SheetOptions` and the drawn pieces.
Returns: `Page`s as `imposition.impose` lays them out (calibration page, each front and its back)
on portrait sheets, with margins that keep every piece clear of the marks, and the three marks on each front sheet:
a filled square at the top left, an L at the top right and one at the bottom left.

The marks are Silhouette Studio's "Type 1" (CAMEO, Portrait, Curio) marks, set in its Registration
Marks panel to the values below: Studio looks for them only where its own settings put them, so
the user sets the same ones (docs/how-to/cutting-machines.md). Where they come from:
- shape and position: a 5 mm square at the top-left corner and 20 mm Ls at the top-right and
  bottom-left, 0.3-0.5 mm lines, inset from the paper's edges (inkscape-silhouette's Silhouette
  Regmarks, https://github.com/fablabnbg/inkscape-silhouette/blob/main/USERGUIDE.md and its
  render_silhouette_regmarks.py; the line width it keeps at 0.5 mm:
  https://github.com/fablabnbg/inkscape-silhouette/issues/206);
- inset: Silhouette Studio takes no inset under 10 mm
  (https://alan-cha.github.io/silhouette-card-maker/miscellaneous/borderless/).
"""

from __future__ import annotations

from dataclasses import replace

from printkit.base.shapes import Line, Rect, Shape
from printkit.base.units import Size
from printkit.content.pack import Pack
from printkit.layout.imposition import impose
from printkit.layout.pieces import Piece
from printkit.layout.sheets import Corners, Page, SheetOptions

INSET = 10.0  # mm from the paper's edges to the marks' outer edges (Studio's least)
SQUARE = 5.0  # the top-left mark's side
ARM = 20.0  # an L mark's arms
THICKNESS = 0.5  # an L's lines
KEEP_OUT = 2.0  # clear paper round a mark, so Studio's sensor finds only it
MARK_INK = "#000000"
# No piece nearer the paper's edges than the marks' far side and their clear paper: Studio cuts
# only inside the marks, and its sensor scans round each corner mark.
MARGIN = INSET + ARM + KEEP_OUT


def registration_marks(paper: Size) -> list[Shape]:
    """The three marks on a sheet of this paper (origin bottom-left, y up)."""
    width, height = paper
    top, right, half = height - INSET, width - INSET, THICKNESS / 2
    return [
        Rect(INSET, top - SQUARE, SQUARE, SQUARE, fill=MARK_INK),
        # top right: along the top edge, then down the right edge, meeting at the corner
        Line(right - ARM, top - half, right, top - half, MARK_INK, THICKNESS),
        Line(right - half, top, right - half, top - ARM, MARK_INK, THICKNESS),
        # bottom left: along the bottom edge, then up the left edge
        Line(INSET, INSET + half, INSET + ARM, INSET + half, MARK_INK, THICKNESS),
        Line(INSET + half, INSET, INSET + half, INSET + ARM, MARK_INK, THICKNESS),
    ]


def mark_zones(paper: Size) -> list[Corners]:
    """Where the marks and their clear paper lie: nothing else is printed there."""
    width, height = paper
    reach = ARM + KEEP_OUT
    return [
        (INSET - KEEP_OUT, height - INSET - reach, INSET + reach, height - INSET + KEEP_OUT),  # top left
        (width - INSET - reach, height - INSET - reach, width - INSET + KEEP_OUT, height - INSET + KEEP_OUT),
        (INSET - KEEP_OUT, INSET - KEEP_OUT, INSET + reach, INSET + reach),  # bottom left
    ]


def silhouette_sheets(pack: Pack, locale: str, options: SheetOptions, pieces: list[Piece]) -> list[Page]:
    """The kit's sheets laid out clear of Silhouette's marks, the marks on each front."""
    # portrait sheets only: Studio's page, and its marks, are set up once for every sheet
    margin = max(pack.meta.imposition.margin, MARGIN)
    imposition = pack.meta.imposition.model_copy(update={"margin": margin, "orientation": "portrait"})
    clear = replace(pack, meta=pack.meta.model_copy(update={"imposition": imposition}))
    pages = impose(clear, locale, options, pieces)
    for page in pages:
        if page.side == "front" and page.placements:
            zones = mark_zones(page.size)
            page.marks = [mark for mark in page.marks if not any(_in(mark, zone) for zone in zones)]
            page.marks += registration_marks(page.size)
    return pages


def _in(mark: Shape, zone: Corners) -> bool:
    """Whether a crop mark or cut guide line reaches into a zone (other marks lie under the pieces
    or in the footer, below the zones)."""
    if not isinstance(mark, Line):
        return False
    x0, y0, x1, y1 = zone
    return (
        min(mark.x1, mark.x2) < x1
        and max(mark.x1, mark.x2) > x0
        and min(mark.y1, mark.y2) < y1
        and max(mark.y1, mark.y2) > y0
    )
