"""The rule-kind registry: a kind registered outside printkit's own modules is read and checked like
printkit's, and registering one once the kinds were put together is refused."""

import subprocess
import sys
from pathlib import Path
from typing import Literal

import pytest

from printkit.content.rules import RULE_KINDS, Rule, rule_kind

PLUGINS = Path(__file__).parent / "fixtures" / "plugins"
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


def test_a_rule_kind_registered_in_another_module_checks_lists(tmp_path):
    root = tmp_path / "kit"
    (root / "decks").mkdir(parents=True)
    (root / "pack.yaml").write_text(PACK)
    (root / "cards.yaml").write_text(CARDS)
    (root / "decks" / "short.yaml").write_text("pack: kit\ncards: {knight: 1, goblin: 3}\n")
    (root / "decks" / "heroic.yaml").write_text("pack: kit\ncards: {knight: 2, goblin: 3}\n")
    # A process of its own: the kind is registered before any pack is read, and this one's registry
    # stays as printkit's modules made it.
    script = (
        f"import sys; sys.path.insert(0, {str(PLUGINS)!r}); import tag_minimum; from printkit.cli import main; "
        "sys.exit(main(sys.argv[1:]))"
    )
    short, heroic = root / "decks" / "short.yaml", root / "decks" / "heroic.yaml"
    done = subprocess.run(
        [sys.executable, "-c", script, "check", short, heroic], capture_output=True, text=True, check=False
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
