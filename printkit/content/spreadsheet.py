"""Read components from spreadsheets (CSV, TSV, XLSX, ODS), keeping the cell of every value.

Takes: a file of a pack's folder and the JSON Schema of the pack's component files (`component_schema`),
which says what each column holds: a number column reads `3` as 3, a text column keeps `007` as
text, a list column splits `giant; silver` at its semicolons.
Returns: a `TableSource`, a `SourceFile` whose data is `{section: [one mapping per row]}` as a YAML
component file would give it, and whose problems name cells as spreadsheet users know them:
`cards.xlsx: sheet 'cards', cell C7 (stats.attack): ...`, or `cards.csv:7:3: stats.attack: ...`.

Row 1 holds the keys; nested keys are dotted (`stats.attack`, `data.glow`); an empty cell gives no
value. A CSV or TSV file fills the section its name says (`cards.csv`, `Cards.csv`); a workbook fills a section
from each sheet named after one, and says which sheets it passed over. Workbooks are read by
python-calamine (formulas as the values last calculated); before it opens one, the zip is measured,
since a tiny file can claim a sheet of billions of cells.
"""

from __future__ import annotations

import csv
import io
import math
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from printkit.base.confine import Refused, read_bytes
from printkit.base.errors import KeyPath, Problem, column_letters, did_you_mean, shortened
from printkit.content.source import MAX_FILE_BYTES, Position, SourceFile
from printkit.content.workbook_parts import (
    MAX_COLUMNS,
    MAX_ROWS,
    NOT_MEASURED,
    Unreadable,
    damage,
    ods_scans,
    read_parts,
    too_large,
    xlsx_scans,
)

# An .xls file is read only to say so: calamine reads it, but its size cannot be measured before.
SPREADSHEET_SUFFIXES = {".csv": "CSV", ".tsv": "TSV", ".xlsx": "XLSX", ".ods": "ODS", ".xls": "XLS"}
LIST_SEPARATOR = ";"


@dataclass
class SectionCells:
    """Where one section's rows were read: the sheet (None in a CSV file), the row of each
    component, and the column of each key."""

    sheet: str | None
    rows: list[int] = field(default_factory=list)
    columns: dict[tuple[str, ...], int] = field(default_factory=dict)


@dataclass
class TableSource(SourceFile):
    section_cells: dict[str, SectionCells] = field(default_factory=dict)  # section -> where its rows were read
    workbook: bool = False
    notes: list[Problem] = field(default_factory=list)  # what was passed over: sheets that fill no section

    def position(self, path: KeyPath, *, of_key: bool = False) -> Position:
        """(row, column) of the cell holding the value at path (with of_key: its column's key);
        (row, 0) for a whole row; for a whole sheet or file (0, 0), or in a CSV file its start, (1, 1)."""
        cells = self._cells_of(path)
        if cells is None or len(path) < 2 or not isinstance(path[1], int) or path[1] >= len(cells.rows):
            return (0, 0) if self.workbook else (1, 1)
        column = self._column(cells, path[2:])
        if of_key:
            return 1, column or 1
        return cells.rows[path[1]], column

    def problem(self, path: KeyPath, message: str, hint: str | None = None, *, of_key=False) -> Problem:
        cells = self._cells_of(path)
        return self.cell_problem(
            cells.sheet if cells else "", *self.position(path, of_key=of_key), _dotted(path), message, hint
        )

    def missing(self, path: KeyPath, key: str, hint: str | None = None) -> Problem:
        """A required key named by the column that gives it (`edges.bottom`): the column to fill, or to add."""
        column = _dotted((*path, key))
        cells = self._cells_of(path)
        given = cells is not None and tuple(column.split(".")) in cells.columns
        return super().missing(path, column, hint or f"{'fill' if given else 'add'} the column '{column}'")

    def holds(self, problem: Problem, path: KeyPath) -> bool:
        """Whether a problem lies in the row of the component at path (a problem names a cell's column, not its path)."""
        row = self.problem(path, "")
        return (problem.file, problem.sheet, problem.line) == (row.file, row.sheet, row.line)

    def where(self, path: KeyPath, *, of_key: bool = False) -> str:
        """`cards.csv:7`, or in a workbook `spells.xlsx, sheet 'cards', cell A7`."""
        place = self.problem(path, "", of_key=of_key).place if self.workbook else ""
        return f"{self.shown}, {place}" if place else super().where(path, of_key=of_key)

    def cell_problem(self, sheet: str | None, row: int, column: int, key: str, message: str, hint: str | None = None):
        """A problem at a cell given by its numbers (row or column 0: the whole row or sheet; in a
        CSV file, which has no sheet, its first line or column)."""
        if self.workbook:
            return Problem(self.shown, row, column, key, message, hint, sheet=sheet or "")
        return Problem(self.shown, row or 1, column or 1, key, message, hint)

    def _cells_of(self, path: KeyPath) -> SectionCells | None:
        """Where the section that path starts with was read."""
        return self.section_cells.get(str(path[0])) if path else None

    @staticmethod
    def _column(cells: SectionCells, keys: KeyPath) -> int:
        """The column of the key at keys (list positions, which share their list's cell, left out), or
        of the first column inside it (`edges` -> `edges.top`); 0 when no column holds it."""
        parts = tuple(str(part) for part in keys if not isinstance(part, int))
        while parts:
            if parts in cells.columns:
                return cells.columns[parts]
            inside = [column for key, column in cells.columns.items() if key[: len(parts)] == parts]
            if inside:
                return min(inside)
            parts = parts[:-1]
        return 0


