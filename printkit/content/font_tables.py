"""A pack's font file judged by its tables before reportlab or HarfBuzz reads it.

Takes: the path of a font file inside the pack (confined and at most 50 MiB: content.validate).
Returns: (message, hint) for the first table that would make drawing fail or run away: a missing
table, units per em outside what the OpenType specification allows (reportlab divides by it), a
character map (cmap) of a format reportlab misreads (2, of legacy East Asian encodings: it takes its
keys for indexes) or does not read (8), and one that claims more characters than Unicode has.
reportlab walks every character a cmap range claims, one by one, so a range of 4 G characters costs
4 G steps and all the memory there is; the ranges are added up from the table's own bytes here
(fontTools would walk them too).
"""

from __future__ import annotations

import io
import struct

from fontTools.ttLib import TTFont, TTLibError

# The tables reportlab reads to measure and embed a TrueType font.
REQUIRED_TABLES = ("head", "hhea", "maxp", "hmtx", "cmap", "loca", "glyf")
UNITS_PER_EM = range(16, 16385)  # the OpenType specification's range for head.unitsPerEm
MAX_CMAP_CHARACTERS = 0x110000  # every code point of Unicode: a character map names no more
SUPPORTED_FORMATS = (0, 4, 6, 10, 12, 13, 14)
# Those whose ranges are added up: 0 and 6 map at most 65,536 characters by their 16-bit fields, and
# 14 (variation sequences) is no map of characters to glyphs.
COUNTED_FORMATS = (4, 10, 12, 13)

Findings = tuple[tuple[str, str | None], ...]


def not_a_font(shown: str) -> Findings:
    """The finding of a file that fontTools or reportlab cannot read as a font."""
    return (
        (
            f"font file '{shown}' is not a TrueType or OpenType font printkit can embed",
            "give a .ttf file whose licence allows embedding",
        ),
    )


def font_table_findings(data: bytes, shown: str) -> Findings:
    """What is wrong with the tables of a font file's bytes, which problems name as shown."""
    damaged = "the file is damaged; export it again from the font editor"
    try:
        font = TTFont(io.BytesIO(data), lazy=True)
        missing = [tag for tag in REQUIRED_TABLES if tag not in font.reader]
        if missing:
            return ((f"font file '{shown}' has no {', '.join(missing)} table", "give a TrueType .ttf font"),)
        units_per_em = font["head"].unitsPerEm
        subtables = _cmap_subtables(font.reader["cmap"])
    except (TTLibError, struct.error, AssertionError, ValueError, IndexError, KeyError, EOFError):
        return not_a_font(shown)
    if units_per_em not in UNITS_PER_EM:
        return (
            (
                f"font file '{shown}' gives {units_per_em} units per em; a font has "
                f"{UNITS_PER_EM.start} to {UNITS_PER_EM.stop - 1}",
                damaged,
            ),
        )
    for format_, characters in subtables:
        if format_ not in SUPPORTED_FORMATS:
            return (
                (
                    f"font file '{shown}' has a character map (cmap) of format {format_}, which printkit cannot read",
                    "give a font whose character maps are of format 4 or 12, as most fonts' are",
                ),
            )
        if characters > MAX_CMAP_CHARACTERS:
            return (
                (
                    f"font file '{shown}' has a character map (cmap) claiming {characters} characters; "
                    f"Unicode has {MAX_CMAP_CHARACTERS}",
                    damaged,
                ),
            )
    return ()


def _cmap_subtables(data: bytes) -> list[tuple[int, int]]:
    """(format, characters its ranges claim, overlaps counted as often as they overlap) of each
    subtable of a raw cmap table; struct.error where the table ends too soon."""
    _version, count = struct.unpack_from(">HH", data)
    found = []
    for index in range(count):
        _platform, _encoding, offset = struct.unpack_from(">HHL", data, 4 + 8 * index)
        (format_,) = struct.unpack_from(">H", data, offset)
        found.append((format_, _characters(data, offset, format_) if format_ in COUNTED_FORMATS else 0))
    return found


def _characters(data: bytes, offset: int, format_: int) -> int:
    """How many characters the ranges of the subtable at offset claim (the sizes of its ranges added)."""
    if format_ == 4:  # segments: endCode[n], a pad, startCode[n]
        (segments,) = struct.unpack_from(">H", data, offset + 6)
        segments //= 2
        ends = struct.unpack_from(f">{segments}H", data, offset + 14)
        starts = struct.unpack_from(f">{segments}H", data, offset + 16 + 2 * segments)
        return sum(max(0, end - start + 1) for start, end in zip(starts, ends, strict=True))
    if format_ == 10:  # one run of glyphs from a first character
        return struct.unpack_from(">L", data, offset + 16)[0]
    # 12 and 13: groups of (first character, last character, glyph)
    (groups,) = struct.unpack_from(">L", data, offset + 12)
    return sum(
        max(0, end - start + 1)
        for start, end, _glyph in struct.iter_unpack(">LLL", data[offset + 16 : offset + 16 + 12 * groups])
    )
