"""Cut files for cutting machines: each sheet's cut paths as SVG, aligned with the printed sheet.

Takes: laid-out `Page`s of a components PDF (their faces need not be drawn).
Returns: (page number in the PDF, SVG text) for each sheet with pieces on its front: an SVG the size
of the paper, in millimetres, with two layers: "cut", each piece's trim line (a rectangle, rounded
or not, as a rect; a round chip as a circle; a hexagon, other polygon or custom outline as a
polygon), and "registration", the sheet's crop marks, exactly where the PDF prints them. Print-then-
cut machines (Cricut, Silhouette) and laser cutters line the cut layer up with the printed sheet by
the registration layer, or by the paper's corners: both files share the paper's origin.

Backs are printed behind their fronts (duplex) and cut with them, so back sheets get no file.
"""

from __future__ import annotations

from collections.abc import Iterator

from printkit.base.shapes import Circle, Line, Path, Rect, Shape, shifted
from printkit.base.units import Size
from printkit.layout.marks import CROP_INK
from printkit.layout.sheets import Page, Placement

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
    cuts = "".join(_element(_trim_line(placement), height) for placement in page.placements)
    marks = "".join(_element(mark, height) for mark in page.marks if isinstance(mark, Line) and mark.stroke == CROP_INK)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE}" version="1.1" '
        f'width="{_n(width)}mm" height="{_n(height)}mm" viewBox="0 0 {_n(width)} {_n(height)}">\n'
        f'<g id="cut" inkscape:groupmode="layer" inkscape:label="cut" fill="none" stroke="{CUT_COLOUR}" '
        f'stroke-width="{_n(CUT_WIDTH)}">{cuts}</g>\n'
        '<g id="registration" inkscape:groupmode="layer" inkscape:label="registration" fill="none" '
        f'stroke="#000000">{marks}</g>\n'
        "</svg>\n"
    )


def _trim_line(placement: Placement) -> Shape:
    """A piece's trim line on the sheet: its outline at no bleed, moved to where its box lies."""
    x, y = placement.x, placement.y
    (shape,) = shifted([placement.outline.shape(Size(placement.width, placement.height))], x, y)
    return shape


def _element(shape: Shape, height: float) -> str:
    """An SVG element for a shape on a sheet height mm tall (SVG's y runs down, the sheet's up)."""
    if isinstance(shape, Rect):
        rounded = f' rx="{_n(shape.radius)}" ry="{_n(shape.radius)}"' if shape.radius > 0 else ""
        return (
            f'<rect x="{_n(shape.x)}" y="{_n(height - shape.y - shape.height)}" '
            f'width="{_n(shape.width)}" height="{_n(shape.height)}"{rounded}/>'
        )
    if isinstance(shape, Circle):
        return f'<circle cx="{_n(shape.cx)}" cy="{_n(height - shape.cy)}" r="{_n(shape.r)}"/>'
    if isinstance(shape, Line):
        return (
            f'<line x1="{_n(shape.x1)}" y1="{_n(height - shape.y1)}" x2="{_n(shape.x2)}" '
            f'y2="{_n(height - shape.y2)}" stroke-width="{_n(shape.line_width)}"/>'
        )
    assert isinstance(shape, Path), "a trim line is an area, a crop mark a line"
    assert all(op[0] in ("M", "L", "Z") for op in shape.ops), "every outline with curves is a Rect or a Circle"
    points = " ".join(f"{_n(op[1])},{_n(height - op[2])}" for op in shape.ops if op[0] != "Z")
    return f'<polygon points="{points}"/>'


def _n(value: float) -> str:
    """A length in mm, to a ten-thousandth (finer than any cutter)."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
