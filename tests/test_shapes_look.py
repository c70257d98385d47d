"""How pieces of other shapes than rectangles look: hex tiles filled with their terrains, and cards,
fields, sheets, chips and markers whose frames follow their outlines and whose text stays inside."""

import math

import pytest
from conftest import REPO

from printkit.base.outlines import (
    MITRE_LIMIT,
    RECT,
    ROUND,
    Box,
    Polygon,
    custom_polygon,
    rectangle,
    regular_polygon,
)
from printkit.base.shapes import Path, Rect, Text
from printkit.base.units import Size
from printkit.faces import richtext

SHAPES = "tests/fixtures/shapes"
TERRAINS = ["#c0392b", "#e67e22", "#f1c40f", "#27ae60", "#2980b9", "#8e44ad"]  # hex-terrain's, in order
MIDDLE = "#fdf6e3"
PX_PER_MM = 300 / 25.4


@pytest.fixture(scope="module")
def hex_pngs(tmp_path_factory):
    """The PNG faces of the hex-terrain fixture, built with 3 mm bleed."""
    from printkit.cli import main

    out = tmp_path_factory.mktemp("hex-terrain")
    assert (
        main(["build", f"{REPO}/{SHAPES}/hex-terrain", "--png", "--bleed", "3", "--no-rulebooks", "--out", str(out)])
        == 0
    )
    return out / "hex-terrain" / "png" / "en"


def _colour_at(image, x: float, y: float, bleed: float = 3.0) -> str:
    """The colour of the face at (x, y) millimetres from its trim box's lower-left corner."""
    px, py = (x + bleed) * PX_PER_MM, image.height - (y + bleed) * PX_PER_MM
    r, g, b, _ = image.getpixel((round(px), round(py)))
    return f"#{r:02x}{g:02x}{b:02x}"


@pytest.mark.parametrize(
    ("face", "orientation", "colours"),
    [
        ("flat", "flat", TERRAINS),
        ("pointy", "pointy", TERRAINS),
        ("pointy-back", "pointy", TERRAINS[::-1]),  # the reverse side names its own edges
    ],
)
def test_each_wedge_of_a_hex_tile_is_filled_with_its_edges_terrain_out_into_the_bleed(
    hex_pngs, face, orientation, colours
):
    from PIL import Image

    image = Image.open(hex_pngs / f"{face}.png")
    size = regular_polygon(6, orientation).trim(Size(40, 40))
    cx, cy = size.width / 2, size.height / 2
    first = 90 if orientation == "flat" else 60  # the first side clockwise from the top: n, or ne
    # Sides lie 20 mm (the apothem) from the centre, clockwise from the top; the middle hexagon 10 mm.
    for reach in (11.0, 17.0, 19.5, 21.5):  # past the middle, either side of the icons, in the bleed
        seen = []
        for k in range(6):
            angle = math.radians(first - 60 * k)
            seen.append(_colour_at(image, cx + reach * math.cos(angle), cy + reach * math.sin(angle)))
        assert seen == colours, reach
    assert _colour_at(image, cx, cy) == MIDDLE


def test_a_hex_tile_whose_text_does_not_fit_its_middle_is_a_located_problem(run):
    code, _, err = run("check", f"{SHAPES}/hex-tile-overflow")
    assert code == 1
    assert err.splitlines() == [
        f"{SHAPES}/hex-tile-overflow/components.yaml:5:11: tiles[0].text: text of 'lake' overflows its 16.2 x 5.5 mm "
        "box by 22.0 mm at 6 pt in locale en (shorten the text or give the component more room)",
        "1 problem found",
    ]


@pytest.fixture(scope="module")
def framed_pieces():
    from printkit.content.read import load_checked
    from printkit.layout.pieces import draw_pieces

    (pack,) = load_checked([REPO / SHAPES / "framed"])
    return {p.component.id: p for p in draw_pieces(pack, "en", 3.0)}


def _inside(point, polygon) -> bool:
    """Whether a point lies inside a convex polygon (every shape measured here is one): on the same
    side of every edge, whichever way round the corners run."""
    x, y = point
    sides = {
        (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) > 0
        for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True)
    }
    return len(sides) == 1


