"""The preview as a workbench in a real browser, on the small pack: a deck built by clicks in the
gallery itself (checked with each click, saved into decks/ and opened again; the same without
scripts), the deck-list page in German, the filters in the pack's language, the sheet view, and a
phone's width. Each view is saved in /tmp/preview5-shots/ to be looked at."""

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .browsing import POCKET, copy_pack, open_live_page, open_page, same_document, wait_until

pytestmark = pytest.mark.slow  # each starts chromium

SHOTS = Path("/tmp/preview5-shots")
PHONE = 390  # CSS pixels: an iPhone's width
VERDICT = "return document.querySelector('#deck #result h2')?.textContent"


def shoot(browser, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(SHOTS / f"{name}.png"))


def click(browser, selector: str) -> None:
    """Clicks what selector finds, found anew at each try: the deck panel is swapped with each click, and
    a live update may swap it between finding the button and clicking it (then the click is not made)."""

    def clicked(driver) -> bool:
        button = driver.find_element(By.CSS_SELECTOR, selector)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        return True

    wait_until(browser, clicked, message=f"{selector} could not be clicked")


def test_a_deck_is_built_by_clicks_in_the_gallery_checked_with_each_saved_and_opened(browser, serve, tmp_path):
    pack = copy_pack(POCKET, tmp_path)
    server = serve(pack)
    open_live_page(browser, server.url + "packs/pocket/en/")
    add_fox = '#component-ember-fox button[name="add"]'
    click(browser, add_fox)
    wait_until(browser, lambda d: d.execute_script(VERDICT) == "pasted list: 1 violation (Hand)")  # a hand is two
    click(browser, add_fox)
    wait_until(browser, lambda d: "ember-fox%3A2" in d.current_url)  # the address keeps the deck
    assert browser.execute_script(VERDICT) == "pasted list: 1 violation (Hand)"
    wrong = browser.find_element(By.CSS_SELECTOR, "#deck tr.wrong")
    assert wrong.find_element(By.TAG_NAME, "code").text == "  ember-fox: 2"  # the violation beside its line
    assert "each may appear only once" in wrong.text
    assert same_document(browser)  # checked in place, the page not loaded again
    shoot(browser, "gallery-deck-violation")
    click(browser, '#component-ember-fox button[name="remove"]')
    wait_until(browser, lambda d: "ember-fox%3A1" in d.current_url)
    click(browser, '#component-tide-otter button[name="add"]')
    wait_until(browser, lambda d: d.execute_script(VERDICT) == "pasted list: legal (Hand)")
    assert browser.find_element(By.CSS_SELECTOR, "ul.deck-copies").text.split("\n")[0].startswith("Ember Fox ×1")
    browser.find_element(By.CSS_SELECTOR, '#deck input[name="save"]').send_keys("two-of-us")
    click(browser, '#deck button[name="action"][value="save"]')
    wait_until(browser, lambda d: "open=two-of-us.yaml" in d.current_url)
    assert (pack / "decks" / "two-of-us.yaml").read_text() == (
        "pack: pocket\nrules: hand\ncards:\n  ember-fox: 1\n  tide-otter: 1\n"
    )
    assert browser.execute_script(VERDICT) == "pasted list: legal (Hand)"  # opened from decks/ into the gallery
    shoot(browser, "gallery-deck-saved")
    Select(browser.find_element(By.CSS_SELECTOR, '#deck select[name="open"]')).select_by_value("hand.yaml")
    wait_until(
        browser, lambda d: d.execute_script(VERDICT) == "pasted list: legal (Hand)" and "hand.yaml" not in d.current_url
    )


def test_without_scripts_a_click_in_the_gallery_sends_the_deck_in_the_address(browser_without_scripts, pocket):
    browser = browser_without_scripts
    open_page(browser, pocket.url + "packs/pocket/en/?faces=fronts")
    click(browser, '#component-ember-fox button[name="add"]')
    wait_until(browser, lambda d: d.current_url.endswith("deck=ember-fox%3A1#deck"))  # a reload clicks no more
    click(browser, '#component-tide-otter button[name="add"]')
    wait_until(browser, lambda d: d.current_url.endswith("deck=ember-fox%3A1+tide-otter%3A1#deck"))
    assert browser.find_element(By.CSS_SELECTOR, "#deck #result h2").text == "pasted list: legal (Hand)"
    assert "faces=fronts" in browser.current_url  # the gallery's view kept
    shoot(browser, "gallery-deck-no-scripts")


