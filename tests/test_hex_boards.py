"""Hex boards: their cells measured from the PDF, tiles laid on them by the placement rule, and
rulebook figures placing pieces on their cells."""

import math
from pathlib import Path

import pdfplumber
import pytest
from conftest import PT_PER_MM, TOLERANCE_MM

from printkit.base.errors import Problems
from printkit.content.components.boards import Board
from printkit.content.read import load_checked
from printkit.rules.decklist import check_list, read_list

BOARDS = Path("tests/fixtures/hex-boards")
HEXES = Path("tests/fixtures/rules/hexes")

SIZE = 30.0  # across the flats of both boards' cells
ACROSS_CORNERS = SIZE * 2 / math.sqrt(3)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("hex-boards")
    assert main(["build", str(BOARDS), "--out", str(out)]) == 0
    return out / "hex-boards"


def _board_page(built: Path, board: Board):
    """The cells (their corners in mm, y up, from the board's lower left) and the words printed on
    a board, found by its background."""
    pdf = pdfplumber.open(built / "hex-boards-components-en-a4.pdf")
    width, height = board.trim_size
    for page in pdf.pages:
        for rect in page.rects:
            if (rect["width"] / PT_PER_MM, rect["height"] / PT_PER_MM) == pytest.approx((width, height), abs=1e-3):
                x0, y0 = rect["x0"] / PT_PER_MM, rect["y0"] / PT_PER_MM
                cells = [
                    [(x / PT_PER_MM - x0, (page.height - top) / PT_PER_MM - y0) for x, top in curve["pts"][:6]]
                    for curve in page.curves
                    if curve["stroke"] and curve["fill"] and curve["linewidth"] / PT_PER_MM == pytest.approx(0.4)
                    and x0 <= curve["x0"] / PT_PER_MM <= x0 + width and y0 <= curve["y0"] / PT_PER_MM <= y0 + height
                ]  # fmt: skip
                words = [
                    (w["text"], (w["x0"] + w["x1"]) / 2 / PT_PER_MM - x0)
                    for w in page.extract_words()
                    if x0 <= w["x0"] / PT_PER_MM <= x0 + width and y0 <= (page.height - w["top"]) / PT_PER_MM <= y0 + height
                ]  # fmt: skip
                return cells, words
    raise AssertionError(f"no page shows board {board.id}")


def _boards():
    (pack,) = load_checked([BOARDS])
    return {b.id: b for b in pack.of_kind(Board)}


def _centre(corners):
    return sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6


def _assert_centres(cells, expected):
    """One measured cell centred on each expected centre, to within the tolerance."""
    measured = [_centre(c) for c in cells]
    assert len(measured) == len(expected)
    for x, y in expected:
        assert min(math.hypot(mx - x, my - y) for mx, my in measured) <= TOLERANCE_MM


def test_a_flat_hex_boards_cells_lie_in_columns_with_the_even_ones_half_a_cell_lower(built):
    board = _boards()["flat-map"]
    cells, words = _board_page(built, board)
    # 4 columns three quarters of a cell apart in a 6 mm margin; 3 rows and half a cell for the shift;
    # the title's footer of 1.6 margins below
    assert tuple(board.trim_size) == pytest.approx((ACROSS_CORNERS * 3.25 + 12, SIZE * 3.5 + 12 + 9.6))
    top = board.trim_size.height - 6
    expected = {
        f"{column:02d}{row:02d}": (
            6 + ACROSS_CORNERS / 2 + (column - 1) * ACROSS_CORNERS * 0.75,
            top - SIZE / 2 - (row - 1) * SIZE - (SIZE / 2 if column % 2 == 0 else 0),
        )
        for column in range(1, 5)
        for row in range(1, 4)
    }
    _assert_centres(cells, list(expected.values()))
    for corners in cells:
        ys = [y for _, y in corners]
        assert max(ys) - min(ys) == pytest.approx(SIZE, abs=TOLERANCE_MM)  # across the flats, a side on top
        cx, cy = _centre(corners)
        assert [math.hypot(x - cx, y - cy) for x, y in corners] == pytest.approx([SIZE / math.sqrt(3)] * 6, abs=0.01)
    numbers = {text: x for text, x in words if text.isdigit()}
    assert set(numbers) == set(expected)  # each cell's number, printed in its cell
    for label, x in numbers.items():
        assert x == pytest.approx(expected[label][0], abs=0.5)


def test_a_pointy_hex_boards_cells_lie_in_rows_with_the_even_ones_half_a_cell_right(built):
    board = _boards()["pointy-map"]
    cells, words = _board_page(built, board)
    assert tuple(board.trim_size) == pytest.approx((SIZE * 3.5 + 10, ACROSS_CORNERS * 2.5 + 10))
    top = board.trim_size.height - 5
    expected = [
        (5 + SIZE / 2 + (column - 1) * SIZE + (SIZE / 2 if row % 2 == 0 else 0), top - ACROSS_CORNERS / 2 - (row - 1) * ACROSS_CORNERS * 0.75)
        for column in range(1, 4)
        for row in range(1, 4)
    ]  # fmt: skip
    _assert_centres(cells, expected)
    for corners in cells:
        xs = [x for x, _ in corners]
        assert max(xs) - min(xs) == pytest.approx(SIZE, abs=TOLERANCE_MM)  # across the flats, a corner on top
    assert words == []  # numbered: false, and no title


