"""Languages as printkit names them: BCP 47 tags (`fr`, `pt-BR`, `zh-Hans`), with what CLDR knows of each.

Takes: a language tag as a pack or a user writes it.
Returns: the tag in its canonical BCP 47 spelling (`pt-BR`), the name gettext tools give its catalog
folder and `Language:` header (`pt_BR`), its plural forms as msginit writes them (GNU gettext's
own table, else CLDR's rule), and its CLDR data through Babel: decimal mark, writing direction and
the language's own name. A tag CLDR does not know raises `UnknownLanguage` with the closest known tags.
"""

from __future__ import annotations

import difflib
import gettext
import re
import unicodedata
from collections.abc import Callable
from functools import cache

from babel import Locale, UnknownLocaleError, localedata
from babel.core import get_global
from babel.languages import get_official_languages
from babel.plural import PluralRule, to_gettext

from printkit.base.plural_table import GETTEXT_PLURAL_FORMS


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


def parents(tag: str) -> list[str]:
    """The locales a text missing in tag is looked for in next, nearest first, as CLDR's inheritance
    goes: de-CH -> de, es-MX -> es-419 -> es, pt-AO -> pt-PT -> pt; never across scripts (zh-TW,
    written in Traditional characters, does not fall back to zh, which is Simplified)."""
    likely = get_global("likely_subtags")
    exceptions = get_global("parent_exceptions")

    def script(name: str) -> str | None:
        return Locale.parse(likely.get(name, name)).script

    chain: list[str] = []
    name = gettext_name(tag)
    while "_" in name:
        parent = exceptions.get(name) or name.rsplit("_", 1)[0]
        if parent == "root" or script(parent) != script(name):
            break
        chain.append(canonical(parent))
        name = parent
    return chain


def gettext_name(tag: str) -> str:
    """The name GNU gettext, Poedit and Weblate give a language: its catalog folder and `Language:`
    header, the tag as written with `_` (`pt_BR`, `zh_CN`, `zh_Hans`), as msginit names it."""
    return canonical(tag).replace("-", "_")


def plural_forms(tag: str) -> str:
    """The `Plural-Forms:` header of the language, as msginit writes it: GNU gettext's own table
    (plural_table.py) by the catalog's name (`pt_BR`: `(n > 1)`), then by its language (`pt-PT`
    reads as `pt`: `(n != 1)`); for a language the table lacks, CLDR's rule as whole numbers take it."""
    locale = cldr(tag)
    known = GETTEXT_PLURAL_FORMS.get(gettext_name(tag)) or GETTEXT_PLURAL_FORMS.get(locale.language)
    return known or _cldr_plural_forms(frozenset(locale.plural_form.rules.items()))


CLDR_CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # CLDR's order, the order of a rule's forms

# The whole numbers that reach every form CLDR gives whole numbers: 0 to 1000, as msgfmt checks a
# rule, and the big round numbers, as CLDR's integer samples of a form only they reach (French's and
# Galician's "many" is 1,000,000 and its multiples; CLDR's largest modulus is 1,000,000).
WHOLE_NUMBERS = (*range(1001), *(digit * 10**zeros for zeros in range(3, 10) for digit in range(1, 10)))


def whole_number_forms(rule: PluralRule) -> list[str]:
    """The categories of a CLDR rule whole numbers reach, in CLDR's order: the forms a gettext rule
    counts (Russian's one, few and many; French's one, many and other)."""
    reached = {rule(n) for n in WHOLE_NUMBERS}
    return [category for category in CLDR_CATEGORIES if category in reached]


@cache
def _cldr_plural_forms(rules: frozenset[tuple[str, str]]) -> str:
    """CLDR's rule as a `Plural-Forms:` header, counted as gettext's cldr-plurals counts it: the forms
    only fractions take left out (Manx's "many"), the operands of fractions and exponents (v, f, e …)
    read as a whole number's, 0, a single form as `plural=0`."""
    forms = whole_number_forms(PluralRule(dict(rules)))
    if len(forms) == 1:
        return "nplurals=1; plural=0;"
    # the last form whole numbers reach is the rule's fall-back: the one numbers matching no other take
    counted = {category: rule for category, rule in rules if category in forms[:-1]}
    return _EXPONENT.sub("0", to_gettext(counted))


_EXPONENT = re.compile(r"\b[ce]\b")  # Babel writes CLDR's exponent operands, which gettext cannot read, as they are


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
    """Whether the language is written right to left (the pseudo-locale is English, made foreign-looking)."""
    return tag != PSEUDO and cldr(tag).character_order == "right-to-left"


def own_name(tag: str) -> str:
    """The language's name in itself: Deutsch, français, 日本語."""
    return cldr(tag).get_display_name() or tag


@cache
def character_width(tag: str) -> int:
    """How wide the language's letters are, in the half-width units East Asian text is measured in:
    2 for a language written in East Asian wide characters (Japanese, Chinese, Korean: its own name's
    letters are all wide, Unicode's East_Asian_Width W or F), else 1."""
    if tag == PSEUDO:
        return 1
    letters = [char for char in own_name(cldr(tag).language) if char.isalpha()]
    return 2 if letters and all(unicodedata.east_asian_width(char) in "WF" for char in letters) else 1


IDEOGRAPHS = re.compile("[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")  # Han, kana, their punctuation


def has_ideographs(text: str) -> bool:
    """Whether text has a character written without spaces between words (else a line breaks only at
    its spaces, and a word is what spaces part)."""
    return IDEOGRAPHS.search(text) is not None
