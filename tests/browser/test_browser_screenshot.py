"""The README opens with a picture of printkit serve, docs/serve.png: this test takes it in the tests'
browser from a bundled pack's page and fails when the committed picture no longer shows the page as
it is; `PRINTKIT_SCREENSHOT=write ./dev test tests/browser/test_browser_screenshot.py` takes it again."""

import io
import os

import pytest
from PIL import Image, ImageChops, ImageStat

from .browsing import REPO, WINDOW, copy_pack, wait_until

pytestmark = pytest.mark.slow  # each starts chromium

SCREENSHOT = REPO / "docs" / "serve.png"
PACK = "skystones"  # square cards in five colours: a page that shows what the preview is for
COLOURS = 64  # a screenshot of flat colours reads the same with few; the file stays small
# How far the committed picture may be from the page, as the mean difference of their grey levels
# (0-255) seen an eighth of the size: another rendering of the same text stays well under it, a card
# moved, recoloured or gone does not.
LIKENESS = 3.0
# Whether every face image that shows in the window is loaded and drawn.
VISIBLE_FACES_DRAWN = """
const shown = [...document.querySelectorAll("img.face")]
  .filter(face => face.getBoundingClientRect().top < window.innerHeight);
return shown.length > 0 && shown.every(face => face.complete && face.naturalWidth > 0);
"""


def test_the_readme_opens_with_a_screenshot_of_a_pack_page(browser, serve, tmp_path):
    server = serve(copy_pack(REPO / "content" / PACK, tmp_path))
    width, height = WINDOW
    browser.execute_cdp_cmd(  # the page itself at that size, whatever room the window's frame takes
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    try:
        browser.get(server.url + f"packs/{PACK}/en/")
        wait_until(browser, lambda d: d.execute_script(VISIBLE_FACES_DRAWN), message="the faces in view were not drawn")
        shot = Image.open(io.BytesIO(browser.get_screenshot_as_png()))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert shot.size == WINDOW
    shot = shot.convert("RGB").quantize(COLOURS, dither=Image.Dither.NONE)
    if os.environ.get("PRINTKIT_SCREENSHOT") == "write":
        shot.save(SCREENSHOT, optimize=True)
    apart = difference(shot, Image.open(SCREENSHOT))
    assert apart < LIKENESS, (
        f"docs/serve.png no longer shows the preview as it is ({apart:.1f} grey levels apart): "
        "PRINTKIT_SCREENSHOT=write ./dev test tests/browser/test_browser_screenshot.py takes it again"
    )

    readme = (REPO / "README.md").read_text().splitlines()
    assert f"![printkit serve showing the {PACK} pack](docs/serve.png)" in readme


def difference(one: Image.Image, other: Image.Image) -> float:
    """The mean difference of two pictures' grey levels, each seen an eighth of its size."""
    small = (WINDOW[0] // 8, WINDOW[1] // 8)
    seen = [picture.convert("L").resize(small, Image.Resampling.BOX) for picture in (one, other)]
    return ImageStat.Stat(ImageChops.difference(*seen)).mean[0]
