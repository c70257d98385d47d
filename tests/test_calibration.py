"""The calibration page, measured in the PDF: what to measure (from the squares' real stroke), and
the registration target and shift scale whose back halves land behind their fronts."""

import pdfplumber
import pytest
from conftest import PT_PER_MM, TOLERANCE_MM

A4 = (210.0, 297.0)


@pytest.fixture(scope="module")
def calibration(shared_run):
    """The first two pages (calibration front and back) of the Skystones components PDF, per language."""
    built = shared_run("build", "skystones", "--paper", "all", "--no-rulebooks")
    assert built.code == 0, built.stderr
    out = built.out
    pages = {}
    for language in ("en", "de"):
        with pdfplumber.open(out / "skystones" / f"skystones-components-{language}-a4.pdf") as pdf:
            front, back = pdf.pages[0], pdf.pages[1]
            pages[language] = (" ".join(front.extract_text().split()), front.rects, front.lines, back.lines)
    return pages


def _mm(value: float) -> float:
    return value / PT_PER_MM


def _from_bottom(line) -> tuple[float, float, float, float]:
    """A line's ends in millimetres from the sheet's bottom-left, as layout measures."""
    return _mm(line["x0"]), A4[1] - _mm(line["bottom"]), _mm(line["x1"]), A4[1] - _mm(line["top"])


def _scale_lines(lines):
    """The shift scale's lines: drawn 0.15 mm wide (the registration target's are wider)."""
    return [_from_bottom(line) for line in lines if abs(_mm(line["linewidth"]) - 0.15) < 0.001]


def _cross(lines):
    """The centre of the cross made by the two 20 mm arms."""
    arms = [line for line in lines if max(line[2] - line[0], line[3] - line[1]) > 19.99]
    (horizontal,) = [a for a in arms if a[1] == a[3]]
    (vertical,) = [a for a in arms if a[0] == a[2]]
    return (horizontal[0] + horizontal[2]) / 2, (vertical[1] + vertical[3]) / 2


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "The lines are {stroke} mm thick and the squares are measured to their middle: from outside "
            "edge to outside edge they measure {outside} mm and {inches} in.",
        ),
        (
            "de",
            "Die Linien sind {stroke} mm dick, und die Quadrate werden bis zu ihrer Mitte gemessen: Von "
            "Außenkante zu Außenkante messen sie {outside} mm und {inches} Zoll.",
        ),
    ],
)
def test_the_page_says_what_the_outside_of_its_squares_measures(calibration, language, said):
    text, rects, _, _ = calibration[language]
    (stroke,) = {round(_mm(r["linewidth"]), 4) for r in rects}
    sides = sorted(round(_mm(r["width"]), 3) for r in rects)
    assert sides == [50.0, 50.8]  # pdfplumber gives the path's size, on the middle of the stroke
    mark = "." if language == "en" else ","
    expected = said.format(
        stroke=f"{stroke:g}".replace(".", mark),
        outside=f"{sides[0] + stroke:g}".replace(".", mark),
        inches=f"{round((sides[1] + stroke) / 25.4, 3):g}".replace(".", mark),
    )
    assert expected in text.replace("\u202f", " ")  # French and German typography may set narrow spaces
    assert ("50.3 mm" if language == "en" else "50,3 mm") in expected


def test_the_page_says_how_to_correct_a_shifted_back(calibration):
    assert (
        "If the back is shifted, the plain cross printed on it crosses the scale beside the target away from its "
        "centre: read how many millimetres, move the back as far the other way in your printer's settings "
        "(back-side or duplex offset, also called registration) and print this page again."
    ) in calibration["en"][0]


def test_the_shift_scale_has_millimetre_ticks_and_its_twin_cross_lands_behind_it(calibration):
    _, _, front_lines, back_lines = calibration["en"]
    front = _scale_lines(front_lines)
    cx, cy = _cross(front)
    ticks = sorted(round((x0 - cx), 4) for x0, y0, x1, y1 in front if x0 == x1 and y0 < cy < y1 and x0 != cx)
    assert ticks == [float(step) for step in range(-10, 11) if step]  # a tick every millimetre, 10 mm each way
    back = _scale_lines(back_lines)
    assert len(back) == 2  # the twin: the cross alone
    bx, by = _cross(back)
    # flipped on the long edge, a portrait sheet's x is mirrored: the back's cross sits behind the front's
    assert abs(bx - (A4[0] - cx)) <= TOLERANCE_MM and abs(by - cy) <= TOLERANCE_MM
