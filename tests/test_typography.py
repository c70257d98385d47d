"""Typography per locale (printkit/i18n/typography.py): no-break spaces, quotation marks, decimal
marks and glossary names kept whole, on components and in rulebooks, measured from the drawings
and the PDFs."""

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import BUNDLED, FIXTURES, REPO, loaded_pack, problems_found
from pypdf import PdfReader

from printkit.base.shapes import Text
from printkit.content import markup
from printkit.content.looks import LookElement
from printkit.faces import richtext
from printkit.faces.fonts import FONTS, missing_glyphs
from printkit.i18n import words
from printkit.i18n.glossary import glossary_names
from printkit.i18n.joints import SOFT_HYPHEN
from printkit.i18n.typography import NARROW_NBSP, NBSP, apply, decimal_mark, quotes

N, NN = NBSP, NARROW_NBSP
SHY = SOFT_HYPHEN


# --- no-break spaces --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "written", "set"),
    [
        ("de", "Ein 20 mm breiter Rand", f"Ein 20{N}mm breiter Rand"),
        ("de", "Nimm 2 SP.", f"Nimm 2{N}SP."),
        ("de", "höchstens 4 Zoll weit", f"höchstens 4{N}Zoll weit"),
        ("de", "bei 100 % Größe", f"bei 100{N}% Größe"),
        ("de", "Er ist k. o. und ca. 76 cm weit", f"Er ist k.{N}o. und ca.{N}76{N}cm weit"),
        ("de", "Macht **2** Schaden", f"Macht **2**{N}Schaden"),  # through a bold switch
        ("de", "Macht 2 [fire] Schaden", f"Macht 2{N}[fire]{N}Schaden"),  # an icon is a word too, and joins its word
        ("en", "Move up to 4.5 in, then draw 2 cards", f"Move up to 4.5{N}in, then draw 2{N}cards"),
        ("fr", "Piochez 3 cartes", f"Piochez 3{N}cartes"),
        ("de", "2. Stellt sie auf", "2. Stellt sie auf"),  # a list number
        ("de", "Felder 1 2 3", "Felder 1 2 3"),  # figures in a row
    ],
)
def test_a_number_is_joined_to_its_unit_or_word(locale, written, set):
    assert apply(written, locale) == set


def test_french_takes_a_narrow_no_break_space_before_double_punctuation():
    assert apply("Attention: il dit non! Vraiment ? Oui ; à 12:30 sur https://x.fr", "fr") == (
        f"Attention{NN}: il dit non{NN}! Vraiment{NN}? Oui{NN}; à 12:30{N}sur https://x.fr"
    )


def test_french_sets_typographic_apostrophes_between_letters():
    assert apply("L'eau d'aujourd'hui, qu'il dit ; 'x' et **l'**[fire]", "fr") == (
        f"L’eau d’aujourd’hui, qu’il dit{NN}; 'x' et **l'**[fire]"
    )
    assert apply("Don't", "en") == "Don't"  # English keeps what its text is written with


def test_canadian_french_spaces_only_the_colon_and_the_guillemets():
    assert apply("Attention: « oui » ; non ! Vraiment ?", "fr-CA") == f"Attention{N}: «{N}oui{N}»; non! Vraiment?"


def test_swiss_german_writes_ss_and_swiss_quotation_marks():
    assert apply('Die Straße heißt "Große Gasse"', "de-CH") == "Die Strasse heisst «Grosse Gasse»"
    assert apply('Die Straße "GROẞ"', "de") == "Die Straße „GROẞ“"


# --- quotation marks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "written", "set"),
    [
        ("de", 'Dreh sie auf "Bereit" und “los”.', "Dreh sie auf „Bereit“ und „los“."),
        ("de", 'Er sagt "nimm "Feuer" zuerst" laut.', "Er sagt „nimm ‚Feuer‘ zuerst“ laut."),
        ("de", "Schon richtig: „Bereit“.", "Schon richtig: „Bereit“."),  # typed the German way: kept
        ("de", '**"Bereit"**', "**„Bereit“**"),
        ("fr", 'Il dit "bonjour" et « salut ».', f"Il dit «{NN}bonjour{NN}» et «{NN}salut{NN}»."),
        ("ja", '彼は"こんにちは"と言った', "彼は「こんにちは」と言った"),
        ("ja", "“外”の“内”", "「外」の「内」"),
        ("pt-PT", '"sim"', "«sim»"),  # a region's own marks before its language's
        ("tr", '"evet"', "“evet”"),  # CLDR gives Turkish English marks
        ("en", 'Say "yes" or “no”.', 'Say "yes" or “no”.'),  # English keeps its own
        ("qps", 'Šåý "ýéš"', 'Šåý "ýéš"'),  # the pseudo-locale too
    ],
)
def test_quotation_marks_are_the_locales(locale, written, set):
    assert apply(written, locale) == set


