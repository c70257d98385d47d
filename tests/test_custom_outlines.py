"""A custom shape's corners must outline a simple polygon inside its size: the check's verdicts, one
case each (the messages as a pack author reads them are in tests/fixtures/bad/custom-*/expected.out)."""

import pytest

from printkit.base.outlines import crossing_sides
from printkit.base.units import Size
from printkit.content.components.base import _points_problem

BOX = Size(30, 30)
IN_ORDER = "list the corners in order around the shape"


@pytest.mark.parametrize(
    "corners,crossing,problem",
    [
        pytest.param(
            [(0, 0), (30, 30), (30, 0), (0, 30)],
            (0, 2),
            ((2,), "the outline crosses itself: the edge from corner 1 and the edge from corner 3 meet", IN_ORDER),
            id="crossing",
        ),
        pytest.param(  # a notch whose tip, corner 5, lies on the top edge
            [(0, 0), (30, 0), (30, 30), (20, 30), (15, 0), (10, 30), (0, 30)],
            (0, 3),
            ((3,), "the outline crosses itself: the edge from corner 1 and the edge from corner 4 meet", IN_ORDER),
            id="touching",
        ),
        pytest.param(  # the left edge goes down to 10 mm, then back up to 20 mm
            [(0, 0), (30, 0), (30, 30), (0, 30), (0, 10), (0, 20)],
            (3, 4),
            ((4,), "the outline crosses itself: the edge from corner 4 and the edge from corner 5 meet", IN_ORDER),
            id="running-back",
        ),
        pytest.param(  # two triangles joined at one corner
            [(0, 0), (30, 0), (15, 15), (30, 30), (0, 30), (15, 15)],
            (1, 4),
            ((5,), "corner 6 repeats corner 3", "give each corner once"),
            id="repeated-corner",
        ),
        pytest.param(
            [(0, 0), (10, 10), (20, 20)],
            (0, 2),
            ((), "the corners lie on one line and enclose no area", "give corners that are not all on one line"),
            id="collinear",
        ),
        pytest.param(
            [(0, 0), (10, 0), (5, 1e-8)],
            None,
            ((), "the corners lie on one line and enclose no area", "give corners that are not all on one line"),
            id="all-but-collinear",
        ),
        pytest.param(  # an arrow pointing right: concave where the shaft meets the head
            [(0, 10), (18, 10), (18, 2), (30, 15), (18, 28), (18, 20), (0, 20)], None, None, id="concave-arrow"
        ),
        pytest.param(  # a shield, listed clockwise on the page
            [(3, 0), (27, 0), (30, 4), (30, 15), (15, 30), (0, 15), (0, 4)], None, None, id="shield"
        ),
        pytest.param(  # the same corners counter-clockwise
            [(0, 4), (0, 15), (15, 30), (30, 15), (30, 4), (27, 0), (3, 0)], None, None, id="counter-clockwise"
        ),
        pytest.param(  # a corner in the middle of a straight edge changes nothing
            [(0, 0), (15, 0), (30, 0), (30, 30), (0, 30)], None, None, id="corner-on-a-straight-edge"
        ),
    ],
)
def test_simple_outlines_pass_and_others_say_why(corners, crossing, problem):
    assert crossing_sides(corners) == crossing
    assert _points_problem(corners, BOX, "marker") == problem


def test_corners_lie_inside_the_size():
    assert _points_problem([(0, 0), (30, 0), (15, 30.01)], BOX, "marker") == (
        (2,),
        "corner [15mm, 30.01mm] lies outside the marker's size, 30x30mm",
        "measure corners from the top-left corner of its size, x right and y down",
    )
    assert _points_problem([(0, 0), (30, 0), (15, 30)], BOX, "marker") is None  # on the edge of the size
    assert _points_problem([(0, 0), (30, 0)], BOX, "marker") == (
        (),
        "a custom shape needs at least 3 corners, got 2",
        "give its corners in order",
    )


@pytest.mark.parametrize("zero", ["0", "0mm", "0in", "0.0cm"])
def test_a_corner_at_the_top_left_may_be_written_in_any_unit(tmp_path, zero):
    from conftest import loaded_pack

    components = (
        "markers:\n  - id: shield\n    diameter: 30mm\n    shape: custom\n"
        f"    points: [[{zero}, {zero}], [30mm, 0], [15mm, 30mm]]\n"
        '    front: {label: S, color: "#aa3333"}\n    back: {label: B, color: "#3333aa"}\n'
    )
    (shield,) = loaded_pack(tmp_path, "", components).components
    assert shield.points == [(0, 0), (30, 0), (15, 30)]
