"""Sheets: what imposition produces, and how a sheet turns over.

Takes: the sheet options (paper, duplex edge, bleed).
Returns: the types every layout and every renderer shares: a `Page` (a sheet's side) holding
`Placement`s (a face's drawing and trim box in millimetres, origin at the sheet's bottom-left) and
marks, with its trim and bleed boxes; the papers; how far from the paper's edge a home printer
reaches; and, from the duplex edge, where a point of one side of a sheet lands on the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from printkit.base.outlines import Mirror, Outline
from printkit.base.records import record
from printkit.base.shapes import Shape
from printkit.base.units import Size
from printkit.content.components.base import Component
from printkit.faces.paint import Drawing

PAPERS = {"a4": Size(210.0, 297.0), "letter": Size(215.9, 279.4)}
PRINTER_REACH = 6.35  # 1/4 in: no mark or text nearer the paper's edge, where most home printers cannot print
FOOTER_LINE = 2.5  # the footer's letters just inside the printer's reach (DejaVu's 0.24 + 0.76 of 6.5 pt), with air
Duplex = Literal["long", "short", "off"]
Corners = tuple[float, float, float, float]  # x0, y0, x1, y1: a box by its lower-left and upper-right corners


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    duplex: Duplex = "long"
    bleed: float = 0.0

    def mirror(self, paper: Size) -> Mirror:
        """How a sheet is turned over. A long-edge flip turns the sheet over its long edge: on a
        portrait sheet that mirrors x, on a landscape sheet y; a short-edge flip the other."""
        return "x" if (paper.width <= paper.height) == (self.duplex == "long") else "y"

    def flip(self, x: float, y: float, w: float, h: float, paper: Size) -> tuple[float, float]:
        """Where a box lands on the other side of the sheet."""
        return (paper.width - x - w, y) if self.mirror(paper) == "x" else (x, paper.height - y - h)

    def flip_box(self, box: Corners, paper: Size) -> Corners:
        x, y = self.flip(box[0], box[1], box[2] - box[0], box[3] - box[1], paper)
        return (x, y, x + box[2] - box[0], y + box[3] - box[1])


@record
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
    window: Corners | None = None  # for a fragment of a split component: the part of it shown here
    whole: Size | None = None  # and the whole component's size
    # Drawn turned half round its box's centre: a back (drawn for a piece turned over sideways) on a
    # sheet turned over top to bottom, whose outline is not the sideways one.
    turned: bool = False
    # A back printed beside its front (duplex off): the side of its box it is folded along.
    fold: Literal["left", "bottom"] | None = None
    # Drawn at the component's size and stretched by these factors to fill its box: a face printed
    # at a print shop product's trim, within a millimetre of its own size (see layout.shop).
    stretch: tuple[float, float] | None = None


@dataclass(slots=True)
class Page:
    size: Size
    side: Literal["front", "back", "calibration"]
    placements: list[Placement] = field(default_factory=list)
    marks: list[Shape] = field(default_factory=list)
    trim_box: Corners | None = None
    bleed_box: Corners | None = None

    def boxes(self) -> tuple[Corners, Corners]:
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
