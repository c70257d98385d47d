"""The gallery's tools in a real browser, on the small pack: a filter applies as it is chosen, the
fronts/backs toggle, zoom (faces drawn for the screen's pixel ratio), a phone's width without
horizontal scrolling, and the print stylesheet's proof sheet (printed to PDF and looked at). Each
view is saved in /tmp/preview-shots/ to be looked at."""

import base64
from pathlib import Path

import pypdfium2
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .browsing import POCKET, copy_pack, faces_drawn, figure, open_page, wait_until

pytestmark = pytest.mark.slow  # each starts chromium

SHOTS = Path("/tmp/preview-shots")
IMAGE = pypdfium2.raw.FPDF_PAGEOBJ_IMAGE
PHONE = 390  # CSS pixels: an iPhone's width
SHOWN = "return [...document.querySelectorAll('figure.component')].map(f => f.id.replace('component-', ''))"


def shoot(browser, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(SHOTS / f"{name}.png"))


def metrics(browser, width: int, height: int, ratio: float, mobile: bool = False) -> None:
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": ratio, "mobile": mobile},
    )


def test_a_filter_applies_as_it_is_chosen_and_the_search_box_finds_by_name(browser, pocket):
    open_page(browser, pocket.url + "packs/pocket/en/")
    assert browser.execute_script(SHOWN) == ["ember-fox", "tide-otter", "spark"]
    Select(browser.find_element(By.XPATH, '//select[option[@value="element:water"]]')).select_by_value("element:water")
    wait_until(browser, lambda d: d.execute_script(SHOWN) == ["tide-otter"])
    assert "field=element%3Awater" in browser.current_url  # the address says what is shown: it can be shared
    shoot(browser, "filter-element-water")
    box = browser.find_element(By.CSS_SELECTOR, 'input[name="q"]')
    box.send_keys("nothing like this\n")
    wait_until(browser, lambda d: d.execute_script(SHOWN) == [])
    assert browser.find_element(By.ID, "shown-count").text == "0 of 3 shown"


def test_fronts_and_backs_toggle_and_each_back_shows_once(browser, pocket):
    open_page(browser, pocket.url + "packs/pocket/en/")
    assert [image["face"] for image in figure(browser, "ember-fox")["images"]] == ["front", "back"]
    assert [image["face"] for image in figure(browser, "tide-otter")["images"]] == ["front"]  # the same back
    browser.find_element(By.CSS_SELECTOR, 'input[name="faces"][value="backs"]').click()
    wait_until(browser, lambda d: d.execute_script(SHOWN) == ["ember-fox"])
    assert [image["face"] for image in figure(browser, "ember-fox")["images"]] == ["back"]
    shoot(browser, "backs")
    browser.find_element(By.CSS_SELECTOR, 'input[name="faces"][value="fronts"]').click()
    wait_until(browser, lambda d: d.execute_script(SHOWN) == ["ember-fox", "tide-otter", "spark"])
    assert all(
        image["face"] == "front"
        for id in ("ember-fox", "tide-otter", "spark")
        for image in figure(browser, id)["images"]
    )
    shoot(browser, "fronts")


def test_a_zoomed_face_is_drawn_for_the_screens_pixels(browser, pocket):
    metrics(browser, 1280, 900, 2)
    try:
        open_page(browser, pocket.url + "packs/pocket/en/")
        Select(browser.find_element(By.CSS_SELECTOR, 'select[name="zoom"]')).select_by_value("200")
        wait_until(browser, lambda d: "zoom=200" in d.current_url)
        open_page(browser, browser.current_url)
        fox = figure(browser, "ember-fox")["images"][0]
        # 63 mm at 200% is 476 CSS pixels; at a pixel ratio of 2, 952 device pixels: the 600 dpi face,
        # 1488 pixels wide, which srcset's 2x makes 744 CSS pixels of its own
        assert fox["shown"] == pytest.approx([63 / 25.4 * 96 * 2, 88 / 25.4 * 96 * 2], abs=1)
        assert fox["natural"] == [744, 1039]
        assert browser.execute_script("return document.querySelector('img.face').currentSrc").endswith("dpi=600")
        shoot(browser, "zoom-200-at-2x")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("page", ["packs/pocket/en/?zoom=300", "packs/pocket/decklist"])
def test_nothing_is_wider_than_a_phone(browser, pocket, page):
    metrics(browser, PHONE, 844, 3, mobile=True)
    try:
        browser.get(pocket.url + page)
        wait_until(browser, lambda d: d.execute_script("return document.readyState") == "complete")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE
        shoot(browser, "phone-" + ("gallery" if "zoom" in page else "decklist"))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_page_prints_a_clean_proof_sheet(browser, pocket):
    open_page(browser, pocket.url + "packs/pocket/en/?zoom=50")
    printed = base64.b64decode(browser.execute_cdp_cmd("Page.printToPDF", {"printBackground": True})["data"])
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "print.pdf").write_bytes(printed)
    pdf = pypdfium2.PdfDocument(printed)
    page = pdf[0]
    text = page.get_textpage().get_text_range()
    assert "printkit preview" not in text and "Search" not in text  # no header bar, no tools
    assert "Ember Fox" in text
    image = page.render(scale=1).to_pil().convert("RGB")
    image.save(SHOTS / "print-page-1.png")
    assert image.getpixel((2, 2)) == (255, 255, 255)  # white, not the page's grey
    # the faces at their printed size whatever the zoom: a card's front is 63 mm wide, 178.6 points
    # (the image's pixels at scale 1); the chips are on the page with their heading
    printed_sizes = {
        (round(right - left), round(top - bottom))
        for sheet in pdf
        for left, bottom, right, top in (obj.get_bounds() for obj in sheet.get_objects(filter=[IMAGE]))
    }
    card, chip = (63 / 25.4 * 72, 88 / 25.4 * 72), (20 / 25.4 * 72, 20 / 25.4 * 72)
    assert len(printed_sizes) == 2, printed_sizes
    for size in printed_sizes:
        assert size == pytest.approx(card, abs=1) or size == pytest.approx(chip, abs=1), printed_sizes
    chips_page = next(sheet for sheet in pdf if "1 chip" in sheet.get_textpage().get_text_range().lower())
    assert "Spark chip" in chips_page.get_textpage().get_text_range()  # a heading goes with its figures


