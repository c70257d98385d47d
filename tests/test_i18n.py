"""The translation workflow as a translator meets it, on a tiny pack copied into a temporary folder."""

import json
import os
import subprocess
import textwrap
from pathlib import Path

import pdfplumber
import polib
import pytest
from conftest import BUNDLED, REPO, TRANSLATIONS

from printkit.i18n.glossary import uses_word
from printkit.i18n.po_check import read_catalog

PACK_YAML = """\
    id: tiny
    title: Tiny Game
    locales: [en, de]
    elements:
      fire: {name: Fire, color: "#d9552b", icon: fire}
    rules:
      deck:
        title: Deck
        sections: {cards: {}}
        checks:
          - {kind: point-cap, value: cost, called: attack points, max: 10}
    """
CARDS_YAML = """\
    cards:
      - id: spark
        name: Spark
        element: fire
        cost: 2
        text: Deals 2 [fire] damage.
    sheets:
      - {id: pad, title: Score pad, columns: [Player, Points], rows: 3, size: 120x80mm}
    """
GERMAN = {
    "Tiny Game": "Kleines Spiel",
    "Fire": "Feuer",
    "Deck": "Stapel",
    "attack points": "Angriffspunkte",
    "Spark": "Funke",
    "Deals 2 [fire] damage.": "Macht 2 [fire] Schaden.",
    "Score pad": "Punkteblock",
    "Player": "Spieler",
    "Points": "Punkte",
}
PO = "content/tiny/locales/de/LC_MESSAGES/tiny.po"


def tiny_pack(tmp_path: Path, monkeypatch, run) -> Path:
    """The tiny pack with its (untranslated) German catalog in tmp_path/content, the current folder
    there; its folder."""
    root = tmp_path / "content" / "tiny"
    root.mkdir(parents=True)
    (root / "pack.yaml").write_text(textwrap.dedent(PACK_YAML))
    (root / "cards.yaml").write_text(textwrap.dedent(CARDS_YAML))
    (tmp_path / "content" / "glossary.yaml").write_text("de:\n  attack points: Angriffspunkte\n")
    monkeypatch.chdir(tmp_path)
    assert run("i18n", "update", "tiny")[0] == 0
    return root


@pytest.fixture
def tiny(tmp_path, monkeypatch, run):
    """A translated tiny pack in tmp_path/content, with the current folder there."""
    tiny_pack(tmp_path, monkeypatch, run)
    translate(GERMAN)
    return tmp_path


def translate(mapping: dict[str, str]) -> None:
    """Translate the catalog's entries of the English texts mapping names."""
    catalog = polib.pofile(PO, wrapwidth=0)
    for entry in catalog:
        if entry.msgid in mapping:
            entry.msgstr = mapping[entry.msgid]
            entry.flags = [flag for flag in entry.flags if flag != "fuzzy"]  # as a translator's editor does
    catalog.save(PO)


def entry(msgid: str) -> polib.POEntry:
    return next(e for e in polib.pofile(PO) if e.msgid == msgid and not e.obsolete)


def test_extract_collects_every_text_with_a_note(tiny, run):
    assert run("i18n", "extract", "tiny")[1] == "wrote content/tiny/locales/tiny.pot\n"
    pot = polib.pofile("content/tiny/locales/tiny.pot")
    assert [(e.msgctxt, e.msgid) for e in pot] == [(None, english) for english in GERMAN]
    text = next(e for e in pot if e.msgid == "Deals 2 [fire] damage.")
    assert text.occurrences == [("cards.yaml", "6")]
    assert text.comment == "card:spark/text: card; box 51.6 x 38.1 mm, 9 pt (at least 6 pt), room for 681 characters"
    assert text.flags == ["max-length:681", 'placeholders:"[fire]"']


