"""Print-and-play sheets of hexagons, polygons and custom outlines, measured from the PDF: corners,
bleed, page boxes, backs behind their fronts, fold pairs, honeycomb cut lines, PNG transparency,
and how many hexagons a honeycomb fits on a sheet."""

import math

import pytest
from conftest import FIXTURES, PT_PER_MM, TOLERANCE_MM, loaded_pack, polygon_corners, sheet_paths
from pypdf import PdfReader

from printkit.layout.imposition import impose
from printkit.layout.sheets import SheetOptions

PACKS = [FIXTURES / "outlines" / "hexes", FIXTURES / "outlines" / "odd"]
ACROSS_CORNERS = 120 / math.sqrt(3)  # of a hexagon 60 mm across the flats: 69.282 mm
CUT_WIDTH = 0.15  # mm, the cut lines of polygons


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The two fixture packs built with each duplex edge (the short one with PNGs) and with bleed."""
    from printkit.cli import main

    root = tmp_path_factory.mktemp("outlines")
    modes = {
        "long": ["--duplex", "long"],
        "short": ["--duplex", "short", "--png"],
        "off": ["--duplex", "off"],
        "bleed": ["--bleed", "3"],
    }
    for mode, options in modes.items():
        assert main(["build", *map(str, PACKS), "--no-rulebooks", "--out", str(root / mode), *options]) == 0
    return root


def _pdf(built, mode: str, pack: str) -> PdfReader:
    return PdfReader(built / mode / pack / f"{pack}-components-en-a4.pdf")


def _clips(page, reader):
    return [polygon_corners(points) for kind, points, _, _ in sheet_paths(page, reader) if kind == "W"]


def _cut_lines(page, reader):
    return [points for kind, points, style, _ in sheet_paths(page, reader) if kind == "S" and style == (CUT_WIDTH, ())]


def _samepolygon_corners(a, b) -> bool:
    return len(a) == len(b) and all(min(math.dist(p, q) for q in b) <= TOLERANCE_MM for p in a)


def _centre(points):
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "first_corner"),
    [((ACROSS_CORNERS, 60), 0), ((60, ACROSS_CORNERS), 30)],
    ids=["flat", "pointy"],
)
def test_a_60mm_hex_has_its_six_corners_where_they_belong(built, size, first_corner):
    reader = _pdf(built, "long", "hexes")
    hexes = []
    for page in reader.pages[2::2]:  # the front sheets
        for clip in _clips(page, reader):
            xs, ys = [x for x, _ in clip], [y for _, y in clip]
            if (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx(size, abs=TOLERANCE_MM):
                hexes.append(clip)
    assert len(hexes) == (7 if first_corner == 0 else 5)
    radius = ACROSS_CORNERS / 2
    for corners in hexes:
        cx, cy = _centre(corners)
        wanted = [
            (
                cx + radius * math.cos(math.radians(first_corner + 60 * k)),
                cy + radius * math.sin(math.radians(first_corner + 60 * k)),
            )
            for k in range(6)
        ]
        assert _samepolygon_corners(corners, wanted)
        # across the flats: the distance between opposite sides, twice a side's distance from the centre
        for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
            apothem = abs((x2 - x1) * (y1 - cy) - (x1 - cx) * (y2 - y1)) / math.dist((x1, y1), (x2, y2))
            assert 2 * apothem == pytest.approx(60, abs=TOLERANCE_MM)


def test_a_hexs_bleed_reaches_past_every_side_and_the_page_boxes_follow(built):
    reader = _pdf(built, "bleed", "hexes")
    for page in reader.pages[2::2]:
        paths = sheet_paths(page, reader)
        backgrounds = [
            polygon_corners(paths[i + 1][1])
            for i, (kind, *_) in enumerate(paths)
            if kind == "W" and paths[i + 1][0] == "f"
        ]
        cuts = _cut_lines(page, reader)
        assert backgrounds and len(cuts) == 6 * len(backgrounds)  # with bleed, neighbours share no cut
        for background in backgrounds:
            cx, cy = _centre(background)
            trim = [line for line in cuts if all(math.dist(p, (cx, cy)) < 35 for p in line)]
            assert len(trim) == 6  # the hex's own trim line, around the same centre
            for (x1, y1), (x2, y2) in zip(background, background[1:] + background[:1], strict=True):
                side = abs((x2 - x1) * (y1 - cy) - (x1 - cx) * (y2 - y1)) / math.dist((x1, y1), (x2, y2))
                assert side == pytest.approx(30 + 3, abs=TOLERANCE_MM)  # 3 mm past the 30 mm to each side
        ends = [p for line in cuts for p in line]
        trim_box = [float(v) / PT_PER_MM for v in page.trimbox]
        bleed_box = [float(v) / PT_PER_MM for v in page.bleedbox]
        xs, ys = [x for x, _ in ends], [y for _, y in ends]
        assert trim_box == pytest.approx([min(xs), min(ys), max(xs), max(ys)], abs=TOLERANCE_MM)
        assert bleed_box == pytest.approx(
            [v + d for v, d in zip(trim_box, (-3, -3, 3, 3), strict=True)], abs=TOLERANCE_MM
        )


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("pack", ["hexes", "odd"])
def test_every_back_is_cut_exactly_behind_its_front_and_filled_to_its_outline(built, duplex, pack):
    reader = _pdf(built, duplex, pack)
    checked = 0
    for front, back in zip(reader.pages[2::2], reader.pages[3::2], strict=True):
        width, height = (float(v) / PT_PER_MM for v in front.mediabox[2:])
        portrait = width <= height
        mirror_x = portrait == (duplex == "long")
        fronts = _clips(front, reader)
        backs_paths = sheet_paths(back, reader)
        backs = [polygon_corners(points) for kind, points, *_ in backs_paths if kind == "W"]
        assert len(backs) == len(fronts)
        for corners in fronts:
            flipped = [(width - x, y) if mirror_x else (x, height - y) for x, y in corners]
            assert any(_samepolygon_corners(flipped, b) for b in backs)
            checked += 1
        # each polygon's back fills the outline it is cut along: its background is that polygon (a
        # triangle's or a shield's turned half round where the sheet flips top to bottom); a card's
        # rounded clip is filled by a plain rectangle
        for i, (kind, points, _, curved) in enumerate(backs_paths):
            if kind == "W" and backs_paths[i + 1][0] == "f" and not curved:
                assert _samepolygon_corners(polygon_corners(backs_paths[i + 1][1]), polygon_corners(points))
    assert checked == {"hexes": 12, "odd": 10}[pack]


def test_fold_pairs_mirror_the_front_across_the_fold_which_is_not_cut(built):
    reader = _pdf(built, "off", "hexes")
    pairs = flat = 0
    for page in reader.pages[1:]:
        clips = _clips(page, reader)
        cuts = _cut_lines(page, reader)
        for front, back in zip(clips[0::2], clips[1::2], strict=True):  # each front, then its back beside it
            if len(front) == 6 and max(y for _, y in front) - min(y for _, y in front) < 60 + TOLERANCE_MM:
                # a flat hex (60 mm high) is folded along its top side: its back lies above it
                fold = max(y for _, y in front)
                assert _samepolygon_corners(back, [(x, 2 * fold - y) for x, y in front])
                assert [line for line in cuts if all(abs(y - fold) < TOLERANCE_MM for _, y in line)] == []
                flat += 1
            else:  # a pointy hex is folded along its right side
                fold = max(x for x, _ in front)
                assert _samepolygon_corners(back, [(2 * fold - x, y) for x, y in front])
                assert [line for line in cuts if all(abs(x - fold) < TOLERANCE_MM for x, _ in line)] == []
            pairs += 1
    assert (pairs, flat) == (12, 7)


def test_honeycomb_neighbours_share_one_cut_and_get_no_crop_marks(built):
    reader = _pdf(built, "long", "hexes")
    page = reader.pages[2]
    cuts = _cut_lines(page, reader)
    # Five pointy hexes in rows of 3 and 2 (the second row half a hex to the right): 2 + 1 neighbours
    # side by side and 4 between the rows share 7 edges; five flat ones below in three columns (the
    # middle one half a hex lower, holding one fewer): 2 above one another and 4 against the middle one
    # share 6 edges. (5 x 6 - 7) + (5 x 6 - 6) = 47 cuts, each a whole side of a hex.
    assert len(cuts) == 47
    assert all(math.dist(*line) == pytest.approx(ACROSS_CORNERS / 2, abs=TOLERANCE_MM) for line in cuts)
    ends = {tuple(sorted((round(x, 2), round(y, 2)) for x, y in line)) for line in cuts}
    assert len(ends) == 47  # no edge is cut twice
    assert not [
        p for kind, p, (width, _), _ in sheet_paths(page, reader) if kind == "S" and width == 0.25
    ]  # crop marks


@pytest.mark.parametrize(
    ("orientation", "honeycomb", "turned", "grid"),
    [("flat", 12, False, 9), ("pointy", 12, True, 9)],
)
def test_a_honeycomb_fits_more_60mm_hexes_on_a4_than_a_grid_of_their_boxes(
    tmp_path, orientation, honeycomb, turned, grid
):
    """Room on A4 inside 10 mm margins: 190 x 277 mm upright, 277 x 190 turned; a hex is 60 mm across
    the flats and w = 69.282 mm across the corners.
    Flat honeycomb: columns 0.75 w = 51.96 apart, every other one 30 mm lower. Upright: 1 + (190 - w) //
    51.96 = 3 columns; 1 + (277 - 60) // 60 = 4 in a column, also in the lower one (30 + 3 x 60 + 60 =
    270 <= 277): 12. Turned: 1 + (277 - w) // 51.96 = 4 columns of 1 + 130 // 60 = 3, the lower ones 2
    (30 + 2 x 60 + 60 = 210 > 190): 10. So 12, upright.
    Pointy honeycomb: rows 51.96 apart, every other one 30 mm to the right. Upright: 1 + (277 - w) //
    51.96 = 4 rows of 1 + 130 // 60 = 3, the shifted ones 1 + 100 // 60 = 2: 10. Turned: 1 + (190 - w) //
    51.96 = 3 rows of 1 + 217 // 60 = 4, the shifted one 1 + 187 // 60 = 4: 12. So 12, turned.
    A grid of w x 60 mm boxes: 190 // w = 2 by 277 // 60 = 4 is 8 upright, 277 // w = 3 by 190 // 60 = 3
    is 9 turned: 9. Of 60 x w boxes: 3 by 3 = 9 upright, 4 by 2 = 8 turned: 9. The honeycomb fits 12
    where the grid fits 9, a third more."""
    (tmp_path / "hexes").mkdir(), (tmp_path / "boxes").mkdir()
    many = 72  # enough for a sheet of either orientation to fill several sheets: the better one is chosen
    chip = f"{{id: hex, shape: hex, orientation: {orientation}, diameter: 60mm, count: {many}}}"
    hexes = impose(loaded_pack(tmp_path / "hexes", "", f"chips:\n  - {chip}\n"), "en", SheetOptions())
    assert len(hexes[1].placements) == honeycomb
    assert (hexes[1].size.width > hexes[1].size.height) == turned
    box = f"{ACROSS_CORNERS!r}x60mm" if orientation == "flat" else f"60x{ACROSS_CORNERS!r}mm"
    card = f"{{id: box, name: Box, size: {box}, count: {many}}}"
    boxes = impose(loaded_pack(tmp_path / "boxes", "", f"cards:\n  - {card}\n"), "en", SheetOptions())
    assert len(boxes[1].placements) == grid


@pytest.mark.parametrize(
    ("face", "outside", "inside"),
    [
        ("flat", [(0, 0), (150, 2), (0, 700)], [(409, 354), (409, 3), (3, 354)]),  # 818 x 709 px
        ("pointy-back", [(0, 0), (2, 150), (700, 0)], [(354, 409), (354, 3), (3, 409)]),  # 709 x 818 px
        ("octagon", [(0, 0), (294, 0), (0, 294)], [(147, 147), (147, 3), (3, 147)]),  # 25 mm: 295 px
        ("shield", [(0, 353), (353, 353)], [(177, 340), (3, 3), (350, 3)]),  # its point is at the bottom
        ("triangle-back", [(0, 0), (3, 300)], [(200, 300), (307, 150)]),  # 614 x 531 px, flat side down
        # An arrow pointing right (354 px square): its head starts 18 mm (213 px) from the left, and 20 mm
        # in it reaches up to 2.5 mm from the top; its shaft is 10 to 20 mm down. Its back is its mirror
        # image, pointing left: head from 0 to 12 mm, shaft from 12 to 30 mm.
        ("arrow", [(118, 35), (3, 3)], [(236, 35), (3, 177)]),
        ("arrow-back", [(236, 35), (350, 3)], [(118, 35), (350, 177)]),
    ],
)
def test_a_faces_png_is_transparent_outside_its_outline(built, face, outside, inside):
    from PIL import Image

    folder = built / "short" / ("hexes" if face.startswith(("flat", "pointy")) else "odd") / "png" / "en"
    image = Image.open(folder / f"{face}.png")
    assert image.mode == "RGBA"
    assert [image.getpixel(p)[3] for p in outside] == [0] * len(outside)
    assert [image.getpixel(p)[3] for p in inside] == [255] * len(inside)


def test_a_deck_sheet_keeps_rounded_corners_transparent(built):
    from PIL import Image

    sheet = Image.open(built / "short" / "odd" / "png" / "en" / "tts-cards-plain-1.png")
    assert sheet.mode == "RGBA" and sheet.size == (4090, 7 * 571)  # poker cards in 409 x 571 px cells
    assert [sheet.getpixel(p)[3] for p in [(0, 0), (408, 0), (0, 570)]] == [0, 0, 0]  # the card's corners
    assert sheet.getpixel((204, 285))[3] == 255
    assert sheet.getpixel((409 + 204, 285))[3] == 0  # an empty slot
