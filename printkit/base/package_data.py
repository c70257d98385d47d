"""printkit's own files (fonts, rulebook templates, its catalog), found with importlib.resources.

Takes: the dotted name of one of printkit's packages and the names of a folder inside it.
Returns: that folder as a path on disk. reportlab's TTFont opens font files by name and WeasyPrint
fetches file:// URLs, so printkit needs real files: a wheel is unpacked into site-packages (and an
editable install is the source tree), where `files()` is a real folder and `as_file` hands it back
as it is. Only a zipped package would get a temporary copy (Python 3.12 and newer), kept until the
process exits.
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from importlib.resources import as_file, files
from pathlib import Path

_copies = ExitStack()
atexit.register(_copies.close)


def folder(package: str, *names: str) -> Path:
    """The folder names/... of package (the package's own folder without names) on disk."""
    return _copies.enter_context(as_file(files(package).joinpath(*names)))
