"""The spreadsheets that are read right though they look odd, and how a build names a sheet passed
over. One tiny pack per way a spreadsheet can be wrong, each with the whole of what `printkit check`
prints and its exit code in its expected.out, is run by test_fixture_messages.py.

The fixtures are written by tests/fixtures/spreadsheets/make.py; the committed files are read.
"""

import importlib.util
import zipfile
from pathlib import Path
from xml.etree.ElementTree import canonicalize

import pytest
from conftest import FIXTURES, problems_found
from test_fixture_messages import EXPECTED, expected

SHEETS = "tests/fixtures/spreadsheets"


def test_a_build_prints_the_sheet_passed_over_too(run, tmp_path):
    code, _, err = run("build", f"{SHEETS}/xlsx-passed-over-sheet", "--out", tmp_path)
    assert code == 0
    (warning,) = expected(f"{SHEETS}/xlsx-passed-over-sheet")[0].stderr.splitlines()  # as `check` prints it
    assert warning in err.splitlines()


def cards_of(case: str) -> dict[str, dict]:
    """The cards of a fixture pack that loads: id -> the keys it was given."""
    from printkit.content.read import load_checked

    (pack,) = load_checked([FIXTURES / "spreadsheets" / case])
    return {card.id: card.model_dump(include={"name", "stats"}) for card in pack.components}


@pytest.mark.parametrize("case", ["xlsx-formula", "ods-formula"])
def test_a_formula_is_read_as_the_value_last_calculated(case):
    """C2 holds =2*3 and the value its spreadsheet program stored, 6; printkit computes nothing."""
    assert cards_of(case) == {"card-1": {"name": "Card 1", "stats": {"attack": 6, "defense": 1}}}


@pytest.mark.parametrize(
    "case, name, rows",
    [
        ("csv-bad-type", "cards.csv", [2, 3, 4, 5, 6, 7]),
        ("csv-semicolons", "cards.csv", [2, 3, 4, 5, 6, 7]),  # German Excel's: separated by semicolons
        ("tsv-bad-type", "cards.tsv", [2, 3, 4, 5, 6, 7]),
        ("csv-blank-rows", "cards.csv", [2, 5, 6, 7, 8, 9]),  # rows 3 and 4 are blank: skipped, but counted
        ("csv-multiline-cell", "cards.csv", [2, 3, 5]),  # card-2's name goes on over line 4
    ],
)
def test_semicolons_tabs_blank_rows_and_multiline_cells_keep_their_cells(case, name, rows):
    """Each component is placed at the line its record starts on, and each key at its column: the
    last card's attack 'x' is in column C."""
    source = read(case, name)
    cells = source.section_cells["cards"]
    assert cells.rows == rows
    assert cells.columns == {("id",): 1, ("name",): 2, ("stats", "attack"): 3, ("stats", "defense"): 4}
    assert source.data["cards"][-1]["stats"]["attack"] == "x"
    assert str(source.problem(("cards", len(rows) - 1, "stats", "attack"), "wrong")) == (
        f"{name}:{rows[-1]}:3: stats.attack: wrong"
    )


def read(case: str, name: str = "cards.csv"):
    """The TableSource of a fixture's spreadsheet, read as a pack without declared fields would."""
    from printkit.content.schema import component_schema
    from printkit.content.spreadsheet import read_spreadsheet

    folder = FIXTURES / "spreadsheets" / case
    return read_spreadsheet(folder / name, name, folder, component_schema(None))


def test_a_multiline_cell_keeps_its_line_break():
    source = read("csv-multiline-cell")
    assert [card["name"] for card in source.data["cards"]] == ["Card 1", "Card\ntwo", "Card 3"]
    assert source.section_cells["cards"].rows == [2, 3, 5]


