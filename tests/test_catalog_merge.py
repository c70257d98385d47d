"""Translations survive editing: catalogs are keyed by their English text and merged as GNU msgmerge
merges them, so inserting, moving, deleting and editing rulebook paragraphs keeps every translation of
an unchanged text; identical texts are one entry; text without a letter is no entry at all."""

import shutil
import subprocess
import textwrap
from pathlib import Path

import polib

PARAGRAPHS = [
    "Shuffle the river tiles and place the spring in the middle of the table.",
    "Each player takes a boat, three supply chips and a scoring marker.",
    "On your turn, draw a tile and add it so that its rivers continue.",
    "If the tile closes a lake, score one point for each tile around it.",
    "The game ends when the last tile is placed; the most points wins.",
]
GERMAN = {
    "Flow": "Fluss-Spiel",
    "Setup": "Aufbau",
    "Playing": "Spielablauf",
    PARAGRAPHS[0]: "Mischt die Flussplättchen und legt die Quelle in die Tischmitte.",
    PARAGRAPHS[1]: "Jeder nimmt ein Boot, drei Vorratschips und einen Wertungsstein.",
    PARAGRAPHS[2]: "Zieh in deinem Zug ein Plättchen und lege es so an, dass die Flüsse weiterlaufen.",
    PARAGRAPHS[3]: "Schließt das Plättchen einen See, gibt es einen Punkt für jedes Plättchen daneben.",
    PARAGRAPHS[4]: "Das Spiel endet mit dem letzten Plättchen; wer die meisten Punkte hat, gewinnt.",
    "River": "Fluss",
    "Lake": "See",
    "P1": "S1",
}


def _write_pack(root: Path, setup: list[str], playing: list[str]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "pack.yaml").write_text("id: flow\ntitle: Flow\nlocales: [en, de]\n")
    cards = "".join(f"  - {{id: river-{n}, name: River}}\n" for n in range(1, 13))
    (root / "cards.yaml").write_text(
        "cards:\n" + cards + "  - {id: lake, name: Lake}\n"
        "chips:\n  - {id: first, label: P1, diameter: 20mm}\n  - {id: arrow, label: ⬇, diameter: 20mm}\n"
    )

    def blocks(paragraphs: list[str]) -> str:
        return "".join(f"      - {paragraph}\n" for paragraph in paragraphs)

    (root / "rulebook.yaml").write_text(
        "sections:\n  - title: Setup\n    blocks:\n"
        + blocks(setup)
        + "  - title: Playing\n    blocks:\n"
        + blocks(playing)
    )


def _catalog(root: Path) -> polib.POFile:
    return polib.pofile(str(root / "locales" / "de" / "LC_MESSAGES" / "flow.po"))


def _translated_pack(tmp_path: Path, run) -> Path:
    """The pack with its German catalog translated, a translator's comment on every entry."""
    root = tmp_path / "flow"
    _write_pack(root, PARAGRAPHS[:2], PARAGRAPHS[2:])
    assert run("i18n", "update", root)[0] == 0
    catalog = _catalog(root)
    for entry in catalog:
        entry.msgstr = GERMAN[entry.msgid]
        entry.tcomment = f"checked by Anna ({len(entry.msgid)})"
    catalog.save()
    return root


def test_a_text_used_in_twelve_places_is_one_entry_and_text_without_letters_is_none(tmp_path, run):
    """A chip's `P1` is translated (a German edition may call it `S1`); its `⬇` is the same in every language."""
    root = tmp_path / "flow"
    _write_pack(root, PARAGRAPHS[:2], PARAGRAPHS[2:])
    assert run("i18n", "extract", root)[0] == 0
    pot = polib.pofile(str(root / "locales" / "flow.pot"))
    assert [e.msgid for e in pot] == [
        *("Flow", "Setup", *PARAGRAPHS[:2], "Playing", *PARAGRAPHS[2:], "River", "Lake"),
        "P1",
    ]
    assert next(e for e in pot if e.msgid == "P1").comment.startswith("chip:first/label: chip; box")
    river = next(e for e in pot if e.msgid == "River")
    assert river.occurrences == [("cards.yaml", str(line)) for line in range(2, 14)]
    assert river.comment.splitlines() == [
        *(
            f"card:river-{n}/name: card; box 37.6 x 9.1 mm, 10.5 pt (at least 6 pt), room for 53 characters"
            for n in range(1, 6)
        ),
        "and 7 more places",
    ]