def _dotted(path: KeyPath) -> str:
    """The column's key of a value's path: ('cards', 3, 'stats', 'attack') -> 'stats.attack'."""
    return ".".join(str(part) for part in path[2:] if not isinstance(part, int))


def read_spreadsheet(path: Path, shown: str, folder: Path, schema: dict[str, Any]) -> TableSource:
    """The components of the spreadsheet at path (inside folder), read as schema says."""
    kind = SPREADSHEET_SUFFIXES[path.suffix.lower()]
    source = TableSource(path, shown, workbook=kind in ("XLSX", "ODS", "XLS"))
    sections = _Sections(schema)
    data: dict[str, list[dict[str, Any]]] = {}
    try:
        raw = read_bytes(folder, path, MAX_FILE_BYTES)
        if not raw:
            raise Unreadable("file is empty", "save it again from the spreadsheet program, or delete it")
        if kind == "XLS":
            raise Unreadable(
                "is an Excel 97-2003 workbook, which printkit does not read", "save it as an Excel Workbook (.xlsx)"
            )
        tables = (
            _workbook_tables(raw, kind, source, sections)
            if source.workbook
            else _text_table(raw, kind, source, sections)
        )
        for sheet, section, rows, decimal_comma in tables:
            section_cells = SectionCells(sheet)
            source.section_cells[section] = section_cells
            data[section] = _read_rows(rows, sections.item(section), section_cells, source, decimal_comma)
    except Refused as refused:
        source.problems.append(source.cell_problem("", 1, 1, "", refused.message, refused.hint))
        return source
    except Unreadable as unreadable:
        source.problems.append(
            source.cell_problem(unreadable.sheet, *unreadable.at, "", unreadable.message, unreadable.hint)
        )
        return source
    # Rows are validated even past a wrong header or merged cell, for every problem at once; a file
    # that filled no section has said why, and is not also "without components".
    source.data = data if data or not source.problems else None
    return source


Rows = Iterator[tuple[int, list[Any]]]  # (row number, cells)


# --- CSV and TSV ---------------------------------------------------------------------------------


