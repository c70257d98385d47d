"""PO files written exactly as GNU gettext's msgcat and msgmerge write them.

Takes: a polib `POFile`.
Returns: its text in GNU gettext's layout: strings wrapped at 79 columns where the Unicode line
breaking rules allow it (after spaces and hyphens, between CJK characters, never inside an escape
and never right before a final `\\n`), a new line after each `\\n`, `#:` references filled up to
79 columns, `#|` previous strings and obsolete `#~` entries, so `msgcat FILE` gives the file back
byte for byte and neither Poedit nor Weblate rewraps it. The break opportunities and column widths
come from GNU libunistring, the library msgcat itself asks (installed with gettext).

One difference from msgcat: GNU gettext drops flags it does not know, such as Weblate's
`max-length:N`, which are kept here after the flags gettext knows.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
from collections.abc import Callable
from functools import cache

import polib

from printkit.base.errors import Fault
from printkit.base.requires import missing_library

PAGE_WIDTH = 79
# libunistring's break kinds (unilbrk.h)
_UNDEFINED, _PROHIBITED, _POSSIBLE = 0, 1, 2
_ESCAPES = {"\a": "a", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t", "\v": "v", "\\": "\\", '"': '"'}
_PORTIONS = re.compile(r"[^\n]*\n|[^\n]+")  # a string's lines, each with its \n


def po_text(catalog: polib.POFile) -> str:
    """The catalog as GNU msgcat writes it: header (its fields in the order they come, as gettext
    keeps them), live entries, then obsolete ones."""
    header = polib.POEntry(msgid="", msgstr="".join(f"{name}: {value}\n" for name, value in catalog.metadata.items()))
    header.flags = ["fuzzy"] if catalog.metadata_is_fuzzy else []
    header.tcomment = catalog.header
    blocks = [_entry(header, "")]
    blocks += [_entry(entry, "") for entry in catalog if not entry.obsolete]
    blocks += [_entry(entry, "#~ ") for entry in catalog if entry.obsolete and has_translation(entry)]
    return "\n".join(blocks)


def forms(entry: polib.POEntry) -> list[str]:
    """An entry's translation: its plural forms in order (msgstr[0], msgstr[1] …), or its msgstr."""
    return [entry.msgstr_plural[n] for n in sorted(entry.msgstr_plural)] if entry.msgid_plural else [entry.msgstr]


def has_translation(entry: polib.POEntry) -> bool:
    return bool(entry.msgstr or any(entry.msgstr_plural.values()))


# A translation a reviewer approved: XLIFF's approved="yes", Weblate's "Approved". PO has no standard
# mark for it (GNU gettext plans review flags after 2027), so printkit keeps a flag of its own: gettext's
# tools and Poedit drop flags they do not know, which leaves a translation unreviewed, never the reverse.
REVIEWED = "reviewed"


def is_reviewed(entry: polib.POEntry) -> bool:
    return REVIEWED in entry.flags and not entry.fuzzy and has_translation(entry)


def _entry(entry: polib.POEntry, prefix: str) -> str:
    """One entry's lines; prefix is `#~ ` for an obsolete one, which keeps only its translator
    comments and fuzzy flag besides its strings, as msgcat does."""
    lines = [f"# {line}" if line else "#" for line in entry.tcomment.split("\n")] if entry.tcomment else []
    if not prefix:
        lines += [f"#. {line}" if line else "#." for line in entry.comment.split("\n")] if entry.comment else []
        lines += _references(entry.occurrences)
    flags = (["fuzzy"] if entry.fuzzy and has_translation(entry) else []) + (
        [flag for flag in entry.flags if flag != "fuzzy"] if not prefix else []
    )
    if flags:
        lines.append("#, " + ", ".join(flags))
    previous = f"{prefix.strip()}| " if prefix else "#| "
    for name in ("msgctxt", "msgid", "msgid_plural"):
        value = getattr(entry, f"previous_{name}")
        if value is not None:
            lines += _string(previous, name, value)
    if entry.msgctxt is not None:
        lines += _string(prefix, "msgctxt", entry.msgctxt)
    lines += _string(prefix, "msgid", entry.msgid)
    if entry.msgid_plural:
        lines += _string(prefix, "msgid_plural", entry.msgid_plural)
        for index in sorted(entry.msgstr_plural):
            lines += _string(prefix, f"msgstr[{index}]", entry.msgstr_plural[index])
    else:
        lines += _string(prefix, "msgstr", entry.msgstr)
    return "".join(line + "\n" for line in lines)


