"""Languages as printkit names them: BCP 47 tags (`fr`, `pt-BR`, `zh-Hans`), with what CLDR knows of each.

Takes: a language tag as a pack or a user writes it.
Returns: the tag in its canonical BCP 47 spelling (`pt-BR`), the name gettext tools give its catalog
folder and `Language:` header (`pt_BR`), and its CLDR data through Babel: plural forms as gettext
writes them, decimal mark, writing direction and the language's own name. A tag CLDR does not know
raises `UnknownLanguage` with the closest known tags.
"""

from __future__ import annotations

import difflib
import gettext
import re
from collections.abc import Callable
from functools import cache

from babel import Locale, UnknownLocaleError, localedata
from babel.core import get_global
from babel.languages import get_official_languages
from babel.messages.plurals import PLURALS, get_plural
from babel.plural import to_gettext


class UnknownLanguage(ValueError):
    def __init__(self, tag: str, hint: str, message: str | None = None):
        super().__init__(message or f"'{tag}' is not a language tag CLDR knows")
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
        locale = Locale.parse(canonical(tag), sep="-")
    except (UnknownLocaleError, ValueError, TypeError):
        close = _meant(tag)
        hint = f"did you mean {' or '.join(close)}?" if close else "write a BCP 47 tag such as fr, pt-BR or zh-Hans"
        raise UnknownLanguage(tag, hint) from None
    named = _NAMED_PART.match(canonical(tag))
    if named is None or named.group(0) != canonical(tag):  # a variant (de-CH-1901) or extension
        base = named.group(0) if named else locale.language
        raise UnknownLanguage(
            tag,
            f"write {base}; printkit names a catalog by language, script and region only",
            f"'{tag}' has a part after its language, script and region that its catalog folder would drop",
        )
    return locale


# what a catalog folder names: language, then a script, a region or both (sr-Latn-RS, es-419)
_NAMED_PART = re.compile(r"[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?")


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
    """A tag as BCP 47 spells it: language lower case, script title case, region upper case, a
    deprecated language code as CLDR replaces it (iw: he, in: id, tl: fil)."""
    parts = tag.replace("_", "-").split("-")
    language = parts[0].lower()
    parts[:1] = str(_language_aliases().get(language, language)).split("_")
    shown = [parts[0]]
    for part in parts[1:]:
        shown.append(part.title() if len(part) == 4 else part.upper() if len(part) == 2 else part)
    return "-".join(shown)


@cache
def _language_aliases() -> dict[str, str]:
    return {old: new for old, new in get_global("language_aliases").items() if new}


def gettext_name(tag: str) -> str:
    """The name GNU gettext, Poedit and Weblate give a language: its catalog folder and `Language:`
    header, the tag as written with `_` (`pt_BR`, `zh_CN`, `zh_Hans`), as msginit names it."""
    return canonical(tag).replace("-", "_")


def plural_forms(tag: str) -> str:
    """The `Plural-Forms:` header of the language: `nplurals=2; plural=(n > 1);`. Babel's table of
    the headers gettext tools write, where it knows the language with as many forms as whole numbers
    take in CLDR; else CLDR's rule (the table gives a language it lacks English's two forms, Persian
    one where CLDR has two). CLDR's forms only fractions or exponents take (Russian's fourth, French's
    third) stay out, as gettext tools leave them out."""
    locale = cldr(tag)
    from_cldr = to_gettext(locale.plural_form)
    known = PLURALS.get(str(locale)) or PLURALS.get(locale.language)
    whole_number_forms = len({locale.plural_form(n) for n in range(1001)})
    if known is None or (known[0] < whole_number_forms and _gettext_reads(from_cldr)):
        return from_cldr
    return get_plural(locale).plural_forms


def _gettext_reads(forms: str) -> bool:
    return plural_rule(forms) is not None


def plural_rule(forms: str) -> Callable[[int], int] | None:
    """The rule of a `Plural-Forms:` header as Python's gettext reads it, None when it cannot."""
    try:
        return gettext.c2py(forms.split("plural=", 1)[1].rstrip().rstrip(";"))
    except (IndexError, ValueError, SyntaxError, RecursionError):
        return None


def plural_problem(forms: str) -> str | None:
    """What msgfmt says of a `Plural-Forms:` header, None when it is good: its rule is evaluated
    for 0 to 1000, as msgfmt checks it, and must give a form from 0 to nplurals - 1."""
    try:
        count = int(forms.split("nplurals=", 1)[1].split(";")[0])
    except (IndexError, ValueError):
        return "invalid nplurals value"
    rule = plural_rule(forms)
    if count < 1:
        return "invalid nplurals value"
    if rule is None:
        return "invalid plural expression"
    for n in range(1001):
        try:
            form = rule(n)
        except ZeroDivisionError:
            return "plural expression can produce division by zero"
        except ArithmeticError:
            return "plural expression can produce arithmetic exceptions, possibly division by zero"
        if form < 0:
            return "plural expression can produce negative values"
        if form >= count:
            return f"nplurals = {count} but plural expression can produce values as large as {form}"
    return None


def decimal_mark(tag: str) -> str:
    return cldr(tag).number_symbols["latn"]["decimal"]


def right_to_left(tag: str) -> bool:
    return cldr(tag).character_order == "right-to-left"


def own_name(tag: str) -> str:
    """The language's name in itself: Deutsch, français, 日本語."""
    return cldr(tag).get_display_name() or tag
