"""An open page of printkit serve follows the pack's files without a reload: a card edited in its YAML
is drawn again in place, a broken card shows its located problem where its picture was, and once
fixed its picture returns. Each test serves its own copy of the small pack."""

from browsing import (
    POCKET,
    UPDATE_SECONDS,
    component,
    copy_pack,
    edit,
    faces_drawn,
    open_live_page,
    same_document,
    text_of,
    wait_until,
)
from selenium.webdriver.common.by import By


def front(browser, id: str) -> str:
    return component(browser, id).find_element(By.CSS_SELECTOR, "img.front").get_attribute("src")


def problems(browser, id: str) -> list[str]:
    return [p.text for p in component(browser, id).find_elements(By.CSS_SELECTOR, "ul.problems li.problem")]


def test_an_edited_card_is_drawn_again_in_place_without_a_reload(browser, serve, tmp_path):
    pack = copy_pack(POCKET, tmp_path)
    server = serve(pack)
    open_live_page(browser, server.url + "packs/pocket/en/")
    fox, otter = front(browser, "ember-fox"), front(browser, "tide-otter")
    version = component(browser, "ember-fox").get_attribute("data-version")

    edit(pack / "cards.yaml", "name: Ember Fox", "name: Ash Fox")
    wait_until(
        browser,
        lambda d: (
            text_of(component(d, "ember-fox"), ".name") == "Ash Fox" and faces_drawn(d, component(d, "ember-fox"))
        ),
        UPDATE_SECONDS,
        "the edited card was not drawn again",
    )
    assert same_document(browser)
    assert component(browser, "ember-fox").get_attribute("data-version") != version
    assert front(browser, "ember-fox") != fox  # a new picture, not the old one kept by the browser's cache
    assert front(browser, "tide-otter") == otter  # only what changed is drawn again


def test_a_broken_card_shows_its_located_problem_in_place_until_it_is_fixed(browser, serve, tmp_path):
    pack = copy_pack(POCKET, tmp_path)
    server = serve(pack)
    open_live_page(browser, server.url + "packs/pocket/en/")
    fox = front(browser, "ember-fox")

    edit(pack / "cards.yaml", "stats: {attack: 2}", "stats: {attack: lots}")
    shown = wait_until(browser, lambda d: problems(d, "tide-otter"), UPDATE_SECONDS, "no problem shown")
    assert shown == ["pocket/cards.yaml:12:21: cards[1].stats.attack: must be a number, got 'lots'"]
    assert component(browser, "tide-otter").find_elements(By.TAG_NAME, "img") == []  # no stale picture
    assert front(browser, "ember-fox") == fox  # the other card stands as it was

    edit(pack / "cards.yaml", "stats: {attack: lots}", "stats: {attack: 2}")
    wait_until(
        browser,
        lambda d: not problems(d, "tide-otter") and faces_drawn(d, component(d, "tide-otter")),
        UPDATE_SECONDS,
        "the fixed card's picture did not return",
    )
    assert text_of(component(browser, "tide-otter"), ".name") == "Tide Otter"
    assert same_document(browser)