def test_inserting_moving_deleting_and_editing_paragraphs_loses_no_unchanged_translation(tmp_path, run):
    root = _translated_pack(tmp_path, run)
    inserted = "Before the first game, punch out every tile and sort the chips by colour."
    edited = PARAGRAPHS[3].replace("one point", "two points")
    # a paragraph inserted first, one moved to the other section, one deleted, one edited
    _write_pack(root, [inserted, PARAGRAPHS[0], PARAGRAPHS[4]], [edited, PARAGRAPHS[2]])
    assert run("i18n", "update", root)[0] == 0
    live = {e.msgid: e for e in _catalog(root) if not e.obsolete}
    unchanged = [text for text in GERMAN if text in live and text not in (edited, inserted)]
    assert len(unchanged) == 9  # title, both section titles, three paragraphs, River, Lake, P1
    for text in unchanged:
        entry = live[text]
        assert (entry.msgstr, entry.fuzzy, entry.tcomment) == (GERMAN[text], False, f"checked by Anna ({len(text)})")
    changed = live[edited]
    assert (changed.msgstr, changed.fuzzy, changed.previous_msgid, changed.tcomment) == (
        GERMAN[PARAGRAPHS[3]],
        True,
        PARAGRAPHS[3],
        f"checked by Anna ({len(PARAGRAPHS[3])})",
    )
    assert (live[inserted].msgstr, live[inserted].fuzzy) == ("", False)
    obsolete = {e.msgid: e.msgstr for e in _catalog(root) if e.obsolete}
    assert obsolete == {PARAGRAPHS[1]: GERMAN[PARAGRAPHS[1]]}  # the edited one lent its translation: not kept
    # the deleted paragraph comes back with its translation when it is written again
    _write_pack(root, [inserted, PARAGRAPHS[0], PARAGRAPHS[1]], [edited, PARAGRAPHS[2], PARAGRAPHS[4]])
    assert run("i18n", "update", root)[0] == 0
    revived = next(e for e in _catalog(root) if e.msgid == PARAGRAPHS[1])
    assert (revived.obsolete, revived.msgstr, revived.fuzzy) == (False, GERMAN[PARAGRAPHS[1]], False)


def test_update_agrees_with_gnu_msgmerge(tmp_path, run):
    """The same previous catalog and new template, merged by printkit and by msgmerge: the same
    translations, the same fuzzy entries with the same previous texts, the same obsolete ones."""
    root = _translated_pack(tmp_path, run)
    previous = tmp_path / "previous.po"
    shutil.copy(root / "locales" / "de" / "LC_MESSAGES" / "flow.po", previous)
    edited = PARAGRAPHS[3].replace("one point", "two points")
    _write_pack(root, [PARAGRAPHS[0], "Deal each player five tiles face down."], [edited, PARAGRAPHS[2]])
    assert run("i18n", "update", root)[0] == 0
    gnu = tmp_path / "gnu.po"
    subprocess.run(
        ["msgmerge", "--previous", "--quiet", "-o", gnu, previous, root / "locales" / "flow.pot"], check=True
    )

    def states(catalog: polib.POFile) -> set[tuple]:
        return {(e.msgid, e.msgstr, e.fuzzy, e.previous_msgid, e.obsolete, e.tcomment) for e in catalog}

    assert states(_catalog(root)) == states(polib.pofile(str(gnu)))


