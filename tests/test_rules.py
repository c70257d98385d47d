"""The rules checker: example lists of every rule kind, with the exact lines a player reads. (A rule
set that is itself wrong is a pack problem: tests/fixtures/bad/rule-* and inventory-mismatch, each with
its expected.out, run by test_fixture_messages.py.)"""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.content.read import load_checked
from printkit.content.source import SourceFile
from printkit.rules.decklist import check_list

RULES = "tests/fixtures/rules"

ILLEGAL = {
    f"{RULES}/spellbook/decks/illegal.yaml": [
        "3:1: cards: 15 cards; at least 20 required (rule 'deck-size' in spellbook)",
        "4:3: cards.magic-beans: 4 copies of a Star card; at most 3 allowed (rule 'copy-limit' in spellbook)",
        "5:3: cards.thunder-call: 2 copies of a Lightning Bolt card; at most 1 allowed "
        "(rule 'bolt-limit' in spellbook)",
    ],
    f"{RULES}/squadron/decks/illegal.yaml": [
        "3:1: squad: 130 points in all; exactly 100 required (rule 'squad-points' in squadron)",
        "3:1: squad: 2 all-silver figures; at most 1 allowed (rule 'one-silver' in squadron)",
        "6:3: squad.mace-windu: 'Mace Windu' (mace-windu) is not allowed (tagged 'battle-master') "
        "(rule 'no-battle-masters' in squadron)",
        "7:1: backups: 70 points in all; at most 50 allowed (rule 'backup-points' in squadron)",
    ],
    f"{RULES}/skyside/decks/illegal.yaml": [
        "3:1: skylanders: 3 Giants; at most 2 allowed (rule 'two-giants' in skyside)",
        "3:44: skylanders[3]: 2 Fire entries (hot-head 1, eruptor 1); one of each element allowed "
        "(rule 'one-per-element' in skyside)",
        "4:9: items[0]: 2 copies of 'sparx'; each may appear only once (rule 'one-of-each-item' in skyside)",
    ],
    f"{RULES}/islands/decks/illegal.yaml": [
        "5:5: tiles[1]: left edge of 'town' on square 2 is clouds, but the right edge of 'grove' on square 1 is "
        "woods (rule 'matching-edges' in islands)",
        "6:5: tiles[2]: top edge of 'harbour' on square 3 is woods, but the bottom edge of 'grove' on square 1 is "
        "clouds (rule 'matching-edges' in islands)",
        "7:21: tiles[3].square: square 9 is not on the 2x2 board; squares are 1 to 4 (rule 'matching-edges' in "
        "islands)",
        "8:18: tiles[4].square: square 1 already holds 'grove' (rule 'matching-edges' in islands)",
    ],
    "content/skystones/decks/too-strong.yaml": [
        "5:1: cards: 33 attack points in all; at most 20 allowed (rule 'attack-point-cap' in skystones)",
        "5:1: cards: 6 cards; exactly 5 required (rule 'hand-size' in skystones)",
        "10:3: cards.magma-bear: 2 copies of 'Magma Bear' (magma-bear); each may appear only once (rule 'one-of-each' in "
        "skystones)",
    ],
}

LEGAL = [f"{RULES}/{pack}/decks/legal.yaml" for pack in ("spellbook", "squadron", "skyside", "islands")] + [
    "content/skystones/decks/balanced-hand.yaml"
]


# each list -> the summary line `check` prints for it, after its path: the verdict, the rule set's title,
# its name and the pack
SUMMARIES = {
    f"{RULES}/spellbook/decks/illegal.yaml": "3 violations (Deck, rule set 'deck' of spellbook)",
    f"{RULES}/spellbook/decks/legal.yaml": "legal (Deck, rule set 'deck' of spellbook)",
    f"{RULES}/squadron/decks/illegal.yaml": "4 violations (Tournament squad, rule set 'squad' of squadron)",
    f"{RULES}/squadron/decks/legal.yaml": "legal (Tournament squad, rule set 'squad' of squadron)",
    f"{RULES}/skyside/decks/illegal.yaml": "3 violations (Side, rule set 'side' of skyside)",
    f"{RULES}/skyside/decks/legal.yaml": "legal (Side, rule set 'side' of skyside)",
    f"{RULES}/islands/decks/illegal.yaml": "4 violations (Player board layout, rule set 'island' of islands)",
    f"{RULES}/islands/decks/legal.yaml": "legal (Player board layout, rule set 'island' of islands)",
    "content/skystones/decks/too-strong.yaml": "3 violations (Tournament hand, rule set 'hand' of skystones)",
    "content/skystones/decks/balanced-hand.yaml": "legal (Tournament hand, rule set 'hand' of skystones)",
}


