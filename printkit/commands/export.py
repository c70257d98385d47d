"""`printkit export`: its options, and a pack's components written to a spreadsheet.

Takes: a pack name, the file to write and optionally the one section to write.
Returns: exit code 0 and a line naming the file and each section written with its rows; the writing
is commands/spreadsheet_export.py's.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from printkit.base.errors import counted, display_path
from printkit.commands.command_line import Commands, loaded


def add_parser(commands: Commands, common: argparse.ArgumentParser) -> None:
    parser = commands.add_parser(
        "export",
        parents=[common],
        help="write a pack's components to a spreadsheet (XLSX, ODS, CSV or TSV)",
        description="Write a pack's components to a spreadsheet in the layout printkit reads beside YAML: "
        "row 1 holds the keys (nested ones dotted: stats.attack), a row per component, lists joined by '; '. "
        "A workbook holds a sheet per section; a CSV or TSV file holds one section and is named after it "
        "(cards.csv). The file is written only when reading it back gives the same components, and an "
        "existing file of the pack's folder is never overwritten.",
    )
    parser.add_argument("pack", metavar="PACK", help="pack id under ./content or a pack folder")
    parser.add_argument(
        "--section",
        metavar="SECTION",
        help="write only this section (cards, tiles, ...); a CSV or TSV file needs it when the pack has more than one",
    )
    parser.add_argument(
        "--to", type=Path, required=True, metavar="FILE", help="the .xlsx, .ods, .csv or .tsv file to write"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.commands.spreadsheet_export import export

    (pack,) = loaded([args.pack])
    sheets = export(pack, args.to, args.section)
    rows = [f"{sheet.section} ({counted(len(sheet.rows), 'row')})" for sheet in sheets]
    print(f"wrote {display_path(args.to)}: {', '.join(rows)}")
    return 0
