"""The built-in looks of boards, sheets and rulers: a board's numbers in its cells and its title in
the strip below its grid (measured in the PDF), a ruler's ticks and numbers where they measure true,
a sheet's table, and no text under 6 pt on any bundled board, sheet or ruler in any of its locales."""

from pathlib import Path

import pdfplumber
import pytest
from conftest import PT_PER_MM, loaded_pack, problems_found

from printkit.base.shapes import Line, Rect, Text
from printkit.content.components.boards import Board
from printkit.content.components.rulers import RULER_END, Ruler
from printkit.content.components.sheets import Sheet
from printkit.content.load import all_packs
from printkit.content.read import load_checked
from printkit.faces import richtext
from printkit.faces.looks import look_of
from printkit.faces.paint import LookContext
from printkit.i18n.translate import translate

BOARD = """boards:
  - id: arena
    title: Arena of Echoes
    margin: 8mm
    grid: {columns: 3, rows: 2, square: 40mm, first: 11}
"""


def _front(pack, component, locale: str = "en"):
    look = look_of(pack, component)
    ctx = LookContext(pack, locale)
    drawing = look.front(ctx, component, look.size(component, pack))
    assert ctx.problems == []
    return drawing


def _words_on_board(pdf_path: Path, board: Board) -> list[tuple[str, float, float, float]]:
    """The words printed on a board (text, x of their middle, y of their middle and their size, in mm
    and pt from the board's lower left corner), found by its background, the size of its trim."""
    width, height = board.trim_size
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            for rect in page.rects:
                if (rect["width"] / PT_PER_MM, rect["height"] / PT_PER_MM) != pytest.approx((width, height), abs=1e-3):
                    continue
                x0, bottom = rect["x0"] / PT_PER_MM, (page.height - rect["bottom"]) / PT_PER_MM
                return [
                    (
                        word["text"],
                        (word["x0"] + word["x1"]) / 2 / PT_PER_MM - x0,
                        (page.height - (word["top"] + word["bottom"]) / 2) / PT_PER_MM - bottom,
                        word["size"],
                    )
                    for word in page.extract_words(extra_attrs=["size"], keep_blank_chars=True, use_text_flow=True)
                    if 0 <= word["x0"] / PT_PER_MM - x0 <= width
                    and 0 <= (page.height - word["bottom"]) / PT_PER_MM - bottom <= height
                ]
    raise AssertionError(f"no page shows board {board.id}")


def test_a_boards_numbers_lie_in_the_middle_of_their_squares_and_its_title_below_the_grid(run, tmp_path):
    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text("id: kit\ntitle: Kit\n")
    (root / "boards.yaml").write_text(BOARD)
    assert run("build", root, "--out", tmp_path / "out", "--no-rulebooks")[0] == 0
    (pack,) = load_checked([root])
    (board,) = pack.of_kind(Board)
    words = _words_on_board(tmp_path / "out/kit/kit-components-en-a4.pdf", board)
    # 3 x 2 squares of 40 mm in an 8 mm margin, a footer of 1.6 margins below for the title
    width, height = 3 * 40 + 16, 2 * 40 + 16 + 12.8
    assert tuple(board.trim_size) == pytest.approx((width, height))
    numbers = {text: (x, y) for text, x, y, _ in words if text.isdigit()}
    assert sorted(numbers) == ["11", "12", "13", "14", "15", "16"]  # counted from first: 11
    for index, number in enumerate(sorted(numbers)):
        row, column = divmod(index, 3)
        middle = (8 + 40 * column + 20, height - 8 - 40 * row - 20)
        assert numbers[number][0] == pytest.approx(middle[0], abs=0.5)
        assert numbers[number][1] == pytest.approx(middle[1], abs=2.0)  # the glyphs' box, not the figure's
    (title,) = [(x, y, size) for text, x, y, size in words if not text.isdigit()]
    assert [text for text, *_ in words if not text.isdigit()] == ["Arena of Echoes"]
    x, y, size = title
    assert x == pytest.approx(width / 2, abs=0.5)  # centred under the grid
    assert 0 < y < 8 + 12.8 and size == pytest.approx(12)  # in the strip below the grid, at its full size


def test_a_square_printed_with_terrain_shows_its_terrain_and_no_number(tmp_path):
    pack = loaded_pack(
        tmp_path,
        "terrains:\n  sea: {name: Sea, color: '#3b7fc4', icon: water}\n"
        "  wood: {name: Wood, color: '#3d7a3a', icon: leaf}\n",
        "boards:\n  - id: shore\n    grid: {columns: 2, rows: 1, square: 30mm}\n"
        "    printed: [{square: 2, edges: {top: sea, right: sea, bottom: wood, left: sea}}]\n",
    )
    (board,) = pack.of_kind(Board)
    drawing = _front(pack, board)
    assert [shape.text for shape in drawing if isinstance(shape, Text)] == ["1"]  # square 2 is printed over
    fills = [getattr(shape, "fill", None) for shape in drawing]
    assert (fills.count("#3b7fc4"), fills.count("#3d7a3a")) == (3, 1)  # an edge of each terrain


