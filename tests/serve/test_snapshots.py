"""The preview in-process: a request reads the pack's snapshot once (a reload meanwhile never pairs
one version's data with another's), versions change only with what draws a component, and a
rulebook being typeset does not hold up reloads. Requests go straight to the ASGI application."""

import shutil
import threading

import pytest

from printkit.serve import packs
from printkit.serve.packs import Preview

from .conftest import REPO, TINY
from .inprocess import request
from .reading import figure, versions

POCKET = REPO / "tests" / "fixtures" / "serve" / "pocket"  # English and German


@pytest.fixture
def preview(tmp_path) -> Preview:
    return Preview(shutil.copytree(TINY, tmp_path / TINY.name))


def rename_owl(preview: Preview) -> None:
    cards = preview.root / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: Ash Owl", "name: Ash Hawk"))


def reload_while_drawing(preview: Preview, monkeypatch, *, before: bool) -> None:
    """The next translation a request asks for is made while the pack is loaded again (before or
    after it is made): as when a save is seen in the middle of a request."""
    made = preview.drawn

    def drawn(language, snapshot):
        monkeypatch.setattr(preview, "drawn", made)
        if before:
            preview.reload()
        result = made(language, snapshot)
        if not before:
            preview.reload()
        return result

    monkeypatch.setattr(preview, "drawn", drawn)


def test_a_reload_during_a_page_shows_one_version_whole_and_the_next_page_the_new_one(preview, monkeypatch):
    old = versions(request(preview, "GET", "/packs/tiny/en/")[2].decode())["ash-owl"]
    rename_owl(preview)
    reload_while_drawing(preview, monkeypatch, before=False)
    during = request(preview, "GET", "/packs/tiny/en/")[2].decode()
    assert versions(during)["ash-owl"] == old
    assert '<span class="name">Ash Owl</span>' in figure(during, "ash-owl")
    after = request(preview, "GET", "/packs/tiny/en/")[2].decode()
    assert versions(after)["ash-owl"] != old
    assert '<span class="name">Ash Hawk</span>' in figure(after, "ash-owl")


def test_a_face_kept_for_good_is_the_drawing_of_its_version(preview, monkeypatch):
    old = versions(request(preview, "GET", "/packs/tiny/en/")[2].decode())["ash-owl"]
    face = f"/packs/tiny/en/faces/ash-owl/front.png?v={old}"
    status, headers, drawing = request(preview, "GET", face)
    assert (status, headers["cache-control"]) == (200, "max-age=31536000, immutable")
    rename_owl(preview)
    reload_while_drawing(preview, monkeypatch, before=True)
    assert request(preview, "GET", face) == (200, headers, drawing)
    new = versions(request(preview, "GET", "/packs/tiny/en/")[2].decode())["ash-owl"]
    status, headers, renamed = request(preview, "GET", f"/packs/tiny/en/faces/ash-owl/front.png?v={new}")
    assert (status, headers["cache-control"]) == (200, "max-age=31536000, immutable")
    assert renamed != drawing
    status, headers, _ = request(preview, "GET", face)  # asked for by a page not yet updated
    assert (status, headers["cache-control"]) == (200, "no-store")


def test_a_reload_goes_on_while_a_rulebook_is_typeset(preview, monkeypatch):
    typesetting, finish = threading.Event(), threading.Event()

    def make(parts, paper, drafts, target):
        typesetting.set()
        assert finish.wait(60)
        target.write_bytes(b"%PDF-")
        return 1

    monkeypatch.setattr("printkit.rulebook.book.make", make)
    making = threading.Thread(target=preview.rulebook, args=("en",))
    making.start()
    try:
        assert typesetting.wait(60)
        rename_owl(preview)
        reloading = threading.Thread(target=preview.reload)
        reloading.start()
        reloading.join(20)
        assert not reloading.is_alive()
    finally:
        finish.set()
        making.join()
    assert '<span class="name">Ash Hawk</span>' in request(preview, "GET", "/packs/tiny/en/")[2].decode()


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("rulebook.yaml", None),  # only the rulebook shows it
        ("README.md", "# Tiny\n"),
        (".cards.yaml.swp", "an editor's swap file"),
        ("cards.yaml~", "an editor's backup"),
        ("locales/.de.po.swp", "an editor's swap file"),
    ],
)
def test_a_file_that_draws_no_component_changes_no_version(preview, name, text):
    before = {cid: shown.version for cid, shown in preview.snapshot.shown.items()}
    path = preview.root / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(path.read_text() + "# a comment\n" if text is None else text)
    assert preview.reload() is None
    assert {cid: shown.version for cid, shown in preview.snapshot.shown.items()} == before


