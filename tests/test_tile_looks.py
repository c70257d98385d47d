"""The built-in tile and field looks: every space printed as a ring, matching edges of two tiles laid
side by side continuing one terrain across the seam, and no text on a tile or field under 6 pt."""

import io
from pathlib import Path

import pytest

from printkit.base.shapes import Circle, Text
from printkit.content.read import load_checked
from printkit.faces.terrain import RING, SPACE
from printkit.layout.pieces import draw_pieces
from printkit.output.png import DPI, png_files

PX_PER_MM = DPI / 25.4
TILE_PACKS = ["skylands", "riverfold", "skystones"]  # the bundled packs with tiles or special fields


@pytest.fixture(scope="module")
def pieces():
    """The bundled packs' tiles and special fields, drawn in each of their locales: {(pack, locale): {id: piece}}."""
    drawn = {}
    for pack in load_checked([Path("content") / name for name in TILE_PACKS]):
        for locale in pack.meta.locales:
            drawn[(pack.meta.id, locale)] = {
                p.component.id: p
                for p in draw_pieces(pack, locale, 0.0)
                if p.component.kind in ("tile", "special field")
            }
    return drawn


def _rings(drawing, size) -> int:
    """The spaces drawn: white rings of a space's radius (a cost's dots are of another size)."""
    radius = RING * min(size) / 2
    return sum(1 for s in drawing if isinstance(s, Circle) and s.fill == SPACE and s.r == pytest.approx(radius))


def test_each_side_of_a_skylands_tile_shows_a_ring_for_each_of_its_spaces(pieces):
    counted = []
    for piece in pieces[("skylands", "en")].values():
        tile = piece.component
        if tile.kind != "tile":
            continue
        counted.append((tile.id, _rings(piece.front, piece.size)))
        assert counted[-1][1] == sum(tile.spaces.values()), tile.id
        if tile.reverse is not None:
            assert _rings(piece.back, piece.size) == sum(tile.reverse.spaces.values()), tile.id
    # Two each on the tees and centres, none on the special islands ringed by clouds.
    assert dict(counted)["woods-tee"] == 2 and dict(counted)["forest-shrine"] == 0 and len(counted) == 56


def _face(piece, pack):
    from PIL import Image

    ((_, data),) = [(name, data) for name, data in png_files([piece], 0.0, pack) if name == piece.component.id]
    return Image.open(io.BytesIO(data)).convert("RGB")


def _colour(image, x: float, y: float) -> str:
    """The colour at (x, y) millimetres from the face's lower-left corner."""
    r, g, b = image.getpixel((round(x * PX_PER_MM), round(image.height - y * PX_PER_MM)))
    return f"#{r:02x}{g:02x}{b:02x}"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("left", "right", "terrain"),
    [
        ("woods-corner", "woods-centre", "woods"),  # land meets land of one island
        ("woods-end", "woods-corner", "clouds"),  # sky meets sky
        ("woods-straight", "mountains-end", "clouds"),
    ],
)
def test_the_terrain_of_two_tiles_side_by_side_runs_on_across_their_seam(pieces, left, right, terrain):
    """The left tile's right edge and the right tile's left edge show the same terrain: sampled just
    either side of the seam, all along it (clear of the corners), both are that terrain's colour."""
    skylands = pieces[("skylands", "en")]
    pack = load_checked([Path("content/skylands")])[0]
    colour = pack.meta.terrains[terrain].color
    a, b = skylands[left], skylands[right]
    assert a.component.edges.right == b.component.edges.left == terrain
    image_a, image_b = _face(a, pack), _face(b, pack)
    w, h = a.size
    for share in (0.2, 0.35, 0.5, 0.65, 0.8):
        y = h * share
        assert (_colour(image_a, w - 0.4, y), _colour(image_b, 0.4, y)) == (colour, colour), share


def test_matching_hex_sides_run_on_across_their_seam(pieces):
    """A flat hex laid below another: its n side meets the other's s side, both river."""
    riverfold = pieces[("riverfold", "en")]
    pack = load_checked([Path("content/riverfold")])[0]
    colour = pack.meta.terrains["river"].color
    above, below = riverfold["river-straight"], riverfold["river-fork"]
    assert above.component.edges.s == below.component.edges.n == "river"
    image_above, image_below = _face(above, pack), _face(below, pack)
    w, h = above.size
    for share in (0.35, 0.45, 0.55, 0.65):  # along the flat side, from w/4 to 3w/4
        x = w * share
        assert (_colour(image_above, x, 0.4), _colour(image_below, x, h - 0.4)) == (colour, colour), share


def test_no_text_on_a_tile_or_field_is_under_6_pt_in_any_locale(pieces):
    small = [
        (pack, locale, piece_id, shape.text, shape.size)
        for (pack, locale), drawn in pieces.items()
        for piece_id, piece in drawn.items()
        for shape in piece.front + (piece.back or [])
        if isinstance(shape, Text) and shape.size < 6
    ]
    assert small == []
    # riverfold is in French, Japanese and Arabic too
    assert {locale for _, locale in pieces} == {"en", "de", "fr", "ja", "ar"}
    assert sum(len(drawn) for drawn in pieces.values()) > 100


def test_a_field_is_its_elements_colour_and_a_blocked_one_dark_grey_with_white_words(pieces):
    skystones = pieces[("skystones", "en")]
    fire, blocked = skystones["fire-field"], skystones["blocked-field"]
    fire_red = load_checked([Path("content/skystones")])[0].meta.elements["fire"].color
    assert fire.front[0].fill == fire_red and blocked.front[0].fill == "#4a4a4a"
    words = {s.text: s.color for s in blocked.front if isinstance(s, Text)}
    assert words["Blocked"] == "#ffffff" and set(words.values()) == {"#ffffff"}
    assert {s.text for s in fire.front if isinstance(s, Text)} == {"Fire"}  # its element's name
    assert fire.back is not None and blocked.back is not None  # the pack's special-field back
