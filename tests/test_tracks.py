"""Tracks: numbered spaces along a path that fill a board (a score track), laid out by the content
model and drawn large, with every 5th and 10th space marked."""

import pdfplumber
import pytest
from conftest import loaded_pack

from printkit.base.units import Size
from printkit.content.components.boards import Track


def _overlap(a, b) -> bool:
    return (
        a[0] < b[0] + b[2] - 1e-9
        and b[0] < a[0] + a[2] - 1e-9
        and a[1] - a[3] < b[1] - 1e-9
        and b[1] - b[3] < a[1] - 1e-9
    )


def test_a_track_round_the_edge_runs_clockwise_from_the_top_left_and_fills_its_size():
    track = Track(shape="track", spaces=40, size=Size(240, 150))
    columns, rows = track.layout
    assert 2 * columns + 2 * rows - 4 == 40
    width, height = track.space_size
    assert abs(width - height) < 4  # as nearly square as the counts allow
    boxes = {cell: track.box(cell) for cell in track.cells()}
    assert boxes[1][:2] == (0, height)  # the top left corner
    assert boxes[columns][0] == pytest.approx(240 - width)  # the top right corner
    assert boxes[columns + rows - 1][1] == pytest.approx(150)  # the bottom right corner
    assert boxes[40][:2] == (0, 2 * height)  # back up the left side, below the start
    assert not any(_overlap(boxes[a], boxes[b]) for a in boxes for b in boxes if a < b)
    right, bottom = max(x + w for x, _, w, _ in boxes.values()), max(y for _, y, _, _ in boxes.values())
    assert (right, bottom) == (pytest.approx(240), pytest.approx(150))


def test_an_odd_track_round_the_edge_has_a_first_space_twice_as_long():
    track = Track(shape="track", spaces=41)
    width, height = track.space_size
    assert track.box(1) == (0, height, 2 * width, height)
    assert track.box(2)[0] == pytest.approx(2 * width)
    assert not any(_overlap(track.box(a), track.box(b)) for a in track.cells() for b in track.cells() if a < b)


def test_a_snake_turns_back_at_each_rows_end():
    track = Track(shape="track", spaces=41, path="snake", size=Size(168, 126))
    assert track.layout == (7, 6) and track.space_size == Size(24, 21)
    assert track.box(7)[0] == track.box(8)[0] == 6 * 24  # the second row starts below the first's end
    assert track.box(14)[0] == track.box(15)[0] == 0
    assert track.box(41)[:2] == (24, 6 * 21)  # the last row is short, ending on the left


def test_every_5th_and_10th_space_is_marked_counting_from_the_first_number():
    track = Track(shape="track", spaces=41)
    assert [track.mark(cell) for cell in (1, 2, 6, 11, 16, 21)] == [2, 0, 1, 2, 1, 2]  # 0, 1, 5, 10, 15, 20
    assert Track(shape="track", spaces=12, first=1, marks=[3]).mark(3) == 1  # the space numbered 3


@pytest.mark.parametrize(
    "grid, problem",
    [
        (
            {"spaces": 200},
            "200 spaces round the edge of 240x150mm would be 3.8x3.8mm each; a space needs at least 10mm",
        ),
        ({"spaces": 3}, "a track round the edge has at least 4 spaces, got 3"),
        ({"spaces": 41, "marks": [5, 12]}, "12 is not a multiple of 5"),
        ({"spaces": 41, "marks": [2, 4, 8]}, "marks takes at most two intervals, got 3"),
    ],
)
def test_a_track_that_cannot_be_laid_out_says_why(grid, problem):
    assert [message for _, message, _ in Track(shape="track", **grid).layout_problems()] == [problem]


def test_the_sorcerers_tracker_prints_0_to_40_in_large_figures(shared_run):
    """The bundled magic point tracker is a snake track: every number from 0 to 40 on its page, set
    large (a third of a 21 mm space), the spaces room for a 19.05 mm marker."""
    folder = shared_run(
        "build", "sorcerers-home-game", "--lang", "en", "--no-rulebooks", "--only", "magic-point-tracker"
    )
    with pdfplumber.open(folder.out / "sorcerers-home-game" / "sorcerers-home-game-components-en-a4.pdf") as pdf:
        words = pdf.pages[1].extract_words(extra_attrs=["size"])
    numbers = [word for word in words if word["text"].isdigit() and word["size"] > 20]
    assert sorted(int(word["text"]) for word in numbers) == list(range(41))


def test_a_rulebook_figure_places_a_piece_on_a_tracks_space(tmp_path):
    pack = loaded_pack(
        tmp_path,
        "",
        "boards:\n  - {id: track, grid: {shape: track, spaces: 41}}\nchips:\n  - {id: marker, label: M}\n",
    )
    (board,) = [component for component in pack.components if component.id == "track"]
    track = board.grid
    assert track.off_grid(41) is None
    assert track.off_grid(42) == "space 42 is not on the board; its spaces are 1 to 41"


def test_a_track_along_a_line_puts_a_space_on_each_point_and_spreads_the_rest():
    """A race's course: a space on the start, each corner and the end, the others evenly between, as
    many on each stretch as its share of the line; all inside the size and none overlapping."""
    points = [[0, 150], [60, 20], [120, 130], [180, 20], [240, 150]]
    track = Track(shape="track", path="line", spaces=24, points=points)
    centres, side = track._along_line()
    assert len(centres) == 24 and side > 15
    corners = [centres[index] for index in (0, 6, 12, 17, 23)]  # the stretches' shares: 5, 5, 4, 5 between
    # the line drawn in by half a space: start and end at the bottom corners, peaks high, the valley low
    assert corners[0][1] == pytest.approx(corners[-1][1]) and corners[0][0] == pytest.approx(240 - corners[-1][0])
    assert corners[1][1] == pytest.approx(corners[3][1])
    assert corners[1][1] < corners[2][1] < corners[0][1]
    assert all(
        0 <= x - side / 2 and x + side / 2 <= 240 and 0 <= y - side / 2 and y + side / 2 <= 150 for x, y in centres
    )
    assert track.layout_problems() == []
    boxes = [track.box(cell) for cell in track.cells()]
    assert not any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
