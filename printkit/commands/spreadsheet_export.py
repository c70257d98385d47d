"""`printkit export`: a pack's components written to a spreadsheet in the layout printkit reads.

Takes: a validated pack, the file to write (.xlsx, .ods, .csv or .tsv) and optionally the one section
to write (a workbook holds every section of the pack by default, a sheet each; a CSV or TSV file holds
one and is named after it).
Returns: each section written with its number of rows. The values are those the pack's files give
(the YAML as written, not the model's reading of it); the file is written to a temporary name, read
back as `content/spreadsheet.py` reads it, and renamed into place only when it gives exactly those
values. What a cell cannot hold (a list of mappings, a list item with ';') or what reads back
otherwise is a UsageError naming the component and key; nothing is written then. Text a spreadsheet
program would run as a formula is written after a quote (CSV, TSV; content.spreadsheet.formula_escaped)
or as a quote-prefixed text cell (XLSX).
"""

from __future__ import annotations

import csv
import io
import itertools
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from printkit.base.confine import Refused, writable
from printkit.base.errors import Fault, UsageError, did_you_mean, display_path, shown_value, writing
from printkit.base.requires import need
from printkit.content.components import COMPONENT_KINDS
from printkit.content.components.base import Component
from printkit.content.pack import Pack
from printkit.content.schema import component_schema
from printkit.content.source import read_yaml
from printkit.content.spreadsheet import (
    FORMULA_LIKE,
    LIST_SEPARATOR,
    SPREADSHEET_SUFFIXES,
    formula_escaped,
    read_spreadsheet,
    section_item,
)

Key = tuple[str, ...]  # a column's key: ("stats", "attack") heads the column `stats.attack`
Written = tuple[Component, dict[str, Any]]  # a component, and its mapping as its file writes it


@dataclass
class Sheet:
    """One section's table: its columns in order and each component's cells by column."""

    section: str
    columns: list[Key]
    rows: list[dict[Key, Any]]


def export(pack: Pack, target: Path, section: str | None) -> list[Sheet]:
    """Write the pack's components (of section, or of every section) to target; the sheets written."""
    kind = _kind(target)
    sections = _sections(pack, section, kind, target)
    _check_target(pack, target)
    schema = component_schema(pack.meta, icons=pack.icons)
    written = _written_components(pack, sections, schema)
    sheets = [_sheet(pack, name, components, sections, schema) for name, components in written.items()]
    try:
        folder = Path(tempfile.mkdtemp(prefix=".printkit-export-", dir=target.parent))
    except FileNotFoundError:  # the folder exists (checked above) but takes no new entries, as /proc
        raise Fault(
            f"cannot write into {display_path(target.parent)}: it takes no new files (choose another folder)"
        ) from None
    try:  # written and read back beside the target, then renamed: never a half-written file
        temporary = folder / target.name
        with writing(target):
            _WRITERS[kind](temporary, sheets)
        _check_read_back(pack, temporary, folder, schema, written)
        os.replace(temporary, target)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return sheets


def _kind(target: Path) -> str:
    kind = SPREADSHEET_SUFFIXES.get(target.suffix.lower())
    if kind not in _WRITERS:  # an .xls is read only to be refused
        raise UsageError(f"--to must name a .xlsx, .ods, .csv or .tsv file, got '{target}'")
    if kind in ("XLSX", "ODS"):  # written with the optional `export` packages; CSV and TSV need none
        need("export")
    return kind


def _sections(pack: Pack, section: str | None, kind: str, target: Path) -> list[str]:
    """The sections to write: the one asked for, or every section the pack has components in."""
    filled = [name for name in COMPONENT_KINDS if any(c.origin.path[0] == name for c in pack.components)]
    if section is not None and section not in filled:
        if section not in COMPONENT_KINDS:
            hint = did_you_mean(section, COMPONENT_KINDS) or "sections: " + ", ".join(COMPONENT_KINDS)
            raise UsageError(f"--section: unknown section '{section}' ({hint})")
        raise UsageError(f"--section: pack {pack.id} has no {section} (it has {', '.join(filled)})")
    if not filled:
        raise UsageError(f"pack {pack.id} has no components to export")
    if kind in ("CSV", "TSV"):
        if section is None and len(filled) > 1:
            raise UsageError(
                f"a {kind} file holds one section, and pack {pack.id} has {', '.join(filled)} "
                f"(name one with --section, or write a .xlsx or .ods workbook, which holds them all)"
            )
        section = section or filled[0]
        if target.stem != section:
            raise UsageError(
                f"a {kind} file fills the section it is named after: name it {section}{target.suffix}, "
                f"not {target.name}"
            )
    return [section] if section else filled


