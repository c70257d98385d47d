"""The parts of reportlab printkit relies on that reportlab does not document as its API.

Takes: reportlab canvases, fonts and pages. Gives: what faces.fonts and output.pdf need of
reportlab's insides, each behind a function saying what it does, so that an upgrade of reportlab
is checked here and nowhere else. Written against reportlab 4.2 to 5.1 (tested with 5.1.0); it
lives in faces/ because fonts, the lowest stage that needs it, reads a font's glyph map.

- `fp_str`, `escapePDF` (reportlab.lib.rl_accel): numbers and strings formatted exactly as
  reportlab formats them in content streams. output.pdf writes the operators of each distinct
  shape itself, once per document, instead of through the canvas's methods (~25 µs a shape); with
  reportlab's own formatting the PDF stays byte for byte what the canvas would write.
- `canvas._code`: the current page's content stream, which those operators are appended to.
- `canvas._doc` (getXObjectName, Reference, addForm), `canvas._formsinuse`,
  `canvas._currentPageHasImages`, `PDFImageXObject._smask`: an image embedded once per distinct
  content however many files name it, and drawn with `Do` (the canvas's drawImage embeds by name);
  `PDFImageXObject.streamContent`, `colorSpace`, `_filters`, `_dotrans`: its pixels replaced by CMYK ones.
- `TTFont.face.charToGlyph`, `TTFont.splitString` and `getSubsetInternalName` with the document:
  which characters a font can draw, and text split into the font subsets it is embedded as.
- `TTFont.face.glyphToChar` and `charWidths`: a shaped glyph drawn through the subsets, by a
  character mapped to it (a private-use one for a glyph no character maps to, as reportlab's own
  shaping does in `TTFont.hbFont`).
- `page.stream`, `page.Contents`: a finished page's content compressed at once (reportlab keeps
  every page's text until it saves; a thousand-page deck's text is several times its compressed size).
- `ttfonts.SUBSETN`, swapped while the fonts are embedded, and `doc.delayedFonts`, `TTFont.state`,
  `face._ttf_data`: reportlab tags every subset by its number (`AAAAAA+` in every file, which breaks
  tools that merge files); printkit embeds the fonts itself before saving, each subset tagged from
  what it holds.
- `pdfdoc.PDFFile`, swapped while saving: the document written object by object as it is
  formatted, instead of joined in memory at the end (the whole document twice over: the peak of a
  big deck's build). reportlab makes its collector from this module-level name and takes no other.
- `renderPDF._PDFRenderer`, its `setFillColor` and `setStrokeColor`: a pack's SVG file, as svglib
  read it into a Drawing, drawn through the canvas with each colour written by printkit's ink (PDF/X
  writes CMYK), not as reportlab writes RGB.
- `pdfmetrics._dynFaceNames`: the PostScript names of the TrueType fonts registered so far.
  registerFont hands out the font registered first for a second one of the same PostScript name
  (a pack's subset of DejaVu Sans drew as printkit's own, with the other file's glyph numbers).
"""

from __future__ import annotations

import copy
import hashlib
import io
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts
from reportlab.pdfgen.canvas import Canvas

from printkit.base.confine import pack_file_bytes
from printkit.base.memo import READ_IMAGES, remembered
from printkit.base.subset_tags import subset_tag

__all__ = [
    "compress_last_page",
    "draw_vectors",
    "embed_fonts",
    "embed_image",
    "escapePDF",
    "fp_str",
    "glyph_code",
    "glyph_map",
    "page_code",
    "register_font",
    "save_as_formatted",
    "show_image",
    "subset_runs",
]


def register_font(font_name: str, file: str | BinaryIO) -> None:
    """Registers the TrueType font in file as font_name. A font whose PostScript name a different
    registered font has (a subset of it) is embedded under font_name, so that each is its own font;
    the same font registered again keeps its name, so a PDF's font names do not depend on what the
    process drew before."""
    font = ttfonts.TTFont(font_name, file)
    earlier = pdfmetrics._dynFaceNames.get(font.face.name)
    if earlier is not None and earlier.face._ttf_data != font.face._ttf_data:  # the font file's bytes
        font.face.name = font_name.encode()
    pdfmetrics.registerFont(font)


