"""Declared fields: pack.yaml `fields:` and the values components give under `data:`, checked,
translated, read by rules and described by `printkit schema`. The ways a declaration or a value can be
wrong are fixture cases, tests/fixtures/fields/*/expected.out, run by test_fixture_messages.py."""

import json
import shutil

import pdfplumber
import polib
import pytest
from conftest import REPO, loaded_pack, problems_found

from printkit.content.read import load_checked
from printkit.i18n.extract import catalog_path
from printkit.i18n.translate import translate

GLOWING = REPO / "tests" / "fixtures" / "fields" / "glowing"  # one field of each type, and components giving them


def test_a_pack_with_a_field_of_each_type_builds(run, tmp_path):
    code, _, err = run("build", GLOWING, "--out", tmp_path, "--no-rulebooks")
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.rglob("*.pdf")) == [
        "glowing-components-de-a4.pdf",
        "glowing-components-en-a4.pdf",
    ]


def test_data_reads_as_plain_values_with_the_declared_types():
    (pack,) = load_checked([GLOWING])
    ember = pack.components[0]
    assert ember.data == {
        "glow": 4,
        "weight": 2.5,
        "motto": "Burn bright",
        "rare": True,
        "mood": "wild",
        "sigil": "fire",
        "portrait": "art/ember.png",
        "sayings": ["Hot", "Hotter"],
        "rolls": [1, 6],
    }
    assert {name: field.type for name, field in pack.meta.fields.items() if name in ("glow", "sayings")} == {
        "glow": "integer",
        "sayings": "list",
    }
    assert pack.meta.fields["sayings"].items == "text"


def test_text_fields_are_translated_and_other_fields_are_not(run, tmp_path):
    root = tmp_path / "glowing"
    shutil.copytree(GLOWING, root)
    code, _, err = run("i18n", "update", root)
    assert code == 0, err
    catalog = polib.pofile(str(catalog_path(load_checked([root])[0], "de")))
    places = {line.split(": ", 1)[0]: entry.msgid for entry in catalog for line in entry.comment.splitlines()}
    assert {place: msgid for place, msgid in places.items() if "/data/" in place or "fields/motto" in place} == {
        "card:ember/data/motto": "Burn bright",
        "card:ember/data/sayings/0": "Hot",
        "card:ember/data/sayings/1": "Hotter",
        "pack:fields/motto/default": "Shine on",
        "pack:fields/motto/label": "Motto",
    }
    german = {"Burn bright": "Leuchte hell", "Hotter": "Heißer", "Shine on": "Leuchte weiter"}
    for entry in catalog:
        entry.msgstr = german.get(entry.msgid, "")
    catalog.save()
    translated = translate(load_checked([root])[0], "de").pack
    assert translated.components[0].data["motto"] == "Leuchte hell"
    assert translated.components[0].data["sayings"] == ["Hot", "Heißer"]
    assert translated.components[0].data["glow"] == 4
    assert translated.meta.fields["motto"].default == "Leuchte weiter"


def unshown(pack_yaml, at: str, name: str, given: str) -> str:
    """The warning at a field's declaration when no look shows it (#38: declared fields printed nowhere)."""
    return (
        f"printkit: warning: {pack_yaml}:{at}: fields.{name}: field '{name}' is given by {given}, but no look they "
        f"are drawn with shows it (show it in a look they use, e.g. with a text element of text: '{{data.{name}}}' "
        f"or an element drawn when: data.{name})"
    )


GLOWING_UNSHOWN = [  # printkit's card look labels every declared field a card gives, but an image
    ("11:3", "portrait", "1 component (card 'ember' first)"),
]


def test_a_rule_adds_up_a_number_field(run, tmp_path):
    root = tmp_path / "glowing"
    shutil.copytree(GLOWING, root)
    (root / "decks").mkdir()
    deck = root / "decks" / "bright.yaml"
    deck.write_text("pack: glowing\ncards: {ember: 2, frost: 1}\n")
    code, out, err = run("check", deck)
    assert code == 1
    assert err.splitlines() == [
        *(unshown(root / "pack.yaml", *field) for field in GLOWING_UNSHOWN),
        "printkit: warning: glowing (de): 12 strings not translated; 2 components marked DRAFT "
        "(see 'printkit i18n stats glowing')",
        f"{deck}:2:1: cards: 11 glow in all; at most 8 allowed (rule 'point-cap' in glowing)",
    ]
    assert out.splitlines() == [f"{deck}: 1 violation (Hand, rule set 'hand' of glowing)"]


