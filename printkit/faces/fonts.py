"""Fonts: the bundled ones and a pack's own, registration with reportlab, text measurement and glyph coverage.

Takes: font names: the bundled `FONTS` (`sans`, `serif-bold` …), or names `pack_font` gives for a
pack's families (`fonts:` in pack.yaml), and text.
Returns: widths in millimetres, the characters a font cannot draw, a style's font of the same family,
a font's name as the pack writes it, and text shaped by HarfBuzz (its glyphs, placed, in the order
they are drawn, or their outlines as SVG path data). Registration happens once per font file and process, so measuring and drawing never
re-read a font file. Text that needs no shaping (faces.scripts) is measured from per-character
widths, as reportlab draws it; text that does, from its shaped glyphs' advances.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from functools import cache
from itertools import chain, count
from pathlib import Path
from typing import TYPE_CHECKING

import uharfbuzz
from reportlab.pdfbase import pdfmetrics

from printkit.base.confine import Refused, pack_file
from printkit.base.errors import Fault, ValueProblem, did_you_mean, display_path
from printkit.base.memo import TEXT_WIDTHS, remembered
from printkit.base.package_data import folder
from printkit.base.units import MM_PER_POINT
from printkit.content.pack_files import MAX_FILE_BYTES
from printkit.content.pack_meta import BUILT_IN_FONT_FAMILIES, FONT_STYLES
from printkit.faces.reportlab_internals import glyph_map, register_font
from printkit.faces.scripts import needs_shaping, right_to_left

if TYPE_CHECKING:
    from printkit.content.pack import Pack

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
    "content.pack_meta's BUILT_IN_FONT_FAMILIES and FONT_STYLES name the fonts shipped here"
)


@dataclass(frozen=True)
class _PackFace:
    """One style of a pack's font family, under the name pack_font gave it."""

    path: Path  # the file it is set in (another style's when the family has none of its own)
    root: Path  # the pack's folder, which the file must lie in
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
    for family_name in pack.meta.fonts:
        if name.removeprefix(family_name) in FONT_STYLES.values():
            return _declared(pack, family_name) + name.removeprefix(family_name)
    known = [*FONTS, *(family + suffix for family in pack.meta.fonts for suffix in FONT_STYLES.values())]
    raise ValueProblem(f"'{name}' is not a font of printkit or of this pack", did_you_mean(name, known))


def _declared(pack: Pack, family_name: str) -> str:
    """The id of one of the pack's font families, its styles made known to this process's drawing."""
    family = pack.meta.fonts[family_name]
    family_id = f"{pack.root.resolve()}:{family_name}"
    for style, suffix in FONT_STYLES.items():  # all styles: markup may switch to any of them
        path = Path(os.path.abspath(pack.root / family.file(style)))  # its links are pack_file's to refuse
        label = f"{pack.id}-{re.sub('[^A-Za-z0-9-]', '-', path.stem)}"  # PDF names are ASCII
        _PACK_FACES[family_id + suffix] = _PackFace(path, pack.root.resolve(), family_name + suffix, family_id, label)
    return family_id


def declare_pack_fonts(pack: Pack) -> None:
    """Every font family of the pack made known to this process's drawing: a process started
    without fork (Windows, macOS) draws pages laid out elsewhere, whose text names the pack's fonts."""
    for family_name in pack.meta.fonts:
        _declared(pack, family_name)


def locale_font(pack: Pack, locale: str) -> str | None:
    """The font a locale's letters are set in where the pack names one (`locale_fonts:`)."""
    family = pack.meta.locale_fonts.get(locale)
    return pack_font(pack, family) if family else None


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


def _file(name: str) -> tuple[Path, str]:
    """A printkit font's file and the label naming it in the PDF."""
    face = _PACK_FACES.get(name)
    return (face.path, face.label) if face else (FONT_DIR / FONTS[name], name)