def test_the_quotation_marks_come_from_cldr():
    assert (quotes("de"), quotes("fr"), quotes("ja"), quotes("de-AT"), quotes("pt")) == (
        "„“‚‘",
        "«»«»",
        "「」『』",
        "„“‚‘",
        "“”‘’",
    )


# --- markup -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["de", "fr", "ja"])
def test_markup_is_left_as_written(locale):
    written = 'Use `say "hi" 2 mm` with {count:cards} and {data.glow}: \\[2 "x"] [fire] ▶ {{ and }} **bold** *it*'
    set = apply(written, locale)
    assert markup.kept(set) == markup.kept(written)
    for kept in ('`say "hi" 2 mm`', "{count:cards}", "{data.glow}", "\\[", "[fire]", "**bold**", "*it*"):
        assert kept in set, kept
    assert [t.written for t in markup.tokens(set, code=True) if t.kind != "text"] == [
        t.written for t in markup.tokens(written, code=True) if t.kind != "text"
    ]


@pytest.mark.parametrize(
    ("written", "set"),
    [
        ("x \ue000 2 mm", f"x \ue000 2{N}mm"),  # the character that once marked an icon
        ('Play the cards \ue001 "now"', "Play the cards \ue001 „now“"),  # the first that hid markup
        ("2 [fire] \uf8ff {count:cards} `\ue001` \\[\ue000]", f"2{N}[fire] \uf8ff {{count:cards}} `\ue001` \\[\ue000]"),
    ],
)
def test_private_use_characters_in_a_text_are_kept_beside_markup(written, set):
    assert apply(written, "de") == set


def test_a_rulebook_with_a_private_use_character_is_a_problem_not_a_crash(run, tmp_path):
    """Once an IndexError (exit 3): the character is kept, and no font has a glyph for it."""
    from test_rulebooks import small_pack

    pack = small_pack(
        tmp_path, 'intro: "Play the cards \\ue001 now."\nsections:\n  - title: Setup\n    blocks: [Deal.]\n'
    )
    assert run("build", pack, "--lang", "en", "--out", tmp_path / "out") == (
        1,
        "",
        f"{pack / 'rulebook.yaml'}:1:1: typesetting failed: .notdef glyph rendered for Unicode string unsupported"
        ' by fonts: "\ue001" (U+E001)\n' + problems_found(1) + "\n",
    )


# --- what components and the rulebook set them with --------------------------------------------------


@pytest.mark.parametrize(
    ("written", "set"),
    [
        ("Deal [fire] damage.", f"Deal [fire]{N}damage."),  # to the word after it
        ("Gain [star].", f"Gain{N}[star]."),  # or, where none follows, to the word before it
        ("Pay [fire] [water] now", f"Pay{N}[fire] [water]{N}now"),
        ("Take **[fire]** damage", f"Take **[fire]**{N}damage"),
        ("Macht [fire]-Schaden", "Macht [fire]-Schaden"),  # joined already
    ],
)
def test_an_icon_is_joined_to_its_word(written, set):
    assert apply(written, "en") == set


def test_an_icon_never_ends_a_line_apart_from_its_word():
    box = (0.0, 0.0, 18.0, 30.0)  # room for "Deal [fire]" on a line, not for "Deal [fire] damage"
    shapes = richtext.fit(
        apply("Deal [fire] damage", "en"), box, font="sans", size=9, min_size=9, color="#000", align="left", max_lines=4
    )
    (icon,) = [shape for shape in shapes if not isinstance(shape, Text)]
    texts = {shape.text: shape.y for shape in shapes if isinstance(shape, Text)}
    assert texts.keys() == {"Deal", f"{N}damage"}
    assert abs(icon.ops[0][2] - texts[f"{N}damage"]) < 1 < texts["Deal"] - icon.ops[0][2]  # on the second line


