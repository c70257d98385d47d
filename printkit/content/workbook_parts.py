"""The parts of an XLSX or ODS workbook, read and measured before any cell is: the unzipped
size, each sheet's extent, merged cells, formulas' errors and uncalculated values, damaged XML.

Takes: a workbook's zip archive. Returns: its parts (`parts`), a `Scan` per sheet, what makes a
sheet too large to read (`too_large`), and `Unreadable` for a file or part that cannot be read,
naming the part and, where it can, the cell.
"""

from __future__ import annotations

import copy
import io
import lzma
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from xml.etree import ElementTree

from printkit.base.errors import column_letters, shortened
from printkit.base.xml_declaration import UNREADABLE_ENCODING, declared_encoding

MAX_ROWS = 100_000
MAX_COLUMNS = 500
MAX_CELLS = 2_000_000  # of one sheet, empty ones between values included: what the reader allocates
MAX_UNPACKED_BYTES = 200 * 1024 * 1024  # a workbook's XML, unzipped


class Unreadable(Exception):
    """A file that is not the spreadsheet its name says, or that cannot be read as one; at is the
    (line, column) of a text file where reading stopped, or the (row, column) of the cell of sheet
    where a workbook's part breaks (0 for a whole row or sheet; sheet '' for the whole workbook)."""

    def __init__(self, message: str, hint: str | None = None, at: tuple[int, int] = (1, 1), sheet: str = ""):
        self.message, self.hint, self.at, self.sheet = message, hint, at, sheet


NOT_MEASURED = ("cannot be read: the workbook names no part that holds its cells", "save it again")


def too_large(scan: Scan) -> tuple[str, str] | None:
    """(message, hint) for a sheet the reader would spread over too many cells: calamine allocates
    every cell up to the farthest."""
    rows, columns = scan.rows, scan.columns
    if rows <= MAX_ROWS and columns <= MAX_COLUMNS and rows * columns <= MAX_CELLS:
        return None
    return (
        f"reaches row {rows} and column {column_letters(columns)}, so it spans {rows * columns} cells; "
        f"at most {MAX_ROWS} rows, {MAX_COLUMNS} columns and {MAX_CELLS} cells are read",
        "delete the rows and columns after the last component: a value far down or right counts too",
    )


def read_parts(archive: zipfile.ZipFile) -> dict[str, bytes]:
    """Every part of a workbook's zip, unpacked, once their sizes add up to no more than the limit.
    Each must unpack to exactly the size its zip entry gives: calamine trusts the compressed data,
    so a part whose entry claims a few bytes could otherwise unpack to gigabytes in it."""
    infos = [info for info in archive.infolist() if not info.is_dir()]
    total = sum(info.file_size for info in infos)
    if total > MAX_UNPACKED_BYTES:
        raise Unreadable(
            f"unpacks to {total // (1024 * 1024)} MiB; at most {MAX_UNPACKED_BYTES // (1024 * 1024)} MiB are read",
            "keep the components in a workbook of their own",
        )
    parts: dict[str, bytes] = {}
    for info in infos:
        one_more = copy.copy(info)  # read a byte past the size given: a longer part shows it
        one_more.file_size += 1
        try:
            with archive.open(one_more) as part:
                data = part.read()
        except (
            zipfile.BadZipFile,
            zlib.error,
            lzma.LZMAError,
            EOFError,
            OSError,
            RuntimeError,
            NotImplementedError,
            ValueError,
        ):
            data = None  # damaged, encrypted or packed by a method zipfile does not know
        if data is None or len(data) != info.file_size:
            raise Unreadable(f"is damaged: its part {info.filename} cannot be unpacked", "save it again")
        parts[info.filename] = data
    return parts


Cell = tuple[int, int]  # (row, column), counted from 1 as spreadsheets do


@dataclass
class Scan:
    """What the scan of a sheet's XML finds before calamine reads it: how far its cells reach (what
    calamine allocates), its merged cells (of an ODS sheet; calamine gives an XLSX sheet's), the
    cells holding a formula's error, which calamine reads as empty (XLSX) or 0 (ODS), and the
    formulas that were never calculated."""

    part: str = ""  # the zip's part holding the sheet's cells (of an XLSX workbook)
    rows: int = 0
    columns: int = 0
    merged: list[tuple[Cell, Cell]] = field(default_factory=list)  # first and last cell of each range
    errors: list[Cell] = field(default_factory=list)
    uncalculated: list[Cell] = field(default_factory=list)  # formulas without a value: calamine reads them as empty

    def reach(self, rows: int, columns: int) -> None:
        """Cells reach this far too: of two sheets of one name (only in a forged file), the larger counts."""
        self.rows, self.columns = max(self.rows, rows), max(self.columns, columns)


def _xml(parts: dict[str, bytes], name: str) -> ElementTree.Element:
    if name not in parts:
        raise Unreadable(f"is damaged: its part {name} is missing", "save it again")
    try:
        return ElementTree.fromstring(parts[name])
    except ElementTree.ParseError as error:
        raise _unreadable_part(name, error) from None
    except UNREADABLE_ENCODING:
        raise _unreadable_encoding(parts, name) from None


