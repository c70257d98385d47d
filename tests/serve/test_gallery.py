"""The gallery's tools, as the server renders them from the page's address (they work with scripts
off): search, filters by section, tag and field value, problems only, fronts/backs/both with each
distinct back once, zoom with faces drawn at the resolution the screen needs, bounded."""

import os
import re
import subprocess
import sys

import pytest

from printkit.serve.gallery import MAX_FACE_PIXELS, View, bounded_dpi, face_dpis

from .conftest import REPO
from .reading import figure, png_size, versions


def shown(server, query: str) -> list[str]:
    return list(versions(server.page(f"/packs/tiny/en/?{query}")))


def faces(page: str, component: str) -> list[str]:
    return re.findall(r'<img class="face (\w+)"', figure(page, component))


@pytest.mark.parametrize(
    ("query", "components"),
    [
        ("", ["ember-fox", "ash-owl", "spark"]),
        ("q=owl", ["ash-owl"]),
        ("q=NIGHT+sees", ["ash-owl"]),  # every word, in any case, in its name or texts
        ("q=beast", ["ember-fox"]),  # a tag
        ("q=nothing-like-this", []),
        ("section=chips", ["spark"]),
        ("tag=swift", ["ember-fox"]),
        ("field=element:fire", ["ember-fox", "ash-owl"]),
        ("field=element:water", []),
        ("section=cards&q=fox", ["ember-fox"]),
        ("problems=1", []),
    ],
)
def test_the_search_and_filters_show_the_components_that_match(tiny_server, query, components):
    assert shown(tiny_server, query) == components


def test_the_page_says_how_many_it_shows_and_keeps_the_choices_in_its_form(tiny_server):
    page = tiny_server.page("/packs/tiny/en/?q=owl&tag=swift&faces=fronts&zoom=200&problems=1")
    assert '<output id="shown-count">0 of 3 shown</output>' in page
    assert '<input type="search" name="q" value="owl"' in page
    assert '<option value="swift" selected>swift</option>' in page
    assert '<input type="radio" name="faces" value="fronts" checked>' in page
    assert '<option value="200" selected>200%</option>' in page
    assert '<input type="checkbox" name="problems" value="1" checked>' in page
    assert 'style="--zoom: 2.0"' in page


def test_only_problems_shows_the_components_with_problems(own_server):
    events = own_server.events()
    try:
        cards = own_server.pack / "cards.yaml"
        cards.write_text(cards.read_text().replace("stats: {attack: 1}", "stats: {attack: lots}"))
        assert events.next() == ("update", {"pack": "tiny", "changed": ["ash-owl"]})
    finally:
        events.close()
    assert shown(own_server, "problems=1") == ["ash-owl"]
    assert shown(own_server, "problems=1&q=fox") == []


def test_each_distinct_back_is_shown_once(tiny_server):
    both = tiny_server.page("/packs/tiny/en/")
    # the two cards share the pack's standard back: the second shows its front alone; a chip has no back
    assert (faces(both, "ember-fox"), faces(both, "ash-owl"), faces(both, "spark")) == (
        ["front", "back"],
        ["front"],
        ["front"],
    )
    fronts = tiny_server.page("/packs/tiny/en/?faces=fronts")
    assert [faces(fronts, c) for c in versions(fronts)] == [["front"], ["front"], ["front"]]
    backs = tiny_server.page("/packs/tiny/en/?faces=backs")
    assert list(versions(backs)) == ["ember-fox"]
    assert faces(backs, "ember-fox") == ["back"]


def test_a_zoomed_page_asks_for_faces_at_the_resolution_it_shows_them(tiny_server):
    page = tiny_server.page("/packs/tiny/en/?zoom=300")
    (srcset,) = re.findall(r'srcset="([^"]+)"', figure(page, "spark"))
    assert srcset.endswith(
        "dpi=300 1x, /packs/tiny/en/faces/spark/front.png?v=" + versions(page)["spark"] + "&amp;dpi=600 2x"
    )
    status, _, body = tiny_server.get(f"/packs/tiny/en/faces/spark/front.png?v={versions(page)['spark']}&dpi=600")
    assert (status, png_size(body)) == (200, (472, 472))  # 20 mm at 600 dpi


@pytest.mark.parametrize("dpi", ["72", "1200", "-1", "600.0", "lots"])
def test_a_face_is_drawn_only_at_the_resolutions_offered(tiny_server, dpi):
    status, _, body = tiny_server.get(f"/packs/tiny/en/faces/spark/front.png?dpi={dpi}")
    assert status == 404
    assert b"no such face" in body