def test_a_rule_counts_the_default_of_a_field_a_component_leaves_out(run, tmp_path):
    pack = """\
fields: {power: {type: number, default: 2.5}}
rules:
  hand:
    title: Hand
    sections: {cards: {components: [cards]}}
    checks: [{kind: point-cap, value: data.power, max: 4}]
"""
    loaded_pack(tmp_path, pack, "cards:\n  - {id: a, data: {power: 1}}\n  - {id: b}\n")
    deck = tmp_path / "kit" / "decks" / "two.yaml"
    deck.parent.mkdir()
    deck.write_text("pack: kit\ncards: {a: 1, b: 1}\n")
    assert run("check", deck)[0] == 0
    deck.write_text("pack: kit\ncards: {a: 1, b: 2}\n")
    code, _, err = run("check", deck)
    assert code == 1
    assert err.splitlines() == [
        f"{deck}:2:1: cards: 6 data.power in all; at most 4 allowed (rule 'point-cap' in kit)",
    ]


NUMBERS = "corner_radius, cost, count, data.glow, edges.bottom, edges.left, edges.right, edges.top, edges.total, sides"


@pytest.mark.parametrize(
    ("rule", "column", "message"),
    [
        ("{kind: point-cap, value: data.mood, max: 4}", 34, "'data.mood' is not a number to add up"),
        ("{kind: point-cap, value: data.sayings, max: 4}", 34, "'data.sayings' is not a number to add up"),
        (
            "{kind: copy-limit, field: data.sayings, max: 1}",
            35,
            "'data.sayings' holds a list or mapping; the rule compares one value",
        ),
    ],
)
def test_a_rule_refuses_a_field_of_the_wrong_type(run, tmp_path, rule, column, message):
    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text(
        "id: kit\ntitle: Kit\nfields:\n  glow: {type: integer}\n  mood: {type: choice, values: [calm, wild]}\n"
        "  sayings: {type: list, items: text}\nrules:\n  hand:\n    title: Hand\n"
        f"    sections: {{cards: {{components: [cards]}}}}\n    checks:\n      - {rule}\n"
    )
    (root / "cards.yaml").write_text("cards:\n  - {id: a, data: {glow: 1}}\n")
    code, _, err = run("check", root)
    assert code == 1
    (line, summary) = err.splitlines()
    where = f"{root}/pack.yaml:12:{column}: rules.hand.checks[0].{rule.split(', ')[1].split(':')[0]}"
    if "number" in message:
        assert line == f"{where}: {message} (values that are: {NUMBERS})"
    else:  # the values to compare are most of a card's: the hint names the single ones
        head, hint = line.split(" (values that are: ")
        assert head == f"{where}: {message}"
        assert {"data.glow", "data.mood", "element"} <= set(hint.rstrip(")").split(", ")) - {"data.sayings"}
        assert "data.sayings" not in hint
    assert summary == problems_found(1)


@pytest.mark.slow
def test_schema_describes_fields_and_data(run):
    code, out, _ = run("schema", "pack")
    assert code == 0
    schema = json.loads(out)
    declared = schema["$defs"]["FieldDecl"]["properties"]
    assert declared["type"]["enum"] == ["text", "integer", "number", "boolean", "choice", "icon", "image", "list"]
    assert declared["label"]["description"] == "What a look prints beside the value, e.g. Glow."
    assert schema["properties"]["fields"]["description"].startswith("The pack's own values")

    code, out, _ = run("schema")
    data = json.loads(out)["$defs"]["Card"]["properties"]["data"]
    assert data["type"] == "object" and "properties" not in data

    code, out, _ = run("schema", "--pack", GLOWING)
    assert code == 0
    data = json.loads(out)["$defs"]["Tile"]["properties"]["data"]
    assert data["additionalProperties"] is False
    assert data["properties"]["glow"] == {"type": "integer", "minimum": 1, "maximum": 6, "description": "Glow"}
    assert data["properties"]["mood"] == {"type": "string", "enum": ["calm", "wild"]}
    assert data["properties"]["rolls"] == {
        "type": "array",
        "items": {"type": "integer", "minimum": 1, "maximum": 6},
    }
    assert data["properties"]["sayings"]["items"] == {"type": "string", "minLength": 1}
    assert "fire" in data["properties"]["sigil"]["enum"]


MOODS = """\
fields: {mood: {type: choice, values: [calm, wild]}}
rules:
  hand:
    title: Hand
    sections: {cards: {components: [cards]}}
    checks: [RULE]
"""