def _unreadable_part(name: str, error: ElementTree.ParseError, at: Cell = (0, 0), sheet: str = "") -> Unreadable:
    """A part whose XML breaks, at the line and column expat gives and the cell of sheet it was in."""
    line, column = error.position
    reason = str(error).rsplit(": line ", 1)[0]  # expat's words, without the position it appends
    return Unreadable(
        f"is damaged: its part {name} cannot be read at line {line}, column {column + 1}: {reason}",
        "save it again",
        at,
        sheet,
    )


def _unreadable_encoding(parts: dict[str, bytes], name: str, at: Cell = (0, 0), sheet: str = "") -> Unreadable:
    """A part whose XML declares an encoding expat cannot read it in."""
    encoding, _ = declared_encoding(parts[name])
    return Unreadable(
        f"is damaged: its part {name} declares the encoding '{shortened(encoding)}', which printkit cannot read",
        "save it again",
        at,
        sheet,
    )


def damage(parts: dict[str, bytes], name: str, sheet: str = "") -> Unreadable | None:
    """Why the XML part name cannot be read, if it cannot: where it breaks, and for a sheet's part the
    cell it breaks in (the last one begun). Read as a stream, each row let go once read."""
    at: Cell = (0, 0)
    try:
        for event, element in ElementTree.iterparse(io.BytesIO(parts[name]), ("start", "end")):
            tag = _local(element.tag)
            if tag == "c" and event == "start" and sheet:
                reference = _CELL_REFERENCE.fullmatch(element.get("r", ""))
                at = (int(reference[2]), _column_number(reference[1].upper().encode())) if reference else (0, 0)
            elif tag == "row" and event == "end":
                element.clear()
    except ElementTree.ParseError as error:
        return _unreadable_part(name, error, at, sheet)
    except UNREADABLE_ENCODING:
        return _unreadable_encoding(parts, name, at, sheet)
    return None


_CELL_REFERENCE = re.compile(r"\$?([A-Za-z]{1,3})\$?([1-9][0-9]{0,6})")


def _local(name: str) -> str:
    """An XML name without its namespace: writers differ in the prefixes and namespaces they use."""
    return name.rsplit("}", 1)[-1]


# A tag's text is read up to the next < as well as to its >: a scan of each tag then ends at the
# next tag, so a sheet's XML is read in linear time however it is forged (stopping only at > made
# 60 KB of '<c ' take seconds, a quadratic time), and possessive spaces never give any back.
_XLSX_ROWS = re.compile(rb"<(?:\w+:)?row\b")
_XLSX_ROW_NUMBERS = re.compile(rb'<(?:\w+:)?row\b[^<>]*?\br="([0-9]+)"')
_XLSX_CELLS = re.compile(rb"<(?:\w+:)?c\b")
_XLSX_CELL_COLUMNS = re.compile(rb'<(?:\w+:)?c\b[^<>]*?\br="\$?([A-Za-z]+)\$?[0-9]')
_XLSX_ERRORS = re.compile(rb'<(?:\w+:)?c\b(?=[^<>]*?\bt="e")[^<>]*?\br="\$?([A-Za-z]+)\$?([0-9]+)"')
# a cell with a formula and no value or an empty one, as a program that does not calculate writes it
# (openpyxl); t="str" is a formula whose text value is empty, which is no value indeed
_XLSX_UNCALCULATED = re.compile(
    rb'<(?:\w+:)?c\b(?![^<>]*?\bt="str")[^<>]*?\br="\$?([A-Za-z]+)\$?([0-9]+)"[^<>]*>\s*+'
    rb"<(?:\w+:)?f\b[^<>]*(?:/>|>[^<]*</(?:\w+:)?f>)\s*+(?:<(?:\w+:)?v\s*+/>|<(?:\w+:)?v>\s*+</(?:\w+:)?v>)?\s*+</(?:\w+:)?c>"
)


def xlsx_scans(parts: dict[str, bytes]) -> dict[str, Scan]:
    """Each sheet's scan: how far its cells reach, from the references its XML gives them, and its
    cells with an error."""
    relations = _xml(parts, "xl/_rels/workbook.xml.rels") if "xl/_rels/workbook.xml.rels" in parts else None
    targets = {
        relation.get("Id"): relation.get("Target", "")
        for relation in (relations.iter() if relations is not None else ())
        if _local(relation.tag) == "Relationship"
    }
    scans: dict[str, Scan] = {}
    for sheet in _xml(parts, "xl/workbook.xml").iter():
        if _local(sheet.tag) != "sheet":
            continue
        name = sheet.get("name", "")
        key = next((value for attribute, value in sheet.attrib.items() if _local(attribute) == "id"), None)
        target = targets.get(key, "")
        part = posixpath.normpath(target.lstrip("/") if target.startswith("/") else f"xl/{target}")
        if part not in parts:
            continue  # unmeasured, and so refused if it fills a section
        xml = parts[part]
        scan = scans.setdefault(name, Scan(part))
        scan.reach(*_xlsx_extent(xml))
        if b't="e"' in xml:
            scan.errors += [(int(row), _column_number(letters.upper())) for letters, row in _XLSX_ERRORS.findall(xml)]
        if b"f>" in xml or b"f/>" in xml:
            scan.uncalculated += [
                (int(row), _column_number(letters.upper())) for letters, row in _XLSX_UNCALCULATED.findall(xml)
            ]
    return scans


