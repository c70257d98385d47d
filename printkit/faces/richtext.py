"""Rich text in component fields: markup, measuring, wrapping and shrinking to fit a box.

Takes: text written in printkit's markup (read by content.markup: `**bold**`, `*italic*`, inline
icons `[fire]`, line breaks); a box in millimetres, a base font, the locale's script font if it names
one, and sizes.
Returns: the drawing primitives of the fitted text, or a `Refusal` saying why it cannot be set
(an unknown icon, a glyph the font lacks, or how far it overflows at the smallest size); and how
many characters of typical text a box holds (`capacity`), by the same rules.

Beyond Latin: letters of other scripts are set in the script font where it has them; Chinese and
Japanese lines break between characters (faces.scripts); a paragraph whose first strong letter is
Hebrew or Arabic reads right to left: its lines are ordered by the Unicode bidi algorithm, each run
of one direction and font becomes a Text of that direction (shaped when drawn), and `left` and
`right` alignment mean its start and end. A line with nothing right to left is set as it always was.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from itertools import groupby
from typing import Literal, NamedTuple

from printkit.base.icons import PRINTKITS_ICONS, Icons
from printkit.base.languages import has_ideographs
from printkit.base.memo import BOX_CAPACITIES, FITTED_TEXTS, PARSED_TEXTS, remembered
from printkit.base.shapes import Rect, Shape, Text
from printkit.base.units import MM_PER_POINT
from printkit.content import markup
from printkit.faces.fonts import has_glyph, missing_glyphs, shown, styled, text_width
from printkit.faces.scripts import breaks_between, has_right_to_left, levels, right_to_left
from printkit.i18n.joints import SOFT_HYPHEN

LINE_HEIGHT = 1.18
CAP_HEIGHT = 0.72  # of the font size, for DejaVu
ICON_SCALE = 1.05  # an inline icon is a little taller than a capital


class Segment(NamedTuple):  # a tuple: a deck's texts have a segment a word, made faster than dataclasses
    text: str  # the text, or the icon name when icon is True
    font: str
    icon: bool = False
    joins: bool = False  # a word's first segment: follows the word before without a space (Japanese)


Word = list[Segment]


class Line(NamedTuple):
    words: list[Word]
    rtl: bool  # its paragraph reads right to left
    width: float  # at the size it was wrapped at
    bidi: bool  # set in the bidi algorithm's order: its paragraph reads right to left, or it has letters that do


def _line(words: list[Word], widths: list[float], space: float, rtl: bool, mixed: bool) -> Line:
    """A line of words of these widths, a space this wide between them, of a paragraph that reads right
    to left (rtl) or has letters that do (mixed)."""
    bidi = rtl or mixed and has_right_to_left("".join(s.text for word in words for s in word if not s.icon))
    return Line(words, rtl, _set_width(words, widths, space), bidi)


def _set_width(words: list[Word], widths: list[float], space: float) -> float:
    """The width of words of these widths set in a line, a space this wide before each spaced one but the first."""
    return sum(widths) + space * sum(map(_spaced, words[1:]))


@dataclass(frozen=True)
class Refusal:
    message: str
    hint: str | None = None
    overflows: bool = False  # the text is set, but passes its box even at its smallest size


@remembered(PARSED_TEXTS)
def parse(
    text: str, base_font: str, script_font: str | None = None, icons: Icons = PRINTKITS_ICONS
) -> list[list[Word]] | Refusal:
    """Paragraphs of words; a word is one or more segments written without a space between (a
    Japanese sentence is many words, one for each place a line may break); [icons] among icons.
    Remembered (callers only read the lists): a text is set in several boxes, and measured."""
    paragraphs: list[list[Word]] = [[]]
    word: Word = []

    styles: dict[tuple[str, bool, bool], str] = {}  # each font styled once, not once per word

    def style(chosen: str, run: markup.Run) -> str:
        key = (chosen, run.bold, run.italic)
        if key not in styles:
            styles[key] = styled(chosen, run.bold, run.italic)
        return styles[key]

    def font(run: markup.Run) -> str:
        return style(base_font, run)

    def text_segments(run: markup.Run) -> None:
        """The run's text as segments of one font each, a new word at each place a line may break."""
        nonlocal word
        run_font, length = font(run), len(run.text)
        if not script_font and not has_ideographs(run.text):  # most text: the run is one word, in one font
            if length:
                word.append(Segment(run.text, run_font))
            return
        script = style(script_font, run) if script_font else None
        # a line may break inside a run only next to an ideograph: else the whole run is looked at once
        ends = range(1, length + 1) if has_ideographs(run.text) else range(max(length, 1), length + 1)
        start = 0
        for end in ends:
            if end < length and not breaks_between(run.text[end - 1], run.text[end]):
                continue
            joins = bool(start)
            if joins:
                end_word()
            for chars, chosen in _by_font(run.text[start:end], run_font, script):
                word.append(Segment(chars, chosen, joins=joins))
                joins = False
            start = end

    def end_word() -> None:
        nonlocal word
        if word:
            paragraphs[-1].append(word)
            word = []

    plain = None if script_font or has_ideographs(text) else markup.plain_words(text)
    if plain is not None:  # most text: a word a piece, in the base font
        regular = styled(base_font, False, False)
        paragraphs[0] = [[Segment(piece, regular)] for piece in plain]
    for run in markup.runs(text) if plain is None else ():
        if run.kind == "break":
            end_word()
            paragraphs.append([])
        elif run.kind == "space":
            end_word()
        elif run.kind == "icon":
            unknown = markup.unknown_icon(run.text, icons)
            if unknown:
                return Refusal(*unknown)
            word.append(Segment(run.text, font(run), icon=True))
        else:
            text_segments(run)
    end_word()
    texts: dict[str, str] = {}  # the text set in each font, in the order the fonts come
    if plain is not None:  # one font: the words, read once
        texts[regular] = "".join(plain)
    else:
        for segment in (segment for paragraph in paragraphs for word in paragraph for segment in word):
            if not segment.icon:
                texts[segment.font] = texts.get(segment.font, "") + segment.text
    for chosen, chars in texts.items():
        missing = missing_glyphs(chars, chosen)
        if missing:
            return Refusal(
                f"needs glyphs the font '{shown(chosen)}' lacks: {', '.join(repr(c) for c in missing)}",
                "use another character, or name a font that has it in pack.yaml: fonts:, and locale_fonts: for a language",
            )
    return paragraphs


