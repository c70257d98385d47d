"""printkit's own words on printed pages (calibration page, footers, labels), in every locale.

Takes: a locale, the pack's folder (a pack's translator may translate printkit's words for a
language printkit lacks), the key of a message and its named values (a count for a plural).
Returns: the text in that locale. English is the source (MESSAGES); the gettext template is
`printkit/i18n/locales/printkit.pot`, made from MESSAGES (`python -m printkit.i18n.words` writes it
and merges it into printkit's own catalogs). A word is taken from the pack's
`locales/<lang>/LC_MESSAGES/printkit.po`, else from printkit's own catalog of the locale, else it
prints in English: `OwnWords.missing` names those, for a warning. Every entry is keyed by its
msgctxt (the key below), as gettext's pgettext/npgettext find it: by context and English text.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import polib

from printkit.base.errors import Problem, display_path
from printkit.base.languages import parents
from printkit.base.package_data import folder
from printkit.content import braces
from printkit.i18n import merge, typography
from printkit.i18n.extract import header, message_folder
from printkit.i18n.po_check import (
    catalog_nplurals,
    counted_once,
    plural_function,
    plural_header_problem,
    read_catalog,
)
from printkit.i18n.po_file import po_text
from printkit.i18n.pseudo import CODE as PSEUDO
from printkit.i18n.pseudo import pseudo
from printkit.i18n.translate import placeholders

LOCALE_DIR = folder("printkit.i18n", "locales")
DOMAIN = "printkit"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
SOURCE_LOCALE = "en"

# key (the entry's msgctxt): English; a pair is the singular and plural of a text with a {count}
MESSAGES: dict[str, str | tuple[str, str]] = {
    "calibration-title": "Check the print size before you print the kit",
    "calibration-text": "Print this page at 100 % (\u201cactual size\u201d, no \u201cfit to page\u201d) and measure it: "
    "the squares must be exactly 50 mm and 2 in wide, and the ruler must match a real one. "
    "If they are not, turn off page scaling in the print dialog and print again.",
    "calibration-measure": "The lines are {stroke} mm thick and the squares are measured to their middle: "
    "from outside edge to outside edge they measure {outside} mm and {outside_in} in.",
    "calibration-shift": "If the back is shifted, the plain cross printed on it crosses the scale beside the "
    "target away from its centre: read how many millimetres, move the back as far the other way in your "
    "printer's settings (back-side or duplex offset, also called registration) and print this page again.",
    "duplex-long": "Printing on both sides: flip on the long edge. Hold the printed sheet against a light: "
    "the target printed on the back must sit exactly on this one.",
    "duplex-short": "Printing on both sides: flip on the short edge. Hold the printed sheet against a light: "
    "the target printed on the back must sit exactly on this one.",
    "side-fronts": "fronts",
    "side-backs": "backs",
    "side-calibration": "calibration",
    "side-blank": "this side stays blank",
    "page-of": "page {number} of {total}",
    "glue": "glue {piece}",
    "draft": "DRAFT · not yet translated",
    "kit-title": "{title} — print-and-play kit",
    "kind-card": "card",
    "kind-special field": "special field",
    "kind-tile": "tile",
    "kind-chip": "chip",
    "kind-marker": "marker",
    "kind-board": "board",
    "kind-sheet": "sheet",
    "kind-ruler": "ruler",
    "effect-one-time": "one-time effect",
    "effect-ongoing": "ongoing effect",
    "effect-scoring": "scoring effect",
    "unit-in": "{value} in",
    "unit-cm": "{value} cm",
    "unit-mm": "{value} mm",
    "length-in": "{value} in ({cm} cm)",
    "count-card": ("{count} card", "{count} cards"),
    "count-special field": ("{count} special field", "{count} special fields"),
    "count-tile": ("{count} tile", "{count} tiles"),
    "count-chip": ("{count} chip", "{count} chips"),
    "count-marker": ("{count} marker", "{count} markers"),
    "count-board": ("{count} board", "{count} boards"),
    "count-sheet": ("{count} sheet", "{count} sheets"),
    "count-ruler": ("{count} ruler", "{count} rulers"),
    "rulebook-contents": "Contents",
    "rulebook-components": "Components",
    "rulebook-page-of": "Page {page} of {pages}",
    "adds-title": "What this kit adds to the source",
    "adds-source": "This kit follows {source}. What it adds to it is marked, on the components and in these rules:",
    "adds-version": "{title}, version {version}",
    "adds-intro": "What this kit adds to the game's source is marked, on the components and in these rules:",
    "adds-estimated": "estimated",
    "adds-estimated-about": "a number this kit chose where the source gives none",
    "adds-invented": "invented",
    "adds-invented-about": "content this kit made up; the source does not have it",
    "adds-house-rule": "house rule",
    "adds-house-rule-about": "this kit's rule where the source is silent",
    "adds-reading": "the kit's reading",
    "adds-reading-about": "how this kit reads a rule or value the source leaves ambiguous",
    "adds-components": "Marked components",
    "adds-rules": "Marked rules",
    "adds-of": "{values} of {names}",
    "value-ability": "special power",
    "value-cost": "cost",
    "value-edges": "edge values",
    "value-element": "element",
    "value-rarity": "rarity",
    "value-type": "type",
    "value-value": "value",
    "value-stats": "stats",
    "value-grid": "board grid",
    # the preview's own words (printkit serve), in the language of the page
    "preview-title": "printkit preview",
    "preview-rulebook": "Rulebook (PDF)",
    "preview-decklist": "Check a deck list",
    "preview-search": "Search",
    "preview-search-hint": "name, text, id",
    "preview-section": "Section",
    "preview-tag": "Tag",
    "preview-all": "all",
    "preview-problems-only": "problems only",
    "preview-faces": "Faces",
    "preview-faces-both": "both",
    "preview-faces-fronts": "fronts",
    "preview-faces-backs": "backs",
    "preview-zoom": "Zoom",
    "preview-show": "Show",
    "preview-shown": "{shown} of {total} shown",
    "preview-outputs": "Outputs of the last build ({folder})",
    "preview-not-built": "not built",
    "preview-problems": "Problems",
    "preview-front-of": "front of {name}",
    "preview-back-of": "back of {name}",
    "preview-decklist-title": "Deck lists of {title}",
    "preview-decklists": "deck lists",
    "preview-decklist-heading": "Check a deck list of {title}",
    "preview-not-loaded": "The pack does not load; its page shows why.",
    "preview-rule-set": "Rule set",
    "preview-rules-as-listed": "as the list says",
    "preview-pack-lists": "One of the pack's lists",
    "preview-list-pasted": "the list pasted below",
    "preview-builder": "Build a deck: click a component to add a copy, \u2212 to take one away",
    "preview-paste": "Paste a list (a deck built above is written here)",
    "preview-check": "Check",
    "preview-save-pasted": "Save the pasted list into decks/ as",
    "preview-save-check": "Save and check",
    "preview-deck": "Deck",
    "preview-deck-open": "Open",
    "preview-deck-apply": "Apply",
    "preview-deck-hint": "Click + on a component to add a copy to the deck, \u2212 to take one away.",
    "preview-deck-add": "add {name}",
    "preview-deck-remove": "take a copy of {name} away",
    "preview-deck-download": "Download the list",
    "preview-deck-save-as": "Save into decks/ as",
    "preview-deck-save": "Save",
    "preview-deck-legal": "legal ({title})",
    "preview-deck-violations": ("{count} violation ({title})", "{count} violations ({title})"),
    "preview-deck-unchecked": (
        "{count} problem: the list cannot be checked",
        "{count} problems: the list cannot be checked",
    ),
    "preview-deck-not-opened": (
        "{count} problem: the list cannot be opened",
        "{count} problems: the list cannot be opened",
    ),
    "preview-deck-empty": "nothing to check: add a component",
    "preview-deck-nothing": "nothing to check: paste a deck list",
    "preview-deck-not-a-list": "not one of the lists of {pack}'s {folder}/ folder",
    "preview-deck-not-saved": "not saved: {reason}",
    "preview-deck-over": "the list cannot be checked: checking it {over}",
    "preview-field-element": "Element",
    "preview-field-rarity": "Rarity",
    "preview-field-type": "Type",
    "preview-field-ability": "Ability",
    "preview-field-shape": "Shape",
    "preview-field-cost": "Cost",
    "preview-field-back": "Back",
    "preview-field-points": "Points",
    "preview-field-effect": "Effect",
    "preview-field-explains": "Explains",
    "preview-shape-rect": "rectangle",
    "preview-shape-round": "round",
    "preview-shape-hex": "hexagon",
    "preview-shape-polygon": "polygon",
    "preview-shape-custom": "own outline",
    "preview-sheets-link": "Sheets as printed",
    "preview-sheets": "sheets",
    "preview-sheets-title": "Sheets of {title} as printed",
    "preview-sheets-shown": "{shown} of {total} sheets shown",
    "preview-sheets-hint": "The components PDF's pages as printkit build lays them out on the pack's paper, printed on both sides (flipped on the long edge).",
    "preview-sheet": "sheet {number}: {side}",
    "preview-packs": "Packs",
    "preview-components": ("{count} component", "{count} components"),
    "preview-problem-count": ("{count} problem", "{count} problems"),
    "preview-not-found": "Not found",
    "preview-rulebook-title": "Rulebook",
    "preview-rulebook-problems": "The rulebook of {pack} cannot be made",
}

# what a translator needs to know of a message beyond its English (the template's `#.` notes)
NOTES = {
    "calibration-text": "calibration page, under its title; at most four lines",
    "calibration-measure": "calibration page, under the ruler; {stroke}, {outside} and {outside_in} are numbers",
    "calibration-shift": "calibration page, at the bottom, under the duplex instructions; at most three lines",
    "side-fronts": "sheet footer: which side of the sheet this page is",
    "side-backs": "sheet footer: which side of the sheet this page is",
    "side-calibration": "sheet footer: which side of the sheet this page is",
    "side-blank": "sheet footer of a back page with nothing on it",
    "page-of": "sheet footer",
    "glue": "on a glue flap; {piece} names the piece it is glued to (A2)",
    "draft": "printed across a component or a rulebook whose text is not translated yet",
    "kit-title": "title of the kit's PDF",
    "kind-card": "sheet footer: the kinds of components on the page",
    "effect-one-time": "under a special island's effect",
    "unit-in": "ruler label, {value} is a number",
    "unit-cm": "ruler label, {value} is a number",
    "unit-mm": "calibration page: the width of a square, {value} is a number",
    "length-in": "a length in inches with whole centimetres beside it",
    "count-card": "rulebook component list: {count} is printed in bold",
    "rulebook-page-of": "rulebook page footer; {page} and {pages} are numbers",
    "adds-title": "heading of the rulebook's generated section listing what the kit adds to its source game",
    "adds-source": "{source} is the title of the source document (with its version, see adds-version)",
    "adds-version": "a source document's title and version",
    "adds-estimated": "a kind of the kit's own content, printed next to its mark (≈) in the rulebook",
    "adds-reading": "a kind of the kit's own content: how the kit reads an ambiguous rule",
    "adds-of": "a marked line: {values} lists values (cost, speed), {names} the components that have them",
    "value-ability": "a value of a component, listed as the kit's own in the rulebook",
    "preview-title": "the preview in the browser (printkit serve): the name in its header bar",
    "preview-search-hint": "the preview: greyed inside the search box, what it searches",
    "preview-all": "the preview: the choice of a filter that shows every component",
    "preview-faces-both": "the preview: show both faces of each component (beside 'fronts' and 'backs')",
    "preview-show": "the preview: the button that applies the search and filters",
    "preview-shown": "the preview: {shown} and {total} are numbers of components",
    "preview-outputs": "the preview: {folder} is the folder the build wrote into",
    "preview-front-of": "the preview: a picture's description; {name} is the component's name",
    "preview-decklists": "the preview: the last part of the deck-list page's path in its header bar",
    "preview-deck": "the preview: the heading of the deck built by clicking components in the gallery",
    "preview-deck-open": "the preview: open a deck list saved in the pack's decks/ folder",
    "preview-deck-not-saved": "the preview: {reason} is printkit's message (in English) why the list was not saved",
    "preview-deck-over": "the preview: {over} says which limit checking the list met (in English)",
    "preview-deck-not-a-list": "the preview: {pack} is the pack's id, {folder} the folder name decks",
    "preview-field-explains": "the preview: a filter by the card type a reference card explains",
    "preview-field-back": "the preview: a filter by a component's back design",
    "preview-shape-custom": "the preview: a filter value, a component cut along an outline the pack draws",
    "preview-sheet": "the preview: a sheet's caption; {side} is fronts, backs or calibration (side-* words)",
}


def add_word(key: str, english: str, note: str | None = None) -> None:
    """One of printkit's words that a plugin adds (a component kind's `kind-<kind>`, say), in English:
    every language prints it so until a catalog translates it."""
    if key in MESSAGES:
        raise ValueError(f"printkit has a word '{key}' already")
    MESSAGES[key] = english
    if note:
        NOTES[key] = note


def template() -> polib.POFile:
    """printkit.pot: every message with its key as msgctxt, plurals with msgid_plural."""
    pot = polib.POFile(wrapwidth=0)
    pot.metadata = header(DOMAIN, None)
    for key, english in MESSAGES.items():
        singular, plural = english if isinstance(english, tuple) else (english, None)
        entry = polib.POEntry(msgctxt=key, msgid=singular, comment=NOTES.get(key, ""))
        if plural is not None:
            entry.msgid_plural = plural
            entry.msgstr_plural = {0: "", 1: ""}
        if _names(singular):
            entry.flags = ["python-brace-format"]
        pot.append(entry)
    return pot


def merged(catalog: polib.POFile | None, locale: str) -> polib.POFile:
    """A locale's catalog of printkit's words brought up to the template, keyed by msgctxt: a new
    word comes empty, a word whose English changed keeps its translation as fuzzy (`#|` shows the
    previous English), a word no longer used stays as obsolete; the header stays the translator's."""
    metadata = dict(catalog.metadata) if catalog is not None else header(DOMAIN, locale)
    nplurals = catalog_nplurals(metadata, locale)
    return merge.merged(
        catalog, template(), metadata, key=lambda entry: entry.msgctxt, closest=False, nplurals=nplurals
    )


