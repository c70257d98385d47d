"""A template merged into a locale's catalog, as GNU msgmerge merges them.

Takes: the catalog (or none), the template, the pack and the locale.
Returns: the merged catalog: an entry whose text is new takes the translation of the closest
previous text as fuzzy (`#|` shows the English that translation was made for), translator comments,
the header's and the reviewed flag of an unchanged text stay, a text no longer used becomes obsolete
(`#~`, unless it lent its translation) and comes back if the text does; entries are keyed by their
context and English text (msgctxt and msgid, as gettext finds them), so a text used in twelve places
is translated once and two equal texts of different contexts apart. Entries written with their
place as msgctxt by earlier printkit versions are read as entries without context.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections.abc import Callable, Hashable

import polib

from printkit.content.message_key import is_place
from printkit.content.pack import Pack
from printkit.i18n.extract import CATALOG_BASEPATH, EntryKey, header, in_locale_widths, project_name
from printkit.i18n.po_check import catalog_nplurals
from printkit.i18n.po_file import REVIEWED, has_translation, is_reviewed


def entry_key(entry: polib.POEntry) -> EntryKey:
    """What a pack's catalog entry is found by: its context and English text; an entry an earlier
    printkit wrote with its place as msgctxt (`card:spyro/name`) counts as one without context."""
    legacy = entry.msgctxt is not None and is_place(entry.msgctxt)
    return (None if legacy else entry.msgctxt), entry.msgid


def entries(catalog: polib.POFile | None, obsolete: bool = False) -> dict[EntryKey, polib.POEntry]:
    """A catalog's live (or obsolete) entries by their context and English text (`entry_key`); an entry
    an earlier printkit wrote with its place as msgctxt is found as one without context, unless an
    entry without one has the same text."""
    found: dict[EntryKey, polib.POEntry] = {}
    for entry in sorted(catalog or [], key=_is_legacy):
        if entry.obsolete == obsolete:
            found.setdefault(entry_key(entry), entry)
    return found


def _is_legacy(entry: polib.POEntry) -> bool:
    return entry.msgctxt is not None and is_place(entry.msgctxt)


def unit_id(msgid: str, context: str | None = None) -> str:
    """A stable id of a text (and its context) for exchange formats that need one (XLIFF trans-unit
    ids); a text without context keeps the id of its English alone."""
    written = msgid if context is None else f"{context}\x04{msgid}"  # gettext's separator of the two
    return hashlib.sha1(written.encode("utf-8")).hexdigest()[:16]


FUZZY_THRESHOLD = 0.6  # GNU msgmerge's: how alike a previous text must be to lend its translation
RARE_WORDS = 3  # a text of more words is compared with the previous texts sharing one of its rarest
MAX_COMPARED = 200  # and with at most this many of them
PREFERRED = 0.00001  # what msgmerge adds to how alike a translation is for its own context, and for not being fuzzy


def merge(catalog: polib.POFile | None, pot: polib.POFile, pack: Pack, locale: str) -> polib.POFile:
    """A pack's catalog brought up to its template: entries keyed by their context and English text, a
    new one given the closest previous translation as fuzzy."""
    metadata = dict(catalog.metadata) if catalog is not None else header(project_name(pack), locale)
    metadata["X-Poedit-Basepath"] = CATALOG_BASEPATH
    result = merged(catalog, pot, metadata, key=entry_key, closest=True, nplurals=catalog_nplurals(metadata, locale))
    for entry in result:
        entry.flags = in_locale_widths(entry.flags, pack.meta.language, locale)
    return result


def merged(
    catalog: polib.POFile | None,
    template: polib.POFile,
    metadata: dict[str, str],
    *,
    key: Callable[[polib.POEntry], Hashable],
    closest: bool,
    nplurals: int = 2,
) -> polib.POFile:
    """The catalog brought up to the template, as GNU msgmerge does it, with the metadata given.
    An entry of the template takes the translation, translator comments and fuzzy state of the
    previous entry of the same key (a pack's catalogs key by English text, printkit's words by
    msgctxt: a word whose English changed is fuzzy, `#|` showing the English before); with closest,
    one that has none takes the closest previous translation as fuzzy. Previous entries no longer
    used are kept as obsolete when translated (unless a live entry has their key), so none is lost.
    The header keeps the catalog's translator comments and its fields, ordered as msgmerge orders them."""
    result = polib.POFile(wrapwidth=0)
    result.metadata = _merged_header(metadata, template.metadata)
    result.header = catalog.header if catalog is not None else ""  # the translators' credits, kept as msgmerge does
    live = {key(entry): entry for entry in _by_age(catalog, obsolete=False) if key(entry) is not None}
    old = {key(entry): entry for entry in _by_age(catalog, obsolete=True) if key(entry) is not None}
    used: set[int] = set()  # the previous entries that live on, by identity
    unmatched = []
    for entry in template:
        new = polib.POEntry(msgid=entry.msgid, msgctxt=entry.msgctxt, comment=entry.comment, msgstr="")
        new.occurrences, new.flags = list(entry.occurrences), list(entry.flags)
        if entry.msgid_plural:
            new.msgid_plural, new.msgstr_plural = entry.msgid_plural, {n: "" for n in range(nplurals)}
        previous = live.get(key(entry)) or old.get(key(entry))
        if previous is None:
            unmatched.append(new)
        else:
            used.add(id(previous))
            reshaped = _take(new, previous)
            if previous.fuzzy or previous.msgid != entry.msgid or reshaped:
                new.flags.append("fuzzy")
                if previous.msgid == entry.msgid and not reshaped:  # still fuzzy: the English it was made for
                    new.previous_msgctxt, new.previous_msgid = previous.previous_msgctxt, previous.previous_msgid
                    new.previous_msgid_plural = previous.previous_msgid_plural
                else:
                    _lend(new, previous)
            elif is_reviewed(previous):  # the template knows nothing of the review: the catalog's is kept
                new.flags.append(REVIEWED)
        result.append(new)
    if closest:
        similar = _Similar([e for e in catalog or [] if has_translation(e)])
        for new in unmatched:  # msgmerge looks through every previous translation, used or not
            found = similar.closest(new.msgid, new.msgctxt)
            if found is not None:
                used.add(id(found))
                _take(new, found)
                new.flags.append("fuzzy")
                _lend(new, found)
    # The rest is no longer used (a text that lent its translation lives on in the fuzzy entry): kept
    # as obsolete, so no translation is lost, unless a live entry has its key (msgfmt's duplicate).
    keys = {(new.msgctxt, new.msgid) for new in result}
    for entry in catalog or []:
        if id(entry) in used or key(entry) is None or not has_translation(entry):
            continue
        if (entry.msgctxt, entry.msgid) not in keys:
            keys.add((entry.msgctxt, entry.msgid))
            entry.obsolete, entry.occurrences = True, []
            result.append(entry)
    return result