def glyph_map(font_name: str) -> dict[int, int]:
    """The code points of a registered TrueType font (its character-to-glyph map)."""
    return pdfmetrics.getFont(font_name).face.charToGlyph


def glyph_code(font, gid: int, advance: float) -> tuple[str, float]:
    """A character that draws glyph gid of a registered TrueType font, and its width in the PDF
    (thousandths of the font size): the first character the font maps to the glyph, else a
    private-use one mapped to it now with the glyph's shaped advance as its width."""
    face = font.face
    chars = face.glyphToChar.get(gid)
    if not chars:
        code = next(c for c in range(0xE000, 0xF900) if c not in face.charToGlyph)
        face.charToGlyph[code] = gid
        face.charWidths[code] = advance
        chars = face.glyphToChar[gid] = [code]
    return chr(chars[0]), face.getCharWidth(chars[0])


def page_code(canvas: Canvas) -> list[str]:
    """The content stream of the canvas's current page, as the list of operator texts it is."""
    return canvas._code


def subset_runs(font, text: str, canvas: Canvas) -> Iterator[tuple[str, str]]:
    """(PDF font name, text) for each run of text that one embedded subset of font draws."""
    doc = canvas._doc
    for subset, chunk in font.splitString(text, doc):
        yield font.getSubsetInternalName(subset, doc), chunk


def embed_image(
    canvas: Canvas, name: str, path: str, cmyk_pixels: Callable[[str], bytes | None] | None = None
) -> tuple[int, int]:
    """The art file at path (read by confine.pack_file: its bytes, never the path opened again)
    embedded in the document as name (with its alpha channel as a soft mask); returns its
    size in pixels. A colour image is embedded as CMYK where cmyk_pixels gives its pixels so (a grey
    one stays grey: it prints on black alone)."""
    doc = canvas._doc
    # copies: a document marks the objects it holds as registered with it
    xobject = copy.copy(_read_image(name, path))
    xobject.name = name
    if getattr(xobject, "_smask", None) is not None:
        xobject._smask = copy.copy(xobject._smask)
    pixels = None if cmyk_pixels is None or xobject.colorSpace == "DeviceGray" else cmyk_pixels(path)
    if pixels is not None:
        xobject.streamContent, xobject.colorSpace = zlib.compress(pixels), "DeviceCMYK"
        xobject._filters, xobject._dotrans = ("FlateDecode",), 0
    doc.Reference(xobject, doc.getXObjectName(name))
    doc.addForm(name, xobject)
    smask = getattr(xobject, "_smask", None)
    if smask is not None:  # the image's alpha channel, as a soft mask of its own
        xobject.smask = doc.Reference(smask, doc.getXObjectName(smask.name))
        del xobject._smask
    return xobject.width, xobject.height


@remembered(READ_IMAGES)
def _read_image(digest: str, path: str) -> pdfdoc.PDFImageXObject:
    """The art file at path, whose content has this digest (see embed_image's name), decoded and
    compressed as reportlab embeds it, once per content: the same art goes into every document a
    build or the preview makes. What PDFImageXObject does with a file name, done with the bytes
    confine.pack_file read."""
    xobject = pdfdoc.PDFImageXObject("", None, mask="auto")
    data = io.BytesIO(pack_file_bytes(Path(path)))
    if not (Path(path).suffix.lower() in (".jpg", ".jpeg") and xobject.loadImageFromJPEG(data)):
        (xobject.loadImageFromA85 if rl_config.useA85 else xobject.loadImageFromRaw)(data)
    return xobject