def test_pack_yaml_changes_every_version(preview):
    before = {cid: shown.version for cid, shown in preview.snapshot.shown.items()}
    (preview.root / "pack.yaml").write_text((preview.root / "pack.yaml").read_text() + "# a comment\n")
    assert preview.reload() == list(before)


def test_versions_change_with_printkit_itself(tmp_path, monkeypatch):
    pack = shutil.copytree(TINY, tmp_path / TINY.name)
    before = {cid: shown.version for cid, shown in Preview(pack).snapshot.shown.items()}
    monkeypatch.setattr(packs, "__version__", "99.0.0")
    after = {cid: shown.version for cid, shown in Preview(pack).snapshot.shown.items()}
    assert after.keys() == before.keys()
    assert all(after[cid] != before[cid] for cid in before)


def test_a_pack_that_never_loaded_has_one_page_in_no_language(tmp_path):
    root = tmp_path / "broken"
    root.mkdir()
    (root / "pack.yaml").write_text("id: [\n")
    preview = Preview(root)
    status, headers, _ = request(preview, "GET", "/packs/broken/")
    assert (status, headers["location"]) == (307, "/packs/broken/-/")
    assert request(preview, "GET", "/packs/broken/-/")[0] == 200
    status, _, body = request(preview, "GET", "/packs/broken/fr/")
    assert status == 404
    assert "<p>broken has not loaded yet; its page is /packs/broken/-/.</p>" in body.decode()


def test_a_page_in_another_language_shows_the_translated_title_in_the_parts_its_script_swaps():
    page = request(Preview(POCKET), "GET", "/packs/pocket/de/")[2].decode()
    assert "<title>Tasche – printkit-Vorschau</title>" in page  # the preview's own words in German too
    assert '<span id="crumbs"> › Tasche</span>' in page
    assert '<h1 id="title">Tasche</h1>' in page
    assert '<nav class="languages" id="languages">' in page
    assert '<nav class="tools" id="tools">' in page


def test_the_index_counts_in_words_and_no_page_sends_the_browser_for_an_icon(preview):
    page = request(preview, "GET", "/")[2].decode()
    assert '<span class="summary">3 components</span>' in page
    assert '<link rel="icon" href="data:,">' in page
    status, _, _ = request(preview, "GET", "/favicon.ico")
    assert status == 404  # never asked for: the pages say they have no icon


def test_a_rulebook_that_comes_or_goes_updates_the_page_around_the_components(preview):
    before = {cid: shown.version for cid, shown in preview.snapshot.shown.items()}
    (preview.root / "rulebook.yaml").unlink()
    assert preview.reload() == []  # an update naming no component: the page's rulebook link goes
    assert {cid: shown.version for cid, shown in preview.snapshot.shown.items()} == before
    assert "rulebook.pdf" not in request(preview, "GET", "/packs/tiny/en/")[2].decode()


def test_the_german_page_has_no_english_words_of_the_preview():
    page = request(Preview(POCKET), "GET", "/packs/pocket/de/")[2].decode()
    for german in [
        '<a href="/">printkit-Vorschau</a>',
        "<label>Suche <input",
        'placeholder="Name, Text, ID"',
        "<label>Bereich <select",
        '<option value="">alle</option>',
        "nur Probleme</label>",
        "<legend>Seiten</legend>",
        "> Vorderseiten</label>",
        "<label>Zoom <select",
        '<button type="submit">Anzeigen</button>',
        '<output id="shown-count">3 von 3 angezeigt</output>',
        ">Deckliste prüfen</a>",
        "<h2>2 Karten</h2>",
        "<h2>1 Chip</h2>",
        'alt="Vorderseite von Glutfuchs"',
        'alt="Rückseite von Glutfuchs"',
    ]:
        assert german in page, german
    for english in [
        "Search",
        "Section",
        "problems only",
        "Check a deck list",
        ">Show<",
        " shown<",
        "front of",
        ">cards<",
    ]:
        assert english not in page, english
