"""Typography per locale: the spacing, quotation marks and decimal mark a language sets text with.

Takes: a text in printkit's markup (component text, rulebook prose, printkit's own words; with
its placeholders filled in or not) and the BCP 47 locale it is printed in.
Returns: the text as that locale sets it, so translators type none of it:
- a no-break space (U+00A0) joins a number to the word, unit, percent sign or icon after it
  ("20 mm", "2 SP", "4 Zoll", "2 [star]"), an inline icon to the word after it ("[fire] damage")
  or, where none follows, to the word before it ("gain [star]."), so no line ends or starts with
  an icon apart from its word, an abbreviation to the number after it ("ca. 76") and
  the letters of an abbreviation ("k. o.", "z. B."), so no line starts with a lone unit or letter;
- straight quotation marks ("…") and English ones (“…”) become the locale's, from CLDR's
  delimiters (`delimiters.json`): German „…“, French « … », Japanese 「…」, a quotation inside
  another with the locale's inner marks; marks the translator already typed the locale's way stay.
  English keeps the marks its text is written with; a language CLDR gives no marks of its own
  sets English ones;
- French: a narrow no-break space (U+202F) before ; : ! ? and inside « », and the typographic
  apostrophe (’, U+2019) for a typed ' between letters (l'eau, aujourd'hui); Canadian French
  (fr-CA, the Office québécois de la langue française's rule) a no-break space before : and inside
  « » and none before ; ! ?;
- Swiss German (de-CH, de-LI): ss for ß, as Swiss orthography writes it (CLDR keeps ß among
  German's letters for every region, so this is the Swiss rule, not CLDR's); its quotation marks
  «…» ‹…› are CLDR's;
and the locale's decimal mark (CLDR) for the numbers printkit fills in. Markup ({placeholders},
[icons], `code`, \\[) is left as written. The bundled DejaVu fonts carry U+00A0, U+202F and every
quotation mark used here but the CJK corner brackets, which only CJK fonts (that such text needs
anyway) carry. Line breaking never splits a no-break space: richtext breaks only at spaces, and
WeasyPrint (Pango) follows Unicode's line-breaking rules (U+00A0, U+202F are glue).
"""

from __future__ import annotations

import json
import re
from functools import cache

from printkit.base import languages
from printkit.base.languages import UnknownLanguage, canonical, cldr
from printkit.base.memo import TYPESET_TEXTS, remembered
from printkit.base.package_data import folder
from printkit.content import markup
from printkit.content.braces import KEPT

NBSP = "\u00a0"
NARROW_NBSP = "\u202f"
ENGLISH_QUOTES = "“”‘’"  # CLDR's root delimiters: open, close, inner open, inner close
_ICON = "\ue000"  # marks an [icon] while the rules run: a number joins it like a word
_KEPT = "\ue001"  # stands for a piece kept as written while the rules run, in order
# what is hidden behind _KEPT: markup, and the text's own _ICON and _KEPT characters, so none is confused
_HIDDEN = re.compile(f"{KEPT.pattern}|[{_ICON}{_KEPT}]")

_LETTER = r"[^\W\d_]"
_SPACES = "[ \u00a0\u202f]"
# a figure, any bold/italic switch, spaces, then a word, a unit sign or an icon
_NUMBER_AND_WORD = re.compile(rf"(?<=\d)(\**) +(?=\**(?:{_LETTER}|[%‰°′″]|{_ICON}))")
# an icon, then spaces and a word; else a word, spaces and an icon no word follows
_ICON_AND_WORD = re.compile(rf"({_ICON}{_KEPT}\**) +(?=\**(?:{_LETTER}|\d))")
_WORD_AND_LAST_ICON = re.compile(rf"(?<=[^\W_])(\**) +(?=\**{_ICON}{_KEPT}\**[.,;:!?)\]»”’]*(?:$|\n| +(?!\**[^\W_])))")
_ABBREVIATION_AND_NUMBER = re.compile(rf"(?<!{_LETTER})({_LETTER}{{1,3}}\.) +(?=\d)")
_ABBREVIATION_LETTERS = re.compile(rf"(?<!{_LETTER})({_LETTER}\.) +(?={_LETTER}\.)")
# French: before ; : ! ? after a word (not inside 12:30 or a URL), and inside « »
_FRENCH_BEFORE = re.compile(rf"(?<=[^\s;:!?«]){_SPACES}*([;:!?]+)(?=\s|$|[*»)\]]|{_ICON})")
_FRENCH_APOSTROPHE = re.compile(rf"(?<={_LETTER})'(?={_LETTER})")
_SWISS = ("de-CH", "de-LI")
_FRENCH_OPEN = re.compile(f"«{_SPACES}*")
_FRENCH_CLOSE = re.compile(f"{_SPACES}*»")
_OPENING_CONTEXT = set("([{/-–—\n ") | {NBSP, NARROW_NBSP}
_TYPED_OPENERS = set("„«「『")  # a translator's own quotes, kept as typed
_TYPED_CLOSERS = set("“”»」』")


# what any rule below starts from: a figure, an abbreviation's full stop, a quotation mark, French punctuation
# and apostrophes, a Swiss ß, an icon
_ANY_RULE = re.compile("[\\d.\"“”;:!?«»'ßẞ[]")
# what the no-break space rules alone start from, all there is to set in English and the pseudo-locale
# (which keep the quotation marks written): a figure before a space (bold switches between), an
# abbreviation's full stop before one, a bracket (an icon, or an escaped bracket: a look more than needed)
_SPACING_RULE = re.compile(r"\d\** |\. |\[")


