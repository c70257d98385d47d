"""Draw laid-out pages into a PDF with reportlab; nothing here decides where anything goes.

Takes: `Page`s from `printkit.layout.imposition` and the file to write.
Returns: nothing; writes a vector PDF with its fonts (bundled or the pack's) embedded and subset and each distinct
image embedded once. Output is byte-identical for the same pages (reportlab's invariant mode,
fixed metadata).

Shapes become PDF operators here rather than through reportlab's canvas methods: a deck repeats
most of its frames, labels and images, so each distinct shape is turned into operators once per
document and appended to the page as text. reportlab still writes the file, the fonts and images.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.boxstuff import aspectRatioFix
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.base.confine import pack_file_bytes
from printkit.base.memo import SHAPE_OPERATORS
from printkit.base.shapes import Area, Circle, Image, Line, Rect, Shape, Text, Vector
from printkit.base.shapes import Path as PathShape
from printkit.base.units import Size
from printkit.faces.fonts import registered, shaped, text_width
from printkit.faces.reportlab_internals import (
    compress_last_page,
    draw_vectors,
    embed_fonts,
    embed_image,
    escapePDF,
    fp_str,
    glyph_code,
    page_code,
    save_as_formatted,
    show_image,
    subset_runs,
)
from printkit.faces.scripts import needs_shaping
from printkit.layout.sheets import Page, Placement

# Page streams and images are stored compressed without an ASCII85 wrapper: a quarter smaller, and
# faster to write (printkit's PDFs are binary files anyway).
rl_config.useA85 = 0
KAPPA = 0.5523  # control point distance of a quarter circle drawn as a Bézier curve, per radius
# The header's version: that of the newest feature the PDFs use, the /Duplex viewer preference (PDF
# 1.7) every components PDF sets. The others are older: /PrintScaling 1.6, /ActualText (shaped text)
# 1.5, /Lang and soft masks (images' alpha) 1.4, TrimBox and BleedBox 1.3. reportlab writes no
# object streams, transparency groups or OpenType fonts, and would declare 1.3.
PDF_VERSION = (1, 7)


@cache
def _fill(colour: str) -> str:
    return f"{fp_str(*HexColor(colour).rgb())} rg"


@cache
def _stroke(colour: str) -> str:
    return f"{fp_str(*HexColor(colour).rgb())} RG"


class Ink:
    """How the colours faces and layout choose (sRGB, as hex) are written: as RGB, for screens and
    home printers. printkit.output.pdfx writes them as CMYK for print shops."""

    def fill(self, colour: str) -> str:
        return _fill(colour)

    def stroke(self, colour: str) -> str:
        return _stroke(colour)

    def image_pixels(self, path: str) -> bytes | None:
        """An art image's pixels in the colour space it is embedded in, when not as reportlab reads it."""
        return None


def _paint(ink: Ink, fill: str | None, stroke: str | None, line_width: float) -> tuple[str, str]:
    """The colour operators before a path, and the operator that paints it."""
    setup = [ink.fill(fill)] if fill else []
    if stroke:
        setup += [ink.stroke(stroke), f"{fp_str(line_width * mm)} w"]
    painter = "B" if fill and stroke else "f" if fill else "S" if stroke else "n"
    return " ".join(setup), painter


def _rect_path(x: float, y: float, w: float, h: float, r: float) -> str:
    """A rectangle in points, its corners rounded by r when r > 0."""
    if r <= 0:
        return f"{fp_str(x, y, w, h)} re"
    r = min(r, w / 2, h / 2)
    k = r * (1 - KAPPA)
    x1, y1 = x + w, y + h
    return " ".join(
        (
            f"{fp_str(x + r, y)} m",
            f"{fp_str(x1 - r, y)} l",
            f"{fp_str(x1 - k, y, x1, y + k, x1, y + r)} c",
            f"{fp_str(x1, y1 - r)} l",
            f"{fp_str(x1, y1 - k, x1 - k, y1, x1 - r, y1)} c",
            f"{fp_str(x + r, y1)} l",
            f"{fp_str(x + k, y1, x, y1 - k, x, y1 - r)} c",
            f"{fp_str(x, y + r)} l",
            f"{fp_str(x, y + k, x + k, y, x + r, y)} c h",
        )
    )