def _text_table(raw: bytes, kind: str, source: TableSource, sections: _Sections) -> Iterator:
    """(None, section, rows, whether its numbers have a decimal comma) of a CSV or TSV file named
    after a section."""
    section = sections.section_of(source.path.stem)
    if section is None:
        source.problems.append(
            source.cell_problem(
                None,
                1,
                1,
                "",
                f"fills no section: a {kind} file is named after the section its rows fill",
                did_you_mean(source.path.stem, sections.names) or "sections: " + ", ".join(sections.names),
            )
        )
        return
    text = _text(raw, kind, source)
    delimiter = _delimiter(text, kind, source.path)
    yield None, section, _csv_rows(text, delimiter), delimiter == ";"


def _text(raw: bytes, kind: str, source: TableSource) -> str:
    """The text of a CSV or TSV file."""
    holds = next(
        (what or "a zip archive, as XLSX and ODS workbooks are" for magic, what in _MAGIC if raw.startswith(magic)),
        None,
    )
    if holds:
        raise Unreadable(f"is not {kind} text: it is {holds}", _named_after(source.path))
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):  # the byte order marks of UTF-16
        raise Unreadable("is UTF-16 text (Excel's 'Unicode text'), not UTF-8", _SAVE_AS_UTF8)
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")  # Excel's "CSV UTF-8" starts with a byte order mark
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        raise Unreadable(
            f"is not UTF-8 text: byte 0x{raw[error.start]:02x} cannot be read",
            _SAVE_AS_UTF8,
            at=(before.count(b"\n") + 1, len(before) - (before.rfind(b"\n") + 1) + 1),
        ) from None
    if "\x00" in text:
        raise Unreadable(f"is not {kind} text: it holds NUL bytes", _named_after(source.path))
    return text


_SAVE_AS_UTF8 = "save it as 'CSV UTF-8' (Excel) or with the character set UTF-8 (LibreOffice)"


def _delimiter(text: str, kind: str, path: Path) -> str:
    """A tab for TSV; for CSV, the comma, or the semicolon that spreadsheets set to a decimal comma
    (German Excel) write instead (and then numbers as 1,5), whichever the header line holds more of.
    A header separated only by what the other kind uses is refused: read by this kind's separator,
    it is one unknown key."""
    header = text.split("\n", 1)[0]
    if kind == "TSV":
        if "\t" not in header and ("," in header or ";" in header):
            raise Unreadable("looks comma-separated: row 1 holds no tabs", f"rename it to {path.stem}.csv")
        return "\t"
    if "\t" in header and "," not in header and ";" not in header:
        raise Unreadable("looks tab-separated: row 1 holds tabs, no commas", f"rename it to {path.stem}.tsv")
    return ";" if header.count(";") > header.count(",") else ","


# A cell a spreadsheet program would take for a formula (CWE-1236): text that starts with = + - @, a
# tab or a carriage return. `printkit export` writes such a text to CSV and TSV after a single quote,
# as OWASP recommends (and one more quote before text that starts with quotes and then one of those,
# so that the quote taken off again is always the one export added); reading takes it off.
FORMULA_LIKE = re.compile(r"'*+[=+\-@\t\r]")


def formula_escaped(text: str) -> str:
    """A CSV or TSV cell's text with the quote that keeps a spreadsheet from running it, where it needs one."""
    return "'" + text if FORMULA_LIKE.match(text) else text


def _formula_unescaped(cell: str) -> str:
    """A CSV or TSV cell's text without the quote formula_escaped put before it."""
    return cell[1:] if cell.startswith("'") and FORMULA_LIKE.match(cell) else cell