def test_components_never_break_a_line_at_a_no_break_space_and_never_hyphenate():
    box = (0.0, 0.0, 16.0, 30.0)  # room for "Nimm 20" on a line, not for "Nimm 20 mm"
    free = richtext.fit("Nimm 20 mm", box, font="sans", size=9, min_size=9, color="#000", align="left", max_lines=4)
    joined = richtext.fit(
        f"Nimm 20{N}mm", box, font="sans", size=9, min_size=9, color="#000", align="left", max_lines=4
    )
    assert [t.text for t in free] == ["Nimm 20", "mm"]
    assert [t.text for t in joined] == ["Nimm", f"20{N}mm"]
    narrow = richtext.fit(
        "Skylanders", (0, 0, 8, 30), font="sans", size=9, min_size=3, color="#000", align="left", max_lines=4
    )
    assert [t.text for t in narrow] == ["Skylanders"]  # shrunk to fit, never split where it has no joint


def test_a_components_name_breaks_at_a_joint_rather_than_shrink_to_its_smallest_size():
    """A name too long for its box at any size but its smallest breaks at its compound's joint, with
    a hyphen, and keeps a larger size; a name that fits shrunk a little is shrunk, never broken."""
    box = (0.0, 0.0, 22.0, 12.0)
    at_joint = richtext.fit(
        f"Papierkranich{SHY}schwarm", box, font="sans", size=10.5, min_size=6, color="#000", align="center", max_lines=2
    )
    assert [(t.text, t.size) for t in at_joint] == [("Papierkranich-", 8.5), ("schwarm", 8.5)]
    whole = richtext.fit(
        f"Rosenblüten{SHY}zauber",
        (0.0, 0.0, 34.0, 6.0),
        font="sans",
        size=10.5,
        min_size=6,
        color="#000",
        align="center",
        max_lines=2,
    )
    assert [(t.text, t.size) for t in whole] == [("Rosenblütenzauber", 9.5)]


def test_rules_text_breaks_a_compound_at_a_joint_before_it_shrinks():
    """A rules text (a box of many lines) is set as a book sets it: a compound that does not fit
    at the end of a line breaks at its joint, at the text's own size."""
    box = (0.0, 0.0, 44.0, 8.0)
    text = f"Leg sie auf den Nachzieh{SHY}stapel und zieh eine Karte."
    shapes = richtext.fit(text, box, font="sans", size=9, min_size=6, color="#000", align="left", max_lines=8)
    assert [(t.text, t.size) for t in shapes] == [("Leg sie auf den Nachzieh-", 9), ("stapel und zieh eine Karte.", 9)]
    plain = richtext.fit(
        text.replace(SHY, ""), box, font="sans", size=9, min_size=6, color="#000", align="left", max_lines=8
    )
    assert {t.size for t in plain} == {7.5}  # without the joint it had to shrink


def test_a_german_kit_breaks_its_compounds_at_joints_the_pack_writes(tmp_path):
    """The joints come from the pack's own texts (Schwarm, written alone inside a sentence), as the
    rulebook's do: the German kit's card draws Papierkranich- and schwarm."""
    from printkit.faces.paint import LookContext

    pack = loaded_pack(tmp_path, "", "cards:\n  - {id: a, name: Papierkranichschwarm, text: Ein Schwarm fliegt auf.}\n")
    assert (
        LookContext(pack, "de").joints.hyphenated("Papierkranichschwarm fliegt") == f"Papierkranich{SHY}schwarm fliegt"
    )
    assert LookContext(pack, "en").joints.hyphenated("Papierkranichschwarm") == "Papierkranichschwarm"


@pytest.mark.parametrize("font", sorted(FONTS))
def test_the_bundled_fonts_have_the_spaces_and_quotation_marks(font):
    assert not missing_glyphs(f"{N}{NN}„“‚‘«»‹›”’", font)