def test_the_german_page_speaks_german_and_keeps_the_view_across_the_switch(browser, pocket):
    open_page(browser, pocket.url + "packs/pocket/en/?faces=fronts")
    browser.find_element(By.CSS_SELECTOR, 'nav.languages a[hreflang="de"]').click()
    wait_until(browser, lambda d: "/packs/pocket/de/" in d.current_url)
    assert browser.current_url.endswith("?faces=fronts")  # the switch keeps what the page shows
    wait_until(browser, faces_drawn)
    assert browser.find_element(By.CSS_SELECTOR, "header.top a").text == "printkit-Vorschau"
    assert browser.find_element(By.ID, "shown-count").text == "3 von 3 angezeigt"
    assert [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".section > h2")] == ["2 Karten", "1 Chip"]
    assert browser.find_element(By.CSS_SELECTOR, "nav.tools").text.startswith("Deckliste prüfen")
    shoot(browser, "german")


def test_a_deck_is_built_by_clicks_checked_with_each_and_saved(browser, serve, tmp_path):
    pack = copy_pack(POCKET, tmp_path)
    server = serve(pack)
    browser.get(server.url + "packs/pocket/decklist")

    def verdict(driver) -> str | None:  # read in one go: each click loads the page anew
        return driver.execute_script("return document.querySelector('#result h2')?.textContent")

    def copies(driver, id: str) -> str | None:
        return driver.execute_script(f"return document.querySelector('#pick-{id} .copies')?.textContent")

    browser.find_element(By.CSS_SELECTOR, "#pick-ember-fox button.add").click()
    wait_until(browser, lambda d: verdict(d) == "pasted list: 1 violation (Hand)")  # a hand is two cards
    browser.find_element(By.CSS_SELECTOR, "#pick-ember-fox button.add").click()
    wait_until(browser, lambda d: copies(d, "ember-fox") == "×2")
    assert verdict(browser) == "pasted list: 1 violation (Hand)"  # two cards, but the same one twice
    wrong = browser.find_element(By.CSS_SELECTOR, "tr.wrong")
    assert wrong.find_element(By.TAG_NAME, "code").text == "  ember-fox: 2"  # the violation beside its line
    assert "each may appear only once" in wrong.text
    shoot(browser, "deck-builder-violation")
    browser.find_element(By.CSS_SELECTOR, "#pick-ember-fox button.remove").click()
    wait_until(browser, lambda d: copies(d, "ember-fox") == "×1")
    browser.find_element(By.CSS_SELECTOR, "#pick-tide-otter button.add").click()
    wait_until(browser, lambda d: verdict(d) == "pasted list: legal (Hand)")
    browser.find_element(By.CSS_SELECTOR, 'input[name="save"]').send_keys("two-of-us")
    browser.find_element(By.CSS_SELECTOR, 'button[name="action"][value="save"]').click()
    wait_until(browser, lambda d: verdict(d) == "decks/two-of-us.yaml: legal (Hand)")
    assert (pack / "decks" / "two-of-us.yaml").read_text() == (
        "pack: pocket\nrules: hand\ncards:\n  ember-fox: 1\n  tide-otter: 1\n"
    )
    assert copies(browser, "tide-otter") == "×1"  # the deck stays built
    shoot(browser, "deck-builder-saved")


def test_an_overflowing_text_is_drawn_marked_beside_its_message(browser, serve, tmp_path):
    pack = copy_pack(POCKET, tmp_path)
    long_name = "Tide Otter of the Very Long Night Whose Name Goes On And On Past Every Edge"
    (pack / "cards.yaml").write_text(
        (pack / "cards.yaml").read_text().replace("name: Tide Otter", f"name: {long_name}")
    )
    server = serve(pack)
    open_page(browser, server.url + "packs/pocket/en/?problems=1")
    otter = figure(browser, "tide-otter")
    assert [image["face"] for image in otter["images"]] == ["front", "back"]  # the card is drawn, not replaced
    assert otter["problems"] == [  # German prints the new name in English until it is translated
        f"pocket/cards.yaml:10:11: cards[1].name: text of 'tide-otter' overflows its 37.6 x 9.1 mm box by 2.5 mm at "
        f"6 pt in locale {locale} (shorten the text or give the component more room)"
        for locale in ("en", "de")
    ]
    assert browser.execute_script(SHOWN) == ["tide-otter"]  # problems only
    shoot(browser, "overflow-marked")