def _circle_path(cx: float, cy: float, r: float) -> str:
    k = r * KAPPA
    return " ".join(
        (
            f"{fp_str(cx + r, cy)} m",
            f"{fp_str(cx + r, cy + k, cx + k, cy + r, cx, cy + r)} c",
            f"{fp_str(cx - k, cy + r, cx - r, cy + k, cx - r, cy)} c",
            f"{fp_str(cx - r, cy - k, cx - k, cy - r, cx, cy - r)} c",
            f"{fp_str(cx + k, cy - r, cx + r, cy - k, cx + r, cy)} c h",
        )
    )


def _geometry(shape: Area) -> str:
    """The path operators of a shape, without painting it (a clip path, or what a painter follows)."""
    if isinstance(shape, Rect):
        return _rect_path(shape.x * mm, shape.y * mm, shape.width * mm, shape.height * mm, shape.radius * mm)
    if isinstance(shape, Circle):
        return _circle_path(shape.cx * mm, shape.cy * mm, shape.r * mm)
    return " ".join(f"{fp_str(*(v * mm for v in op[1:]))} {op[0].lower()}" if len(op) > 1 else "h" for op in shape.ops)


class Operators:
    """Turns shapes into content-stream operators on a canvas's current page."""

    def __init__(self, canvas: Canvas, ink: Ink | None = None):
        self.canvas, self.ink = canvas, ink or Ink()
        self.memo: dict[Shape, str] = {}
        self.sizes: dict[str, tuple[int, int]] = {}  # content hash (the image's XObject name) -> pixels
        self.hashes: dict[str, str] = {}  # image path -> content hash

    def draw_at(self, x: float, y: float, shapes: list[Shape], clip: str = "", turn: str = "") -> None:
        """Shapes drawn with their origin at (x, y) points, inside the clip path when given, then
        moved by the transformation turn when given."""
        code = page_code(self.canvas)
        code.append(f"q 1 0 0 1 {fp_str(x, y)} cm" + (f" {clip} W n" if clip else "") + (f" {turn} cm" if turn else ""))
        self.draw(shapes)
        code.append("Q")

    def draw(self, shapes: list[Shape]) -> None:
        code, memo = page_code(self.canvas), self.memo
        for shape in shapes:
            if type(shape) is Image:
                code.append(self._image(shape))
                continue
            if type(shape) is Vector:  # drawn by svglib's shapes through the canvas, each time
                self._vector(shape)
                continue
            ops = memo.get(shape)
            if ops is None:
                if len(memo) >= SHAPE_OPERATORS:
                    memo.clear()
                ops = memo[shape] = self._MAKERS[type(shape)](self, shape)
            code.append(ops)

    def _rect(self, r: Rect) -> str:
        setup, painter = _paint(self.ink, r.fill, r.stroke, r.line_width)
        return f"{setup} {_geometry(r)} {painter}"

    def _circle(self, c: Circle) -> str:
        setup, painter = _paint(self.ink, c.fill, c.stroke, c.line_width)
        return f"{setup} {_geometry(c)} {painter}"

    def _line(self, line: Line) -> str:
        setup, _ = _paint(self.ink, None, line.stroke, line.line_width)
        dash = f"[{fp_str(*(d * mm for d in line.dash))}] 0 d " if line.dash else ""
        ends = f"{fp_str(line.x1 * mm, line.y1 * mm)} m {fp_str(line.x2 * mm, line.y2 * mm)} l S"
        return f"{setup} {dash}{ends}" + (" [] 0 d" if line.dash else "")

    def _path(self, shape: PathShape) -> str:
        if not shape.ops:  # an outline shrunk to nothing: a frame wider than every part of a concave piece
            return ""
        setup, painter = _paint(self.ink, shape.fill, shape.stroke, shape.line_width)
        return f"{setup} {_geometry(shape)} {painter}"

    def _text(self, text: Text) -> str:
        font = pdfmetrics.getFont(registered(text.font))
        cos, sin = math.cos(math.radians(text.angle)), math.sin(math.radians(text.angle))
        x, y = text.x * mm, text.y * mm
        if text.align != "left":
            width = text_width(text.text, text.font, text.size) * mm
            shift = width / 2 if text.align == "center" else width
            x, y = x - shift * cos, y - shift * sin
        matrix = fp_str(cos, sin, -sin, cos, x, y) if text.angle else f"1 0 0 1 {fp_str(x, y)}"
        size = fp_str(text.size)
        if text.direction == "rtl" or needs_shaping(text.text):
            return self._shaped_text(text, font, matrix)
        runs = " ".join(
            f"{subset} {size} Tf ({escapePDF(chunk)}) Tj" for subset, chunk in subset_runs(font, text.text, self.canvas)
        )
        return f"{self.ink.fill(text.color)} BT {matrix} Tm {runs} ET"

    def _shaped_text(self, text: Text, font, matrix: str) -> str:
        """Text as HarfBuzz shaped it: each glyph shown by a character of the embedded subset that
        draws it, moved by TJ where its advance is not the font's width, raised by Ts where it sits
        above or below the line (a mark). The glyphs of joined letters have no character of their
        own, so the text is marked with its real characters (/ActualText) for search and copying."""
        ops: list[str] = []
        shown: list[str] = []  # the current TJ array
        current_subset, rise = "", 0.0
        for glyph in shaped(text.text, text.font, text.direction == "rtl"):
            char, width = glyph_code(font, glyph.gid, glyph.advance)
            ((subset, chunk),) = subset_runs(font, char, self.canvas)
            if subset != current_subset or glyph.y_offset != rise:
                if shown:
                    ops.append(f"[{' '.join(shown)}] TJ")
                    shown = []
                if subset != current_subset:
                    ops.append(f"{subset} {fp_str(text.size)} Tf")
                if glyph.y_offset != rise:
                    ops.append(f"{fp_str(glyph.y_offset * text.size / 1000)} Ts")
                current_subset, rise = subset, glyph.y_offset
            if glyph.x_offset:
                shown.append(fp_str(-glyph.x_offset))
            shown.append(f"({escapePDF(chunk)})")
            if width - glyph.advance + glyph.x_offset:
                shown.append(fp_str(width - glyph.advance + glyph.x_offset))
        if shown:
            ops.append(f"[{' '.join(shown)}] TJ")
        if rise:
            ops.append("0 Ts")
        actual = text.text.encode("utf-16-be").hex().upper()
        return f"{self.ink.fill(text.color)} /Span <</ActualText <FEFF{actual}>>> BDC BT {matrix} Tm {' '.join(ops)} ET EMC"

    def _image(self, image: Image) -> str:
        name, px_w, px_h = self._xobject(image.path)
        resource = show_image(self.canvas, name)
        x, y, w, h, _ = aspectRatioFix(
            True, "c", image.x * mm, image.y * mm, image.width * mm, image.height * mm, px_w, px_h
        )
        return f"q {fp_str(w, 0, 0, h, x, y)} cm /{resource} Do Q"

    def _vector(self, vector: Vector) -> None:
        """An SVG file drawn as vectors, fitted into its box and turned about its centre."""
        from printkit.content.svg_drawing import svg_drawing  # only packs with SVG files pay for svglib and lxml

        drawing = svg_drawing(pack_file_bytes(Path(vector.path)), vector.colour)
        scale = min(vector.width * mm / drawing.width, vector.height * mm / drawing.height)
        cos, sin = math.cos(math.radians(vector.angle)) * scale, math.sin(math.radians(vector.angle)) * scale
        cx, cy = (vector.x + vector.width / 2) * mm, (vector.y + vector.height / 2) * mm
        half_w, half_h = drawing.width / 2, drawing.height / 2
        matrix = fp_str(cos, sin, -sin, cos, cx - cos * half_w + sin * half_h, cy - sin * half_w - cos * half_h)
        code = page_code(self.canvas)
        code.append(f"q {matrix} cm")
        draw_vectors(self.canvas, drawing, self.ink.fill, self.ink.stroke)
        code.append("Q")

    def _xobject(self, path: str) -> tuple[str, int, int]:
        """The image at path embedded once per distinct content, however many names it goes by."""
        digest = self.hashes.get(path)
        if digest is None:
            digest = self.hashes[path] = hashlib.sha1(pack_file_bytes(Path(path))).hexdigest()
        if digest not in self.sizes:
            self.sizes[digest] = embed_image(self.canvas, digest, path, self.ink.image_pixels)
        return (digest, *self.sizes[digest])

    _MAKERS: dict[type, Callable[..., str]] = {Rect: _rect, Circle: _circle, Line: _line, PathShape: _path, Text: _text}