def _check_target(pack: Pack, target: Path) -> None:
    """A folder to write into, and no file of the pack's folder overwritten: it may be one the pack
    is built from (a workbook with formatting and other sheets that export would not keep)."""
    if not target.parent.is_dir():
        raise UsageError(f"--to: there is no folder {display_path(target.parent)} to write {target.name} into")
    if target.is_dir():
        raise UsageError(f"--to: {display_path(target)} is a folder; name a file")
    if Path(os.path.abspath(target)).is_relative_to(os.path.abspath(pack.root)):
        # written into the pack's folder: where it lands must be in it too, not through a link the pack ships
        try:
            writable(pack.root, target)
        except Refused as refused:
            raise UsageError(
                f"--to: {target} {refused.message} ({refused.hint})"
            ) from None  # as typed: no link resolved
    if target.exists() and target.resolve().is_relative_to(pack.root.resolve()):
        raise UsageError(
            f"--to: {display_path(target)} is a file in the folder of pack {pack.id}, which export does not overwrite "
            "(delete it first, or write the spreadsheet elsewhere)"
        )


def _written_components(pack: Pack, sections: list[str], schema: dict[str, Any]) -> dict[str, list[Written]]:
    """The components of each section with their mappings as their files write them, in the pack's order."""
    read: dict[str, dict[str, Any]] = {}
    found: dict[str, list[Written]] = {section: [] for section in sections}
    for component in pack.components:
        file, (section, index) = component.origin.file, component.origin.path
        if section not in found:
            continue
        if file not in read:
            path = pack.sources[file].path
            if path.suffix.lower() in SPREADSHEET_SUFFIXES:
                data = read_spreadsheet(path, file, pack.root, schema).data
            else:
                data = read_yaml(path, file, pack.root).data
            read[file] = data
        found[section].append((component, read[file][section][index]))
    return found


class _Unfit(Exception):
    """A value one cell cannot hold: what it holds, at which key of the component."""

    def __init__(self, key: Key, holds: str):
        self.key, self.holds = key, holds


def _sheet(pack: Pack, section: str, components: list[Written], sections: list[str], schema: dict[str, Any]) -> Sheet:
    rows, orders = [], []
    for component, item in components:
        try:
            rows.append(_cells(item))
            orders += _kept_orders(item, component, ())
        except _Unfit as unfit:
            raise UsageError(
                _cannot(pack, section, item, unfit.key, f"holds {unfit.holds}, which one cell cannot")
                + _keep_in_yaml(section, sections)
            ) from None
    item_node = section_item(schema, section)
    first_seen = {key: order for order, key in enumerate(dict.fromkeys(key for row in rows for key in row))}

    def rank(key: Key) -> tuple[list[int], int]:
        """Where the model's fields put a column (stats after name, attack before defense); keys it
        does not order, in the order the components first give them."""
        ranks, node = [], item_node
        for part in key:
            known = node.keys()
            ranks.append(known.index(part) if part in known else len(known))
            inside = node.child(part)
            if inside is None:
                break
            node = inside
        return ranks, first_seen[key]

    return Sheet(section, _column_order(sorted(first_seen, key=rank), orders), rows)


def _kept_orders(value: Any, model: Any, key: Key) -> list[tuple[Key, Key]]:
    """(before, after) for each two neighbouring keys of the mappings whose order the component
    keeps (stats and costs are drawn in the order written; a model's own keys have a fixed order)."""
    if not isinstance(value, dict):
        return []
    names = list(value)
    found = [] if isinstance(model, BaseModel) else [(key + (a,), key + (b,)) for a, b in itertools.pairwise(names)]
    for name in names:
        found += _kept_orders(value[name], _inside(model, name), key + (name,))
    return found


def _inside(model: Any, name: str) -> Any:
    """The part of a validated component at a key (None when the model holds it otherwise)."""
    if isinstance(model, BaseModel):
        return getattr(model, name, None)
    return model.get(name) if isinstance(model, dict) else None


