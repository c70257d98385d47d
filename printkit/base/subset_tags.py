"""The tag before an embedded font subset's name (PDF 32000-1, 9.6.4: six capital letters, a
different one for each subset of a file).

Takes: a hash of what a subset holds (its font, glyphs, widths, Unicode map) and the tags its file
has given so far. Returns: its tag, the same for the same subset in any file (a build stays
reproducible, and tools that merge files see one subset where two files share one), hashed on
past a tag the file has given already. Both PDF writers use it: reportlab's tags every subset
AAAAAA+, WeasyPrint's tags a font by its name whatever its subset.
"""

from __future__ import annotations

from typing import Any


def subset_tag(digest: Any, taken: set[bytes]) -> bytes:
    """A tag from digest (a hashlib hash, updated here when its tag is taken), added to taken."""
    while True:
        number = int.from_bytes(digest.digest()[:8])
        tag = bytes(65 + number // 26**i % 26 for i in range(6))
        if tag not in taken:
            taken.add(tag)
            return tag
        digest.update(tag)
