"""printkit serve's pages in a real browser, on the small pack: the index, a pack page with every face
drawn at its component's true proportions, with names, counts and tags, the language switch and the
deck-list checker; and with JavaScript off, the names, counts and problems in the HTML alone."""

import pytest
from selenium.webdriver.common.by import By

from .browsing import (
    BROKEN,
    BROKEN_PROBLEM,
    POCKET,
    UPDATE_SECONDS,
    copy_pack,
    counted,
    drawn,
    edit,
    faces_drawn,
    figure,
    open_page,
    wait_until,
)

pytestmark = pytest.mark.slow  # each starts chromium

# The small pack's components by section: (id, name in English, name in German, count, tags, trim in mm, faces).
POCKET_COMPONENTS = {
    "cards": [
        ("ember-fox", "Ember Fox", "Glutfuchs", 2, ["beast"], (63, 88), ["front", "back"]),
        ("tide-otter", "Tide Otter", "Gezeitenotter", 1, [], (63, 88), ["front"]),  # its back is the fox's: shown once
    ],
    "chips": [("spark", "Spark chip", "Funkenchip", 1, [], (20, 20), ["front"])],
}


def test_the_index_links_to_each_pack_page(browser, pocket):
    browser.get(pocket.url)
    assert pocket.packs == 1
    link = browser.find_element(By.CSS_SELECTOR, 'a[href="/packs/pocket/"]')
    assert link.text == "Pocket"
    link.click()
    wait_until(browser, lambda d: d.current_url == pocket.url + "packs/pocket/en/")  # the pack's first language


def test_every_component_is_drawn_at_its_true_proportions_with_its_name_count_and_tags(browser, pocket):
    open_page(browser, pocket.url + "packs/pocket/en/")
    for section, components in POCKET_COMPONENTS.items():
        shown = browser.find_element(By.ID, f"section-{section}")
        assert shown.find_element(By.TAG_NAME, "h2").text
        assert [f.get_attribute("id") for f in shown.find_elements(By.CSS_SELECTOR, "figure.component")] == [
            f"component-{id}" for id, *_ in components
        ]
        for id, name, _, count, tags, (width, height), faces in components:
            seen = figure(browser, id)
            assert (seen["name"], counted(seen), seen["tags"]) == (name, count, tags)
            assert [image["face"] for image in seen["images"]] == faces
            assert drawn(seen)
            for image in seen["images"]:
                natural_width, natural_height = image["natural"]
                # the picture is the trim (to a pixel), and the page shows it undistorted
                assert natural_width / natural_height == pytest.approx(width / height, abs=1 / natural_height)
                assert image["shown"][0] / image["shown"][1] == pytest.approx(width / height, rel=0.02)
                assert image["src"].startswith(f"/packs/pocket/en/faces/{id}/{image['face']}.png")


def test_the_language_switch_shows_the_pack_in_its_other_locale(browser, pocket):
    open_page(browser, pocket.url + "packs/pocket/en/")
    switch = browser.find_element(By.CSS_SELECTOR, "nav.languages")
    switch.find_element(By.CSS_SELECTOR, 'a[href="/packs/pocket/de/"]').click()
    wait_until(browser, lambda d: d.current_url == pocket.url + "packs/pocket/de/")
    wait_until(browser, faces_drawn)
    for components in POCKET_COMPONENTS.values():
        for id, _, german, *_ in components:
            seen = figure(browser, id)
            assert seen["name"] == german
            assert all(image["src"].startswith(f"/packs/pocket/de/faces/{id}/") for image in seen["images"])


def test_the_deck_list_checker_shows_each_violation_beside_its_line(browser, pocket):
    browser.get(pocket.url + "packs/pocket/decklist")
    pasted = browser.find_element(By.CSS_SELECTOR, "form textarea")
    pasted.send_keys("pack: pocket\nrules: hand\ncards:\n  - ember-fox\n  - ember-fox\n  - tide-otter\n")
    pasted.submit()
    rows = wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#result table.list tr"))
    assert [
        (
            row.find_element(By.TAG_NAME, "th").text,
            row.find_element(By.TAG_NAME, "code").text,
            [p.text for p in row.find_elements(By.CSS_SELECTOR, "li.problem")],
        )
        for row in rows
    ] == [
        ("1", "pack: pocket", []),
        ("2", "rules: hand", []),
        ("3", "cards:", ["pasted list:3:1: cards: 3 cards; exactly 2 required (rule 'hand-size' in pocket)"]),
        (
            "4",
            "  - ember-fox",  # as written: its indentation kept
            [
                "pasted list:4:5: cards[0]: 2 copies of 'Ember Fox' (ember-fox); each may appear only once "
                "(rule 'one-of-each' in pocket)"
            ],
        ),
        ("5", "  - ember-fox", []),
        ("6", "  - tide-otter", []),
    ]
    for row in rows:  # each number level with its line, in the same type
        number, line = row.find_element(By.TAG_NAME, "th"), row.find_element(By.TAG_NAME, "code")
        assert number.value_of_css_property("font-size") == line.value_of_css_property("font-size")
        assert number.location["y"] == line.location["y"]


def test_without_scripts_the_html_carries_names_counts_and_problems(browser_without_scripts, serve, tmp_path):
    browser = browser_without_scripts
    pack = copy_pack(POCKET, tmp_path)
    edit(pack / "cards.yaml", *BROKEN)
    server = serve(pack)
    url = server.url + "packs/pocket/en/"

    def reloaded(driver):  # without scripts a page changes only when it is loaded again
        driver.get(url)
        return driver

    # broken from the start: the card's problem in its place, the rest drawn
    wait_until(browser, lambda d: faces_drawn(reloaded(d)), message="the cards that can be drawn were not")
    otter = figure(browser, "tide-otter")
    assert (otter["name"], otter["problems"], otter["images"]) == ("Tide Otter", [BROKEN_PROBLEM], [])
    assert browser.find_elements(By.CSS_SELECTOR, "section#problems li.problem") == []

    edit(pack / "cards.yaml", *reversed(BROKEN))
    wait_until(
        browser, lambda d: drawn(figure(reloaded(d), "tide-otter")), UPDATE_SECONDS, "the fixed card was not drawn"
    )
    for components in POCKET_COMPONENTS.values():
        for id, name, _, count, *_ in components:
            seen = figure(browser, id)
            assert (seen["name"], counted(seen)) == (name, count)

    edit(pack / "cards.yaml", *BROKEN)
    wait_until(browser, lambda d: figure(reloaded(d), "tide-otter")["problems"], UPDATE_SECONDS, "no problem shown")
    otter = figure(browser, "tide-otter")
    assert (otter["name"], otter["problems"], otter["images"]) == ("Tide Otter", [BROKEN_PROBLEM], [])
    assert drawn(figure(browser, "ember-fox"))  # the rest as last drawn
    assert browser.find_elements(By.CSS_SELECTOR, "section#problems li.problem") == []