def _corners(path: Path) -> list[tuple[float, float]]:
    return [(op[1], op[2]) for op in path.ops if op[0] in ("M", "L")]


def _flat(points) -> list[float]:
    return [v for point in points for v in point]


@pytest.mark.parametrize("piece", ["hex-card", "pointy-card", "octagon-card", "hex-field", "shield-field", "hex-sheet"])
def test_a_polygon_faces_frame_follows_its_outline_and_its_text_stays_inside_the_frame(framed_pieces, piece):
    placed = framed_pieces[piece]
    outline = placed.outline
    assert isinstance(outline, Polygon)
    background, frame = placed.front[:2]
    assert _flat(_corners(background)) == pytest.approx(
        _flat(outline.points(placed.size, 3.0))
    )  # reaching into the bleed
    inner = outline.points(placed.size, -2.0)  # no frame is thinner than 2 mm
    assert isinstance(frame, Path) and _corners(frame)[0] != _corners(background)[0]
    texts = [shape for shape in placed.front if isinstance(shape, Text)]
    assert texts and all(_inside((t.x, t.y), inner) for t in texts)
    # The back (a design back) follows the outline too, and keeps its title inside.
    back_texts = [shape for shape in placed.back if isinstance(shape, Text)] if placed.back else []
    assert all(_inside((t.x, t.y), inner) for t in back_texts)


def test_a_hex_cards_frame_is_its_outline_moved_in_by_the_frames_width(framed_pieces):
    placed = framed_pieces["hex-card"]
    frame = placed.front[1]
    assert frame.fill == "#fbf8f1"  # the paper inside the frame
    border = 63 * 0.05  # a card's frame: 5 % of its shorter side (across the flats)
    assert _flat(_corners(frame)) == pytest.approx(_flat(placed.outline.points(placed.size, -border)))


def test_a_round_cards_frame_is_a_circle_and_its_content_lies_inside(framed_pieces):
    placed = framed_pieces["round-card"]
    background, frame = placed.front[:2]
    assert (background.cx, background.cy, background.r) == pytest.approx((30, 30, 33))
    assert (frame.cx, frame.cy, frame.r) == pytest.approx((30, 30, 27))
    rects = [shape for shape in placed.front[2:] if isinstance(shape, Rect)]
    for rect in rects:  # the name band and the art window, whole inside the paper
        for x, y in ((rect.x, rect.y), (rect.x + rect.width, rect.y + rect.height)):
            assert math.hypot(x - 30, y - 30) < 27


def test_a_chip_or_markers_text_is_laid_out_in_the_largest_circle_inside_its_outline(framed_pieces):
    chip = framed_pieces["triangle"]  # a flat triangle's circle lies low: its centre a third of the way up
    (label,) = [shape for shape in chip.front if isinstance(shape, Text)]
    assert label.x + richtext.measure(label.text, label.font, label.size) / 2 == pytest.approx(chip.size.width / 2)
    assert abs(label.y - chip.size.height / 3) < 3
    shield = framed_pieces["shield"]
    inner = shield.outline.points(shield.size, -2.0)
    assert all(_inside((t.x, t.y), inner) for t in shield.front if isinstance(t, Text))


def test_the_inner_box_of_a_rectangle_is_its_trim_box_and_of_other_shapes_lies_inside():
    size = Size(63, 88)
    assert RECT.inner_box(size, 3) == Box(0, 0, 63, 88)
    assert rectangle(3).inner_box(size, 3) == Box(0, 0, 63, 88)  # rounded cards look as they did
    flat = regular_polygon(6, "flat")
    hexagon = flat.trim(Size(60, 60))
    # A centred box of a flat hexagon's proportions touches its slanted sides at two thirds of its size.
    assert flat.inner_box(hexagon) == pytest.approx(Box(0, 0, *hexagon).scaled(2 / 3), abs=1e-6)
    assert ROUND.inner_box(Size(30, 30)) == pytest.approx(Box(0, 0, 30, 30).scaled(1 / math.sqrt(2)), abs=1e-6)
    # Moved in by a margin, the box's inside touches the circle moved in by the same margin.
    box = ROUND.inner_box(Size(30, 30), 3)
    assert math.hypot(box.width / 2 - 3, box.height / 2 - 3) == pytest.approx(15 - 3, abs=1e-6)
    shield = custom_polygon([(0, 0), (30, 0), (30, 18), (15, 30), (0, 18)], Size(30, 30))
    box = shield.inner_box(Size(30, 30))
    corners = [(box.x, box.y), (box.x + box.width, box.y + box.height)]
    assert all(_inside(c, shield.points(Size(30, 30))) for c in corners)
    # Centred in its box, its lower corners would touch the slanted sides at 50/3 mm; centred on the
    # shield's deepest point, it is larger.
    assert box.width > 50 / 3 + 1


