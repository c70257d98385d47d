"""The pseudo-locale: English made visibly foreign, a third longer and bracketed.

Takes: source text with printkit markup (`**bold**`, `*italic*`, `[icon]`, `{name}` placeholders, ▶).
Returns: the same text with accented letters, every word stretched so the whole grows by at least
35 %, and brackets around it, markup untouched, so that a build in this locale shows overflow and
text that skipped translation before any translator starts.
"""

from __future__ import annotations

import math
import re

CODE = "qps"  # the conventional pseudo-locale code
ACCENTS = str.maketrans("AEIOUYaeiouycnsz", "ÅÉÎÕÜÝåéîõüýçñšž")
_MARKUP = re.compile(r"(\*\*|\*|\\\[|\[[a-z0-9-]+\]|\{[a-z_]+(?::[a-z0-9/-]+)?\}|▶|\s+)")
GROWTH = 0.35


def pseudo(text: str) -> str:
    parts = _MARKUP.split(text)
    letters = sum(len(p) for p in parts if p and not _MARKUP.fullmatch(p))
    extra = math.ceil(letters * GROWTH)
    result = []
    for part in parts:
        if not part or _MARKUP.fullmatch(part):
            result.append(part)
            continue
        share = math.ceil(extra * len(part) / max(letters, 1))
        result.append(part.translate(ACCENTS) + "~" * share)
    return "⟦" + "".join(result) + "⟧"