def _by_font(text: str, font: str, script_font: str | None) -> list[tuple[str, str]]:
    """text in runs of one font: letters of scripts other than Latin in the script font where it has
    them, and any character font lacks and it has; spaces, digits and punctuation stay in the font of
    the letters before them (where it has them), so a run is not cut at each of them."""
    if script_font is None:
        return [(text, font)]
    runs: list[tuple[str, str]] = []
    for char in text:
        before = runs[-1][1] if runs else font
        if has_glyph(char, script_font) and (
            not has_glyph(char, font)
            or unicodedata.category(char)[0] in "LM"
            and not unicodedata.name(char, "").startswith("LATIN")
        ):
            chosen = script_font
        elif unicodedata.category(char)[0] not in "LM" and has_glyph(char, before):
            chosen = before
        else:
            chosen = font
        if runs and runs[-1][1] == chosen:
            runs[-1] = (runs[-1][0] + char, chosen)
        else:
            runs.append((char, chosen))
    return runs


def _width(word: Word, size: float) -> float:
    if len(word) == 1:  # most words: one segment (the same float as the sum of one)
        segment = word[0]
        return _icon_size(size) if segment.icon else text_width(segment.text, segment.font, size)
    return sum(_icon_size(size) if s.icon else text_width(s.text, s.font, size) for s in word)


def _icon_size(size: float) -> float:
    return size * CAP_HEIGHT * MM_PER_POINT * ICON_SCALE * 1.25


def _space(size: float) -> float:
    return text_width(" ", "sans", size)


def _spaced(word: Word) -> bool:
    """Whether a space comes before word when a word precedes it on its line."""
    return not word[0].joins


