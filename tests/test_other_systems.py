"""Packs written on Windows and macOS: files with Windows's line ends read as any other and are
placed at the same line and column, and letter case, which their file systems ignore, counts in
every name a pack gives, so that a pack builds the same on every system."""

import shutil
from pathlib import Path

import pytest
from PIL import Image
from test_fixture_messages import CASES, expected

# The bad packs of tests/fixtures/bad that `printkit check` refuses (each expected.out's first command).
CHECKED = [
    case
    for case in CASES
    if case.startswith("tests/fixtures/bad/") and expected(case)[0].commands[0] == ("check", case)
]


def _with_crlf(folder: Path) -> None:
    for path in folder.rglob("*"):
        if path.suffix in (".yaml", ".po") and path.is_file():
            path.write_bytes(path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))


@pytest.mark.parametrize("case", CHECKED, ids=lambda case: Path(case).name)
def test_a_pack_written_with_windows_line_ends_has_its_problems_at_the_same_place(run, tmp_path, case):
    root = tmp_path / Path(case).name
    shutil.copytree(case, root)
    _with_crlf(root)
    first = expected(case)[0].stderr.splitlines()[0].replace(f"{case}/", f"{root}/")
    code, _, err = run("check", root)
    assert (code, err.splitlines()[0]) == (1, first)


HEADER_LATIN1 = (
    '# German words of Generated.\n#\nmsgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=latin-1\\n"\n\n'
)


@pytest.mark.parametrize(
    "catalog_text, problem",
    [
        (
            HEADER_LATIN1 + 'msgctxt "card:ember/name"\nmsgid "Ember"\nmsgstr "Glut"\n',
            "3:1: has a broken header: no 'Content-Type: text/plain; charset=UTF-8' line (check it with msgfmt -c)",
        ),
        (
            'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgstr "Glut"\nmsgid "Ember"\n',
            "5:1: is not a readable PO file: Syntax error in po file (check it with msgfmt -c)",
        ),
        (
            'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
            'msgctxt "card:ember/name"\nmsgid "Ember"\nmsgstr "Glut\\q"\n',
            "7:13: invalid control sequence '\\q' (write a backslash as \\\\; check it with msgfmt -c)",
        ),
    ],
    ids=["header", "polib", "escape"],
)
def test_a_catalog_written_with_windows_line_ends_has_its_problems_at_the_same_place(
    run, tmp_path, catalog_text, problem
):
    root = tmp_path / "gen"
    catalog = root / "locales" / "de" / "LC_MESSAGES" / "gen.po"
    catalog.parent.mkdir(parents=True)
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\nlocales: [en, de]\n")
    (root / "cards.yaml").write_text("cards:\n  - id: ember\n    name: Ember\n")
    catalog.write_bytes(catalog_text.replace("\n", "\r\n").encode())
    assert run("i18n", "check", root) == (1, "", f"{catalog}:{problem}\n1 problem found\n")


def test_a_file_named_in_another_letter_case_does_not_exist_on_any_system(run, tmp_path):
    """Windows and macOS would open art/ember.png for art/Ember.png; Linux would not: a pack is
    held to Linux's reading everywhere."""
    root = tmp_path / "gen"
    (root / "art").mkdir(parents=True)
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\n")
    (root / "cards.yaml").write_text("cards:\n  - id: ember\n    name: Ember\n    art: art/Ember.png\n")
    Image.new("RGB", (8, 8)).save(root / "art" / "ember.png")
    assert run("check", root) == (
        1,
        "",
        f"{root}/cards.yaml:4:10: cards[0].art: art file 'art/Ember.png' does not exist "
        "(did you mean 'art/ember.png'?)\n1 problem found\n",
    )


def test_component_files_named_alike_but_for_letter_case_are_warned_of(run, tmp_path):
    root = tmp_path / "gen"
    root.mkdir()
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\n")
    (root / "cards.yaml").write_text("cards:\n  - id: ember\n    name: Ember\n")
    (root / "Cards.yaml").write_text("cards:\n  - id: flame\n    name: Flame\n")
    assert run("check", root) == (
        0,
        "1 pack checked: gen (2 components)\n",
        f"printkit: warning: {root}/cards.yaml:1:1: differs from 'Cards.yaml' only in letter case: on Windows and "
        "macOS the two are one file, and a copy of the pack there keeps only one of them (rename one of them)\n",
    )
