"""What `printkit serve` shows: the index, a pack's page (names, counts, tags, faces at their printed
size), its rulebook and the deck-list checker, read as any HTTP client reads them (no scripts)."""

import re
import urllib.parse

import pytest

from printkit.content.read import load_partial
from printkit.layout.imposition import impose
from printkit.layout.sheets import SheetOptions

from .conftest import REPO
from .reading import figure, png_size

CARD_PX = (372, 520)  # 63 x 88 mm at 150 dpi
CHIP_PX = (118, 118)  # 20 mm


def test_the_index_links_each_pack(tiny_server):
    page = tiny_server.page("/")
    assert '<a href="/packs/tiny/">Tiny</a>' in page
    assert "3 components" in page


def test_a_pack_opens_in_its_first_language(tiny_server):
    status, headers, _ = tiny_server.get("/packs/tiny/")
    assert (status, headers["location"]) == (307, "/packs/tiny/en/")


def test_the_pack_page_names_each_component_with_its_count_and_tags_by_section(tiny_server):
    page = tiny_server.page("/packs/tiny/en/")
    assert '<section class="section" id="section-cards">\n<h2>2 cards</h2>' in page
    assert '<section class="section" id="section-chips">\n<h2>1 chip</h2>' in page
    fox = figure(page, "ember-fox")
    assert '<span class="name">Ember Fox</span> <span class="count">2</span>' in fox
    assert '<ul class="tags"><li>beast</li><li>swift</li></ul>' in fox
    assert '<span class="name">Ash Owl</span> <span class="count">1</span>' in figure(page, "ash-owl")
    assert (
        '<nav class="languages" id="languages">\n  <a href="/packs/tiny/en/" lang="en" hreflang="en" aria-current="page">English</a>'
        in page
    )
    assert '<a href="/packs/tiny/en/rulebook.pdf">Rulebook (PDF)</a>' in page
    assert '<section id="problems">\n</section>' in page


@pytest.mark.parametrize(
    ("component", "faces", "pixels"), [("ember-fox", ["front", "back"], CARD_PX), ("spark", ["front"], CHIP_PX)]
)
def test_each_face_is_a_png_at_its_printed_size(tiny_server, component, faces, pixels):
    shown = figure(tiny_server.page("/packs/tiny/en/"), component)
    images = re.findall(
        r'<img class="face (\w+)" src="([^"]+)" srcset="([^"]+)" width="(\d+)" height="(\d+)" style="([^"]+)"', shown
    )
    assert [face for face, *_ in images] == faces
    for _, src, srcset, width, height, style in images:
        assert (int(width), int(height)) == pixels
        assert style == ("--width: 63mm; --height: 88mm" if pixels == CARD_PX else "--width: 20mm; --height: 20mm")
        assert src.endswith("&amp;dpi=150")
        # a screen of pixel ratio 2 gets a face drawn at twice the resolution
        assert srcset == f"{src} 1x, {src.replace('dpi=150', 'dpi=300')} 2x"
        for url, size in [(src, pixels), (src.replace("dpi=150", "dpi=300"), tuple(2 * side for side in pixels))]:
            status, headers, body = tiny_server.get(url.replace("&amp;", "&"))
            assert (status, headers["content-type"]) == (200, "image/png")
            assert png_size(body) == pytest.approx(size, abs=1)


def test_a_chip_has_no_back_to_show(tiny_server):
    status, _, _ = tiny_server.get("/packs/tiny/en/faces/spark/back.png")
    assert status == 404


@pytest.mark.slow
def test_the_rulebook_is_typeset_as_a_pdf(tiny_server):
    status, headers, body = tiny_server.get("/packs/tiny/en/rulebook.pdf")
    assert (status, headers["content-type"]) == (200, "application/pdf")
    assert body.startswith(b"%PDF-")


def test_a_pasted_deck_list_shows_each_violation_beside_its_line(tiny_server):
    text = "pack: tiny\ncards:\n  ember-fox: 2\n  ash-owl: 1\n"
    page = tiny_server.post("/packs/tiny/decklist", urllib.parse.urlencode({"text": text, "rules": "hand"}))
    assert "<h2>pasted list: 1 violation (Hand)</h2>" in page
    assert (
        '<tr id="line-3" class="wrong"><th>3</th><td><code>  ember-fox: 2</code></td>\n'
        '    <td><ul class="problems"><li class="problem">pasted list:3:3: cards.ember-fox: 2 copies of '
        "&#39;Ember Fox&#39; (ember-fox); each may appear only once (rule &#39;one-of-each&#39; in tiny)</li></ul></td></tr>"
    ) in page
    assert '<tr id="line-4"><th>4</th><td><code>  ash-owl: 1</code></td>' in page


def test_a_pasted_list_that_cannot_be_read_shows_its_problem_at_its_line(tiny_server):
    page = tiny_server.post("/packs/tiny/decklist", urllib.parse.urlencode({"text": "cards:\n  wolf: 1\n"}))
    assert "<h2>pasted list: 1 problem: the list cannot be checked</h2>" in page
    assert (
        '<tr id="line-2" class="wrong"><th>2</th><td><code>  wolf: 1</code></td>\n    <td><ul class="problems">'
        '<li class="problem">pasted list:2:3: cards.wolf: no component &#39;wolf&#39; in this pack</li></ul></td></tr>'
    ) in page


def test_one_of_the_packs_own_lists_can_be_picked(tiny_server):
    form = tiny_server.page("/packs/tiny/decklist")
    assert '<option value="hand.yaml">decks/hand.yaml</option>' in form
    page = tiny_server.post("/packs/tiny/decklist", "list=hand.yaml")
    assert "<h2>decks/hand.yaml: legal (Hand)</h2>" in page
    assert '<tr id="line-3"><th>3</th><td><code>cards: [ember-fox, ash-owl]</code></td>' in page


def test_the_sheet_view_shows_the_components_pdf_as_imposed(tiny_server):
    page = tiny_server.page("/packs/tiny/en/")
    assert '<a href="/packs/tiny/en/sheets">Sheets as printed</a>' in page
    sheets = tiny_server.page("/packs/tiny/en/sheets")
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", sheets)
    pack = load_partial(REPO / "tests" / "serve" / "packs" / "tiny").pack
    laid_out = impose(pack, "en", SheetOptions(pack.meta.defaults.paper))
    sides = {"front": "fronts", "back": "backs", "calibration": "calibration"}
    assert captions == [f"sheet {n}: {sides[p.side]}" for n, p in enumerate(laid_out, 1)]  # the build's own sheets
    url = re.search(r'<img src="(/packs/tiny/en/sheets/3\.png\?v=\d+)" width="827" height="1169"', sheets).group(1)
    status, headers, body = tiny_server.get(url)
    assert (status, headers["content-type"], png_size(body)) == (200, "image/png", (827, 1169))  # A4 at 100 dpi
    assert tiny_server.get("/packs/tiny/en/sheets/99.png")[0] == 404
    fronts = tiny_server.page("/packs/tiny/en/sheets?faces=fronts")
    assert "backs</figcaption>" not in fronts and "sheet 3: fronts" in fronts
