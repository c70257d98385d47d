"""Texts from spreadsheets in the translation workflow: the catalogs' `#:` references name the file and
cell (`cards.csv:2`, `spells.xlsx:cards.B2`) and come back whole from GNU gettext and translate-toolkit;
problems with a text, and messages naming another component, name its cell."""

import re
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from openpyxl import Workbook, load_workbook
from translate.storage import pypo

KIT = Path("content/kit")
TOOLKIT = Path(sys.executable).parent  # translate-toolkit's commands, installed with the tests


def workbook(path: Path, rows: list[list]) -> None:
    """A workbook whose sheet 'cards' holds rows, row 1 the keys."""
    book = Workbook()
    book.active.title = "cards"
    for row in rows:
        book.active.append(row)
    book.save(path)


@pytest.fixture
def kit(tmp_path, monkeypatch):
    """A pack 'kit' translated to German, its card Spark in cards.csv, its card Bolt in spells.xlsx;
    the current folder above its content/."""
    root = tmp_path / KIT
    root.mkdir(parents=True)
    (root / "pack.yaml").write_text("id: kit\ntitle: Kit\nlocales: [en, de]\n")
    (root / "cards.csv").write_text("id,name\nspark,Spark\n")
    workbook(root / "spells.xlsx", [["id", "name", "text"], ["bolt", "Bolt", "Strikes twice."]])
    monkeypatch.chdir(tmp_path)
    return root


def test_references_name_the_csv_row_and_the_workbook_cell(kit, run):
    assert run("i18n", "update", "kit")[0] == 0
    pot = (kit / "locales" / "kit.pot").read_text(encoding="utf-8")
    assert re.findall(r'^#: (.*)\n(?:#, .*\n)?msgid "(.*)"', pot, re.MULTILINE) == [
        ("pack.yaml:2", "Kit"),
        ("cards.csv:2", "Spark"),
        ("spells.xlsx:cards.B2", "Bolt"),
        ("spells.xlsx:cards.C2", "Strikes twice."),
    ]


def test_gettext_tools_keep_a_workbook_cell_reference_whole(kit, run, tmp_path):
    """msgcat and msgmerge write the references back as they were, msgfmt -c takes them, Weblate's PO
    storage (translate-toolkit's pypo, which percent-encodes what is not safe in a reference) writes
    them unchanged, and polib reads the cell as a file name without a line, as gettext does."""
    assert run("i18n", "update", "kit")[0] == 0
    po = kit / "locales" / "de" / "LC_MESSAGES" / "kit.po"
    pot = kit / "locales" / "kit.pot"
    references = [line for line in po.read_text(encoding="utf-8").splitlines() if line.startswith("#:")]
    assert references == ["#: pack.yaml:2", "#: cards.csv:2", "#: spells.xlsx:cards.B2", "#: spells.xlsx:cards.C2"]
    for command in (["msgcat", po], ["msgmerge", "--quiet", "--previous", po, pot]):
        written = subprocess.run(["/usr/bin/" + str(command[0]), *command[1:]], capture_output=True, text=True)
        assert [line for line in written.stdout.splitlines() if line.startswith("#:")] == references, command
    weblate = bytes(pypo.pofile.parsefile(str(po))).decode("utf-8")
    assert [line for line in weblate.splitlines() if line.startswith("#:")] == references
    checked = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", po], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    entry = next(e for e in polib.pofile(str(po)) if e.msgid == "Bolt")
    assert entry.occurrences == [("spells.xlsx:cards.B2", "")]


def test_an_xliff_export_carries_the_references_translate_toolkit_reads_back(kit, run):
    assert run("i18n", "update", "kit")[0] == 0
    assert run("i18n", "export", "kit", "--lang", "de")[0] == 0
    xliff = kit / "locales" / "de" / "kit.xlf"
    text = xliff.read_text(encoding="utf-8")
    assert (
        '<context-group name="po-reference" purpose="location">\n'
        '          <context context-type="sourcefile">spells.xlsx</context>\n'
        '          <context context-type="linenumber">cards.B2</context>\n'
        "        </context-group>"
    ) in text
    subprocess.run([TOOLKIT / "xliff2po", xliff, "back.po"], capture_output=True, check=True)
    back = {e.msgid: e.occurrences for e in polib.pofile("back.po")}
    template = {e.msgid: e.occurrences for e in polib.pofile(str(kit / "locales" / "kit.pot"))}
    assert back == template
    assert back["Strikes twice."] == [("spells.xlsx:cards.C2", "")]
    assert run("i18n", "import", "kit", "--lang", "de", "--file", xliff)[0] == 0