def test_a_catalog_written_with_contexts_keeps_its_translations(tmp_path, run):
    """Catalogs of earlier printkit versions key entries by a msgctxt naming the place; update
    rewrites them keyed by text, translations kept."""
    root = tmp_path / "flow"
    _write_pack(root, PARAGRAPHS[:1], PARAGRAPHS[1:2])
    catalog = root / "locales" / "de" / "LC_MESSAGES" / "flow.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text(
        textwrap.dedent(
            f"""\
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"

            msgctxt "rulebook:sections/0/blocks/0/text"
            msgid "{PARAGRAPHS[0]}"
            msgstr "{GERMAN[PARAGRAPHS[0]]}"

            msgctxt "tile:river-1/name"
            msgid "River"
            msgstr "Fluss"
            """
        )
    )
    assert run("i18n", "update", root)[0] == 0
    entries = {e.msgid: e for e in _catalog(root) if not e.obsolete}
    assert [(e.msgctxt, e.msgstr) for e in (entries[PARAGRAPHS[0]], entries["River"])] == [
        (None, GERMAN[PARAGRAPHS[0]]),
        (None, "Fluss"),
    ]


def _catalog_with(root: Path, entries: str) -> Path:
    catalog = root / "locales" / "de" / "LC_MESSAGES" / "flow.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n' + textwrap.dedent(entries)
    )
    return catalog


def test_every_translation_update_does_not_use_stays_as_obsolete_and_the_catalog_passes_msgfmt(tmp_path, run):
    """Two old per-place entries of one text translated differently, an obsolete entry of a text in
    use, and a plural entry a translator added: update keeps what it does not use as `#~`, never
    two entries msgfmt would call duplicates."""
    root = tmp_path / "flow"
    _write_pack(root, PARAGRAPHS[:1], PARAGRAPHS[1:2])
    catalog = _catalog_with(
        root,
        """\
        msgctxt "card:river-1/name"
        msgid "River"
        msgstr "Fluss"

        # Strom on this card on purpose
        msgctxt "card:river-2/name"
        msgid "River"
        msgstr "Strom"

        #~ msgid "Lake"
        #~ msgstr "Weiher"

        msgid "Lake"
        msgstr "See"

        # my plural note
        msgid "one tile"
        msgid_plural "{n} tiles"
        msgstr[0] "ein Plättchen"
        msgstr[1] "{n} Plättchen"
        """,
    )
    assert run("i18n", "update", root)[0] == 0
    merged = _catalog(root)
    assert {(e.msgctxt, e.msgid, e.msgstr) for e in merged if not e.obsolete and e.msgstr} == {
        (None, "River", "Fluss"),
        (None, "Lake", "See"),
    }
    kept = [(e.msgctxt, e.msgid, e.msgstr or e.msgstr_plural[1], e.tcomment) for e in merged if e.obsolete]
    assert kept == [
        ("card:river-2/name", "River", "Strom", "Strom on this card on purpose"),
        (None, "one tile", "{n} Plättchen", "my plural note"),
    ]
    check = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", catalog], capture_output=True, text=True)
    # msgfmt only misses the header fields a translator's tool writes
    assert (check.returncode, [line for line in check.stderr.splitlines() if "header field" not in line]) == (0, [])


def test_fuzzy_matching_among_many_texts_finds_each_own_previous_text(tmp_path):
    """msgmerge's fuzzy search compares each new text with previous ones; printkit compares a
    sentence only with the previous texts sharing one of its rarest words, and still finds, among
    hundreds of sentences of one vocabulary, the one each edited sentence came from. (Timed with
    2,000 texts: comparing all pairs took ten minutes, the index seconds; no test times it, as this
    machine's load makes a time limit flaky.)"""
    import random

    import polib

    from printkit.i18n.merge import _Similar

    rng = random.Random(18)
    syllables = ("ka", "mo", "ri", "te", "zu", "pa", "lo", "ne", "si", "vu")
    common = ["the", "a", "of", "to", "and", "your", "each", "card"]
    vocabulary = common * 40 + [a + b + c for a in syllables for b in syllables for c in syllables]  # 1000 rarer

    def sentence() -> str:
        return " ".join(rng.choice(vocabulary) for _ in range(20)) + "."

    previous = [polib.POEntry(msgid=sentence(), msgstr="x") for _ in range(500)]
    similar = _Similar(previous)
    found = [similar.closest(entry.msgid.replace(".", "!")) for entry in previous]
    assert found == previous  # each edited sentence finds its own previous text


