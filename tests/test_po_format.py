"""PO files as GNU gettext writes them: every catalog printkit writes comes back byte for byte from
the real msgcat, references resolve where Poedit looks them up, and box limits are what fits."""

import re
import subprocess
from pathlib import Path

import polib
import pytest
import python_calamine
from conftest import BUNDLED, FIXTURES, REPO

from printkit.i18n.extract import header
from printkit.i18n.po_check import read_catalog
from printkit.i18n.po_file import _ESCAPES, po_text

WRITTEN = (
    [f"content/{name}/locales/{name}.pot" for name in BUNDLED]
    + [f"content/{name}/locales/de/LC_MESSAGES/{name}.po" for name in BUNDLED]
    + [str(FIXTURES / "looks" / "glow" / "locales" / name) for name in ("glow.pot", "de/LC_MESSAGES/glow.po")]
    + ["printkit/i18n/locales/de/LC_MESSAGES/printkit.po"]
)
_WEBLATE_FLAG = r'(?:max-length:\d+|placeholders(?::"[^"]*")+|md-text)'


def without_weblate_flags(text: str) -> str:
    """A catalog as msgcat writes it back: without Weblate's flags, which GNU gettext does not know."""
    text = re.sub(rf"(?<!^#), {_WEBLATE_FLAG}(?=,|$)", "", text, flags=re.MULTILINE)
    return re.sub(rf"^#, {_WEBLATE_FLAG}\n", "", text, flags=re.MULTILINE)


def msgcat(text: str, tmp_path: Path) -> str:
    path = tmp_path / "catalog.po"
    path.write_text(text, encoding="utf-8")
    result = subprocess.run(["/usr/bin/msgcat", str(path)], capture_output=True, text=True, check=True)
    assert result.stderr == ""
    return result.stdout


def test_every_catalog_printkit_writes_comes_back_from_msgcat_as_it_is(tmp_path):
    """GNU gettext drops the flags it does not know: Weblate's (max-length, placeholders, md-text) are
    the one difference."""
    for path in WRITTEN:
        written = (REPO / path).read_text(encoding="utf-8")
        assert msgcat(written, tmp_path) == without_weblate_flags(written), path
        assert po_text(polib.pofile(str(REPO / path), wrapwidth=0)) == written, path


HARD_CASES = [
    ("A " + "Supercalifragilisticexpialidocious" * 3 + " word", "Ein " + "Überlanges" * 12),
    ("x" * 200, "y" * 150),
    ('Tab\there, a "quote" and a backslash \\ in a line long enough to be wrapped somewhere', 'Tab\t"q"\\' * 12),
    ("First line\nSecond line long enough to need wrapping somewhere around its end, yes\n", "Erste\n\nZweite\n"),
    ("ends with a newline\n", "\n"),
    ("Größe über Äpfel — “quoted” ‘text’ · ▶ [fire] {name} **bold** " * 3, "Schön"),
    ("日本語のテキストはスペースなしで長く続きます。" * 5, "カードの名前" * 20),
    ("multi-part-hyphenated-words-that-go-on-and-on-and-on-without-a-single-space-anywhere", ""),
    ("path/to/a/file/that/is/very/long/and/has/no/spaces/in/it/at/all/anywhere/whatsoever.yaml", "z"),
    ("A text of seventy-eight characters: exactly as long as fits on the first line", "a"),
]


def hard_catalog() -> polib.POFile:
    catalog = polib.POFile(wrapwidth=0)
    catalog.metadata = {"Project-Id-Version": "hard 1.0", "Content-Type": "text/plain; charset=UTF-8"}
    for number, (english, translated) in enumerate(HARD_CASES):
        entry = polib.POEntry(
            msgid=english,
            msgstr=translated,
            comment="card:x/name: card; box 30.0 x 5.0 mm\nsecond note",
            tcomment="a translator's note\n\nafter a blank line",
            occurrences=[(f"components/part-{place}.yaml", str(place * 7 + 1)) for place in range(number + 1)],
        )
        if number % 3 == 0:
            entry.flags = ["fuzzy"]
            entry.previous_msgid = "Before: " + english[:100]
        catalog.append(entry)
    for width in range(68, 82):  # around the page width, word by word
        catalog.append(polib.POEntry(msgid=f"{width} " + ("word " * 20)[:width].strip(), msgstr=("wört " * 20)[:width]))
    catalog.append(polib.POEntry(msgid="ctx", msgctxt="card:x/name", msgstr="k"))
    catalog.append(polib.POEntry(msgid="{n} card", msgid_plural="{n} cards", msgstr_plural={0: "Karte", 1: "Karten"}))
    catalog.append(polib.POEntry(msgid="fuzzy without a translation", msgstr="", flags=["fuzzy"]))
    catalog.append(
        polib.POEntry(
            msgid="A text no longer used, long enough to be wrapped when it is written out as obsolete",
            msgstr="Nicht mehr gebraucht " * 5,
            obsolete=True,
            tcomment="kept",
            flags=["fuzzy"],
            previous_msgid="An older text " * 8,
            comment="not written for an obsolete entry",
            occurrences=[("cards.yaml", "1")],
        )
    )
    catalog.append(polib.POEntry(msgid="an obsolete entry without translation is dropped", msgstr="", obsolete=True))
    return catalog


