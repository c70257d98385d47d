"""Where a compound word is joined: German writes compounds closed (Nachziehstapel, Fernangriff),
and a dictionary hyphenator breaks them anywhere (Nachziehsta-pel, Fernan-griff); a reader wants the
break at the joint (Nachzieh-stapel, Fern-angriff).

Takes: a language and the texts of a pack in it (its translated messages and glossary terms).
Returns: each compound split at its joints, for the rulebooks (which join the parts with soft
hyphens in a span WeasyPrint sets `hyphens: manual`, so it breaks the word there and nowhere else)
and for the text of components (soft hyphens where faces.richtext may break a word that does not fit).
A joint is found from the pack's own words: a capitalised word ends, after at least three letters, in
a noun the texts write on their own, perhaps inflected (Sonderinseln is Sonder + Inseln,
Angriffspunkte is Angriffs + Punkt-e), or in the last word two glossary terms share (Stapel).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property

from printkit.content.pack import Pack
from printkit.i18n.extract import Message, messages
from printkit.i18n.glossary import glossary_names, load_glossary

SOFT_HYPHEN = "\u00ad"

# languages that write compounds as one word
COMPOUNDING = frozenset({"de"})

# the shortest fragment a joint leaves on either side: a shorter one is not worth a line break
SHORTEST = 3
# the shortest noun seen as a compound's last word: shorter ones (Ort, Eis) end too many other words
SHORTEST_NOUN = 4
# a German noun's inflections, and the shortest noun seen inflected: a shorter one would find Ende-r in
# schwebender and Erde-m in Außerdem
ENDINGS = ("e", "n", "s", "en", "er", "es", "ns", "ern")
SHORTEST_STEM = 5

WORD = re.compile(r"[^\W\d_]+")
# a word after another word of its sentence: a letter, a digit or a comma, then spaces (markup and
# quotation marks between)
_INSIDE_A_SENTENCE = re.compile(r"(?<=[\w,)])[ \u00a0]+[*„“\"'(]*([^\W\d_]+)")


@dataclass(frozen=True)
class Joints:
    """The nouns a language's texts use on their own, lower-cased: the ends compounds are split at."""

    nouns: frozenset[str]
    lower: frozenset[str] = frozenset()  # the words also written in lower case: not nouns
    names: tuple[str, ...] = ()  # the words of the glossary's names, lower-cased: a word they begin is kept whole

    @classmethod
    def of(cls, lang: str, texts: Iterable[str], terms: Iterable[str] = ()) -> Joints:
        """From the language's texts and its glossary's terms, whose shared last word is a noun even
        where no text writes it alone (Ablage-stapel, Nachzieh-stapel: Stapel)."""
        if lang.split("-")[0] not in COMPOUNDING:
            return cls(frozenset())
        texts, terms = list(texts), list(terms)
        written = {word for text in texts for word in WORD.findall(text)}
        glossary = {word for term in terms for word in WORD.findall(term) if word[0].isupper()}
        shared = _shared_ends(glossary)
        # a noun is capitalised wherever it is written; a word also written in lower case (Ohne at a
        # sentence's start) is not one, nor is one the texts capitalise only where a sentence starts
        # (Zieh, Leg: a rule's verbs), unless the glossary has it or a text is that word alone
        inside = {match.group(1) for text in texts for match in _INSIDE_A_SENTENCE.finditer(text)}
        inside |= {text.strip() for text in texts if WORD.fullmatch(text.strip())}  # a name, a label
        lower = frozenset(w for w in written if w[0].islower())
        nouns = frozenset(
            w.lower()
            for w in written | shared
            if w[0].isupper()
            and len(w) >= SHORTEST_NOUN
            and w.lower() not in lower
            and (w in inside or w in shared or w in glossary)
        )
        return cls(nouns, lower)

    @classmethod
    def of_pack(cls, pack: Pack, lang: str, found: list[Message] | None = None) -> Joints:
        """For the pack in lang (translated into it): from its texts translated into lang (found, its
        messages, where the caller has them already), and its glossary's terms in lang."""
        if lang.split("-")[0] not in COMPOUNDING:
            return cls(frozenset())
        # the rulebook's texts in lang: those translated (the others are in the pack's own language)
        texts = [
            m.msgid
            for m in (messages(pack) if found is None else found)
            if lang == pack.meta.language or m.key.kind != "rulebook" or m.key in pack.translated_from
        ]
        terms = load_glossary(pack).get(lang.split("-")[0], {}).values()
        joints = cls.of(lang, texts, [word for term in terms for word in (term.translation, *term.also)])
        names = tuple(sorted({word.lower() for name in glossary_names(pack) for word in name.split()}))
        return replace(joints, names=names)

    def hyphenated(self, text: str) -> str:
        """text with a soft hyphen at each joint of its compounds (for a line to break there)."""
        if not self.nouns:
            return text
        return WORD.sub(lambda match: SOFT_HYPHEN.join(self.split(match.group(0))), text)

    def split(self, word: str) -> list[str]:
        """The word in its parts, first to last: the longest known noun it ends in after at least
        SHORTEST letters, then the rest split the same way (Nachziehstapel -> Nachzieh, stapel); in
        a loop, as a stranger's word may hold thousands of nouns."""
        parts: list[str] = []  # last first
        while (start := self._last_joint(word)) is not None:
            parts.append(word[start:])
            word = word[:start]
        return [word, *reversed(parts)]

    def _last_joint(self, word: str) -> int | None:
        """Where the word's last part starts (the longest known noun it ends in after at least
        SHORTEST letters), or None when it is no compound of known nouns."""
        lowered = word.lower()
        if not word[:1].isupper() or lowered in self.lower:  # a compound is a noun (not Kritischer)
            return None
        if lowered.startswith(self.names):  # a name, and the word it begins (Skylanders), stay whole
            return None
        # a tail longer than the longest noun inflected is none: a stranger's 100,000-letter word
        # is looked at where a noun could end it, not from every letter
        starts = range(max(SHORTEST, len(word) - self._longest), len(word) - SHORTEST_NOUN + 1)
        # a noun as written before an inflected one, whichever ends the word first
        for found in (lambda tail: tail in self.nouns, self.inflected):
            for start in starts:
                if found(lowered[start:]):
                    return start
        return None

    @cached_property
    def _longest(self) -> int:
        """The longest a compound's last word can be: the longest noun with the longest ending."""
        return max(map(len, self.nouns), default=0) + max(map(len, ENDINGS))

    def inflected(self, lowered: str) -> bool:
        """Whether a lower-cased word is a noun of the texts inflected (Punkt-e, Feld-ern)."""
        stems = (lowered[: -len(ending)] for ending in ENDINGS if lowered.endswith(ending))
        return any(len(stem) >= SHORTEST_STEM and stem in self.nouns for stem in stems)


def _shared_ends(compounds: set[str]) -> set[str]:
    """The last words two compounds share after different first parts, capitalised (Stapel)."""
    ends = set()
    for a in compounds:
        for b in compounds:
            shared = len(os.path.commonprefix([a[::-1].lower(), b[::-1].lower()]))
            if a < b and shared >= SHORTEST_STEM and min(len(a), len(b)) - shared >= SHORTEST:
                ends.add(a[-shared:].capitalize())
    return ends