def test_a_look_fills_in_a_number_with_the_locales_decimal_mark(tmp_path):
    from printkit.content.values import Values, outline, trim
    from printkit.faces.face import Face
    from printkit.faces.looks import draw
    from printkit.faces.paint import LookContext

    pack = loaded_pack(
        tmp_path, "fields: {reach: {type: number}}\n", "cards:\n  - {id: bow, name: Bow, data: {reach: 2.5}}\n"
    )
    (card,) = pack.components
    element = LookElement.model_validate({"text": {"text": "Reach {data.reach} in", "box": [0, 0, "100%", "100%"]}})

    def shown(locale):
        face = Face(LookContext(pack, locale), card, Values(card, pack), trim(card, pack), outline(card, pack))
        return [s.text for s in draw(face, [element], (0.0, 0.0, *face.size)) if isinstance(s, Text)]

    assert (shown("en"), shown("de"), shown("fr")) == ([f"Reach 2.5{N}in"], [f"Reach 2,5{N}in"], [f"Reach 2,5{N}in"])


def test_printkit_writes_its_numbers_with_the_locales_decimal_mark():
    assert [words.of(locale).decimal(4.5) for locale in ("en", "de", "fr", "qps")] == ["4.5", "4,5", "4,5", "4.5"]
    assert (decimal_mark("de-CH"), decimal_mark("pt-BR")) == (".", ",")


def test_rulebook_prose_is_set_in_its_language(tmp_path):
    from printkit.rulebook.book import Part, Prose, inline

    (tmp_path / "glossary.yaml").write_text("names: [Spyro]\n")  # the glossary beside the pack
    pack = loaded_pack(tmp_path, "", "cards:\n  - {id: a, name: A, count: 3}\n")
    text = "Deal {count:cards} cards to “Spyro” and his friends"
    assert [str(inline(Prose.of(Part(lang, pack)), text)) for lang in ("en", "de", "fr")] == [
        f'Deal 3{N}cards to “<span class="name" style="hyphens: manual">Spyro</span>” and his friends',
        f'Deal 3{N}cards to „<span class="name" style="hyphens: manual">Spyro</span>“ and his friends',
        f'Deal 3{N}cards to «{NN}<span class="name" style="hyphens: manual">Spyro</span>{NN}» and his friends',
    ]


def test_german_rulebook_prose_breaks_compounds_at_their_joints(tmp_path):
    """A compound of the glossary's terms or ending in a noun the texts use on their own breaks
    only at its joints (a soft hyphen, in a span WeasyPrint does not hyphenate otherwise, with no
    ligature across the joint); a name,
    a word that is no noun and the English part are left to the hyphenator."""
    from printkit.rulebook.book import Part, Prose, inline

    (tmp_path / "glossary.yaml").write_text(
        "names: [Spyro]\nde:\n  discard pile: Ablagestapel\n  draw pile: Nachziehstapel\n"
    )
    pack = loaded_pack(tmp_path, "", "cards:\n  - {id: a, name: Angriff, count: 3}\n")
    text = "Spyros Fernangriff: vom Nachziehstapel auf den Ablagestapel, kritischer Angriff"
    manual = '<span style="hyphens: manual; font-variant-ligatures: none">{}</span>'
    assert [str(inline(Prose.of(Part(lang, pack)), text)) for lang in ("de", "en")] == [
        '<span class="name" style="hyphens: manual">Spyros</span> '
        + manual.format("Fern\u00adangriff")
        + ": vom "
        + manual.format("Nachzieh\u00adstapel")
        + " auf den "
        + manual.format("Ablage\u00adstapel")
        + ", kritischer Angriff",
        '<span class="name" style="hyphens: manual">Spyros</span> Fernangriff: vom Nachziehstapel auf den '
        "Ablagestapel, kritischer Angriff",
    ]


# --- the German Skylanders rulebook and kit ------------------------------------------------------------


@pytest.fixture(scope="module")
def german_skylanders(shared_run):
    """Its German rulebook and kit, from the build of every bundled pack the rulebooks' tests read."""
    built = shared_run("build", *BUNDLED, "--booklet")
    assert built.code == 0, built.stderr
    return built.out / "skylanders-tabletop"


@pytest.mark.slow
def test_no_glossary_name_is_hyphenated_in_the_german_rulebook(german_skylanders):
    with pdfplumber.open(german_skylanders / "skylanders-tabletop-rulebook-de.pdf") as pdf:
        lines = [line for page in pdf.pages for line in (page.extract_text() or "").splitlines()]
    names = {word for name in glossary_names(_bundled("skylanders-tabletop")) for word in name.split()}
    broken = [line.split()[-1] for line in lines if re.search(r"\w[‐-]$", line)]
    assert broken  # the rulebook does hyphenate its other words
    assert "Skylanders" in names or "Skylander" in names
    assert [word for word in broken if any(name.startswith(word.rstrip("‐-")) for name in names)] == []
    assert not any(line.rstrip().endswith(("Skylan‐", "Skylan-")) for line in lines)


