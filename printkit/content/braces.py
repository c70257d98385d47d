"""The `{…}` grammar every text of printkit shares, in one place.

Four dialects write fields between braces: a pack's numbers and marks in prose (`{count:cards}`,
`{param:deck/points}`, `{limit:deck/copies/max}`, `{kit:house-rule}`), a look's value paths
(`{data.glow}`, `{art|icon}`, `{data.rarity:rarity-colours}` through a map of the look), printkit's own words' fields (`{number}`, `{title}`, as str.format names them) and
the escapes `{{` and `}}` for a brace itself.

Takes: a text.
Returns: its parts in order (text, an escaped brace, a field with what stands between its braces,
or a lone brace), its literal pieces with the field after each (as str.format reads a format
string), and the patterns of the fields each dialect writes: NUMBER for a pack's numbers, KIT for
the marks of the kit's own rules, KEPT for
everything a translation keeps as written.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

FIELD = r"\{[^{}]*\}"  # what stands between a pair of braces, in any dialect
_PARTS = re.compile(rf"(\{{\{{|\}}\}}|{FIELD}|[{{}}])")

# A pack's numbers in prose: the kind of number and what it counts (see content.placeholders).
NUMBER = re.compile(r"\{(count|param|limit):([a-z0-9/-]+)\}")
# A mark in prose after a rule that is the kit's own, not its source's (see content.provenance).
KIT = re.compile(r"\{kit:([a-z0-9/-]+)\}")
# What prose holds that a translation keeps as written: a field of any dialect (a pack's
# {count:cards}, printkit's own {number}, a look's {stats.attack}, {art|icon} or {data.rarity:rarity-colours}), the escapes {{
# and }}, and the ▶ arrow.
KEPT = re.compile(r"\{\{|\}\}|\{[a-z_][a-z0-9_.|-]*(?::[a-z0-9/-]+)?\}|▶")


class Part(NamedTuple):
    kind: Literal["text", "brace", "field", "lone"]
    text: str  # the text; the brace an escape stands for; what stands between a field's braces; a lone brace


def parts(text: str) -> list[Part]:
    """The text cut into its text, escaped braces, fields and lone braces."""
    found = []
    for piece in _PARTS.split(text):
        if piece in ("{{", "}}"):
            found.append(Part("brace", piece[0]))
        elif piece in ("{", "}"):
            found.append(Part("lone", piece))
        elif len(piece) > 1 and piece[0] == "{" and piece[-1] == "}":
            found.append(Part("field", piece[1:-1]))
        elif piece:
            found.append(Part("text", piece))
    return found


def field_name(field: str) -> str:
    """A field as str.format names it: `{number:>3}` and `{number!r}` are fields of number."""
    return re.split(r"[:!]", field, maxsplit=1)[0]


def pieces(text: str) -> list[tuple[str, str | None]]:
    """(literal text, the name of the field after it, or None at the end) as str.format reads a
    format string (string.Formatter.parse); ValueError for a lone brace, as str.format raises."""
    found: list[tuple[str, str | None]] = []
    literal = ""
    for part in parts(text):
        if part.kind == "lone":
            raise ValueError(f"a lone '{part.text}' in {text!r}")
        if part.kind == "field":
            found.append((literal, field_name(part.text)))
            literal = ""
        else:
            literal += part.text
    if literal:
        found.append((literal, None))
    return found
