"""The files a pack names: art and fonts (with their licences), found inside the pack and
checked for what they must be (format, size, readable tables); and the icons of its icons/ folder.

Takes: the pack's folder and a file name as the YAML gives it. Returns: the file, or what is wrong
with it, as words for a located problem; the problems of pack.yaml's font families; the pack's own
icons, and the problems of its icon files.
"""

from __future__ import annotations

import io
import os
import struct
import warnings
from dataclasses import dataclass
from pathlib import Path

from printkit.base.confine import Refused, checked, files_under, named_as_written, names_in, pack_file
from printkit.base.errors import Problem, did_you_mean, display_path
from printkit.base.icons import ICON_NAME, ICONS, Icons
from printkit.content.pack import Pack
from printkit.content.pack_meta import BUILT_IN_FONT_FAMILIES, FONT_STYLES
from printkit.content.source import SourceFile

ART_FORMATS = (".png", ".jpg", ".jpeg", ".svg")
FONT_FORMATS = (".ttf", ".otf")
# An A3 board at 300 dpi is 17 megapixels; a decoded 50-megapixel image takes 200 MB.
MAX_ART_PIXELS = 50_000_000
MAX_FILE_BYTES = 50 * 2**20  # an art or font file: both are read whole
ICONS_DIR = "icons"  # a pack's own icons: icons/lantern.svg is [lantern]


@dataclass(frozen=True)
class _FileKind:
    """How a kind of pack file is named in problems."""

    word: str  # "art file 'x' does not exist"
    folder: str  # where the pack keeps them, for the hint
    suffixes: tuple[str, ...]  # the files a misspelt name may have meant
    too_large_hint: str


ART = _FileKind("art", "art", ART_FORMATS, "save it as PNG or JPEG at 300 pixels per inch")
FONT = _FileKind("font", "fonts", FONT_FORMATS, "subset the font to the scripts the pack uses")
LICENCE = _FileKind("licence", "fonts", (".txt", ".md", ""), "give the licence as plain text")


def _pack_file(root: Path, value: str, kind: _FileKind) -> Path | tuple[tuple[str, str | None], ...]:
    """The real path of a file the pack names, or (message, hint) for why it cannot be read: outside
    the pack, missing, refused by confinement, or too large."""
    path = root / value
    if Path(value).is_absolute() or ".." in Path(value).parts:  # links out of the pack are refused by checked()
        return (
            (
                f"'{value}' points outside the pack folder",
                f"keep {kind.word} files inside the pack, e.g. {kind.folder}/",
            ),
        )
    if not os.path.lexists(path) or not named_as_written(root, value):  # as Linux sees it on every system
        present = [str(p.relative_to(root)) for p in files_under(root) if p.suffix.lower() in kind.suffixes]
        return ((f"{kind.word} file '{value}' does not exist", did_you_mean(value, present)),)
    try:
        target = checked(root, path)
    except Refused as refused:
        return ((f"{kind.word} file '{value}' {refused.message}", refused.hint),)
    size_bytes = target.stat().st_size
    if size_bytes > MAX_FILE_BYTES:  # renderers read it whole
        return (
            (
                f"{kind.word} file '{value}' is {size_bytes // 2**20} MiB; at most {MAX_FILE_BYTES // 2**20} MiB allowed",
                kind.too_large_hint,
            ),
        )
    return target


