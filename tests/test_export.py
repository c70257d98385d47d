"""`printkit export`: a pack's components written to a spreadsheet build the same PDFs as the YAML
they came from; what a spreadsheet cannot hold, and a command line that cannot be carried out, are
usage errors that write nothing."""

import json
import re
import shutil
from pathlib import Path

import openpyxl
import pytest
from conftest import BUNDLED, REPO

from printkit.content.components import COMPONENT_KINDS
from printkit.content.read import load_checked
from printkit.content.spreadsheet import SPREADSHEET_SUFFIXES

FORMATS = ["xlsx", "ods", "csv", "tsv"]
WORKBOOKS = {"xlsx", "ods"}
# The sections of bundled packs a spreadsheet cannot hold, with export's refusal: they stay in YAML.
KEPT_IN_YAML = {
    "skylands": {
        "boards": "printkit: cannot export boards: board 'player-board-islands', key 'printed' holds a list of "
        "mappings, which one cell cannot (keep the boards in YAML)",
        # the spaces of a tile are drawn in the order written, and tiles write them in orders no
        # columns can follow
        "tiles": "printkit: cannot export tiles: tile 'starting-island-2', key 'spaces' reads back from a "
        "spreadsheet as {woods: 1, crystals: 1}, not {crystals: 1, woods: 1} (keep the tiles in YAML)",
    }
}
BUILD = ["--lang", "en", "--no-rulebooks"]  # on A4, every pack's paper


def sections_of(root: Path) -> dict[str, int]:
    """The sections a pack has components in, in the order export writes them, with their counts."""
    (pack,) = load_checked([root])
    counts = {section: 0 for section in COMPONENT_KINDS}
    for component in pack.components:
        counts[component.origin.path[0]] += 1
    return {section: count for section, count in counts.items() if count}


def components_pdf(out: Path, pack: str) -> bytes:
    return (out / pack / f"{pack}-components-en-a4.pdf").read_bytes()


@pytest.fixture(scope="module")
def yaml_builds(shared_run) -> Path:
    """Every bundled pack built once from its YAML, as the round trips build theirs."""
    built = shared_run("build", *BUNDLED, *BUILD)
    assert built.code == 0, built.stderr
    return built.out


def without_sections(text: str, sections: set[str]) -> str:
    """A component file's text without the top-level sections named (each runs to the next
    top-level key)."""
    kept, dropping = [], False
    for line in text.splitlines(keepends=True):
        if line[:1].isalpha():
            dropping = line.split(":", 1)[0] in sections
        if not dropping:
            kept.append(line)
    return "".join(kept)


def replace_yaml(root: Path, sections: set[str], spreadsheets: list[Path]) -> None:
    """The pack at root with the sections' YAML (and the spreadsheets it had: every one of their
    sections is exported) taken out and the exported spreadsheets put in instead."""
    for path in root.iterdir():
        if path.suffix.lower() in SPREADSHEET_SUFFIXES:
            path.unlink()
    for path in root.glob("*.yaml"):
        if path.name in ("pack.yaml", "rulebook.yaml"):
            continue
        text = without_sections(path.read_text(encoding="utf-8"), sections)
        if re.search(r"^[a-z]", text, re.MULTILINE):
            path.write_text(text, encoding="utf-8")
        else:
            path.unlink()
    for spreadsheet in spreadsheets:
        shutil.move(spreadsheet, root / spreadsheet.name)


def rows_written(counts: dict[str, int]) -> str:
    return ", ".join(f"{section} ({count} row{'s' if count != 1 else ''})" for section, count in counts.items())


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("pack", BUNDLED)
def test_a_pack_built_from_its_export_gives_the_same_pdf(pack, fmt, run, tmp_path, yaml_builds):
    root, exported = tmp_path / "packs" / pack, tmp_path / "exported"
    shutil.copytree(REPO / "content" / pack, root)
    exported.mkdir()
    counts = sections_of(root)
    kept = KEPT_IN_YAML.get(pack, {})
    if fmt in WORKBOOKS and not kept:  # the whole pack in one workbook, a sheet per section
        target = exported / f"{pack}.{fmt}"
        assert run("export", root, "--to", target) == (0, f"wrote {target}: {rows_written(counts)}\n", "")
    else:  # a file per section
        for section, count in counts.items():
            target = exported / f"{section}.{fmt}"
            code, out, err = run("export", root, "--section", section, "--to", target)
            if section in kept:
                assert (code, out, err) == (2, "", kept[section] + "\n")
                assert not target.exists()
            else:
                assert (code, out, err) == (0, f"wrote {target}: {rows_written({section: count})}\n", "")
    spreadsheets = sorted(exported.iterdir())
    assert spreadsheets
    replace_yaml(root, set(counts) - set(kept), spreadsheets)
    code, _, err = run("build", root, "--out", tmp_path / "out", *BUILD)
    assert code == 0, err
    assert components_pdf(tmp_path / "out", pack) == components_pdf(yaml_builds, pack)


