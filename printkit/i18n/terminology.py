"""The glossary as terminology files for Weblate's glossaries and CAT tools.

Takes: a pack and a locale (its glossary read by glossary.py).
Returns: the pack's terms and names for that locale as TBX (written by translate-toolkit, which
Weblate reads and writes TBX with) and as CSV with the header Weblate reads (`source,target,
developer_comments`). A name is a term whose translation is itself, marked untranslatable
(`<descrip type="Translation needed">No</descrip>`, which Weblate imports as a read-only term); the
compounds a term lists under `also:` are further target terms of its entry.
"""

from __future__ import annotations

import csv
import io

from printkit.content.pack import Pack
from printkit.i18n.glossary import Term, glossary_names, load_glossary

NAME_NOTE = "proper name: printed as it is in every language"


def _entries(pack: Pack, locale: str) -> list[tuple[str, Term, bool]]:
    """The pack's terms for locale, then its names: (English, its translation, whether a name)."""
    terms = [(english, term, False) for english, term in load_glossary(pack).get(locale, {}).items()]
    return terms + [(name, Term(name), True) for name in glossary_names(pack)]


def _note(term: Term, name: bool) -> str:
    if name:
        return NAME_NOTE
    return f"also counts as the term: {', '.join(term.also)}" if term.also else ""


def glossary_tbx(pack: Pack, locale: str) -> bytes:
    """The glossary of pack in locale as a TBX file, one termEntry a term or name."""
    from translate.storage.tbx import tbxfile  # only the terminology export needs it

    store = tbxfile(sourcelanguage=pack.meta.language, targetlanguage=locale)
    for english, term, name in _entries(pack, locale):
        unit = store.addsourceunit(english)
        unit.set_target_terms([term.translation, *term.also])
        if name:
            untranslatable = unit.xmlelement.makeelement(unit.namespaced("descrip"), {"type": "Translation needed"})
            untranslatable.text = "No"
            unit.xmlelement.insert(0, untranslatable)  # a termEntry's descrip comes before its langSets
        note = _note(term, name)
        if note:
            unit.addnote(note, origin="developer")
    return bytes(store)


def glossary_csv(pack: Pack, locale: str) -> bytes:
    """The glossary of pack in locale as CSV with Weblate's header, one row a term or name."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["source", "target", "developer_comments"])
    for english, term, name in _entries(pack, locale):
        writer.writerow([english, term.translation, _note(term, name)])
    return text.getvalue().encode("utf-8")