def test_a_chevrons_content_is_centred_where_it_is_deepest_not_outside_it():
    size = Size(60, 40)
    chevron = custom_polygon([(0, 0), (20, 0), (60, 20), (20, 40), (0, 40), (40, 20)], size)
    box = chevron.inner_box(size, 1.5)  # the middle of its box lies in its notch
    assert box.width > 8 and box.height == pytest.approx(box.width * 40 / 60)
    inside = box.inset(1.5)
    corners = [(inside.x, inside.y), (inside.x + inside.width, inside.y + inside.height)]
    assert all(_inside(c, chevron.points(size)) for c in corners)


def test_a_box_with_no_room_inside_its_margin_is_empty_never_negative():
    hexagon = regular_polygon(6, "flat")
    size = hexagon.trim(Size(10, 10))  # 11.5 x 10 mm: nothing fits 6 mm clear of its edges
    assert hexagon.inner_box(size, 6) == pytest.approx(Box(size.width / 2 - 6, -1, 12, 12))
    inside = hexagon.inner_box(size, 1).inset(1)  # a margin that leaves room
    assert inside.width > 6 and hexagon.holds(inside, size, 1)


def test_a_polygons_sides_from_the_top_run_clockwise():
    flat = regular_polygon(6, "flat")
    size = flat.trim(Size(60, 60))
    (start, end), *_ = flat.sides_from_top(size)
    assert start[1] == end[1] == pytest.approx(60) and start[0] < end[0]  # n: the top side, left to right
    pointy = regular_polygon(6, "pointy")
    size = pointy.trim(Size(60, 60))
    (start, end), (east, _), *_ = pointy.sides_from_top(size)
    assert start == pytest.approx((30, size.height)) and end == pytest.approx((60, size.height * 3 / 4))
    assert east == pytest.approx((60, size.height * 3 / 4))  # e follows ne


def test_a_hex_cards_damage_track_lies_on_the_paper_in_ink_that_reads_there(framed_pieces):
    placed = framed_pieces["hex-hero"]
    track = ("Ready", "1\u00a0hit", "2\u00a0hits", "K.O.")  # each number joined to its word
    labels = {t.text: t for t in placed.front if isinstance(t, Text) and t.text in track}
    assert sorted(labels) == sorted(track)
    paper = placed.outline.points(placed.size, -70 * 0.085)  # a frame of 8.5 % with a track
    assert all(_inside((t.x, t.y), paper) for t in labels.values())
    assert {t.color for t in labels.values()} == {"#872f25"}  # the frame's red a third of the way to ink, not white


def test_the_ink_saver_pales_a_polygon_faces_background_and_a_hex_tiles_terrain_less():
    from printkit.content.read import load_checked
    from printkit.faces.paint import SMALL_FILL_PALED, mix
    from printkit.layout.pieces import draw_pieces

    (framed,) = load_checked([REPO / SHAPES / "framed"])
    card = {p.component.id: p for p in draw_pieces(framed, "en", 0.0, ink_saver=True)}["hex-card"]
    background, outline = card.front[:2]  # the fire red, nine tenths white, outlined half a line inside the trim
    assert (background.fill, background.stroke) == ("#f9ebea", None)
    assert (outline.ops, outline.fill, outline.stroke) == (card.outline.shape(card.size, -0.25).ops, None, "#c0392b")
    (terrain,) = load_checked([REPO / SHAPES / "hex-terrain"])
    tile = {p.component.id: p for p in draw_pieces(terrain, "en", 0.0, ink_saver=True)}["flat"]
    wedges = [(shape.fill, shape.stroke) for shape in tile.front if isinstance(shape, Path)][:6]
    paled = [mix(terrain, "#ffffff", SMALL_FILL_PALED) for terrain in TERRAINS]  # its hue still tells it apart
    assert [fill for fill, _ in wedges] == paled
    assert all(stroke in (None, fill) for fill, stroke in wedges)  # a stroke widening a wedge is paled with it


