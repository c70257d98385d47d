"""Languages as printkit names them: BCP 47 tags (`fr`, `pt-BR`, `zh-Hans`), with what CLDR knows of each.

Takes: a language tag as a pack or a user writes it.
Returns: the tag in its canonical BCP 47 spelling (`pt-BR`), the name gettext tools give its catalog
folder and `Language:` header (`pt_BR`), and its CLDR data through Babel: plural forms as gettext
writes them, decimal mark, writing direction and the language's own name. A tag CLDR does not know
raises `UnknownLanguage` with the closest known tags.
"""

from __future__ import annotations

import difflib
from functools import cache

from babel import Locale, UnknownLocaleError, localedata
from babel.languages import get_official_languages
from babel.messages.plurals import get_plural


class UnknownLanguage(ValueError):
    def __init__(self, tag: str, hint: str):
        super().__init__(f"'{tag}' is not a language tag CLDR knows")
        self.tag = tag
        self.hint = hint


PSEUDO = "qps"  # the conventional pseudo-locale code (i18n/pseudo.py): a build language, never a pack's locale


@cache
def cldr(tag: str) -> Locale:
    """The CLDR locale of a BCP 47 tag (`pt-BR`, also `pt_BR` and any case)."""
    if tag.lower() == "und":  # CLDR reads "undetermined" as English (United States)
        raise UnknownLanguage(tag, "name the language: a BCP 47 tag such as fr, pt-BR or zh-Hans")
    if tag.lower() == PSEUDO:
        raise UnknownLanguage(
            tag, "qps is printkit's pseudo-locale: build it with --lang qps or 'printkit i18n pseudo'"
        )
    try:
        return Locale.parse(tag.replace("_", "-"), sep="-")
    except (UnknownLocaleError, ValueError, TypeError):
        close = _meant(tag)
        hint = f"did you mean {' or '.join(close)}?" if close else "write a BCP 47 tag such as fr, pt-BR or zh-Hans"
        raise UnknownLanguage(tag, hint) from None


def _meant(tag: str) -> list[str]:
    """The tags someone writing tag likely meant: the language of a country code (jp: ja, gr: el),
    a language by its English name (spanish: es), else tags spelt alike."""
    written = tag.replace("_", "-").lower()
    if not written.isascii():
        return []
    meant = list(get_official_languages(written.upper()))[:2] if len(written) == 2 else []
    meant += [code for code, name in _english_names().items() if name.lower() == written]
    return meant or difflib.get_close_matches(written, _known_tags(), n=3)


@cache
def _english_names() -> dict[str, str]:
    return {code: name for code, name in Locale("en").languages.items() if code in _known_tags()}


@cache
def _known_tags() -> list[str]:
    return sorted(canonical(name) for name in localedata.locale_identifiers())


def canonical(tag: str) -> str:
    """A tag as BCP 47 spells it: language lower case, script title case, region upper case."""
    parts = tag.replace("_", "-").split("-")
    shown = [parts[0].lower()]
    for part in parts[1:]:
        shown.append(part.title() if len(part) == 4 else part.upper() if len(part) == 2 else part)
    return "-".join(shown)


def gettext_name(tag: str) -> str:
    """The name GNU gettext, Poedit and Weblate give a language: its catalog folder and `Language:`
    header (`pt_BR`, `zh_Hans`)."""
    return str(cldr(tag))


def plural_forms(tag: str) -> str:
    """The `Plural-Forms:` header of the language, from CLDR: `nplurals=2; plural=(n > 1);`."""
    return get_plural(cldr(tag)).plural_forms


def decimal_mark(tag: str) -> str:
    return cldr(tag).number_symbols["latn"]["decimal"]


def right_to_left(tag: str) -> bool:
    return cldr(tag).character_order == "right-to-left"


def own_name(tag: str) -> str:
    """The language's name in itself: Deutsch, français, 日本語."""
    return cldr(tag).get_display_name() or tag