def test_the_deck_list_page_speaks_german(browser, pocket):
    browser.get(pocket.url + "packs/pocket/en/decklist")
    click(browser, 'nav.languages a[hreflang="de"]')
    wait_until(browser, lambda d: "/packs/pocket/de/decklist" in d.current_url)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de"
    assert browser.find_element(By.TAG_NAME, "h1").text == "Eine Deckliste von Tasche prüfen"
    click(browser, "#pick-ember-fox button.add")
    wait_until(
        browser,
        lambda d: (
            d.execute_script("return document.querySelector('#result h2')?.textContent")
            == "pasted list: 1 Verstoß (Hand)"
        ),
    )
    text = browser.find_element(By.TAG_NAME, "main").text
    for english in ("Rule set", "Check a deck list", "Paste a list", "Save and check", "Download the list"):
        assert english not in text
    assert "Regelwerk" in text and "Speichern und prüfen" in text and "Glutfuchs" in text  # the pack's names too
    shoot(browser, "decklist-german")


def test_the_filters_say_the_packs_names_in_its_language(browser, pocket):
    open_page(browser, pocket.url + "packs/pocket/de/")
    labels = [
        label.text.split("\n")[0].strip() for label in browser.find_elements(By.CSS_SELECTOR, "#gallery-tools > label")
    ]
    assert labels[:5] == ["Suche", "Bereich", "Schlagwort", "Element", "Form"]
    element = Select(browser.find_element(By.XPATH, '//select[option[@value="element:water"]]'))
    assert [option.text for option in element.options] == ["alle", "Feuer", "Wasser"]
    element.select_by_value("element:water")
    wait_until(browser, lambda d: "field=element%3Awater" in d.current_url)
    open_page(browser, browser.current_url)
    shoot(browser, "filters-german")


def test_the_sheet_view_shows_the_pages_as_imposed(browser, pocket):
    open_page(browser, pocket.url + "packs/pocket/en/")
    click(browser, 'nav.tools a[href$="/sheets"]')
    wait_until(browser, lambda d: d.current_url.endswith("/packs/pocket/en/sheets"))
    sheets = "return [...document.querySelectorAll('figure.sheet img')].map(i => [i.complete, i.naturalWidth])"
    for image in browser.find_elements(By.CSS_SELECTOR, "figure.sheet img"):
        browser.execute_script("arguments[0].scrollIntoView()", image)  # they load as they come into view
    wait_until(browser, lambda d: all(done and width for done, width in d.execute_script(sheets)))
    assert browser.execute_script(sheets) == [[True, 827]] * 4  # A4 at 100 dpi: calibration, its back, fronts, backs
    captions = [caption.text for caption in browser.find_elements(By.TAG_NAME, "figcaption")]
    assert captions == ["sheet 1: calibration", "sheet 2: backs", "sheet 3: fronts", "sheet 4: backs"]
    browser.execute_script("window.scrollTo(0, 0)")
    shoot(browser, "sheet-view")
    browser.execute_script("document.getElementById('sheet-3').scrollIntoView()")
    shoot(browser, "sheet-view-fronts")


def metrics(browser, width: int, height: int, ratio: float, mobile: bool = False) -> None:
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": ratio, "mobile": mobile},
    )


@pytest.mark.parametrize(
    ("page", "name"),
    [
        ("packs/pocket/en/?deck=ember-fox:2+tide-otter:1&zoom=150", "phone-gallery-deck"),
        ("packs/pocket/de/decklist", "phone-decklist-german"),
        ("packs/pocket/en/sheets", "phone-sheets"),
    ],
)
def test_nothing_is_wider_than_a_phone(browser, pocket, page, name):
    metrics(browser, PHONE, 844, 3, mobile=True)
    try:
        browser.get(pocket.url + page)
        wait_until(browser, lambda d: d.execute_script("return document.readyState") == "complete")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE
        if "deck=" in page:
            browser.execute_script("document.getElementById('deck').scrollIntoView()")
        shoot(browser, name)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
