"""A pack served by the preview reaches nothing outside its folder: a decks/ folder linked out of it
lists nothing, a list replaced by a link while it is checked is read once, inside the pack, and a
link to a large folder (or a pack folder given as a link) adds no watch outside the pack."""

import shutil
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from printkit.serve import decklists
from printkit.serve.packs import Preview

from .conftest import EVENT_SECONDS, TINY, Server, start, stop
from .inprocess import request

SECRET = "TOP-SECRET-5b1c"


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder beside the pack, with a deck list whose text must never reach a page."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret-plans.yaml").write_text(f"pack: tiny\ncards: [{SECRET}]\n")
    return folder


@pytest.fixture
def pack(tmp_path) -> Path:
    return Path(shutil.copytree(TINY, tmp_path / "served" / TINY.name))


def deck_page(preview: Preview, **form: str) -> str:
    method, body = ("POST", urllib.parse.urlencode(form).encode()) if form else ("GET", b"")
    status, _, answer = request(preview, method, "/packs/tiny/decklist", body)
    assert status == 200
    return answer.decode()


def test_a_decks_folder_linked_out_of_the_pack_lists_nothing(pack, outside):
    shutil.rmtree(pack / "decks")
    (pack / "decks").symlink_to(outside)
    preview = Preview(pack)
    assert "secret-plans" not in deck_page(preview)
    page = deck_page(preview, list="secret-plans.yaml")
    assert "<h2>secret-plans.yaml: not one of the lists of tiny&#39;s decks/ folder</h2>" in page
    assert SECRET not in page


def test_a_list_replaced_by_a_link_while_it_is_checked_is_read_once(pack, outside, monkeypatch):
    """The race of issue 41: the list is checked, then replaced by a link out of the pack; the page
    shows the text that was checked, never the outside file's."""
    read_list = decklists.read_list

    def read_then_swapped(path, shown, folder):
        source = read_list(path, shown, folder)
        path.unlink()
        path.symlink_to(outside / "secret-plans.yaml")
        return source

    monkeypatch.setattr(decklists, "read_list", read_then_swapped)
    page = deck_page(Preview(pack), list="hand.yaml")
    assert "<h2>decks/hand.yaml: legal (Hand)</h2>" in page
    assert '<tr id="line-3"><th>3</th><td><code>cards: [ember-fox, ash-owl]</code></td>' in page
    assert SECRET not in page


def test_a_list_of_the_pack_linked_out_of_it_is_refused(pack, outside):
    (pack / "decks" / "theirs.yaml").symlink_to(outside / "secret-plans.yaml")
    page = deck_page(Preview(pack), list="theirs.yaml")
    assert "<h2>decks/theirs.yaml: 1 problem: the list cannot be checked</h2>" in page
    assert (
        '<li class="problem">decks/theirs.yaml:1:1: is a link to a file outside the pack folder; printkit reads only '
        "files inside the pack (copy the file into the pack instead of linking to it)</li>"
    ) in page
    assert SECRET not in page


def inotify_watches(server: Server) -> int:
    """The inotify watches the server's process holds."""
    total = 0
    for info in Path(f"/proc/{server.process.pid}/fdinfo").iterdir():
        try:
            total += sum(line.startswith("inotify wd:") for line in info.read_text().splitlines())
        except OSError:  # closed meanwhile
            pass
    return total


def watches_become(server: Server, count: int) -> int:
    """The server's watches, once they are count (or EVENT_SECONDS passed)."""
    deadline = time.monotonic() + EVENT_SECONDS
    while (watches := inotify_watches(server)) != count and time.monotonic() < deadline:
        time.sleep(0.05)
    return watches


@pytest.fixture
def big_folder(tmp_path) -> Path:
    """A folder outside the pack with 300 folders in it (as /usr has thousands)."""
    folder = tmp_path / "big"
    for index in range(300):
        (folder / f"f{index}").mkdir(parents=True)
    return folder


