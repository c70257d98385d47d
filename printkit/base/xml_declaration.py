"""What an XML file's declaration says of its encoding, for a file expat cannot read in it.

Takes: the bytes of an XML file (a workbook's part, an XLIFF file).
Returns: `declared_encoding`: the encoding its `<?xml …?>` declaration names and where in the file;
`UNREADABLE_ENCODING`, what expat raises for one Python lacks (LookupError) or of more than one byte
a character, which expat cannot take (ValueError).
"""

from __future__ import annotations

import re

UNREADABLE_ENCODING = (LookupError, ValueError)
_DECLARED_ENCODING = re.compile(rb"""<\?xml[^>]*?\bencoding\s*=\s*["']([^"'<>]*)""")


def declared_encoding(data: bytes) -> tuple[str, int]:
    """The encoding the declaration that opens data names and its offset; ('?', 0) when it names none."""
    declared = _DECLARED_ENCODING.search(data[:1024])
    return (declared[1].decode("ascii", "replace"), declared.start(1)) if declared else ("?", 0)
