"""The pseudo-locale: English made visibly foreign, a third longer and bracketed.

Takes: source text with printkit markup (`**bold**`, `*italic*`, `[icon]`, `{name}` placeholders, ▶).
Returns: the same text with accented letters, every word stretched so the whole grows by at least
35 %, and brackets around it, markup untouched, so that a build in this locale shows overflow and
text that skipped translation before any translator starts.
"""

from __future__ import annotations

import math
import re

from printkit.base.languages import PSEUDO
from printkit.content import markup
from printkit.content.braces import KEPT

CODE = PSEUDO  # the conventional pseudo-locale code
ACCENTS = str.maketrans("AEIOUYaeiouycnsz", "ÅÉÎÕÜÝåéîõüýçñšž")
_UNTOUCHED = re.compile(rf"({KEPT.pattern}|\s+)")  # in the words between the markup
GROWTH = 0.35
STRETCH = "~"  # what each word grows by


def pseudo(text: str) -> str:
    parts: list[tuple[str, bool]] = []  # (piece, whether it is words to make foreign)
    for token in markup.tokens(text):
        if token.kind != "text":
            parts.append((token.written, False))
            continue
        parts += [(piece, not _UNTOUCHED.fullmatch(piece)) for piece in _UNTOUCHED.split(token.written) if piece]
    letters = sum(len(piece) for piece, words in parts if words)
    extra = math.ceil(letters * GROWTH)
    result = []
    for piece, words in parts:
        if not words:
            result.append(piece)
            continue
        share = math.ceil(extra * len(piece) / max(letters, 1))
        result.append(piece.translate(ACCENTS) + STRETCH * share)
    return "⟦" + "".join(result) + "⟧"