def test_a_rulers_ticks_and_numbers_measure_from_zero_five_mm_in(tmp_path):
    pack = loaded_pack(
        tmp_path,
        "locales: [en, de]\n",
        "rulers:\n  - {id: range, name: Range, length: 6in, width: 30mm, marks: [2.5in, 6in]}\n",
    )
    (ruler,) = pack.of_kind(Ruler)
    drawing = _front(pack, ruler)
    ticks = sorted({round(s.x1, 3) for s in drawing if isinstance(s, Line) and s.y1 == pytest.approx(30)})
    assert ticks == pytest.approx([RULER_END + i * 25.4 / 8 for i in range(6 * 8 + 1)])  # every eighth of an inch
    numbers = {
        s.text: s.x + richtext.measure(s.text, s.font, s.size) / 2
        for s in drawing
        if isinstance(s, Text) and s.text.isdigit()
    }
    assert numbers == pytest.approx({str(n): RULER_END + n * 25.4 for n in range(1, 7)})  # centred on their ticks
    german = translate(pack, "de").pack
    labels = [s.text for s in _front(german, german.of_kind(Ruler)[0], "de") if isinstance(s, Text)]
    # each mark in the locale's words and decimal mark, the number joined to its unit
    assert "2,5\u00a0Zoll" in labels and "6\u00a0Zoll" in labels


def test_a_sheets_rows_share_its_height_and_its_row_labels_fill_the_first_column(tmp_path):
    pack = loaded_pack(
        tmp_path,
        "",
        "sheets:\n  - id: pad\n    title: Scores\n    size: 150x200mm\n    columns: [Round, Ann, Bo]\n"
        "    row_labels: [First, Second]\n    rows: 4\n",
    )
    (sheet,) = pack.of_kind(Sheet)
    drawing = _front(pack, sheet)
    # the table starts 22 mm from the top, below the title, 6 mm in from the sides
    rules = sorted({round(s.y1, 3) for s in drawing if isinstance(s, Line) and s.y1 == s.y2}, reverse=True)
    top = 200 - 22
    assert rules == pytest.approx([top - 12 * r for r in range(6)])  # a heading and four rows, 12 mm each
    columns = sorted({round(s.x1, 3) for s in drawing if isinstance(s, Line) and s.x1 == s.x2})
    unit = (150 - 12) / 3.75  # the first column, with the row labels, is 1.75 times as wide as the others
    assert columns == pytest.approx([6, 6 + 1.75 * unit, 6 + 2.75 * unit, 6 + 3.75 * unit])
    texts = {s.text: s for s in drawing if isinstance(s, Text)}
    assert texts["First"].x == pytest.approx(6 + 1.5) and texts["Second"].y < texts["First"].y
    (heading_row,) = [s for s in drawing if isinstance(s, Rect) and s.height == pytest.approx(12)]
    assert heading_row.y == pytest.approx(top - 12) and heading_row.fill is not None


def test_no_text_on_a_bundled_board_sheet_or_ruler_is_under_6_pt():
    smallest = {}
    for pack in load_checked(all_packs()):
        for locale in pack.meta.locales:
            translated = translate(pack, locale).pack
            for component in translated.components:
                if isinstance(component, Board | Sheet | Ruler):
                    drawing = _front(translated, component, locale)
                    smallest[f"{pack.id}/{component.id}/{locale}"] = min(
                        shape.size for shape in drawing if isinstance(shape, Text)
                    )
    # skylands 4; skystones, riverfold, attacktix, skylanders-tabletop, sorcerers 1; in en and de, riverfold in
    # fr, ja and ar too
    assert len(smallest) == 2 * 9 + 3
    assert {name: size for name, size in smallest.items() if size < 6} == {}


@pytest.mark.parametrize("widget,kinds", [("board-grid", "boards"), ("ruler", "rulers"), ("table", "sheets")])
def test_a_board_ruler_or_table_widget_in_the_look_of_another_kind_is_a_problem_at_its_look(
    run, tmp_path, monkeypatch, widget, kinds
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "pack.yaml").write_text(
        f"id: kit\ntitle: Kit\nlooks:\n  odd:\n    front:\n      - widget: {{name: {widget}}}\n"
    )
    (tmp_path / "kit" / "cards.yaml").write_text("cards:\n  - id: ace\n    look: odd\n")
    assert run("check", "kit") == (
        1,
        "",
        f"kit/pack.yaml:6:24: looks.odd.front[0].widget.name: the {widget} widget draws {kinds}; 'ace' is a card "
        f"(place it in a look for {kinds})\n{problems_found(1)}\n",
    )