# the header fields GNU msgmerge writes first, in this order; the others follow in the order written
_HEADER_FIELDS = (
    "Project-Id-Version",
    "Report-Msgid-Bugs-To",
    "POT-Creation-Date",
    "PO-Revision-Date",
    "Last-Translator",
    "Language-Team",
    "Language",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
)
_FROM_TEMPLATE = ("Report-Msgid-Bugs-To", "POT-Creation-Date")  # msgmerge takes these from the template


def _merged_header(metadata: dict[str, str], template: dict[str, str]) -> dict[str, str]:
    """A catalog's header fields as msgmerge writes them: gettext's own first in its order, the two
    the template sets taken from it, every other field (Plural-Forms, X-Generator …) where it was."""
    fields = {**metadata, **{name: template[name] for name in _FROM_TEMPLATE if name in template}}
    first = {name: fields[name] for name in _HEADER_FIELDS if name in fields}
    return first | {name: value for name, value in fields.items() if name not in first}


def _take(new: polib.POEntry, previous: polib.POEntry) -> bool:
    """Give new the translation and translator comments of previous, and say whether the translation
    changed its shape: a translation of one form given to a text with plural forms fills each of
    them, and the first of several fills a text without (msgmerge's way); either is fuzzy, as is a
    change of the plural English (msgid_plural)."""
    new.tcomment = previous.tcomment
    if new.msgid_plural and previous.msgid_plural:
        new.msgstr_plural = dict(previous.msgstr_plural) or new.msgstr_plural
        return new.msgid_plural != previous.msgid_plural
    if new.msgid_plural:
        new.msgstr_plural = dict.fromkeys(new.msgstr_plural, previous.msgstr)
        return True
    if previous.msgid_plural:
        new.msgstr = previous.msgstr_plural.get(0, "")
        return True
    new.msgstr = previous.msgstr
    return False


def _lend(new: polib.POEntry, previous: polib.POEntry) -> None:
    """`#|` of a translation lent to new: the context and English it was made for, a fuzzy entry's own
    previous ones (so a second edit still shows the first English), as msgmerge --previous writes them;
    an earlier printkit's place is no context of the designer's, and is left out."""
    if previous.fuzzy and previous.previous_msgid is not None:
        context, msgid, plural = previous.previous_msgctxt, previous.previous_msgid, previous.previous_msgid_plural
    else:
        context, msgid, plural = entry_key(previous)[0], previous.msgid, previous.msgid_plural or None
    new.previous_msgctxt, new.previous_msgid, new.previous_msgid_plural = context, msgid, plural


def _by_age(catalog: polib.POFile | None, *, obsolete: bool) -> list[polib.POEntry]:
    """A catalog's live (or obsolete) entries, the first of two alike last (so it is the one kept
    by key); an entry an earlier printkit wrote with a msgctxt after those without."""
    return list(reversed(sorted((e for e in catalog or [] if e.obsolete == obsolete), key=_is_legacy)))


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

    def closest(self, msgid: str, context: str | None = None) -> polib.POEntry | None:
        """The candidate whose text is most like msgid, if it is alike enough; of two as alike, the one of
        the same context, then one not fuzzy (msgmerge's preferences)."""
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
            reach = best_ratio - 2 * PREFERRED  # what a candidate preferred twice must have to beat the best
            if matcher.real_quick_ratio() >= reach and matcher.quick_ratio() >= reach:
                ratio = matcher.ratio()
                ratio += PREFERRED * ((entry_key(candidate)[0] == context) + (not candidate.fuzzy))
                if ratio >= best_ratio and (best is None or ratio > best_ratio):
                    best, best_ratio = candidate, ratio
        return best


_WORD = re.compile(r"\w+")