def art_findings(root: Path, value: str) -> tuple[tuple[str, str | None], ...]:
    """(message, hint) for what is wrong with an art file of the pack at root (validate_pack asks
    once per file, however many components show it)."""
    target = _pack_file(root, value, ART)
    if isinstance(target, tuple):
        return target
    if target.suffix.lower() == ".svg":
        return _svg_findings(root, target, f"art file '{value}'")
    from PIL import Image as PILImage  # only packs with art pay for loading Pillow

    try:
        with warnings.catch_warnings():  # its size is judged below, in printkit's words
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            with PILImage.open(io.BytesIO(pack_file(root, target, MAX_FILE_BYTES)[1])) as image:
                kind, (width, height) = (image.format or "").lower(), image.size
                pixels, size = width * height, f"{width} x {height} pixels, "
                if pixels <= MAX_ART_PIXELS:
                    image.verify()
    except PILImage.DecompressionBombError:  # so large that Pillow does not even finish opening it
        pixels, size = 2 * (PILImage.MAX_IMAGE_PIXELS or 0) + 1, "more than "  # a limit is set: it raised
    except Refused as refused:  # made a link, or unreadable, since it was checked
        return ((f"art file '{value}' {refused.message}", refused.hint),)
    except (OSError, SyntaxError, ValueError):
        return ((f"art file '{value}' is not an image printkit can read", "save it as PNG or JPEG"),)
    if pixels > MAX_ART_PIXELS:
        return (
            (
                f"art file '{value}' is too large to print ({size}{pixels / 1e6:.0f} megapixels); at most "
                f"{MAX_ART_PIXELS // 1_000_000} megapixels are allowed",
                "300 pixels per inch is enough for print: 744 x 1039 pixels for a poker card",
            ),
        )
    if kind not in ("png", "jpeg"):
        return (
            (f"art file '{value}' is a {kind.upper()} image; printkit prints PNG and JPEG", "save it as PNG or JPEG"),
        )
    return ()


def _svg_findings(root: Path, target: Path, what: str) -> tuple[tuple[str, str | None], ...]:
    """(message, hint) for what is wrong with an SVG file of the pack (art or an icon): what it may
    not hold (content.svg_safety), then what svglib cannot draw of it as printkit prints it."""
    from printkit.content.svg_drawing import drawing_findings  # only packs with SVG files pay for svglib
    from printkit.content.svg_safety import svg_findings

    try:
        data = pack_file(root, target, MAX_FILE_BYTES)[1]
    except Refused as refused:  # made a link, or unreadable, since it was checked
        return ((f"{what} {refused.message}", refused.hint),)
    return svg_findings(data, what) or drawing_findings(data, what)


def pack_icons(root: Path) -> tuple[Icons, list[Problem]]:
    """The icons of the pack at root: printkit's and each SVG file of its icons/ folder that can be
    drawn, by its name without .svg (read confined: renderers draw its bytes); and the problems of
    the folder and its files, at each file (an image that is not SVG, a name a text cannot write or
    that printkit's own icon has, what its SVG may not hold)."""
    root = root.resolve()
    folder = root / ICONS_DIR
    if not os.path.lexists(folder):
        return Icons(), []
    try:
        names = names_in(root, folder)
    except Refused as refused:
        return Icons(), [Problem(display_path(folder), 1, 1, "", f"the icons folder {refused.message}", refused.hint)]
    own, failed, problems = [], [], []
    for file in names:
        name, suffix = os.path.splitext(file)
        path = folder / file
        if suffix.lower() != ".svg":
            if suffix.lower() in ART_FORMATS:  # a PNG icon left there, not a licence or a note
                problems.append(Problem(display_path(path), 1, 1, "", f"icon '{file}' is not an SVG file", _AS_SVG))
                failed.append(name)
            continue
        found = _icon_findings(root, path, name)
        if not found:
            try:  # read by _icon_findings: its bytes, unless it changed since
                own.append((name, str(pack_file(root, path, MAX_FILE_BYTES)[0])))
            except Refused as refused:
                found = ((f"icon '{name}' {refused.message}", refused.hint),)
        problems += [Problem(display_path(path), 1, 1, "", message, hint) for message, hint in found]
        failed += [name] if found else []
    # a text naming a refused file is not wrong as well; one it cannot name (Old Lantern) is left out
    return Icons(
        tuple(own), tuple(sorted(n for n in set(failed) if ICON_NAME.fullmatch(n) and n not in ICONS))
    ), problems


_AS_SVG = "icons are drawn as vectors: save it as SVG (Inkscape: File > Save As > Plain SVG)"


def _icon_findings(root: Path, path: Path, name: str) -> tuple[tuple[str, str | None], ...]:
    """(message, hint) for what is wrong with an SVG file of the icons/ folder named name."""
    if not ICON_NAME.fullmatch(name):
        written = "-".join(ICON_NAME.findall(name.lower().replace("_", "-").replace(" ", "-"))) or "my-icon"
        return (
            (
                f"icon '{name}' cannot be written in a text: an icon's name is lowercase letters, digits and dashes",
                f"rename it {ICONS_DIR}/{written}.svg",
            ),
        )
    if name in ICONS:
        return (
            (
                f"icon '{name}' is one of printkit's own icons",
                f"rename it, e.g. {ICONS_DIR}/my-{name}.svg, and write [my-{name}]",
            ),
        )
    try:
        target = checked(root, path)
    except Refused as refused:
        return ((f"icon '{name}' {refused.message}", refused.hint),)
    return _svg_findings(root, target, f"icon '{name}'")


