"""The bundled fonts: registration with reportlab, text measurement and glyph coverage.

Takes: font names from `FONTS` and text.
Returns: widths in millimetres and the characters a font cannot draw. Registration happens once
per process, so measuring and drawing never re-read a font file.
"""

from __future__ import annotations

from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.base.memo import TEXT_WIDTHS, remembered
from printkit.base.package_data import folder
from printkit.base.units import MM_PER_POINT
from printkit.content.looks import BUILTIN_FONTS
from printkit.faces.reportlab_internals import glyph_map

FONT_DIR = folder("printkit.faces", "fonts")
FONTS = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-italic": "DejaVuSans-Oblique.ttf",
    "sans-bold-italic": "DejaVuSans-BoldOblique.ttf",
    "serif": "DejaVuSerif.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
    "serif-italic": "DejaVuSerif-Italic.ttf",
    "serif-bold-italic": "DejaVuSerif-BoldItalic.ttf",
}
assert tuple(FONTS) == BUILTIN_FONTS, "content.looks.BUILTIN_FONTS names the fonts shipped here"


@cache
def registered(name: str) -> str:
    """The reportlab font name for a printkit font, registering it on first use."""
    font_name = f"printkit-{name}"
    pdfmetrics.registerFont(TTFont(font_name, str(FONT_DIR / FONTS[name])))
    return font_name


@cache
def _coverage(name: str) -> dict[int, int]:
    """The font's code points (its character-to-glyph map)."""
    return glyph_map(registered(name))


def missing_glyphs(text: str, font: str) -> str:
    """The characters of text (beyond spaces and line breaks) that font has no glyph for."""
    covered = _coverage(font)
    return "".join(sorted({ch for ch in text if ord(ch) not in covered and ch not in "\n\r\t"}))


@remembered(TEXT_WIDTHS)
def text_width(text: str, font: str, size_pt: float) -> float:
    """Width of one line of text in millimetres (remembered: the same words are measured often)."""
    return pdfmetrics.stringWidth(text, registered(font), size_pt) * MM_PER_POINT