def draw_vectors(canvas: Canvas, drawing, fill: Callable[[str], str], stroke: Callable[[str], str]) -> None:
    """A reportlab Drawing drawn onto the canvas's current page with its origin at the page's (the
    current transformation's), each fill and stroke colour ('#rrggbb') written as fill and stroke say."""
    from reportlab.graphics.renderbase import renderScaledDrawing
    from reportlab.graphics.renderPDF import _PDFRenderer

    class Inked(_PDFRenderer):
        def setFillColor(self, c) -> None:
            _painted(canvas, fill(_hex(c)), canvas.setFillAlpha, c)

        def setStrokeColor(self, c) -> None:
            _painted(canvas, stroke(_hex(c)), canvas.setStrokeAlpha, c)

    Inked().draw(renderScaledDrawing(drawing), canvas, 0, 0, showBoundary=False)


def _hex(colour) -> str:
    return "#" + colour.hexval()[2:]


def _painted(canvas: Canvas, operator: str, set_alpha: Callable[[float], None], colour) -> None:
    """A colour's operator on the page, and its alpha when it is see-through (as reportlab's setter does)."""
    canvas._code.append(operator)
    if getattr(colour, "alpha", 1) != 1:
        set_alpha(colour.alpha)


def show_image(canvas: Canvas, name: str) -> str:
    """The resource name to draw an embedded image with on the current page, which now uses it."""
    canvas._formsinuse.append(name)
    canvas._currentPageHasImages = 1
    return canvas._doc.getXObjectName(name)


def compress_last_page(canvas: Canvas) -> None:
    """Compress the last finished page's content now, as reportlab would when saving."""
    page = canvas._doc.Pages.pages[-1]
    if page.compression and page.stream:
        flate = pdfdoc.PDFDictionary({"Filter": pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])})
        page.Contents = pdfdoc.PDFStream(flate, zlib.compress(page.stream.encode("utf-8")))
        page.stream = None


class _WrittenAsFormatted(pdfdoc.PDFFile):
    """reportlab's collector of the formatted document, writing each object to the file as it is
    formatted, where reportlab's own keeps them all and joins them at the end."""

    strings: list[bytes]  # reportlab's: what it has formatted and not yet written

    def __init__(self, out: BinaryIO, version):
        super().__init__(version)
        out.write(b"".join(self.strings))  # the header it starts with
        self.strings, self.write = [], out.write

    def format(self, document) -> bytes:
        return b""


def save_as_formatted(canvas: Canvas, target: Path) -> None:
    """What canvas.save() does, with the document written to target as it is formatted; the
    collector's name points to ours meanwhile (builds run in one thread)."""
    with open(target, "wb") as out:
        collector, pdfdoc.PDFFile = pdfdoc.PDFFile, lambda version: _WrittenAsFormatted(out, version)
        try:
            canvas._doc.GetPDFData(canvas)
        finally:
            pdfdoc.PDFFile = collector


def embed_fonts(canvas: Canvas) -> None:
    """What saving does first, each font's subsets embedded in the document, but with each subset's
    tag derived from what it holds; reportlab then has no font left to embed. Called once the
    last page is drawn."""
    doc = canvas._doc
    numbered = ttfonts.SUBSETN
    taken: set[bytes] = set()
    try:
        for font in doc.delayedFonts:
            file = hashlib.sha256(font.face._ttf_data)
            tags = [_subset_tag(file.copy(), font.face, subset, taken) for subset in font.state[doc].subsets]
            ttfonts.SUBSETN = tags.__getitem__  # reportlab's tag of subset n
            font.addObjects(doc)
    finally:
        ttfonts.SUBSETN = numbered
    doc.delayedFonts = []


def _subset_tag(digest, face, subset: list[int], taken: set[bytes]) -> bytes:
    """A subset's tag: digest (the font file's hash) goes on with each code's character, glyph and width."""
    for char in subset:
        digest.update(f"{char}:{face.charToGlyph.get(char, 0)}:{face.getCharWidth(char)};".encode())
    return subset_tag(digest, taken)
