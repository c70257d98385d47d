"""Every text on every bundled component reads: WCAG 2.1's contrast ratio between its colour and
what it is drawn on is at least 4.5:1 (level AA for body text).

What it is drawn on is the last filled shape under the text's middle, drawn before it (a panel, a
badge, a track's box), or the paper. The middle is found from the text's anchor, alignment, size and
turn, and its width as the font sets it. An image under a text would be read as the colour its
pixels there average to; no bundled look draws text over art."""

import math

import pytest
from coloraide import Color
from conftest import BUNDLED, REPO

from printkit.base.shapes import Circle, Image, Path, Rect, Text
from printkit.content.read import load_checked
from printkit.faces.fonts import text_width
from printkit.layout.pieces import Faces

AA = 4.5
PAPER = "#ffffff"  # what a face shows where nothing is drawn: the sheet


def contrast(text: str, background: str) -> float:
    return Color(text).contrast(Color(background), method="wcag21")


def _middle(text: Text) -> tuple[float, float]:
    """Where a text's middle is: half its width along its line from where the alignment puts it,
    a third of its size up from the baseline, both turned with it."""
    width = text_width(text.text, text.font, text.size)
    along = {"left": width / 2, "center": 0.0, "right": -width / 2}[text.align]
    if text.direction == "rtl":
        along = -along
    up = text.size * 25.4 / 72 / 3
    angle = math.radians(text.angle)
    return (
        text.x + along * math.cos(angle) - up * math.sin(angle),
        text.y + along * math.sin(angle) + up * math.cos(angle),
    )


def _inside(shape, x: float, y: float) -> bool:
    if isinstance(shape, Rect):
        return shape.x <= x <= shape.x + shape.width and shape.y <= y <= shape.y + shape.height
    if isinstance(shape, Circle):
        return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r**2
    # a path: even-odd over its polygons (a curve by its end points, as close as this needs)
    inside, start, last = False, None, None
    for op in shape.ops:
        point = None if op[0] == "Z" else (op[-2], op[-1])
        if op[0] == "M":
            start = last = point
            continue
        point = point or start
        (x0, y0), (x1, y1) = last, point
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
        last = point
    return inside


def _background(drawing, index: int, x: float, y: float) -> str:
    for shape in reversed(drawing[:index]):
        if isinstance(shape, Rect | Circle | Path) and shape.fill and _inside(shape, x, y):
            return shape.fill
        if isinstance(shape, Image):
            raise AssertionError(f"text drawn over art ({shape.path}): this check reads no image")
    return PAPER


def text_contrasts(pack_name: str, ink_saver: bool = False):
    """Each text of each face of a bundled pack, in its source language: (component, face, text,
    colour, background, ratio)."""
    (pack,) = load_checked([REPO / "content" / pack_name])
    faces = Faces(pack, "en", 0.0, ink_saver)  # every bundled pack is written in English
    for piece in faces.outlines():
        for face in ("front", "back") if piece.back is not None else ("front",):
            drawing = faces.draw(piece.component, face)
            for index, shape in enumerate(drawing):
                if isinstance(shape, Text) and shape.text.strip():
                    background = _background(drawing, index, *_middle(shape))
                    ratio = contrast(shape.color, background)
                    yield piece.component.id, face, shape.text, shape.color, background, ratio


@pytest.mark.parametrize("ink_saver", [False, True], ids=["inked", "ink-saver"])
@pytest.mark.parametrize("pack", BUNDLED)
def test_every_text_of_a_bundled_component_reads_at_aa_contrast(pack, ink_saver):
    low = [
        f"{component} {face} {text!r}: {colour} on {background} {ratio:.2f}:1"
        for component, face, text, colour, background, ratio in text_contrasts(pack, ink_saver)
        if ratio < AA
    ]
    assert low == []
