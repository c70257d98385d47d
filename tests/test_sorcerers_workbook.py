"""The bundled Sorcerers pack keeps its spell cards in a workbook (spells.xlsx): it builds the PDFs its
cards give as YAML, and the spreadsheet guide's example is its workbook's rows, read as the YAML shown."""

import csv
import io
import re
import shutil

import pytest
import python_calamine
import yaml
from conftest import REPO
from openpyxl import load_workbook

from printkit.content.read import load_checked
from printkit.content.schema import component_schema
from printkit.content.spreadsheet import read_spreadsheet

SORCERERS = REPO / "content" / "sorcerers-home-game"
GUIDE = (REPO / "docs" / "how-to" / "spreadsheets.md").read_text(encoding="utf-8")


def block(language: str) -> str:
    """The guide's first fenced block of language ('' for a block without one)."""
    return next(text for fence, text in re.findall(r"^```(\w*)\n(.*?)^```$", GUIDE, re.S | re.M) if fence == language)


def sheet_rows() -> list[list[str]]:
    """The rows of spells.xlsx's sheet 'cards', each cell as a spreadsheet shows it (2, not 2.0)."""
    rows = python_calamine.CalamineWorkbook.from_path(SORCERERS / "spells.xlsx").get_sheet_by_name("cards")
    return [[f"{cell:g}" if isinstance(cell, float) else cell for cell in row] for row in rows.to_python()]


def test_the_guides_table_shows_rows_of_the_workbook_and_the_csv_holds_them():
    table = [line.strip("|").split("|") for line in GUIDE.splitlines() if re.match(r"\| \d+ \|", line)]
    shown = {int(cells[0]): [cell.strip() for cell in cells[1:]] for cells in table}
    rows = sheet_rows()
    assert list(shown) == [1, 2, 3, 44]
    assert shown == {number: rows[number - 1] for number in shown}
    assert list(csv.reader(io.StringIO(block("csv")))) == list(shown.values())


def test_the_guides_csv_reads_as_the_yaml_beside_it(tmp_path):
    (pack,) = load_checked([SORCERERS])
    path = tmp_path / "cards.csv"
    path.write_text(block("csv"), encoding="utf-8")
    table = read_spreadsheet(path, "cards.csv", tmp_path, component_schema(pack.meta))
    assert table.problems == []
    assert table.data == yaml.safe_load(block("yaml"))


def test_the_guides_error_lines_are_what_check_prints(tmp_path, monkeypatch, run):
    pack = tmp_path / "content" / "sorcerers-home-game"
    shutil.copytree(SORCERERS, pack)
    workbook = load_workbook(pack / "spells.xlsx")
    workbook["cards"]["F7"], workbook["cards"]["K1"] = "x", "colour"
    workbook.save(pack / "spells.xlsx")
    rows = sheet_rows()
    rows[6][5] = "x"
    (pack / "cards.csv").write_text("".join(",".join(row) + "\n" for row in rows[:7]), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = run("check", "sorcerers-home-game")
    assert code == 1
    assert set(block("").splitlines()) <= set(err.splitlines())


@pytest.mark.slow
def test_the_workbook_builds_the_pdfs_its_cards_build_as_yaml(tmp_path, run):
    """The cards loaded from spells.xlsx, written as YAML in its place, build byte-identical PDFs (from
    the same folder: a rulebook's PDF depends on where its pack is)."""
    pack = tmp_path / "sorcerers-home-game"
    shutil.copytree(SORCERERS, pack)
    (loaded,) = load_checked([pack])
    cards = [
        c.model_dump(mode="json", exclude_unset=True) for c in loaded.components if c.origin.file.endswith(".xlsx")
    ]
    assert len(cards) == 49
    assert run("build", pack, "--out", tmp_path / "from-workbook", "--paper", "a4")[0] == 0
    (pack / "spells.xlsx").unlink()
    (pack / "spells.yaml").write_text(
        yaml.safe_dump({"cards": cards}, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    assert run("build", pack, "--out", tmp_path / "from-yaml", "--paper", "a4")[0] == 0
    built = sorted(path.name for path in (tmp_path / "from-workbook" / "sorcerers-home-game").glob("*.pdf"))
    assert len(built) == 5  # en and de components, three rulebooks
    for name in built:
        assert (tmp_path / "from-workbook" / "sorcerers-home-game" / name).read_bytes() == (
            tmp_path / "from-yaml" / "sorcerers-home-game" / name
        ).read_bytes(), name