KIT_PACK = """\
id: kit
title: Kit
fields:
  glow: {type: integer, min: 1, max: 6, label: Glow}
  motto: {type: text, label: Motto}
  words: {type: list, items: text}
stats:
  attack: {name: Attack, short: ATK}
  defense: {name: Defense, short: DEF}
tags:
  giant: {name: Giant}
  silver: {name: Silver}
"""
KIT_CARDS = """\
cards:
  - id: agent
    name: "007"
    tags: [giant, silver]
    stats: {defense: 2, attack: 3}
    data: {glow: 3, motto: "0042", words: [brave, "1", "two words"]}
    text: "=SUM(A1)\\nwith a second line"
  - id: plain
    name: Plain
    count: 2
"""


def kit(tmp_path: Path, cards: str = KIT_CARDS) -> Path:
    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text(KIT_PACK)
    (root / "cards.yaml").write_text(cards)
    return root


def dumped(root: Path) -> str:
    """The pack's components as JSON: keys in their order, types told apart."""
    (pack,) = load_checked([root])
    return json.dumps([component.model_dump(mode="json") for component in pack.components])


@pytest.mark.parametrize("fmt", FORMATS)
def test_text_of_digits_lists_and_declared_fields_read_back_as_written(fmt, run, tmp_path):
    root = kit(tmp_path)
    from_yaml = dumped(root)
    target = tmp_path / f"cards.{fmt}"
    assert run("export", root, "--to", target) == (0, f"wrote {target}: cards (2 rows)\n", "")
    (root / "cards.yaml").unlink()
    shutil.move(target, root / target.name)
    assert dumped(root) == from_yaml


def test_components_read_from_a_spreadsheet_export_as_read(run, tmp_path):
    root = kit(tmp_path)
    from_yaml = dumped(root)
    assert run("export", root, "--to", tmp_path / "cards.csv")[0] == 0
    (root / "cards.yaml").unlink()
    shutil.move(tmp_path / "cards.csv", root / "cards.csv")
    target = tmp_path / "kit.ods"
    assert run("export", root, "--to", target) == (0, f"wrote {target}: cards (2 rows)\n", "")
    (root / "cards.csv").unlink()
    shutil.move(target, root / target.name)
    assert dumped(root) == from_yaml


def test_a_workbook_holds_keys_in_the_order_of_the_model_and_text_as_text(run, tmp_path):
    target = tmp_path / "kit.xlsx"
    assert run("export", kit(tmp_path), "--to", target)[0] == 0
    sheet = openpyxl.load_workbook(target)["cards"]
    rows = [[(cell.value, cell.data_type) for cell in row] for row in sheet.iter_rows()]
    assert [value for value, _ in rows[0]] == [
        "id",
        "count",
        "name",
        "tags",
        "data.glow",
        "data.motto",
        "data.words",
        "stats.defense",  # in the order the cards give them, which draws them in that order
        "stats.attack",
        "text",
    ]
    assert rows[1] == [
        ("agent", "s"),
        (None, "n"),
        ("007", "s"),
        ("giant; silver", "s"),
        (3, "n"),
        ("0042", "s"),
        ("brave; 1; two words", "s"),
        (2, "n"),
        (3, "n"),
        ("=SUM(A1)\nwith a second line", "s"),
    ]


def test_an_existing_file_outside_the_pack_is_replaced(run, tmp_path):
    target = tmp_path / "cards.csv"
    target.write_text("old\n")
    assert run("export", kit(tmp_path), "--to", target)[0] == 0
    assert target.read_text(encoding="utf-8-sig").splitlines() == [
        "id,count,name,tags,data.glow,data.motto,data.words,stats.defense,stats.attack,text",
        "agent,,007,giant; silver,3,0042,brave; 1; two words,2,3,\"'=SUM(A1)",  # a quote: no formula
        'with a second line"',
        "plain,2,Plain,,,,,,,",
    ]


def refused(run, *args) -> str:
    """The message of a usage error, once sure nothing but it was printed."""
    code, out, err = run("export", *args)
    assert (code, out) == (2, ""), err
    return err.rstrip("\n")