@pytest.mark.slow
def test_a_link_to_a_large_folder_is_not_watched(pack, big_folder, tmp_path):
    """Only the pack's own folders are watched, one watch each: here the pack's folder alone
    (decks/ draws nothing), not the 301 folders the link leads to."""
    (pack / "usr").symlink_to(big_folder)
    server = start(pack, pack.parent)
    try:
        assert watches_become(server, 1) == 1
        (pack / "art").mkdir()  # a folder made while served is watched too
        assert watches_become(server, 2) == 2
        (pack / "art").rmdir()
        assert watches_become(server, 1) == 1
    finally:
        stop(server)


@pytest.mark.slow
def test_a_pack_folder_given_as_a_link_is_watched_where_it_is(pack, big_folder):
    """The root is resolved once: its own folders are watched, and saves in them reach the page."""
    (pack / "looks").mkdir()
    (pack / "looks" / "usr").symlink_to(big_folder)
    linked = pack.parent / "linked"
    linked.symlink_to(pack)
    server = start(linked, pack.parent)
    try:
        assert watches_become(server, 2) == 2
        events = server.events()
        try:
            cards = pack / "cards.yaml"
            cards.write_text(cards.read_text().replace("Burns brightly.", "Burns."))
            assert events.next() == ("update", {"pack": "tiny", "changed": ["ember-fox"]})
        finally:
            events.close()
    finally:
        stop(server)


def _nest(folder: Path, depth: int) -> None:
    """Folders depth deep below folder, made by relative steps (the whole path is longer than one call takes)."""
    import os

    here = os.open(folder, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir("d", dir_fd=here)
            inner = os.open("d", os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = inner
    finally:
        os.close(here)


def _unnest(folder: Path) -> None:
    """folder and its chain of nested `d` folders removed a level at a time, each moved up before its
    parent goes (shutil.rmtree, which pytest cleans with, recurses past Python's limit)."""
    current, step = folder, 0
    while (current / "d").is_dir():
        step += 1
        moved = folder.parent / f".unnest-{step}"
        (current / "d").rename(moved)
        current.rmdir()
        current = moved
    current.rmdir()


@pytest.fixture
def nested(pack) -> Iterator[Path]:
    yield pack
    for top in (pack / "d", pack / "more"):
        if top.exists():
            _unnest(top)


@pytest.mark.slow
def test_folders_nested_deeper_than_python_recurses_do_not_stop_the_preview(nested):
    """1,400 nested folders (red-team F8) at start and made while serving: the preview starts, and
    a save after them still reaches the page."""
    pack = nested
    _nest(pack, 1400)
    server = start(pack, pack.parent)
    try:
        events = server.events()
        try:
            (pack / "more").mkdir()  # made while served
            _nest(pack / "more", 1400)
            cards = pack / "cards.yaml"
            cards.write_text(cards.read_text().replace("Burns brightly.", "Burns."))
            deadline = time.monotonic() + EVENT_SECONDS
            while time.monotonic() < deadline:
                event = events.next()
                if event == ("update", {"pack": "tiny", "changed": ["ember-fox"]}):
                    break
            else:
                pytest.fail("the save after the nested folders never reached the page")
        finally:
            events.close()
    finally:
        code, _, err = stop(server)
    assert (code, err) == (0, "")


def test_the_event_loops_own_errors_are_one_line_not_a_flood(capsys, monkeypatch):
    """With no file descriptors left, accept() fails thousands of times a second (red-team F9):
    one line, then quiet for a while."""
    from printkit.serve import server

    clock = iter([100.0] * 1000 + [111.0])
    monkeypatch.setattr(server.time, "monotonic", lambda: next(clock))
    errors = server.LoopErrors()
    context = {"message": "socket.accept() out of system resource", "exception": OSError(24, "Too many open files")}
    for _ in range(1001):
        errors(None, context)
    assert (
        capsys.readouterr().err
        == (
            "printkit serve: socket.accept() out of system resource: [Errno 24] Too many open files (the preview goes on)\n"
        )
        * 2
    )
