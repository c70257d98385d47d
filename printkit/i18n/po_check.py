"""Catalogs read as msgfmt reads them, and what msgfmt -c would refuse in them.

Takes: a pack's folder and a catalog's path (read confined), or a catalog's text.
Returns: the catalog as a polib file (None when there is none), its Plural-Forms header's problem
and plural rule (how many forms, which form a count takes),
and its syntax problems and duplicate entries as `Problem`s at their lines.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import cast

import polib

from printkit.base.confine import Refused, read_text
from printkit.base.errors import (
    Problem,
    Problems,
    display_path,
)
from printkit.base.languages import plural_forms, plural_problem, plural_rule
from printkit.content.pack import Pack
from printkit.i18n.extract import catalog_path

MAX_CATALOG_BYTES = 20 * 1024 * 1024


def load_catalog(pack: Pack, locale: str) -> polib.POFile | None:
    return read_catalog(pack.root, catalog_path(pack, locale))


def read_catalog(root: Path, path: Path) -> polib.POFile | None:
    """The catalog at path inside root, None if there is none; refused at its lines if msgfmt -c would."""
    if not os.path.lexists(path):
        return None
    text = _catalog_text(root, path)
    syntax = po_syntax_problems(text, display_path(path))
    if syntax:
        raise Problems(syntax)
    text = _as_msgfmt_reads(text, display_path(path))
    try:
        catalog = polib.pofile(text, wrapwidth=0)
    except (OSError, ValueError) as error:  # polib names the line inside its message: placed there instead
        where = re.search(r"\s*\(line (\d+)\)", str(error))
        line, reason = (int(where.group(1)), str(error).replace(where.group(0), "")) if where else (1, str(error))
        raise Problems(
            [
                Problem(
                    display_path(path), line, 1, "", f"is not a readable PO file: {reason}", "check it with msgfmt -c"
                )
            ]
        ) from None
    duplicates = _duplicate_entries(catalog, display_path(path))
    if duplicates:
        raise Problems(duplicates)
    if "charset=UTF-8" not in catalog.metadata.get("Content-Type", "").replace("utf-8", "UTF-8"):
        raise Problems(
            [
                Problem(
                    display_path(path),
                    _header_line(text),
                    1,
                    "",
                    "has a broken header: no 'Content-Type: text/plain; charset=UTF-8' line",
                    "check it with msgfmt -c",
                )
            ]
        )
    return catalog


MAX_PLURAL_FORMS = 6  # CLDR's plural categories (zero, one, two, few, many, other): no language has more


def plural_count(forms: str) -> int | None:
    """The nplurals of a `Plural-Forms:` header: how many msgstr[n] each plural text has; None when it
    gives none, or more than any language has (a catalog of 10**9 forms would fill the memory)."""
    count = _nplurals(forms)
    return count if count is not None and 1 <= count <= MAX_PLURAL_FORMS else None


def catalog_nplurals(metadata: dict[str, str], locale: str) -> int:
    """How many plural forms a catalog's entries have: its header's, else the locale's usual number."""
    return plural_count(metadata.get("Plural-Forms", "")) or cast(int, plural_count(plural_forms(locale)))


def plural_function(forms: str, locale: str) -> Callable[[int], int]:
    """The catalog's plural rule (its Plural-Forms header) where msgfmt takes it, else the locale's usual one."""
    rule = plural_rule(forms if forms and plural_problem(forms) is None else plural_forms(locale))
    return rule if rule is not None else lambda n: int(n != 1)


def counted_once(plural: Callable[[int], int], count: int) -> set[int]:
    """The plural forms the rule gives for a single count from 0 to 1000 (the counts msgfmt tries): such
    a form may leave out the number, as msgfmt -c allows (Arabic's "ورقتان", two cards)."""
    taken = Counter(plural(n) for n in range(1001))
    return {form for form in range(count) if taken[form] == 1}


def _nplurals(forms: str) -> int | None:
    try:
        return int(forms.split("nplurals=", 1)[1].split(";")[0])
    except (IndexError, ValueError):
        return None


def _catalog_text(root: Path, path: Path) -> str:
    """The text of a catalog, its lines ended by "\n" as msgfmt reads them, whether they were
    written so or with "\r\n" (Windows), so that lines and columns are counted alike."""
    try:
        return read_text(root, path, MAX_CATALOG_BYTES).replace("\r\n", "\n")
    except Refused as refused:
        raise refused.problems(path) from None


def plural_header_problem(root: Path, path: Path, locale: str) -> Problem | None:
    """The catalog's `Plural-Forms:` header where msgfmt -c refuses its rule or it counts more forms
    than any language has, at its line, None when it is good or there is none: printkit counts with
    the language's usual rule instead."""
    catalog = read_catalog(root, path)
    forms = catalog.metadata.get("Plural-Forms", "") if catalog is not None else ""
    problem = plural_problem(forms) if forms else None
    count = _nplurals(forms)
    if problem is None and count is not None and count > MAX_PLURAL_FORMS:
        problem = f"nplurals = {count} is more than any language has (at most {MAX_PLURAL_FORMS})"
    if problem is None:
        return None
    text = _catalog_text(root, path)
    lines = text.splitlines()
    line = next((n for n, written in enumerate(lines, 1) if written.startswith('"Plural-Forms:')), _header_line(text))
    return Problem(
        display_path(path),
        line,
        1,
        "",
        f"the Plural-Forms header's {problem}",
        f"write the language's usual rule, which printkit counts with until then: {plural_forms(locale)}",
    )


def _header_line(text: str) -> int:
    """The line of a catalog's header entry (the `msgid ""` polib reads it from), else 1: it has none."""
    header = _HEADER.search(text)
    return text.count("\n", 0, header.start()) + 1 if header else 1


