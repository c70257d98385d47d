"""The built-in icons: the arrows point where their names say, the icons of hex games stay inside their
box and are drawn in one colour, and the README lists every icon a pack may name."""

import math

import pytest

from printkit.base.icons import ICONS
from printkit.base.shapes import Path as PathShape

# Where each arrow should point, in degrees counter-clockwise from east, worked out from the compass and
# from the normals of a hex's edges: a flat hex has a level top edge, a pointy hex a corner on top.
ARROW_ANGLES = {
    "arrow": 90,
    "arrow-n": 90,
    "arrow-ne": 45,
    "arrow-e": 0,
    "arrow-se": -45,
    "arrow-s": -90,
    "arrow-sw": -135,
    "arrow-w": 180,
    "arrow-nw": 135,
    **{f"arrow-flat-{edge}": 90 - 60 * i for i, edge in enumerate(("n", "ne", "se", "s", "sw", "nw"))},
    **{f"arrow-pointy-{edge}": 60 - 60 * i for i, edge in enumerate(("ne", "e", "se", "sw", "w", "nw"))},
}
HEX_GAME_ICONS = [*ARROW_ANGLES, "rock", "river", "forest", "hill"]


def drawn_in_unit_box(name: str, colour: str = "#123456") -> list:
    """The icon's shapes drawn on a centre of (0, 0) with size 2, so that they use the icon's own box."""
    return ICONS[name](0.0, 0.0, 2.0, colour)


def points(shapes: list) -> list[tuple[float, float]]:
    """Every point of the paths, Bézier control points included (a curve stays inside their hull)."""
    return [(op[i], op[i + 1]) for shape in shapes for op in shape.ops for i in range(1, len(op), 2)]


def test_the_icons_of_hex_games_are_registered():
    missing = [name for name in HEX_GAME_ICONS if name not in ICONS]
    assert missing == []


@pytest.mark.parametrize("name", ARROW_ANGLES)
def test_an_arrow_points_where_its_name_says(name):
    corners = points(drawn_in_unit_box(name))
    distances = sorted((math.hypot(x, y), x, y) for x, y in corners)
    reach, x, y = distances[-1]
    assert reach == pytest.approx(1.0)
    assert distances[-2][0] < reach - 0.05  # the tip is the one point that far out
    off = (math.degrees(math.atan2(y, x)) - ARROW_ANGLES[name] + 180) % 360 - 180
    assert abs(off) < 1, f"{name} points {off:+.2f}° off"


@pytest.mark.parametrize("name", HEX_GAME_ICONS)
def test_an_icon_of_hex_games_is_filled_paths_in_one_colour_inside_its_box(name):
    shapes = drawn_in_unit_box(name)
    assert all(isinstance(s, PathShape) and s.fill == "#123456" and s.stroke is None for s in shapes)
    outside = [(x, y) for x, y in points(shapes) if max(abs(x), abs(y)) > 1 + 1e-9]
    assert outside == []


def test_an_icon_is_drawn_around_its_centre_and_scaled_by_its_size():
    for name in HEX_GAME_ICONS:
        unit = points(drawn_in_unit_box(name))
        placed = points(ICONS[name](30.0, 40.0, 8.0, "#123456"))
        expected = [(30 + 4 * x, 40 + 4 * y) for x, y in unit]
        assert [v for point in placed for v in point] == pytest.approx([v for point in expected for v in point]), name