def _column_order(columns: list[Key], orders: list[tuple[Key, Key]]) -> list[Key]:
    """The columns in the order given, moved only as far as needed to put the keys of every mapping
    whose order counts in the order each component writes them. Components that write them in
    orders no columns can follow are left to the read-back check, which names one."""
    before: dict[Key, set[Key]] = {column: set() for column in columns}
    for first, then in set(orders):
        for column in columns:
            if column[: len(then)] == then:
                before[column].update(other for other in columns if other[: len(first)] == first)
    ordered: list[Key] = []
    waiting = list(columns)
    while waiting:
        ready = next((column for column in waiting if not before[column] - set(ordered)), waiting[0])
        ordered.append(ready)
        waiting.remove(ready)
    return ordered


def _cells(item: dict[str, Any]) -> dict[Key, Any]:
    """A component's cells by column: nested keys dotted, lists joined by '; ', unset keys left out."""
    cells: dict[Key, Any] = {}

    def walk(value: Any, key: Key) -> None:
        if isinstance(value, dict):
            for name, inner in value.items():
                walk(inner, key + (name,))
        elif isinstance(value, list):
            cells[key] = _list_cell(value, key)
        elif value is not None:  # null: no value, as an empty cell; reading back tells if that differs
            cells[key] = value

    walk(item, ())
    return cells


def _list_cell(values: list[Any], key: Key) -> str:
    """A list as one cell: `giant; silver`, or pairs such as corner points as `0, 0; 10, 0`."""
    parts = []
    for value in values:
        if isinstance(value, dict):
            raise _Unfit(key, "a list of mappings")
        if isinstance(value, list):
            if any(isinstance(inner, (dict, list)) for inner in value):
                raise _Unfit(key, "a list of lists holding more than single values")
            parts.append(", ".join(_text(inner) for inner in value))
        else:
            parts.append(_text(value))
    for part in parts:
        if LIST_SEPARATOR in part:
            raise _Unfit(key, f"the list item '{part}', whose '{LIST_SEPARATOR}' would split it in two")
    return f"{LIST_SEPARATOR} ".join(parts)


