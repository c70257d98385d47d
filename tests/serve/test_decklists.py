"""The deck-list page in-process: what it says of a list it cannot check, which rule sets it
offers, and the pack it names."""

import shutil
import urllib.parse

import pytest

from printkit.serve.packs import Preview

from .conftest import TINY
from .inprocess import request

RULE_SETS = """
  pairs:
    title: Pairs
    sections:
      cards: {components: [cards]}
    checks:
      - {kind: list-size, name: two-cards, section: cards, exact: 2}
  inventory:
    title: Component list
    sections: {}
    checks:
      - {kind: inventory, name: all-cards, select: {section: cards}, count: 3, called: cards}
"""


@pytest.fixture
def preview(tmp_path) -> Preview:
    """Tiny with a second rule set for lists, and one that checks only the pack itself."""
    root = shutil.copytree(TINY, tmp_path / TINY.name)
    (root / "pack.yaml").write_text((root / "pack.yaml").read_text() + RULE_SETS)
    preview = Preview(root)
    assert not preview.snapshot.loading
    return preview


def checked(preview: Preview, **form: str) -> str:
    status, _, body = request(preview, "POST", "/packs/tiny/decklist", urllib.parse.urlencode(form).encode())
    assert status == 200
    return body.decode()


def test_the_form_offers_the_rule_sets_a_list_can_use_and_names_the_pack_by_its_title(preview):
    status, _, body = request(preview, "GET", "/packs/tiny/decklist")
    page = body.decode()
    assert status == 200
    assert '<option value="hand">Hand (hand)</option>' in page
    assert '<option value="pairs">Pairs (pairs)</option>' in page
    assert "inventory" not in page
    assert '› <a href="/packs/tiny/">Tiny</a> › deck lists' in page
    assert "<h1>Check a deck list of Tiny</h1>" in page


def test_a_list_that_is_not_the_packs_says_so(preview):
    page = checked(preview, list="../pack.yaml")
    assert "<h2>../pack.yaml: not one of the lists of tiny&#39;s decks/ folder</h2>" in page


def test_a_rule_set_picked_on_the_page_is_reported_as_the_pages_choice(preview):
    page = checked(preview, text="cards:\n  ember-fox: 1\n", rules="zzz")
    assert "<h2>pasted list: 1 problem: the list cannot be checked</h2>" in page
    assert (
        '<li class="problem">rule set picked on this page: pack &#39;tiny&#39; has no rule set &#39;zzz&#39; '
        "for lists (rule sets: hand, pairs)</li>"
    ) in page
    assert "pasted list:1:1" not in page


def test_an_empty_paste_asks_for_a_list(preview):
    page = checked(preview, text="  \n")
    assert "<h2>pasted list: nothing to check: paste a deck list</h2>" in page
    assert "delete the file" not in page


def test_a_list_without_rules_on_a_pack_with_two_rule_sets_is_asked_which(preview):
    page = checked(preview, text="cards:\n  ember-fox: 1\n")
    assert "<h2>pasted list: 1 problem: the list cannot be checked</h2>" in page
    assert (
        '<li class="problem">pasted list:1:1: pack &#39;tiny&#39; has several rule sets; say which with '
        "&#39;rules:&#39; (rule sets: hand, pairs)</li>"
    ) in page


def test_a_rule_set_picked_on_the_page_checks_the_list(preview):
    page = checked(preview, text="cards:\n  ember-fox: 1\n", rules="pairs")
    assert "<h2>pasted list: 1 violation (Pairs)</h2>" in page
