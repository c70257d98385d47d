"""What translators translate: a pack's messages and its template catalog.

Takes: a loaded `Pack` and (for translator notes) the text boxes layout measured.
Returns: the pack's messages (one per place a text with words is used, named by its place such as
`card:spyro/name`, with the context and note for translators a designer gave it), the template (`locales/<pack>.pot`) as a polib file with each text's places and
the Weblate flags of printkit's checks (`max-length:N` where boxes hold it, `placeholders:`, `md-text`), the paths and headers of catalogs as gettext names them
(`locales/<lang>/LC_MESSAGES/<pack>.po`, the folder `pt_BR`), and typical texts for overflow checks.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

import polib

from printkit.base.errors import (
    KeyPath,
    Problem,
    column_letters,
    display_path,
)
from printkit.base.languages import character_width, gettext_name, plural_forms
from printkit.content import markup
from printkit.content.braces import FIELD, NUMBER
from printkit.content.fields import Translatable, marked_values
from printkit.content.load import PACK_FILE, RULEBOOK_FILE
from printkit.content.looks import GroupSpec, LookElement, TextSpec, walk
from printkit.content.markup import has_words
from printkit.content.message_key import MessageKey
from printkit.content.pack import Pack
from printkit.content.placeholders import placeholder_value
from printkit.content.spreadsheet import TableSource
from printkit.i18n.pseudo import CODE as PSEUDO


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


# placeholders and file paths are not prose; a path is matched from its word's start, so a long
# word without "/" is read once, not once per character
WORDS_ONLY = re.compile(rf"{FIELD}|(?<!\S)\S*/\S*")


EntryKey = tuple[str | None, str]  # (msgctxt, msgid): what a catalog entry is found by, as gettext finds it


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
    plural: str | None = None  # a text shown with a count: its English plural (msgid_plural), msgid the singular
    count: int | None = None  # and the count, which chooses the plural form printed
    singular_path: KeyPath | None = None  # where its singular is written, where not at path

    @property
    def context(self) -> str | None:
        """The context the designer gave the text (`{text: Bolt, context: the spell}`): its entry's msgctxt."""
        return getattr(self.msgid, "context", None)

    @property
    def designer_note(self) -> str | None:
        """The note for translators the designer gave the text (`note:` beside it)."""
        return getattr(self.msgid, "note", None)

    @property
    def entry_key(self) -> EntryKey:
        """The catalog entry that translates the text: its context and English, as gettext finds it."""
        return self.context, self.msgid

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
    texts = dict(pack.meta.texts())
    counted = _counted(pack)
    singulars = {singular for singular, _ in counted.values()}
    for path, value in texts.items():
        if path in singulars and path not in counted:
            continue  # one entry with its plural
        line, _ = meta_source.position(path)
        key = MessageKey.of("pack", path)
        message = Message(
            key,
            path,
            value,
            meta_source.shown,
            line,
            "pack-wide text, shown wherever it is used" + _box_note(boxes, key),
        )
        if path in counted:
            singular, count = counted[path]
            message = replace(
                message,
                msgid=texts[singular],
                plural=value,
                count=count,
                singular_path=singular if singular != path else None,
                note=f"pack-wide text, shown after its count ({count})",
            )
        found.append(message)
    found += _look_messages(pack)
    if pack.rulebook is not None:
        source = pack.source_of(RULEBOOK_FILE)
        for path, _, value in marked_values(pack.rulebook, (), Translatable):
            line, _ = source.position(path)
            first = next((m for m in NUMBER.finditer(value) if m.group(1) == "count"), None)
            number = placeholder_value(pack, "count", first.group(2)) if first else None
            found.append(
                Message(
                    MessageKey.of("rulebook", path),
                    path,
                    value,
                    source.shown,
                    line,
                    "rulebook text; keep {placeholders}, **bold**, *italic* and [icons]",
                    # a text with a {count:…} says it in the form its (first) count takes
                    plural=value if first else None,
                    count=int(number) if number is not None else None,
                )
            )
    for component in pack.components:
        source = pack.sources[component.origin.file]
        for path, value in component.texts(pack.meta.fields):
            at = source.problem(component.origin.path + path, "")  # its line, or its workbook cell
            key = MessageKey.of_component(component, path)
            note = component.kind + _box_note(boxes, key)
            cell = (at.sheet, at.column) if isinstance(source, TableSource) else ()  # YAML: its line
            found.append(Message(key, path, value, source.shown, at.line, note, *cell))
    return [message for message in found if has_words(message.msgid)]


def _box_note(boxes: Boxes, key: MessageKey) -> str:
    """What a translator's note says of the box a text is printed in (the tightest, for a pack-wide
    text), if it is printed in one."""
    box = boxes.get(key)
    if not box:
        return ""
    sizes = f"{round(box.size, 1):g} pt (at least {round(box.min_size, 1):g} pt)"
    return f"; box {box.width:.1f} x {box.height:.1f} mm, {sizes}, room for {box.capacity} characters"


def _counted(pack: Pack) -> dict[KeyPath, tuple[KeyPath, int]]:
    """The pack-wide texts shown with a count (a line of the game's component list: "15 valley
    tiles"): the key path of each one's plural, and of its singular with the count."""
    counted = {}
    for name, rule_set in pack.meta.rules.items():
        for index, rule in enumerate(rule_set.checks):
            text = rule.counted_text()
            if text is not None:
                singular, plural, count = text
                at: KeyPath = ("rules", name, "checks", index)
                counted[at + (plural,)] = (at + (singular,), count)
    return counted


