"""Fixtures of the browser tests: `printkit serve` run as a subprocess on a copy of a pack, and
headless Chromium driven by Selenium through Debian's chromedriver (/usr/bin/chromedriver, never
Selenium Manager: it would download a driver, and CI has no network). One browser serves a whole
module, so the suite stays quick; every test loads its own pages."""

import os
import re
import selectors
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.chrome.webdriver import WebDriver

REPO = Path(__file__).resolve().parents[2]
POCKET = REPO / "tests" / "fixtures" / "serve" / "pocket"  # two sections, two languages, one rule set
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
ADDRESS_LINE = re.compile(r"serving (\d+) pack\(s\) at (http://127\.0\.0\.1:\d+/) \(Ctrl-C to stop\)")


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
    return webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)


@pytest.fixture(scope="module")
def browser(tmp_path_factory) -> Iterator[WebDriver]:
    """One headless Chromium for the whole module."""
    driver = start_chromium(tmp_path_factory.mktemp("chromium-profile"))
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def browser_without_scripts(tmp_path_factory) -> Iterator[WebDriver]:
    """A second Chromium with JavaScript turned off: what the HTML alone shows."""
    driver = start_chromium(tmp_path_factory.mktemp("chromium-profile"), scripts=False)
    try:
        yield driver
    finally:
        driver.quit()


@dataclass
class Server:
    url: str  # http://127.0.0.1:PORT/
    packs: int  # as the address line counts them
    process: subprocess.Popen


def copy_pack(source: Path, into: Path) -> Path:
    """A copy of a pack folder under `into`, under its own name (a pack's id must be its folder's name)."""
    return Path(shutil.copytree(source, into / source.name))


def _address_line(process: subprocess.Popen, log: Path) -> str:
    """The first line `printkit serve` prints on stdout, once it listens; fails the test when none comes."""
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        line = process.stdout.readline() if selector.select(STARTUP_SECONDS) else ""
    if not line:
        process.kill()
        process.wait()
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


@pytest.fixture
def serve(tmp_path) -> Iterator[Callable[..., Server]]:
    """Starts `printkit serve` on the given pack folders (at most one server per test) and stops it after."""
    started: list[Server] = []

    def start(*packs: Path) -> Server:
        started.append(start_server(list(packs), tmp_path))
        return started[-1]

    try:
        yield start
    finally:
        for server in started:
            stop_server(server.process)


@pytest.fixture(scope="module")
def pocket_server(tmp_path_factory) -> Iterator[Server]:
    """`printkit serve` on a copy of the small pack, for the tests of one module that do not edit it."""
    workdir = tmp_path_factory.mktemp("serve")
    server = start_server([copy_pack(POCKET, workdir)], workdir)
    try:
        yield server
    finally:
        stop_server(server.process)