def test_the_catalog_carries_the_weblate_flags_of_printkits_checks(tiny, run):
    """Weblate's own checks catch what printkit's do: the box's length, the markup to keep (each once)
    and, for a text with emphasis, its Markdown."""
    cards = Path("content/tiny/cards.yaml")
    cards.write_text(cards.read_text().replace("Deals 2 [fire] damage.", "Deals **2** [fire] damage, [fire] {{x}}."))
    assert run("i18n", "update", "tiny")[0] == 0
    assert entry("Deals **2** [fire] damage, [fire] {{x}}.").flags == [
        "fuzzy",  # the translation of the text before
        "max-length:681",  # the same box: its room is measured with printkit's words, not the pack's
        'placeholders:"[fire]":"{{":"}}"',
        "md-text",
    ]


def test_a_boxs_length_limit_stays_when_another_text_changes(tiny, run):
    before = entry("Spark").flags
    cards = Path("content/tiny/cards.yaml")
    cards.write_text(cards.read_text().replace("Deals 2 [fire] damage.", "Deals 2 [fire] damage to every creature."))
    assert run("i18n", "update", "tiny")[0] == 0
    assert entry("Spark").flags == before == ["max-length:53"]


def test_a_length_limit_is_in_characters_of_the_target_script(tiny, run):
    """A Japanese name of 20 characters is as wide as 40 English ones: the box of 53 English
    characters holds 26 Japanese ones, in the catalog Weblate checks and in the XLIFF export."""
    pack = Path("content/tiny/pack.yaml")
    pack.write_text(pack.read_text().replace("locales: [en, de]", "locales: [en, de, ja]"))
    assert run("i18n", "update", "tiny")[0] == 0
    japanese = polib.pofile("content/tiny/locales/ja/LC_MESSAGES/tiny.po")
    assert [e.flags for e in japanese if e.msgid == "Spark"] == [["max-length:26"]]
    assert entry("Spark").flags == ["max-length:53"]  # German letters are as wide as English ones
    assert run("i18n", "export", "tiny", "--lang", "ja")[0] == 0
    assert (
        'resname="card:spark/name" maxwidth="26" size-unit="char"'
        in Path("content/tiny/locales/ja/tiny.xlf").read_text()
    )


def test_update_keeps_translations_marks_changed_text_fuzzy_and_removed_text_obsolete(tiny, run):
    cards = Path("content/tiny/cards.yaml")
    cards.write_text(
        cards.read_text()
        .replace("Deals 2 [fire] damage.", "Deals 3 [fire] damage.")
        .replace(
            "  - {id: pad, title: Score pad, columns: [Player, Points], rows: 3, size: 120x80mm}\n",
            "  - {id: pad, title: Score pad, rows: 3, size: 120x80mm}\n",
        )
    )
    assert run("i18n", "update", "tiny")[0] == 0
    changed = entry("Deals 3 [fire] damage.")
    assert (changed.fuzzy, changed.msgid, changed.previous_msgid, changed.msgstr) == (
        True,
        "Deals 3 [fire] damage.",
        "Deals 2 [fire] damage.",
        "Macht 2 [fire] Schaden.",
    )
    assert entry("Spark").fuzzy is False
    # as msgmerge leaves them: the removed texts are obsolete, the changed one lives on in its fuzzy entry
    assert [e.msgstr for e in polib.pofile(PO) if e.obsolete] == ["Spieler", "Punkte"]


def test_stats_count_each_state(tiny, run):
    translate({"Spark": ""})
    code, out, _ = run("i18n", "stats", "--json")
    assert json.loads(out) == [
        {"pack": "tiny", "locale": "de", "translated": 8, "fuzzy": 0, "untranslated": 1, "obsolete": 0, "percent": 88.9}
    ]
    table = run("i18n", "stats")[1].splitlines()
    assert table[1].split() == ["tiny", "de", "8", "0", "1", "0", "88.9%"]


def test_a_complete_catalog_checks_clean(tiny, run):
    assert run("i18n", "check") == (0, "1 catalog checked: complete, consistent and every text fits\n", "")