def _csv_rows(text: str, delimiter: str) -> Rows:
    """The rows of a CSV or TSV file, each numbered by the line it starts on."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=False)
    line = 1
    try:
        for cells in reader:
            yield line, [_formula_unescaped(cell).replace("\r\n", "\n").replace("\r", "\n") for cell in cells]
            line = reader.line_num + 1
    except csv.Error:  # with strict=False, only a cell longer than the csv module's limit
        raise Unreadable(
            f"a cell from here on is longer than {csv.field_size_limit()} characters",
            "a quote that is never closed makes the rest of the file one cell: check this line's quotes",
            at=(line, 1),
        ) from None


def _named_after(path: Path) -> str:
    return f"save it as {SPREADSHEET_SUFFIXES[path.suffix.lower()]}, or rename it after what it holds"


# --- XLSX and ODS --------------------------------------------------------------------------------

_MAGIC = (
    (b"PK\x03\x04", None),  # a zip: XLSX or ODS, told apart by what it holds
    (b"\xd0\xcf\x11\xe0", "an Excel 97-2003 workbook (.xls)"),
    (b"%PDF", "a PDF document"),
)


_UNMERGE = "unmerge them: each component has a cell of its own for each key"
_FIX_FORMULA = "correct the formula, or clear the cell"
_RECALCULATE = "open and save the workbook in a spreadsheet program, which calculates it"


def _workbook_tables(raw: bytes, kind: str, source: TableSource, sections: _Sections) -> Iterator:
    """(sheet, section, rows, False: numbers are numbers) of each sheet named after a section, once
    the zip's size is measured; a note for each other sheet."""
    import python_calamine  # on demand: a pack of YAML and CSV files never reads a workbook

    parts = read_parts(_archive(raw, kind, source.path))
    scans = (xlsx_scans if kind == "XLSX" else ods_scans)(parts)
    try:
        workbook = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(raw))
    except python_calamine.CalamineError as error:
        damaged = next(filter(None, (damage(parts, name) for name in parts if name.endswith((".xml", ".rels")))), None)
        raise damaged or Unreadable(
            f"cannot be read as an {kind} workbook: {error}", _named_after(source.path)
        ) from None
    filled: dict[str, str] = {}
    for sheet in workbook.sheet_names:
        section = sections.section_of(sheet)
        if section is None or section in filled:
            note = (
                f"passed over: sheet '{filled[section]}' fills {section} already"
                if section
                else "passed over: it is not named after a section"
            )
            hint = None if section else did_you_mean(sheet, sections.names) or "sections: " + ", ".join(sections.names)
            source.notes.append(source.cell_problem(sheet, 0, 0, "", note, hint))
            continue
        filled[section] = sheet
        scan = scans.get(sheet)
        if scan is None:  # its part could not be found: calamine would read it unmeasured
            source.problems.append(source.cell_problem(sheet, 0, 0, "", *NOT_MEASURED))
            continue
        refusal = too_large(scan)
        if refusal:
            source.problems.append(source.cell_problem(sheet, 0, 0, "", *refusal))
            continue
        try:
            loaded = workbook.get_sheet_by_name(sheet)
            cells = loaded.to_python(skip_empty_area=False)
        except python_calamine.CalamineError as error:
            damaged = damage(parts, scan.part, sheet) or Unreadable(f"cannot be read: {error}", "save it again")
            source.problems.append(source.cell_problem(sheet, *damaged.at, "", damaged.message, damaged.hint))
            continue
        merged = [  # calamine's ranges of XLSX cells count from 0, and may be written last cell first
            ((min(a, b) + 1, min(c, d) + 1), (max(a, b) + 1, max(c, d) + 1))
            for (a, c), (b, d) in loaded.merged_cell_ranges or ()
        ]
        cell_findings = [
            *(
                (cell, f"is merged with the cells up to {column_letters(last[1])}{last[0]}", _UNMERGE)
                for cell, last in merged or scan.merged
            ),
            *((cell, "holds a formula's error, not a value", _FIX_FORMULA) for cell in scan.errors),
            *((cell, "holds a formula whose value was never calculated", _RECALCULATE) for cell in scan.uncalculated),
        ]
        for (row, column), message, hint in cell_findings:
            source.problems.append(source.cell_problem(sheet, row, column, "", message, hint))
        yield sheet, section, enumerate(cells, start=1), False
    if not filled:
        source.problems.append(
            source.cell_problem(
                "",
                0,
                0,
                "",
                "has no sheet named after a section, so it fills none",
                "name each sheet after the section its rows fill: " + ", ".join(sections.names),
            )
        )


