"""Gettext catalogs of a pack: what translators translate, and the pack as a locale sees it.

Takes: a loaded `Pack`, a locale and (for translator notes) the text boxes layout measured.
Returns: the pack's messages (one per place a text with words is used, named by its place such as
`card:spyro/name`), the template and merged catalogs as polib files (a text in boxes flagged with
Weblate's `max-length:N`, what its tightest box holds), counts per locale, XLIFF 1.2 for
translation platforms and the units read back from it, and the translated pack a build lays out,
with the strings still missing and the components they leave in English ("drafts").

Catalogs live in the pack: `locales/<pack>.pot` and `locales/<lang>/LC_MESSAGES/<pack>.po`, the
folder named as gettext names the language (`pt_BR`).
As in any gettext catalog, an entry is keyed by its English text (msgid): a text used in twelve
places is translated once, and a paragraph keeps its translation wherever it moves. Merging follows
GNU msgmerge: an entry whose text is new takes the translation of the closest previous text as
fuzzy (`#|` shows that text), translator comments stay, a text no longer used becomes obsolete
(`#~`, unless it lent its translation) and comes back if the text does. Entries written with a msgctxt by earlier printkit versions
are read by their msgid, and `update` rewrites them without. A catalog msgfmt -c would refuse,
an XLIFF file that is not well-formed, declares a DTD, is for another language or holds inline
markup that is not text, and a malformed content/glossary.yaml raise `Problems` at their lines.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

import polib
from pydantic import BaseModel

from printkit.base.confine import Refused, read_text
from printkit.base.errors import (
    KeyPath,
    Problem,
    Problems,
    UsageError,
    ValueProblem,
    column_letters,
    display_path,
    shortened,
    shown_value,
)
from printkit.base.languages import gettext_name, plural_forms, plural_problem
from printkit.base.xml_declaration import UNREADABLE_ENCODING, declared_encoding
from printkit.content import markup
from printkit.content.fields import Translatable, marked_values
from printkit.content.load import PACK_FILE, RULEBOOK_FILE
from printkit.content.looks import GroupSpec, LookElement, TextSpec, lineage, parse_template, walk
from printkit.content.markup import has_words
from printkit.content.message_key import MessageKey
from printkit.content.pack import Pack
from printkit.content.source import SourceFile, read_yaml
from printkit.content.spreadsheet import TableSource
from printkit.i18n.po_file import has_translation
from printkit.i18n.pseudo import CODE as PSEUDO
from printkit.i18n.pseudo import pseudo


class TextBox(NamedTuple):
    """The text box of one field on a component, as the looks lay it out."""

    width: float  # mm
    height: float
    size: float  # pt, and the smallest it may shrink to
    min_size: float
    font: str
    max_lines: int
    capacity: int = 0  # characters of typical text that fit at min_size, once measured


Boxes = dict[MessageKey, TextBox]
GLOSSARY = "glossary.yaml"  # beside the packs it serves: content/glossary.yaml for content/<pack>
NAMES = "names"  # the glossary's list of names kept whole, beside its locales
MAX_CATALOG_BYTES = 20 * 1024 * 1024
# placeholders and file paths are not prose; a path is matched from its word's start, so a long
# word without "/" is read once, not once per character
_WORDS_ONLY = re.compile(r"\{[^{}]*\}|(?<!\S)\S*/\S*")


@dataclass(frozen=True)
class Message:
    key: MessageKey
    path: KeyPath  # the field's key path in the pack's model, list indices as numbers
    msgid: str
    file: str
    line: int  # in a workbook: the row of the text's cell
    note: str
    sheet: str | None = None  # a workbook's sheet holding the text, in row line and column column
    column: int = 1  # of a spreadsheet's cell

    @property
    def place(self) -> str:
        """Where the text is used, as problems and translator notes name it: `card:spyro/name`."""
        return self.key.msgctxt

    @property
    def reference(self) -> str:
        """What a `#:` reference writes after the file: the line (`cards.csv:7`, a CSV file's row), or a
        workbook's cell as LibreOffice names a cell of a sheet (`spells.xlsx:cards.C7`). GNU gettext and
        polib read a reference not ending in `:NUMBER` as a file name and keep it whole; translate-toolkit
        (Weblate) would percent-encode Excel's `cards!C7`; Poedit looks up the file before the last colon."""
        if self.sheet is None:
            return str(self.line)
        # a sheet fills its section with spaces around its name too; gettext would split a reference there
        return f"{self.sheet.strip()}.{column_letters(self.column)}{self.line}"

    def problem(self, message: str, hint: str | None = None) -> Problem:
        """A problem at the text's line, or its workbook cell."""
        return Problem(self.file, self.line, self.column, self.place, message, hint, sheet=self.sheet)


def messages(pack: Pack, boxes: Boxes | None = None) -> list[Message]:
    """Every place a translatable text is used, pack-wide names first, then component by component.
    A text without words (`⬇`, `P1`, `+2 [fire]`) is the same in every language: not a message."""
    boxes = boxes or {}
    meta_source = pack.source_of(PACK_FILE)
    found = []
    for path, value in pack.meta.texts():
        line, _ = meta_source.position(path)
        found.append(
            Message(
                MessageKey.of("pack", path),
                path,
                value,
                meta_source.shown,
                line,
                "pack-wide text, shown wherever it is used",
            )
        )
    found += _look_messages(pack)
    if pack.rulebook is not None:
        source = pack.source_of(RULEBOOK_FILE)
        for path, _, value in marked_values(pack.rulebook, (), Translatable):
            line, _ = source.position(path)
            found.append(
                Message(
                    MessageKey.of("rulebook", path),
                    path,
                    value,
                    source.shown,
                    line,
                    "rulebook text; keep {placeholders}, **bold**, *italic* and [icons]",
                )
            )
    for component in pack.components:
        source = pack.sources[component.origin.file]
        for path, value in component.texts(pack.meta.fields):
            at = source.problem(component.origin.path + path, "")  # its line, or its workbook cell
            note = component.kind
            key = MessageKey.of_component(component, path)
            box = boxes.get(key)
            if box:
                note += (
                    f"; box {box.width:.1f} x {box.height:.1f} mm, {box.size:g} pt (at least {box.min_size:g} pt),"
                    f" room for {box.capacity} characters"
                )
            cell = (at.sheet, at.column) if isinstance(source, TableSource) else ()  # YAML: its line
            found.append(Message(key, path, value, source.shown, at.line, note, *cell))
    return [message for message in found if has_words(message.msgid)]


def by_text(found: list[Message]) -> dict[str, list[Message]]:
    """The messages grouped by their English text, in the order the texts first appear: one
    catalog entry each."""
    grouped: dict[str, list[Message]] = {}
    for message in found:
        grouped.setdefault(message.msgid, []).append(message)
    return grouped


def _look_messages(pack: Pack) -> list[Message]:
    """The words of the pack's own looks (`text: "Glow {data.glow}"`), one message per text element,
    keyed by the element's id where it has one, so that a translation stays with its element when
    others are added or moved (`look:ID/front/glow-label/text`, inside a group
    `look:ID/back/sun/group/elements/title/text`), else by its place (`look:ID/front/3/text`). A text of
    only placeholders, markup and figures has no words to translate (`messages` leaves it out);
    printkit's own looks hold none."""
    found = []
    for look_id, declared in pack.looks.items():
        if declared.builtin:
            continue
        source = pack.sources[declared.file]
        for side in ("front", "back"):
            for path, spec, _ in walk(getattr(declared.look, side), (side,)):
                if isinstance(spec, TextSpec):
                    line, _ = source.position(declared.path + path + ("text",))
                    note = f"text of look {look_id}; keep {{placeholders}}, **bold**, *italic* and [icons]"
                    key = MessageKey.of("look", _by_id(getattr(declared.look, side) or [], path), look_id)
                    found.append(Message(key, path + ("text",), spec.text.source, source.shown, line, note))
    return found


def _by_id(elements: list[LookElement], path: KeyPath) -> KeyPath:
    """A text element's key path (side, index, kind, `elements`, index, kind …) with each index
    replaced by the element's id where it has one that no sibling shares."""
    keyed: list[str | int] = [path[0]]
    rest = list(path[1:])
    while rest:
        if rest[0] == "elements":
            keyed.append(rest.pop(0))
            continue
        index, kind = rest.pop(0), rest.pop(0)
        element = elements[int(index)]
        own = element.spec.id
        unique = own is not None and sum(e.spec.id == own for e in elements) == 1
        keyed += [own if unique and own else index, kind]
        if isinstance(element.spec, GroupSpec):
            elements = element.spec.elements
    return tuple(keyed)


# --- catalog files -------------------------------------------------------------------------------


def template_path(pack: Pack) -> Path:
    return pack.root / "locales" / f"{pack.id}.pot"


def catalog_path(pack: Pack, locale: str, domain: str | None = None) -> Path:
    """A locale's catalog in the pack: of the pack's texts, or of another domain (`printkit`, for
    printkit's own words)."""
    return message_folder(pack.root / "locales", locale) / f"{domain or pack.id}.po"


# `#:` references name files relative to the pack's folder (stable wherever the pack is kept, and the
# repository root of a pack kept in a repository of its own). Poedit resolves them from the catalog's
# folder through X-Poedit-Basepath: the pack's folder seen from locales/ and from locales/LANG/LC_MESSAGES.
TEMPLATE_BASEPATH = ".."
CATALOG_BASEPATH = "../../.."


def message_folder(locales: Path, locale: str) -> Path:
    """Where gettext tools, Poedit and Weblate look for a locale's catalogs: `locales/pt_BR/LC_MESSAGES`."""
    return locales / (locale if locale == PSEUDO else gettext_name(locale)) / "LC_MESSAGES"


def header(project: str, locale: str | None) -> dict[str, str]:
    """A new catalog's header (a template's without a locale), as msginit --no-translator writes it:
    the language's gettext name and plural forms, the time it was made, no translator yet."""
    data = {
        "Project-Id-Version": project,
        "Report-Msgid-Bugs-To": "",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Poedit-Basepath": CATALOG_BASEPATH if locale else TEMPLATE_BASEPATH,
    }
    if locale:
        data.update(
            {
                "PO-Revision-Date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M%z"),
                "Last-Translator": "Automatically generated",
                "Language-Team": "none",
                "Language": gettext_name(locale),
                "Plural-Forms": plural_forms(locale),
            }
        )
    return data


