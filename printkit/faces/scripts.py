"""What a script asks of typesetting beyond Latin: shaping, direction and where Chinese and Japanese lines break.

Takes: text (one line, a word, or one character).
Returns: whether text has right-to-left letters, whether it needs shaping (joined scripts such as Arabic, right-to-left letters, combining
marks, Indic and South-East Asian scripts: what HarfBuzz must place glyph by glyph), whether a
paragraph reads right to left (its first strong letter, as the Unicode bidi algorithm's rules P2
and P3 say), each character's bidi embedding level (rules X1 to I2, from python-bidi's pure-Python
algorithm), and whether a line may break between two characters written without a space (Chinese
and Japanese, except before closing and after opening punctuation).
"""

from __future__ import annotations

import unicodedata
from functools import cache

from printkit.base.languages import IDEOGRAPHS

# Scripts HarfBuzz must shape beyond joining and marks: Devanagari to Myanmar, and Khmer.
_COMPLEX_BLOCKS = ((0x0900, 0x109F), (0x1780, 0x17FF))
# Japanese kinsoku: characters a line may not start with, and ones it may not end with.
_NO_LINE_START = set("、。，．・：；！？）」』】〉》〕］｝ー゛゜ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥")
_DROPPED = {"BN", "RLE", "LRE", "RLO", "LRO", "PDF"}
_NO_LINE_END = set("（「『【〈《〔［｛")


@cache
def _right_to_left_letter(char: str) -> bool:
    return unicodedata.bidirectional(char) in ("R", "AL")


@cache
def _complex(char: str) -> bool:
    return (
        _right_to_left_letter(char)
        or unicodedata.category(char) in ("Mn", "Mc", "Me")
        or any(low <= ord(char) <= high for low, high in _COMPLEX_BLOCKS)
    )


def needs_shaping(text: str) -> bool:
    """Whether text must be shaped to be drawn right (text that needs none is drawn character by
    character, as printkit always has)."""
    return not text.isascii() and any(map(_complex, text))  # ASCII has nothing to shape


def has_right_to_left(text: str) -> bool:
    """Whether text has a Hebrew or Arabic letter (or another of a right-to-left script)."""
    return not text.isascii() and any(map(_right_to_left_letter, text))


def right_to_left(text: str) -> bool:
    """Whether a paragraph reads right to left: its first letter of a strong direction is Hebrew or Arabic."""
    if not has_right_to_left(text):  # most text: no need to load the bidi algorithm
        return False
    from bidi import algorithm

    return algorithm.get_base_level(text, False) == 1


def levels(text: str, rtl: bool) -> list[int]:
    """The bidi embedding level of each character of a line in a paragraph of the given direction:
    even levels read left to right, odd ones right to left."""
    from bidi import algorithm  # loaded only for a line with right-to-left text

    storage = algorithm.get_empty_storage()
    storage["base_level"] = int(rtl)
    storage["base_dir"] = "R" if rtl else "L"
    # The algorithm drops formatting characters (rule X9: joiners, embeddings); as neutral objects
    # they keep their place, so there is one level per character.
    kept = "".join("\ufffc" if unicodedata.bidirectional(c) in _DROPPED else c for c in text)
    algorithm.get_embedding_levels(kept, storage, False, False)
    algorithm.explicit_embed_and_overrides(storage, False)
    algorithm.resolve_weak_types(storage, False)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    return [char["level"] for char in storage["chars"]]


@cache
def _ideographic(char: str) -> bool:
    """Han, kana and their punctuation: written without spaces between words."""
    return IDEOGRAPHS.match(char) is not None


def breaks_between(before: str, after: str) -> bool:
    """Whether a line may break between two characters written without a space between them."""
    return (_ideographic(before) or _ideographic(after)) and after not in _NO_LINE_START and before not in _NO_LINE_END