# a header as Weblate and Poedit leave it: the translators' credits, gettext's fields in its order and
# the others in the order they were added (not alphabetical)
CREDITED_HEADER = """\
# German translation of Flow.
# Copyright (C) 2026 Flow's authors
# This file is distributed under the same license as the Flow package.
# Anna Schmidt <anna@example.org>, 2026.
# Weblate <noreply@weblate.org>, 2026.
#
msgid ""
msgstr ""
"Project-Id-Version: flow\\n"
"Report-Msgid-Bugs-To: \\n"
"PO-Revision-Date: 2026-05-01 10:00+0000\\n"
"Last-Translator: Anna Schmidt <anna@example.org>\\n"
"Language-Team: German <https://hosted.weblate.org/projects/flow/de/>\\n"
"Language: de\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"X-Poedit-Basepath: ../../..\\n"
"Plural-Forms: nplurals=2; plural=n != 1;\\n"
"X-Generator: Weblate 5.8\\n"
"""


def _credited(root: Path) -> Path:
    """The pack's German catalog with CREDITED_HEADER for its header; its path."""
    path = root / "locales" / "de" / "LC_MESSAGES" / "flow.po"
    text = path.read_text(encoding="utf-8")
    path.write_text(CREDITED_HEADER + text[text.index("\n\n") + 1 :], encoding="utf-8")
    return path