def _text(value: Any) -> str:
    """A value as a CSV cell or a list item writes it; the reader reads it back by its column's type."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _cannot(pack: Pack, section: str, item: dict[str, Any], key: Key, what: str) -> str:
    return f"cannot export {section}: {pack.kind_in(section)} '{item.get('id')}', key '{'.'.join(key)}' {what}"


def _keep_in_yaml(section: str, sections: list[str]) -> str:
    others = "" if len(sections) == 1 else ", or export the other sections one by one with --section"
    return f" (keep the {section} in YAML{others})"


def _check_read_back(
    pack: Pack, path: Path, folder: Path, schema: dict[str, Any], written: dict[str, list[Written]]
) -> None:
    """Refuse the written file unless printkit reads exactly the written components from it."""
    sections = list(written)
    table = read_spreadsheet(path, path.name, folder, schema)
    if table.problems:
        problem = table.problems[0]
        section = next((s for s, p in table.section_cells.items() if p.sheet == problem.sheet), sections[0])
        raise UsageError(
            f"cannot export {section}: the column '{problem.key_path}' reads back as: {problem.message}"
            + _keep_in_yaml(section, sections)
        )
    for section, components in written.items():
        read = (table.data or {}).get(section, [])
        for (component, item), got in zip(components, read, strict=True):
            key = _difference(item, got, component, ())
            if key is not None:
                expected, found = _at(item, key), _at(got, key)
                raise UsageError(
                    _cannot(
                        pack,
                        section,
                        item,
                        key,
                        f"reads back from a spreadsheet as {_shown(found)}, not {_shown(expected)}",
                    )
                    + _keep_in_yaml(section, sections)
                )


_ABSENT = object()  # a key one side does not have


def _difference(expected: Any, got: Any, model: Any, key: Key) -> Key | None:
    """The first key at which got is not expected, compared with types (2 is not 2.0, 1 not true) and
    in the order of the keys of mappings whose order the model (the validated component) keeps."""
    if isinstance(expected, dict) or isinstance(got, dict):
        if not all(isinstance(side, dict) or side is _ABSENT for side in (expected, got)):
            return key
        one, other = (side if isinstance(side, dict) else {} for side in (expected, got))
        for name in dict.fromkeys([*one, *other]):  # down to the key that differs, under a missing mapping too
            found = _difference(one.get(name, _ABSENT), other.get(name, _ABSENT), _inside(model, name), key + (name,))
            if found is not None:
                return found
        if not isinstance(model, BaseModel) and list(one) != list(other):
            return key
        return None if type(expected) is type(got) else key
    if isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        pairs = zip(expected, got, strict=True)
        return next((key for one, other in pairs if _difference(one, other, None, key)), None)
    return None if type(expected) is type(got) and expected == got else key


def _at(value: Any, key: Key) -> Any:
    for part in key:
        value = value.get(part, _ABSENT) if isinstance(value, dict) else _ABSENT
    return value


def _shown(value: Any) -> str:
    if value is _ABSENT:
        return "no value"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{name}: {_shown(inner)}" for name, inner in value.items()) + "}"
    if isinstance(value, list) and all(not isinstance(item, (dict, list)) for item in value):
        return "[" + ", ".join(shown_value(item) for item in value) + "]"
    return shown_value(value)


# --- writers -------------------------------------------------------------------------------------


def _header(column: Key) -> str:
    return ".".join(column)


def _write_xlsx(path: Path, sheets: list[Sheet]) -> None:
    import openpyxl

    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for sheet in sheets:
        table = workbook.create_sheet(sheet.section)
        table.append([_header(column) for column in sheet.columns])
        for number, row in enumerate(sheet.rows, start=2):
            for column, key in enumerate(sheet.columns, start=1):
                if key in row:
                    cell = table.cell(number, column, row[key])
                    if isinstance(row[key], str):
                        cell.data_type = "s"  # text as text: openpyxl takes '=…' for a formula
                        # and shown as text however it is edited, with Excel's quote prefix (a style,
                        # not a character of the value)
                        cell.quotePrefix = bool(FORMULA_LIKE.match(row[key]))
    _write_zip(path, workbook.save)


def _write_ods(path: Path, sheets: list[Sheet]) -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableRow

    document = OpenDocumentSpreadsheet()
    for sheet in sheets:
        table = Table(name=sheet.section)
        cells_of_rows: list[list[Any]] = [[_header(column) for column in sheet.columns]]
        cells_of_rows += [[row.get(key) for key in sheet.columns] for row in sheet.rows]
        for cells in cells_of_rows:
            line = TableRow()
            for value in cells:
                line.addElement(_ods_cell(value))
            table.addElement(line)
        document.spreadsheet.addElement(table)
    _write_zip(path, document.write)


def _write_zip(path: Path, save: Callable[[io.BytesIO], None]) -> None:
    """A workbook's zip made in memory, then written: a zip left half-written on a full disk would
    try to finish itself when it is collected, and fail again."""
    zipped = io.BytesIO()
    save(zipped)
    path.write_bytes(zipped.getvalue())


def _ods_cell(value: Any) -> Any:
    from odf import teletype
    from odf.table import TableCell
    from odf.text import P

    if value is None:
        return TableCell()
    if isinstance(value, bool):
        return TableCell(valuetype="boolean", booleanvalue=_text(value))
    if isinstance(value, (int, float)):
        return TableCell(valuetype="float", value=value)
    cell = TableCell(valuetype="string")
    for line in value.split("\n"):  # a paragraph a line: spreadsheets show line breaks so
        paragraph = P()
        teletype.addTextToElement(paragraph, line)  # spaces and tabs as ODF writes them
        cell.addElement(paragraph)
    return cell


def _write_text(delimiter: str) -> Callable[[Path, list[Sheet]], None]:
    def write(path: Path, sheets: list[Sheet]) -> None:
        (sheet,) = sheets
        # with a byte order mark, which Excel needs to read UTF-8 (printkit reads it either way)
        with path.open("w", encoding="utf-8-sig", newline="") as file:
            writer = csv.writer(file, delimiter=delimiter, lineterminator="\n")
            writer.writerow(_header(column) for column in sheet.columns)
            for row in sheet.rows:  # text a spreadsheet would run as a formula after a quote; numbers as they are
                writer.writerow(
                    formula_escaped(value) if isinstance(value, str) else _text(value)
                    for value in (row.get(key) for key in sheet.columns)
                )

    return write


_WRITERS: dict[str, Callable[[Path, list[Sheet]], None]] = {
    "XLSX": _write_xlsx,
    "ODS": _write_ods,
    "CSV": _write_text(","),
    "TSV": _write_text("\t"),
}