def test_hard_cases_come_back_from_msgcat_byte_for_byte(tmp_path):
    written = po_text(hard_catalog())
    assert msgcat(written, tmp_path) == written
    assert (
        "#: components/part-0.yaml:1 components/part-1.yaml:8 components/part-2.yaml:15\n"
        "#: components/part-3.yaml:22\n"
        "#, fuzzy\n"
        '#| msgid ""\n'
        '#| "Before: First line\\n"\n'
        '#| "Second line long enough to need wrapping somewhere around its end, yes\\n"\n'
        'msgid ""\n'
        '"First line\\n"\n'
        '"Second line long enough to need wrapping somewhere around its end, yes\\n"\n'
        'msgstr ""\n'
        '"Erste\\n"\n'
        '"\\n"\n'
        '"Zweite\\n"\n'
    ) in written
    assert (
        'msgid ""\n'
        '"日本語のテキストはスペースなしで長く続きます。日本語のテキストはスペースなし"\n'
        '"で長く続きます。日本語のテキストはスペースなしで長く続きます。日本語のテキス"\n'
    ) in written
    assert (
        "# kept\n"
        "#, fuzzy\n"
        '#~| msgid ""\n'
        '#~| "An older text An older text An older text An older text An older text An "\n'
        '#~| "older text An older text An older text "\n'
        '#~ msgid ""\n'
        '#~ "A text no longer used, long enough to be wrapped when it is written out "\n'
        '#~ "as obsolete"\n'
    ) in written
    assert "dropped" not in written and "fuzzy without" in written


def test_weblate_flags_follow_the_flags_gettext_knows():
    catalog = polib.POFile(wrapwidth=0)
    catalog.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    catalog.append(polib.POEntry(msgid="Ember Fox", msgstr="Glutfuchs", flags=["max-length:25", "fuzzy"]))
    assert po_text(catalog).split("\n\n")[1] == '#, fuzzy, max-length:25\nmsgid "Ember Fox"\nmsgstr "Glutfuchs"\n'


@pytest.fixture
def pack(tmp_path, monkeypatch):
    """A copy of the bundled Skystones pack, with the current folder above its content/."""
    import shutil

    shutil.copytree(REPO / "content" / "skystones", tmp_path / "content" / "skystones")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "content" / "skystones"


def test_a_catalog_from_another_editor_reads_and_update_writes_it_as_msgcat_does(pack, run, tmp_path):
    """Poedit and Weblate may wrap at other widths, or not at all: read alike, rewritten as gettext does."""
    path = pack / "locales" / "de" / "LC_MESSAGES" / "skystones.po"
    as_written = path.read_text(encoding="utf-8")
    catalog = polib.pofile(str(path), wrapwidth=0)
    path.write_text(str(catalog), encoding="utf-8")
    unwrapped = path.read_text(encoding="utf-8")
    assert unwrapped != as_written  # polib's own layout: one line per string
    assert run("i18n", "stats", "skystones", "--lang", "de")[0] == 0
    assert run("i18n", "update", "skystones")[0] == 0
    assert path.read_text(encoding="utf-8") == as_written