def _names(text: str) -> set[str]:
    """The {names} a text fills in; none for a text Python's str.format cannot read."""
    try:
        return {name for _, name in braces.pieces(text) if name is not None}
    except ValueError:
        return {"{"}


def pack_catalog(pack_root: Path, locale: str) -> Path:
    """Where a pack's translator translates printkit's words: the pack's `locales/<lang>/LC_MESSAGES/printkit.po`."""
    return message_folder(pack_root / "locales", locale) / f"{DOMAIN}.po"


def shipped_catalog(locale: str) -> Path:
    return message_folder(LOCALE_DIR, locale) / f"{DOMAIN}.po"


def locales() -> list[str]:
    """Every locale printkit's own words are translated into."""
    return [SOURCE_LOCALE] + sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES").is_dir())


@dataclass(frozen=True)
class Found:
    """A word's translation: its text (each plural form for a plural) and where it is written."""

    forms: tuple[str, ...]
    plural: Callable[[int], int]
    path: Path
    line: int


@dataclass(frozen=True)
class OwnWords:
    """printkit's words in one locale as a pack sees them."""

    locale: str
    found: dict[str, Found] = field(default_factory=dict)
    missing: tuple[str, ...] = ()  # keys printed in English: no usable translation anywhere

    def form(self, key: str, count: int | None = None) -> str:
        """A message before its {placeholders} are filled in; with a count, the locale's plural
        form for it (gettext's ngettext). In the pseudo-locale, English made foreign-looking."""
        english = MESSAGES[key]
        if isinstance(english, tuple):
            assert count is not None, f"{key} has plural forms: give its count"
            english = english[0] if count == 1 else english[1]
        found = self.found.get(key)
        if self.locale == PSEUDO:
            return pseudo(english)
        if found is None:
            return english
        return found.forms[min(found.plural(count), len(found.forms) - 1) if count is not None else 0]

    def text(self, key: str, **values: object) -> str:
        """A message without a count, its placeholders filled in."""
        return self.form(key).format(**values)

    def language_of(self, key: str) -> str:
        """The language a word prints in: the locale's, or English where it fell back."""
        return SOURCE_LOCALE if key in self.missing else self.locale

    def written_at(self, key: str) -> tuple[Path, int]:
        """Where a word as printed is written: its catalog entry, or for English this module's line."""
        if key in self.found:
            return self.found[key].path, self.found[key].line
        path = Path(__file__)
        return path, next(n for n, line in enumerate(path.read_text().splitlines(), 1) if f'"{key}":' in line)

    def length_in(self, inches: float) -> str:
        """A length in inches as the locale writes it, whole centimetres beside it: "4.5 in (11 cm)",
        in German "4,5 Zoll (ca. 11 cm)"."""
        return self.text("length-in", value=self.decimal(inches), cm=round(inches * 2.54))

    def decimal(self, number: float) -> str:
        """A number as the locale writes it (CLDR's decimal mark): 4.5, in German 4,5."""
        return f"{number:g}".replace(".", typography.decimal_mark(self.locale))


