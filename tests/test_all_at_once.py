"""All problems of a pack in one run: a part that fails costs only itself, what names it is not a
second problem, and a broken pack does not stop the deck lists that can still be checked."""

import json
import shutil
from pathlib import Path

import pytest

from printkit.content.read import load_partial

HERE = "tests/fixtures/allatonce"
LISTS = f"{HERE}/lists"

EVERY_STAGE = [
    # structure: one card fails its model, the others load
    f"{HERE}/every-stage/components.yaml:3:5: cards[0].colour: unknown key 'colour' (did you mean 'color'?)",
    # references
    f"{HERE}/every-stage/components.yaml:5:14: cards[1].element: 'fier' is not declared in pack.yaml elements "
    "(did you mean 'fire'?)",
    # icons, found drawing the faces
    f"{HERE}/every-stage/components.yaml:7:11: cards[2].text: text of 'flare' names an unknown icon '[fier]' in "
    "locale en (did you mean 'fire' or 'river'?)",
    # text fit
    f"{HERE}/every-stage/components.yaml:10:11: cards[3].text: text of 'blaze' overflows its 34.4 x 42.4 mm box by "
    "57.5 mm at 6 pt in locale en (shorten the text or give the component more room)",
    # rules
    f"{HERE}/every-stage/pack.yaml:10:9: rules.box.checks[0]: the pack prints 0 chips; the game has 2 "
    "(rule 'chips' in every-stage)",
    "5 problems found",
]


@pytest.mark.parametrize("command", ["check", "build"])
def test_structure_references_icons_text_fit_and_rules_in_one_run(run, tmp_path, command):
    out_folder = ["--out", str(tmp_path)] if command == "build" else []
    code, out, err = run(command, f"{HERE}/every-stage", *out_folder)
    assert (code, out, err.splitlines()) == (1, "", EVERY_STAGE)
    assert not any(tmp_path.iterdir())  # a build with problems writes nothing


FAILED_NAMED = {
    # a card that fails, named by the rulebook's text and figure and counted by an inventory rule
    "failed-card-named": "components.yaml:3:5: cards[0].colour: unknown key 'colour' (did you mean 'color'?)",
    # a look of looks/ that fails, given to a card
    "failed-look-named": "looks/cards.yaml:3:3: framed.frnt: unknown key 'frnt' (did you mean 'front'?)",
    # a field declaration that fails, given a value by a card
    "failed-field-named": "pack.yaml:4:16: fields.glow.type: must be one of 'text', 'integer', 'number', 'boolean', "
    "'choice', 'icon', 'image' or 'list', got 'integr' (did you mean 'integer'?)",
}


@pytest.mark.parametrize("case", sorted(FAILED_NAMED))
def test_a_failed_part_named_elsewhere_is_one_problem(run, case):
    code, out, err = run("check", f"{HERE}/{case}")
    assert (code, out, err.splitlines()) == (1, "", [f"{HERE}/{case}/{FAILED_NAMED[case]}", "1 problem found"])


def test_a_broken_pack_does_not_stop_the_lists(run):
    code, out, err = run(
        "check",
        f"{LISTS}/brawl",
        f"{LISTS}/duel",
        f"{LISTS}/duel/decks/starter.yaml",
        f"{LISTS}/brawl/decks/coal.yaml",
        f"{LISTS}/brawl/decks/ember.yaml",
    )
    assert code == 1
    assert out.splitlines() == [
        f"{LISTS}/duel/decks/starter.yaml: legal (Deck, rule set 'deck' of duel)",
        f"{LISTS}/brawl/decks/coal.yaml: legal (Deck, rule set 'deck' of brawl)",
    ]
    assert err.splitlines() == [
        f"{LISTS}/brawl/cards.yaml:2:40: cards[0].colour: unknown key 'colour' (did you mean 'color'?)",
        f"{LISTS}/brawl/decks/ember.yaml:3:3: deck.ember: component 'ember' has problems of its own, so this list "
        f"cannot be checked (see {LISTS}/brawl/cards.yaml:2)",
        "2 problems found",
    ]


def test_json_carries_problems_and_list_results(run):
    code, out, err = run("check", "--json", f"{LISTS}/brawl", f"{LISTS}/duel", f"{LISTS}/duel/decks/starter.yaml")
    assert (code, err) == (1, "")
    result = json.loads(out)
    assert (result["ok"], result["packs"]) == (False, ["brawl", "duel"])
    assert result["problems"] == [
        {
            "file": f"{LISTS}/brawl/cards.yaml",
            "line": 2,
            "column": 40,
            "key": "cards[0].colour",
            "message": "unknown key 'colour'",
            "hint": "did you mean 'color'?",
        }
    ]
    assert [(r["file"], r["ok"], r["entries"], r["violations"]) for r in result["lists"]] == [
        (f"{LISTS}/duel/decks/starter.yaml", True, 2, [])
    ]


def test_load_partial_places_each_unfit_component():
    """What the live preview shows: the pack of what loaded, and each component that cannot be drawn
    with its own problems, where its YAML writes it."""
    loaded = load_partial(Path(HERE) / "every-stage")
    assert [c.id for c in loaded.pack.components] == ["spark", "flare", "blaze", "coal"]
    assert [(u.section, u.id, u.path, [p.key_path for p in u.problems]) for u in loaded.unfit] == [
        ("cards", "ember", ("cards", 0), ["cards[0].colour"]),
        ("cards", "spark", ("cards", 1), ["cards[1].element"]),
    ]
    assert [c.id for c in loaded.drawable.components] == ["flare", "blaze", "coal"]
    assert len(loaded.problems) == 3  # text fit and icons are found by drawing (see the tests above)


def test_a_component_file_that_fails_as_a_whole_is_one_problem(run):
    """What the lost file may hold is not also missing: not for the rulebook's figures and counts, nor
    for an inventory rule; a deck list of the pack cannot be checked until it is fixed."""
    lost = f"{HERE}/lost-file"
    code, out, err = run("check", lost, f"{lost}/decks/starter.yaml")
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{lost}/cards.yaml:4:7: YAML syntax error: did not find expected ',' or ']' while parsing a flow sequence "
        "that starts at line 3 (check the brackets, quotes and indentation just before this point)",
        f"{lost}/decks/starter.yaml:1:7: pack: component file {lost}/cards.yaml has problems of its own, so this "
        f"list cannot be checked (see {lost}/cards.yaml:1)",
        "2 problems found",
    ]


def test_a_component_file_that_is_not_a_mapping_is_one_problem(run, tmp_path):
    pack = tmp_path / "lost-file"
    shutil.copytree(f"{HERE}/lost-file", pack)
    (pack / "cards.yaml").write_text("- id: ember\n- id: coal\n")
    code, out, err = run("check", str(pack))
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{pack}/cards.yaml:1:1: must be a mapping of keys, got a list (write 'key: value' lines at the top level)",
        "1 problem found",
    ]


def test_a_failed_component_id_is_checked_for_duplicates_in_the_same_run(run):
    case = f"{HERE}/failed-card-duplicate"
    code, out, err = run("check", case)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{case}/components.yaml:3:14: cards[0].element: must be lowercase letters, digits and dashes, got 'Fire' "
        "(for example 'fire')",
        f"{case}/components.yaml:4:9: cards[1].id: id 'imp' is already used by the card at {case}/components.yaml:2 "
        "(ids must be unique in a pack)",
        "2 problems found",
    ]