def test_references_resolve_from_the_catalogs_folder_as_poedit_looks_them_up():
    """Poedit joins X-Poedit-Basepath to the catalog's folder; Weblate links them from the pack's
    folder (README, Translations). A workbook's reference names the cell holding the text
    (`spells.xlsx:cards.B2`), which polib, like gettext, reads as a file name without a line."""
    cells = 0
    for path in WRITTEN[:-1]:  # printkit's own catalog names no sources
        catalog = polib.pofile(str(REPO / path), wrapwidth=0)
        base = (REPO / path).parent / catalog.metadata["X-Poedit-Basepath"]
        assert base.resolve() == (REPO / path).parents[3 if path.endswith(".po") else 1].resolve()
        assert any(entry.occurrences for entry in catalog), path
        for entry in catalog:
            for file, line in entry.occurrences:
                if line:
                    lines = (base / file).read_text(encoding="utf-8").splitlines()
                    assert 1 <= int(line) <= len(lines), (path, file, line)
                    continue
                workbook, sheet, column, row = WORKBOOK_CELL.fullmatch(file).groups()
                rows = python_calamine.CalamineWorkbook.from_path(base / workbook).get_sheet_by_name(sheet).to_python()
                assert rows[int(row) - 1][column_index(column)] == entry.msgid, (path, file)
                cells += 1
    assert cells  # Sorcerers' spells.xlsx


WORKBOOK_CELL = re.compile(r"(.+\.(?:xlsx|ods)):(.+)\.([A-Z]+)([0-9]+)")


def column_index(letters: str) -> int:
    """'A' -> 0, 'AA' -> 26."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number - 1


def fits(text: str, box) -> bool:
    """Whether text fits box at its smallest size, as a component sets it."""
    from printkit.faces.richtext import Refusal, fit

    fitted = fit(
        text.strip(),
        (0, 0, box.width, box.height),
        font=box.font,
        size=box.min_size,
        min_size=box.min_size,
        color="#000000",
        align="left",
        max_lines=box.max_lines,
    )
    return not isinstance(fitted, Refusal)


def test_a_box_holds_its_capacity_of_typical_text_and_not_clearly_more(skystones):
    """The capacity is measured with the real font and box: typical text of the language that long fits
    the box at its smallest size wherever it is cut from; half as long again overflows."""
    from printkit.commands.catalogs import measured_boxes
    from printkit.i18n import words
    from printkit.i18n.extract import typical_texts

    boxes = set(measured_boxes(skystones).values())
    samples = typical_texts(words.texts(skystones.meta.language))
    assert len(boxes) > 5 and len(samples) == 16
    for box in boxes:
        assert all(fits(sample[: box.capacity], box) for sample in samples), box
        # a box of a few words (a chip's two-line label) breaks where a sample's words fall: only
        # a box of more than 20 characters is measured closely enough for the upper bound
        if box.capacity > 20:
            assert not any(fits(sample[: round(box.capacity * 1.5) + 3], box) for sample in samples), box
    names = {box.capacity for box in boxes if (round(box.width, 1), round(box.height, 1)) == (34.7, 5.2)}
    assert names == {25}  # a card name: 34.7 mm on one line at 6 pt bold, not 82 from 0.55 em a character


def test_msgmerge_of_a_bundled_catalog_with_its_template_changes_nothing(tmp_path):
    """What update writes is what GNU msgmerge makes of the catalog and the template (the same
    Weblate flag aside): running either after the other leaves no diff."""
    for name in BUNDLED:
        catalog = REPO / f"content/{name}/locales/de/LC_MESSAGES/{name}.po"
        merged = tmp_path / f"{name}.po"
        subprocess.run(
            [
                "/usr/bin/msgmerge",
                "--quiet",
                "--previous",
                catalog,
                REPO / f"content/{name}/locales/{name}.pot",
                "-o",
                merged,
            ],
            check=True,
        )
        assert merged.read_text(encoding="utf-8") == without_weblate_flags(catalog.read_text(encoding="utf-8")), name


def test_every_escape_printkit_writes_or_msgfmt_reads_comes_back_as_written(tmp_path):
    texts = {f"{name!r} in here": f"vor {char} nach" for char, name in _ESCAPES.items()}
    catalog = polib.POFile(wrapwidth=0)
    catalog.metadata = header("escapes", "de")
    for msgid, msgstr in texts.items():
        catalog.append(polib.POEntry(msgid=msgid, msgstr=msgstr))
    path = tmp_path / "escapes.po"
    written = po_text(catalog)
    byte_escapes = {"hex": ('"\\x41\\xc3\\xa4"', "Aä"), "octal": ('"\\101\\303\\244"', "Aä")}
    written += "".join(f'\nmsgid "{name}"\nmsgstr {escaped}\n' for name, (escaped, _) in byte_escapes.items())
    path.write_text(written, encoding="utf-8")
    back = {e.msgid: e.msgstr for e in read_catalog(tmp_path, path) if e.msgid}
    assert back == texts | {name: text for name, (_, text) in byte_escapes.items()}
    checked = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    assert (checked.returncode, checked.stderr) == (0, "")