def test_a_figure_turns_a_hex_piece_by_sixths_in_its_cell(built):
    from printkit.layout.pieces import draw_pieces
    from printkit.rulebook.book import figure_svg

    (pack,) = load_checked([BOARDS])
    figure = pack.rulebook.sections[0].blocks[1].figure
    pieces = {p.component.id: p for p in draw_pieces(pack, "en", 0.0)}
    svg = figure_svg(pack, figure, pieces, "fig")
    # cell 0202: column 2 is three quarters of a cell right of column 1 and half a cell down; its box
    # ends 6 + 30 + 30 + 15 mm below the board's top (SVG counts y down)
    x, y = 6 + ACROSS_CORNERS * 0.75, 6 + 2 * SIZE + SIZE / 2
    hexagon = (
        '<clipPath id="fig-clip1"><path d="M 8.660 -0.000 L 25.981 -0.000 L 34.641 -15.000 L 25.981 -30.000 '
        'L 8.660 -30.000 L 0.000 -15.000 Z"/></clipPath>'
    )
    assert f'<g transform="translate({x:.3f},{y:.3f}) rotate(60,17.321,-15.000)">{hexagon}' in svg
    assert (built / "hex-boards-rulebook-en.pdf").is_file()


def _report(name: str):
    (pack,) = load_checked([HEXES])
    return check_list(read_list(HEXES / "decks" / f"{name}.yaml"), pack, [])


def _lines(report) -> list[str]:
    return [str(line) for line, *_ in report.violations]


def test_hex_tiles_matching_their_neighbours_after_turning_are_legal():
    assert [(r.ok, r.entries) for r in map(_report, ("legal", "pointy"))] == [(True, 5), (True, 2)]


def test_each_hex_placement_violation_is_one_line():
    path = f"{HEXES}/decks/illegal.yaml"
    assert _lines(_report("illegal")) == [
        f"{path}:5:5: tiles[1]: n edge of 'forest' on cell 0202 is woods, but the s edge of 'lake' on cell 0201 "
        "is water (rule 'matching-edges' in hexes)",
        f"{path}:7:6: tiles[3].tile: 'grove' is a square tile; board 'map' takes flat hex tiles "
        "(rule 'matching-edges' in hexes)",
        f"{path}:8:6: tiles[4].tile: 'bay' is a pointy hex tile; board 'map' takes flat hex tiles "
        "(rule 'matching-edges' in hexes)",
        f"{path}:9:20: tiles[5].cell: cell 0401 is not on the 3x2 board; cells are 0101 to 0302 "
        "(rule 'matching-edges' in hexes)",
        f"{path}:10:20: tiles[6].cell: cell 0201 already holds 'lake' (rule 'matching-edges' in hexes)",
    ]


def test_a_turn_changes_which_edges_meet(tmp_path):
    """The pointy list is legal only because the left bay is turned by 300 degrees: unturned, its
    east edge shows water against its neighbour's woods."""
    unturned = HEXES / "decks" / "unturned.yaml"
    unturned.write_text((HEXES / "decks" / "pointy.yaml").read_text().replace(", rotation: 300", ""))
    try:
        report = _report("unturned")
    finally:
        unturned.unlink()
    assert _lines(report) == [
        f"{unturned}:5:5: tiles[1]: w edge of 'bay' on cell 0201 is woods, but the e edge of 'bay' on cell 0101 "
        "is water (rule 'matching-edges' in hexes)"
    ]


@pytest.mark.parametrize(
    ("entry", "line"),
    [
        (
            "{tile: lake, cell: [1, 1], rotation: 45}",
            "4:42: tiles[0].rotation: must be 0, 60, 120, 180, 240 or 300 (degrees clockwise), got 45 "
            "(tiles turn in 60° steps on a hex board)",
        ),
        (
            "{tile: lake, cell: 304}",
            "4:24: tiles[0].cell: must be [column, row] or the cell's number in quotes, got 304 "
            "(e.g. cell: [3, 4] or cell: '0304', counted from 1 at the top left)",
        ),
        (
            "{tile: lake, cell: [0, 1]}",
            "4:24: tiles[0].cell: columns and rows count from 1 to 99, got column 0, row 1",
        ),
        (
            "{tile: lake, square: 1}",
            "4:26: tiles[0].square: unknown key 'square'; an entry has tile, cell and optionally rotation "
            "(tiles on a hex board say where they lie with 'cell')",
        ),
        (
            "{tile: lake, cell: [1, 1], side: reverse}",
            "4:38: tiles[0].side: unknown key 'side'; an entry has tile, cell and optionally rotation",
        ),
        ("{tile: lake}", "4:5: tiles[0]: missing required key 'cell'"),
    ],
)
def test_a_hex_tile_list_that_cannot_be_read_is_one_line(tmp_path, entry, line):
    path = tmp_path / "list.yaml"
    path.write_text(f"pack: hexes\nrules: map\ntiles:\n  - {entry}\n")
    (pack,) = load_checked([HEXES])
    with pytest.raises(Problems) as raised:
        check_list(read_list(path), pack, [])
    assert [str(p) for p in raised.value.problems] == [f"{path}:{line}"]
