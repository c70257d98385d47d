"""Concave custom outlines grown by the bleed and shrunk by a frame: a notch narrower than twice the
bleed fills in, the grown outline never crosses itself, and a face's PNG is opaque all through its
bleed; a frame wider than a piece's parts leaves none, or several, insides."""

import math
from dataclasses import replace

import pytest
from conftest import FIXTURES, sheet_paths
from pypdf import PdfReader

from printkit.base.outlines import Box, crossing_sides, custom_polygon
from printkit.base.units import Size

PACK = FIXTURES / "outlines" / "concave"
BLEED = 3.0


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The fixture pack built with a 3 mm bleed and PNGs."""
    from printkit.cli import main

    out = tmp_path_factory.mktemp("concave")
    assert main(["build", str(PACK), "--bleed", str(BLEED), "--png", "--no-rulebooks", "--out", str(out)]) == 0
    return out / "concave"


@pytest.fixture(scope="module")
def cards():
    """Each card's outline, trim size and corners as the pack gives them (mm from the top-left, y down)."""
    from printkit.content.read import load_checked

    (pack,) = load_checked([PACK])
    defaults = pack.meta.defaults
    return {card.id: (card.outline(defaults), card.trim(defaults), card.points) for card in pack.components}


def _outside_by(point, corners) -> float:
    """How far a point lies outside a polygon (0 inside it)."""
    x, y = point
    sides = list(zip(corners, corners[1:] + corners[:1], strict=True))
    inside = False
    for (x1, y1), (x2, y2) in sides:
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    if inside:
        return 0.0
    nearest = math.inf
    for (x1, y1), (x2, y2) in sides:
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
        nearest = min(nearest, math.hypot(x - x1 - t * dx, y - y1 - t * dy))
    return nearest


@pytest.mark.slow
@pytest.mark.parametrize(
    ("card", "reach"),
    [
        ("notch", BLEED * math.sqrt(2)),  # right-angled corners: mitres 3 mm out each way
        ("ell", BLEED * math.sqrt(2)),
        ("star", BLEED / math.sin(math.radians(18))),  # its 36 degree points: mitres 3.24 bleeds out
    ],
)
def test_a_concave_pieces_bleed_is_one_simple_outline_and_its_png_is_opaque_all_through_it(built, cards, card, reach):
    from PIL import Image

    outline, size, corners = cards[card]
    grown = outline.polygons(size, BLEED)
    assert len(grown) == 1 and crossing_sides(grown[0]) is None
    alpha = Image.open(built / "png" / "en" / f"{card}.png").getchannel("A")
    scale = alpha.width / (size.width + 2 * BLEED)  # pixels per millimetre
    pixel = 1 / scale
    opaque, clear = [], []
    for i in range(0, alpha.width, 3):
        for j in range(0, alpha.height, 3):
            outside = _outside_by(((i + 0.5) / scale - BLEED, (j + 0.5) / scale - BLEED), corners)
            if outside < BLEED - pixel:
                opaque.append(alpha.getpixel((i, j)))
            elif outside > reach + pixel:
                clear.append(alpha.getpixel((i, j)))
    assert set(opaque) == {255}
    assert set(clear) <= {0} and (card == "notch" or clear)


def test_a_notch_narrower_than_twice_the_bleed_fills_in(built, cards):
    from PIL import Image

    outline, size, _ = cards["notch"]
    (grown,) = outline.polygons(size, BLEED)
    assert sorted(grown) == [(-3, -3), (-3, 63), (43, -3), (43, 63)]
    for face in ("notch", "notch-back"):  # 46 x 66 mm
        alpha = Image.open(built / "png" / "en" / f"{face}.png").getchannel("A")
        assert alpha.size == (543, 780) and alpha.getextrema() == (255, 255)


def test_an_ells_bleed_is_mitred_at_its_inside_corner(cards):
    outline, size, _ = cards["ell"]
    (grown,) = outline.polygons(size, BLEED)  # y up from the bottom: the square it lacks is top right
    assert sorted(grown) == [(-3, -3), (-3, 43), (18, 18), (18, 43), (43, -3), (43, 18)]


def test_a_frame_wider_than_a_pieces_parts_leaves_no_inside_and_paints_none(built, cards):
    size = cards["ell"][1]
    assert cards["ell"][0].polygons(size, -8) == [] and cards["star"][0].polygons(size, -8) == []
    reader = PdfReader(built / "concave-components-en-a4.pdf")
    fronts = sheet_paths(reader.pages[2], reader)
    # each card's bleed (clip and fill), and the notch's white inside, a U around its widened notch
    assert [(kind, len(points)) for kind, points, *_ in fronts if kind in ("W", "f")] == [
        ("W", 4),
        ("f", 4),
        ("f", 8),
        ("W", 10),
        ("f", 10),
        ("W", 6),
        ("f", 6),
    ]


def test_a_frame_wider_than_a_neck_leaves_an_inside_each_side_of_it():
    size = Size(30, 10)
    # two 10 mm squares joined by a 2 mm neck
    dumbbell = custom_polygon(
        [(0, 0), (10, 0), (10, 4), (20, 4), (20, 0), (30, 0), (30, 10), (20, 10), (20, 6), (10, 6), (10, 10), (0, 10)],
        size,
    )
    insides = [sorted(polygon) for polygon in dumbbell.polygons(size, -1.5)]
    assert sorted(insides) == [
        [(1.5, 1.5), (1.5, 8.5), (8.5, 1.5), (8.5, 8.5)],
        [(21.5, 1.5), (21.5, 8.5), (28.5, 1.5), (28.5, 8.5)],
    ]
    assert [op[0] for op in dumbbell.shape(size, -1.5).ops] == ["M", "L", "L", "L", "Z"] * 2
    assert dumbbell.holds(Box(2, 2, 6, 6), size, 1.5) and not dumbbell.holds(Box(2, 2, 20, 6), size, 1.5)


def test_an_inside_split_in_two_counts_both_halves_for_the_ink_saver():
    from printkit.faces.paint import INK_SAVER_OUTLINE, ink_saving, mix

    size = Size(30, 10)
    # two 14 mm wide halves joined by a 2 mm neck: 1.1 mm in, two insides of 92 mm² each, over half the face
    dumbbell = custom_polygon(
        [(0, 0), (14, 0), (14, 4), (16, 4), (16, 0), (30, 0), (30, 10), (16, 10), (16, 6), (14, 6), (14, 10), (0, 10)],
        size,
    )
    inside = replace(dumbbell.shape(size, -1.1), fill="#aa3333")
    assert ink_saving([inside], size, dumbbell) == [
        replace(inside, fill=mix("#aa3333", "#ffffff", 0.9), stroke="#aa3333", line_width=INK_SAVER_OUTLINE)
    ]