def _wrap(paragraphs: list[list[Word]], width: float, size: float, rtl_language: bool = False) -> list[Line]:
    """The paragraphs' words in lines of width at size: each line as many words as fit, a word wider
    than the line alone on one. A word with soft hyphens (a compound's joints) that does not fit where
    it falls is broken at the last joint that fits, a hyphen printed there."""
    lines: list[Line] = []
    for paragraph in paragraphs:
        letters = "".join(s.text for word in paragraph for s in word if not s.icon)
        # a paragraph reads as its first strong letter; in a right-to-left language, as the language
        # wherever it has its letters (it may start with a Latin name)
        mixed = has_right_to_left(letters)
        rtl = right_to_left(letters) or (rtl_language and mixed)
        line: list[Word] = []
        widths: list[float] = []  # of the line's words, each measured once a size
        used = 0.0
        space = _space(size)
        joints = any(SOFT_HYPHEN in s.text for word in paragraph for s in word)  # a compound's, where to break
        for whole in paragraph:
            if not (joints and any(SOFT_HYPHEN in s.text for s in whole)):  # most words: no joint, none to break at
                own = _width(whole, size)
                needed = own + (space if line and _spaced(whole) else 0)
                if line and not used + needed <= width:  # on the next line
                    lines.append(_line(line, widths, space, rtl, mixed))
                    line, widths, used, needed = [], [], 0.0, own
                line.append(whole)
                widths.append(own)
                used += needed
                continue
            parts = _parts(whole)
            while parts:
                word = _joined(parts)
                own = _width(word, size)
                needed = own + (space if line and _spaced(word) else 0)
                if not line or used + needed <= width:
                    if line or own <= width or len(parts) == 1 or not (first := _broken(parts, width, size)):
                        line.append(word)
                        widths.append(own)
                        used += needed
                        break
                    # alone wider than the line: broken at a joint
                    lines.append(_line([first[0]], [first[2]], space, rtl, mixed))
                    parts = parts[first[1] :]
                    continue
                room = width - used - (space if _spaced(word) else 0)
                broken = _broken(parts, room, size) if len(parts) > 1 else None
                if broken:
                    line.append(broken[0])
                    widths.append(broken[2])
                    parts = parts[broken[1] :]
                lines.append(_line(line, widths, space, rtl, mixed))
                line, widths, used = [], [], 0.0
        lines.append(_line(line, widths, space, rtl, mixed))
    return lines


def _parts(word: Word) -> list[Word]:
    """A word with soft hyphens in the pieces between them (no soft hyphen printed): its first
    segment keeps the word's place after a space; the others join the piece before."""
    parts: list[Word] = [[]]
    for segment in word:
        pieces = segment.text.split(SOFT_HYPHEN)
        for index, piece in enumerate(pieces):
            if index:
                parts.append([])
            if piece:
                parts[-1].append(
                    segment._replace(text=piece, joins=segment.joins and not parts[-1] and len(parts) == 1)
                )
    return [part for part in parts if part]


def _joined(parts: list[Word]) -> Word:
    return [segment for part in parts for segment in part]


def _broken(parts: list[Word], room: float, size: float) -> tuple[Word, int, float] | None:
    """The most parts of a word that fit room with a hyphen after them, how many and their width
    (None if not one)."""
    for count in range(len(parts) - 1, 0, -1):
        head = _joined(parts[:count])
        hyphened = [*head, Segment("-", head[-1].font)] if not head[-1].icon else head
        if (hyphened_width := _width(hyphened, size)) <= room:
            return hyphened, count, hyphened_width
    return None


def measure(text: str, font: str, size: float, script_font: str | None = None, icons: Icons = PRINTKITS_ICONS) -> float:
    """The width of text set on one line, in millimetres (0 when it cannot be set)."""
    paragraphs = parse(text, font, script_font, icons)
    if isinstance(paragraphs, Refusal):
        return 0.0
    return max(
        _set_width(paragraph, [_width(word, size) for word in paragraph], _space(size)) for paragraph in paragraphs
    )


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
    script_font: str | None = None,
    rtl_language: bool = False,
    icons: Icons = PRINTKITS_ICONS,
) -> tuple[Shape, ...] | Refusal:
    """The text set in box (x, y, width, height) at the largest size from size down to min_size; the
    letters of other scripts than Latin in script_font where it has them; rtl_language: the text's
    language is written right to left; icons: what its [icons] may name.
    Remembered: stat values, labels and names recur on many components."""
    joints = SOFT_HYPHEN in text
    paragraphs = parse(text.replace(SOFT_HYPHEN, "") if joints else text, font, script_font, icons)
    if isinstance(paragraphs, Refusal):
        return paragraphs
    x, y, width, height = box
    if width <= 0 or height <= 0:  # a layout for a larger piece, on one too small for it
        return Refusal(
            f"has no room: its box is {max(width, 0):.1f} x {max(height, 0):.1f} mm on a piece this small",
            "give the component a larger size, or leave this text out",
        )
    sizes = [size]  # from size down to min_size, 0.5 pt a step
    while sizes[-1] > min_size:
        sizes.append(max(min_size, sizes[-1] - 0.5))
    plain = _largest_fitting(paragraphs, sizes, width, height, max_lines, rtl_language)
    shrunk = plain is None or plain[0] > 0
    if joints and shrunk and (max_lines >= BODY_LINES or plain is None or sizes[plain[0]] <= min_size):
        broken = parse(text, font, script_font, icons)
        assert not isinstance(broken, Refusal), "the same text with soft hyphens"
        at_joints = _largest_fitting(broken, sizes, width, height, max_lines, rtl_language)
        if at_joints is not None and (plain is None or at_joints[0] < plain[0]):
            plain = at_joints
    if plain is None:
        lines = _wrap(paragraphs, width, sizes[-1], rtl_language)
        overflow = _overflow(lines, width, height, sizes[-1], max_lines)
        return Refusal(
            f"overflows its {width:.1f} x {height:.1f} mm box by {overflow:.1f} mm at {min_size:g} pt",
            "shorten the text or give the component more room",
            overflows=True,
        )
    chosen, lines = plain
    return tuple(_set(lines, x, y, width, height, sizes[chosen], color, align, valign, icons))