@pytest.mark.parametrize("path", sorted(ILLEGAL))
def test_an_illegal_list_gets_one_line_per_violation(run, path):
    assert run("check", path) == (
        1,
        f"{path}: {SUMMARIES[path]}\n",
        "".join(f"{path}:{line}\n" for line in ILLEGAL[path]),
    )


@pytest.mark.parametrize("path", LEGAL)
def test_a_legal_list_passes(run, path):
    assert run("check", path) == (0, f"{path}: {SUMMARIES[path]}\n", "")


def test_the_summary_names_the_rule_set_and_pack(run):
    assert (
        run("check", "content/skystones/decks/balanced-hand.yaml")[1]
        == "content/skystones/decks/balanced-hand.yaml: legal (Tournament hand, rule set 'hand' of skystones)\n"
    )


def test_a_param_changes_the_limit(run):
    path = f"{RULES}/squadron/decks/illegal.yaml"
    assert run("check", path, "--param", "points=130", "--param", "backup-points=70") == (
        1,
        f"{path}: 2 violations (Tournament squad, rule set 'squad' of squadron)\n",
        f"{path}:{ILLEGAL[path][1]}\n{path}:{ILLEGAL[path][2]}\n",  # the points caps are met now
    )
    assert run("check", path, "--param", "pionts=1")[::2] == (
        2,
        "printkit: --param pionts: rule set 'squad' of squadron has no such param (params: points, backup-points)\n",
    )


def test_json_output_is_stable(run):
    code, out, _ = run("check", f"{RULES}/spellbook/decks/illegal.yaml", "--json")
    result = json.loads(out)
    assert code == 1 and result["ok"] is False
    (listed,) = result["lists"]
    assert {k: listed[k] for k in ("file", "pack", "rules", "ok", "entries")} == {
        "file": f"{RULES}/spellbook/decks/illegal.yaml",
        "pack": "spellbook",
        "rules": "deck",
        "ok": False,
        "entries": 15,
    }
    assert listed["violations"][1] == {
        "file": f"{RULES}/spellbook/decks/illegal.yaml",
        "line": 4,
        "column": 3,
        "rule": "copy-limit",
        "section": "cards",
        "ids": ["magic-beans"],
        "message": "4 copies of a Star card; at most 3 allowed",
    }


NAMED = f"{RULES}/named/decks"
# list -> the violation a player reads, naming each component by its printed name and id (by its id
# alone when it has no name), and the rule set the list keeps
BY_NAME = {
    "too-many-copies": (
        "3:9: cards.fire-imp: 3 copies of 'Fire Imp' (fire-imp); at most 2 allowed (rule 'copy-limit' in named)",
        "Deck, rule set 'deck'",
    ),
    "banned": (
        "3:9: cards.ember-drake: 'Ember Drake' (ember-drake) is not allowed (rule 'ban' in named)",
        "Deck, rule set 'deck'",
    ),
    "nothing-to-count": (
        "3:9: cards.blank-page: 'Blank Page' (blank-page) has no cost to count (rule 'point-cap' in named)",
        "Deck, rule set 'deck'",
    ),
    "without-element": (
        "3:9: cards.stray: 'stray' has no element from fire, water (rule 'coverage' in named)",
        "Side, rule set 'side'",
    ),
    "twice-in-a-hand": (
        "3:9: cards.fire-imp: 2 copies of 'Fire Imp' (fire-imp); each may appear only once (rule 'unique' in named)",
        "Hand, rule set 'hand'",
    ),
    "edges-differ": (
        "5:5: tiles[1]: left edge of 'Open Sky' (sky) on square 2 is clouds, but the right edge of 'Grove' (grove) "
        "on square 1 is woods (rule 'placement' in named)",
        "Layout, rule set 'layout'",
    ),
    "not-a-tile": (
        "5:6: tiles[1].tile: 'Fire Imp' (fire-imp) is a card, not a tile (rule 'placement' in named)",
        "Layout, rule set 'layout'",
    ),
    "hex-on-squares": (
        "4:6: tiles[0].tile: 'Bay' (bay) is a flat hex tile; board 'table' takes square tiles (rule 'placement' in "
        "named)",
        "Layout, rule set 'layout'",
    ),
    "square-taken": (
        "5:19: tiles[1].square: square 1 already holds 'Grove' (grove) (rule 'placement' in named)",
        "Layout, rule set 'layout'",
    ),
}


@pytest.mark.parametrize("case", sorted(BY_NAME))
def test_a_violation_names_components_by_their_printed_name_and_id(run, case):
    path = f"{NAMED}/{case}.yaml"
    line, rule_set = BY_NAME[case]
    assert run("check", path) == (1, f"{path}: 1 violation ({rule_set} of named)\n", f"{path}:{line}\n")


def test_every_list_of_the_named_pack_has_its_violation_asserted():
    assert sorted(p.stem for p in Path(NAMED).iterdir()) == sorted(BY_NAME)


