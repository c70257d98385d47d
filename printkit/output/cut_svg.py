"""Cut files for cutting machines: each sheet's cut paths as SVG, aligned with the printed sheet.

Takes: laid-out `Page`s of a components PDF (their faces need not be drawn).
Returns: (page number in the PDF, SVG text) for each sheet with pieces on its front: an SVG the size
of the paper, in millimetres, with two layers: "cut", each piece's trim line (a rectangle, rounded
or not, as a rect; a round chip as a circle; a hexagon, other polygon or custom outline as a
polygon) except where pieces are butted together: their edges as polylines, an edge two pieces
share once (layout.cut_paths), and "registration", the sheet's crop marks, exactly where the PDF prints them. Print-then-
cut machines (Cricut, Silhouette) and laser cutters line the cut layer up with the printed sheet by
the registration layer, or by the paper's corners: both files share the paper's origin.

Backs are printed behind their fronts (duplex) and cut with them, so back sheets get no file.
"""

from __future__ import annotations

from collections.abc import Iterator

from printkit.base.shapes import Line
from printkit.layout.cut_paths import Polyline, cut_paths
from printkit.layout.marks import CROP_INK
from printkit.layout.sheets import Page
from printkit.output.svg import Style, element, sheet_style

CUT_COLOUR = "#ff0000"  # laser cutters' usual "cut" colour
CUT_WIDTH = 0.1  # a hairline, mm
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"


def cut_files(pages: list[Page]) -> Iterator[tuple[int, str]]:
    """The cut file of each front sheet, with its page number in the PDF (the calibration page is 1)."""
    for number, page in enumerate(pages, 1):
        if page.side == "front" and page.placements:
            yield number, cut_svg(page)


def cut_svg(page: Page) -> str:
    width, height = page.size
    style = sheet_style(height)
    paths = cut_paths(page)
    cuts = "".join(element(shape, style) for shape in paths.alone) + "".join(
        _polyline(run, style) for run in paths.runs
    )
    marks = "".join(element(mark, style) for mark in page.marks if isinstance(mark, Line) and mark.stroke == CROP_INK)
    n = style.number
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE}" version="1.1" '
        f'width="{n(width)}mm" height="{n(height)}mm" viewBox="0 0 {n(width)} {n(height)}">\n'
        f'<g id="cut" inkscape:groupmode="layer" inkscape:label="cut" fill="none" stroke="{CUT_COLOUR}" '
        f'stroke-width="{n(CUT_WIDTH)}">{cuts}</g>\n'
        '<g id="registration" inkscape:groupmode="layer" inkscape:label="registration" fill="none" '
        f'stroke="#000000">{marks}</g>\n'
        "</svg>\n"
    )


def _polyline(run: Polyline, style: Style) -> str:
    points = " ".join(f"{style.number(x)},{style.y(y)}" for x, y in run.points)
    return f'<polygon points="{points}"/>' if run.closed else f'<polyline points="{points}"/>'
