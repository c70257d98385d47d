"""A glossary of terms and names shared by packs (content/glossary.yaml beside them).

Takes: a pack. Returns: its glossary's terms per locale and its names kept whole; a malformed
glossary raises `Problems` at its lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from printkit.base.errors import (
    Problem,
    Problems,
    display_path,
    shown_value,
)
from printkit.base.languages import has_ideographs
from printkit.content.pack import Pack
from printkit.content.source import SourceFile, read_yaml

GLOSSARY = "glossary.yaml"  # beside the packs it serves: content/glossary.yaml for content/<pack>
NAMES = "names"  # the glossary's list of names kept whole, beside its locales


def glossary_file(pack: Pack) -> Path:
    """The glossary of the folder holding the pack (content/glossary.yaml for content/skystones)."""
    return pack.root.parent / GLOSSARY


def _glossary_source(pack: Pack) -> SourceFile | None:
    path = glossary_file(pack)
    return read_yaml(path, display_path(path), path.parent) if path.is_file() else None


@dataclass(frozen=True)
class Term:
    """How a locale translates an English term: the word a translation must use, and the other
    words that count as using it (compounds such as Turnierliste, which hold the word joined to another)."""

    translation: str
    also: tuple[str, ...] = ()

    def used_in(self, text: str) -> bool:
        """Whether text uses the translation, or one of the words that count as it, as a word of its own."""
        return any(uses_word(text, word, ignore_case=True) for word in (self.translation, *self.also))


def load_glossary(pack: Pack) -> dict[str, dict[str, Term]]:
    """locale -> English term -> the translation the pack's catalog must use for it. A term is
    `term: translation`, or `term: {translation: …, packs: [ids], also: [compounds]}` for a term of
    some games only or one that compounds hold. Raises `Problems` for a glossary that is not written so."""
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
    glossary: dict[str, dict[str, Term]] = {}
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
            packs, also = None, []  # every pack's term, used as a word of its own
            if (
                isinstance(value, dict)
                and set(value) <= {"translation", "packs", "also"}
                and isinstance(value.get("packs", []), list)
                and isinstance(value.get("also", []), list)
                and all(isinstance(word, str) for word in value.get("also", []))
            ):
                packs, also = value.get("packs"), value.get("also", [])
                value = value.get("translation")
            if not isinstance(value, str):
                problems.append(
                    source.problem(
                        (locale, term),
                        f"must be the term's translation, got {shown_value(value)}",
                        "write 'term: translation' or 'term: {translation: TEXT, packs: [PACK-ID], also: [COMPOUND]}'",
                    )
                )
                continue
            if packs is None or pack.id in packs:
                glossary.setdefault(locale, {})[term] = Term(value, tuple(also))
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


# what a word may end with beyond a term and still be that term: an inflection (Siegpunkt-e, Skylander-s,
# Sonderfeld-ern), not a compound's next word (Hand is not in Handkarten)
INFLECTION = r"[^\W\d_]{0,3}"


# the article and the one-letter words Arabic writes joined to the word after them (و, ف, ب, ك, ل; ال,
# وال, بال, لل): a term's word may follow them (المخيّمات uses مخيّم)
ARABIC_PROCLITICS = "(?:[وف]?(?:[بكل]?ال|لل|[بكل])?)"


def uses_word(text: str, word: str, *, ignore_case: bool = False) -> bool:
    """Whether text uses the term or name as a word of its own, perhaps inflected: `Siegpunkt` is in
    `Siegpunkte`, `Hand` is not in `Handkarten`, an Arabic word may follow a proclitic. In a script
    written without spaces between words (Japanese, Chinese) a term is wherever it is written."""
    flags = re.IGNORECASE if ignore_case else 0
    if has_ideographs(word):
        return re.search(re.escape(word), text, flags) is not None
    proclitics = ARABIC_PROCLITICS if "\u0600" <= word[:1] <= "\u06ff" else ""
    return re.search(rf"(?<!\w){proclitics}{re.escape(word)}{INFLECTION}(?!\w)", text, flags) is not None


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