def _project(pack: Pack) -> str:
    return f"{pack.id} {pack.meta.version or ''}".strip()


NOTED_PLACES = 5  # a text used in more places names the first few in its note, then counts the rest


def template(pack: Pack, boxes: Boxes | None = None) -> polib.POFile:
    """The template: one entry per English text, its note naming the places it is used."""
    pot = polib.POFile(wrapwidth=0)
    pot.metadata = header(_project(pack), None)
    for msgid, places in by_text(messages(pack, boxes)).items():
        notes = [f"{message.place}: {message.note}" for message in places[:NOTED_PLACES]]
        if len(places) > NOTED_PLACES:
            notes.append(f"and {len(places) - NOTED_PLACES} more places")
        entry = polib.POEntry(msgid=msgid, msgstr="", comment="\n".join(notes), occurrences=references(pack, places))
        room = tightest_room(places, boxes or {})
        if room is not None:  # Weblate's check: a translation longer than this is flagged
            entry.flags = [f"max-length:{room}"]
        pot.append(entry)
    return pot


def references(pack: Pack, places: list[Message]) -> list[tuple[str, str]]:
    """The `#:` references of a text's places, each once: (file in the pack's folder, line or cell)."""
    found: list[tuple[str, str]] = []
    for message in places:
        relative = os.path.relpath(message.file, display_path(pack.root)) if message.file else message.file
        if (relative, message.reference) not in found:
            found.append((relative, message.reference))
    return found


