"""`printkit serve` on the command line: a busy port is one line and exit 2, Ctrl-C stops it quietly."""

import re
import shutil
import socket
import time
from pathlib import Path

import pytest

from printkit.cli import main

from .conftest import TINY, start, stop


@pytest.fixture
def busy_port():
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    yield taken.getsockname()[1]
    taken.close()


def test_a_busy_port_is_one_line(busy_port, capsys):
    assert main(["serve", str(TINY), "--port", str(busy_port)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"printkit: port {busy_port} is in use; choose another with --port N\n")


def test_a_port_out_of_range_is_a_usage_error(capsys):
    assert main(["serve", str(TINY), "--port", "70000"]) == 2
    assert capsys.readouterr().err == "printkit: --port must be from 0 to 65535, got 70000\n"


def test_serve_opens_in_one_language_only(capsys):
    assert main(["serve", str(TINY), "--lang", "en,de"]) == 2
    assert capsys.readouterr().err == "printkit: serve --lang takes one locale, the one pages open in\n"


@pytest.mark.slow
def test_ctrl_c_stops_it_quietly():
    server = start(TINY, TINY.parent)
    events = server.events()  # an open event stream does not keep it running
    try:
        assert stop(server) == (0, "", "")
    finally:
        events.close()


def test_a_language_the_pack_does_not_declare_is_refused_as_build_refuses_it(capsys):
    assert main(["serve", str(TINY), "--port", "0", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == (
        "printkit: pack 'tiny' does not declare the locale fr; it declares en "
        "(add it with 'printkit i18n init --lang fr tiny')\n"
    )


@pytest.mark.slow
def test_each_reload_is_a_line_and_each_new_problem_another(tmp_path):
    pack = Path(shutil.copytree(TINY, tmp_path / TINY.name))
    server = start(pack, tmp_path)
    events = server.events()
    try:
        cards = pack / "cards.yaml"
        cards.write_text(cards.read_text().replace("stats: {attack: 1}", "stats: {attack: lots}"))
        assert events.next() == ("update", {"pack": "tiny", "changed": ["ash-owl"]})
        cards.write_text(cards.read_text().replace("stats: {attack: lots}", "stats: {attack: 1}"))
        assert events.next() == ("update", {"pack": "tiny", "changed": ["ash-owl"]})
    finally:
        events.close()
        code, out, err = stop(server)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert re.fullmatch(r"tiny: cards\.yaml changed; 1 component redrawn \(ash-owl\), \d+\.\d\d s", lines[0]), lines
    assert lines[1] == "  tiny/cards.yaml:12:21: cards[1].stats.attack: must be a number, got 'lots'"
    assert re.fullmatch(r"tiny: cards\.yaml changed; 1 component redrawn \(ash-owl\), \d+\.\d\d s", lines[2]), lines
    assert len(lines) == 3  # a problem gone is not news


@pytest.mark.slow
def test_open_starts_the_browser_at_the_address(tmp_path, monkeypatch):
    opened = tmp_path / "opened"
    opener = tmp_path / "opener.sh"
    opener.write_text(f'printf %s "$1" > {opened}\n')
    monkeypatch.setenv("BROWSER", f"/bin/sh {opener} %s")
    server = start(TINY, TINY.parent, "--open")
    try:
        deadline = time.monotonic() + 20
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert opened.read_text() == f"http://127.0.0.1:{server.port}/"
    finally:
        assert stop(server) == (0, "", "")