@pytest.mark.slow
def test_the_german_rulebook_joins_numbers_to_their_words(german_skylanders):
    text = "".join(
        page.extract_text() for page in PdfReader(german_skylanders / "skylanders-tabletop-rulebook-de.pdf").pages
    )
    assert f"8{N}Skylanders" in text and f"ca.{N}76{N}cm" in text


def test_the_german_kit_draws_numbers_joined_to_their_units(tmp_path):
    """Every component text of the German kit is laid out with its no-break spaces (reportlab then
    writes U+00A0 into the PDF as a space: ttfonts.splitString maps it to the space glyph)."""
    from printkit.content.read import load_checked
    from printkit.i18n.translate import translate
    from printkit.layout.pieces import draw_pieces

    pack = translate(load_checked([REPO / "content" / "skylanders-tabletop"])[0], "de").pack
    lines = [
        shape.text
        for piece in draw_pieces(pack, "de", 0.0)
        for shape in [*piece.front, *(piece.back or [])]
        if isinstance(shape, Text)
    ]
    assert any(f"{N}Zoll" in line for line in lines)
    assert [line for line in lines if re.search(r"\d (Zoll|mm|cm|SP)\b", line)] == []


# --- glossary names -------------------------------------------------------------------------------------

HINT = "(write 'names: [Skylanders, Spyro]', each name as it is printed)"
BAD_NAMES = {
    "names-not-a-list": f"content/glossary.yaml:1:8: names: must be a list of names, got 'Skylanders' {HINT}",
    "name-not-text": f"content/glossary.yaml:3:5: names[1]: must be a name, got 3 {HINT}",
    "name-empty": f"content/glossary.yaml:2:5: names[0]: must be a name, got '' {HINT}",
    "name-with-markup": f"content/glossary.yaml:2:5: names[0]: must be a name, got '**Spyro**' {HINT}",
}


@pytest.mark.parametrize("case", sorted(BAD_NAMES))
def test_a_bad_glossary_names_list_is_refused_at_its_line(run, tmp_path, monkeypatch, case):
    pack = tmp_path / "content" / "tiny"
    pack.mkdir(parents=True)
    (pack / "pack.yaml").write_text("id: tiny\ntitle: Tiny\nlocales: [en, de]\n")
    (pack / "components.yaml").write_text("cards:\n  - {id: a, name: A}\n")
    (pack / "rulebook.yaml").write_text("sections:\n  - title: Play\n    blocks: [Play.]\n")
    shutil.copy(FIXTURES / "glossary-names" / f"{case}.yaml", tmp_path / "content" / "glossary.yaml")
    monkeypatch.chdir(tmp_path)
    assert run("i18n", "update", "tiny")[0] == 0
    expected = [BAD_NAMES[case], problems_found(1)]
    code, _, err = run("i18n", "check", "tiny")
    assert (code, err.splitlines()) == (1, expected)
    code, _, err = run("build", "tiny", "--lang", "en", "--out", "out")
    assert (code, err.splitlines()) == (1, expected)


def test_the_bundled_glossary_names_the_packs_proper_names():
    assert {"Skylander", "Spyro", "Skylands", "Attacktix"} <= set(glossary_names(_bundled("skystones")))


def _bundled(name: str):
    from printkit.content.read import load_checked

    return load_checked([Path("content") / name])[0]


def test_a_strangers_huge_compound_is_split_quickly_and_without_recursion():
    """A pack is data from a stranger: a word of 120,000 letters made of 20,000 nouns is split in a
    loop (it hit Python's recursion limit: exit 3) and looked at only where a noun could end it."""
    from printkit.i18n.joints import Joints

    joints = Joints(frozenset({"stapel"}))
    parts = joints.split("Ab" + "stapel" * 20_000)
    assert (len(parts), parts[0], parts[-1]) == (20_000, "Abstapel", "stapel")
    assert joints.split("A" + "b" * 100_000) == ["A" + "b" * 100_000]  # the test's timeout guards the time
