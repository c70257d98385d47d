"""The rule-kind registry: a kind registered outside printkit's own modules is read and checked like
printkit's, and registering one once the kinds were put together is refused."""

import os
import subprocess
import sys
from pathlib import Path
from typing import Literal

import pytest
from conftest import problems_found

from printkit.content.rules import RULE_KINDS, Rule, rule_kind

# A folder as a plugin's installation leaves it: its module and its distribution's metadata, whose
# entry point (group printkit.rule_kinds) names the module.
PLUGIN_SITE = Path(__file__).parent / "fixtures" / "plugins" / "site"
PACK = """\
id: kit
title: Kit
rules:
  deck:
    title: Deck
    sections: {cards: {components: [cards]}}
    params: {heroes: 2}
    checks:
      - {kind: tag-minimum, tag: hero, min: {param: heroes}}
"""
CARDS = """\
cards:
  - {id: knight, tags: [hero]}
  - {id: goblin}
"""


def test_a_rule_kind_of_an_installed_plugin_checks_lists(tmp_path):
    root = tmp_path / "kit"
    (root / "decks").mkdir(parents=True)
    (root / "pack.yaml").write_text(PACK)
    (root / "cards.yaml").write_text(CARDS)
    (root / "decks" / "short.yaml").write_text("pack: kit\ncards: {knight: 1, goblin: 3}\n")
    (root / "decks" / "heroic.yaml").write_text("pack: kit\ncards: {knight: 2, goblin: 3}\n")
    # A process of its own, the plugin installed on its path: printkit loads it from its entry
    # point before any pack is read, and this process's registry stays as printkit's modules made it.
    script = "import sys; from printkit.cli import main; sys.exit(main(sys.argv[1:]))"
    short, heroic = root / "decks" / "short.yaml", root / "decks" / "heroic.yaml"
    done = subprocess.run(
        [sys.executable, "-c", script, "check", short, heroic],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(PLUGIN_SITE)},
    )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"{short}:2:1: cards: 1 tagged 'hero'; at least 2 required (rule 'tag-minimum' in kit)"
    ]
    assert done.stdout.splitlines() == [
        f"{short}: 1 violation (Deck, rule set 'deck' of kit)",
        f"{heroic}: legal (Deck, rule set 'deck' of kit)",
    ]


def test_a_rule_kind_registered_after_the_first_pack_was_read_is_refused(skystones):
    class Late(Rule):
        kind: Literal["late"] = "late"

    with pytest.raises(RuntimeError) as refused:
        rule_kind(Late)
    assert str(refused.value) == (
        "rule kind 'late' (test_a_rule_kind_registered_after_the_first_pack_was_read_is_refused.<locals>.Late) "
        "registered after the rule kinds were put together; register rule kinds when their module is imported, "
        "before any pack is read"
    )
    assert "late" not in RULE_KINDS


# What each kind checks of itself once a pack is read (a rule's `problems`, a component's): one pack
# per case, written where the whole message line can be asserted.
KIND_CHECKS = {
    "placement-on-a-card": (
        "rules:\n"
        "  layout:\n"
        "    title: Layout\n"
        "    sections: {tiles: {components: [tiles]}}\n"
        "    checks:\n"
        "      - {kind: placement, board: knight}\n",
        "cards:\n  - {id: knight}\n",
        [
            "pack.yaml:8:9: rules.layout.checks[0]: section 'tiles' does not hold a placement "
            "(declare it with 'placement: true' under layout's sections)",
            "pack.yaml:8:34: rules.layout.checks[0].board: 'knight' is not a board of this pack",
        ],
    ),
    "copy-limit-of-an-undeclared-rarity": (
        "rarities: {common: {name: Common}}\n"
        "rules:\n"
        "  deck:\n"
        "    title: Deck\n"
        "    sections: {cards: {}}\n"
        "    checks:\n"
        "      - {kind: copy-limit, max: 2, field: rarity, values: [comon]}\n",
        "cards:\n  - {id: knight, rarity: common}\n",
        [
            "pack.yaml:9:60: rules.deck.checks[0].values[0]: 'comon' is not one of the pack's rarities "
            "(did you mean 'common'?)"
        ],
    ),
    "inventory-of-no-section": (
        "rules:\n"
        "  box:\n"
        "    title: Box\n"
        "    sections: {}\n"
        "    checks:\n"
        "      - {kind: inventory, select: {section: card}, count: 1, called: cards}\n",
        "cards:\n  - {id: knight}\n",
        [
            "pack.yaml:8:45: rules.box.checks[0].select.section: 'card' is not a component section "
            "(did you mean 'cards' or 'boards'?)"
        ],
    ),
    "board-printing-a-square-twice": (
        "terrains: {woods: {name: Woods, color: '#00aa00'}}\n",
        "boards:\n"
        "  - id: map\n"
        "    grid: {columns: 2, rows: 2, square: 20}\n"
        "    printed:\n"
        "      - {square: 1, edges: {top: woods, right: woods, bottom: woods, left: woods}}\n"
        "      - {square: 1, edges: {top: woods, right: woods, bottom: woods, left: woods}}\n",
        ["components.yaml:6:18: boards[0].printed[1].square: square 1 is printed twice"],
    ),
}


@pytest.mark.parametrize("case", sorted(KIND_CHECKS))
def test_each_kind_checks_itself_in_its_pack(run, tmp_path, case):
    pack_yaml, components, expected = KIND_CHECKS[case]
    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text("id: kit\ntitle: Kit\n" + pack_yaml)
    (root / "components.yaml").write_text(components)
    code, _, err = run("check", root)
    assert code == 1
    assert err.splitlines() == [f"{root}/{line}" for line in expected] + [problems_found(len(expected))]


def test_a_figure_on_a_component_that_is_no_board_is_refused(run, tmp_path):
    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text("id: kit\ntitle: Kit\n")
    (root / "components.yaml").write_text(
        "cards:\n  - {id: knight}\nboards:\n  - {id: map, grid: {columns: 2, rows: 2, square: 20}}\n"
    )
    (root / "rulebook.yaml").write_text("sections:\n  - title: Setup\n    blocks:\n      - figure: {board: knight}\n")
    code, _, err = run("check", root)
    assert code == 1
    assert err.splitlines() == [
        f"{root}/rulebook.yaml:4:25: sections[0].blocks[0].figure.board: 'knight' is not a board of this pack",
        "1 problem found",
    ]
