"""The deck-list page in-process: what it says of a list it cannot check, which rule sets it
offers, and the pack it names."""

import os
import shutil
import urllib.parse

import pytest

from printkit.serve.packs import Preview

from .conftest import REPO, TINY
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


LIST = "cards:\n  ember-fox: 1\n  ash-owl: 1\n"


def saved(preview: Preview, name: str, text: str = LIST, headers=None) -> tuple[int, str]:
    form = urllib.parse.urlencode({"text": text, "save": name, "action": "save", "rules": "hand"}).encode()
    status, _, body = request(preview, "POST", "/packs/tiny/decklist", form, headers)
    return status, body.decode()


def test_a_pasted_list_is_saved_into_decks_and_checked_from_there(preview):
    status, page = saved(preview, "my-deck")
    assert status == 200
    assert (preview.root / "decks" / "my-deck.yaml").read_text() == LIST
    assert "<h2>decks/my-deck.yaml: legal (Hand)</h2>" in page
    assert '<option value="my-deck.yaml" selected>decks/my-deck.yaml</option>' in page  # opened from decks/ now
    saved(preview, "my-deck", "cards:\n  ember-fox: 1\n")  # saved again: replaced
    assert (preview.root / "decks" / "my-deck.yaml").read_text() == "cards:\n  ember-fox: 1\n"


@pytest.mark.parametrize(
    "name", ["../pack", "../../escaped", "/tmp/x", "My-Deck", "deck.yaml", "a b", "-deck", "deck-", "", "x" * 65, "dé"]
)
def test_a_list_is_saved_only_under_a_name_printkit_checks(preview, name):
    before = sorted(p.relative_to(preview.root.parent) for p in preview.root.parent.rglob("*"))
    status, page = saved(preview, name)
    assert status == 200
    assert (
        "not saved: &#39;" in page
        and "is no name for a deck list (use lowercase letters, digits and dashes, as in my-deck)</h2>" in page
    )
    assert sorted(p.relative_to(preview.root.parent) for p in preview.root.parent.rglob("*")) == before