# Where a compound breaks at a joint rather than its text shrinking: in a box of this many lines or
# more (rules text, set as a book sets it) before the text shrinks at all; in a name's or a title's
# box, where a broken word stands out, only before it shrinks to its smallest size.
BODY_LINES = 3


def _largest_fitting(
    paragraphs: list[list[Word]], sizes: list[float], width: float, height: float, max_lines: int, rtl_language: bool
) -> tuple[int, list[Line]] | None:
    """The first of sizes (largest first) the paragraphs fit their box at, with their lines; None
    when they overflow it at the last."""

    def wrapped(step: int) -> tuple[list[Line], float]:
        """The lines at sizes[step] and how far they overflow the box."""
        lines = _wrap(paragraphs, width, sizes[step], rtl_language)
        return lines, _overflow(lines, width, height, sizes[step], max_lines)

    chosen = 0
    lines, overflow = wrapped(chosen)
    if overflow > 1e-9:
        chosen = len(sizes) - 1
        if chosen:
            lines, overflow = wrapped(chosen)
        if overflow > 1e-9:
            return None
        # The largest size that fits, by halving the steps between one that overflows and one that
        # fits: what fits at a size fits at every smaller one (each width shrinks with the size), and
        # rewrapping a long text at every step took minutes.
        overflowing = 0
        while chosen - overflowing > 1:
            middle = (overflowing + chosen) // 2
            tried = wrapped(middle)
            if tried[1] <= 1e-9:
                chosen, (lines, overflow) = middle, tried
            else:
                overflowing = middle
    return chosen, lines


OVERFLOW_MARK = "#e00000"  # the outline of a box its text overflows, and the words lost past it


def marked_overflow(
    text: str,
    box: tuple[float, float, float, float],
    *,
    font: str,
    min_size: float,
    color: str,
    align: Literal["left", "center", "right"],
    max_lines: int,
    script_font: str | None = None,
    icons: Icons = PRINTKITS_ICONS,
) -> tuple[Shape, ...] | None:
    """Text that overflows its box as a designer judges it (the preview): set at min_size from the
    box's top, the lines that fit in color, the lines lost past the box below it in OVERFLOW_MARK,
    and the box outlined in OVERFLOW_MARK; None for text that cannot be set at all (an unknown icon,
    a box of no room)."""
    paragraphs = parse(text, font, script_font, icons)
    x, y, width, height = box
    if isinstance(paragraphs, Refusal) or width <= 0 or height <= 0:
        return None
    lines = _wrap(paragraphs, width, min_size)
    leading = min_size * LINE_HEIGHT * MM_PER_POINT
    kept = max(0, min(max_lines, int(height / leading + 1e-9)))
    lost_y = y - kept * leading  # the lost lines go on below the last that fits, a line apart each
    return (
        *_set(lines[:kept], x, y, width, height, min_size, color, align, "top", icons),
        *_set(lines[kept:], x, lost_y, width, height, min_size, OVERFLOW_MARK, align, "top", icons),
        Rect(x, y, width, height, stroke=OVERFLOW_MARK, line_width=0.4),
    )


def _overflow(lines: list[Line], width: float, height: float, size: float, max_lines: int) -> float:
    """How far wrapped lines at size pass their box, in mm (0 or less: they fit)."""
    leading = size * LINE_HEIGHT * MM_PER_POINT
    too_many = (len(lines) - max_lines) * leading if len(lines) > max_lines else 0.0
    return max(max(line.width for line in lines) - width, len(lines) * leading - height, too_many)


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


def _past(cursor: float, owed: list[tuple[str, str]], size: float) -> float:
    """The cursor moved past texts (and fonts) set since it was last needed, in order; owed emptied."""
    for text, font in owed:
        cursor += text_width(text, font, size)
    owed.clear()
    return cursor