def tightest_room(places: list[Message], boxes: Boxes) -> int | None:
    """How many characters a text may have: what its tightest box holds (the text is the same in all
    its places), or None for a text in no box (rulebook, pack-wide names)."""
    capacities = [boxes[message.key].capacity for message in places if message.key in boxes]
    return min(capacities) if capacities else None


TYPICAL_TEXT_LENGTH = 4000  # characters; more than the largest text box of a component holds
TYPICAL_CUTS = 16  # places the typical text is read from: how many ways a box's text may break


def typical_texts(pack: Pack) -> tuple[str, ...]:
    """The pack's texts as plain words, one after another, read from TYPICAL_CUTS places spread
    over them (each at a word's start, going round to TYPICAL_TEXT_LENGTH characters): what text of
    the pack's language is typically like, to measure how many characters a box holds."""
    words = " ".join(
        "".join(run.text for run in markup.runs(_WORDS_ONLY.sub(" ", msgid)) if run.kind in ("text", "space", "code"))
        for msgid in by_text(messages(pack))
    ).split()
    if not words:
        return ()
    text = " ".join(words) + " "
    starts = sorted(
        {sum(len(word) + 1 for word in words[: len(words) * cut // TYPICAL_CUTS]) for cut in range(TYPICAL_CUTS)}
    )
    rounds = TYPICAL_TEXT_LENGTH // len(text) + 2
    return tuple((text * rounds)[start : start + TYPICAL_TEXT_LENGTH] for start in starts)


def entries(catalog: polib.POFile | None, obsolete: bool = False) -> dict[str, polib.POEntry]:
    """A catalog's live (or obsolete) entries by their English text; an entry an earlier printkit
    wrote with a msgctxt is found by its msgid too, unless an entry without one has the same text."""
    found: dict[str, polib.POEntry] = {}
    for entry in sorted(catalog or [], key=lambda e: e.msgctxt is not None):
        if entry.obsolete == obsolete:
            found.setdefault(entry.msgid, entry)
    return found


def unit_id(msgid: str) -> str:
    """A stable id of a text for exchange formats that need one (XLIFF trans-unit ids)."""
    return hashlib.sha1(msgid.encode("utf-8")).hexdigest()[:16]


FUZZY_THRESHOLD = 0.6  # GNU msgmerge's: how alike a previous text must be to lend its translation
RARE_WORDS = 3  # a text of more words is compared with the previous texts sharing one of its rarest
MAX_COMPARED = 200  # and with at most this many of them


def merge(catalog: polib.POFile | None, pot: polib.POFile, pack: Pack, locale: str) -> polib.POFile:
    """The catalog brought up to the template, as GNU msgmerge does it."""
    merged = polib.POFile(wrapwidth=0)
    merged.metadata = dict(catalog.metadata) if catalog is not None else header(_project(pack), locale)
    merged.metadata["X-Poedit-Basepath"] = CATALOG_BASEPATH
    live = entries(catalog)
    obsolete = entries(catalog, obsolete=True)
    used: set[int] = set()  # the previous entries that live on, by identity
    unmatched = []
    for entry in pot:
        new = polib.POEntry(msgid=entry.msgid, comment=entry.comment, occurrences=entry.occurrences, msgstr="")
        new.flags = list(entry.flags)
        previous = live.get(entry.msgid) or obsolete.get(entry.msgid)
        if previous is None:
            unmatched.append(new)
        else:
            used.add(id(previous))
            new.msgstr = previous.msgstr
            new.tcomment = previous.tcomment
            if previous.fuzzy:
                new.flags.append("fuzzy")
                new.previous_msgid = previous.previous_msgid
        merged.append(new)
    similar = _Similar([e for e in catalog or [] if e.msgstr])
    for new in unmatched:  # msgmerge looks through every previous translation, used or not
        closest = similar.closest(new.msgid)
        if closest is not None:
            used.add(id(closest))
            new.msgstr = closest.msgstr
            new.tcomment = closest.tcomment
            new.flags.append("fuzzy")
            new.previous_msgid = closest.msgid
    # The rest is no longer used (a text that lent its translation lives on in the fuzzy entry): kept
    # as obsolete, so no translation is lost, unless a live entry has its key (msgfmt's duplicate).
    keys = {(None, new.msgid) for new in merged}
    for entry in catalog or []:
        if id(entry) not in used and has_translation(entry) and (entry.msgctxt, entry.msgid) not in keys:
            keys.add((entry.msgctxt, entry.msgid))
            entry.obsolete = True
            entry.occurrences = []
            merged.append(entry)
    return merged


class _Similar:
    """The previous translations, found by how alike their English is to a new text (msgmerge's fuzzy
    search). A text of a few words is compared with every previous one; a longer text only with those
    sharing one of its rarest words (at most MAX_COMPARED, those sharing the most words), so an update
    of thousands of new texts stays quick."""

    def __init__(self, candidates: list[polib.POEntry]):
        self.candidates = candidates
        self.by_word: dict[str, list[polib.POEntry]] = {}
        for candidate in candidates:
            for word in set(_WORD.findall(candidate.msgid.lower())):
                self.by_word.setdefault(word, []).append(candidate)

    def closest(self, msgid: str) -> polib.POEntry | None:
        """The candidate whose text is most like msgid, if it is alike enough."""
        words = set(_WORD.findall(msgid.lower()))
        pool = self.candidates
        if len(words) > RARE_WORDS:
            rarest = sorted(words, key=lambda word: len(self.by_word.get(word, ())))[:RARE_WORDS]
            pool = list({id(c): c for word in rarest for c in self.by_word.get(word, ())}.values())
            if len(pool) > MAX_COMPARED:  # texts of common words only: those sharing the most words
                shared = {id(c): len(words & set(_WORD.findall(c.msgid.lower()))) for c in pool}
                pool = sorted(pool, key=lambda c: shared[id(c)], reverse=True)[:MAX_COMPARED]
        best, best_ratio = None, FUZZY_THRESHOLD
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(msgid)
        for candidate in pool:
            matcher.set_seq1(candidate.msgid)
            if matcher.real_quick_ratio() >= best_ratio and matcher.quick_ratio() >= best_ratio:
                ratio = matcher.ratio()
                if ratio >= best_ratio and (best is None or ratio > best_ratio):
                    best, best_ratio = candidate, ratio
        return best


_WORD = re.compile(r"\w+")


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


# --- counts -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Counts:
    translated: int
    fuzzy: int
    untranslated: int
    obsolete: int

    @property
    def percent(self) -> float:
        total = self.translated + self.fuzzy + self.untranslated
        return round(100 * self.translated / total, 1) if total else 100.0


def counts(pack: Pack, locale: str) -> Counts:
    wanted = by_text(messages(pack))
    catalog = load_catalog(pack, locale)
    live = entries(catalog)
    translated = fuzzy = 0
    for msgid in wanted:
        entry = live.get(msgid)
        if entry is None or not entry.msgstr.strip():
            continue
        if entry.fuzzy:
            fuzzy += 1
        else:
            translated += 1
    obsolete = sum(1 for e in catalog or [] if e.obsolete)
    return Counts(translated, fuzzy, len(wanted) - translated - fuzzy, obsolete)


# --- the translated pack --------------------------------------------------------------------------


@dataclass
class Translation:
    pack: Pack
    missing: list[Message] = field(default_factory=list)  # untranslated or fuzzy: shown in English
    drafts: set[str] = field(default_factory=set)  # components showing some of them


def translate(pack: Pack, locale: str) -> Translation:
    """The pack with every translated string of locale in place; nothing else is changed."""
    if locale == pack.meta.language:
        return Translation(pack)
    catalog = load_catalog(pack, locale) if locale != PSEUDO else None
    catalog_file = display_path(catalog_path(pack, locale))
    live = entries(catalog)
    result = Translation(pack)
    meta, rulebook, looks = pack.meta, pack.rulebook, dict(pack.looks)
    components = list(pack.components)
    origins: dict[MessageKey, tuple[str, int]] = {}
    index = {c.id: i for i, c in enumerate(components)}
    problems = []
    for message in messages(pack):
        key = message.key
        entry = live.get(message.msgid)
        if locale == PSEUDO:
            text = pseudo(message.msgid)
        elif entry is not None and usable(entry):
            text = entry.msgstr
            origins[key] = (catalog_file, entry.linenum)
        else:
            result.missing.append(message)
            result.drafts.update(_shown_on(pack, key))
            continue
        if key.kind == "pack":
            meta = replace_at(meta, message.path, text)
        elif key.kind == "rulebook":
            rulebook = replace_at(rulebook, message.path, text)
        elif key.kind == "look":
            try:
                template = parse_template(text)
            except ValueProblem as problem:  # a placeholder the translation broke: {Glow}, a lone brace
                file, line = origins.get(key, (message.file, message.line))  # the qps pseudo-text has no entry
                problems.append(Problem(file, line, 1, key.msgctxt, problem.message, problem.hint))
                continue
            look = looks[key.owner]
            looks[key.owner] = look._replace(look=replace_at(look.look, message.path, template))
        else:
            components[index[key.owner]] = replace_at(components[index[key.owner]], message.path, text)
    if problems:
        raise Problems(problems)
    result.pack = replace(
        pack, meta=meta, components=components, rulebook=rulebook, looks=looks, translated_from=origins
    )
    return result


def _shown_on(pack: Pack, key: MessageKey) -> list[str]:
    """The ids of the components that show a text: its component, or those drawn with its look."""
    if key.kind != "look":
        return [key.owner] if key.owner else []
    defaults = pack.meta.defaults
    return [c.id for c in pack.components if key.owner in lineage(pack.looks, c.look_id(defaults))]


def replace_at(model: Any, path: tuple, value: Any) -> Any:
    """A copy of model with the value at path replaced (through nested models, dicts and lists)."""
    head, rest = path[0], path[1:]
    if isinstance(model, BaseModel):
        inner = getattr(model, head)
        return model.model_copy(update={head: replace_at(inner, rest, value) if rest else value})
    if isinstance(model, dict):  # keys are text: a registry id "1" reads as a list index in the context
        head = str(head)
        return {**model, head: replace_at(model[head], rest, value) if rest else value}
    if isinstance(model, list):
        items = list(model)
        items[head] = replace_at(items[head], rest, value) if rest else value
        return items
    raise TypeError(f"cannot descend into {type(model).__name__}")


def placeholders(text: str) -> list[str]:
    """Markup that a translation must keep: {names}, [icons] and ▶."""
    return sorted(markup.kept(text))


def markup_problem(english: str, translation: str) -> tuple[str, str] | None:
    """What is wrong with the markup of a translation, with a hint: placeholders, icons or ▶ lost or
    added, or a brace that belongs to no placeholder (`{name` for `{name}`). Such a translation
    is not used: the text prints in English, marked as a draft."""
    lost = _difference(placeholders(english), placeholders(translation))
    added = _difference(placeholders(translation), placeholders(english))
    if lost or added:
        parts = ([f"lost {', '.join(lost)}"] if lost else []) + ([f"added {', '.join(added)}"] if added else [])
        return (
            f"placeholders differ from the English: {'; '.join(parts)}",
            "keep every {name}, [icon] and ▶ of the English text",
        )
    if _STRAY_BRACE.search(markup.KEPT.sub("", translation)) and not _STRAY_BRACE.search(markup.KEPT.sub("", english)):
        return "has a brace that opens or closes no placeholder", "write each placeholder whole, as {name}"
    return None


_STRAY_BRACE = re.compile(r"[{}]")


def usable(entry: polib.POEntry | None) -> bool:
    """Whether a catalog entry's translation is printed: translated (not blank), not fuzzy, its
    markup intact."""
    return (
        entry is not None
        and bool(entry.msgstr.strip())
        and not entry.fuzzy
        and markup_problem(entry.msgid, entry.msgstr) is None
    )


def entry_problems(pack: Pack, locale: str) -> list[Problem]:
    """Placeholders and glossary terms of a locale's translated entries (missing and fuzzy ones
    are reported by build.missing_problems)."""
    catalog = load_catalog(pack, locale)
    shown = display_path(catalog_path(pack, locale))
    glossary = load_glossary(pack).get(locale, {})
    wanted = by_text(messages(pack))
    header = plural_header_problem(pack.root, catalog_path(pack, locale), locale)
    problems = [header] if header is not None else []
    for msgid, entry in entries(catalog).items():
        if msgid not in wanted or not entry.msgstr.strip() or entry.fuzzy:
            continue
        where = (shown, entry.linenum, 1, wanted[msgid][0].place)
        broken = markup_problem(entry.msgid, entry.msgstr)
        if broken is not None:
            problems.append(Problem(*where, *broken))
        prose = _WORDS_ONLY.sub(" ", entry.msgid)
        for term, translated in glossary.items():
            # A capitalised term is a game term (Attack, Giant) and must match its case.
            flags = 0 if term[0].isupper() else re.IGNORECASE
            if re.search(rf"\b{re.escape(term)}\b", prose, flags) and translated.lower() not in entry.msgstr.lower():
                problems.append(
                    Problem(
                        *where,
                        f"glossary term '{term}' should be translated as '{translated}'",
                        f"see {display_path(glossary_file(pack))}",
                    )
                )
    return problems


def _difference(a: list[str], b: list[str]) -> list[str]:
    rest = list(b)
    missing = []
    for item in a:
        if item in rest:
            rest.remove(item)
        else:
            missing.append(item)
    return missing


def glossary_file(pack: Pack) -> Path:
    """The glossary of the folder holding the pack (content/glossary.yaml for content/skystones)."""
    return pack.root.parent / GLOSSARY


def _glossary_source(pack: Pack) -> SourceFile | None:
    path = glossary_file(pack)
    return read_yaml(path, display_path(path), path.parent) if path.is_file() else None


def load_glossary(pack: Pack) -> dict[str, dict[str, str]]:
    """locale -> English term -> the translation the pack's catalog must use for it. A term is
    `term: translation`, or `term: {translation: …, packs: [ids]}` for a term of some games only.
    Raises `Problems` for a glossary that is not written so."""
    source = _glossary_source(pack)
    if source is None:
        return {}
    problems = list(source.problems)
    if source.data is not None and not isinstance(source.data, dict):
        problems.append(
            source.problem(
                (),
                f"must be a mapping of locales to terms, got {shown_value(source.data)}",
                "start with a locale, e.g. 'de:'",
            )
        )
    glossary: dict[str, dict[str, str]] = {}
    for locale, terms in (source.data if isinstance(source.data, dict) else {}).items():
        if locale == NAMES:
            problems += _names(source)[1]
            continue
        if not isinstance(terms, dict):
            problems.append(
                source.problem(
                    (locale,), f"must be a mapping of English terms to translations, got {shown_value(terms)}"
                )
            )
            continue
        for term, value in terms.items():
            packs = None  # every pack's term
            if (
                isinstance(value, dict)
                and set(value) <= {"translation", "packs"}
                and isinstance(value.get("packs", []), list)
            ):
                packs = value.get("packs", [])
                value = value.get("translation")
            if not isinstance(value, str):
                problems.append(
                    source.problem(
                        (locale, term),
                        f"must be the term's translation, got {shown_value(value)}",
                        "write 'term: translation' or 'term: {translation: TEXT, packs: [PACK-ID]}'",
                    )
                )
                continue
            if packs is None or pack.id in packs:
                glossary.setdefault(locale, {})[term] = value
    if problems:
        raise Problems(problems)
    return glossary


def glossary_names(pack: Pack) -> list[str]:
    """The proper names the pack's glossary lists under `names:` (Skylanders, Spyro), which
    rulebooks never hyphenate. Raises `Problems` for a list that is not written so."""
    source = _glossary_source(pack)
    if source is None:
        return []
    names, problems = _names(source)
    if source.problems or problems:
        raise Problems([*source.problems, *problems])
    return names


def _names(source: SourceFile) -> tuple[list[str], list[Problem]]:
    """The glossary's `names:` and a problem for each entry that is not a name."""
    listed = source.data.get(NAMES, []) if isinstance(source.data, dict) else []
    hint = "write 'names: [Skylanders, Spyro]', each name as it is printed"
    if not isinstance(listed, list):
        return [], [source.problem((NAMES,), f"must be a list of names, got {shown_value(listed)}", hint)]
    names, problems = [], []
    for index, name in enumerate(listed):
        if isinstance(name, str) and re.fullmatch(r"\w[\w' .-]*", name) and name == name.strip():
            names.append(name)
        else:
            problems.append(source.problem((NAMES, index), f"must be a name, got {shown_value(name)}", hint))
    return names, problems


# --- XLIFF 1.2 ------------------------------------------------------------------------------------------

XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.2"


def to_xliff(pack: Pack, locale: str, boxes: Boxes) -> bytes:
    """An XLIFF 1.2 file with one trans-unit per English text (id: `unit_id`, resname: its first
    place); a translated unit is `approved="yes"` with a `state="final"` target, a fuzzy one
    `needs-review-translation`, so translate-toolkit and Weblate count them as gettext does. Text
    in boxes carries maxwidth in characters (what its tightest box holds), so platforms can
    enforce it. A unit's notes and `po-reference` locations are its catalog entry's notes and `#:`
    references, as translate-toolkit's po2xliff writes them."""
    import xml.etree.ElementTree as ET  # only XLIFF exchange needs it

    ET.register_namespace("", XLIFF_NS)
    root = ET.Element(f"{{{XLIFF_NS}}}xliff", version="1.2")
    file_element = ET.SubElement(
        root,
        f"{{{XLIFF_NS}}}file",
        {
            "original": f"{pack.id}.po",
            "datatype": "po",
            "source-language": pack.meta.language,
            "target-language": locale,
        },
    )
    body = ET.SubElement(file_element, f"{{{XLIFF_NS}}}body")
    live = entries(load_catalog(pack, locale))
    for msgid, places in by_text(messages(pack, boxes)).items():
        attributes = {"id": unit_id(msgid), "resname": places[0].place}
        room = tightest_room(places, boxes)
        if room is not None:
            attributes.update({"maxwidth": str(room), "size-unit": "char"})
        unit = ET.SubElement(body, f"{{{XLIFF_NS}}}trans-unit", attributes)
        ET.SubElement(unit, f"{{{XLIFF_NS}}}source").text = msgid
        entry = live.get(msgid)
        if entry is not None and entry.msgstr:  # approved: translate-toolkit reads a unit without it as fuzzy
            unit.set("approved", "no" if entry.fuzzy else "yes")
            state = "needs-review-translation" if entry.fuzzy else "final"
            ET.SubElement(unit, f"{{{XLIFF_NS}}}target", state=state).text = entry.msgstr
        ET.SubElement(unit, f"{{{XLIFF_NS}}}note").text = "\n".join(f"{m.place}: {m.note}" for m in places)
        for file, line in references(pack, places):  # as translate-toolkit's po2xliff writes `#:` references
            group = ET.SubElement(unit, f"{{{XLIFF_NS}}}context-group", name="po-reference", purpose="location")
            ET.SubElement(group, f"{{{XLIFF_NS}}}context", {"context-type": "sourcefile"}).text = file
            ET.SubElement(group, f"{{{XLIFF_NS}}}context", {"context-type": "linenumber"}).text = line
    ET.indent(root)
    # a carriage return written as it is reads back as a line feed (XML normalises line ends)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True).replace(b"\r", b"&#13;") + b"\n"


@dataclass(frozen=True)
class XliffUnit:
    id: str
    place: str  # its resname: the first place of its text when it was exported
    source: str
    target: str
    needs_review: bool
    line: int


# the states of a target still to be looked at (XLIFF 1.2); translated, final, signed-off and none are done
_UNFINISHED = ("new", "needs-")
# inline elements holding the original's own code as their text (`<ph>{name}</ph>`) or marking text
# (`<mrk>`): their text is the text. Others (<g>, <x/>, <bx/>, <ex/>, <sub>) have no text of printkit's.
_INLINE_TEXT = {"ph", "bpt", "ept", "it", "mrk"}


def from_xliff(data: bytes, shown: str, locale: str) -> list[XliffUnit]:
    """Every trans-unit of locale that has a target, with the line it starts at. Raises `Problems`
    for a file that is not well-formed XLIFF or declares a DTD (entities could expand without end
    or read other files: defusedxml refuses those before anything is expanded), a <file> for
    another target-language, and a target with inline markup that is not text."""
    root, lines = _parsed_xliff(data, shown)
    problems = []
    for file_element in root.iter(f"{{{XLIFF_NS}}}file"):
        language = file_element.get("target-language")
        if language is not None and language.replace("_", "-").lower() != locale.lower():
            problems.append(
                Problem(
                    shown,
                    lines[file_element],
                    1,
                    "",
                    f"is a translation into '{language}', not {locale}",
                    f"import it with --lang {language}, or export the {locale} file with 'printkit i18n export'",
                )
            )
    found = []
    first: dict[str, int] = {}
    for unit in root.iter(f"{{{XLIFF_NS}}}trans-unit"):
        unit_name = unit.get("id") or ""
        if unit_name in first:
            problems.append(
                Problem(
                    shown,
                    lines[unit],
                    1,
                    unit.get("resname") or "",
                    f"trans-unit '{unit_name}' is in the file twice; the first is on line {first[unit_name]}",
                    "keep one of them, or export the file again",
                )
            )
        first.setdefault(unit_name, lines[unit])
        targets = unit.findall(f"{{{XLIFF_NS}}}target")
        problems += [
            Problem(
                shown,
                lines[extra],
                1,
                unit.get("resname") or "",
                f"trans-unit '{unit_name}' has a second <target>",
                "keep one translation per unit, or export the file again",
            )
            for extra in targets[1:]
        ]
        target = targets[0] if targets else None
        source = unit.find(f"{{{XLIFF_NS}}}source")
        place = unit.get("resname") or ""
        texts = []
        for element in (source, target):
            if element is None:
                texts.append("")
                continue
            for inner in element.iter():
                if inner is not element and _local(inner.tag) not in _INLINE_TEXT:
                    problems.append(
                        Problem(
                            shown,
                            lines[inner],
                            1,
                            place,
                            f"trans-unit '{unit.get('id')}' has <{_local(inner.tag)}> in its <{_local(element.tag)}>, "
                            "inline markup that stands for no text of printkit's",
                            "write the text itself, with its {placeholders}, **bold** and [icons], "
                            "as the exported file has it",
                        )
                    )
            texts.append("".join(element.itertext()))
        if target is not None and texts[1]:
            state = target.get("state") or ""
            found.append(
                XliffUnit(unit.get("id") or "", place, texts[0], texts[1], state.startswith(_UNFINISHED), lines[unit])
            )
    if problems:
        raise Problems(problems)
    return found


def _local(tag: str) -> str:
    """An element's name without its namespace."""
    return tag.rsplit("}", 1)[-1]


def _parsed_xliff(data: bytes, shown: str) -> tuple[Any, dict[Any, int]]:
    """The root of an XLIFF 1.2 file and the line each element starts at."""
    import xml.etree.ElementTree as ET
    from xml.etree.ElementTree import ParseError

    from defusedxml import DTDForbidden
    from defusedxml.ElementTree import DefusedXMLParser  # only XLIFF exchange needs it

    lines: dict[Any, int] = {}

    class LineBuilder(ET.TreeBuilder):
        def start(self, tag: str, attributes: dict[str, str]) -> Any:
            element = super().start(tag, attributes)
            lines[element] = parser.parser.CurrentLineNumber
            return element

    parser = DefusedXMLParser(target=LineBuilder(), forbid_dtd=True)
    try:
        parser.feed(data)
        root = parser.close()
    except DTDForbidden:
        line = data[: max(data.find(b"<!DOCTYPE"), 0)].count(b"\n") + 1
        raise Problems(
            [
                Problem(
                    shown,
                    line,
                    1,
                    "",
                    "declares a DTD (<!DOCTYPE …>), which an XLIFF file never needs",
                    "remove the <!DOCTYPE> declaration, or export the file again",
                )
            ]
        ) from None
    except UNREADABLE_ENCODING:
        name, column = declared_encoding(data)
        raise Problems(
            [
                Problem(
                    shown,
                    1,
                    column + 1,
                    "",
                    f"declares the encoding '{shortened(name)}', which printkit cannot read",
                    "save it as UTF-8, or export it again with 'printkit i18n export'",
                )
            ]
        ) from None
    except ParseError as error:
        line, column = error.position
        message = re.sub(r": line \d+, column \d+$", "", str(error))
        raise Problems(
            [
                Problem(
                    shown,
                    line,
                    column + 1,
                    "",
                    f"is not well-formed XML: {message}",
                    "check the file, or export it again with 'printkit i18n export'",
                )
            ]
        ) from None
    if root.tag != f"{{{XLIFF_NS}}}xliff":
        raise Problems(
            [
                Problem(
                    shown,
                    1,
                    1,
                    "",
                    f"is not an XLIFF 1.2 file (its root is not <xliff> of {XLIFF_NS})",
                    "export it with 'printkit i18n export'",
                )
            ]
        )
    return root, lines


def missing_problems(pack: Pack, translation: Translation, locale: str) -> list[Problem]:
    """One problem per text a locale lacks, at its entry in the catalog (or at the YAML line of its
    first place when the catalog has no entry for it yet). A translation with broken markup is
    `entry_problems`' to report."""
    live = entries(load_catalog(pack, locale))
    shown = display_path(catalog_path(pack, locale))
    problems = []
    for msgid, places in by_text(translation.missing).items():
        entry, first = live.get(msgid), places[0]
        if entry is None:
            problems.append(
                first.problem(
                    f"missing from the {locale} catalog", f"run 'printkit i18n update {pack.id}' and translate it"
                )
            )
        elif entry.msgstr.strip() and not entry.fuzzy:
            continue
        elif entry.msgstr.strip():
            problems.append(
                Problem(
                    shown,
                    entry.linenum,
                    1,
                    first.place,
                    f"the {locale} translation is fuzzy: the English text changed",
                    "review it and remove the fuzzy flag",
                )
            )
        else:
            problems.append(
                Problem(
                    shown,
                    entry.linenum,
                    1,
                    first.place,
                    f"not translated to {locale} yet",
                    "translate it, or build without --strict to get a marked draft",
                )
            )
    return problems


def undeclared(pack: Pack, locales: list[str] | tuple[str, ...]) -> UsageError | None:
    """The error for locales a pack does not declare, None if it declares them all."""
    missing = [locale for locale in locales if locale not in pack.meta.locales]
    if not missing:
        return None
    return UsageError(
        f"pack '{pack.id}' does not declare the locale {', '.join(missing)}; it declares "
        f"{', '.join(pack.meta.locales)} (add it with 'printkit i18n init --lang {','.join(missing)} {pack.id}')"
    )
