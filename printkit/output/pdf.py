"""Draw laid-out pages into a PDF with reportlab; nothing here decides where anything goes.

Takes: `Page`s from `printkit.layout.imposition` and the file to write.
Returns: nothing; writes a vector PDF with the bundled fonts embedded and subset and each distinct
image embedded once. Output is byte-identical for the same pages (reportlab's invariant mode,
fixed metadata).

Shapes become PDF operators here rather than through reportlab's canvas methods: a deck repeats
most of its frames, labels and images, so each distinct shape is turned into operators once per
document and appended to the page as text. reportlab still writes the file, the fonts and images.
"""

from __future__ import annotations

import hashlib
import math
import zlib
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import BinaryIO

from reportlab import rl_config
from reportlab.lib.boxstuff import aspectRatioFix
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.base.shapes import Circle, Image, Line, Rect, Shape, Text
from printkit.base.shapes import Path as PathShape
from printkit.faces.fonts import registered, text_width
from printkit.layout.imposition import Page, Placement

# Page streams and images are stored compressed without an ASCII85 wrapper: a quarter smaller, and
# faster to write (printkit's PDFs are binary files anyway).
rl_config.useA85 = 0
KAPPA = 0.5523  # control point distance of a quarter circle drawn as a Bézier curve, per radius
MEMO_LIMIT = 2048  # distinct shapes remembered per document; a new page mostly repeats the last ones


@cache
def _fill(colour: str) -> str:
    return f"{fp_str(*HexColor(colour).rgb())} rg"


@cache
def _stroke(colour: str) -> str:
    return f"{fp_str(*HexColor(colour).rgb())} RG"


def _paint(fill: str | None, stroke: str | None, line_width: float) -> tuple[str, str]:
    """The colour operators before a path, and the operator that paints it."""
    setup = [_fill(fill)] if fill else []
    if stroke:
        setup += [_stroke(stroke), f"{fp_str(line_width * mm)} w"]
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


class Operators:
    """Turns shapes into content-stream operators on a canvas's current page."""

    def __init__(self, canvas: Canvas):
        self.canvas = canvas
        self.memo: dict[Shape, str] = {}
        self.sizes: dict[str, tuple[int, int]] = {}  # content hash (the image's XObject name) -> pixels
        self.hashes: dict[str, str] = {}  # image path -> content hash

    def draw_at(self, x: float, y: float, shapes: list[Shape], clip: str = "") -> None:
        """Shapes drawn with their origin at (x, y) points, inside the clip path when given."""
        code = self.canvas._code
        code.append(f"q 1 0 0 1 {fp_str(x, y)} cm" + (f" {clip} W n" if clip else ""))
        self.draw(shapes)
        code.append("Q")

    def draw(self, shapes: list[Shape]) -> None:
        code, memo = self.canvas._code, self.memo
        for shape in shapes:
            if type(shape) is Image:
                code.append(self._image(shape))
                continue
            ops = memo.get(shape)
            if ops is None:
                if len(memo) >= MEMO_LIMIT:
                    memo.clear()
                ops = memo[shape] = self._MAKERS[type(shape)](self, shape)
            code.append(ops)

    def _rect(self, r: Rect) -> str:
        setup, painter = _paint(r.fill, r.stroke, r.line_width)
        return f"{setup} {_rect_path(r.x * mm, r.y * mm, r.width * mm, r.height * mm, r.radius * mm)} {painter}"

    def _circle(self, c: Circle) -> str:
        setup, painter = _paint(c.fill, c.stroke, c.line_width)
        return f"{setup} {_circle_path(c.cx * mm, c.cy * mm, c.r * mm)} {painter}"

    def _line(self, line: Line) -> str:
        setup, _ = _paint(None, line.stroke, line.line_width)
        dash = f"[{fp_str(*(d * mm for d in line.dash))}] 0 d " if line.dash else ""
        ends = f"{fp_str(line.x1 * mm, line.y1 * mm)} m {fp_str(line.x2 * mm, line.y2 * mm)} l S"
        return f"{setup} {dash}{ends}" + (" [] 0 d" if line.dash else "")

    def _path(self, shape: PathShape) -> str:
        setup, painter = _paint(shape.fill, shape.stroke, shape.line_width)
        ops = [f"{fp_str(*(v * mm for v in op[1:]))} {op[0].lower()}" if len(op) > 1 else "h" for op in shape.ops]
        return f"{setup} {' '.join(ops)} {painter}"

    def _text(self, text: Text) -> str:
        font = pdfmetrics.getFont(registered(text.font))
        cos, sin = math.cos(math.radians(text.angle)), math.sin(math.radians(text.angle))
        x, y = text.x * mm, text.y * mm
        if text.align != "left":
            width = text_width(text.text, text.font, text.size) * mm
            shift = width / 2 if text.align == "center" else width
            x, y = x - shift * cos, y - shift * sin
        matrix = fp_str(cos, sin, -sin, cos, x, y) if text.angle else f"1 0 0 1 {fp_str(x, y)}"
        doc, size = self.canvas._doc, fp_str(text.size)
        runs = " ".join(
            f"{font.getSubsetInternalName(subset, doc)} {size} Tf ({escapePDF(chunk)}) Tj"
            for subset, chunk in font.splitString(text.text, doc)
        )
        return f"{_fill(text.color)} BT {matrix} Tm {runs} ET"

    def _image(self, image: Image) -> str:
        name, px_w, px_h = self._xobject(image.path)
        self.canvas._formsinuse.append(name)
        self.canvas._currentPageHasImages = 1
        x, y, w, h, _ = aspectRatioFix(
            True, "c", image.x * mm, image.y * mm, image.width * mm, image.height * mm, px_w, px_h
        )
        return f"q {fp_str(w, 0, 0, h, x, y)} cm /{self.canvas._doc.getXObjectName(name)} Do Q"

    def _xobject(self, path: str) -> tuple[str, int, int]:
        """The image at path embedded once per distinct content, however many names it goes by."""
        digest = self.hashes.get(path)
        if digest is None:
            digest = self.hashes[path] = hashlib.sha1(Path(path).read_bytes()).hexdigest()
        if digest not in self.sizes:
            doc = self.canvas._doc
            xobject = pdfdoc.PDFImageXObject(digest, path, mask="auto")
            doc.Reference(xobject, doc.getXObjectName(digest))
            doc.addForm(digest, xobject)
            smask = getattr(xobject, "_smask", None)
            if smask is not None:  # the image's alpha channel, as a soft mask of its own
                xobject.smask = doc.Reference(smask, doc.getXObjectName(smask.name))
                del xobject._smask
            self.sizes[digest] = (xobject.width, xobject.height)
        return (digest, *self.sizes[digest])

    _MAKERS: dict[type, Callable[..., str]] = {Rect: _rect, Circle: _circle, Line: _line, PathShape: _path, Text: _text}


