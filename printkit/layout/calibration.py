"""The calibration page, printed first: what to measure so the sheets print at their true size and,
with duplex, how far the backs land from behind their fronts.

Takes: the pack's sheet words (its locale; the pack's credits), the sheet options (paper, duplex
edge) and whether any piece has a back.
Returns: the calibration page (a 50 mm and a 2 in square with what to measure, a ruler, the
credits) and, for duplex printing with backs, the front and back halves of a registration target
and of a shift scale, the back's half on the back sheet that follows, behind its front.
"""

from __future__ import annotations

from printkit.base.palette import INK
from printkit.base.shapes import Circle, Line, Rect, Shape, Text
from printkit.base.units import Size
from printkit.layout.sheet_words import SheetWords
from printkit.layout.sheets import PAPERS, Page, SheetOptions

CALIBRATION_STROKE = 0.3  # of the calibration squares: its outside measures this much more than the square
CALIBRATION_TARGETS_Y = 62.0  # the registration target and the shift scale, side by side above the texts
SHIFT_SCALE_DISTANCE = 70.0  # between their centres
SHIFT_SCALE_REACH = 10.0  # mm each way from the shift scale's centre
SHIFT_SCALE_STROKE = 0.15


def calibration_front(sheet_words: SheetWords, options: SheetOptions, any_back: bool) -> Page:
    """A 50 mm and a 2 in square with what to measure, a ruler, and (with backs) the front halves
    of a registration target and of a shift scale."""
    paper = PAPERS[options.paper]
    page = Page(paper, "calibration")
    w, h = paper
    marks: list[Shape] = []
    marks += sheet_words.own_fitted("calibration-title", (20, h - 34, w - 40, 9), "sans-bold", 15, max_lines=1)
    marks += sheet_words.own_fitted("calibration-text", (25, h - 60, w - 50, 22), "sans", 9.5, max_lines=4)
    left = (w - (50 + 20 + 50.8)) / 2
    base = h - 130
    marks.append(Rect(left, base, 50, 50, stroke=INK, line_width=CALIBRATION_STROKE))
    marks.append(Text(left + 25, base + 23, sheet_words.own("unit-mm", value=50), "sans-bold", 11, INK, "center"))
    marks.append(Rect(left + 70, base, 50.8, 50.8, stroke=INK, line_width=CALIBRATION_STROKE))
    marks.append(Text(left + 70 + 25.4, base + 23, sheet_words.own("unit-in", value=2), "sans-bold", 11, INK, "center"))
    marks += _ruler(
        (w - 150) / 2,
        base - 30,
        150,
        (sheet_words.own("unit-cm", value="").strip(), sheet_words.own("unit-in", value="").strip()),
    )
    # the stroke is centred on the square's line, so half of it lies outside on either side
    marks += sheet_words.own_fitted(
        "calibration-measure",
        (25, base - 62, w - 50, 12),
        "sans",
        8.5,
        max_lines=3,
        stroke=sheet_words.words.decimal(CALIBRATION_STROKE),
        outside=sheet_words.words.decimal(round(50 + CALIBRATION_STROKE, 2)),
        outside_in=sheet_words.words.decimal(round((50.8 + CALIBRATION_STROKE) / 25.4, 3)),
    )
    if any_back and options.duplex != "off":
        key = f"duplex-{options.duplex}"
        marks += _target(*_registration_centre(paper), 12)
        marks += _shift_scale(*_shift_centre(paper), ticks=True)
        marks += sheet_words.own_fitted(key, (25, 32, w - 50, 11), "sans", 9, max_lines=3)
        marks += sheet_words.own_fitted("calibration-shift", (25, 19, w - 50, 12), "sans", 8.5, max_lines=3)
    if sheet_words.pack.meta.credits:
        marks += sheet_words.fitted(
            sheet_words.pack.meta.credits,
            (25, 12, w - 50, 5),
            "sans-italic",
            8,
            max_lines=1,
            blame=sheet_words.pack_words("credits"),
        )
    page.marks = marks
    page.trim_box = page.bleed_box = (0.0, 0.0, w, h)
    return page


