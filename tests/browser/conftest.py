"""Fixtures of the browser tests: one headless Chromium per module (so the suite stays quick; every test
loads its own pages), and `printkit serve` on a copy of a pack, stopped after."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium.webdriver.chrome.webdriver import WebDriver

from .browsing import POCKET, Server, copy_pack, start_chromium, start_server, stop_server


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


@pytest.fixture
def serve(tmp_path) -> Iterator[Callable[..., Server]]:
    """Starts `printkit serve` on the given pack folders, in tmp_path, and stops it after the test."""
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
def pocket(tmp_path_factory) -> Iterator[Server]:
    """`printkit serve` on a copy of the small pack, for a module's tests that do not edit it."""
    workdir = tmp_path_factory.mktemp("serve")
    server = start_server([copy_pack(POCKET, workdir)], workdir)
    try:
        yield server
    finally:
        stop_server(server.process)
