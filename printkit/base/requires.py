"""What printkit needs beyond its core install, and the one line that says how to get it.

Takes: the name of an optional part of printkit (`preview`, `export`), or of a system library a
part loads (`pango`, `unistring`).
Gives: `need(extra)`, which returns when the part's Python packages are installed and otherwise
raises a `Fault` naming the pip command; `missing_library(name)`, the sentence naming what needs the
library and how this operating system installs it; `typesetter()`, WeasyPrint's HTML class, or a
`Fault` with that sentence when the system libraries it loads are missing.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import sys
from typing import Any

from printkit.base.errors import Fault

DISTRIBUTION = "printkit-tabletop"  # printkit's name on PyPI

# extra -> (what it is for, {module it installs: the distribution people know it by})
EXTRAS: dict[str, tuple[str, dict[str, str]]] = {
    "preview": (
        "the live preview (printkit serve)",
        {"starlette": "starlette", "uvicorn": "uvicorn", "watchfiles": "watchfiles"},
    ),
    "export": ("writing spreadsheets (printkit export to .xlsx or .ods)", {"openpyxl": "openpyxl", "odf": "odfpy"}),
}

# library -> (what needs it, how Linux, macOS and Windows install it)
LIBRARIES: dict[str, tuple[str, dict[str, str]]] = {
    "pango": (
        "rulebooks need Pango",
        {
            "linux": "install pango (Debian, Ubuntu: apt-get install libpango-1.0-0 libpangoft2-1.0-0; "
            "Fedora: dnf install pango)",
            "darwin": "install it with Homebrew: brew install pango",
            "win32": "install the GTK3 runtime as WeasyPrint's documentation says "
            "(github.com/tschoonj/GTK-for-Windows-Runtime-Environment-Installer), then open a new terminal; "
            "if it is still not found, set WEASYPRINT_DLL_DIRECTORIES to the runtime's bin folder",
        },
    ),
    "unistring": (
        "writing PO catalogs as msgcat writes them needs GNU libunistring",
        {
            "linux": "install gettext (Debian, Ubuntu: apt-get install gettext; Fedora: dnf install gettext)",
            "darwin": "install it with Homebrew: brew install gettext",
            "win32": "install gettext (MSYS2: pacman -S mingw-w64-x86_64-gettext) and put its bin folder on PATH",
        },
    ),
}


def need(extra: str) -> None:
    """Returns when the optional part's packages are installed; else a Fault naming the command."""
    purpose, modules = EXTRAS[extra]
    missing = [distribution for module, distribution in modules.items() if not _importable(module)]
    if missing:
        raise Fault(
            f"{purpose} needs {', '.join(missing)}, which {'is' if len(missing) == 1 else 'are'} not installed "
            f"(pip install '{DISTRIBUTION}[{extra}]')"
        )


def _importable(module: str) -> bool:
    try:
        importlib.import_module(module)  # the part imports it next: nothing is loaded twice
    except ImportError:
        return False
    return True


def missing_library(name: str) -> str:
    """What needs a system library that is not installed, and this OS's way to install it."""
    needs, how = LIBRARIES[name]
    system = sys.platform if sys.platform in ("win32", "darwin") else "linux"
    return f"{needs}, which was not found: {how[system]}"


def typesetter() -> Any:
    """WeasyPrint's HTML class (imported here: heavy, and only rulebooks need it); a Fault when the
    system libraries it loads are missing, which WeasyPrint would report with a page of text."""
    if "weasyprint" in sys.modules:
        return sys.modules["weasyprint"].HTML
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            from weasyprint import HTML
    except OSError:  # cffi's dlopen: Pango, GObject or fontconfig, all installed with Pango
        raise Fault(missing_library("pango")) from None
    return HTML