CHECKS = {
    "untranslated": (
        {"Spark": ""},
        "card:spark/name: not translated to de yet (translate it, or build without --strict to get a marked draft)",
    ),
    "placeholder": (
        {"Deals 2 [fire] damage.": "Macht 2 Schaden."},
        "card:spark/text: placeholders differ from the English: lost [fire] (keep every {name}, [icon] "
        "and ▶ of the English text)",
    ),
    "glossary": (
        {"attack points": "Angriffswerte"},
        "pack:rules/deck/checks/0/called: glossary term 'attack points' should be translated as "
        "'Angriffspunkte' (see content/glossary.yaml)",
    ),
    "glossary term inside a word": (
        {"attack points": "Angriffspunktestand"},
        "pack:rules/deck/checks/0/called: glossary term 'attack points' should be translated as "
        "'Angriffspunkte' (see content/glossary.yaml)",
    ),
    "overflow": (
        {"Deals 2 [fire] damage.": "Macht 2 [fire] Schaden. " + "Und noch viel mehr Text. " * 40},
        "card:spark/text: text of 'spark' overflows its 51.6 x 38.1 mm box by 19.3 mm at 6 pt in locale "
        "de (shorten the text or give the component more room)",
    ),
    "brace": (
        {"Spark": "Funke {name"},
        "card:spark/name: has a brace that opens or closes no placeholder (write each placeholder whole, as {name})",
    ),
    "emphasis": (
        {"Deals 2 [fire] damage.": "Macht 2 [fire] Schaden, statt d**être."},
        "card:spark/text: emphasis differs from the English: a ** is never closed, so bold runs to the end "
        "of the text (mark the words the English marks, each **bold** and *italic* opened and closed)",
    ),
    "glyph": (
        {"Spark": "Funke 火"},
        "card:spark/name: text of 'spark' needs glyphs the font 'sans-bold' lacks: '火' in locale de (use "
        "another character, or name a font that has it in pack.yaml: fonts:, and locale_fonts: for a language)",
    ),
}


@pytest.mark.parametrize("case", sorted(CHECKS))
def test_check_reports_each_problem_at_its_catalog_line(tiny, run, case):
    change, message = CHECKS[case]
    translate(change)
    code, _, err = run("i18n", "check")
    assert code == 1
    assert err.splitlines() == [f"{PO}:{entry(next(iter(change))).linenum}:1: {message}", "1 problem found"]


def test_a_fuzzy_translation_fails_check(tiny, run):
    catalog = polib.pofile(PO, wrapwidth=0)
    changed = next(e for e in catalog if e.msgid == "Spark")
    changed.flags.append("fuzzy")
    catalog.save(PO)
    assert run("i18n", "check")[::2] == (
        1,
        f"{PO}:{changed.linenum}:1: card:spark/name: the de translation is fuzzy: the English text changed (review "
        "it and remove the fuzzy flag)\n1 problem found\n",
    )


def test_an_incomplete_locale_builds_a_marked_draft_or_fails_strictly(tiny, run):
    translate({"Spark": ""})
    code, _, err = run("build", "tiny", "--lang", "de", "-q")
    assert code == 0 and err == (
        "printkit: warning: tiny (de): 1 string not translated; 1 component marked "
        "DRAFT (see 'printkit i18n stats tiny')\n"
    )
    with pdfplumber.open("output/tiny/tiny-components-de-a4.pdf") as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "ENTWURF · noch nicht übersetzt" in text and "Punkteblock" in text and "Spark" in text
    Path("output/tiny/tiny-components-de-a4.pdf").unlink()
    assert run("build", "tiny", "--lang", "de", "--strict")[::2] == (
        1,
        f"{PO}:{entry('Spark').linenum}:1: card:spark/name: not translated to de yet (translate it, or "
        "build without --strict to get a marked draft)\n1 problem found\n",
    )
    assert not Path("output/tiny/tiny-components-de-a4.pdf").exists()


