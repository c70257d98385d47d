"""What the browser tests share: `printkit serve` run as a subprocess on a copy of a pack, headless
Chromium driven by Selenium through Debian's chromedriver (/usr/bin/chromedriver, never Selenium
Manager: it would download a driver, and CI has no network), and waits on what a page shows."""

import os
import re
import selectors
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
POCKET = REPO / "tests" / "fixtures" / "serve" / "pocket"  # two sections, two languages, one rule set
# A bad value for the small pack's cards.yaml (Tide Otter's attack), and the problem printkit finds in it.
BROKEN = ("stats: {attack: 2}", "stats: {attack: lots}")
BROKEN_PROBLEM = "pocket/cards.yaml:12:21: cards[1].stats.attack: must be a number, got 'lots'"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
# Headless, and quiet: no first-run pages, no calls home, no updates fetched while a test runs.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WINDOW = (1280, 900)  # the README's screenshot is taken at this size
STARTUP_SECONDS = 60  # a pack is drawn before the server listens; a busy 2-core machine is slow
PAGE_SECONDS = 20  # a page and its images, drawn on demand
UPDATE_SECONDS = 5  # a saved file to the changed picture on an open page
ADDRESS_LINE = re.compile(r"serving (\d+) packs? at (http://127\.0\.0\.1:\d+/) \(Ctrl-C to stop\)")

# Runs first in every document: counts the page's event streams that opened, so a test edits a file
# only once the page listens for the update (else the update could pass before the page subscribed).
COUNT_OPEN_STREAMS = """
window.openEventStreams = 0;
window.EventSource = class extends window.EventSource {
  constructor(...args) {
    super(...args);
    this.addEventListener("open", () => { window.openEventStreams += 1; });
  }
};
"""
# Whether every face on the page is loaded and drawn (an image not yet loaded has no natural width).
FACES_DRAWN = """
const faces = [...document.querySelectorAll("img.face")];
return faces.length > 0 && faces.every(face => face.complete && face.naturalWidth > 0);
"""
# What a component's figure shows, read in one go: the page's script may swap the figure at any moment.
FIGURE = """
const figure = document.getElementById("component-" + arguments[0]);
if (!figure) return null;
const texts = (selector) => [...figure.querySelectorAll(selector)].map(element => element.textContent.trim());
return {
  version: figure.dataset.version,
  name: texts("figcaption .name").join(),
  count: texts("figcaption .count").join(),
  tags: texts("figcaption .tags li"),
  problems: texts("ul.problems li.problem"),
  images: [...figure.querySelectorAll("img")].map(image => {
    const box = image.getBoundingClientRect();
    return {
      face: image.classList.contains("face") ? image.classList[1] : null,
      src: image.getAttribute("src"),
      drawn: image.complete && image.naturalWidth > 0,
      natural: [image.naturalWidth, image.naturalHeight],
      shown: [box.width, box.height],
    };
  }),
};
"""


def start_chromium(profile: Path, *, scripts: bool = True) -> WebDriver:
    """Headless Chromium with a fresh, empty profile in `profile`; `scripts=False` turns JavaScript off."""
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.is_file()]
    if missing:
        pytest.fail(
            f"{' and '.join(missing)} not found: the browser tests need Debian's chromium and chromium-driver "
            "(./dev test installs them)",
            pytrace=False,
        )
    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in [*CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--window-size={WINDOW[0]},{WINDOW[1]}"]:
        options.add_argument(flag)
    if not scripts:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    if scripts:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_OPEN_STREAMS})
    return driver


@dataclass
class Server:
    url: str  # http://127.0.0.1:PORT/
    packs: int  # as the address line counts them
    process: subprocess.Popen


def copy_pack(source: Path, into: Path) -> Path:
    """A copy of a pack folder under `into`, under its own name (a pack's id must be its folder's name)."""
    return Path(shutil.copytree(source, into / source.name))


def edit(path: Path, old: str, new: str) -> None:
    """Saves the file at `path` with `old` replaced by `new`, as an editor would."""
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def _address_line(process: subprocess.Popen, log: Path) -> str:
    """The first line `printkit serve` prints on stdout, once it listens; fails the test when none comes."""
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        line = process.stdout.readline() if selector.select(STARTUP_SECONDS) else ""
    if not line:
        stop_server(process)
        pytest.fail(f"printkit serve printed no address within {STARTUP_SECONDS} s:\n{log.read_text()}", pytrace=False)
    return line.rstrip("\n")


def start_server(packs: list[Path], workdir: Path) -> Server:
    """`printkit serve PACK ... --port 0` from this worktree, in `workdir`; its stderr goes to workdir/serve.log."""
    log = workdir / "serve.log"
    with log.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "printkit", "serve", *map(str, packs), "--port", "0"],
            cwd=workdir,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
    line = _address_line(process, log)
    match = ADDRESS_LINE.fullmatch(line)
    if not match:
        stop_server(process)
        pytest.fail(f"printkit serve's address line does not read as agreed: {line!r}", pytrace=False)
    return Server(url=match[2], packs=int(match[1]), process=process)


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    process.stdout.close()


def wait_until(driver: WebDriver, condition, seconds: float = PAGE_SECONDS, message: str = ""):
    """What `condition(driver)` returns once it is true; fails the test with `message` after `seconds`.
    A live update replaces the elements it redraws, so one found just before it may be gone when read:
    that poll counts as not yet, as an element not found yet does (WebDriverWait's own choice)."""
    ignored = (StaleElementReferenceException,)
    return WebDriverWait(driver, seconds, poll_frequency=0.05, ignored_exceptions=ignored).until(condition, message)


def faces_drawn(driver: WebDriver) -> bool:
    return driver.execute_script(FACES_DRAWN)


def open_page(driver: WebDriver, url: str) -> None:
    """Loads `url` and waits until every face on it is drawn."""
    driver.get(url)
    wait_until(driver, faces_drawn, message=f"the faces of {url} were not all drawn")


def open_live_page(driver: WebDriver, url: str) -> None:
    """Loads `url`, waits until it is drawn and listens for updates, and marks the document, so that
    `same_document` tells whether the page was reloaded since."""
    open_page(driver, url)
    wait_until(driver, lambda d: d.execute_script("return window.openEventStreams > 0"), message="no event stream")
    driver.execute_script("window.sameDocument = true")


def same_document(driver: WebDriver) -> bool:
    return driver.execute_script("return window.sameDocument === true")


def figure(driver: WebDriver, id: str) -> dict | None:
    """What the figure of component `id` shows (see FIGURE), or None when the page has none."""
    return driver.execute_script(FIGURE, id)


def drawn(shown: dict | None) -> bool:
    """Whether a figure shows its faces, each loaded and drawn."""
    return bool(shown and shown["images"]) and all(image["drawn"] for image in shown["images"])


def counted(shown: dict) -> int:
    """The count a figure's caption shows (it may dress the number, as in ×2)."""
    (number,) = re.findall(r"\d+", shown["count"])
    return int(number)