def new_canvas(target, *, lang: str | None = None) -> Canvas:
    """A reproducible canvas whose initial font is an embedded one (else an unembedded Helvetica)."""
    return Canvas(
        target,
        invariant=1,
        pageCompression=1,
        initialFontName=registered("sans"),
        lang=lang,
        pdfVersion=PDF_VERSION,
    )


def render_pdf(
    pages: Iterable[Page],
    target: Path,
    *,
    title: str,
    subject: str,
    lang: str,
    duplex: str | None,
    ink: Ink | None = None,
) -> None:
    """The pages drawn into target; duplex is the flip the print dialog offers (None: no such
    preference, a PDF 1.7 key, for files declared older)."""
    canvas = new_canvas(str(target), lang=lang)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setCreator("printkit")
    canvas.setAuthor("printkit")
    # Print dialogs should not shrink the kit to fit, and should flip on the edge the backs expect.
    canvas.setViewerPreference("PrintScaling", "/None")
    if duplex is not None:
        canvas.setViewerPreference(
            "Duplex", {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", "off": "/Simplex"}[duplex]
        )
    operators = Operators(canvas, ink)
    for page in pages:
        draw_page(operators, page)
        compress_last_page(canvas)
    embed_fonts(canvas)
    save_as_formatted(canvas, target)


def draw_page(operators: Operators, page: Page) -> None:
    """A laid-out page drawn as the next page of the operators' canvas, with its boxes."""
    canvas = operators.canvas
    canvas.setPageSize((page.size.width * mm, page.size.height * mm))
    trim_box, bleed_box = page.boxes()
    canvas.setTrimBox(tuple(v * mm for v in trim_box))
    canvas.setBleedBox(tuple(v * mm for v in bleed_box))
    for placement in page.placements:
        dx, dy = placement.window[:2] if placement.window else (0.0, 0.0)  # a fragment shows part of a whole
        turn = f"-1 0 0 -1 {fp_str(placement.width * mm, placement.height * mm)}" if placement.turned else ""
        if placement.stretch is not None:  # drawn at the component's size, printed at a shop product's
            sx, sy = placement.stretch
            turn = f"{fp_str(sx)} 0 0 {fp_str(sy)} 0 0"
        operators.draw_at((placement.x - dx) * mm, (placement.y - dy) * mm, placement.drawing, _clip(placement), turn)
    operators.draw(page.marks)
    canvas.showPage()


def _clip(placement: Placement) -> str:
    """Nothing a face draws may spill past its trim line plus bleed; a fragment of a split component
    (a long ruler, a big board) is cut along its window, so its bleed is the art around the window."""
    if placement.window is not None:
        x0, y0, x1, y1 = placement.window
        b = placement.bleed
        return _rect_path((x0 - b) * mm, (y0 - b) * mm, (x1 - x0 + 2 * b) * mm, (y1 - y0 + 2 * b) * mm, 0)
    return _geometry(placement.outline.shape(Size(placement.width, placement.height), placement.bleed))