def test_a_semicolon_csv_reads_numbers_with_a_decimal_comma():
    """German Excel writes CSV with semicolons because its numbers have a decimal comma: 8,5."""
    cards = read("csv-semicolons").data["cards"]
    assert cards[0] == {"id": "card-1", "name": "Card 1", "stats": {"attack": 1, "defense": 8.5}}
    assert [card["stats"]["attack"] for card in cards] == [1, 2, 3, 4, 5, "x"]


def test_a_comma_in_a_number_of_a_comma_csv_is_not_a_decimal_comma(tmp_path):
    (tmp_path / "cards.csv").write_text('id,stats.attack\na,"1,5"\n')
    from printkit.content.schema import component_schema
    from printkit.content.spreadsheet import read_spreadsheet

    source = read_spreadsheet(tmp_path / "cards.csv", "cards.csv", tmp_path, component_schema(None))
    assert source.data["cards"] == [{"id": "a", "stats": {"attack": "1,5"}}]


def test_an_unclosed_quote_is_one_line_at_the_cell_it_opens(run, tmp_path):
    """csv reads the rest of the file into the cell an unclosed quote opens, past its size limit."""
    pack = tmp_path / "quote"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: quote\ntitle: Quote\n")
    (pack / "cards.csv").write_text('id,name\none,One\ntwo,"Two\n' + "three,Three\n" * 20_000)
    code, _, err = run("check", pack)
    assert code == 1
    assert err.splitlines() == [
        f"{pack}/cards.csv:3:1: a cell from here on is longer than 131072 characters (a quote that is never "
        "closed makes the rest of the file one cell: check this line's quotes)",
        problems_found(1),
    ]


def test_the_fixtures_are_what_make_py_writes(tmp_path, monkeypatch):
    """The committed files are read by the tests; make.py must still write the same bytes."""
    spec = importlib.util.spec_from_file_location("make_sheets", FIXTURES / "spreadsheets" / "make.py")
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    monkeypatch.setattr(make, "HERE", tmp_path)
    make.main()
    written = sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*") if path.is_file())
    committed = sorted(
        path.relative_to(FIXTURES / "spreadsheets")
        for path in (FIXTURES / "spreadsheets").rglob("*")
        if path.is_file() and path.name not in ("make.py", EXPECTED) and "__pycache__" not in path.parts
    )
    assert written == committed
    for name in written:
        assert _parts(tmp_path / name) == _parts(FIXTURES / "spreadsheets" / name), name


def _parts(path: Path) -> object:
    """A file's bytes; for an ODS workbook, its parts with their XML canonical: odfpy declares the
    namespaces of every odf module the process has imported, which other tests change."""
    if path.suffix != ".ods" or not zipfile.is_zipfile(path):
        return path.read_bytes()
    with zipfile.ZipFile(path) as archive:
        return [
            (name, canonicalize(archive.read(name).decode()) if name.endswith(".xml") else archive.read(name))
            for name in archive.namelist()
        ]


def test_a_number_too_long_for_python_is_a_problem_not_a_crash(run, tmp_path):
    """int() refuses a number of more than 4,300 digits, and as a float it is inf: the cell stays text."""
    pack = tmp_path / "long"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: long\ntitle: Long\nstats: {attack: {name: Attack}}\n")
    (pack / "cards.csv").write_text("id,count\na," + "9" * 5000 + "\n")
    assert run("check", pack) == (
        1,
        "",
        f"{pack}/cards.csv:2:2: count: must be a whole number from 0 to 10000, got '99999999999999999999… "
        f"(5000 characters)'\n{problems_found(1)}\n",
    )


def test_a_column_for_the_whole_kit_mark_stands_beside_columns_for_its_keys():
    """`kit: invented` on one row and `kit: {stats: {attack: estimated}}` on the next, from one sheet;
    the row filling both is the fixture's one problem."""
    cards = read("csv-kit-whole-and-keys").data["cards"]
    assert [card.get("kit") for card in cards] == ["invented", {"stats": {"attack": "estimated"}}, "invented"]