def by_entry(found: list[Message]) -> dict[EntryKey, list[Message]]:
    """The messages grouped by their English text and context, in the order the texts first appear:
    one catalog entry each."""
    grouped: dict[EntryKey, list[Message]] = {}
    for message in found:
        grouped.setdefault(message.entry_key, []).append(message)
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
    translator = (
        {
            "PO-Revision-Date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M%z"),
            "Last-Translator": "Automatically generated",
            "Language-Team": "none",
            "Language": gettext_name(locale),
        }
        if locale
        else {}
    )
    return {  # in msginit's order, which the catalog keeps (po_file writes the fields as they come)
        "Project-Id-Version": project,
        "Report-Msgid-Bugs-To": "",
        **translator,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        **({"Plural-Forms": plural_forms(locale)} if locale else {}),
        "X-Poedit-Basepath": CATALOG_BASEPATH if locale else TEMPLATE_BASEPATH,
    }


def project_name(pack: Pack) -> str:
    return f"{pack.id} {pack.meta.version or ''}".strip()


NOTED_PLACES = 5  # a text used in more places names the first few in its note, then counts the rest


def template(pack: Pack, boxes: Boxes | None = None) -> polib.POFile:
    """The template: one entry per English text and context (msgctxt), its notes the designer's for
    translators, then the places it is used."""
    pot = polib.POFile(wrapwidth=0)
    pot.metadata = header(project_name(pack), None)
    for (context, msgid), places in by_entry(messages(pack, boxes)).items():
        notes = list(dict.fromkeys(m.designer_note for m in places if m.designer_note))  # the designer's first
        notes += [f"{message.place}: {message.note}" for message in places[:NOTED_PLACES]]
        if len(places) > NOTED_PLACES:
            notes.append(f"and {len(places) - NOTED_PLACES} more places")
        entry = polib.POEntry(
            msgctxt=context, msgid=msgid, msgstr="", comment="\n".join(notes), occurrences=references(pack, places)
        )
        if places[0].plural is not None:
            entry.msgid_plural, entry.msgstr_plural = places[0].plural, {0: "", 1: ""}
        entry.flags = weblate_flags(msgid, tightest_room(places, boxes or {}))
        pot.append(entry)
    return pot


def weblate_flags(msgid: str, room: int | None) -> list[str]:
    """The `#,` flags that turn on Weblate's own checks of what printkit checks: `max-length:N` for a
    text in a box (what its tightest box holds), `placeholders:"{name}":"[icon]"` for the markup a
    translation must keep, `md-text` for a text with **bold** or *italic* (Weblate then checks the
    Markdown emphasis against the English)."""
    flags = [f"max-length:{room}"] if room is not None else []
    kept = list(dict.fromkeys(markup.kept(msgid)))  # each once, in the order of the text
    if kept:
        flags.append("placeholders:" + ":".join(f'"{mark}"' for mark in kept))
    if any(token.kind in ("bold", "italic") for token in markup.tokens(msgid, code=True)):
        flags.append("md-text")
    return flags


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
    its places), or None for a text in no box (rulebook, a pack-wide text no component prints)."""
    capacities = [boxes[message.key].capacity for message in places if message.key in boxes]
    return min(capacities) if capacities else None


TYPICAL_TEXT_LENGTH = 4000  # characters; more than the largest text box of a component holds
TYPICAL_CUTS = 16  # places the typical text is read from: how many ways a box's text may break


def typical_texts(texts: list[str]) -> tuple[str, ...]:
    """texts as plain words, one after another, read from TYPICAL_CUTS places spread over them (each
    at a word's start, going round to TYPICAL_TEXT_LENGTH characters): what text of a language is
    typically like, to measure how many characters a box holds."""
    words = " ".join(
        "".join(run.text for run in markup.runs(WORDS_ONLY.sub(" ", text)) if run.kind in ("text", "space", "code"))
        for text in texts
    ).split()
    if not words:
        return ()
    text = " ".join(words) + " "
    starts = sorted(
        {sum(len(word) + 1 for word in words[: len(words) * cut // TYPICAL_CUTS]) for cut in range(TYPICAL_CUTS)}
    )
    rounds = TYPICAL_TEXT_LENGTH // len(text) + 2
    return tuple((text * rounds)[start : start + TYPICAL_TEXT_LENGTH] for start in starts)


def room_in(room: int, source: str, locale: str) -> int:
    """A box's room for room characters of the source language, as characters of locale's script:
    what the box holds in half-width units over the width of the locale's letters (a box of 23
    English characters holds 11 Japanese ones: East Asian wide characters count two, as their
    glyphs are about twice as wide)."""
    return room * character_width(source) // character_width(locale)


def in_locale_widths(flags: list[str], source: str, locale: str) -> list[str]:
    """flags with `max-length:N` (N characters of the source language) in characters of locale's
    script (room_in), so Weblate's count of characters holds in every script."""
    return [
        f"max-length:{room_in(int(flag.split(':')[1]), source, locale)}" if flag.startswith("max-length:") else flag
        for flag in flags
    ]
