"""The built-in card looks (printkit/content/builtin_looks/cards.yaml): a card's name, stats and text
where the look puts them, nothing set under 6 pt on any bundled card in any of its languages, no
empty placeholders, and a look of a pack's own that extends one of them."""

from pathlib import Path

import pytest
from conftest import BUNDLED, REPO, TRANSLATIONS, loaded_pack

from printkit.base.shapes import Rect, Text
from printkit.content.read import load_checked
from printkit.faces import richtext
from printkit.faces.looks import look_of
from printkit.faces.paint import LookContext
from printkit.i18n.translate import translate
from printkit.layout.pieces import draw_pieces

# A poker card (63 x 88 mm) without a rotation track: its content lies in a panel 5 % + 1.5 mm in
# from each side of the trim (a rectangle's content box is its trim box).
PANEL_X, PANEL_TOP = 63 * 0.05 + 1.5, 88 * 0.05 + 1.5
PANEL_W, PANEL_H = 63 * 0.9 - 3, 88 * 0.9 - 3

STATS = "stats: {attack: {name: Attack, short: ATK}, defense: {name: Defense, short: DEF}, speed: {name: Speed}}\n"
HERO = (
    "cards:\n  - {id: hero, name: Hero, stats: {attack: 4, defense: 7, speed: 2}, text: Strikes first., look: LOOK}\n"
)


def _front(pack, component_id: str):
    component = next(c for c in pack.components if c.id == component_id)
    look = look_of(pack, component)
    ctx = LookContext(pack, "en")
    drawing = look.front(ctx, component, look.size(component, pack))
    assert ctx.problems == []
    return drawing


def _texts(drawing) -> dict[str, Text]:
    return {shape.text: shape for shape in drawing if isinstance(shape, Text)}


def _centre_x(text: Text) -> float:
    return text.x + richtext.measure(text.text, text.font, text.size) / 2


def _in_panel(top: float, height: float) -> tuple[float, float]:
    """The lowest and highest y (from the card's bottom) of a band of the panel given as shares of its
    height from its top, as the look writes boxes."""
    upper = 88 - PANEL_TOP - top * PANEL_H
    return upper - height * PANEL_H, upper


def test_a_stat_cards_name_stats_and_text_lie_in_the_boxes_its_look_gives_them(tmp_path):
    pack = loaded_pack(tmp_path, STATS, HERO.replace(", look: LOOK", ""))
    texts = _texts(_front(pack, "hero"))
    # The name, centred in the band (the top 12 % of the panel).
    low, high = _in_panel(0.0, 0.12)
    assert low < texts["Hero"].y < high
    assert _centre_x(texts["Hero"]) == pytest.approx(31.5, abs=0.01)
    # The stats in a row of three equal cells across the panel, from 47.5 % down, 12.5 % high.
    low, high = _in_panel(0.475, 0.125)
    cell = PANEL_W / 3
    for index, (value, label) in enumerate((("4", "ATK"), ("7", "DEF"), ("2", "Speed"))):
        centre = PANEL_X + cell * (index + 0.5)
        for shown in (texts[value], texts[label]):
            assert low < shown.y < high
            assert _centre_x(shown) == pytest.approx(centre, abs=0.01)
        assert texts[value].y > texts[label].y  # the value over its short name
    # The rules text below, from 61.5 % of the panel to its bottom.
    low, high = _in_panel(0.615, 0.385)
    assert low < texts["Strikes first."].y < high


def test_a_look_extending_stat_card_replaces_the_name_in_its_band_and_hides_the_stats(tmp_path):
    looks = (
        "looks:\n"
        "  big-name:\n"
        "    extends: stat-card\n"
        "    hide: [stats]\n"
        "    front:\n"
        "      - text: {id: name, text: '{name}!', box: [0%, 0%, 50%, 100%], font: serif-bold, size: 12, align: left}\n"
    )
    twin = "  - {id: twin, name: Twin, stats: {attack: 4, defense: 7, speed: 2}, text: Strikes first.}\n"
    pack = loaded_pack(tmp_path, STATS + looks, HERO.replace("LOOK", "big-name") + twin)
    drawing = _front(pack, "hero")
    texts = _texts(drawing)
    # In the band's place (replaced inside its group), in the new box and font: the band's left half.
    name = texts["Hero!"]
    low, high = _in_panel(0.0, 0.12)
    assert low < name.y < high and name.font == "serif-bold" and name.size == 12
    assert name.x == pytest.approx(PANEL_X)
    assert "Hero" not in texts
    # The stats are gone; the rest of the look is drawn as before.
    assert not {"4", "7", "2", "ATK", "DEF", "Speed"} & set(texts)
    assert "Strikes first." in texts
    assert len(drawing) == len(_front(pack, "twin")) - 3 * 3  # three cells of a rect and two texts


@pytest.fixture(scope="module")
def bundled_cards():
    """Every card of every bundled pack (each has cards), drawn in each of the pack's languages."""
    packs = load_checked([REPO / "content" / pack for pack in BUNDLED])
    drawn = []
    for pack in packs:
        for locale in pack.meta.locales:
            translated = translate(pack, locale).pack
            pieces = draw_pieces(translated, locale, 0.0)
            drawn += [(pack.meta.id, locale, p) for p in pieces if p.component.kind == "card"]
    return drawn


@pytest.mark.slow
def test_no_text_on_a_bundled_card_is_set_under_6_pt_in_any_of_its_languages(bundled_cards):
    assert {(pack, locale) for pack, locale, _ in bundled_cards} == {
        (pack, locale) for pack in BUNDLED for locale in ["en", *TRANSLATIONS[pack]]
    }
    small = [
        (pack, locale, piece.component.id, shape.text, shape.size)
        for pack, locale, piece in bundled_cards
        for shape in piece.front + (piece.back or [])
        if isinstance(shape, Text) and shape.size < 6
    ]
    assert small == []


def test_an_action_card_without_art_or_icon_gives_its_action_the_room_under_its_name():
    (pack,) = load_checked([Path(REPO / "content/skylands")])
    drawing = _front(pack, "discover-islands")  # 100 x 70 mm
    rects = [shape for shape in drawing if isinstance(shape, Rect)]
    assert len(rects) == 3  # the frame, the paper, the name band: no empty picture box
    band = rects[2]
    lines = [shape for shape in drawing if isinstance(shape, Text) and shape.text != "Discover islands"]
    assert lines and all(line.size == 12 for line in lines)  # set large
    assert all(line.y < band.y for line in lines)


def test_a_skylanders_character_card_uses_its_lower_half_for_its_emblem_and_stats():
    (pack,) = load_checked([Path(REPO / "content/skylanders-tabletop")])
    texts = _texts(_front(pack, "spyro"))  # no rules text: the window and a larger row of stats
    assert texts["Magic"].y < 88 / 2  # the element's name under the emblem, in the lower half
    assert all(texts[value].y < 88 * 0.25 for value in ("50", "40", "90", "30"))  # the stats in the lowest quarter
    assert texts["50"].size > 11  # larger than on a card with rules text