def test_a_decks_folder_linked_out_of_the_pack_is_not_written_through(preview, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.rmtree(preview.root / "decks")
    (preview.root / "decks").symlink_to(outside)
    status, page = saved(preview, "my-deck")
    assert (
        "<h2>decks/my-deck.yaml: not saved: decks/ is a link or not a folder (make it a real folder in the pack)</h2>"
        in page
    )
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("link", ["symlink", "hardlink", "fifo"])
def test_a_list_file_that_leads_elsewhere_is_not_written_through(preview, tmp_path, link):
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    target = preview.root / "decks" / "my-deck.yaml"
    if link == "symlink":
        target.symlink_to(victim)
    elif link == "hardlink":
        os.link(victim, target)
    else:
        os.mkfifo(target)
    status, page = saved(preview, "my-deck")
    assert status == 200
    assert "<h2>decks/my-deck.yaml: not saved: decks/my-deck.yaml is " in page
    assert victim.read_text() == "mine"


def test_an_oversize_list_is_not_saved(preview):
    status, page = saved(preview, "big", "cards:\n" + "  ember-fox: 1\n" * 80_000)
    assert (status, page) == (413, "the list is too long")
    assert not (preview.root / "decks" / "big.yaml").exists()


@pytest.mark.parametrize(
    "header", [(b"origin", b"http://evil.example"), (b"sec-fetch-site", b"cross-site")], ids=["origin", "fetch-site"]
)
def test_a_page_of_another_site_cannot_save_a_list(preview, header):
    status, page = saved(preview, "planted", headers=[(b"host", b"127.0.0.1:8000"), header])
    assert status == 403
    assert page.startswith("refused: the preview takes forms only from its own pages, not from another site")
    assert not (preview.root / "decks" / "planted.yaml").exists()


def test_a_deck_is_built_by_clicks_and_checked_with_each(preview):
    page = checked(preview, add="ember-fox", rules="hand")
    assert '<input type="hidden" name="deck" value="ember-fox:1">' in page
    assert "<h2>pasted list: legal (Hand)</h2>" in page
    page = checked(preview, add="ember-fox", rules="hand", deck="ember-fox:1")
    assert '<span class="copies">×2</span>' in page
    assert "<h2>pasted list: 1 violation (Hand)</h2>" in page  # a hand takes one of each
    assert (
        '<tr id="line-4" class="wrong"><th>4</th><td><code>  ember-fox: 2</code></td>\n'
        '    <td><ul class="problems"><li class="problem">pasted list:4:3: cards.ember-fox: 2 copies of '
        "&#39;Ember Fox&#39; (ember-fox); each may appear only once (rule &#39;one-of-each&#39; in tiny)</li></ul></td></tr>"
    ) in page
    page = checked(preview, remove="ember-fox", rules="hand", deck="ember-fox:2 ash-owl:1 nothing:3 spark:x")
    assert '<input type="hidden" name="deck" value="ember-fox:1 ash-owl:1">' in page
    assert "<h2>pasted list: legal (Hand)</h2>" in page
    assert "pack: tiny\nrules: hand\ncards:\n  ember-fox: 1\n  ash-owl: 1\n</textarea>" in page
    assert 'download="tiny-deck.yaml" href="data:text/yaml;charset=utf-8,pack%3A%20tiny%0Arules' in page


def gallery(preview: Preview, url: str) -> str:
    status, _, body = request(preview, "GET", url)
    assert status == 200
    return body.decode()


def test_a_deck_is_built_by_clicks_in_the_gallery_and_checked_with_each(preview):
    status, headers, _ = request(preview, "GET", "/packs/tiny/en/?q=fox&deck=ember-fox:1&add=ember-fox&rules=hand")
    assert (status, headers["location"]) == (303, "/packs/tiny/en/?q=fox&rules=hand&deck=ember-fox%3A2#deck")
    page = gallery(preview, "/packs/tiny/en/?q=fox&rules=hand&deck=ember-fox:2")
    assert (
        '<button type="submit" form="deck-form" name="add" value="ember-fox" title="add Ember Fox">+</button>'
    ) in page  # on the component's own figure
    assert '<input type="hidden" name="q" value="fox">' in page  # the gallery's filters kept
    assert '<input type="hidden" name="deck" value="ember-fox:2">' in page
    assert "<h2>pasted list: 1 violation (Hand)</h2>" in page
    assert "pasted list:4:3: cards.ember-fox: 2 copies of &#39;Ember Fox&#39;" in page
    panel = gallery(preview, "/packs/tiny/en/deck?deck=ember-fox:2&remove=ember-fox&add=ash-owl&rules=hand")
    assert panel.startswith('<section id="deck" class="deck">')
    assert "<h2>pasted list: legal (Hand)</h2>" in panel
    assert (
        '<input type="hidden" name="text" value="pack: tiny\nrules: hand\ncards:\n  ember-fox: 1\n  ash-owl: 1\n">'
        in panel
    )


def test_a_list_of_decks_is_opened_into_the_gallerys_deck_and_saved_back_there(preview):
    (preview.root / "decks" / "two.yaml").write_text("pack: tiny\nrules: pairs\ncards:\n  ember-fox: 1\n  ash-owl: 1\n")
    page = gallery(preview, "/packs/tiny/en/deck?open=two.yaml")
    assert '<input type="hidden" name="deck" value="ember-fox:1 ash-owl:1">' in page
    assert '<option value="pairs" selected>Pairs</option>' in page  # the list's own rule set
    assert "<h2>pasted list: legal (Pairs)</h2>" in page
    assert "<h2>decks/../pack.yaml: 1 problem: the list cannot be opened</h2>" in gallery(
        preview, "/packs/tiny/en/deck?open=../pack.yaml"
    )
    form = urllib.parse.urlencode({"text": LIST, "save": "mine", "action": "save", "rules": "hand", "gallery": "1"})
    status, headers, _ = request(preview, "POST", "/packs/tiny/en/decklist", form.encode())
    assert (status, headers["location"]) == (303, "/packs/tiny/en/?open=mine.yaml&rules=hand#deck")
    assert (preview.root / "decks" / "mine.yaml").read_text() == LIST


def test_the_deck_list_page_is_in_the_language_picked(preview, tmp_path):
    root = shutil.copytree(REPO / "tests" / "fixtures" / "serve" / "pocket", tmp_path / "pocket")
    page = gallery(Preview(root), "/packs/pocket/de/decklist")
    assert '<html lang="de">' in page
    assert "<h1>Eine Deckliste von Tasche prüfen</h1>" in page
    assert '<a href="/packs/pocket/de/decklist" lang="de" hreflang="de" aria-current="page">Deutsch</a>' in page
    assert "deck list" not in page.replace("decklist", "")


def test_the_index_and_a_missing_page_speak_the_language_serve_was_started_in(tmp_path):
    import asyncio

    from printkit.serve.app import Events, application

    from .inprocess import respond

    preview = Preview(shutil.copytree(REPO / "tests" / "fixtures" / "serve" / "pocket", tmp_path / "pocket"))
    app = application({preview.id: preview}, "de", Events(), lambda: False)
    _, _, index = asyncio.run(respond(app, "GET", "/"))
    assert '<html lang="de">' in index.decode()
    assert "<h1>Pakete</h1>" in index.decode() and '<span class="summary">3 Komponenten</span>' in index.decode()
    status, _, missing = asyncio.run(respond(app, "GET", "/nowhere"))
    assert status == 404 and "<h1>Nicht gefunden</h1>" in missing.decode()


def test_a_list_linked_out_of_the_pack_is_not_opened_into_the_gallerys_deck(preview, tmp_path):
    (tmp_path / "secret.yaml").write_text("pack: tiny\ncards:\n  TOP-SECRET: 1\n")
    (preview.root / "decks" / "theirs.yaml").symlink_to(tmp_path / "secret.yaml")
    page = gallery(preview, "/packs/tiny/en/deck?open=theirs.yaml")
    assert "SECRET" not in page
    assert (
        "<h2>decks/theirs.yaml: 1 problem: the list cannot be opened</h2>\n"
        '<ul class="problems"><li class="problem">decks/theirs.yaml:1:1: is a link to a file outside the pack '
        "folder; printkit reads only files inside the pack (copy the file into the pack instead of linking to it)"
        "</li></ul>"
    ) in page