def _font_findings(root: Path, value: str) -> tuple[tuple[str, str | None], ...]:
    """(message, hint) for what is wrong with a font file of the pack at root: it must be a TrueType
    font reportlab can read and subset, as faces.fonts will when it draws (50 ms for 6,000 glyphs)."""
    target = _pack_file(root, value, FONT)
    if isinstance(target, tuple):
        return target
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile  # only packs with fonts pay for it

    from printkit.content.font_tables import font_table_findings, not_a_font  # and for fontTools

    try:
        data = pack_file(root, target, MAX_FILE_BYTES)[1]
    except Refused as refused:  # made a link, or unreadable, since it was checked
        return ((f"font file '{value}' {refused.message}", refused.hint),)
    if data[:4] == b"OTTO":  # OpenType with PostScript (CFF) outlines
        return (
            (
                f"font file '{value}' has PostScript (CFF) outlines, which printkit cannot embed",
                "convert it to a TrueType .ttf, e.g. with FontForge (File > Generate Fonts)",
            ),
        )
    tables = font_table_findings(data, value)
    if tables:  # reportlab would divide by zero or walk billions of characters
        return tables
    try:  # a subset of every character it has: what drawing any text in it will ask of the file
        read = io.BytesIO(data)
        read.name = str(target)  # as reportlab names a file it opens itself
        font = TTFontFile(read)
        font.makeSubset(sorted(font.charToGlyph))
    # what a broken file trips over; AttributeError: reportlab reads a setting it lacks
    # (autoGenerateTTFMissingTTFName) for a font without a PostScript name
    except (TTFError, struct.error, ValueError, IndexError, KeyError, AttributeError):
        return not_a_font(value)
    return ()


def font_problems(pack: Pack, source: SourceFile) -> list[Problem]:
    """Font families that take a built-in family's name or a style's ending, font files that are
    missing, outside the pack or not a font printkit can embed, and missing licences."""
    root = pack.root.resolve()
    problems = []
    for name, family in pack.meta.fonts.items():
        where = ("fonts", name)
        style = next((s for s in sorted(FONT_STYLES.values(), key=len, reverse=True) if s and name.endswith(s)), None)
        if name in BUILT_IN_FONT_FAMILIES:
            problems.append(
                source.problem(
                    where, f"'{name}' is one of printkit's own font families", "give the pack's family another name"
                )
            )
        elif style:
            problems.append(
                source.problem(
                    where,
                    f"a font family's name cannot end in '{style}'",
                    f"a look writes '{name}' for the {style[1:].replace('-', ' ')} style of '{name.removesuffix(style)}'",
                )
            )
        for key, value in family.files().items():
            problems += [source.problem(where + (key,), *finding) for finding in _font_findings(root, value)]
        if family.licence is None:
            problems.append(
                source.problem(
                    where,
                    f"font family '{name}' needs its licence file",
                    "add licence: the licence file that came with the font, e.g. fonts/OFL.txt "
                    "for the SIL Open Font License",
                )
            )
        else:
            found = _pack_file(root, family.licence, LICENCE)
            if isinstance(found, tuple):
                problems += [source.problem(where + ("licence",), *finding) for finding in found]
    for tag in pack.meta.locale_fonts:
        if tag not in pack.meta.locales:
            problems.append(
                source.problem(
                    ("locale_fonts", tag),
                    f"'{tag}' is not one of the pack's locales",
                    did_you_mean(tag, pack.meta.locales) or f"add {tag} to locales:",
                    of_key=True,
                )
            )
    for tag, name in pack.meta.locale_fonts.items():
        if name not in pack.meta.fonts and not pack.failed_part("fonts", name):
            problems.append(
                source.problem(
                    ("locale_fonts", tag),
                    f"'{name}' is not one of the pack's font families",
                    did_you_mean(name, list(pack.meta.fonts)) or "name a family of fonts:",
                )
            )
    return problems
