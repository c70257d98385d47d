"""The bundled games' own needs: component lists in the right number,
inches with centimetres for German readers, the ruler's glue label inside its strip, and the
Skylands board side with islands printed on it."""

from pathlib import Path

import pytest
from conftest import loaded_pack

from printkit.base.shapes import Circle, Text
from printkit.base.shapes import Path as PathShape
from printkit.content.read import load_checked
from printkit.faces import richtext
from printkit.faces.looks import look_of
from printkit.faces.paint import LookContext
from printkit.i18n import words as ui
from printkit.i18n.translate import translate
from printkit.layout.imposition import impose
from printkit.layout.sheets import SheetOptions
from printkit.layout.split import OVERLAP
from printkit.rulebook.book import component_list


def _front(pack, component_id: str, locale: str = "en"):
    component = next(c for c in pack.components if c.id == component_id)
    look = look_of(pack, component)
    return look.front(LookContext(pack, locale), component, look.size(component, pack))


def _texts(drawing) -> list[str]:
    return [shape.text for shape in drawing if isinstance(shape, Text)]


INVENTORY = """rules:
  components:
    title: Component list
    sections: {}
    checks:
      - {kind: inventory, name: one, select: {section: boards, tag: a}, count: 1, called: boards, called_one: board}
      - {kind: inventory, name: two, select: {section: boards, tag: b}, count: 2, called: boards, called_one: board}
"""


def shown(lines: list[dict]) -> list[str]:
    """Component list lines as the rulebook prints them."""
    return [f"{line['before']}{line['count']}{line['after']}" for line in lines]


def test_an_inventory_line_is_singular_for_one_and_plural_for_more(tmp_path):
    pack = loaded_pack(
        tmp_path,
        INVENTORY,
        "boards:\n  - {id: a, tags: [a], grid: {columns: 1, rows: 1, square: 20mm}}\n"
        "  - {id: b, tags: [b], count: 2, grid: {columns: 1, rows: 1, square: 20mm}}\n",
    )
    assert shown(component_list(pack, "en")) == ["1 board", "2 boards"]


def test_the_german_skylands_list_says_one_supply_board_and_one_scoring_pad():
    (pack,) = load_checked([Path("content/skylands")])
    lines = shown(component_list(translate(pack, "de").pack, "de"))
    assert "1 Vorratstafel" in lines and "1 Wertungsblock" in lines and "4 Aktionstafeln" in lines


@pytest.mark.parametrize(
    "locale,expected",
    [("en", "4.5 in (11 cm)"), ("de", "4,5 Zoll (ca. 11 cm)"), ("fr", "4,5\u00a0po (env.\u00a011\u00a0cm)")],
)
def test_a_length_in_inches_is_written_as_the_locale_writes_it(locale, expected):
    assert ui.of(locale).length_in(4.5) == expected


def test_a_german_stat_card_prints_move_in_inches_and_centimetres():
    (pack,) = load_checked([Path("content/skylanders-tabletop")])
    german = translate(pack, "de").pack
    drawn = " ".join(_texts(_front(german, "drobot", "de")))  # Agility 45
    assert "4,5\u00a0Zoll (ca.\u00a011\u00a0cm)" in drawn  # set with no-break spaces


def test_the_glue_label_of_a_split_ruler_fits_its_strip(tmp_path):
    pack = loaded_pack(
        tmp_path,
        "locales: [en, de]\n",
        "rulers:\n  - {id: range, length: 12in, width: 28mm, marks: [4in, 8in, 12in]}\n",
    )
    (page,) = [p for p in impose(pack, "de", SheetOptions()) if p.side == "front"]
    first = min(page.placements, key=lambda p: p.window[0])
    (label,) = [s for s in first.drawing if isinstance(s, Text) and s.text.startswith("Klebe")]
    strip = first.window[2] - OVERLAP  # the next fragment is glued over the last 10 mm
    assert label.text == "Klebefläche A2" and label.angle == 90
    assert strip < label.x - label.size * 0.35 and label.x < strip + OVERLAP  # the glyphs lie inside the strip
    assert label.y + richtext.measure(label.text, "sans", label.size) <= first.window[3]


def _terrain_fills(drawing, colour: str) -> int:
    return sum(1 for shape in drawing if isinstance(shape, PathShape) and shape.fill == colour)


def test_the_skylands_islands_side_prints_its_islands_and_the_empty_side_none():
    (pack,) = load_checked([Path("content/skylands")])
    woods, city = pack.meta.terrains["woods"].color, pack.meta.terrains["city"].color
    islands, empty = _front(pack, "player-board-islands"), _front(pack, "player-board")
    assert (_terrain_fills(islands, woods), _terrain_fills(islands, city)) == (2, 2)  # one edge each way
    assert (_terrain_fills(empty, woods), _terrain_fills(empty, city)) == (0, 0)
    rings = [s for s in islands if isinstance(s, Circle) and s.fill == "#ffffff"]
    assert len(rings) == 4  # the printed squares' spaces


def test_every_skylands_island_has_its_spaces():
    (pack,) = load_checked([Path("content/skylands")])
    islands = [c for c in pack.components if "island" in c.tags]
    assert len(islands) == 20 and all(sum(c.spaces.values()) >= 1 for c in islands)  # 20 kinds make the 88
    assert sum(c.count * sum(c.spaces.values()) for c in islands) == 88 + 4 * 4  # tees and centres hold two