def test_a_text_missing_from_the_catalog_is_named_at_its_cell(kit, run):
    code, out, err = run("build", "kit", "--lang", "de", "--strict", "--no-rulebooks", "--out", "out")
    assert (code, out) == (1, "")
    hint = "(run 'printkit i18n update kit' and translate it)"
    assert err.splitlines() == [
        f"content/kit/cards.csv:2:2: card:spark/name: missing from the de catalog {hint}",
        f"content/kit/pack.yaml:2:1: pack:title: missing from the de catalog {hint}",
        f"content/kit/spells.xlsx: sheet 'cards', cell B2 (card:bolt/name): missing from the de catalog {hint}",
        f"content/kit/spells.xlsx: sheet 'cards', cell C2 (card:bolt/text): missing from the de catalog {hint}",
        "4 problems found",
    ]


def test_a_text_that_does_not_fit_is_named_at_its_cell(kit, run):
    workbook(kit / "spells.xlsx", [["id", "name", "size"], ["bolt", "Bolt " * 40, "mini"]])
    code, _, err = run("build", "kit", "--lang", "en", "--no-rulebooks", "--out", "out")
    assert (code, err.splitlines()) == (
        1,
        [
            "content/kit/spells.xlsx: sheet 'cards', cell B2 (name): text of 'bolt' overflows its 25.6 x 6.4 mm box "
            "by 20.0 mm at 6 pt in locale en (shorten the text or give the component more room)",
            "1 problem found",
        ],
    )


def test_an_id_used_twice_names_the_other_components_cell(kit, run):
    workbook(kit / "spells.xlsx", [["id", "name"], ["bolt", "Bolt"], ["spark", "Spark again"]])
    (kit / "tracker.yaml").write_text("cards:\n  - id: bolt\n    name: Bolt again\n")
    code, _, err = run("check", "kit")
    hint = "(ids must be unique in a pack)"
    assert (code, err.splitlines()) == (
        1,
        [
            "content/kit/spells.xlsx: sheet 'cards', cell A3 (id): id 'spark' is already used by the card at "
            f"content/kit/cards.csv:2 {hint}",
            "content/kit/tracker.yaml:2:9: cards[0].id: id 'bolt' is already used by the card at "
            f"content/kit/spells.xlsx, sheet 'cards', cell A2 {hint}",
            "2 problems found",
        ],
    )


def test_a_sheet_named_with_spaces_around_its_section_gives_references_without_them(kit, run):
    """gettext splits references at spaces: ' Cards ' fills cards, and is referenced as 'Cards'."""
    workbook(kit / "spells.xlsx", [["id", "name"], ["bolt", "Bolt"]])
    book = load_workbook(kit / "spells.xlsx")
    book["cards"].title = " Cards "
    book.save(kit / "spells.xlsx")
    assert run("i18n", "update", "kit")[0] == 0
    pot = polib.pofile(str(kit / "locales" / "kit.pot"))
    assert [e.occurrences for e in pot if e.msgid == "Bolt"] == [[("spells.xlsx:Cards.B2", "")]]


def test_a_spreadsheet_gives_a_text_its_context_and_note_in_dotted_columns(kit, run):
    """`name.text`, `name.context` and `name.note` columns, as nested keys are written in a table; a row
    with an empty context cell is the text without context."""
    (kit / "cards.csv").write_text(
        "id,name.text,name.context,name.note\nspark,Bolt,the spell,a crossbow bolt charged with magic\nzap,Bolt,,\n"
    )
    assert run("i18n", "extract", kit)[0] == 0
    pot = polib.pofile(str(kit / "locales" / "kit.pot"))
    assert [(e.msgctxt, e.comment.split("\n")[0], e.occurrences[0]) for e in pot if e.msgid == "Bolt"] == [
        ("the spell", "a crossbow bolt charged with magic", ("cards.csv", "2")),
        (
            None,
            "card:zap/name: card; box 37.6 x 9.1 mm, 10.5 pt (at least 6 pt), room for 53 characters",
            ("cards.csv", "3"),
        ),
    ]  # the second also the Bolt of spells.xlsx
