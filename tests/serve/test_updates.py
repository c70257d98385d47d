"""A save in a pack folder reaches open pages: an update event naming only what changed, the
components that can be drawn drawn fresh, and the problems of each one that cannot shown where it
would be, in its section."""

import io
import re
import shutil
from itertools import product

import pytest
from PIL import Image

from .conftest import TINY, start, stop
from .reading import figure, problems, versions

pytestmark = pytest.mark.slow


def edited(server, path, old: str, new: str) -> tuple[str, dict]:
    """The event the server sends after the edit, its stream opened before it."""
    events = server.events()
    try:
        edit(path, old, new)
        return events.next()
    finally:
        events.close()


def edit(path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_editing_a_card_updates_only_that_card(own_server):
    before = versions(own_server.page("/packs/tiny/en/"))
    assert edited(own_server, own_server.pack / "cards.yaml", "Sees at night.", "Sees in the dark.") == (
        "update",
        {"pack": "tiny", "changed": ["ash-owl"]},
    )
    after = versions(own_server.page("/packs/tiny/en/"))
    assert after["ash-owl"] != before["ash-owl"]
    assert {k: v for k, v in after.items() if k != "ash-owl"} == {k: v for k, v in before.items() if k != "ash-owl"}
    status, headers, _ = own_server.get(f"/packs/tiny/en/faces/ash-owl/front.png?v={after['ash-owl']}")
    assert (status, headers["cache-control"]) == (200, "max-age=31536000, immutable")


def test_an_unknown_key_is_shown_instead_of_its_card_until_it_is_fixed(own_server):
    events = own_server.events()
    try:
        edit(own_server.pack / "cards.yaml", "    text: Sees at night.\n", "    text: Sees at night.\n    bogus: 1\n")
        assert events.next() == ("update", {"pack": "tiny", "changed": ["ash-owl"]})
        owl = figure(own_server.page("/packs/tiny/en/"), "ash-owl")
        assert problems(owl) == [
            "tiny/cards.yaml:14:5: cards[1].bogus: unknown key &#39;bogus&#39; (known keys: id, count, name, color, "
            "tags, look, data, kit, corner_radius, shape, orientation, sides, points, size, element, rarity, stats, edges, "
            "cost, type, explains, explains_power, ability, text, flavor, art, back)"
        ]
        assert "<img" not in owl
        assert '<img class="face front"' in figure(own_server.page("/packs/tiny/en/"), "ember-fox")
        status, _, _ = own_server.get("/packs/tiny/en/faces/ash-owl/front.png")
        assert status == 404  # never a stale picture of it

        edit(own_server.pack / "cards.yaml", "    bogus: 1\n", "")
        assert events.next() == ("update", {"pack": "tiny", "changed": ["ash-owl"]})
    finally:
        events.close()
    owl = figure(own_server.page("/packs/tiny/en/"), "ash-owl")
    assert 'class="problem"' not in owl
    assert '<img class="face front"' in owl


def test_a_yaml_syntax_error_is_shown_at_the_top_while_its_file_cannot_be_read(own_server):
    assert edited(
        own_server, own_server.pack / "cards.yaml", "  - id: ash-owl\n", "  - id: ash-owl\n    count: [2\n"
    ) == ("update", {"pack": "tiny", "changed": ["ash-owl", "ember-fox", "spark"]})
    page = own_server.page("/packs/tiny/en/")
    top = re.search(r'<section id="problems">.*?</section>', page, re.S).group()
    assert problems(top) == [
        "tiny/cards.yaml:11:9: YAML syntax error: did not find expected &#39;,&#39; or &#39;]&#39; while parsing a "
        "flow sequence that starts at line 10 (check the brackets, quotes and indentation just before this point)"
    ]
    assert versions(page) == {}  # nothing of the file is known: no stale picture stands for it


def test_a_problem_of_no_one_component_is_shown_at_the_top(own_server):
    assert edited(own_server, own_server.pack / "pack.yaml", "title: Tiny\n", "title: Tiny\npaper: a3\n") == (
        "update",
        {"pack": "tiny", "changed": []},
    )
    page = own_server.page("/packs/tiny/en/")
    top = re.search(r'<section id="problems">.*?</section>', page, re.S).group()
    assert problems(top) == [
        "tiny/pack.yaml:4:1: paper: unknown key &#39;paper&#39; (known keys: id, title, language, locales, editions, "
        "version, credits, source, defaults, imposition, elements, terrains, rarities, stats, backs, types, abilities, "
        "resources, tags, rules, looks, fields, fonts, locale_fonts)"
    ]
    assert '<img class="face front"' in figure(page, "ember-fox")  # the last pictures stand meanwhile


def test_text_that_does_not_fit_is_drawn_marked_beside_its_problem(own_server):
    events = own_server.events()
    try:
        edit(
            own_server.pack / "cards.yaml",
            "name: Ash Owl\n",
            "name: Ash Owl of the Very Long Night Whose Name Goes On And On Past Every Edge Of The Card\n",
        )
        assert events.next() == ("update", {"pack": "tiny", "changed": ["ash-owl"]})
    finally:
        events.close()
    owl = figure(own_server.page("/packs/tiny/en/"), "ash-owl")
    assert problems(owl) == [
        "tiny/cards.yaml:10:11: cards[1].name: text of &#39;ash-owl&#39; overflows its 37.6 x 9.1 mm box by 2.5 mm "
        "at 6 pt in locale en (shorten the text or give the component more room)"
    ]
    # the card is drawn with the name's box outlined in red and the words past it in red below it
    (src,) = re.findall(r'<img class="face front" src="([^"]+)"', owl)
    status, _, png = own_server.get(src.replace("&amp;", "&"))
    assert status == 200
    face = Image.open(io.BytesIO(png)).convert("RGB")
    red = [xy for xy in product(range(face.width), range(face.height)) if _marked(face.getpixel(xy))]
    assert red, "no overflow marked"
    left, top, right, bottom = (f(xy[i] for xy in red) for f, i in ((min, 0), (min, 1), (max, 0), (max, 1)))
    assert 20 < top < 60 and bottom - top == pytest.approx(9.1 / 25.4 * 150, abs=3)  # the name's box outlined
    inside = [(x, y) for x, y in red if left + 3 < x < right - 3 and top + 3 < y < bottom - 3]
    assert len(inside) > 100  # the words lost past its lines, in red


def _marked(pixel: tuple[int, int, int]) -> bool:
    """The overflow's mark, #e00000, as anti-aliased on the card."""
    r, g, b = pixel
    return r > 180 and g < 60 and b < 60


def test_a_pack_that_never_loaded_shows_its_problems_and_opens_once_fixed(tmp_path):
    pack = shutil.copytree(TINY, tmp_path / "tiny")
    edit(pack / "pack.yaml", "title: Tiny\n", "title: [Tiny\n")
    server = start(pack, tmp_path)
    try:
        assert (
            '<a href="/packs/tiny/">tiny</a>\n    <span class="summary">0 components, 1 problem</span>'
            in server.page("/")
        )
        status, headers, _ = server.get("/packs/tiny/")
        assert (status, headers["location"]) == (307, "/packs/tiny/-/")
        top = re.search(r'<section id="problems">.*?</section>', server.page("/packs/tiny/-/"), re.S).group()
        assert problems(top) == [
            "tiny/pack.yaml:4:9: YAML syntax error: did not find expected &#39;,&#39; or &#39;]&#39; while parsing "
            "a flow sequence that starts at line 3 (check the brackets, quotes and indentation just before this point)"
        ]
        events = server.events()
        try:
            edit(pack / "pack.yaml", "title: [Tiny\n", "title: Tiny\n")
            assert events.next() == ("update", {"pack": "tiny", "changed": ["ember-fox", "ash-owl", "spark"]})
        finally:
            events.close()
        status, headers, _ = server.get("/packs/tiny/-/")
        assert (status, headers["location"]) == (307, "/packs/tiny/")
        assert '<span class="name">Ember Fox</span>' in server.page("/packs/tiny/en/")
    finally:
        stop(server)


def test_a_card_edited_while_another_breaks_is_drawn_fresh_beside_the_broken_ones_problem(own_server):
    before = versions(own_server.page("/packs/tiny/en/"))
    _, _, old_fox = own_server.get(f"/packs/tiny/en/faces/ember-fox/front.png?v={before['ember-fox']}")
    events = own_server.events()
    try:
        text = (own_server.pack / "cards.yaml").read_text()
        edited = text.replace("Burns brightly.", "Burns low.").replace("stats: {attack: 1}", "stats: {attack: lots}")
        (own_server.pack / "cards.yaml").write_text(edited)
        assert events.next() == ("update", {"pack": "tiny", "changed": ["ember-fox", "ash-owl"]})
    finally:
        events.close()
    page = own_server.page("/packs/tiny/en/")
    fox, owl = figure(page, "ember-fox"), figure(page, "ash-owl")
    assert problems(owl) == ["tiny/cards.yaml:12:21: cards[1].stats.attack: must be a number, got &#39;lots&#39;"]
    assert "<img" not in owl and '<span class="name">Ash Owl</span>' in owl
    assert problems(fox) == [] and versions(page)["ember-fox"] != before["ember-fox"]
    status, _, new_fox = own_server.get(f"/packs/tiny/en/faces/ember-fox/front.png?v={versions(page)['ember-fox']}")
    assert status == 200 and new_fox != old_fox  # the edited card's new text, drawn although its pack is broken
    assert problems(re.search(r'<section id="problems">.*?</section>', page, re.S).group()) == []


def test_new_cards_with_bad_values_show_their_problems_in_their_section(own_server):
    events = own_server.events()
    try:
        edit(
            own_server.pack / "cards.yaml",
            "chips:\n",
            "  - {id: frost-hare, name: Frost Hare, stats: {attack: lots}}\n"
            "  - {name: Nameless, count: many}\n"
            "chips:\n",
        )
        assert events.next() == (
            "update",
            {"pack": "tiny", "changed": ["frost-hare", "tiny/cards.yaml:cards[3]"]},
        )
    finally:
        events.close()
    page = own_server.page("/packs/tiny/en/")
    cards = re.search(r'<section class="section" id="section-cards">.*?</section>', page, re.S).group()
    assert list(versions(cards)) == ["ember-fox", "ash-owl", "frost-hare", "tiny/cards.yaml:cards[3]"]
    hare, nameless = figure(cards, "frost-hare"), figure(cards, "tiny/cards.yaml:cards\\[3\\]")
    assert problems(hare) == ["tiny/cards.yaml:14:56: cards[2].stats.attack: must be a number, got &#39;lots&#39;"]
    assert '<span class="name">Frost Hare</span>' in hare
    assert problems(nameless) == [
        "tiny/cards.yaml:15:5: cards[3]: missing required key &#39;id&#39;",
        "tiny/cards.yaml:15:29: cards[3].count: must be a whole number from 0 to 10000, got &#39;many&#39;",
    ]
    assert '<span class="name">Nameless</span>' in nameless


def test_the_rulebook_waits_till_the_pack_has_no_problems(own_server):
    assert edited(own_server, own_server.pack / "cards.yaml", "stats: {attack: 1}", "stats: {attack: lots}") == (
        "update",
        {"pack": "tiny", "changed": ["ash-owl"]},
    )
    status, _, body = own_server.get("/packs/tiny/en/rulebook.pdf")
    assert status == 422  # as a build, which makes no rulebook of a pack with problems
    assert problems(body.decode("utf-8")) == [
        "tiny/cards.yaml:12:21: cards[1].stats.attack: must be a number, got &#39;lots&#39;"
    ]


def test_a_broken_card_of_a_later_file_is_shown_in_its_section_after_the_cards_before_it(own_server):
    events = own_server.events()
    try:
        (own_server.pack / "more.yaml").write_text("cards:\n  - {id: frost-hare, count: many}\n")
        assert events.next() == ("update", {"pack": "tiny", "changed": ["frost-hare"]})
    finally:
        events.close()
    page = own_server.page("/packs/tiny/en/")
    assert list(versions(page)) == ["ember-fox", "ash-owl", "frost-hare", "spark"]
    assert problems(figure(page, "frost-hare")) == [
        "tiny/more.yaml:2:29: cards[0].count: must be a whole number from 0 to 10000, got &#39;many&#39;"
    ]


def test_a_card_whose_look_fails_shows_the_looks_problem_in_its_place(own_server):
    events = own_server.events()
    try:
        edit(own_server.pack / "cards.yaml", "  - id: ash-owl\n", "  - id: ash-owl\n    look: owl\n")
        assert events.next() == ("update", {"pack": "tiny", "changed": ["ash-owl"]})  # no look 'owl' yet
        (own_server.pack / "looks").mkdir()
        (own_server.pack / "looks" / "owl.yaml").write_text("owl: {extends: poker-card, bogus: 1}\n")
        # a new looks file may change any face: all are drawn again
        assert events.next() == ("update", {"pack": "tiny", "changed": ["ember-fox", "ash-owl", "spark"]})
    finally:
        events.close()
    page = own_server.page("/packs/tiny/en/")
    assert problems(figure(page, "ash-owl")) == [
        "tiny/looks/owl.yaml:1:28: owl.bogus: unknown key &#39;bogus&#39; (known keys: extends, hide, maps, front, back)"
    ]
    assert '<img class="face front"' in figure(page, "ember-fox")
    assert problems(re.search(r'<section id="problems">.*?</section>', page, re.S).group()) == []