_HEADER = re.compile(r'^msgid ""[ \t]*$', re.MULTILINE)


# polib takes what GNU msgfmt refuses (a string without its closing quote, an unknown escape, a
# message defined twice) and guesses; these checks refuse it in msgfmt's words, at its line.
_PO_KEYWORD = re.compile(r'(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)[ \t]+(?=")')
_PO_STRINGS = re.compile(r'(?:"(?:[^"\\]|\\.)*"[ \t]*)+$')  # msgfmt takes strings one after another
_PO_ESCAPES = set('ntbrfva\\"x01234567')


def po_syntax_problems(text: str, shown: str) -> list[Problem]:
    """A problem for each line of a PO file that msgfmt -c would refuse as written."""
    problems = []
    plural = False  # whether the entry read so far has a msgid_plural
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        keyword = _PO_KEYWORD.match(stripped)
        start = keyword.end() if keyword else 0
        name = keyword.group(1) if keyword else ""
        plural = name == "msgid_plural" or (plural and name != "msgid")
        if name.startswith("msgstr") and plural != name.startswith("msgstr["):
            problems.append(
                Problem(
                    shown,
                    number,
                    1,
                    "",
                    "missing 'msgid_plural' section"
                    if not plural
                    else "syntax error: msgid_plural with a plain msgstr",
                    (
                        "write msgstr for a text without plural forms"
                        if not plural
                        else "write its forms as msgstr[0], msgstr[1] …"
                    )
                    + "; check it with msgfmt -c",
                )
            )
        if not stripped.startswith('"', start):
            problems.append(
                Problem(
                    shown,
                    number,
                    1,
                    "",
                    "syntax error: a line holds a keyword (msgid, msgstr …) and a quoted string, or a quoted string",
                    "check it with msgfmt -c",
                )
            )
            continue
        string = _PO_STRINGS.match(stripped, start)
        if string is None:
            unclosed = stripped.count('"') - stripped.count('\\"') < 2
            problems.append(
                Problem(
                    shown,
                    number,
                    1,
                    "",
                    "end-of-line within string" if unclosed else "syntax error after the closing quote",
                    ("close the string with a quote" if unclosed else 'write a quote inside a string as \\"')
                    + "; check it with msgfmt -c",
                )
            )
            continue
        column = line.index(stripped) + string.start()
        for escape in re.finditer(r"\\(.)", string.group()):
            if escape.group(1) not in _PO_ESCAPES:
                problems.append(
                    Problem(
                        shown,
                        number,
                        column + escape.start() + 1,
                        "",
                        f"invalid control sequence '\\{escape.group(1)}'",
                        "write a backslash as \\\\; check it with msgfmt -c",
                    )
                )
    return problems


# msgfmt's escapes polib leaves as they are written (`\a`, `\x41`, `\101`), each read as msgfmt reads
# it: a run of \x and octal escapes is bytes of UTF-8. The others are polib's own.
_BYTES = r"(?:x[0-9A-Fa-f]+|[0-7]{1,3})"
_ESCAPE = re.compile(rf"\\(?:(a)|({_BYTES}(?:\\{_BYTES})*)|.)")
_BYTE = re.compile(r"\\(?:x([0-9A-Fa-f]+)|([0-7]{1,3}))")
_STRING_LINE = re.compile(r'[ \t]*(?:#(?:~\|?|\|)[ \t]*)?(?:msg\S*[ \t]+)?"')  # not a comment's


def _as_msgfmt_reads(text: str, shown: str) -> str:
    """The catalog's text written so that polib reads each string as msgfmt does: every escape polib
    does not decode written as the character it stands for (as polib's own escape where polib has
    one), and strings one after another on a line joined into one, on the same line."""
    lines, problems = text.split("\n"), []
    for number, line in enumerate(lines):
        start = _STRING_LINE.match(line)
        if start is None or ("\\" not in line and line.count('"') <= 2):
            continue

        def decoded(escape: re.Match[str], number: int = number, offset: int = start.end()) -> str:
            if escape.group(1):
                return "\a"
            if not escape.group(2):
                return escape.group(0)
            data = bytes(
                int(hex_digits, 16) & 0xFF if hex_digits else int(octal, 8) & 0xFF
                for hex_digits, octal in _BYTE.findall("\\" + escape.group(2))
            )
            try:
                chars = data.decode("utf-8")
            except UnicodeDecodeError:
                chars = ""
            if not chars or any(len(f"{char}x".splitlines()) > 1 for char in chars if char not in "\n\r\v\f"):
                problems.append(
                    Problem(
                        shown,
                        number + 1,
                        offset + escape.start() + 1,
                        "",
                        f"'{escape.group(0)}' stands for no character printkit can read",
                        "write the character itself, in UTF-8, and no control character but tab and new line",
                    )
                )
            return polib.escape(chars)

        strings = _ESCAPE.sub(decoded, line[start.end() :])
        lines[number] = line[: start.end()] + re.sub(r'(\\.)|"[ \t]*"', lambda m: m.group(1) or "", strings)
    if problems:
        raise Problems(problems)
    return "\n".join(lines)


def _duplicate_entries(catalog: polib.POFile, shown: str) -> list[Problem]:
    first: dict[tuple, int] = {}
    problems = []
    for entry in catalog:
        if entry.obsolete:
            continue
        key = (entry.msgctxt, entry.msgid)
        if key in first:
            problems.append(
                Problem(
                    shown,
                    entry.linenum,
                    1,
                    entry.msgctxt or "",
                    f"duplicate message definition; the first is on line {first[key]}",
                    "keep one of them; check it with msgfmt -c",
                )
            )
        else:
            first[key] = entry.linenum
    return problems