@pytest.mark.parametrize(
    "translation, counted",
    [
        ("   ", "untranslated"),
        ("Macht 2 Schaden.", "translated"),
        ("Macht 2 {fire Schaden.", "translated"),
        ("Macht 2 [fire] **Schaden.", "translated"),
    ],
)
def test_a_blank_or_broken_translation_prints_the_english_as_a_draft(tiny, run, translation, counted):
    """A translation of spaces, or one that lost or broke a placeholder, is not printed: the card
    keeps its English text and its DRAFT band, and the build says so."""
    translate({"Deals 2 [fire] damage.": translation})
    stats = json.loads(run("i18n", "stats", "--json")[1])[0]
    assert (stats["translated"], stats["untranslated"]) == ((8, 1) if counted == "untranslated" else (9, 0))
    code, _, err = run("build", "tiny", "--lang", "de", "--no-rulebooks", "-q")
    assert code == 0 and err == (
        "printkit: warning: tiny (de): 1 string not translated; 1 component marked "
        "DRAFT (see 'printkit i18n stats tiny')\n"
    )
    with pdfplumber.open("output/tiny/tiny-components-de-a4.pdf") as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "Deals 2" in text and "ENTWURF" in text and "Macht 2" not in text


def test_the_glossary_is_the_one_beside_the_pack(tiny, run, tmp_path):
    """A pack given by its path takes the glossary.yaml of the folder holding it, wherever the
    command runs."""
    translate({"attack points": "Angriffswerte"})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.chdir(elsewhere)
    code, _, err = run("i18n", "check", tmp_path / "content" / "tiny")
    assert code == 1
    assert err.splitlines()[0].endswith(
        "pack:rules/deck/checks/0/called: glossary term 'attack points' should be translated as "
        f"'Angriffspunkte' (see {tmp_path}/content/glossary.yaml)"
    )


def test_a_translators_entry_with_a_context_is_not_ignored_silently(tiny, run):
    """A pack's text is translated once: an entry of the same text with a msgctxt, which printkit does
    not print, is a problem at its line naming the entry it prints."""
    catalog = polib.pofile(PO, wrapwidth=0)
    catalog.append(polib.POEntry(msgctxt="card:spark/name", msgid="Spark", msgstr="Funken"))
    catalog.save(PO)
    added = next(e for e in polib.pofile(PO) if e.msgctxt == "card:spark/name")
    assert run("i18n", "check")[::2] == (
        1,
        f"{PO}:{added.linenum}:1: card:spark/name: the entry of context 'card:spark/name' is not used: a pack's "
        f"text is translated once, by the entry on line {entry('Spark').linenum} (put the translation you want "
        "in that entry and remove this one)\n1 problem found\n",
    )


def test_a_glossary_name_must_stay_as_it_is(tiny, run):
    """A name the glossary lists under names: is printed as it is: a translation without it is a
    problem at its entry; one that inflects it (Sparks) keeps it."""
    Path("content/glossary.yaml").write_text("names: [Spark]\nde:\n  attack points: Angriffspunkte\n")
    assert run("i18n", "check")[::2] == (
        1,
        f"{PO}:{entry('Spark').linenum}:1: card:spark/name: glossary name 'Spark' is printed as it is in every "
        "language, but the de translation does not have it (write 'Spark' as the English does, or take it off "
        "names: in content/glossary.yaml)\n1 problem found\n",
    )
    translate({"Spark": "Sparks"})
    assert run("i18n", "check")[0] == 0


def test_a_compound_the_glossary_lists_counts_as_its_term(tiny, run):
    """A compound holding the term's translation is the term only where the glossary says so (also:)."""
    translate({"attack points": "Angriffspunktestand"})
    assert run("i18n", "check")[0] == 1
    Path("content/glossary.yaml").write_text(
        "de:\n  attack points: {translation: Angriffspunkte, also: [Angriffspunktestand]}\n"
    )
    assert run("i18n", "check")[0] == 0


@pytest.mark.parametrize(
    ("text", "word", "used"),
    [
        ("番人の盾を受け取ります。", "番人の盾", True),  # no spaces: the term followed by a particle
        ("守り手の盾を受け取ります。", "番人の盾", False),
        ("يأخذ كلّ لاعب المخيّمات الخمسة", "مخيّم", True),  # the article, a plural
        ("فجرابك ممتلئ", "جراب", True),  # a conjunction and a pronoun joined to the word
        ("للاعب البادئ", "لاعب", True),
        ("تخيّم", "خيّم", False),  # a letter that is not a proclitic: another word
    ],
)
def test_a_term_is_found_as_japanese_and_arabic_write_it(text, word, used):
    """Japanese writes no spaces between words and Arabic joins its article and one-letter words to
    the next word: the riverfold glossary's ja and ar terms were reported missing from every text."""
    assert uses_word(text, word) is used