def _xlsx_extent(xml: bytes) -> tuple[int, int]:
    """(rows, columns) of a sheet's XML: its farthest row and column references, and one more for
    each row, or cell in a row, without one (the reader places it after the one before). Found by
    scans of the whole text: a loop over 100,000 cells in Python takes longer than reading them."""
    row_numbers = _XLSX_ROW_NUMBERS.findall(xml)
    rows = max(map(int, row_numbers), default=0) + len(_XLSX_ROWS.findall(xml)) - len(row_numbers)
    return rows, _width(xml)


def _width(xml: bytes) -> int:
    """The columns the cells of a sheet's XML (or of one row of it) reach."""
    found = _XLSX_CELL_COLUMNS.findall(xml)
    without_ref = len(_XLSX_CELLS.findall(xml)) - len(found)
    if without_ref and _XLSX_ROWS.search(xml):  # each row counts its own cells without a reference
        return max(map(_width, _XLSX_ROWS.split(xml)))
    return max((_column_number(letters.upper()) for letters in set(found)), default=0) + without_ref


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - ord("A") + 1
    return number


_ODS = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_ODS_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_ODS_VALUE_TYPE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}value-type"
_ODS_ERROR_TYPE = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}value-type"  # LibreOffice's


def ods_scans(parts: dict[str, bytes]) -> dict[str, Scan]:
    """Each table's scan: how far its cells with a value reach, counting repeated rows and columns as
    the reader does, its merged cells and its cells with an error."""
    scans: dict[str, Scan] = {}
    scan = Scan()
    table = ""
    row = column = rows = columns = 0
    row_repeat = 1
    if "content.xml" not in parts:
        raise Unreadable("is damaged: its part content.xml is missing", "save it again")

    def repeated(element: ElementTree.Element, attribute: str) -> int:
        count = element.get(_ODS + attribute, "1")
        if not _WHOLE_NUMBER.fullmatch(count):
            raise Unreadable(
                f'is damaged: its part content.xml gives table:{attribute}="{shortened(count)}", not a count',
                "save it again",
                where(),
                table,
            )
        return max(1, int(count))

    def where() -> Cell:
        """The cell being read (the row between cells; (0, 0) outside a row)."""
        return (row + 1, column + 1 if in_cell else 0) if in_row else (0, 0)

    in_row = in_cell = False
    try:
        for event, element in ElementTree.iterparse(io.BytesIO(parts["content.xml"]), ("start", "end")):
            tag = element.tag
            if event == "start":
                if tag == _ODS + "table":
                    if table:  # a table inside a table's cell: no spreadsheet program writes one
                        raise Unreadable("holds a table inside a cell, which printkit does not read", "save it again")
                    table, row, rows, columns = element.get(_ODS + "name", ""), 0, 0, 0
                    scan = scans.setdefault(table, Scan())
                elif tag == _ODS + "table-row":
                    in_row, column = True, 0
                    row_repeat = repeated(element, "number-rows-repeated")
                elif tag in (_ODS + "table-cell", _ODS + "covered-table-cell"):
                    in_cell = True
                continue
            if tag in (_ODS + "table-cell", _ODS + "covered-table-cell"):
                repeat = repeated(element, "number-columns-repeated")
                spans = (repeated(element, "number-columns-spanned"), repeated(element, "number-rows-spanned"))
                if spans != (1, 1):
                    scan.merged.append(((row + 1, column + 1), (row + spans[1], column + spans[0])))
                if element.get(_ODS_ERROR_TYPE) == "error":
                    scan.errors.append((row + 1, column + 1))
                elif element.get(_ODS + "formula") and not element.get(_ODS_VALUE_TYPE):
                    scan.uncalculated.append((row + 1, column + 1))
                if element.get(_ODS_VALUE_TYPE) or element.find(_ODS_TEXT + "p") is not None:
                    rows, columns = max(rows, row + row_repeat), max(columns, column + repeat)
                column += repeat
                in_cell = False
                element.clear()
            elif tag == _ODS + "table-row":
                row += row_repeat
                in_row = False
                element.clear()
            elif tag == _ODS + "table":
                scan.reach(rows, columns)
                table = ""
    except ElementTree.ParseError as error:
        raise _unreadable_part("content.xml", error, where(), table) from None
    except UNREADABLE_ENCODING:
        raise _unreadable_encoding(parts, "content.xml") from None
    return scans


_WHOLE_NUMBER = re.compile(r"[0-9]{1,18}")  # more reaches past what too_large refuses, and past int()