def new_canvas(target, *, lang: str | None = None) -> Canvas:
    """A reproducible canvas whose initial font is an embedded one (else an unembedded Helvetica)."""
    return Canvas(target, invariant=1, pageCompression=1, initialFontName=registered("sans"), lang=lang)


def render_pdf(pages: Iterable[Page], target: Path, *, title: str, subject: str, lang: str, duplex: str) -> None:
    canvas = new_canvas(str(target), lang=lang)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setCreator("printkit")
    canvas.setAuthor("printkit")
    # Print dialogs should not shrink the kit to fit, and should flip on the edge the backs expect.
    canvas.setViewerPreference("PrintScaling", "/None")
    canvas.setViewerPreference(
        "Duplex", {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", "off": "/Simplex"}[duplex]
    )
    operators = Operators(canvas)
    for page in pages:
        canvas.setPageSize((page.size.width * mm, page.size.height * mm))
        trim_box, bleed_box = page.boxes()
        canvas.setTrimBox(tuple(v * mm for v in trim_box))
        canvas.setBleedBox(tuple(v * mm for v in bleed_box))
        for placement in page.placements:
            dx, dy = placement.window[:2] if placement.window else (0.0, 0.0)  # a fragment shows part of a whole
            operators.draw_at((placement.x - dx) * mm, (placement.y - dy) * mm, placement.drawing, _clip(placement))
        operators.draw(page.marks)
        canvas.showPage()
        _compress_last_page(canvas)
    _save(canvas, target)


class _WrittenAsFormatted(pdfdoc.PDFFile):
    """reportlab's collector of the formatted document, writing each object to the file as it is
    formatted, where reportlab's own keeps them all and joins them at the end: the whole document
    twice over in memory, the peak of a big deck's build."""

    def __init__(self, out: BinaryIO, version):
        super().__init__(version)
        out.write(b"".join(self.strings))  # the header it starts with
        self.strings: list[bytes] = []
        self.write = out.write

    def format(self, document) -> bytes:
        return b""


def _save(canvas: Canvas, target: Path) -> None:
    """What canvas.save() does, with the document written as it is formatted. reportlab makes its
    collector from its module's PDFFile and takes no other, so that name points to ours meanwhile
    (builds run in one thread)."""
    with open(target, "wb") as out:
        collector, pdfdoc.PDFFile = pdfdoc.PDFFile, lambda version: _WrittenAsFormatted(out, version)
        try:
            canvas._doc.GetPDFData(canvas)
        finally:
            pdfdoc.PDFFile = collector


def _compress_last_page(canvas: Canvas) -> None:
    """Compress a finished page's content now, as reportlab would when saving: it keeps every
    page's text until then, and a thousand-page deck's text is several times its compressed size."""
    page = canvas._doc.Pages.pages[-1]
    if page.compression and page.stream:
        flate = pdfdoc.PDFDictionary({"Filter": pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])})
        page.Contents = pdfdoc.PDFStream(flate, zlib.compress(page.stream.encode("utf-8")))
        page.stream = None


def _clip(placement: Placement) -> str:
    """Nothing a face draws may spill past its trim line plus bleed, or past its window when split."""
    if placement.window is not None:
        x0, y0, x1, y1 = placement.window
        return _rect_path(x0 * mm, y0 * mm, (x1 - x0) * mm, (y1 - y0) * mm, 0)
    b = placement.bleed
    if placement.shape == "round":
        return _circle_path(placement.width / 2 * mm, placement.height / 2 * mm, (placement.width / 2 + b) * mm)
    return _rect_path(-b * mm, -b * mm, (placement.width + 2 * b) * mm, (placement.height + 2 * b) * mm, 0)