def test_the_glossary_exports_as_tbx_and_csv_that_translate_toolkit_reads(tiny, run):
    """The glossary as Weblate's glossary component imports it (through translate-toolkit): each term
    with its translation and the compounds that count as it, each name untranslatable (read-only)."""
    from translate.storage.csvl10n import csvfile
    from translate.storage.tbx import tbxfile

    Path("content/glossary.yaml").write_text(
        "names: [Spark]\nde:\n  attack points: {translation: Angriffspunkte, also: [Angriffspunktestand]}\n"
    )
    assert run("i18n", "glossary", "tiny") == (
        0,
        "wrote content/tiny/locales/de/tiny-glossary.tbx\nwrote content/tiny/locales/de/tiny-glossary.csv\n",
        "",
    )
    tbx = tbxfile.parsefile("content/tiny/locales/de/tiny-glossary.tbx")
    assert [
        (unit.source, [term.text for term in unit.get_target_terms()], unit.istranslatable(), unit.getnotes())
        for unit in tbx.units
    ] == [
        (
            "attack points",
            ["Angriffspunkte", "Angriffspunktestand"],
            True,
            "also counts as the term: Angriffspunktestand",
        ),
        ("Spark", ["Spark"], False, "proper name: printed as it is in every language"),
    ]
    with open("content/tiny/locales/de/tiny-glossary.csv", "rb") as file:
        rows = csvfile(file)
    assert [(unit.source, unit.target, unit.getnotes()) for unit in rows.units] == [
        ("attack points", "Angriffspunkte", "also counts as the term: Angriffspunktestand"),
        ("Spark", "Spark", "proper name: printed as it is in every language"),
    ]


def test_xliff_round_trip_carries_box_limits(tiny, run):
    assert run("i18n", "export", "tiny", "--lang", "de")[0] == 0
    xliff = Path("content/tiny/locales/de/tiny.xlf").read_text()
    from printkit.i18n.merge import unit_id

    assert (
        f'id="{unit_id("Deals 2 [fire] damage.")}" resname="card:spark/text" maxwidth="681" size-unit="char"' in xliff
    )
    edited = Path("edited.xlf")
    edited.write_text(
        xliff.replace('<target state="translated">Funke</target>', '<target state="translated">Funkenflug</target>')
    )
    assert run("i18n", "import", "tiny", "--lang", "de", "--file", edited)[1] == (f"wrote {PO}: 1 entries changed\n")
    assert entry("Spark").msgstr == "Funkenflug"


def test_pseudo_locale_builds_every_bundled_pack_without_overflow(pseudo_kits):
    folder, code, out, err = pseudo_kits
    assert (code, err) == (0, "")
    # every bundled pack has a rulebook: its components and its rulebook in the pseudo-locale
    assert out.splitlines() == [
        f"wrote {folder}/{name}/{name}-{output}-qps{paper}.pdf"
        for name in BUNDLED
        for output, paper in (("components", "-a4"), ("rulebook", ""))
    ]