def test_a_rule_covers_the_values_of_a_choice(run, tmp_path):
    rule = "{kind: coverage, field: data.mood}"
    loaded_pack(tmp_path, MOODS.replace("RULE", rule), "cards:\n  - {id: a, data: {mood: calm}}\n  - {id: b}\n")
    deck = tmp_path / "kit" / "decks" / "calm.yaml"
    deck.parent.mkdir()
    deck.write_text("pack: kit\ncards: {a: 1}\n")
    code, _, err = run("check", deck)
    assert code == 1
    assert err.splitlines() == [
        f"{deck}:2:1: cards: covers 1 of 2 data.mood values (one of each required); missing: wild "
        "(rule 'coverage' in kit)",
    ]


def test_a_value_covered_twice_is_placed_past_its_one_allowed_naming_every_component(run, tmp_path):
    """Two Sunflowers and two Lavenders, all of them summer: the line is that of the sunflowers, whose
    second copy is the first past the one allowed, and it counts both components (it once blamed
    the last, Lavender, for all four)."""
    seasons = MOODS.replace("mood", "season").replace("[calm, wild]", "[spring, summer]")
    rule = "{kind: coverage, name: one-per-season, field: data.season, size: 1}"
    flowers = "cards:\n  - {id: sunflower, data: {season: summer}}\n  - {id: lavender, data: {season: summer}}\n"
    loaded_pack(tmp_path, seasons.replace("RULE", rule), flowers)
    deck = tmp_path / "kit" / "decks" / "summer.yaml"
    deck.parent.mkdir()
    deck.write_text("pack: kit\ncards:\n  sunflower: 2\n  lavender: 2\n")
    assert run("check", deck) == (
        1,
        f"{deck}: 1 violation (Hand, rule set 'hand' of kit)\n",
        f"{deck}:3:3: cards.sunflower: 4 summer entries (sunflower 2, lavender 2); one of each data.season allowed "
        "(rule 'one-per-season' in kit)\n",
    )


def test_a_rule_names_only_the_values_of_a_choice(run, tmp_path):
    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text(
        "id: kit\ntitle: Kit\n" + MOODS.replace("RULE", "{kind: copy-limit, field: data.mood, values: [wlid], max: 1}")
    )
    (root / "cards.yaml").write_text("cards:\n  - {id: a}\n")
    code, _, err = run("check", root)
    assert code == 1
    assert err.splitlines() == [
        f"{root}/pack.yaml:8:60: rules.hand.checks[0].values[0]: 'wlid' is not one of data.mood's values "
        "(did you mean 'wild'?)",
        problems_found(1),
    ]


def test_printkits_card_look_labels_the_declared_fields_a_card_gives(run, tmp_path):
    """A new field shows at once: printkit's card look labels each declared field a card gives (but
    an image, and the fields its look prints elsewhere) beside its type and tags, 'Glow 4' in the
    locale's number format, a true boolean by its name alone."""
    code, _, _ = run("build", GLOWING, "--lang", "en,de", "--no-rulebooks", "--out", tmp_path)
    assert code == 0
    labels = {}
    for lang in ("en", "de"):
        with pdfplumber.open(tmp_path / "glowing" / f"glowing-components-{lang}-a4.pdf") as pdf:
            labels[lang] = " ".join(word["text"] for word in pdf.pages[1].extract_words())
    for label in (
        "Glow 4",
        "Weight 2.5",
        "Motto Burn bright",
        "rare",
        "mood wild",
        "sayings Hot, Hotter",
        "rolls 1, 6",
    ):
        assert label in labels["en"]
    assert "Weight 2,5" in labels["de"]
    assert "portrait" not in labels["en"]
    moon = tmp_path / "looked" / "glowing"
    shutil.copytree(GLOWING, moon)
    (moon / "looks").mkdir()
    (moon / "looks" / "cards.yaml").write_text(
        "glow-card:\n  extends: card\n  front:\n"
        "    - repeat: {id: stars, when: data.glow, icon: star, count: '{data.glow}', box: [20%, 88%, 60%, 5%]}\n"
    )
    (moon / "pack.yaml").write_text((moon / "pack.yaml").read_text() + "defaults: {looks: {cards: glow-card}}\n")
    assert run("build", moon, "--lang", "en", "--no-rulebooks", "--out", tmp_path / "moon-out")[0] == 0
    with pdfplumber.open(tmp_path / "moon-out" / "glowing" / "glowing-components-en-a4.pdf") as pdf:
        text = " ".join(word["text"] for word in pdf.pages[1].extract_words())
    assert "Glow 4" not in text and "Weight 2.5" in text  # its stars print the glow