def _archive(raw: bytes, kind: str, path: Path) -> zipfile.ZipFile:
    """The zip a workbook is, once its first bytes and its parts say it is the kind its name says."""
    holds = next((what for magic, what in _MAGIC if raw.startswith(magic)), "not a zip archive")
    if holds is None:
        try:
            archive = zipfile.ZipFile(io.BytesIO(raw))
            names = set(archive.namelist())
        except (zipfile.BadZipFile, ValueError, NotImplementedError):  # NotImplemented: a zip version unknown
            raise Unreadable(f"is not an {kind} workbook: its zip archive is damaged", "save it again") from None
        actual = "XLSX" if "xl/workbook.xml" in names else "ODS" if "content.xml" in names else None
        if actual == kind:
            return archive
        if actual:
            raise Unreadable(
                f"is not an {kind} workbook: it is an {actual} workbook", f"rename it to {path.stem}.{actual.lower()}"
            )
        holds = "a zip archive of other files"
    elif holds == "not a zip archive" and _looks_like_text(raw):
        holds = "text (CSV?)"
    raise Unreadable(f"is not an {kind} workbook: it is {holds}", _named_after(path))


def _looks_like_text(raw: bytes) -> bool:
    try:
        raw[:4096].decode("utf-8")
    except UnicodeDecodeError:
        return False
    return b"\x00" not in raw[:4096]


# --- keys and values -----------------------------------------------------------------------------


_EMPTY = object()  # a cell that gives no value


class _Sections:
    """The sections of component files and what their entries hold, from the JSON Schema."""

    def __init__(self, schema: dict[str, Any]):
        self.schema = schema
        self.definitions = schema.get("$defs", {})
        self.names = list(schema["properties"])

    def section_of(self, sheet: str) -> str | None:
        """The section a sheet or a CSV or TSV file fills: its name, or the same name in other letter
        case (`Cards.csv`, as Excel may name it when it saves a sheet Cards)."""
        return next((name for name in self.names if name == sheet.strip().lower()), None)

    def item(self, section: str) -> _Node:
        return _Node(self.schema["properties"][section], self.definitions).child_items()


def section_item(schema: dict[str, Any], section: str) -> _Node:
    """What a row of a section holds, as the JSON Schema says: its keys in the order of the model's
    fields (`export` orders its columns by them)."""
    return _Sections(schema).item(section)


class _Node:
    """A JSON Schema node, seen through $ref and unions (`X | None`, grid kinds)."""

    def __init__(self, schema: dict[str, Any], definitions: dict[str, Any]):
        self.definitions = definitions
        self.options = list(self._flatten(schema))

    def _flatten(self, schema: dict[str, Any]) -> Iterator[dict[str, Any]]:
        if "$ref" in schema:
            yield from self._flatten(self.definitions[schema["$ref"].rsplit("/", 1)[1]])
            return
        unions = [option for key in ("anyOf", "oneOf", "allOf") for option in schema.get(key, [])]
        if unions:
            for option in unions:
                yield from self._flatten(option)
        elif schema.get("type") != "null":
            yield schema

    @property
    def types(self) -> set[str]:
        found: set[str] = set()
        for option in self.options:
            kind = option.get("type", "string" if "enum" in option or "const" in option else None)
            found.update([kind] if isinstance(kind, str) else kind or [])
        return found

    def required(self) -> list[str]:
        """The keys every mapping here must give (those of each option of a union)."""
        found: list[str] = []
        for option in self.options:
            found += [key for key in option.get("required", []) if key not in found]
        return found if len(self.options) == 1 else []

    def keys(self) -> list[str]:
        return [key for option in self.options for key in option.get("properties", {})]

    def child(self, key: str) -> _Node | None:
        """The node of a key inside this mapping, or None when it takes no such key."""
        for option in self.options:
            if key in option.get("properties", {}):
                return _Node(option["properties"][key], self.definitions)
        for option in self.options:
            if option.get("type") == "object" and not option.get("properties"):
                if option.get("additionalProperties") is False:
                    continue
                for pattern, inner in option.get("patternProperties", {}).items():
                    if re.search(pattern, key):
                        return _Node(inner, self.definitions)
                extra = option.get("additionalProperties", {})
                return _Node(extra if isinstance(extra, dict) else {}, self.definitions)
        return None

    def child_items(self) -> _Node:
        items = [option["items"] for option in self.options if isinstance(option.get("items"), dict)]
        return _Node(items[0] if items else {}, self.definitions)

    def dotted_keys(self) -> list[str]:
        """The keys a header may name here: each key, and each key of a mapping inside it."""
        found = []
        for key in self.keys():
            child = self.child(key)
            inner = child.keys() if child else []
            found += [f"{key}.{name}" for name in inner] if inner and child and "string" not in child.types else [key]
        return found