def test_update_and_import_keep_the_header_as_msgmerge_does(tmp_path, run):
    """The translators' comments before the header and the order of its fields stay as written."""
    root = _translated_pack(tmp_path, run)
    path = _credited(root)
    _write_pack(root, [PARAGRAPHS[0], PARAGRAPHS[1].replace("three", "four")], PARAGRAPHS[2:])
    gnu = subprocess.run(
        ["msgmerge", "--previous", "--quiet", "-o", "-", path, root / "locales" / "flow.pot"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert run("i18n", "update", root)[0] == 0
    updated = path.read_text(encoding="utf-8")
    assert updated[: updated.index("\n\n") + 1] == gnu[: gnu.index("\n\n") + 1] == CREDITED_HEADER
    assert run("i18n", "export", root, "--lang", "de")[0] == 0
    assert run("i18n", "import", root, "--lang", "de", "--file", root / "locales" / "de" / "flow.xlf")[0] == 0
    assert path.read_text(encoding="utf-8") == updated


def test_a_second_edit_shows_the_text_the_translation_was_made_for_as_msgmerge_does(tmp_path, run):
    root = _translated_pack(tmp_path, run)
    path = root / "locales" / "de" / "LC_MESSAGES" / "flow.po"
    gnu = tmp_path / "gnu.po"
    shutil.copy(path, gnu)
    for edit in ("two points", "three points"):
        _write_pack(root, PARAGRAPHS[:2], [*PARAGRAPHS[2:3], PARAGRAPHS[3].replace("one point", edit), PARAGRAPHS[4]])
        assert run("i18n", "update", root)[0] == 0
        subprocess.run(
            ["msgmerge", "--previous", "--quiet", "-U", "--backup=off", gnu, root / "locales" / "flow.pot"], check=True
        )
    edited = next(e for e in _catalog(root) if e.msgid == PARAGRAPHS[3].replace("one point", "three points"))
    assert (edited.fuzzy, edited.previous_msgid) == (True, PARAGRAPHS[3])

    def states(catalog: polib.POFile) -> set[tuple]:
        return {(e.msgid, e.msgstr, e.fuzzy, e.previous_msgid, e.obsolete) for e in catalog}

    assert states(_catalog(root)) == states(polib.pofile(str(gnu)))


def test_update_writes_only_what_changed(tmp_path, run):
    root = _translated_pack(tmp_path, run)
    path = _credited(root)
    assert run("i18n", "update", root) == (0, f"wrote {path}\n", "")  # polib wrapped the notes, msgcat does not
    assert path.read_text(encoding="utf-8").startswith(CREDITED_HEADER)
    assert run("i18n", "update", root) == (0, "", "")
    _write_pack(root, [PARAGRAPHS[0], PARAGRAPHS[1].replace("three", "four")], PARAGRAPHS[2:])
    assert run("i18n", "update", root) == (0, f"wrote {root}/locales/flow.pot\nwrote {path}\n", "")
    assert run("i18n", "update", root) == (0, "", "")


def _write_bolts(root: Path, spell: str) -> None:
    """A pack of two cards called Bolt: a spell (written as spell) and a lightning bolt."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pack.yaml").write_text("id: flow\ntitle: Flow\nlocales: [en, de]\n")
    (root / "cards.yaml").write_text(f"cards:\n  - {{id: spell, name: {spell}}}\n  - {{id: lightning, name: Bolt}}\n")


def test_a_text_given_a_context_is_an_entry_of_its_own_with_the_designers_note(tmp_path, run):
    """`{text: Bolt, context: …, note: …}`: the spell's Bolt is an entry of its own (msgctxt), with the
    note as its first `#.` line, translated apart from the lightning's Bolt; msgfmt -c takes the catalog."""
    root = tmp_path / "flow"
    _write_bolts(root, "{text: Bolt, context: the spell, note: a crossbow bolt charged with magic}")
    assert run("i18n", "update", root)[0] == 0
    pot = polib.pofile(str(root / "locales" / "flow.pot"))
    assert [(e.msgctxt, e.msgid, e.comment.split("; box")[0]) for e in pot if e.msgid == "Bolt"] == [
        ("the spell", "Bolt", "a crossbow bolt charged with magic\ncard:spell/name: card"),
        (None, "Bolt", "card:lightning/name: card"),
    ]
    catalog = _catalog(root)
    for entry in catalog:
        entry.msgstr = {"the spell": "Bolzen", None: "Blitz"}[entry.msgctxt] if entry.msgid == "Bolt" else "Fluss"
    catalog.save()
    check = subprocess.run(
        ["msgfmt", "-c", "-o", "/dev/null", root / "locales" / "de" / "LC_MESSAGES" / "flow.po"],
        capture_output=True,
        text=True,
    )
    assert (check.returncode, check.stderr) == (0, "")
    assert run("i18n", "check", root) == (0, "1 catalog checked: complete, consistent and every text fits\n", "")
    from printkit.content.read import load_checked
    from printkit.i18n.translate import translate

    pack = translate(load_checked([root])[0], "de").pack
    assert [c.name for c in pack.components] == ["Bolzen", "Blitz"]


def test_update_with_contexts_agrees_with_gnu_msgmerge(tmp_path, run):
    """A translated catalog of two Bolts without context, then the designer gives the spell's its
    context: printkit's update and msgmerge --previous give the same entries (the spell's fuzzy,
    `#|` the English it was translated for), the same again when the context changes."""
    root = tmp_path / "flow"
    _write_bolts(root, "Bolt")
    assert run("i18n", "update", root)[0] == 0
    catalog = _catalog(root)
    for entry in catalog:
        entry.msgstr = {"Bolt": "Blitz", "Flow": "Fluss"}[entry.msgid]
    catalog.save()

    def states(catalog: polib.POFile) -> set[tuple]:
        return {
            (e.msgctxt, e.msgid, e.msgstr, e.fuzzy, e.previous_msgctxt, e.previous_msgid, e.obsolete) for e in catalog
        }

    for context in ("the spell", "the spell card"):
        previous = tmp_path / "previous.po"
        shutil.copy(root / "locales" / "de" / "LC_MESSAGES" / "flow.po", previous)
        _write_bolts(root, f"{{text: Bolt, context: {context}}}")
        assert run("i18n", "update", root)[0] == 0
        gnu = tmp_path / "gnu.po"
        subprocess.run(
            ["msgmerge", "--previous", "--quiet", "-o", gnu, previous, root / "locales" / "flow.pot"], check=True
        )
        assert states(_catalog(root)) == states(polib.pofile(str(gnu)))
    # the unreviewed translation of the first context stays as `#~`, and the reviewed one without
    # context, preferred, is lent to the second
    assert [(e.msgctxt, e.obsolete, e.fuzzy, e.previous_msgctxt) for e in _catalog(root) if e.msgctxt] == [
        ("the spell card", False, True, None),
        ("the spell", True, True, None),
    ]


def _write_counted(root: Path, count: int, locale: str) -> None:
    """A pack whose component list says how many river cards it has: count, the pack printing as many."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pack.yaml").write_text(
        f"id: flow\ntitle: Flow\nlocales: [en, {locale}]\nrules:\n  components:\n    title: Component list\n"
        "    sections: {}\n    checks:\n"
        f"      - {{kind: inventory, name: rivers, select: {{section: cards}}, count: {count}, called: river cards,"
        " called_one: river card}\n"
    )
    (root / "cards.yaml").write_text(f"cards:\n  - {{id: river, name: River, count: {count}}}\n")
    (root / "rulebook.yaml").write_text(
        "sections:\n  - title: Setup\n    blocks:\n      - Shuffle the {count:cards} cards.\n"
    )


def test_counted_texts_have_plural_forms_chosen_by_the_locales_rule(tmp_path, run):
    """An inventory rule's `called_one`/`called` is one entry with msgid_plural, and so is a rulebook
    text with a {count:…}; each count prints the form the catalog's Plural-Forms gives it (Polish:
    1 karta rzeki, 2 karty rzeki, 5 kart rzeki)."""
    root = tmp_path / "flow"
    _write_counted(root, 1, "pl")
    assert run("i18n", "update", root)[0] == 0
    pot = polib.pofile(str(root / "locales" / "flow.pot"))
    assert [(e.msgid, e.msgid_plural) for e in pot if e.msgid_plural] == [
        ("river card", "river cards"),
        ("Shuffle the {count:cards} cards.", "Shuffle the {count:cards} cards."),  # the English has one form
    ]
    path = root / "locales" / "pl" / "LC_MESSAGES" / "flow.po"
    catalog = polib.pofile(str(path))
    for entry in catalog:
        if entry.msgid == "river card":
            entry.msgstr_plural = {0: "karta rzeki", 1: "karty rzeki", 2: "kart rzeki"}
        elif entry.msgid_plural:
            entry.msgstr_plural = {
                n: f"Potasuj {{count:cards}} {word}." for n, word in enumerate(("kartę", "karty", "kart"))
            }
        else:
            entry.msgstr = {
                "Flow": "Przepływ",
                "River": "Rzeka",
                "Component list": "Elementy gry",
                "Setup": "Przygotowanie",
            }[entry.msgid]
    catalog.save()
    check = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", path], capture_output=True, text=True)
    assert (check.returncode, check.stderr) == (0, "")
    from printkit.content.read import load_checked
    from printkit.i18n.translate import translate

    lines = []
    for count in (1, 2, 5, 22):
        _write_counted(root, count, "pl")
        pack = translate(load_checked([root])[0], "pl").pack
        lines += [rule.component_line() for rule in pack.meta.rules["components"].checks]
        lines.append(pack.rulebook.sections[0].blocks[0].text)
    assert lines == [
        *((1, "karta rzeki"), "Potasuj {count:cards} kartę."),
        *((2, "karty rzeki"), "Potasuj {count:cards} karty."),
        *((5, "kart rzeki"), "Potasuj {count:cards} kart."),
        *((22, "karty rzeki"), "Potasuj {count:cards} karty."),
    ]
