"""One tiny pack per way a spreadsheet can be wrong, each asserting the whole line `printkit check`
prints and its exit code; and the spreadsheets that are read right though they look odd.

The fixtures are written by tests/fixtures/spreadsheets/make.py; the committed files are read.
"""

import importlib.util
import zipfile
from pathlib import Path
from xml.etree.ElementTree import canonicalize

import pytest
from conftest import FIXTURES, problems_found
from test_fixture_messages import EXPECTED

SHEETS = "tests/fixtures/spreadsheets"

CASES = {
    "csv-too-many-columns": "cards.csv:1:501: row 1 has 501 columns; at most 500 are read "
    "(delete the columns after the last key)",
    "xlsx-formula-error": "cards.xlsx: sheet 'cards', cell C4: holds a formula's error, not a value "
    "(correct the formula, or clear the cell)",
    "xlsx-formula-uncalculated": "cards.xlsx: sheet 'cards', cell C2: holds a formula whose value was never "
    "calculated (open and save the workbook in a spreadsheet program, which calculates it)",
    "ods-formula-uncalculated": "cards.ods: sheet 'cards', cell C2: holds a formula whose value was never "
    "calculated (open and save the workbook in a spreadsheet program, which calculates it)",
    "ods-formula-error": "cards.ods: sheet 'cards', cell C4: holds a formula's error, not a value "
    "(correct the formula, or clear the cell)",
    "csv-bad-type": "cards.csv:7:3: stats.attack: must be a number, got 'x'",
    "csv-blank-rows": "cards.csv:9:3: stats.attack: must be a number, got 'x'",
    "csv-control-characters": "cards.csv:2:3: stats.attack: must be a number, got '\\x1b[31m9'",
    "csv-duplicate-header": "cards.csv:1:5: name: the key 'name' heads column 2 too (keep one of the two columns)",
    "csv-empty-header": "cards.csv:4:5: holds a value, but its column has no key in row 1 (write the key in row 1, or clear the column)",
    "csv-empty": "cards.csv:1:1: file is empty (save it again from the spreadsheet program, or delete it)",
    "csv-is-xlsx": "cards.csv:1:1: is not CSV text: it is a zip archive, as XLSX and ODS workbooks are (save it as CSV, or rename it after what it holds)",
    "csv-missing-id": "cards.csv:1:1: has no column 'id', which every row needs (add the column with a key in row 1)",
    "csv-multiline-cell": "cards.csv:5:3: stats.attack: must be a number, got 'x'",
    "csv-no-section": "card.csv:1:1: fills no section: a CSV file is named after the section its rows fill (did you mean 'cards' or 'boards'?)",
    "csv-not-utf8": "cards.csv:4:9: is not UTF-8 text: byte 0xe4 cannot be read (save it as 'CSV UTF-8' (Excel) or with the character set UTF-8 (LibreOffice))",
    "csv-semicolons": "cards.csv:7:3: stats.attack: must be a number, got 'x'",
    "csv-too-many-rows": "cards.csv:100002:1: more than 100000 rows (split the file)",
    "csv-unknown-column": "cards.csv:1:5: nmae: unknown key 'nmae' (did you mean 'name'?)",
    "ods-bad-type": "cards.ods: sheet 'cards', cell C7 (stats.attack): must be a number, got 'x'",
    "ods-empty": "cards.ods: file is empty (save it again from the spreadsheet program, or delete it)",
    "ods-merged-cell": "cards.ods: sheet 'cards', cell B3: is merged with the cells up to C3 (unmerge them: each component has a cell of its own for each key)",
    "ods-nested-table": "cards.ods: holds a table inside a cell, which printkit does not read (save it again)",
    "ods-repeated-rows": "cards.ods: sheet 'cards': reaches row 200006 and column D, so it spans 800024 cells; at most 100000 rows, 500 columns and 2000000 cells are read (delete the rows and columns after the last component: a value far down or right counts too)",
    "ods-unknown-column": "cards.ods: sheet 'cards', cell E1 (stats.atack): unknown key 'stats.atack' (did you mean 'stats.attack'?)",
    "tsv-bad-type": "cards.tsv:7:3: stats.attack: must be a number, got 'x'",
    "csv-tab-separated": "cards.csv:1:1: looks tab-separated: row 1 holds tabs, no commas (rename it to cards.tsv)",
    "tsv-comma-separated": "cards.tsv:1:1: looks comma-separated: row 1 holds no tabs (rename it to cards.csv)",
    "csv-utf16": "cards.csv:1:1: is UTF-16 text (Excel's 'Unicode text'), not UTF-8 (save it as 'CSV UTF-8' (Excel) "
    "or with the character set UTF-8 (LibreOffice))",
    "xls-workbook": "cards.xls: is an Excel 97-2003 workbook, which printkit does not read (save it as an Excel Workbook (.xlsx))",
    "xlsx-bad-type": "cards.xlsx: sheet 'cards', cell C7 (stats.attack): must be a number, got 'x'",
    "xlsx-claimed-size": "cards.xlsx: unpacks to 4096 MiB; at most 200 MiB are read (keep the components in a workbook of their own)",
    "xlsx-damaged-zip": "cards.xlsx: is not an XLSX workbook: its zip archive is damaged (save it again)",
    "xlsx-duplicate-header": "cards.xlsx: sheet 'cards', cell E1 (name): the key 'name' heads column B too (keep one of the two columns)",
    "xlsx-empty-header": "cards.xlsx: sheet 'cards', cell E4: holds a value, but its column has no key in row 1 (write the key in row 1, or clear the column)",
    "xlsx-empty": "cards.xlsx: file is empty (save it again from the spreadsheet program, or delete it)",
    "xlsx-far-cell": "cards.xlsx: sheet 'cards': reaches row 1048576 and column XFD, so it spans 17179869184 cells; at most 100000 rows, 500 columns and 2000000 cells are read (delete the rows and columns after the last component: a value far down or right counts too)",
    "xlsx-is-csv": "cards.xlsx: is not an XLSX workbook: it is text (CSV?) (save it as XLSX, or rename it after what it holds)",
    "xlsx-is-ods": "cards.xlsx: is not an XLSX workbook: it is an ODS workbook (rename it to cards.ods)",
    "xlsx-is-xls": "cards.xlsx: is not an XLSX workbook: it is an Excel 97-2003 workbook (.xls) (save it as XLSX, or rename it after what it holds)",
    "xlsx-list-of-mappings": "boards.xlsx: sheet 'boards', cell E1 (printed): 'printed' holds a list of mappings, which one cell cannot (keep these components in a YAML file)",
    "xlsx-mapping-column": "cards.xlsx: sheet 'cards', cell C1 (stats): 'stats' holds a mapping, which one cell cannot (give each of its keys a column of its own, such as 'stats.attack')",
    "xlsx-merged-cell": "cards.xlsx: sheet 'cards', cell B3: is merged with the cells up to C3 (unmerge them: each component has a cell of its own for each key)",
    "xlsx-missing-id": "cards.xlsx: sheet 'cards', row 1: has no column 'id', which every row needs (add the column with a key in row 1)",
    "xlsx-no-section-sheet": "cards.xlsx: has no sheet named after a section, so it fills none (name each sheet after the section its rows fill: cards, fields, tiles, chips, markers, boards, sheets, rulers)",
    "xlsx-number-header": "cards.xlsx: sheet 'cards', cell E1 (42): unknown key '42' (keys: id, count, name, color, tags, look, data, corner_radius, shape, orientation, sides, points, size, element, rarity, stats.attack, stats.defense, edges.top, edges.right, edges.bottom, edges.left, cost, type, explains, explains_power, ability.power, ability.target, text, flavor, art, back)",
    "xlsx-sheet-part-missing": "cards.xlsx: sheet 'cards': cannot be read: the workbook names no part that holds its cells (save it again)",
    "xlsx-understated-size": "cards.xlsx: is damaged: its part xl/worksheets/sheet1.xml cannot be unpacked (save it again)",
    "xlsx-unknown-column": "cards.xlsx: sheet 'cards', cell E1 (nmae): unknown key 'nmae' (did you mean 'name'?)",
    "xlsx-empty-header-row": "cards.xlsx: sheet 'cards', row 1: the header row is empty; it names the key of each "
    "column (write the keys in row 1: id, name, count, …)",
    "csv-dot-without-name": "cards.csv:1:5: .stats: unknown key '.stats', which has a dot with no name on one side "
    "(write a name on each side of each dot, such as 'stats.attack')",
    "csv-capitalized-header": "cards.csv:1:2: Name: unknown key 'Name' (did you mean 'name'?)",
    "csv-capitalized-name": "Cards.csv:7:3: stats.attack: must be a number, got 'x'",
    "csv-missing-dotted-column": "cards.csv:2:5: ability: missing required key 'ability.power' "
    "(add the column 'ability.power')",
    "xlsx-empty-dotted-cell": "cards.xlsx: sheet 'cards', cell E2 (ability): missing required key 'ability.power' "
    "(fill the column 'ability.power')",
    "xlsx-passed-over-sheet-bad-type": "cards.xlsx: sheet 'cards', cell C7 (stats.attack): must be a number, got 'x'",
}
# The warnings a case prints before its problem: a sheet passed over is noted though the pack fails.
WARNINGS = {
    "xlsx-no-section-sheet": "cards.xlsx: sheet 'Sheet1': passed over: it is not named after a section "
    "(did you mean 'sheets'?)",
    "xlsx-passed-over-sheet-bad-type": "cards.xlsx: sheet 'notes': passed over: it is not named after a section "
    "(did you mean 'tiles'?)",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_check_prints_the_whole_message(run, case):
    code, out, err = run("check", f"{SHEETS}/{case}")
    assert (code, out) == (1, "")
    warnings = [f"printkit: warning: {SHEETS}/{case}/{WARNINGS[case]}"] if case in WARNINGS else []
    assert err.splitlines() == [*warnings, f"{SHEETS}/{case}/{CASES[case]}", problems_found(1)]


NOTES = {
    "xlsx-passed-over-sheet": "cards.xlsx: sheet 'notes': passed over: it is not named after a section "
    "(did you mean 'tiles'?)",
    "xlsx-quoted-sheet": "cards.xlsx: sheet 'Bob's \"best\"': passed over: it is not named after a section "
    "(sections: cards, fields, tiles, chips, markers, boards, sheets, rulers)",
}


@pytest.mark.parametrize("case", sorted(NOTES))
def test_a_sheet_passed_over_is_a_warning_of_a_successful_check(run, case):
    assert run("check", f"{SHEETS}/{case}") == (
        0,
        f"1 pack checked: {case} (5 components)\n",
        f"printkit: warning: {SHEETS}/{case}/{NOTES[case]}\n",
    )


def test_a_build_prints_the_sheet_passed_over_too(run, tmp_path):
    code, _, err = run("build", f"{SHEETS}/xlsx-passed-over-sheet", "--out", tmp_path)
    assert code == 0
    assert f"printkit: warning: {SHEETS}/xlsx-passed-over-sheet/{NOTES['xlsx-passed-over-sheet']}" in err.splitlines()


def test_a_build_prints_the_sheet_passed_over_before_the_problems(run, tmp_path):
    case = "xlsx-passed-over-sheet-bad-type"
    assert run("build", f"{SHEETS}/{case}", "--out", tmp_path) == (
        1,
        "",
        f"printkit: warning: {SHEETS}/{case}/{WARNINGS[case]}\n{SHEETS}/{case}/{CASES[case]}\n{problems_found(1)}\n",
    )


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
    assert set(path.name for path in tmp_path.iterdir()) == set(CASES) | set(NOTES) | {
        "xlsx-formula",
        "ods-formula",
    }


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
