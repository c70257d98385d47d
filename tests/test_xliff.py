"""The XLIFF round trip as translation platforms take it: what translate-toolkit and Weblate count as
finished, the states and markup they send back, and files that must be refused at their line."""

import subprocess
import sys
from pathlib import Path

import polib
import pytest
from test_i18n import GERMAN, PO, entry, tiny, translate  # noqa: F401 (tiny: the fixture every test here uses)

from printkit.i18n.merge import unit_id
from printkit.i18n.xliff import exported_as

pytestmark = pytest.mark.usefixtures("tiny")
XLF = Path("content/tiny/locales/de/tiny.xlf")
TOOLKIT = Path(sys.executable).parent  # translate-toolkit's commands, installed with the tests


def exported(run) -> str:
    assert run("i18n", "export", "tiny", "--lang", "de")[0] == 0
    return XLF.read_text(encoding="utf-8")


def unit(text: str, msgid: str) -> str:
    """The <trans-unit …> start tag of msgid's unit in an exported file."""
    start = text.index(f'<trans-unit id="{unit_id(msgid)}"')
    return text[start : text.index(">", start) + 1]


def imported(run, text: str) -> tuple[int, str, str]:
    Path("edited.xlf").write_text(text, encoding="utf-8")
    return run("i18n", "import", "tiny", "--lang", "de", "--file", "edited.xlf")


def line_of(text: str, fragment: str) -> int:
    return text[: text.index(fragment)].count("\n") + 1


