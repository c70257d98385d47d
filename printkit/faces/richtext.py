"""Rich text in component fields: markup, measuring, wrapping and shrinking to fit a box.

Takes: text written in printkit's markup (read by content.markup: `**bold**`, `*italic*`, inline
icons `[fire]`, line breaks); a box in millimetres, a base font and sizes.
Returns: the drawing primitives of the fitted text, or a `Refusal` saying why it cannot be set
(an unknown icon, a glyph the font lacks, or how far it overflows at the smallest size); and how
many characters of typical text a box holds (`capacity`), by the same rules.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Literal

from printkit.base.icons import ICONS
from printkit.base.memo import BOX_CAPACITIES, FITTED_TEXTS, remembered
from printkit.base.shapes import Shape, Text
from printkit.base.units import MM_PER_POINT
from printkit.content import markup
from printkit.faces.fonts import missing_glyphs, shown, styled, text_width

LINE_HEIGHT = 1.18
CAP_HEIGHT = 0.72  # of the font size, for DejaVu
ICON_SCALE = 1.05  # an inline icon is a little taller than a capital


@dataclass(frozen=True)
class Segment:
    text: str  # the text, or the icon name when icon is True
    font: str
    icon: bool = False


Word = list[Segment]


@dataclass(frozen=True)
class Refusal:
    message: str
    hint: str | None = None


def parse(text: str, base_font: str) -> list[list[Word]] | Refusal:
    """Paragraphs of words; a word is one or more segments written without a space between."""
    paragraphs: list[list[Word]] = [[]]
    word: Word = []

    def font(run: markup.Run) -> str:
        return styled(base_font, run.bold, run.italic)

    def end_word() -> None:
        nonlocal word
        if word:
            paragraphs[-1].append(word)
            word = []

    for run in markup.runs(text):
        if run.kind == "break":
            end_word()
            paragraphs.append([])
        elif run.kind == "space":
            end_word()
        elif run.kind == "icon":
            unknown = markup.unknown_icon(run.text)
            if unknown:
                return Refusal(*unknown)
            word.append(Segment(run.text, font(run), icon=True))
        else:
            word.append(Segment(run.text, font(run)))
    end_word()
    for paragraph in paragraphs:
        for segments in paragraph:
            for segment in segments:
                if segment.icon:
                    continue
                refusal = right_to_left(segment.text)
                if refusal:
                    return refusal
                missing = missing_glyphs(segment.text, segment.font)
                if missing:
                    return Refusal(
                        f"needs glyphs the font '{shown(segment.font)}' lacks: {', '.join(repr(c) for c in missing)}",
                        "use another character or a font that has it",
                    )
    return paragraphs


def right_to_left(text: str) -> Refusal | None:
    """Text in a right-to-left script is refused: drawn as is, its letters would come out unjoined and
    in reverse order (shaping is not there yet)."""
    for word in text.split():
        if any(unicodedata.bidirectional(char) in ("R", "AL") for char in word):
            return Refusal(
                f"is in a right-to-left script ('{word}')",
                "printkit cannot set right-to-left scripts such as Hebrew and Arabic yet",
            )
    return None


def _width(word: Word, size: float) -> float:
    return sum(_icon_size(size) if s.icon else text_width(s.text, s.font, size) for s in word)


def _icon_size(size: float) -> float:
    return size * CAP_HEIGHT * MM_PER_POINT * ICON_SCALE * 1.25


def _space(size: float) -> float:
    return text_width(" ", "sans", size)


def _wrap(paragraphs: list[list[Word]], width: float, size: float) -> list[list[Word]]:
    lines: list[list[Word]] = []
    for paragraph in paragraphs:
        line: list[Word] = []
        used = 0.0
        for word in paragraph:
            needed = _width(word, size) + (_space(size) if line else 0)
            if line and used + needed > width:
                lines.append(line)
                line, used = [word], _width(word, size)
            else:
                line.append(word)
                used += needed
        lines.append(line)
    return lines


def _line_width(line: list[Word], size: float) -> float:
    return sum(_width(word, size) for word in line) + _space(size) * max(0, len(line) - 1)


def measure(text: str, font: str, size: float) -> float:
    """The width of text set on one line, in millimetres (0 when it cannot be set)."""
    paragraphs = parse(text, font)
    if isinstance(paragraphs, Refusal):
        return 0.0
    return max(_line_width([w for w in paragraph], size) for paragraph in paragraphs)


@remembered(FITTED_TEXTS)
def fit(
    text: str,
    box: tuple[float, float, float, float],
    *,
    font: str,
    size: float,
    min_size: float,
    color: str,
    align: Literal["left", "center", "right"],
    max_lines: int,
    valign: Literal["top", "middle", "bottom"] = "middle",
) -> tuple[Shape, ...] | Refusal:
    """The text set in box (x, y, width, height) at the largest size from size down to min_size.
    Remembered: stat values, labels and names recur on many components."""
    paragraphs = parse(text, font)
    if isinstance(paragraphs, Refusal):
        return paragraphs
    x, y, width, height = box
    if width <= 0 or height <= 0:  # a layout for a larger piece, on one too small for it
        return Refusal(
            f"has no room: its box is {max(width, 0):.1f} x {max(height, 0):.1f} mm on a piece this small",
            "give the component a larger size, or leave this text out",
        )
    current = size
    while True:
        lines = _wrap(paragraphs, width, current)
        overflow = _overflow(lines, width, height, current, max_lines)
        if overflow <= 1e-9:
            return tuple(_set(lines, x, y, width, height, current, color, align, valign))
        if current <= min_size:
            return Refusal(
                f"overflows its {width:.1f} x {height:.1f} mm box by {overflow:.1f} mm at {min_size:g} pt",
                "shorten the text or give the component more room",
            )
        current = max(min_size, current - 0.5)


def _overflow(lines: list[list[Word]], width: float, height: float, size: float, max_lines: int) -> float:
    """How far wrapped lines at size pass their box, in mm (0 or less: they fit)."""
    leading = size * LINE_HEIGHT * MM_PER_POINT
    too_many = (len(lines) - max_lines) * leading if len(lines) > max_lines else 0.0
    return max(max(_line_width(line, size) for line in lines) - width, len(lines) * leading - height, too_many)


@remembered(BOX_CAPACITIES)
def capacity(width: float, height: float, font: str, min_size: float, max_lines: int, samples: tuple[str, ...]) -> int:
    """How many characters of typical text fit a box at its smallest size, however the text falls:
    for each sample (the language's typical text read from different places, each longer than any
    box holds), the length of its longest beginning that fits, cut anywhere; the least of them."""
    return min((_longest_fitting(width, height, font, min_size, max_lines, sample) for sample in samples), default=0)


def _longest_fitting(width: float, height: float, font: str, min_size: float, max_lines: int, sample: str) -> int:
    def fits(length: int) -> bool:
        paragraphs = parse(sample[:length].rstrip(), font)
        return not isinstance(paragraphs, Refusal) and (
            _overflow(_wrap(paragraphs, width, min_size), width, height, min_size, max_lines) <= 1e-9
        )

    low, high = 0, 16  # sample[:low] fits; found by doubling, then halving (most boxes hold little)
    while high < len(sample) and fits(high):
        low, high = high, min(2 * high, len(sample))
    high -= 1  # sample[:high + 1] does not fit, or is the whole sample
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return low


def _set(
    lines: list[list[Word]],
    x: float,
    y: float,
    width: float,
    height: float,
    size: float,
    color: str,
    align: str,
    valign: str,
) -> list[Shape]:
    leading = size * LINE_HEIGHT * MM_PER_POINT
    cap = size * CAP_HEIGHT * MM_PER_POINT
    tall = len(lines) * leading - (leading - cap)  # from the first line's cap height to the last baseline
    room = {"top": 0.0, "middle": (height - tall) / 2, "bottom": height - tall}[valign]
    top = y + height - room
    shapes: list[Shape] = []
    for index, line in enumerate(lines):
        baseline = top - cap - index * leading
        slack = width - _line_width(line, size)
        cursor = x + {"left": 0.0, "center": slack / 2, "right": slack}[align]
        run: Text | None = None  # neighbouring text in one font becomes one Text

        def flush() -> None:
            nonlocal run
            if run is not None:
                shapes.append(run)
                run = None

        for number, word in enumerate(line):
            for position, segment in enumerate(word):
                gap = " " if number and position == 0 else ""
                if segment.icon:
                    flush()
                    cursor += _space(size) if gap else 0
                    side = _icon_size(size)
                    shapes.extend(ICONS[segment.text](cursor + side / 2, baseline + cap / 2, side, color))
                    cursor += side
                elif run is not None and run.font == segment.font:
                    run = Text(run.x, baseline, run.text + gap + segment.text, segment.font, size, color, "left")
                    cursor += text_width(gap + segment.text, segment.font, size)
                else:
                    flush()
                    cursor += _space(size) if gap else 0
                    run = Text(cursor, baseline, segment.text, segment.font, size, color, "left")
                    cursor += text_width(segment.text, segment.font, size)
        flush()
    return shapes
