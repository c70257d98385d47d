"""printkit serve's pages in a real browser, on the small pack: the index, a pack page with every face
drawn at its component's true proportions, with names, counts and tags, the language switch and the
deck-list checker; and with JavaScript off, the names, counts and problems in the HTML alone."""

import re

import pytest
from browsing import POCKET, UPDATE_SECONDS, component, copy_pack, edit, faces_drawn, open_page, text_of, wait_until
from selenium.webdriver.common.by import By

# The small pack's components by section: (id, name in English, name in German, count, tags, trim in mm, faces).
POCKET_COMPONENTS = {
    "cards": [
        ("ember-fox", "Ember Fox", "Glutfuchs", 2, ["beast"], (63, 88), ["front", "back"]),
        ("tide-otter", "Tide Otter", "Gezeitenotter", 1, [], (63, 88), ["front", "back"]),
    ],
    "chips": [("spark", "Spark chip", "Funkenchip", 1, [], (20, 20), ["front"])],
}


def test_the_index_links_to_each_pack_page(browser, pocket):
    browser.get(pocket.url)
    assert pocket.packs == 1
    link = browser.find_element(By.CSS_SELECTOR, 'a[href="/packs/pocket/"]')
    assert "Pocket" in link.text
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
            figure = component(browser, id)
            assert figure.find_element(By.CSS_SELECTOR, "figcaption .name").text == name
            assert re.findall(r"\d+", figure.find_element(By.CSS_SELECTOR, "figcaption .count").text) == [str(count)]
            assert [tag.text for tag in figure.find_elements(By.CSS_SELECTOR, "figcaption .tags li")] == tags
            images = figure.find_elements(By.CSS_SELECTOR, "img.face")
            assert [image.get_attribute("class").split()[1] for image in images] == faces
            for image in images:
                drawn = browser.execute_script(
                    "const box = arguments[0].getBoundingClientRect();"
                    "return [arguments[0].naturalWidth, arguments[0].naturalHeight, box.width, box.height];",
                    image,
                )
                natural_width, natural_height, shown_width, shown_height = drawn
                assert natural_width > 0
                # the picture is the trim (to a pixel), and the page shows it undistorted
                assert natural_width / natural_height == pytest.approx(width / height, abs=1 / natural_height)
                assert shown_width / shown_height == pytest.approx(width / height, rel=0.02)
                assert f"/packs/pocket/en/faces/{id}/" in image.get_attribute("src")


def test_the_language_switch_shows_the_pack_in_its_other_locale(browser, pocket):
    open_page(browser, pocket.url + "packs/pocket/en/")
    switch = browser.find_element(By.CSS_SELECTOR, "nav.languages")
    switch.find_element(By.CSS_SELECTOR, 'a[href="/packs/pocket/de/"]').click()
    wait_until(browser, lambda d: d.current_url == pocket.url + "packs/pocket/de/")
    page = browser.find_element(By.TAG_NAME, "body")
    wait_until(browser, lambda d: faces_drawn(d, page))
    for components in POCKET_COMPONENTS.values():
        for id, _, german, *_ in components:
            figure = component(browser, id)
            assert figure.find_element(By.CSS_SELECTOR, "figcaption .name").text == german
            assert f"/packs/pocket/de/faces/{id}/" in figure.find_element(By.CSS_SELECTOR, "img.front").get_attribute(
                "src"
            )


def test_the_deck_list_checker_shows_each_violation_beside_its_line(browser, pocket):
    browser.get(pocket.url + "packs/pocket/decklist")
    pasted = browser.find_element(By.CSS_SELECTOR, "form textarea")
    pasted.send_keys("pack: pocket\nrules: hand\ncards:\n  - ember-fox\n  - ember-fox\n  - tide-otter\n")
    pasted.submit()
    rows = wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#result table.list tr"))
    assert [
        (text_of(row, "th"), text_of(row, "code"), [p.text for p in row.find_elements(By.CSS_SELECTOR, "li.problem")])
        for row in rows
    ] == [
        ("1", "pack: pocket", []),
        ("2", "rules: hand", []),
        ("3", "cards:", ["pasted list:3:1: cards: 3 cards; exactly 2 required (rule 'hand-size' in pocket)"]),
        (
            "4",
            "- ember-fox",
            [
                "pasted list:4:5: cards[0]: 2 copies of 'ember-fox'; each may appear only once (rule 'one-of-each' in pocket)"
            ],
        ),
        ("5", "- ember-fox", []),
        ("6", "- tide-otter", []),
    ]


def test_without_scripts_the_html_carries_names_counts_and_problems(browser_without_scripts, serve, tmp_path):
    browser = browser_without_scripts
    pack = copy_pack(POCKET, tmp_path)
    cards = pack / "cards.yaml"
    broken = "pocket/cards.yaml:12:21: cards[1].stats.attack: must be a number, got 'lots'"
    edit(cards, "stats: {attack: 2}", "stats: {attack: lots}")
    server = serve(pack)
    url = server.url + "packs/pocket/en/"

    def reloaded(driver):  # without scripts the page changes only when loaded again
        driver.get(url)
        return driver.find_element(By.TAG_NAME, "body")

    page = reloaded(browser)  # a pack that never loaded: its problems at the top, no components yet
    assert [p.text for p in page.find_elements(By.CSS_SELECTOR, "section#problems li.problem")] == [broken]
    assert page.find_elements(By.CSS_SELECTOR, "figure.component") == []

    edit(cards, "stats: {attack: lots}", "stats: {attack: 2}")
    wait_until(browser, lambda d: faces_drawn(d, reloaded(d)), UPDATE_SECONDS, "the fixed pack was not shown")
    for components in POCKET_COMPONENTS.values():
        for id, name, _, count, *_ in components:
            figure = component(browser, id)
            assert (text_of(figure, ".name"), re.findall(r"\d+", text_of(figure, ".count"))) == (name, [str(count)])

    edit(cards, "stats: {attack: 2}", "stats: {attack: lots}")
    wait_until(browser, lambda d: reloaded(d).find_elements(By.CSS_SELECTOR, "ul.problems"), UPDATE_SECONDS)
    otter = component(browser, "tide-otter")
    assert [p.text for p in otter.find_elements(By.CSS_SELECTOR, "ul.problems li.problem")] == [broken]
    assert otter.find_elements(By.TAG_NAME, "img") == []
    assert text_of(otter, ".name") == "Tide Otter"
    assert faces_drawn(browser, component(browser, "ember-fox"))  # the rest as last drawn
    assert browser.find_elements(By.CSS_SELECTOR, "section#problems li.problem") == []