def test_a_finished_catalog_exports_as_finished_for_translate_toolkit(run):
    review(list(GERMAN))
    exported(run)
    counted = subprocess.run(
        [TOOLKIT / "pocount", "--csv", XLF], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    row = dict(zip(counted[0].split(","), counted[1].split(","), strict=True))
    assert (row["Translated Messages"], row["Fuzzy Messages"], row["Untranslated Messages"]) == (
        str(len(GERMAN)),
        "0",
        "0",
    )
    subprocess.run([TOOLKIT / "xliff2po", XLF, "back.po"], capture_output=True, check=True)
    back = polib.pofile("back.po")
    assert {e.msgid: e.msgstr for e in back if not e.fuzzy} == GERMAN


def test_a_fuzzy_entry_exports_for_review(run):
    review(list(GERMAN))
    catalog = polib.pofile(PO, wrapwidth=0)
    next(e for e in catalog if e.msgid == "Spark").flags.append("fuzzy")
    catalog.save(PO)
    text = exported(run)
    at = text.index(unit(text, "Spark"))
    assert text[at : text.index("</target>", at) + 9] == (
        f'<trans-unit id="{unit_id("Spark")}" resname="card:spark/name" maxwidth="{capacity("Spark")}" '
        f'size-unit="char" approved="no" printkit:exported="{exported_as(entry("Spark"))}" xml:space="preserve">\n'
        "        <source>Spark</source>\n"
        '        <target state="needs-review-translation">Funke</target>'
    )
    counted = subprocess.run([TOOLKIT / "pocount", "--csv", XLF], capture_output=True, text=True, check=True)
    row = dict(zip(*(line.split(",") for line in counted.stdout.splitlines()), strict=True))
    assert (row["Translated Messages"], row["Fuzzy Messages"]) == (str(len(GERMAN) - 1), "1")


def test_states_platforms_write_for_a_finished_translation_import_as_translated(run):
    text = exported(run)
    finished = {
        "Spark": ('state="translated"', 'state="final"'),
        "Fire": ('state="translated"', 'state="signed-off"'),
        "Deck": ('state="translated"', ""),  # Weblate's files: no state at all
        "Player": ('approved="no"', 'approved="yes"'),  # a state of translated decides, approval or not
    }
    unfinished = {"Points": "needs-review-translation", "Score pad": "new", "Tiny Game": "needs-adaptation"}
    for msgid, (old, new) in finished.items():
        translated = GERMAN[msgid] + "!"
        at = text.index(unit(text, msgid))
        end = text.index("</trans-unit>", at)
        text = text[:at] + text[at:end].replace(old, new).replace(f">{GERMAN[msgid]}<", f">{translated}<") + text[end:]
    for msgid, state in unfinished.items():
        at = text.index(unit(text, msgid))
        end = text.index("</trans-unit>", at)
        text = text[:at] + text[at:end].replace('state="translated"', f'state="{state}"') + text[end:]
    assert imported(run, text) == (0, f"wrote {PO}: {len(finished) + len(unfinished)} entries changed\n", "")
    for msgid in finished:
        assert (entry(msgid).msgstr, entry(msgid).fuzzy) == (GERMAN[msgid] + "!", False)
    for msgid in unfinished:
        assert (entry(msgid).msgstr, entry(msgid).fuzzy) == (GERMAN[msgid], True)


def test_inline_code_elements_come_back_as_the_text_they_hold(run):
    text = exported(run).replace(
        '<target state="translated">Macht 2 <ph id="1">[fire]</ph> Schaden.</target>',
        '<target state="translated">Macht <mrk mtype="x-term">2</mrk> <ph id="1">[fire]</ph> Schaden.</target>',
    )
    assert imported(run, text) == (0, f"wrote {PO}: 0 entries changed\n", "")
    assert (entry("Deals 2 [fire] damage.").msgstr, entry("Deals 2 [fire] damage.").fuzzy) == (
        "Macht 2 [fire] Schaden.",
        False,
    )


def test_other_inline_markup_is_refused_at_its_line(run):
    text = exported(run).replace(
        '<target state="translated">Macht 2 <ph id="1">[fire]</ph> Schaden.</target>',
        '<target state="translated">Macht <g id="1">2</g>\n<x id="2"/> Schaden.</target>',
    )
    before = Path(PO).read_text(encoding="utf-8")
    identifier = unit_id("Deals 2 [fire] damage.")
    assert imported(run, text) == (
        1,
        "",
        f"edited.xlf:{line_of(text, '<g id')}:1: card:spark/text: trans-unit '{identifier}' has <g> in its "
        "<target>, inline markup that stands for no text of printkit's (write the text itself, with its "
        "{placeholders}, **bold** and [icons], as the exported file has it)\n"
        f"edited.xlf:{line_of(text, '<x id')}:1: card:spark/text: trans-unit '{identifier}' has <x> in its "
        "<target>, inline markup that stands for no text of printkit's (write the text itself, with its "
        "{placeholders}, **bold** and [icons], as the exported file has it)\n"
        "2 problems found\n",
    )
    assert Path(PO).read_text(encoding="utf-8") == before


def test_a_file_for_another_language_is_refused(run):
    text = exported(run).replace('target-language="de"', 'target-language="fr"')
    assert imported(run, text) == (
        1,
        "",
        f"edited.xlf:{line_of(text, '<file ')}:1: is a translation into 'fr', not de (import it with --lang fr, "
        "or export the de file with 'printkit i18n export')\n1 problem found\n",
    )


def test_a_unit_naming_no_text_of_the_pack_is_refused_with_its_id(run):
    text = exported(run)
    gone = unit(text, "Spark")
    text = text.replace(gone, gone.replace(unit_id("Spark"), "0123456789abcdef").replace("card:spark/name", "x"))
    text = text.replace("<source>Spark</source>", "<source>Sparkle</source>")  # nor by its source text
    assert imported(run, text) == (
        1,
        "",
        f"edited.xlf:{line_of(text, '0123456789abcdef')}:1: x: trans-unit '0123456789abcdef' names no text of "
        "pack 'tiny' (its text is no longer in the pack: remove the unit, or export the file again)\n"
        "1 problem found\n",
    )


def test_a_unit_whose_english_changed_since_the_export_comes_in_fuzzy(run):
    text = exported(run).replace("> Schaden.<", "> Schaden!<")
    cards = Path("content/tiny/cards.yaml")
    cards.write_text(cards.read_text().replace("Deals 2 [fire] damage.", "Deals 3 [fire] damage."))
    assert imported(run, text) == (
        0,
        f"wrote {PO}: 1 entries changed (8 units matched by id, 1 unit matched by resname)\n",
        "",
    )
    changed = entry("Deals 3 [fire] damage.")
    assert (changed.msgstr, changed.fuzzy, changed.previous_msgid) == (
        "Macht 2 [fire] Schaden!",
        True,
        "Deals 2 [fire] damage.",
    )
    kept = entry("Spark")  # its source is still the English text: as translated as before
    assert (kept.msgstr, kept.fuzzy) == ("Funke", False)


def test_maxwidth_is_what_the_tightest_box_holds(run):
    text = exported(run)
    assert unit(text, "Spark") == (
        f'<trans-unit id="{unit_id("Spark")}" resname="card:spark/name" maxwidth="{capacity("Spark")}" '
        f'size-unit="char" approved="no" printkit:exported="{exported_as(entry("Spark"))}" xml:space="preserve">'
    )


def capacity(msgid: str) -> int:
    """The Weblate flag update wrote into the catalog for msgid."""
    (flag,) = [f for f in entry(msgid).flags if f.startswith("max-length:")]
    return int(flag.split(":")[1])


def test_a_renamed_text_never_takes_the_finished_translation_its_place_now_holds(run):
    text = exported(run)  # then the card is renamed to a text translated already: Fire, "Feuer"
    cards = Path("content/tiny/cards.yaml")
    cards.write_text(cards.read_text().replace("name: Spark", "name: Fire"))
    assert imported(run, text) == (
        1,
        "",
        f"edited.xlf:{line_of(text, unit(text, 'Spark'))}:1: card:spark/name: trans-unit '{unit_id('Spark')}' is "
        "for 'Spark', no longer a text of pack 'tiny', and its place now holds 'Fire', translated already "
        "(remove the unit, or export the file again)\n1 problem found\n",
    )
    assert (entry("Fire").msgstr, entry("Fire").fuzzy) == ("Feuer", False)


def test_a_renamed_text_takes_its_translation_to_its_untranslated_place(run):
    text = exported(run).replace(">Funke<", ">Funken<")
    cards = Path("content/tiny/cards.yaml")
    cards.write_text(cards.read_text().replace("name: Spark", "name: Sparkle"))
    found = "(8 units matched by id, 1 unit matched by resname)"
    assert imported(run, text) == (0, f"wrote {PO}: 1 entries changed {found}\n", "")
    assert imported(run, text) == (0, f"wrote {PO}: 0 entries changed {found}\n", "")
    changed = entry("Sparkle")
    assert (changed.msgstr, changed.fuzzy, changed.previous_msgid) == ("Funken", True, "Spark")


def test_a_unit_twice_is_refused_at_its_second_line(run):
    text = exported(run)
    start = text.index(unit(text, "Spark"))
    copy = text[start : text.index("</trans-unit>", start) + len("</trans-unit>")]
    text = text.replace(copy, f"{copy}\n      {copy}")
    second = text.index(copy, start + 1)
    assert imported(run, text) == (
        1,
        "",
        f"edited.xlf:{line_of(text, text[second:])}:1: card:spark/name: trans-unit '{unit_id('Spark')}' is in "
        f"the file twice; the first is on line {line_of(text, copy)} (keep one of them, or export the file "
        "again)\n1 problem found\n",
    )


def test_a_unit_with_a_second_target_is_refused_at_it(run):
    text = exported(run).replace(
        '<target state="translated">Funke</target>', '<target state="translated">Funke</target>\n<target>Blitz</target>'
    )
    assert imported(run, text) == (
        1,
        "",
        f"edited.xlf:{line_of(text, '<target>Blitz')}:1: card:spark/name: trans-unit '{unit_id('Spark')}' has a "
        "second <target> (keep one translation per unit, or export the file again)\n1 problem found\n",
    )


def test_a_carriage_return_in_a_translation_comes_back_as_it_was(run):
    translate({"Deals 2 [fire] damage.": "Macht 2\r\n[fire] Schaden."})
    text = exported(run)
    assert '<target state="translated">Macht 2&#13;\n<ph id="1">[fire]</ph> Schaden.</target>' in text
    assert imported(run, text) == (0, f"wrote {PO}: 0 entries changed\n", "")
    kept = entry("Deals 2 [fire] damage.")
    assert (kept.msgstr, kept.fuzzy) == ("Macht 2\r\n[fire] Schaden.", False)


def test_a_text_written_with_windows_line_ends_exports_and_imports_unchanged(run):
    cards = Path("content/tiny/cards.yaml")
    cards.write_bytes(
        cards.read_bytes()
        .replace(b"text: Deals 2 [fire] damage.", b"text: |\n      Deals 2\n      [fire] damage.")
        .replace(b"\n", b"\r\n")
    )
    assert run("i18n", "update", "tiny")[0] == 0
    translate({"Deals 2\n[fire] damage.\n": "Macht 2\n[fire] Schaden.\n"})
    assert imported(run, exported(run)) == (0, f"wrote {PO}: 0 entries changed\n", "")
    assert entry("Deals 2\n[fire] damage.\n").msgstr == "Macht 2\n[fire] Schaden.\n"


def test_a_renamed_text_never_takes_the_place_of_a_unit_naming_the_new_text(run):
    text = exported(run)
    start = text.index(unit(text, "Spark"))
    old = text[start : text.index("</trans-unit>", start) + len("</trans-unit>")]
    new = old.replace(unit_id("Spark"), unit_id("Sparkle")).replace(">Spark<", ">Sparkle<").replace("Funke", "Funkeln")
    text = text.replace(old, f"{new}\n      {old}")
    cards = Path("content/tiny/cards.yaml")
    cards.write_text(cards.read_text().replace("name: Spark", "name: Sparkle"))
    assert imported(run, text) == (
        1,
        "",
        f"edited.xlf:{line_of(text, old)}:1: card:spark/name: trans-unit '{unit_id('Spark')}' is for 'Spark', no "
        "longer a text of pack 'tiny', and its place now holds 'Sparkle', which another unit of the file translates "
        "(remove the unit, or export the file again)\n1 problem found\n",
    )


def test_an_import_of_a_file_older_than_the_catalog_keeps_the_newer_translations(run):
    """The catalog changed after the export (Spark and Fire translated anew): importing that older
    file keeps both, lists each with its unit id and what to do, and takes what only the file
    changed (Deck); --force takes the file's."""
    text = exported(run)
    translate({"Spark": "Funkenflug", "Fire": "Flamme"})
    text = text.replace(">Feuer<", ">Glut<").replace(">Stapel<", ">Kartenstapel<")  # Spark as exported
    warnings = "".join(
        f"printkit: warning: edited.xlf:{line_of(text, unit(text, msgid))}:1: {place}: trans-unit "
        f"'{unit_id(msgid)}' changed in the catalog since this file was exported: kept the catalog's "
        f"'{ours}', not the file's '{theirs}' (merge the two in {PO}, or import again with --force to take "
        "the file's)\n"
        for msgid, place, ours, theirs in [
            ("Fire", "pack:elements/fire/name", "Flamme", "Glut"),  # in the file's order
            ("Spark", "card:spark/name", "Funkenflug", "Funke"),
        ]
    )
    assert imported(run, text) == (0, f"wrote {PO}: 1 entries changed, 2 kept as the catalog has them\n", warnings)
    assert [entry(msgid).msgstr for msgid in ("Spark", "Fire", "Deck")] == ["Funkenflug", "Flamme", "Kartenstapel"]
    assert imported(run, text) == (0, f"wrote {PO}: 0 entries changed, 2 kept as the catalog has them\n", warnings)
    assert run("i18n", "import", "tiny", "--lang", "de", "--file", "edited.xlf", "--force") == (
        0,
        f"wrote {PO}: 2 entries changed\n",
        "",
    )
    assert [entry(msgid).msgstr for msgid in ("Spark", "Fire", "Deck")] == ["Funke", "Glut", "Kartenstapel"]


def test_a_file_exported_after_the_last_change_imports_without_conflicts(run):
    translate({"Spark": "Funkenflug"})
    text = exported(run).replace(">Funkenflug<", ">Funken<")
    assert imported(run, text) == (0, f"wrote {PO}: 1 entries changed\n", "")
    assert imported(run, exported(run)) == (0, f"wrote {PO}: 0 entries changed\n", "")


def review(reviewed: list[str]) -> None:
    """Mark the entries of these English texts reviewed, as a reviewer's tool would."""
    catalog = polib.pofile(PO, wrapwidth=0)
    for found in catalog:
        if found.msgid in reviewed:
            found.flags.append("reviewed")
    catalog.save(PO)


def target_of(text: str, msgid: str) -> str:
    """A unit's start tag and its <target> line, as exported."""
    at = text.index(unit(text, msgid))
    end = text.index("</trans-unit>", at)
    target = text.find("<target", at, end)
    return unit(text, msgid) + ("" if target < 0 else " " + text[target : text.index("</target>", target) + 9])


def test_reviewed_and_unreviewed_translations_export_in_the_states_weblate_reads(run):
    """A reviewed entry is final and approved; a translated one not reviewed is `translated`,
    not approved (Weblate: waiting for review; translate-toolkit, which knows no review, counts it
    fuzzy); a fuzzy one needs review; an untranslated one has no target."""
    review(["Spark"])
    translate({"Score pad": ""})
    catalog = polib.pofile(PO, wrapwidth=0)
    next(e for e in catalog if e.msgid == "Points").flags.append("fuzzy")
    catalog.save(PO)
    text = exported(run)

    def start(msgid: str, approved: str) -> str:
        room = (
            f' maxwidth="{capacity(msgid)}" size-unit="char"'
            if any(f.startswith("max") for f in entry(msgid).flags)
            else ""
        )
        return f'<trans-unit id="{unit_id(msgid)}" resname="{resname(text, msgid)}"{room}{approved} printkit:exported="{exported_as(entry(msgid))}" xml:space="preserve">'

    assert [target_of(text, msgid) for msgid in ("Spark", "Fire", "Points", "Score pad")] == [
        start("Spark", ' approved="yes"') + ' <target state="final">Funke</target>',
        start("Fire", ' approved="no"') + ' <target state="translated">Feuer</target>',
        start("Points", ' approved="no"') + ' <target state="needs-review-translation">Punkte</target>',
        start("Score pad", ""),
    ]
    counted = subprocess.run([TOOLKIT / "pocount", "--csv", XLF], capture_output=True, text=True, check=True)
    row = dict(zip(*(line.split(",") for line in counted.stdout.splitlines()), strict=True))
    assert (row["Translated Messages"], row["Fuzzy Messages"], row["Untranslated Messages"]) == (
        "1",
        str(len(GERMAN) - 2),
        "1",
    )


def resname(text: str, msgid: str) -> str:
    tag = unit(text, msgid)
    return tag.split('resname="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize(
    ("approved", "state", "reviewed", "fuzzy"),
    [
        ("", 'state="needs-translation"', False, True),
        ("", 'state="needs-review-translation"', False, True),
        ('approved="yes"', 'state="needs-review-translation"', False, True),
        ("", 'state="translated"', False, False),
        ('approved="yes"', 'state="translated"', False, False),  # po2xliff's for every translated entry
        ("", "", False, False),  # Weblate's "waiting for review"
        ('approved="yes"', "", True, False),
        ("", 'state="final"', True, False),
        ("", 'state="signed-off"', True, False),
        ('approved="yes"', 'state="final"', True, False),  # Weblate's "approved", and printkit's export
        ('approved="no"', 'state="final"', False, False),  # not approved: not reviewed, whatever the state
    ],
)
def test_each_xliff_state_imports_as_reviewed_translated_or_fuzzy(run, approved, state, reviewed, fuzzy):
    text = exported(run)
    tag = unit(text, "Spark")
    text = text.replace(tag, tag.replace('approved="no"', approved)).replace(
        '<target state="translated">Funke</target>', f"<target {state}>Funken</target>"
    )
    assert imported(run, text) == (0, f"wrote {PO}: 1 entries changed\n", "")
    assert (entry("Spark").msgstr, "reviewed" in entry("Spark").flags, entry("Spark").fuzzy) == (
        "Funken",
        reviewed,
        fuzzy,
    )


def test_review_states_survive_a_round_trip_and_update(run):
    """What export wrote imports unchanged; update keeps a reviewed entry reviewed until its
    English changes (then it is fuzzy, and no longer reviewed)."""
    review(["Spark", "Deals 2 [fire] damage."])
    before = [(e.msgid, e.msgstr, e.flags) for e in polib.pofile(PO)]
    assert imported(run, exported(run)) == (0, f"wrote {PO}: 0 entries changed\n", "")
    assert [(e.msgid, e.msgstr, e.flags) for e in polib.pofile(PO)] == before
    cards = Path("content/tiny/cards.yaml")
    cards.write_text(cards.read_text().replace("Deals 2 [fire] damage.", "Deals 3 [fire] damage."))
    assert run("i18n", "update", "tiny")[0] == 0
    assert [(e.msgid, e.flags) for e in polib.pofile(PO) if e.msgid in ("Spark", "Deals 3 [fire] damage.")] == [
        ("Spark", [f"max-length:{capacity('Spark')}", "reviewed"]),
        (
            "Deals 3 [fire] damage.",
            ["fuzzy", f"max-length:{capacity('Deals 3 [fire] damage.')}", 'placeholders:"[fire]"'],
        ),
    ]