@cache
def registered(name: str) -> str:
    """The reportlab font name for a printkit font, registering its file on first use: styles set in
    one file share it, so the PDF embeds the file once."""
    path, label = _file(name)
    if path not in _REPORTLAB_NAMES:
        taken = set(_REPORTLAB_NAMES.values())  # two packs of one id may have files of one name
        names = chain([f"printkit-{label}"], (f"printkit-{label}-{i}" for i in count(2)))
        font_name = next(n for n in names if n not in taken)
        face = _PACK_FACES.get(name)
        if face is None:  # printkit's own
            register_font(font_name, str(path))
        else:  # a pack's, read confined (never its path opened again: it may be a link by now)
            try:
                read = io.BytesIO(pack_file(face.root, path, MAX_FILE_BYTES)[1])
            except Refused as refused:  # it was checked when the pack was read: changed since
                raise Fault(
                    f"font file {display_path(path)} {refused.message} (it changed while printkit drew the pack; "
                    "check it, then build again)"
                ) from None
            read.name = str(path)  # as reportlab names a file it opens itself
            register_font(font_name, read)
        _REPORTLAB_NAMES[path] = font_name
    return _REPORTLAB_NAMES[path]


@cache
def _coverage(name: str) -> dict[int, int]:
    """The font's code points (its character-to-glyph map)."""
    return glyph_map(registered(name))


def has_glyph(char: str, font: str) -> bool:
    return ord(char) in _coverage(font)


def missing_glyphs(text: str, font: str) -> str:
    """The characters of text (beyond spaces and line breaks) that font has no glyph for."""
    covered = _coverage(font)
    return "".join(sorted(ch for ch in set(text) if ord(ch) not in covered and ch not in "\n\r\t"))


@remembered(TEXT_WIDTHS)
def text_width(text: str, font: str, size_pt: float) -> float:
    """Width of one line of text in millimetres (remembered: the same words are measured often)."""
    if needs_shaping(text):
        # In the direction richtext sets it: right to left when its first strong letter is (its bidi level is odd).
        glyphs = shaped(text, font, right_to_left(text))
        return sum(glyph.advance for glyph in glyphs) * size_pt / 1000 * MM_PER_POINT
    return pdfmetrics.stringWidth(text, registered(font), size_pt) * MM_PER_POINT


@dataclass(frozen=True, slots=True)
class Glyph:
    """A glyph as HarfBuzz placed it; distances in thousandths of the font size, as PDF widths are."""

    gid: int  # its index in the font
    advance: float  # how far the next glyph starts from this one
    x_offset: float  # how far it is drawn from where it starts (marks over a letter)
    y_offset: float


@cache
def _harfbuzz_font(name: str) -> tuple[uharfbuzz.Font, float]:
    """HarfBuzz's font of a printkit font, and the factor from its units to thousandths of its size."""
    face = uharfbuzz.Face(uharfbuzz.Blob.from_file_path(str(_file(name)[0])))
    return uharfbuzz.Font(face), 1000 / face.upem


@remembered(TEXT_WIDTHS)
def shaped(text: str, font: str, rtl: bool) -> tuple[Glyph, ...]:
    """text shaped by HarfBuzz in the given direction: its glyphs from left to right as drawn (a
    right-to-left run's last letter first), joined and placed as the script and font want them."""
    harfbuzz_font, scale = _harfbuzz_font(font)
    buffer = uharfbuzz.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()  # script and language, for the font's rules of that script
    buffer.direction = "rtl" if rtl else "ltr"
    uharfbuzz.shape(harfbuzz_font, buffer, {"kern": True, "liga": True})
    return tuple(
        Glyph(info.codepoint, pos.x_advance * scale, pos.x_offset * scale, pos.y_offset * scale)
        for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True)
    )


def shaped_outline(text: str, font: str, rtl: bool) -> tuple[str, float]:
    """text shaped as `shaped` places it, drawn: its glyphs' outlines as one SVG path's data, in
    thousandths of the font size from the start of its baseline (y up), and its advance (its width)."""
    from fontTools.pens.svgPathPen import SVGPathPen  # on demand: only the SVG output draws outlines
    from fontTools.pens.transformPen import TransformPen

    harfbuzz_font, scale = _harfbuzz_font(font)
    pen = SVGPathPen(None, ntos=lambda value: f"{value:.1f}".removesuffix(".0"))
    x = 0.0
    for glyph in shaped(text, font, rtl):
        transform = (scale, 0, 0, scale, x + glyph.x_offset, glyph.y_offset)
        harfbuzz_font.draw_glyph_with_pen(glyph.gid, TransformPen(pen, transform))
        x += glyph.advance
    return pen.getCommands(), x