@remembered(TYPESET_TEXTS)
def apply(text: str, locale: str) -> str:
    """text as locale sets it: no-break spaces, quotation marks and French spacing (module doc)."""
    if not _ANY_RULE.search(text):  # most words on a card: nothing to set, and a deck has thousands
        return text
    language = _language(locale)
    marks_kept = language in (None, "en")
    if marks_kept and not _SPACING_RULE.search(text):  # "Card 12": nothing either
        return text
    hidden: list[str] = []
    masked = _masked(text, hidden)
    masked = _NUMBER_AND_WORD.sub(rf"\1{NBSP}", masked)
    masked = _ICON_AND_WORD.sub(rf"\1{NBSP}", masked)
    masked = _WORD_AND_LAST_ICON.sub(rf"\1{NBSP}", masked)
    masked = _ABBREVIATION_AND_NUMBER.sub(rf"\1{NBSP}", masked)
    masked = _ABBREVIATION_LETTERS.sub(rf"\1{NBSP}", masked)
    if not marks_kept:
        masked = _quoted(masked, quotes(locale))
    if language == "fr":
        masked = _FRENCH_APOSTROPHE.sub("’", masked)
        canadian = _region(locale) == "fr-CA"
        inside = NBSP if canadian else NARROW_NBSP
        masked = _FRENCH_BEFORE.sub(_french_before(canadian), masked)
        masked = _FRENCH_CLOSE.sub(f"{inside}»", _FRENCH_OPEN.sub(f"«{inside}", masked))
    if _region(locale) in _SWISS:
        masked = masked.replace("ß", "ss").replace("ẞ", "SS")
    return _unmasked(masked, hidden)


def _french_before(canadian: bool):
    """What goes before ; : ! ?: a narrow no-break space in France; in Canada a no-break space
    before the colon only."""

    def spaced(match: re.Match[str]) -> str:
        marks = match.group(1)
        if not canadian:
            return NARROW_NBSP + marks
        return (NBSP if marks.startswith(":") else "") + marks

    return spaced


def _masked(text: str, hidden: list[str]) -> str:
    """text with each piece kept as written replaced by _KEPT (the pieces remembered in hidden, in order)."""

    def hide(written: str) -> str:
        hidden.append(written)
        return _KEPT

    pieces = []
    for token in markup.tokens(text, code=True):
        if token.kind in ("icon", "code", "bracket"):
            pieces.append(hide(token.written) if token.kind != "icon" else _ICON + hide(token.written))
        else:
            pieces.append(_HIDDEN.sub(lambda m: hide(m.group(0)), token.written))
    return "".join(pieces)


def _unmasked(text: str, hidden: list[str]) -> str:
    """The masked text with each _KEPT replaced by its piece: the rules keep them in order."""
    pieces = iter(hidden)
    return re.sub(_KEPT, lambda _: next(pieces), text.replace(_ICON, ""))


def _quoted(text: str, marks: str) -> str:
    """Straight and English double quotation marks as marks (open, close, inner open, inner close);
    a quotation opened with the locale's own mark closes with what the translator typed."""
    shown = []
    open_quotes: list[bool] = []  # per open quotation: True when printkit sets its marks

    def opening() -> str:
        open_quotes.append(True)
        return marks[0 if len(open_quotes) % 2 else 2]

    def closing() -> str:
        inner = len(open_quotes) % 2 == 0 and bool(open_quotes)
        if open_quotes:
            open_quotes.pop()
        return marks[3 if inner else 1]

    before = ""  # the character before, bold and italic switches aside
    for char in text:
        if char == '"':
            # after a space or bracket it opens; else it closes the quotation open (Japanese has no spaces)
            opens = before == "" or before in _OPENING_CONTEXT or not open_quotes
            shown.append(opening() if opens else closing())
        elif char in "“”" and open_quotes and not open_quotes[-1]:  # closes the translator's „ or «
            open_quotes.pop()
            shown.append(char)
        elif char == "“":
            shown.append(opening())
        elif char == "”":
            shown.append(closing())
        elif char in _TYPED_OPENERS:
            open_quotes.append(False)
            shown.append(char)
        elif char in _TYPED_CLOSERS and open_quotes and not open_quotes[-1]:
            open_quotes.pop()
            shown.append(char)
        else:
            shown.append(char)
        before = before if char == "*" else char
    return "".join(shown)


@cache
def _language(locale: str) -> str | None:
    """The locale's language as CLDR knows it; None for one CLDR does not know (the pseudo-locale),
    which keeps the marks its text is written with, as English does."""
    try:
        return cldr(locale).language
    except UnknownLanguage:
        return None


@cache
def _region(locale: str) -> str:
    """The locale's language and region as CLDR writes them (`fr-CA`), or its language alone."""
    try:
        found = cldr(locale)
    except UnknownLanguage:
        return locale
    return f"{found.language}-{found.territory}" if found.territory else found.language


@cache
def quotes(locale: str) -> str:
    """The locale's quotation marks (open, close, inner open, inner close), from CLDR: the most
    specific of `pt-PT`, `pt`; English's for a language CLDR gives none of its own."""
    parts = canonical(locale).split("-")
    known = _delimiters()
    return next(
        (known[tag] for tag in ("-".join(parts[:n]) for n in range(len(parts), 0, -1)) if tag in known),
        ENGLISH_QUOTES,
    )


@cache
def _delimiters() -> dict[str, str]:
    return json.loads((folder("printkit.i18n") / "delimiters.json").read_text(encoding="utf-8"))["delimiters"]


@cache
def decimal_mark(locale: str) -> str:
    """The locale's decimal mark (`,` in German and French), from CLDR; `.` for a locale CLDR does not
    know (the pseudo-locale)."""
    return languages.decimal_mark(locale) if _language(locale) else "."