def of(locale: str, pack_root: Path | None = None) -> OwnWords:
    """printkit's words in locale: from the pack's catalog of them, else printkit's, then the same in
    each locale it inherits from (de-CH from de), else English. Read again when a catalog changes
    (a build after `i18n update` in the same process)."""
    if locale in (SOURCE_LOCALE, PSEUDO):
        return OwnWords(locale)
    sources = []
    for tag in (locale, *parents(locale)):
        if pack_root is not None:
            sources.append((pack_root, pack_catalog(pack_root, tag), tag))
        sources.append((LOCALE_DIR, shipped_catalog(tag), tag))
    return _words(locale, tuple((root, path, _stamp(path), tag) for root, path, tag in sources))


def texts(locale: str) -> list[str]:
    """printkit's words as printkit prints them in locale (English where it has none), each form once:
    prose of the language that no pack changes. The preview's words are left out: they are read on
    a screen, not printed, and a box's room must not move when the preview gains a word."""
    own = of(locale)
    return [
        own.form(key, count)
        for key, english in MESSAGES.items()
        if not key.startswith("preview-")
        for count in ((1, 2) if isinstance(english, tuple) else (None,))
    ]


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


@cache
def _words(locale: str, sources: tuple[tuple[Path, Path, tuple[int, int] | None, str], ...]) -> OwnWords:
    found: dict[str, Found] = {}
    for root, path, stamp, tag in sources:
        catalog = read_catalog(root, path) if stamp is not None else None
        for key, translation in _usable(catalog, tag, path).items():
            found.setdefault(key, translation)
    return OwnWords(locale, found, tuple(key for key in MESSAGES if key not in found))