def test_every_catalog_passes_msgfmt():
    catalogs = [
        f"content/{name}/locales/{locale}/LC_MESSAGES/{name}.po" for name in BUNDLED for locale in TRANSLATIONS[name]
    ] + [f"printkit/i18n/locales/{lang}/LC_MESSAGES/printkit.po" for lang in ("de", "fr")]
    for path in catalogs:
        result = subprocess.run(
            ["msgfmt", "--check-format", "-c", "-o", "/dev/null", path], capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr


# printkit's own words in German as a reader meets them on a page
GERMAN_WORDS = [
    ("page-of", None, {"number": 1, "total": 12}, "Seite 1 von 12"),
    ("glue", None, {"piece": "A2"}, "Klebefläche A2"),
    ("draft", None, {}, "ENTWURF · noch nicht übersetzt"),
    ("rulebook-page-of", None, {"page": 3, "pages": 8}, "Seite 3 von 8"),
    ("count-board", 1, {"count": 1}, "1 Spielplan"),
    ("count-board", 4, {"count": 4}, "4 Spielpläne"),
]
# "{value} cm" and "{value} mm", "Zoom", "Deck" and "Element" are written alike
SAME_IN_GERMAN = {"unit-cm", "unit-mm", "preview-zoom", "preview-deck", "preview-field-element"}


def test_printkits_own_words_are_translated():
    from printkit.i18n import words as ui

    assert ui.locales() == ["en", "de", "fr"]
    for locale in ui.locales()[1:]:
        assert ui.of(locale).missing == (), locale  # printkit's own catalogs are complete
    german = ui.of("de")
    for key in ui.MESSAGES:
        assert (german.found[key].forms[0] == ui.of("en").form(key, 1)) == (key in SAME_IN_GERMAN), key
    assert [german.form(key, count).format(**values) for key, count, values, _ in GERMAN_WORDS] == [
        text for _, _, _, text in GERMAN_WORDS
    ]


@pytest.mark.slow
def test_every_bundled_pack_is_fully_translated(run):
    code, out, _ = run("i18n", "stats", *BUNDLED, "--json")
    rows = [{key: value for key, value in row.items() if key != "translated"} for row in json.loads(out)]
    assert (code, rows) == (
        0,
        [
            {"pack": name, "locale": locale, "fuzzy": 0, "untranslated": 0, "obsolete": 0, "percent": 100.0}
            for name in BUNDLED
            for locale in TRANSLATIONS[name]
        ],
    )
    assert run("i18n", "check", *BUNDLED) == (
        0,
        "9 catalogs checked: complete, consistent and every text fits\n",
        "",
    )


def test_the_german_kit_speaks_german(run, tmp_path):
    assert run("build", "skystones", "--lang", "de", "--no-rulebooks", "--out", tmp_path)[0] == 0
    with pdfplumber.open(tmp_path / "skystones" / "skystones-components-de-a4.pdf") as pdf:
        first, cards = pdf.pages[0].extract_text(), pdf.pages[2].extract_text()
    assert "Vor dem Drucken die Druckgröße prüfen" in first and "Seite 1 von 12" in first
    assert "Glutfuchs" in cards and "Ember Fox" not in cards


def test_a_misspelt_icon_in_translated_rulebook_text_is_placed_at_its_catalog_line(tiny, run):
    """A translation keeps the English icons: one with [fier] for [fire] is not printed (the
    rulebook keeps the English paragraph) and check places it at its catalog line."""
    Path("content/tiny/rulebook.yaml").write_text(
        "sections:\n  - title: Play\n    blocks:\n      - Deal 2 [fire] damage.\n"
    )
    assert run("i18n", "update", "tiny")[0] == 0
    translate({"Play": "Spiel", "Deal 2 [fire] damage.": "Macht 2 [fier] Schaden."})
    assert run("build", "tiny", "--lang", "de", "--out", "out", "--strict")[0] == 1
    assert not Path("out").exists()
    code, _, err = run("i18n", "check", "tiny")
    line = entry("Deal 2 [fire] damage.").linenum
    assert (code, err.splitlines()) == (
        1,
        [
            f"{PO}:{line}:1: rulebook:sections/0/blocks/0/text: placeholders differ from the English: lost [fire]; "
            "added [fier] (keep every {name}, [icon] and ▶ of the English text)",
            "1 problem found",
        ],
    )


EMPHASIS = "Each player chooses **five** cards, then *discards* one."
EMPHASIS_HINT = "(mark the words the English marks, each **bold** and *italic* opened and closed)"


@pytest.mark.parametrize(
    ("translation", "problem"),
    [
        ("Chaque joueur *défausse* une carte après en avoir choisi **cinq**.", None),  # the same marks, reordered
        (
            "Chaque joueur choisit **cinq* cartes, puis en *défausse* une.",
            "a ** is never closed, so bold runs to the end of the text; "
            "a * is never closed, so italic runs to the end of the text",
        ),
        (
            "Chaque joueur choisit *cinq* cartes, puis en *défausse* une.",
            "lost a **bold** span; added an *italic* span",
        ),
        ("Chaque joueur choisit cinq cartes, puis en défausse une.", "lost a **bold** span; lost an *italic* span"),
    ],
    ids=["reordered", "unclosed", "changed", "dropped"],
)
def test_emphasis_a_translation_breaks_or_changes_is_refused_at_its_catalog_line(tiny, run, translation, problem):
    """`**cinq*` would print bold-italic to the end of the paragraph: check and a strict build refuse
    it at its catalog line, as they refuse a lost placeholder; the same marks in another order pass."""
    cards = Path("content/tiny/cards.yaml")
    cards.write_text(cards.read_text().replace("Deals 2 [fire] damage.", EMPHASIS))
    assert run("i18n", "update", "tiny")[0] == 0
    translate({EMPHASIS: translation})
    code, _, err = run("i18n", "check", "tiny")
    if problem is None:
        assert (code, err) == (0, "")
        return
    expected = [
        f"{PO}:{entry(EMPHASIS).linenum}:1: card:spark/text: emphasis differs from the English: {problem} "
        + EMPHASIS_HINT,
        "1 problem found",
    ]
    assert (code, err.splitlines()) == (1, expected)
    assert run("build", "tiny", "--lang", "de", "--out", "out", "--strict")[::2] == (1, "\n".join(expected) + "\n")
    assert not Path("out").exists()


def test_a_translated_component_keeps_where_it_was_read(tiny):
    """Translating makes changed copies of the components; each copy still knows the file and place
    it was read from, so a problem in the German kit points at the YAML."""
    from printkit.content.read import load_checked
    from printkit.i18n.translate import translate as translated

    pack = load_checked([Path("content/tiny")])[0]
    german = translated(pack, "de").pack
    assert [c.name for c in pack.components] == ["Spark", None]
    assert [c.name for c in german.components] == ["Funke", None]
    assert (
        [c.origin for c in german.components]
        == [c.origin for c in pack.components]
        == [("content/tiny/cards.yaml", ("cards", 0)), ("content/tiny/cards.yaml", ("sheets", 0))]
    )


def _one_card_pack_with_catalog(tmp_path, catalog_text: str):
    """A pack 'gen' of one card in English and German, with this German catalog; its root and catalog."""
    root = tmp_path / "gen"
    catalog = root / "locales" / "de" / "LC_MESSAGES" / "gen.po"
    catalog.parent.mkdir(parents=True)
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\nlocales: [en, de]\n")
    (root / "cards.yaml").write_text("cards:\n  - id: ember\n    name: Ember\n")
    catalog.write_text(catalog_text)
    return root, catalog


def test_a_catalog_polib_cannot_read_is_placed_at_the_line_it_names(run, tmp_path):
    root, catalog = _one_card_pack_with_catalog(
        tmp_path, 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgstr "Glut"\nmsgid "Ember"\n'
    )  # msgstr before its msgid
    assert run("i18n", "check", root) == (
        1,
        "",
        f"{catalog}:5:1: is not a readable PO file: Syntax error in po "
        "file (check it with msgfmt -c)\n1 problem found\n",
    )


def test_a_broken_catalog_header_is_placed_at_the_header(run, tmp_path):
    root, catalog = _one_card_pack_with_catalog(
        tmp_path,
        '# German words of Generated.\n#\nmsgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=latin-1\\n"\n\n'
        'msgctxt "card:ember/name"\nmsgid "Ember"\nmsgstr "Glut"\n',
    )
    assert run("i18n", "check", root) == (
        1,
        "",
        f"{catalog}:3:1: has a broken header: no 'Content-Type: text/plain; charset=UTF-8' line "
        "(check it with msgfmt -c)\n1 problem found\n",
    )


@pytest.mark.parametrize("written", ["a" * 200_000, "{" + "a" * 200_000, "{" * 200_000])
def test_a_long_text_is_read_as_words_in_linear_time(written):
    """The pattern once backtracked on a long word without "/" (4 s for 40,000 characters)."""
    import time

    from printkit.i18n.extract import WORDS_ONLY

    started = time.monotonic()
    assert WORDS_ONLY.sub(" ", written + " see docs/rules.md for {count}") == written + " see   for  "
    assert time.monotonic() - started < 2


HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


@pytest.mark.parametrize(
    ("entry_text", "problem"),
    [
        (
            'msgid "Ember"\nmsgstr[0] "Glut"\n',
            "6:1: missing 'msgid_plural' section (write msgstr for a text without plural forms; check it with msgfmt -c)",
        ),
        (
            'msgid "Ember"\nmsgid_plural "Embers"\nmsgstr "Glut"\n',
            "7:1: syntax error: msgid_plural with a plain msgstr (write its forms as msgstr[0], msgstr[1] …; "
            "check it with msgfmt -c)",
        ),
        (
            'msgid "Ember"\nmsgstr "G\\xfflut"\n',
            "6:10: '\\xff' stands for no character printkit can read (write the character itself, in UTF-8, and "
            "no control character but tab and new line)",
        ),
    ],
    ids=["msgstr[0] without msgid_plural", "msgid_plural with msgstr", "an escape of no UTF-8 character"],
)
def test_a_catalog_entry_msgfmt_or_printkit_cannot_read_is_refused_at_its_line(run, tmp_path, entry_text, problem):
    root, catalog = _one_card_pack_with_catalog(tmp_path, HEADER + entry_text)
    assert run("i18n", "check", root) == (1, "", f"{catalog}:{problem}\n1 problem found\n")


def test_strings_one_after_another_on_a_line_are_one_string_as_msgfmt_reads_them(run, tmp_path):
    root, catalog = _one_card_pack_with_catalog(tmp_path, HEADER + 'msgid "Em" "ber"\nmsgstr "Gl" \t"ut"\n')
    assert [(e.msgid, e.msgstr, e.linenum) for e in read_catalog(root, catalog) if e.msgid] == [("Ember", "Glut", 5)]


def test_a_notes_type_sizes_are_written_as_a_translator_reads_them():
    """A box's size in a note to ten points at most (7.4 pt, not the fitted 7.42677 pt)."""
    import re

    sizes = {
        size
        for pack in BUNDLED
        for path in (REPO / "content" / pack / "locales").glob("*.pot")
        for entry in polib.pofile(path)
        for size in re.findall(r"([\d.]+) pt", entry.comment)
    }
    assert sizes and all(re.fullmatch(r"\d+(\.\d)?", size) for size in sizes), sorted(sizes)


def test_a_pack_wide_text_in_boxes_has_a_length_and_overflows_once_at_its_entry(tiny, run):
    """An element's name prints on every card of the element: its entry has the room of its tightest
    box, and a translation too long for it is one problem at its line of the catalog, not one per
    card at the YAML."""
    cards = Path("content/tiny/cards.yaml")
    cards.write_text(
        cards.read_text().replace(
            "    sheets:",
            "      - {id: ember, name: Ember, element: fire}\n      - {id: flame, name: Flame, element: fire}\n    sheets:",
        )
    )
    assert run("i18n", "update", "tiny")[0] == 0
    fire = entry("Fire")
    assert fire.comment == (
        "pack:elements/fire/name: pack-wide text, shown wherever it is used; "
        "box 32.2 x 4.5 mm, 8 pt (at least 6 pt), room for 24 characters"
    )
    assert fire.flags == ["max-length:24"]
    translate({**GERMAN, "Fire": "Feuer " * 20, "Ember": "Glut", "Flame": "Flamme"})
    line = entry("Fire").linenum  # where the entry starts, as every problem with a translation says
    code, out, err = run("check", "tiny")
    assert (code, err.splitlines()) == (
        1,
        [
            f"{PO}:{line}:1: pack:elements/fire/name: pack-wide text 'Feuer Feuer Feuer Fe… (120 characters)' "
            "overflows its 32.2 x 4.5 mm box by 10.0 mm at 6 pt in locale de (shorten the text or give the "
            "component more room; it is printed so on every card that shows it)",
            "1 problem found",
        ],
    )
