"""An open page of printkit serve follows the pack's files without a reload: a card edited in its YAML
is drawn again in place, a broken card shows its located problem where its picture was, and once
fixed its picture returns. Each test serves its own copy of the small pack."""

import pytest
from selenium.webdriver.common.by import By

from .browsing import (
    BROKEN,
    BROKEN_PROBLEM,
    POCKET,
    UPDATE_SECONDS,
    copy_pack,
    drawn,
    edit,
    figure,
    open_live_page,
    same_document,
    wait_until,
)

pytestmark = pytest.mark.slow  # each starts chromium


def sources(shown: dict) -> list[str]:
    return [image["src"] for image in shown["images"]]


def test_an_edited_card_is_drawn_again_in_place_without_a_reload(browser, serve, tmp_path):
    pack = copy_pack(POCKET, tmp_path)
    server = serve(pack)
    open_live_page(browser, server.url + "packs/pocket/en/")
    fox, otter = figure(browser, "ember-fox"), figure(browser, "tide-otter")

    edit(pack / "cards.yaml", "name: Ember Fox", "name: Ash Fox")
    edited = wait_until(
        browser,
        lambda d: (shown := figure(d, "ember-fox"))["name"] == "Ash Fox" and drawn(shown) and shown,
        UPDATE_SECONDS,
        "the edited card was not drawn again",
    )
    assert same_document(browser)
    assert edited["version"] != fox["version"]
    assert sources(edited) != sources(fox)  # a new picture, not the old one kept by the browser's cache
    assert figure(browser, "tide-otter") == otter  # only what changed is drawn again


def test_a_broken_card_shows_its_located_problem_in_place_until_it_is_fixed(browser, serve, tmp_path):
    pack = copy_pack(POCKET, tmp_path)
    server = serve(pack)
    open_live_page(browser, server.url + "packs/pocket/en/")
    fox = figure(browser, "ember-fox")

    edit(pack / "cards.yaml", *BROKEN)
    wait_until(browser, lambda d: figure(d, "tide-otter")["problems"], UPDATE_SECONDS, "no problem shown")
    otter = figure(browser, "tide-otter")
    assert (otter["name"], otter["problems"], otter["images"]) == (
        "Tide Otter",
        [BROKEN_PROBLEM],
        [],
    )  # no stale picture
    assert figure(browser, "ember-fox") == fox  # the other card stands as it was

    edit(pack / "cards.yaml", *reversed(BROKEN))
    wait_until(
        browser,
        lambda d: not (shown := figure(d, "tide-otter"))["problems"] and drawn(shown),
        UPDATE_SECONDS,
        "the fixed card's picture did not return",
    )
    assert figure(browser, "tide-otter")["name"] == "Tide Otter"
    assert same_document(browser)


def test_a_card_edited_while_others_break_is_drawn_fresh_beside_their_problems(browser, serve, tmp_path):
    pack = copy_pack(POCKET, tmp_path)
    server = serve(pack)
    open_live_page(browser, server.url + "packs/pocket/en/")
    fox = figure(browser, "ember-fox")

    text = (pack / "cards.yaml").read_text().replace("name: Ember Fox", "name: Ash Fox").replace(*BROKEN)
    (pack / "cards.yaml").write_text(text.replace("chips:\n", f"  - {{id: frost-hare, {BROKEN[1]}}}\nchips:\n"))
    edited = wait_until(
        browser,
        lambda d: (shown := figure(d, "ember-fox")) and shown["name"] == "Ash Fox" and drawn(shown) and shown,
        UPDATE_SECONDS,
        "the edited card was not drawn again",
    )
    assert sources(edited) != sources(fox)
    assert (figure(browser, "tide-otter")["problems"], figure(browser, "tide-otter")["images"]) == (
        [BROKEN_PROBLEM],
        [],
    )
    cards = browser.find_elements(By.CSS_SELECTOR, "#section-cards figure.component")
    assert [card.get_attribute("id") for card in cards] == [
        "component-ember-fox",
        "component-tide-otter",
        "component-frost-hare",
    ]
    assert figure(browser, "frost-hare")["problems"] == [
        "pocket/cards.yaml:14:38: cards[2].stats.attack: must be a number, got 'lots'"
    ]
    assert same_document(browser)


def test_a_new_title_is_shown_around_the_components_without_a_reload(browser, serve, tmp_path):
    pack = copy_pack(POCKET, tmp_path)
    server = serve(pack)
    open_live_page(browser, server.url + "packs/pocket/en/")

    edit(pack / "pack.yaml", "title: Pocket\n", "title: Pouch\n")
    wait_until(browser, lambda d: d.find_element(By.ID, "title").text == "Pouch", UPDATE_SECONDS, "no new title")
    assert browser.title == "Pouch – printkit preview"
    assert browser.find_element(By.ID, "crumbs").text == "› Pouch"
    assert same_document(browser)