def _usable(catalog: polib.POFile | None, locale: str, path: Path) -> dict[str, Found]:
    """The catalog's translations a page can print: translated, not fuzzy, of the current English,
    with the English's {names} (a translation that lost one would fail to print)."""
    if catalog is None:
        return {}
    plural = plural_function(catalog.metadata.get("Plural-Forms", ""), locale)
    usable = {}
    for entry in catalog:
        english = MESSAGES.get(entry.msgctxt or "")
        if entry.obsolete or english is None or _problem(entry, english, locale, plural) is not None:
            continue
        forms = tuple(entry.msgstr_plural[n] for n in sorted(entry.msgstr_plural)) or (entry.msgstr,)
        usable[entry.msgctxt] = Found(forms, plural, path, entry.linenum)
    return usable


def _problem(
    entry: polib.POEntry, english: str | tuple[str, str], locale: str, plural: Callable[[int], int]
) -> tuple[str, str] | None:
    """Why an entry of printkit's words cannot be printed and what to do, None when it can. A plural
    form the catalog's rule (plural) gives for one count only may leave out the {count}, as msgfmt -c
    allows: Arabic's forms for one and two say "ورقة واحدة" and "ورقتان" without the number."""
    singular, english_plural = english if isinstance(english, tuple) else (english, None)
    if entry.msgid != singular or entry.msgid_plural != (english_plural or ""):
        return "translates an earlier English text", "run 'printkit i18n update' to merge the new one"
    if entry.fuzzy:
        return f"the {locale} translation is fuzzy: the English text changed", "review it and remove the fuzzy flag"
    forms = [entry.msgstr_plural[n] for n in sorted(entry.msgstr_plural)] if english_plural else [entry.msgstr]
    if not all(forms):
        return f"not translated to {locale} yet", "translate it; until then it prints in English"
    counted = counted_once(plural, len(forms)) if english_plural else set()
    for index, form in enumerate(forms):
        kept = placeholders(form)
        if index in counted and "{count}" not in kept:
            kept = sorted([*kept, "{count}"])
        if _names(form) - _names(english_plural or singular) or kept != placeholders(singular):
            return f"the translation has other placeholders than the English: {form!r}", "keep the English's"
    return None