def test_a_file_that_cannot_be_made_is_one_line(run, tmp_path):
    target = str(tmp_path / ("a" * 260)) + ".xlsx"  # a file name may have at most 255 bytes
    assert run("export", "skystones", "--to", target) == (
        1,
        "",
        f"printkit: cannot use '{target[:20]}… ({len(target)} characters)': its name is too long "
        "(choose a shorter name)\n",
    )
    assert run("export", "skystones", "--to", "/proc/cards.xlsx") == (
        1,
        "",
        "printkit: cannot write into /proc: it takes no new files (choose another folder)\n",
    )


def test_usage_errors_name_what_to_do(run, tmp_path):
    assert refused(run, "skystones", "--to", tmp_path / "cards.txt") == (
        f"printkit: --to must name a .xlsx, .ods, .csv or .tsv file, got '{tmp_path / 'cards.txt'}'"
    )
    assert refused(run, "skystones", "--to", tmp_path / "cards.csv") == (
        "printkit: a CSV file holds one section, and pack skystones has cards, fields, chips, boards "
        "(name one with --section, or write a .xlsx or .ods workbook, which holds them all)"
    )
    assert refused(run, "skystones", "--section", "cards", "--to", tmp_path / "skystones.tsv") == (
        "printkit: a TSV file fills the section it is named after: name it cards.tsv, not skystones.tsv"
    )
    assert refused(run, "skystones", "--section", "card", "--to", tmp_path / "card.csv") == (
        "printkit: --section: unknown section 'card' (did you mean 'cards' or 'boards'?)"
    )
    assert refused(run, "skystones", "--section", "tiles", "--to", tmp_path / "tiles.csv") == (
        "printkit: --section: pack skystones has no tiles (it has cards, fields, chips, boards)"
    )
    assert refused(run, "skystones", "--to", tmp_path / "missing" / "kit.xlsx") == (
        f"printkit: --to: there is no folder {tmp_path / 'missing'} to write kit.xlsx into"
    )
    assert refused(run, "skystones", "--section", "cards") == (
        "printkit: the following arguments are required: --to (see 'printkit export --help')"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_file_of_the_pack_s_folder_is_not_overwritten(run, tmp_path):
    root = kit(tmp_path)
    (root / "decks").mkdir()
    target = root / "decks" / "cards.csv"
    target.write_text("mine\n")
    assert refused(run, root, "--to", target) == (
        f"printkit: --to: {target} is a file in the folder of pack kit, which export does not overwrite "
        "(delete it first, or write the spreadsheet elsewhere)"
    )
    assert target.read_text() == "mine\n"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (
            "cards:\n  - {id: split, name: Split, data: {words: ['calm;wild']}}\n",
            "printkit: cannot export cards: card 'split', key 'data.words' holds the list item 'calm;wild', whose ';' "
            "would split it in two, which one cell cannot (keep the cards in YAML)",
        ),
        (
            "cards:\n  - {id: blank, name: Blank, data: {words: []}}\n",
            "printkit: cannot export cards: card 'blank', key 'data.words' reads back from a spreadsheet as no value, "
            "not [] (keep the cards in YAML)",
        ),
        (
            "cards:\n  - {id: other-order, name: Other order, stats: {attack: 1, defense: 1}}\n",
            # the two cards give their stats in two orders, and one column order cannot keep both
            "printkit: cannot export cards: card 'agent', key 'stats' reads back from a spreadsheet as "
            "{attack: 3, defense: 2}, not {defense: 2, attack: 3} (keep the cards in YAML)",
        ),
    ],
    ids=["semicolon in a list item", "empty list", "stats in another order"],
)
def test_what_a_cell_cannot_hold_writes_nothing(cards, message, run, tmp_path):
    root = kit(tmp_path, KIT_CARDS + cards.removeprefix("cards:\n"))
    target = tmp_path / "out" / "cards.xlsx"
    target.parent.mkdir()
    assert refused(run, root, "--to", target) == message
    assert list(target.parent.iterdir()) == []  # neither the file nor its temporary


def test_a_refusal_quoting_a_line_break_is_one_line(run, tmp_path):
    """An ODS cell cannot keep a tab (its reader drops ODF's <text:tab/>): the refusal quotes the text
    with its line break and tab escaped, as problems quote values."""
    root = kit(tmp_path, KIT_CARDS + '  - {id: tabbed, name: Tabbed, text: "one\\ttwo\\nthree"}\n')
    target = tmp_path / "kit.ods"
    assert refused(run, root, "--to", target) == (
        "printkit: cannot export cards: card 'tabbed', key 'text' reads back from a spreadsheet as "
        "'onetwo\\nthree', not 'one\\ttwo\\nthree' (keep the cards in YAML)"
    )
    assert not target.exists()
