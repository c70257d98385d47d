"""Hostile workbooks, written by each test with the spreadsheet fixtures' helpers: XML that made the
sheet scans' regular expressions backtrack for minutes, a cell that did the same to the number
reader, and damaged parts, which are named with the line and column where they break and the cell
being read there."""

import importlib.util
import time

import pytest
from conftest import FIXTURES, problems_found

spec = importlib.util.spec_from_file_location("make_sheets", FIXTURES / "spreadsheets" / "make.py")
make = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make)

SHEET = "xl/worksheets/sheet1.xml"


def _pack(root, name: str, workbook: bytes):
    root.mkdir()
    (root / "pack.yaml").write_text(make.PACK_YAML.format(id=root.name))
    (root / name).write_bytes(workbook)
    return root


def _edited(workbook: bytes, part: str, old: bytes, new: bytes) -> bytes:
    return make.repacked(workbook, lambda name, data: data.replace(old, new, 1) if name == part else data)


def _cards_xlsx(rows=None) -> bytes:
    return make.xlsx({"cards": [make.HEADER, *(rows or make.CARDS)]})


def test_a_sheet_of_100000_tag_starts_in_a_comment_is_scanned_in_linear_time(run, tmp_path):
    """Each '<c ' or '<row ' began a scan to the next '>': 100,000 of them took hours. The scan, which
    measures a sheet before it is read, counts the rows in the comment too."""
    comment = b"<!--" + b'<c t="e" <row <f> ' * 100_000 + b"-->"
    workbook = _edited(_cards_xlsx(), SHEET, b"<sheetData>", comment + b"<sheetData>")
    pack = _pack(tmp_path / "comment", "cards.xlsx", workbook)
    started = time.process_time()
    code, _, err = run("check", pack)
    assert (code, err.splitlines()) == (
        1,
        [
            f"{pack}/cards.xlsx: sheet 'cards': reaches row 100006 and column D, so it spans 400024 cells; at most "
            "100000 rows, 500 columns and 2000000 cells are read (delete the rows and columns after the last "
            "component: a value far down or right counts too)",
            problems_found(1),
        ],
    )
    assert time.process_time() - started < 10


def test_a_cell_of_100000_digits_is_refused_in_linear_time(run, tmp_path):
    """The number reader split a run of digits every way it could: 100,000 took minutes."""
    workbook = _edited(_cards_xlsx([["card-1", "Card 1", "digits", 1]]), SHEET, b"digits", b"1" * 100_000 + b"x")
    pack = _pack(tmp_path / "digits", "cards.xlsx", workbook)  # openpyxl writes at most 32,767 characters
    started = time.process_time()
    code, _, err = run("check", pack)
    assert (code, err.splitlines()) == (
        1,
        [
            f"{pack}/cards.xlsx: sheet 'cards', cell C2 (stats.attack): must be a number, "
            "got '11111111111111111111… (100001 characters)'",
            problems_found(1),
        ],
    )
    assert time.process_time() - started < 10


def test_a_cell_of_400_digits_and_a_fraction_is_no_number(run, tmp_path):
    """It was read as the number inf, and refused as 'must be a number, got inf'."""
    pack = _pack(tmp_path / "long", "cards.xlsx", _cards_xlsx([["card-1", "Card 1", "9" * 400 + ".5", 1]]))
    code, _, err = run("check", pack)
    assert (code, err.splitlines()) == (
        1,
        [
            f"{pack}/cards.xlsx: sheet 'cards', cell C2 (stats.attack): must be a number, "
            "got '99999999999999999999… (402 characters)'",
            problems_found(1),
        ],
    )


DAMAGED = {  # case -> (file, the part, the text replaced in it, its replacement, the line after the pack's folder)
    "xlsx-sheet": (
        "cards.xlsx",
        SHEET,
        b'<c r="B3" t="inlineStr"><is><t>',
        b'<c r="B3" t="inlineStr"><is><t>&',
        "cards.xlsx: sheet 'cards', cell B3: is damaged: its part xl/worksheets/sheet1.xml cannot be read at "
        "line 1, column 847: not well-formed (invalid token) (save it again)",
    ),
    "xlsx-workbook": (
        "cards.xlsx",
        "xl/workbook.xml",
        b"<sheets>",
        b"<sheets><",
        "cards.xlsx: is damaged: its part xl/workbook.xml cannot be read at line 1, column 330: not well-formed "
        "(invalid token) (save it again)",
    ),
    "xlsx-relations": (
        "cards.xlsx",
        "xl/_rels/workbook.xml.rels",
        b"<Relationship ",
        b"<Relationship <",
        "cards.xlsx: is damaged: its part xl/_rels/workbook.xml.rels cannot be read at line 1, column 99: "
        "not well-formed (invalid token) (save it again)",
    ),
    "ods-content": (
        "cards.ods",
        "content.xml",
        b"<text:p>Card 2</text:p>",
        b"<text:p>Card & 2</text:p>",
        "cards.ods: sheet 'cards', cell B3: is damaged: its part content.xml cannot be read at {where}: "
        "not well-formed (invalid token) (save it again)",
    ),
    "ods-encoding": (  # found by the fuzz of spreadsheets: expat asked Python for the encoding (LookupError)
        "cards.ods",
        "content.xml",
        b"encoding='UTF-8'",
        b"encoding='ATF-8'",
        "cards.ods: is damaged: its part content.xml declares the encoding 'ATF-8', which printkit cannot read "
        "(save it again)",
    ),
    "xlsx-encoding": (
        "cards.xlsx",
        "xl/workbook.xml",
        b"<workbook ",
        b"<?xml version='1.0' encoding='utf-7'?><workbook ",
        "cards.xlsx: is damaged: its part xl/workbook.xml declares the encoding 'utf-7', which printkit cannot "
        "read (save it again)",
    ),
    "ods-repeated": (
        "cards.ods",
        "content.xml",
        b"<table:table-cell ",
        b'<table:table-cell table:number-columns-repeated="lots" ',
        "cards.ods: sheet 'cards', cell A1: is damaged: its part content.xml gives "
        'table:number-columns-repeated="lots", not a count (save it again)',
    ),
}


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_part_is_named_with_its_position_and_cell(run, tmp_path, case):
    name, part, old, new, line = DAMAGED[case]
    workbook = _cards_xlsx() if name.endswith(".xlsx") else make.ods({"cards": [make.HEADER, *make.CARDS]})
    pack = _pack(tmp_path / case, name, _edited(workbook, part, old, new))
    code, _, err = run("check", pack)
    assert (code, err.splitlines()) == (
        1,
        [
            f"{pack}/{line.format(where=_where(pack / name, part, new)) if '{where}' in line else line}",
            problems_found(1),
        ],
    )


def _where(workbook, part: str, new: bytes) -> str:
    """Where expat stops in part at the & of new (odfpy's XML varies with what it wrote before)."""
    with make.zipfile.ZipFile(workbook) as archive:
        data = archive.read(part)
    before = data[: data.index(new) + new.index(b"&") + 1]  # expat stops after the &, at what starts no entity
    line, column = before.count(b"\n") + 1, len(before) - before.rfind(b"\n")
    return f"line {line}, column {column}"