def test_json_names_components_by_their_printed_name_and_id(run):
    code, out, _ = run("check", f"{NAMED}/banned.yaml", "--json")
    (listed,) = json.loads(out)["lists"]
    assert (code, listed["violations"]) == (
        1,
        [
            {
                "file": f"{NAMED}/banned.yaml",
                "line": 3,
                "column": 9,
                "rule": "ban",
                "section": "cards",
                "ids": ["ember-drake"],
                "message": "'Ember Drake' (ember-drake) is not allowed",
            }
        ],
    )


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "list.yaml"
    path.write_text(text)
    return path


def test_a_list_for_an_undeclared_rule_set_names_the_declared_ones(run, tmp_path):
    path = _write(tmp_path, "pack: skystones\nrules: deck\ncards: [ember-fox]\n")
    assert run("check", path)[::2] == (
        1,
        f"{path}:2:8: rules: pack 'skystones' declares no rule set 'deck' (rule sets: hand)\n1 problem found\n",
    )
    path = _write(tmp_path, "pack: skystones\nrules: hands\ncards: [ember-fox]\n")
    assert run("check", path)[::2] == (
        1,
        f"{path}:2:8: rules: pack 'skystones' declares no rule set 'hands' (did you mean 'hand'? rule sets: hand)\n"
        "1 problem found\n",
    )


def test_unknown_ids_and_sections_get_did_you_mean(run, tmp_path):
    path = _write(tmp_path, "pack: skystones\ncards:\n  ember-fx: 1\n  board: 1\ncard: []\n")
    assert run("check", path)[2].splitlines() == [
        f"{path}:3:3: cards.ember-fx: no component 'ember-fx' in this pack (did you mean 'ember-fox'?)",
        f"{path}:4:3: cards.board: 'board' is a board; section 'cards' takes cards",
        f"{path}:5:1: card: unknown section 'card' for rule set 'hand' (did you mean 'cards'?)",
        "3 problems found",
    ]


def test_a_list_for_another_pack_is_refused(run, tmp_path):
    path = _write(tmp_path, "pack: skystones\ncards: [ember-fox]\n")
    assert run("check", f"{RULES}/spellbook", path)[::2] == (
        1,
        f"{path}:1:7: pack: names pack 'skystones', but it was checked against spellbook "
        "(name the pack the list is for)\n1 problem found\n",
    )


def test_a_list_naming_no_known_pack(run, tmp_path):
    path = _write(tmp_path, "pack: skystone\ncards: [ember-fox]\n")
    assert run("check", path)[::2] == (
        1,
        f"{path}:1:7: pack: no pack 'skystone' beside this list or under content/ (did you mean 'skystones'?)\n"
        "1 problem found\n",
    )


# --- the checker against a straightforward reference count ------------------------------------------


@pytest.fixture(scope="module")
def spellbook():
    (pack,) = load_checked([Path(RULES) / "spellbook"])
    return pack


@pytest.fixture(scope="module")
def squadron():
    (pack,) = load_checked([Path(RULES) / "squadron"])
    return pack


def _violations(pack, data) -> set[tuple[str, tuple[str, ...]]]:
    report = check_list(SourceFile(Path("list.yaml"), "list.yaml", data=data), pack, [])
    return {
        (rule, ids if rule not in ("squad-points", "backup-points") else ()) for _, rule, _, ids in report.violations
    }


SPELLS = [
    "magic-beans",
    "broom-brigade",
    "fairy-dust",
    "thunder-call",
    "glass-slipper",
    "apple-charm",
    "wishing-well",
    "lamp-genie",
]


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(SPELLS), st.integers(1, 12), min_size=1))
def test_deck_size_and_copy_limits_match_a_reference_count(spellbook, deck):
    rarity = {c.id: c.rarity for c in spellbook.components}
    expected = set()
    total = sum(deck.values())
    if not 20 <= total <= 50:
        expected.add(("deck-size", ()))
    for card, copies in deck.items():
        if rarity[card] == "lightning-bolt" and copies > 1:
            expected.add(("bolt-limit", (card,)))
        elif rarity[card] != "lightning-bolt" and copies > 3:
            expected.add(("copy-limit", (card,)))
    assert _violations(spellbook, {"pack": "spellbook", "cards": deck}) == expected


FIGURES = ["anakin", "shaak-ti", "clone-trooper", "palpatine", "general-grievous", "commander-bly"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(FIGURES), max_size=6), st.lists(st.sampled_from(FIGURES), max_size=4))
def test_point_caps_match_a_reference_sum(squadron, squad, backups):
    cost = {c.id: c.cost for c in squadron.components}
    expected = set()
    if sum(cost[f] for f in squad) != 100:
        expected.add(("squad-points", ()))
    if sum(cost[f] for f in backups) > 50:
        expected.add(("backup-points", ()))
    assert _violations(squadron, {"pack": "squadron", "squad": squad, "backups": backups}) == expected
