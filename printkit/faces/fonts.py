"""Fonts: the bundled ones and a pack's own, registration with reportlab, text measurement and glyph coverage.

Takes: font names: the bundled `FONTS` (`sans`, `serif-bold` …), or names `pack_font` gives for a
pack's families (`fonts:` in pack.yaml), and text.
Returns: widths in millimetres, the characters a font cannot draw, a style's font of the same family,
and a font's name as the pack writes it. Registration happens once per font file and process, so
measuring and drawing never re-read a font file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import chain, count
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.base.errors import ValueProblem, did_you_mean
from printkit.base.memo import TEXT_WIDTHS, remembered
from printkit.base.package_data import folder
from printkit.base.units import MM_PER_POINT
from printkit.content.model import BUILT_IN_FONT_FAMILIES, FONT_STYLES
from printkit.faces.reportlab_internals import glyph_map

if TYPE_CHECKING:
    from printkit.content.load import Pack

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
assert set(FONTS) == {family + style for family in BUILT_IN_FONT_FAMILIES for style in FONT_STYLES.values()}, (
    "content.model's BUILT_IN_FONT_FAMILIES and FONT_STYLES name the fonts shipped here"
)


@dataclass(frozen=True)
class _PackFace:
    """One style of a pack's font family, under the name pack_font gave it."""

    path: Path  # the file it is set in (another style's when the family has none of its own)
    shown: str  # the name as the pack's looks write it: display-bold
    family: str  # the family's name for printkit (pack_font's name of its regular style)
    label: str  # names the file's font in the PDF: pack id and file name, never a path of this machine


_PACK_FACES: dict[str, _PackFace] = {}  # filled by pack_font, in the process that draws
_REPORTLAB_NAMES: dict[Path, str] = {}  # font file -> its name in reportlab


def pack_font(pack: Pack, name: str) -> str:
    """The font a look names (`display`, `display-bold-italic`, or a bundled one such as `sans-bold`)
    as the name every function taking a font accepts. Pack fonts are namespaced by the pack's folder:
    two packs may both call a family `display`. A style the pack's family has no file for is set in
    the nearest one it has (FontFamily.file: bold italic in bold, else italic; bold and italic in
    regular). Raises ValueProblem for a name that is neither a bundled font nor a pack's style."""
    if name in FONTS:
        return name
    for family_name, family in pack.meta.fonts.items():
        if name.removeprefix(family_name) in FONT_STYLES.values():
            family_id = f"{pack.root.resolve()}:{family_name}"
            for style, suffix in FONT_STYLES.items():  # all styles: markup may switch to any of them
                path = (pack.root / family.file(style)).resolve()
                label = f"{pack.id}-{re.sub('[^A-Za-z0-9-]', '-', path.stem)}"  # PDF names are ASCII
                _PACK_FACES[family_id + suffix] = _PackFace(path, family_name + suffix, family_id, label)
            return family_id + name.removeprefix(family_name)
    known = [*FONTS, *(family + suffix for family in pack.meta.fonts for suffix in FONT_STYLES.values())]
    raise ValueProblem(f"'{name}' is not a font of printkit or of this pack", did_you_mean(name, known))


def font_style(font: str) -> tuple[str, bool, bool]:
    """A font's family (`sans`, `serif`, or a pack family's name for printkit), and whether it is bold
    and italic."""
    face = _PACK_FACES.get(font)
    family = face.family if face else next(f for f in BUILT_IN_FONT_FAMILIES if font.startswith(f))
    suffix = font.removeprefix(family)
    return family, "bold" in suffix, "italic" in suffix


def styled(font: str, bold: bool, italic: bool) -> str:
    """The font of font's family with bold and italic switched where asked (markup's **bold** and
    *italic* switch the style of the text's font)."""
    family, was_bold, was_italic = font_style(font)
    style = "-".join(part for part, on in (("bold", was_bold != bold), ("italic", was_italic != italic)) if on)
    return family + FONT_STYLES[style or "regular"]


def shown(font: str) -> str:
    """A font's name as the pack writes it (a bundled font's name is its own)."""
    face = _PACK_FACES.get(font)
    return face.shown if face else font


@cache
def registered(name: str) -> str:
    """The reportlab font name for a printkit font, registering its file on first use: styles set in
    one file share it, so the PDF embeds the file once."""
    face = _PACK_FACES.get(name)
    path, label = (face.path, face.label) if face else (FONT_DIR / FONTS[name], name)
    if path not in _REPORTLAB_NAMES:
        taken = set(_REPORTLAB_NAMES.values())  # two packs of one id may have files of one name
        names = chain([f"printkit-{label}"], (f"printkit-{label}-{i}" for i in count(2)))
        font_name = next(n for n in names if n not in taken)
        pdfmetrics.registerFont(TTFont(font_name, str(path)))
        _REPORTLAB_NAMES[path] = font_name
    return _REPORTLAB_NAMES[path]


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