def calibration_back(options: SheetOptions) -> Page:
    """The back halves: the registration target and the shift scale's plain cross, each behind its front."""
    paper = PAPERS[options.paper]
    page = Page(paper, "back")
    page.marks = _target(*options.flip(*_registration_centre(paper), 0, 0, paper), 12)
    page.marks += _shift_scale(*options.flip(*_shift_centre(paper), 0, 0, paper), ticks=False)
    page.trim_box = page.bleed_box = (0.0, 0.0, *paper)
    return page


def _registration_centre(paper: Size) -> tuple[float, float]:
    return paper.width / 2 - SHIFT_SCALE_DISTANCE / 2, CALIBRATION_TARGETS_Y


def _shift_centre(paper: Size) -> tuple[float, float]:
    return paper.width / 2 + SHIFT_SCALE_DISTANCE / 2, CALIBRATION_TARGETS_Y


def _ruler(x: float, y: float, length: float, units: tuple[str, str]) -> list[Shape]:
    """A millimetre ruler above an inch ruler, both starting at x; units names them in the locale."""
    marks: list[Shape] = [Line(x, y, x + length, y, line_width=0.25)]
    for mm in range(int(length) + 1):
        tick = 5 if mm % 10 == 0 else 3.5 if mm % 5 == 0 else 2
        marks.append(Line(x + mm, y, x + mm, y + tick, line_width=0.15))
        if mm % 10 == 0:
            marks.append(Text(x + mm, y + 6.2, str(mm // 10), "sans", 6, INK, "center"))
    marks.append(Text(x + length + 3, y + 1, units[0], "sans", 7, INK, "left"))
    inches = int(length // 25.4)
    for sixteenth in range(inches * 16 + 1):
        pos = x + sixteenth * 25.4 / 16
        tick = 5 if sixteenth % 16 == 0 else 3.5 if sixteenth % 8 == 0 else 2.5 if sixteenth % 4 == 0 else 1.5
        marks.append(Line(pos, y, pos, y - tick, line_width=0.15))
        if sixteenth % 16 == 0:
            marks.append(Text(pos, y - 8.5, str(sixteenth // 16), "sans", 6, INK, "center"))
    marks.append(Text(x + length + 3, y - 4, units[1], "sans", 7, INK, "left"))
    return marks


def _shift_scale(cx: float, cy: float, *, ticks: bool) -> list[Shape]:
    """A cross whose arms reach SHIFT_SCALE_REACH mm from its centre; the front's carries a tick every
    millimetre (longer every five), so the back's plain cross, seen through the sheet, shows on it
    how far the back is shifted each way."""
    reach = SHIFT_SCALE_REACH
    marks: list[Shape] = [
        Line(cx - reach, cy, cx + reach, cy, line_width=SHIFT_SCALE_STROKE),
        Line(cx, cy - reach, cx, cy + reach, line_width=SHIFT_SCALE_STROKE),
    ]
    if not ticks:
        return marks
    for step in range(-int(reach), int(reach) + 1):
        if step == 0:
            continue
        tick = 1.5 if step % 5 else 3.0
        marks += [
            Line(cx + step, cy - tick / 2, cx + step, cy + tick / 2, line_width=SHIFT_SCALE_STROKE),
            Line(cx - tick / 2, cy + step, cx + tick / 2, cy + step, line_width=SHIFT_SCALE_STROKE),
        ]
        if step % 5 == 0:
            marks.append(Text(cx + step, cy - 4.5, str(abs(step)), "sans", 5, INK, "center"))
    return marks


def _target(cx: float, cy: float, r: float) -> list[Shape]:
    return [
        Circle(cx, cy, r, stroke=INK, line_width=0.25),
        Circle(cx, cy, r / 2, stroke=INK, line_width=0.25),
        Line(cx - r * 1.3, cy, cx + r * 1.3, cy, line_width=0.2),
        Line(cx, cy - r * 1.3, cx, cy + r * 1.3, line_width=0.2),
    ]
