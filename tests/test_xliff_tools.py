"""XLIFF with translate-toolkit's real converters, both ways, over the French catalog of the bundled
riverfold pack: what po2xliff writes (XLIFF 1.1, units numbered, the PO header as a unit, `#|` as an
alt-trans) imports unit by unit, and what printkit exports comes back from xliff2po with every unit,
note, reference, placeholder and state."""

import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from conftest import REPO

from printkit.i18n.po_file import is_reviewed, po_text

TOOLKIT = Path(sys.executable).parent  # translate-toolkit's commands, installed with printkit
PO = "content/riverfold/locales/fr/LC_MESSAGES/riverfold.po"
XLF = "content/riverfold/locales/fr/riverfold.xlf"
FUZZY = "Setting up"  # an entry made fuzzy, its English before shown as `#|`


@pytest.fixture
def riverfold(tmp_path, monkeypatch):
    """A copy of riverfold and the glossary beside it, the current folder above content/; one entry of
    its French catalog fuzzy with a previous English text, as after an edit of the English."""
    shutil.copytree(REPO / "content" / "riverfold", tmp_path / "content" / "riverfold")
    shutil.copy(REPO / "content" / "glossary.yaml", tmp_path / "content" / "glossary.yaml")
    monkeypatch.chdir(tmp_path)
    catalog = polib.pofile(PO, wrapwidth=0)
    fuzzy = next(e for e in catalog if e.msgid == FUZZY)
    fuzzy.flags.append("fuzzy")
    fuzzy.previous_msgid = "Setup"
    Path(PO).write_text(po_text(catalog), encoding="utf-8")
    return catalog


def live(path: str) -> list[polib.POEntry]:
    return [e for e in polib.pofile(path, wrapwidth=0) if not e.obsolete]


def test_what_po2xliff_writes_imports_unit_by_unit_by_source_text(riverfold, run):
    subprocess.run([TOOLKIT / "po2xliff", PO, "po2xliff.xlf"], capture_output=True, check=True)
    text = Path("po2xliff.xlf").read_text(encoding="utf-8")
    assert 'version="1.1"' in text and 'restype="x-gettext-domain-header"' in text
    assert 'origin="previous"><source>Setup</source>' in text
    edited = text.replace(">Mise en place</target>", ">Préparation</target>").replace(
        ">Colline</target>", ">Coteau</target>"
    )
    Path("po2xliff.xlf").write_text(edited, encoding="utf-8")
    count = len(live(PO))
    assert run("i18n", "import", "riverfold", "--lang", "fr", "--file", "po2xliff.xlf") == (
        0,
        f"wrote {PO}: 2 entries changed ({count} units matched by source text)\n",
        "",
    )
    after = {e.msgid: e for e in live(PO)}
    # the fuzzy unit keeps the English its translation was made for, from po2xliff's alt-trans
    assert (after[FUZZY].msgstr, after[FUZZY].fuzzy, after[FUZZY].previous_msgid) == ("Préparation", True, "Setup")
    changed = [msgid for msgid, e in after.items() if e.msgstr != next(b for b in riverfold if b.msgid == msgid).msgstr]
    assert sorted(changed) == sorted([FUZZY, next(e.msgid for e in riverfold if e.msgstr == "Colline")])


def test_an_export_comes_back_from_xliff2po_with_every_unit_note_and_state(riverfold, run):
    assert run("i18n", "export", "riverfold", "--lang", "fr")[0] == 0
    text = Path(XLF).read_text(encoding="utf-8")
    assert '<ph id="1">[river]</ph> river' in text  # icons and placeholders protected as CAT tools protect them
    assert '<alt-trans origin="previous">\n          <source>Setup</source>' in text
    subprocess.run([TOOLKIT / "xliff2po", XLF, "back.po"], capture_output=True, check=True)
    back = {e.msgid: e for e in live("back.po")}
    catalog = {e.msgid: e for e in live(PO)}
    assert list(back) == list(catalog)
    for msgid, entry in catalog.items():
        returned = back[msgid]
        # translate-toolkit knows no review: a translation not reviewed comes back fuzzy, as pocount counts it
        assert (returned.msgstr, returned.fuzzy) == (entry.msgstr, entry.fuzzy or not is_reviewed(entry)), msgid
        assert (returned.msgid_plural, returned.msgstr_plural) == (entry.msgid_plural, entry.msgstr_plural), msgid
        assert returned.comment == entry.comment, msgid  # the notes from="developer", as `#.`
        assert returned.occurrences == entry.occurrences, msgid


def test_a_plural_form_edited_in_po2xliffs_group_comes_back_into_its_msgstr(riverfold, run):
    """po2xliff writes a text with plural forms as a group of one unit a form (`3[0]`, `3[1]`); an edit
    of one form comes back into that form of the entry, the others kept."""
    subprocess.run([TOOLKIT / "po2xliff", PO, "po2xliff.xlf"], capture_output=True, check=True)
    text = Path("po2xliff.xlf").read_text(encoding="utf-8")
    assert 'restype="x-gettext-plurals"' in text
    Path("po2xliff.xlf").write_text(text.replace(">boucliers du Gardien</target>", ">écus du Gardien</target>"))
    count = len(live(PO))
    assert run("i18n", "import", "riverfold", "--lang", "fr", "--file", "po2xliff.xlf") == (
        0,
        f"wrote {PO}: 1 entries changed ({count} units matched by source text)\n",
        "",
    )
    shield = next(e for e in live(PO) if e.msgid == "warden shield")
    assert (shield.msgstr_plural, shield.fuzzy) == ({0: "bouclier du Gardien", 1: "écus du Gardien"}, False)