def test_a_draft_band_lies_across_the_middle_of_a_hex_or_circle_and_along_the_top_of_a_card():
    """A hexagon's top is one short side and a circle's a point: a band along it would show only part
    of the word."""
    from printkit.content.read import load_checked
    from printkit.layout.pieces import draw_pieces

    framed, odd = load_checked([REPO / SHAPES / "framed", REPO / "tests/fixtures/outlines/odd"])
    drafts = frozenset({"hex-card", "round-card", "ace"})
    pieces = {p.component.id: p for pack in (framed, odd) for p in draw_pieces(pack, "en", 0.0, drafts=drafts)}
    for piece_id, bottom in (("hex-card", (63 - 6) / 2), ("round-card", (60 - 6) / 2), ("ace", 88 - 6)):
        band, word = pieces[piece_id].front[-2:]
        assert isinstance(band, Rect) and (band.y, band.height, band.width) == pytest.approx(
            (bottom, 6, pieces[piece_id].size.width)
        )
        assert isinstance(word, Text) and word.text == "DRAFT · not yet translated" and band.y < word.y < band.y + 6


@pytest.mark.parametrize(
    "points",
    [
        [(15, 0), (16, 28), (30, 30), (0, 30), (14, 28)],  # a thin spike up from a bar
        [(0, 0), (20, 0), (10, 0.001)],  # a sliver
    ],
    ids=["spike", "sliver"],
)
@pytest.mark.parametrize("grow", [3.0, -1.0])
def test_a_thin_spikes_bleed_and_frame_stay_near_its_trim_line(points, grow):
    size = Size(30, 30)
    spiky = custom_polygon(points, size)
    trim = spiky.points(size)
    # Every grown corner (a mitre, or one of a bevel's two) lies near the trim corner it grew from.
    assert all(
        min(math.dist(p, corner) for corner in trim) <= MITRE_LIMIT * abs(grow) + 1e-9 for p in spiky.points(size, grow)
    )


def test_a_hexagon_and_a_triangle_keep_their_sharp_corners_when_grown():
    hexagon = regular_polygon(6, "flat")
    size = hexagon.trim(Size(60, 60))
    grown = hexagon.points(size, 3)
    assert len(grown) == 6 and grown[0] == pytest.approx((size.width / 4 - math.sqrt(3), -3))
    triangle = regular_polygon(3, "flat")
    assert len(triangle.points(triangle.trim(Size(30, 30)), 3)) == 3


def test_an_outline_whose_corners_mirror_onto_each_other_but_not_its_sides_has_a_mirrored_back():
    # Its corners form a set symmetric left to right, but its notch leans: the back is the mirror image.
    leaning = custom_polygon([(0, 0), (40, 0), (40, 40), (0, 40), (10, 20), (30, 20)], Size(40, 40))
    assert leaning.back() is not leaning
    assert leaning.back().points(Size(40, 40)) != leaning.points(Size(40, 40))
    shield = custom_polygon([(0, 0), (30, 0), (30, 18), (15, 30), (0, 18)], Size(30, 30))
    assert shield.back() is shield


def test_text_in_a_box_a_small_piece_leaves_no_room_for_says_so():
    """A layout made for larger pieces can leave a tiny polygon's field a box of negative height."""
    refusal = richtext.fit(
        "Hello", (0.0, 0.0, 1.5, -1.5), font="sans", size=9, min_size=6, color="#000000", align="center", max_lines=2
    )
    assert isinstance(refusal, richtext.Refusal)
    assert (refusal.message, refusal.hint) == (
        "has no room: its box is 1.5 x 0.0 mm on a piece this small",
        "give the component a larger size, or leave this text out",
    )
