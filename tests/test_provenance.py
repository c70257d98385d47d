"""What the kit adds to its source, as a player sees it: the mark of each kind on a marked component
(drawn, and in the printed PDF), the rule marks in the prose, and the generated section "What this
kit adds to the source" in every language's rulebook, listing every marked component and rule."""

import re
from pathlib import Path

import pdfplumber
import pytest
from conftest import BUNDLED, TRANSLATIONS, loaded_pack

from printkit.base.shapes import Text
from printkit.content.provenance import KINDS, mark_text, marked_rules, marks_of, rule_marks
from printkit.content.read import load_checked
from printkit.faces.looks import look_of
from printkit.faces.paint import LookContext
from printkit.i18n import words
from printkit.i18n.translate import translate

SEEDS = [pack for pack in BUNDLED if pack != "riverfold"]  # the five packs that follow a source


def _drawn_texts(pack, component_id: str) -> list[str]:
    component = next(c for c in pack.components if c.id == component_id)
    look = look_of(pack, component)
    drawing = look.front(LookContext(pack, "en"), component, look.size(component, pack))
    return [shape.text for shape in drawing if isinstance(shape, Text)]


def test_a_marked_value_prints_its_kinds_mark_on_the_card_and_an_unmarked_card_none(tmp_path):
    pack = loaded_pack(
        tmp_path,
        "stats: {speed: {name: Speed}}\n",
        "cards:\n"
        "  - {id: guessed, cost: 3, stats: {speed: 5}, kit: {stats: {speed: estimated}}}\n"
        "  - {id: made-up, cost: 3, stats: {speed: 5}, kit: {cost: estimated, stats: invented}}\n"
        "  - {id: known, cost: 3, stats: {speed: 5}}\n",
    )
    assert "≈" in _drawn_texts(pack, "guessed")
    assert "≈✦" in _drawn_texts(pack, "made-up")  # one mark per kind, in the vocabulary's order
    assert not set("".join(_drawn_texts(pack, "known"))) & set(KINDS.values())


MARKED_OF_EACH_KIND = """cards:
  - {id: card, name: Card, kit: invented}
  - {id: edge-card, name: Edge, edges: {top: 1, right: 0, bottom: 0, left: 1}, kit: {edges: estimated}}
fields:
  - {id: field, size: 54mm, text: Blocked, kit: house-rule}
tiles:
  - {id: tile, size: 40mm, name: Isle, edges: {top: woods, right: woods, bottom: woods, left: woods}, kit: invented}
chips:
  - {id: chip, diameter: 20mm, value: 3, kit: {value: estimated}}
markers:
  - {id: marker, diameter: 20mm, front: {value: 1, color: '#f2c14e'}, back: {value: 1, color: '#f2c14e'},
     kit: {front: {value: reading}}}
boards:
  - {id: board, title: Board, grid: {columns: 2, rows: 2, square: 20mm}, kit: {grid: invented}}
sheets:
  - {id: sheet, title: Score pad, size: 100x80mm, columns: [Player, Points], rows: 3, kit: invented}
rulers:
  - {id: ruler, name: Range, length: 6in, width: 28mm, unit: in, marks: [4in], kit: estimated}
"""


def test_the_built_in_look_of_each_kind_prints_the_marks(tmp_path):
    pack = loaded_pack(tmp_path, "terrains:\n  woods: {name: Woods, color: '#3d7a3a'}\n", MARKED_OF_EACH_KIND)
    for component in pack.components:
        assert mark_text(component) in _drawn_texts(pack, component.id), component.id


def test_a_rule_mark_stands_for_the_sentence_it_follows():
    text = "Deal the cards. With an odd number, put one back (the rules do not say){kit:house-rule}. Then play."
    assert rule_marks(text) == [("house-rule", "With an odd number, put one back (the rules do not say)")]
    assert rule_marks("Draw one{kit:house-rule}; or two: lay them out{kit:reading}.") == [
        ("house-rule", "Draw one"),
        ("reading", "lay them out"),
    ]


@pytest.fixture(scope="module")
def components(shared_run):
    built = shared_run("build", *BUNDLED, "--lang", "en", "--no-rulebooks")  # test_pdf_files builds it too
    assert built.code == 0, built.stderr
    return built.out


def _printed_marks(pdf_path: Path) -> dict[str, int]:
    with pdfplumber.open(pdf_path) as pdf:
        chars = [char["text"] for page in pdf.pages for char in page.chars]
    return {mark: chars.count(mark) for mark in KINDS.values() if mark in chars}


@pytest.mark.parametrize("pack", SEEDS)
def test_every_printed_face_of_a_marked_component_carries_its_marks(components, pack):
    """Each copy of a marked component shows each of its marks once a printed face (a marker both
    sides), and nothing else prints a mark: counted in the PDF the player prints."""
    (model,) = load_checked([Path("content") / pack])
    expected: dict[str, int] = {}
    for component in model.components:
        faces = 2 if component.kind == "marker" else 1
        for mark in mark_text(component) or "":
            expected[mark] = expected.get(mark, 0) + component.count * faces
    assert expected, f"{pack} marks nothing"
    assert _printed_marks(components / pack / f"{pack}-components-en-a4.pdf") == expected


@pytest.fixture(scope="module")
def rulebooks(shared_run):
    built = shared_run("build", *BUNDLED, "--booklet")  # the build test_rulebooks reads
    assert built.code == 0, built.stderr
    return built.out


PAGE_MARGIN_PT = 45  # the running header and the page footer lie in the page's top and bottom margins


def _rulebook_text(path: Path) -> str:
    """The text of the pages' bodies, without running headers and footers: a word hyphenated across
    a page break reads whole."""
    with pdfplumber.open(path) as pdf:
        bodies = (page.crop((0, PAGE_MARGIN_PT, page.width, page.height - PAGE_MARGIN_PT)) for page in pdf.pages)
        return "\n".join(body.extract_text() or "" for body in bodies)


def _squashed(text: str) -> str:
    """Text without spaces, line breaks, hyphens and emphasis marks: a name broken at its own hyphen
    reads whole, and a marked sentence with **bold** in it reads as the rulebook prints it."""
    return re.sub(r"[\s\-\u2010\u00ad*]", "", text)


@pytest.mark.slow
@pytest.mark.parametrize("pack,lang", [(pack, lang) for pack in SEEDS for lang in ["en", *TRANSLATIONS[pack]]])
def test_each_rulebook_lists_what_the_kit_adds_in_its_language(rulebooks, pack, lang):
    (model,) = load_checked([Path("content") / pack])
    part = translate(model, lang).pack if lang != "en" else model
    own = words.of(lang, part.root)
    text = _squashed(_rulebook_text(rulebooks / pack / f"{pack}-rulebook-{lang}.pdf"))
    section = text.split(_squashed(own.text("adds-title")))[-1]  # the section, past its entry in the contents
    assert _squashed(own.text("adds-components")) in section
    for component in part.components:
        if component.kit:
            assert _squashed(component.name or component.id) in section, component.id
    for rule in marked_rules(part.rulebook):
        # the sentence as printed: its {placeholders} filled in with the model's numbers
        printed = re.escape(_squashed(f"{KINDS[rule.kind]} {rule.section}: {rule.sentence}"))
        assert re.search(re.sub(r"\\\{.*?\\\}", r"\\S+?", printed), section), rule.sentence
    kinds = {kind for c in part.components for kind in marks_of(c).values()}
    for kind in kinds | {rule.kind for rule in marked_rules(part.rulebook)}:
        assert _squashed(f"{KINDS[kind]} {own.text(f'adds-{kind}')}") in section