def _set(
    lines: list[Line],
    x: float,
    y: float,
    width: float,
    height: float,
    size: float,
    color: str,
    align: str,
    valign: str,
    icons: Icons,
) -> list[Shape]:
    leading = size * LINE_HEIGHT * MM_PER_POINT
    cap = size * CAP_HEIGHT * MM_PER_POINT
    tall = len(lines) * leading - (leading - cap)  # from the first line's cap height to the last baseline
    room = {"top": 0.0, "middle": (height - tall) / 2, "bottom": height - tall}[valign]
    top = y + height - room
    shapes: list[Shape] = []
    for index, (line, rtl, line_width, bidi) in enumerate(lines):
        baseline = top - cap - index * leading
        slack = width - line_width
        if bidi:
            start = {"left": "right", "right": "left"}.get(align, align) if rtl else align  # start and end
            cursor = x + {"left": 0.0, "center": slack / 2, "right": slack}[start]
            shapes.extend(_set_bidi(line, rtl, cursor, baseline, size, color, icons))
            continue
        cursor = x + {"left": 0.0, "center": slack / 2, "right": slack}[align]
        # neighbouring text in one font becomes one Text: where it starts, its font and its pieces
        run: tuple[float, float, str, list[str]] | None = None
        # the texts set since the cursor was last needed, measured (in order) only when it is: a
        # line in one font, most lines, needs no measuring past its start
        owed: list[tuple[str, str]] = []

        def flush() -> None:
            nonlocal run
            if run is not None:
                shapes.append(Text(run[0], run[1], "".join(run[3]), run[2], size, color, "left"))
                run = None

        for number, word in enumerate(line):
            for position, segment in enumerate(word):
                gap = " " if number and position == 0 and _spaced(word) else ""
                if segment.icon:
                    flush()
                    cursor = _past(cursor, owed, size)
                    cursor += _space(size) if gap else 0
                    side = _icon_size(size)
                    shapes.extend(icons.draw(segment.text, cursor + side / 2, baseline + cap / 2, side, color))
                    cursor += side
                elif run is not None and run[2] == segment.font:
                    run[3].extend((gap, segment.text))
                    owed.append((gap + segment.text, segment.font))
                else:
                    flush()
                    cursor = _past(cursor, owed, size)
                    cursor += _space(size) if gap else 0
                    run = (cursor, baseline, segment.font, [segment.text])
                    owed.append((segment.text, segment.font))
        flush()
    return shapes


Run = tuple[int, str, Segment | None]  # bidi level, text, its segment (None: a space between words)


def _visual_order(runs: list[Run]) -> list[Run]:
    """Runs from left to right (bidi rule L2): from the highest level down to the lowest odd one, each
    stretch of runs at that level or higher is reversed."""
    odd = [level for level, _, _ in runs if level % 2]
    if not odd:
        return runs
    runs = list(runs)
    for level in range(max(level for level, _, _ in runs), min(odd) - 1, -1):
        start = 0
        while start < len(runs):
            end = start
            while end < len(runs) and runs[end][0] >= level:
                end += 1
            runs[start:end] = runs[start:end][::-1]
            start = end + 1
    return runs


def _set_bidi(
    line: list[Word], rtl: bool, cursor: float, baseline: float, size: float, color: str, icons: Icons
) -> list[Shape]:
    """A line with text of both directions, in the visual order the Unicode bidi algorithm gives it
    (rule L2), from cursor rightwards; each run of one direction and font is a Text of that direction."""
    pieces: list[tuple[str, Segment | None]] = []  # in reading order: the text to order, its segment (None: a space)
    for number, word in enumerate(line):
        for position, part in enumerate(word):
            if number and position == 0 and _spaced(word):
                pieces.append((" ", None))
            pieces.append(("\ufffc" if part.icon else part.text, part))  # an icon is a neutral object
    char_levels = levels("".join(chars for chars, _ in pieces), rtl)
    runs: list[Run] = []
    at = 0
    for chars, segment in pieces:
        own, at = char_levels[at : at + len(chars)], at + len(chars)
        for level, group in groupby(zip(own, chars, strict=True), key=lambda pair: pair[0]):
            runs.append((level, "".join(char for _, char in group), segment))
    shapes: list[Shape] = []
    for level, chars, segment in _visual_order(runs):
        if segment is None:
            cursor += _space(size)
        elif segment.icon:
            side = _icon_size(size)
            shapes.extend(
                icons.draw(
                    segment.text, cursor + side / 2, baseline + size * CAP_HEIGHT * MM_PER_POINT / 2, side, color
                )
            )
            cursor += side
        else:
            direction: Literal["ltr", "rtl"] = "rtl" if level % 2 else "ltr"
            shapes.append(Text(cursor, baseline, chars, segment.font, size, color, "left", direction=direction))
            cursor += text_width(chars, segment.font, size)
    return shapes
