"""A rulebook for screens (--html) in the tests' Chromium, opened from the file as a player would:
on a phone (390x844) it fits the width, its type is phone-sized, its figures fit and its own fonts
are drawn; on a desktop its text keeps to a readable measure. Each screenshot is in the test's
tmp_path for a person to look at."""

import pytest

pytestmark = pytest.mark.slow  # chromium, and a build

PHONE, DESKTOP = (390, 844), (1280, 900)
# What the page shows, measured in one go.
MEASURES = """
const body = getComputedStyle(document.querySelector("p"));
return {
  overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  width: document.documentElement.clientWidth,
  textSize: parseFloat(body.fontSize),
  textWidth: document.querySelector("p").getBoundingClientRect().width,
  figures: [...document.querySelectorAll("figure svg")].map(svg => svg.getBoundingClientRect().right),
  fonts: [...document.fonts].filter(font => font.status === "loaded").map(font => font.family.replaceAll('"', "")),
};
"""


@pytest.fixture(scope="module")
def rulebook(shared_run):
    built = shared_run("build", "skystones", "--html")
    assert built.code == 0, built.stderr
    return built.out / "skystones" / "skystones-rulebook-en-de.html"


def shown(browser, rulebook, size, shot):
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size == PHONE},
    )
    try:
        browser.get(rulebook.as_uri())
        browser.execute_async_script("document.fonts.ready.then(arguments[arguments.length - 1])")
        measures = browser.execute_script(MEASURES)
        browser.save_screenshot(str(shot))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return measures


def test_on_a_phone_the_rulebook_fits_the_width_with_its_own_fonts(browser, rulebook, tmp_path):
    measures = shown(browser, rulebook, PHONE, tmp_path / "phone.png")
    assert measures["overflow"] == 0  # nothing to scroll sideways
    assert measures["textSize"] >= 16  # CSS pixels: a phone's body text
    assert measures["figures"] and max(measures["figures"]) <= measures["width"]
    assert {"PK Sans", "PK Serif"} <= set(measures["fonts"])  # the subsets in the file, not the phone's fonts


def test_on_a_desktop_the_text_keeps_a_readable_measure(browser, rulebook, tmp_path):
    measures = shown(browser, rulebook, DESKTOP, tmp_path / "desktop.png")
    assert measures["overflow"] == 0
    assert measures["textWidth"] <= 42 * 16  # screen.css's 42rem: about 75 characters a line
