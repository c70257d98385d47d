"""The README opens with a picture of printkit serve, docs/serve.png: this test takes it in the tests'
browser from a bundled pack's page (and writes it again on every run, so it shows the preview as it is)."""

import io

import pytest
from PIL import Image

from .browsing import REPO, WINDOW, copy_pack, wait_until

pytestmark = pytest.mark.slow  # each starts chromium

SCREENSHOT = REPO / "docs" / "serve.png"
PACK = "skystones"  # square cards in five colours: a page that shows what the preview is for
COLOURS = 64  # a screenshot of flat colours reads the same with few; the file stays small
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
    shot.convert("RGB").quantize(COLOURS, dither=Image.Dither.NONE).save(SCREENSHOT, optimize=True)

    readme = (REPO / "README.md").read_text().splitlines()
    assert readme[:3] == ["# printkit", "", f"![printkit serve showing the {PACK} pack](docs/serve.png)"]
