"""Draw laid-out pages into a PDF with reportlab; nothing here decides where anything goes.

Takes: `Page`s from `printkit.layout` and the file to write.
Returns: nothing; writes a vector PDF with the bundled fonts embedded and subset. Output is
byte-identical for the same pages (reportlab's invariant mode, fixed metadata).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Callable

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .draw import Circle, Image, Line, Path as PathShape, Rect, Shape, Text
from .fonts import registered
from .layout import Page, Placement

Drawer = Callable[[Canvas, Shape], None]
DRAWERS: dict[type, Drawer] = {}


def drawer(kind: type) -> Callable[[Drawer], Drawer]:
    def register(function: Drawer) -> Drawer:
        DRAWERS[kind] = function
        return function

    return register


@cache
def colour(value: str) -> Color:
    """reportlab's colour for '#rrggbb', parsed once however often it is drawn."""
    return HexColor(value)


def _paint(canvas: Canvas, fill: str | None, stroke: str | None, line_width: float) -> dict:
    if fill:
        canvas.setFillColor(colour(fill))
    if stroke:
        canvas.setStrokeColor(colour(stroke))
        canvas.setLineWidth(line_width * mm)
    return {"fill": 1 if fill else 0, "stroke": 1 if stroke else 0}


@drawer(Rect)
def _rect(canvas: Canvas, r: Rect) -> None:
    paint = _paint(canvas, r.fill, r.stroke, r.line_width)
    if r.radius:
        canvas.roundRect(r.x * mm, r.y * mm, r.width * mm, r.height * mm, r.radius * mm, **paint)
    else:
        canvas.rect(r.x * mm, r.y * mm, r.width * mm, r.height * mm, **paint)


@drawer(Circle)
def _circle(canvas: Canvas, c: Circle) -> None:
    canvas.circle(c.cx * mm, c.cy * mm, c.r * mm, **_paint(canvas, c.fill, c.stroke, c.line_width))


@drawer(Line)
def _line(canvas: Canvas, line: Line) -> None:
    _paint(canvas, None, line.stroke, line.line_width)
    canvas.setDash([d * mm for d in line.dash] if line.dash else [])
    canvas.line(line.x1 * mm, line.y1 * mm, line.x2 * mm, line.y2 * mm)
    canvas.setDash([])


@drawer(PathShape)
def _path(canvas: Canvas, shape: PathShape) -> None:
    path = canvas.beginPath()
    for op in shape.ops:
        points = [v * mm for v in op[1:]]
        {"M": path.moveTo, "L": path.lineTo, "C": path.curveTo, "Z": path.close}[op[0]](*points)
    canvas.drawPath(path, **_paint(canvas, shape.fill, shape.stroke, shape.line_width))


@drawer(Text)
def _text(canvas: Canvas, text: Text) -> None:
    canvas.setFont(registered(text.font), text.size)
    canvas.setFillColor(colour(text.color))
    draw = {"left": canvas.drawString, "center": canvas.drawCentredString, "right": canvas.drawRightString}
    if text.angle:
        canvas.saveState()
        canvas.translate(text.x * mm, text.y * mm)
        canvas.rotate(text.angle)
        draw[text.align](0, 0, text.text)
        canvas.restoreState()
    else:
        draw[text.align](text.x * mm, text.y * mm, text.text)


@drawer(Image)
def _image(canvas: Canvas, image: Image) -> None:
    canvas.drawImage(image.path, image.x * mm, image.y * mm, image.width * mm, image.height * mm,
                     preserveAspectRatio=True, anchor="c", mask="auto")


def draw_shapes(canvas: Canvas, shapes: list[Shape]) -> None:
    for shape in shapes:
        DRAWERS[type(shape)](canvas, shape)


def render_pdf(pages: list[Page], target: Path, *, title: str, subject: str, lang: str, duplex: str) -> None:
    # The initial font would otherwise be an unembedded Helvetica.
    canvas = Canvas(str(target), pagesize=(pages[0].size.width * mm, pages[0].size.height * mm),
                    invariant=1, pageCompression=1, initialFontName=registered("sans"), lang=lang)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setCreator("printkit")
    canvas.setAuthor("printkit")
    # Print dialogs should not shrink the kit to fit, and should flip on the edge the backs expect.
    canvas.setViewerPreference("PrintScaling", "/None")
    canvas.setViewerPreference("Duplex", {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge",
                                          "off": "/Simplex"}[duplex])
    for page in pages:
        canvas.setPageSize((page.size.width * mm, page.size.height * mm))
        canvas.setTrimBox(tuple(v * mm for v in page.trim_box))
        canvas.setBleedBox(tuple(v * mm for v in page.bleed_box))
        for placement in page.placements:
            canvas.saveState()
            dx, dy = placement.window[:2] if placement.window else (0.0, 0.0)  # a fragment shows part of a whole
            canvas.translate((placement.x - dx) * mm, (placement.y - dy) * mm)
            canvas.clipPath(_clip(canvas, placement), stroke=0, fill=0)
            draw_shapes(canvas, placement.drawing)
            canvas.restoreState()
        draw_shapes(canvas, page.marks)
        canvas.showPage()
    canvas.save()


def _clip(canvas: Canvas, placement: Placement):
    """Nothing a face draws may spill past its trim line plus bleed, or past its window when split."""
    path = canvas.beginPath()
    if placement.window is not None:
        x0, y0, x1, y1 = placement.window
        path.rect(x0 * mm, y0 * mm, (x1 - x0) * mm, (y1 - y0) * mm)
    elif placement.shape == "round":
        path.circle(placement.width / 2 * mm, placement.height / 2 * mm, (placement.width / 2 + placement.bleed) * mm)
    else:
        b = placement.bleed
        path.rect(-b * mm, -b * mm, (placement.width + 2 * b) * mm, (placement.height + 2 * b) * mm)
    return path