def header_problems(pack_root: Path, locale: str) -> list[Problem]:
    """The `Plural-Forms:` header of the pack's catalog of printkit's words where msgfmt refuses it."""
    problem = plural_header_problem(pack_root, pack_catalog(pack_root, locale), locale)
    return [problem] if problem is not None else []


def problems(pack_root: Path, pack_id: str, locale: str) -> list[Problem]:
    """What a locale lacks of printkit's words, for `i18n check`: each entry of the pack's catalog
    of them that cannot be printed, at its line; when the pack has no such catalog, one problem
    counting the words that print in English."""
    own = of(locale, pack_root)
    path = pack_catalog(pack_root, locale)
    catalog = read_catalog(pack_root, path)
    shown = display_path(path)
    if catalog is None:
        if not own.missing:
            return []
        return [
            Problem(
                shown,
                1,
                1,
                "",
                f"{len(own.missing)} of printkit's own words {'is' if len(own.missing) == 1 else 'are'} not "
                f"translated to {locale}; {'it prints' if len(own.missing) == 1 else 'they print'} in English",
                f"create this catalog of them with 'printkit i18n update {pack_id}' and translate it",
            )
        ]
    found = header_problems(pack_root, locale)
    own_plural = plural_function(catalog.metadata.get("Plural-Forms", ""), locale)
    entries = {e.msgctxt: e for e in catalog if not e.obsolete}
    for key in own.missing:
        entry = entries.get(key)
        if entry is None:
            found.append(
                Problem(shown, 1, 1, key, f"missing from the {locale} catalog", f"run 'printkit i18n update {pack_id}'")
            )
        else:
            problem = _problem(entry, MESSAGES[key], locale, own_plural)
            assert problem is not None, "a word the pack's catalog translates usably is not missing"
            found.append(Problem(shown, entry.linenum, 1, key, *problem))
    return found


def write_catalogs() -> list[Path]:
    """printkit.pot from MESSAGES, merged into each of printkit's own catalogs (for its developers)."""
    written = [TEMPLATE]
    TEMPLATE.write_text(po_text(template()), encoding="utf-8")
    for locale in locales()[1:]:
        path = shipped_catalog(locale)
        path.write_text(po_text(merged(read_catalog(LOCALE_DIR, path), locale)), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_catalogs():
        print(f"wrote {display_path(path)}")
