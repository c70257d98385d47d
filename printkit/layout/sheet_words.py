"""Sheet words: the words printed on a sheet beside its pieces, each set to fit its box.

Takes: the pack and the locale (printkit's own words in it, the pack's title and credits), and for
a footer the sheet, its number and the sheet options (where the back's footer lies).
Returns: the shapes of words set in a box of the sheet in the typography of their language (the
calibration page's texts, every sheet's footer); words that cannot fit raise `Problems`, placed at
the catalog entry of printkit's own words or at the pack's text (in pack.yaml or its translation).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from printkit.base.errors import Problem, Problems, display_path
from printkit.base.languages import right_to_left
from printkit.base.palette import INK
from printkit.base.shapes import Shape
from printkit.base.units import MM_PER_POINT
from printkit.content.load import PACK_FILE
from printkit.content.message_key import MessageKey
from printkit.content.pack import Pack
from printkit.faces import richtext
from printkit.faces.fonts import locale_font
from printkit.i18n import typography, words
from printkit.layout.sheets import FOOTER_LINE, PRINTER_REACH, Page, SheetOptions

FOOTER_SIZE = 6.5  # points
FOOTER_DESCENT = 0.25  # of the size: how far letters reach below their baseline (DejaVu's 0.24)


class SheetWords:
    """Words set on the sheets of one pack in one locale."""

    def __init__(self, pack: Pack, locale: str):
        self.pack, self.locale = pack, locale
        self.words = words.of(locale, pack.root)

    def own(self, key: str, **values: object) -> str:
        """One of printkit's own words in the locale, its placeholders filled with values."""
        return self.words.text(key, **values)

    def fitted(
        self,
        text: str,
        box: tuple[float, float, float, float],
        font: str,
        size: float,
        *,
        max_lines: int,
        colour: str = INK,
        blame: Callable[[str, str | None], Problem],
        language: str | None = None,
        valign: Literal["top", "middle", "bottom"] = "middle",
    ) -> list[Shape]:
        """Words set in a box of the sheet in the typography of their language (the kit's, unless
        printkit's own words fell back to English); words that cannot fit are a problem blame places."""
        result = richtext.fit(
            typography.apply(text, language or self.locale),
            box,
            font=font,
            size=size,
            min_size=5,
            color=colour,
            align="center",
            max_lines=max_lines,
            valign=valign,
            script_font=locale_font(self.pack, self.locale),
            rtl_language=right_to_left(language or self.locale),
        )
        if isinstance(result, richtext.Refusal):
            raise Problems([blame(f"{result.message} in locale {self.locale}: {text!r}", result.hint)])
        return list(result)

    def own_fitted(
        self,
        key: str,
        box: tuple[float, float, float, float],
        font: str,
        size: float,
        *,
        max_lines: int,
        **values: object,
    ) -> list[Shape]:
        """One of printkit's own words (its placeholders filled with values) set in a box of the sheet,
        in the typography of the language it prints in; a word that cannot fit is blamed on its
        catalog entry."""
        return self.fitted(
            self.own(key, **values),
            box,
            font,
            size,
            max_lines=max_lines,
            blame=self._own_words(key),
            language=self.words.language_of(key),
        )

    def _own_words(self, key: str) -> Callable[[str, str | None], Problem]:
        """Blame for printkit's own words that do not fit: a catalog bug, placed at the entry of key."""

        def problem(message: str, hint: str | None) -> Problem:
            path, line = self.words.written_at(key)
            return Problem(
                display_path(path), line, 1, key, f"printkit's own text {message}", "shorten the translation"
            )

        return problem

    def pack_words(self, key: str) -> Callable[[str, str | None], Problem]:
        """Blame for the pack's words that do not fit (its credits, its title in the footer)."""
        return lambda message, hint: self._pack_text_problem(key, f"text {message}", hint)

    def _pack_text_problem(self, key: str, message: str, hint: str | None) -> Problem:
        """At the translation's line in its PO file when the pack's text is translated, else in pack.yaml."""
        message_key = MessageKey.of("pack", (key,))
        return self.pack.text_problem(message_key, self.pack.source_of(PACK_FILE), (key,), message, hint)


def footer(sheet_words: SheetWords, options: SheetOptions, page: Page, number: int, total: int) -> list[Shape]:
    """The line at the foot of a sheet: the pack, the kinds of pieces, the side and the page number."""
    kinds = sorted({sheet_words.own(f"kind-{p.component.kind}") for p in page.placements})
    side = sheet_words.own({"back": "side-backs", "front": "side-fronts", "calibration": "side-calibration"}[page.side])
    meta = sheet_words.pack.meta
    title = f"{meta.title} {meta.version}" if meta.version else meta.title
    parts = [title, ", ".join(kinds), side, sheet_words.own("page-of", number=number, total=total)]
    if page.side == "back" and not page.placements and number > 2:
        parts[2] = sheet_words.own("side-blank")
    label = " · ".join(p for p in parts if p)
    line = (15.0, PRINTER_REACH, page.size.width - 15, PRINTER_REACH + FOOTER_LINE)
    if page.side == "back":  # behind the front's footer, where the back sheet has no marks
        line = options.flip_box(line, page.size)
    x0, y0, x1, _ = line
    baseline = y0 + FOOTER_DESCENT * FOOTER_SIZE * MM_PER_POINT
    return sheet_words.fitted(
        label,
        (x0, baseline, x1 - x0, 2 * FOOTER_LINE),  # set on the box's bottom, which the letters do not fill
        "sans",
        FOOTER_SIZE,
        max_lines=1,
        valign="bottom",
        colour="#666666",
        blame=sheet_words.pack_words("title"),
    )