def _references(occurrences: list[tuple[str, str]]) -> list[str]:
    """`#:` lines, each filled with `file:line` references up to the page width."""
    if not occurrences:
        return []
    lines, column = ["#:"], 2
    for file, line in occurrences:
        reference = f"{file}:{line}" if line else file
        if column > 2 and column + len(reference) + 1 > PAGE_WIDTH:
            lines.append("#:")
            column = 2
        lines[-1] += " " + reference
        column += len(reference) + 1
    return lines


def _string(prefix: str, name: str, value: str) -> list[str]:
    """`name "value"` wrapped as GNU gettext's write-po wraps it: each line of the value is broken
    where it would pass the page width; a value that has several lines or must be broken starts
    with `name ""`."""
    after_break = len(prefix) + 1  # continuation lines start after the prefix and a quote
    width = PAGE_WIDTH - 1 - after_break  # room for the closing quote
    lines: list[str] = []
    first = True
    portions = _PORTIONS.findall(value) or [""]
    for number, portion in enumerate(portions):
        text, overrides = _escaped(portion)
        while True:
            start = len(prefix) + (len(name) + 1 if first else 0) + 1 - after_break
            breaks = _line_breaks(text, width, start, overrides)
            last = number == len(portions) - 1
            if first and text and (not last or start > width or _POSSIBLE in breaks):
                lines.append(f'{prefix}{name} ""')
                first = False
                continue
            break
        pieces, begin = [], 0
        for position, kind in enumerate(breaks):
            if kind == _POSSIBLE:
                pieces.append(text[begin:position])
                begin = position
        pieces.append(text[begin:])
        head = f"{prefix}{name} " if first else prefix
        first = False
        lines.append(f'{head}"{pieces[0].decode()}"')
        lines += [f'{prefix}"{piece.decode()}"' for piece in pieces[1:]]
    return lines


def _escaped(portion: str) -> tuple[bytes, bytes]:
    """A line of a value in C escapes as UTF-8, and where breaking is forbidden: inside an escape,
    and right before the `\\n` that ends the line."""
    text, overrides = bytearray(), bytearray()
    for char in portion:
        if char in _ESCAPES:
            text += b"\\" + _ESCAPES[char].encode()
            overrides += bytes([_UNDEFINED, _PROHIBITED])
        else:
            encoded = char.encode()
            text += encoded
            overrides += bytes([_UNDEFINED] * len(encoded))
    if portion.endswith("\n"):
        overrides[-2] = _PROHIBITED
    return bytes(text), bytes(overrides)


def _line_breaks(text: bytes, width: int, start: int, overrides: bytes) -> bytes:
    """Per byte of text, whether a line starts there (`_POSSIBLE`), by libunistring's
    ulc_width_linebreaks as msgcat calls it."""
    breaks = ctypes.create_string_buffer(len(text))
    _unistring()(text, len(text), width, start, 0, overrides, b"UTF-8", breaks)
    return breaks.raw


@cache
def _unistring() -> Callable[..., int]:
    """GNU libunistring's ulc_width_linebreaks (the _v2 that gettext 0.21 and later call, where the
    library has it)."""
    found = ctypes.util.find_library("unistring")
    if found is None:
        raise Fault(missing_library("unistring"))  # the machine lacks it: not a bug of printkit, nor the pack's
    library = ctypes.CDLL(found)
    function = getattr(library, "ulc_width_linebreaks_v2", None) or library.ulc_width_linebreaks
    function.restype = ctypes.c_int
    function.argtypes = [
        ctypes.c_char_p,
        ctypes.c_size_t,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_char_p,
        ctypes.c_char_p,
    ]
    return function