def _number_text(value: float) -> str:
    """A spreadsheet's number as the text it shows: 42, not 42.0."""
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else format(value, ".15g")


def _cell_text(value: Any) -> str:
    """A cell's value as text, as the spreadsheet shows it."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return _number_text(value)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    return str(value)  # text, a whole number, a duration (1:30:00)


_INTEGER = re.compile(r"[-+]?[0-9]{1,4000}")  # int() refuses more than 4,300 digits; YAML such a number too
# digits read once (possessive): [0-9]+\.?[0-9]* split a run of digits every way, a quadratic time
_FLOAT = re.compile(r"[-+]?(?:[0-9]++(?:\.[0-9]*+)?|\.[0-9]++)(?:[eE][-+]?[0-9]++)?")
_DECIMAL_COMMA = re.compile(r"[-+]?[0-9]*,[0-9]+")


def _scalar_reader(node: _Node, decimal_comma: bool) -> Callable[[Any], Any]:
    """How a cell becomes the value of a key of these types: text stays text, numbers become numbers
    where a number is taken (1,5 too in a file with a decimal comma), true/false become true or false
    where those are taken."""
    types = node.types
    numbers = bool(types & {"integer", "number"}) or not types
    booleans = "boolean" in types or not types

    def read(value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip()
            if not text:
                return _EMPTY
            if numbers:
                if _INTEGER.fullmatch(text):
                    return int(text)
                if _FLOAT.fullmatch(text) and math.isfinite(float(text)):  # 400 digits are no number: inf
                    return float(text)
                if decimal_comma and _DECIMAL_COMMA.fullmatch(text) and math.isfinite(float(text.replace(",", "."))):
                    return float(text.replace(",", "."))
            if booleans and text.lower() in ("true", "false"):
                return text.lower() == "true"
            return value if types else text
        if isinstance(value, bool):
            return value if booleans else _cell_text(value)
        if isinstance(value, (int, float)):
            if numbers:
                return int(value) if isinstance(value, float) and value.is_integer() else value
            return _cell_text(value)
        return _cell_text(value)  # a date or a time: as its text, which YAML would give too

    return read


def _reader(node: _Node, decimal_comma: bool) -> Callable[[Any], Any]:
    """How a cell becomes the value of a key: a list cell is split at its semicolons."""
    if "array" not in node.types:
        return _scalar_reader(node, decimal_comma)
    items = node.child_items()
    inner: Callable[[Any], Any] = _scalar_reader(items, decimal_comma)
    if "array" in items.types:  # a list of pairs, such as corner points: `0, 0; 10, 0; 5, 8`
        pair = _scalar_reader(items.child_items(), decimal_comma=False)
        inner = lambda part: [pair(piece.strip()) for piece in part.split(",")]  # noqa: E731

    def read(value: Any) -> Any:
        if not isinstance(value, str):
            return [inner(value)]
        if not value.strip():
            return _EMPTY
        parts = [part.strip() for part in value.split(LIST_SEPARATOR)]
        return [inner(part) for part in parts if part]

    return read


@dataclass
class _Column:
    number: int
    key: tuple[str, ...]
    read: Callable[[Any], Any]
    # a value that is one word or a mapping (`kit: invented`, `kit: {rarity: estimated}`): a column
    # for the whole and columns for its keys may stand side by side, one of them filled in a row
    whole_or_keys: bool = False


def _columns(
    header: list[Any], item: _Node, section_cells: SectionCells, source: TableSource, decimal_comma: bool
) -> list[_Column]:
    """The columns of a header row, each checked against what a component of the section takes."""
    columns: list[_Column] = []
    seen: dict[str, int] = {}
    sheet = section_cells.sheet
    for number, cell in enumerate(header, start=1):
        text = "" if _blank(cell) else _cell_text(cell).strip()
        if not text:
            continue  # a column without a key: its values, if any, are reported with their rows

        def refuse(message: str, hint: str | None = None, text: str = text, number: int = number) -> None:
            source.problems.append(source.cell_problem(sheet, 1, number, text, message, hint))

        if text in seen:
            first = column_letters(seen[text]) if sheet is not None else str(seen[text])
            refuse(f"the key '{shortened(text)}' heads column {first} too", "keep one of the two columns")
            continue
        seen[text] = number
        key = tuple(part.strip() for part in text.split("."))
        node: _Node | None = item
        for depth, part in enumerate(key):
            inside = node.child(part) if node and part else None
            if inside is None:
                known = item.dotted_keys()
                if depth and part and node and "object" not in node.types:
                    refuse(f"'{'.'.join(key[:depth])}' holds a single value; it has no key '{part}'")
                elif not part:  # `.stats`, `stats..attack`
                    dotted = next((f", such as '{name}'" for name in known if "." in name), "")
                    refuse(
                        f"unknown key '{shortened(text)}', which has a dot with no name on one side",
                        f"write a name on each side of each dot{dotted}",
                    )
                else:  # unknown from its wrong part on (`stats.atack`); `Name` is most likely `name`
                    refuse(
                        f"unknown key '{'.'.join(key[: depth + 1])}'",
                        did_you_mean(text.lower(), known) or did_you_mean(text, known) or "keys: " + ", ".join(known),
                    )
                break
            node = inside
        else:
            assert node is not None
            if "object" in node.types and "string" not in node.types:
                inner = node.dotted_keys() or node.keys()
                example = f"{text}.{inner[0]}" if inner else f"{text}.KEY"
                refuse(
                    f"'{text}' holds a mapping, which one cell cannot",
                    f"give each of its keys a column of its own, such as '{example}'",
                )
                continue
            # a list of texts may hold a text given as {text, context, note}; a cell holds the plain ones
            items = node.child_items().types if "array" in node.types else set()
            if "object" in items and "string" not in items:
                refuse(
                    f"'{text}' holds a list of mappings, which one cell cannot",
                    "keep these components in a YAML file",
                )
                continue
            column = _Column(number, key, _reader(node, decimal_comma), {"string", "object"} <= node.types)
            clash = next(
                (
                    other
                    for other in columns
                    if (other.key[: len(key)] == key or key[: len(other.key)] == other.key)
                    and not (_whole_and_key(other, column) or _whole_and_key(column, other))
                ),
                None,
            )
            if clash:
                refuse(
                    f"'{text}' and '{'.'.join(clash.key)}' (column {column_letters(clash.number) if sheet is not None else clash.number}) set the same key",
                    "keep one of them",
                )
                continue
            columns.append(column)
            section_cells.columns[key] = number
    return columns


def _whole_and_key(whole: _Column, part: _Column) -> bool:
    """Whether one column gives a whole value and the other one of its keys (`kit`, `kit.rarity`)."""
    return whole.whole_or_keys and len(part.key) > len(whole.key) and part.key[: len(whole.key)] == whole.key


def _blank(cell: Any) -> bool:
    """A cell that gives no value: empty, or only spaces."""
    return cell is None or isinstance(cell, str) and not cell.strip()


def _read_rows(
    rows: Rows, item: _Node, section_cells: SectionCells, source: TableSource, decimal_comma: bool
) -> list[dict[str, Any]]:
    """A mapping per row with a value below the header, nested by the dotted keys."""
    read: list[dict[str, Any]] = []
    rows = iter(rows)
    first = next(rows, None)
    if first is None or all(map(_blank, first[1])):
        source.problems.append(
            source.cell_problem(
                section_cells.sheet,
                1,
                0,
                "",
                "the header row is empty; it names the key of each column",
                "write the keys in row 1: id, name, count, …",
            )
        )
        return read
    if len(first[1]) > MAX_COLUMNS:  # a workbook's sheet was measured before; a CSV file is measured here
        source.problems.append(
            source.cell_problem(
                section_cells.sheet,
                1,
                MAX_COLUMNS + 1,
                "",
                f"row 1 has {len(first[1])} columns; at most {MAX_COLUMNS} are read",
                "delete the columns after the last key",
            )
        )
        return read
    columns = _columns(first[1], item, section_cells, source, decimal_comma)
    given = {key[0] for key in section_cells.columns}  # `grid.columns` gives grid
    missing = [key for key in item.required() if key not in given]
    if missing:
        names = " and ".join(f"'{key}'" for key in missing)
        source.problems.append(
            source.cell_problem(
                section_cells.sheet,
                1,
                0,
                "",
                f"has no column {names}, which every row needs",
                "add the column" + ("s" if len(missing) > 1 else "") + " with a key in row 1",
            )
        )
        return read  # each row would lack it too: one message says it
    header_width = len(first[1])
    headless = [number for number, cell in enumerate(first[1], start=1) if _blank(cell)]
    reported: set[int] = set()  # the columns without a key whose first value was reported
    for number, cells in rows:
        if len(read) >= MAX_ROWS:
            source.problems.append(
                source.cell_problem(section_cells.sheet, number, 0, "", f"more than {MAX_ROWS} rows", "split the file")
            )
            section_cells.rows.clear()
            return []  # none of it is checked or drawn: the limit keeps a check short
        if all(map(_blank, cells)):
            continue  # a blank row, left to space out groups
        component: dict[str, Any] = {}
        filled: list[_Column] = []
        for column in columns:
            if column.number > len(cells):
                continue
            value = column.read(cells[column.number - 1])
            if value is _EMPTY:
                continue
            both = next(
                (other for other in filled if _whole_and_key(other, column) or _whole_and_key(column, other)), None
            )
            if both:  # the header allows a column for the whole and columns for its keys; a row fills one
                letter = column_letters(both.number) if section_cells.sheet is not None else str(both.number)
                source.problems.append(
                    source.cell_problem(
                        section_cells.sheet,
                        number,
                        column.number,
                        ".".join(column.key),
                        f"'{'.'.join(column.key)}' and '{'.'.join(both.key)}' (column {letter}) are both filled in this row",
                        f"give '{'.'.join(both.key if both.whole_or_keys else column.key)}' either as one word or key by key",
                    )
                )
                continue
            filled.append(column)
            into = component
            for part in column.key[:-1]:
                into = into.setdefault(part, {})
            into[column.key[-1]] = value
        for index in [*headless, *range(header_width + 1, len(cells) + 1)]:
            if index <= len(cells) and index not in reported and not _blank(cells[index - 1]):
                reported.add(index)
                source.problems.append(
                    source.cell_problem(
                        section_cells.sheet,
                        number,
                        index,
                        "",
                        "holds a value, but its column has no key in row 1",
                        "write the key in row 1, or clear the column",
                    )
                )
                break  # one a row: a row of thousands of cells past the header is one mistake
        section_cells.rows.append(number)
        read.append(component)
    return read