def test_zoom_and_faces_the_page_does_not_offer_are_its_defaults():
    assert View.of({"zoom": "1000", "faces": "sideways"}, []) == View()
    assert View.of({"zoom": "", "q": "x" * 500}, ["element", ":fire", "element:fire"]) == View(
        search="x" * 200, fields=(("element", "fire"),)
    )


def test_faces_are_drawn_sharp_on_every_screen_and_zoom():
    assert face_dpis(100) == [(1, 150), (2, 300)]
    assert face_dpis(50) == [(1, 150), (2, 150)]
    assert face_dpis(300) == [(1, 300), (2, 600)]


def test_a_big_face_is_drawn_at_a_lower_resolution():
    assert bounded_dpi("600", 63, 88) == 600
    assert bounded_dpi("600", 200, 200) == 300  # a board: 4,724 pixels a side at 600 dpi, 2,362 at 300
    assert (200 / 25.4 * 300) ** 2 <= MAX_FACE_PIXELS < (200 / 25.4 * 600) ** 2
    assert bounded_dpi("600", 500, 500) == 150  # the least there is, however big
    assert bounded_dpi(None, 500, 500) == 150
    assert bounded_dpi("72", 63, 88) is None


def test_the_outputs_of_the_last_build_are_linked_by_kind_and_served_as_written(own_server):
    from printkit.build.outputs.base import KINDS

    workdir = own_server.pack.parent
    page = own_server.page("/packs/tiny/en/")
    kinds = re.findall(r'<li><span class="kind">([^<]+)</span>:\s*not built</li>', page)
    assert kinds == [kind.name for kind in KINDS]  # every kind of the build's registry, none built yet
    subprocess.run(
        [sys.executable, "-m", "printkit", "build", "tiny", "--png", "--no-rulebooks", "-q"],
        cwd=workdir,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        check=True,
        capture_output=True,
    )
    page = own_server.page("/packs/tiny/en/")
    links = dict(re.findall(r'<li><span class="kind">([^<]+)</span>:\s*(.*?)</li>', page, re.S))
    assert (
        links["components"]
        == '<a href="/packs/tiny/en/outputs/tiny-components-en-a4.pdf">tiny-components-en-a4.pdf</a>'
    )
    assert '<a href="/packs/tiny/en/outputs/png/en/ember-fox.png">png/en/ember-fox.png</a>' in links["png"]
    assert links["pdfx"].strip() == "not built"
    status, headers, body = own_server.get("/packs/tiny/en/outputs/tiny-components-en-a4.pdf")
    assert (status, headers["content-type"], body) == (
        200,
        "application/pdf",
        (workdir / "output" / "tiny" / "tiny-components-en-a4.pdf").read_bytes(),
    )
    # only what the manifest records, as it was written: not the manifest, not a file changed since
    (workdir / "output" / "tiny" / "png" / "en" / "spark.png").write_bytes(b"changed")
    for name in [".printkit-cache.json", "png/en/spark.png", "../../tiny/cards.yaml", "png/en/nothing.png"]:
        status, _, body = own_server.get(f"/packs/tiny/en/outputs/{name}")
        assert status == 404, name
        assert b"build the pack again" in body, name


def test_the_filters_say_the_packs_names_and_printkits_words_in_the_pages_language(tmp_path):
    import shutil

    from printkit.serve.packs import Preview

    from .inprocess import request

    root = shutil.copytree(REPO / "tests" / "fixtures" / "serve" / "pocket", tmp_path / "pocket")
    (root / "pack.yaml").write_text((root / "pack.yaml").read_text() + "tags:\n  beast: {name: Beast}\n")
    preview = Preview(root)
    _, _, body = request(preview, "GET", "/packs/pocket/de/?field=element:fire")
    page = body.decode()
    assert (
        '<label>Schlagwort <select name="tag">\n    <option value="">alle</option>\n    <option value="beast">Beast</option>'
        in page
    )
    assert (
        '<option value="element:fire" selected>Feuer</option>\n    <option value="element:water">Wasser</option>'
        in page
    )
    assert (
        '<label>Form <select name="field">\n    <option value="">alle</option>\n    <option value="shape:rect">Rechteck</option>'
        in page
    )
    _, _, body = request(preview, "GET", "/packs/pocket/en/")
    assert '<option value="element:water">Water</option>' in body.decode()
    assert '<label>Shape <select name="field">' in body.decode()
