"""printkit's own words on printed pages (calibration page, footers, labels), in every locale.

Takes: a locale and the key of a message, with its named values.
Returns: the text in that locale, from printkit's own gettext catalog
(`printkit/i18n/locales/<lang>/LC_MESSAGES/printkit.po`); English is the source. A key missing from a
catalog is a bug that the tests catch, never a silent fall-back.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import polib

from printkit.base.package_data import folder
from printkit.i18n.pseudo import CODE as PSEUDO
from printkit.i18n.pseudo import pseudo

LOCALE_DIR = folder("printkit.i18n", "locales")
SOURCE_LOCALE = "en"

MESSAGES: dict[str, str] = {
    "calibration-title": "Check the print size before you print the kit",
    "calibration-line-1": "Print this page at 100 % (\u201cactual size\u201d, no \u201cfit to page\u201d) and measure it:",
    "calibration-line-2": "the squares must be exactly 50 mm and 2 in wide, and the ruler must match a real one.",
    "calibration-line-3": "If they are not, turn off page scaling in the print dialog and print again.",
    "duplex-line-1": "Printing on both sides: flip on the {edge} edge. Hold the printed sheet",
    "duplex-line-2": "against a light: the target printed on the back must sit exactly on this one.",
    "edge-long": "long",
    "edge-short": "short",
    "side-fronts": "fronts",
    "side-backs": "backs",
    "side-calibration": "calibration",
    "side-blank": "this side stays blank",
    "page-of": "page {number} of {total}",
    "glue": "glue {piece}",
    "draft": "DRAFT · not yet translated",
    "kit-title": "{title} — print-and-play kit",
    "kind-card": "card",
    "kind-special field": "special field",
    "kind-tile": "tile",
    "kind-chip": "chip",
    "kind-marker": "marker",
    "kind-board": "board",
    "kind-sheet": "sheet",
    "kind-ruler": "ruler",
    "effect-one-time": "one-time effect",
    "effect-ongoing": "ongoing effect",
    "effect-scoring": "scoring effect",
    "unit-in": "{value} in",
    "unit-cm": "{value} cm",
    "length-in": "{value} in ({cm} cm)",
    "decimal-mark": ".",
    "kinds-card": "cards",
    "kinds-special field": "special fields",
    "kinds-tile": "tiles",
    "kinds-chip": "chips",
    "kinds-marker": "markers",
    "kinds-board": "boards",
    "kinds-sheet": "sheets",
    "kinds-ruler": "rulers",
    "rulebook-contents": "Contents",
    "rulebook-components": "Components",
    "rulebook-page": "Page",
    "rulebook-of": "of",
}


@cache
def _catalog(locale: str) -> dict[str, str]:
    if locale == SOURCE_LOCALE or locale not in locales():  # a kit in a language printkit does not speak yet
        return dict(MESSAGES)
    path = written_at(locale, next(iter(MESSAGES)))[0]
    entries = {e.msgctxt: e.msgstr for e in polib.pofile(str(path)) if e.translated() and not e.obsolete}
    missing = sorted(set(MESSAGES) - set(entries))
    if missing:
        raise LookupError(f"printkit's {locale} catalog lacks {', '.join(missing)}")
    return entries


def written_at(locale: str, key: str) -> tuple[Path, int]:
    """Where one of printkit's own words is written: its entry in the locale's catalog; an English
    one in this module."""
    if locale in (SOURCE_LOCALE, PSEUDO):
        path = Path(__file__)
        return path, next(n for n, line in enumerate(path.read_text().splitlines(), 1) if f'"{key}":' in line)
    path = LOCALE_DIR / locale / "LC_MESSAGES" / "printkit.po"
    return path, next(e.linenum for e in polib.pofile(str(path)) if e.msgctxt == key)


def locales() -> list[str]:
    """Every locale printkit's own words are translated into."""
    return [SOURCE_LOCALE] + sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES").is_dir())


def text(locale: str, key: str, **values: object) -> str:
    """A message in locale (in the pseudo-locale, English made foreign-looking)."""
    if locale == PSEUDO:
        return pseudo(MESSAGES[key]).format(**values)
    return _catalog(locale)[key].format(**values)


def length_in(locale: str, inches: float) -> str:
    """A length in inches as the locale writes it, whole centimetres beside it: "4.5 in (11 cm)",
    in German "4,5 Zoll (ca. 11 cm)"."""
    return text(locale, "length-in", value=decimal(locale, inches), cm=round(inches * 2.54))


def decimal(locale: str, number: float) -> str:
    """A number as the locale writes it: 4.5, in German 4,5."""
    return f"{number:g}".replace(".", text(locale, "decimal-mark"))
