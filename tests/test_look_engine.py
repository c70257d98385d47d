"""Looks as data: the engine's rules (measures, placeholders, conditions, groups, text setting,
extends), and a pack with a look of its own (tests/fixtures/looks/glow)
built in English and German, its words and colours read back from the PDF and the PNGs."""

import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import FIXTURES, PT_PER_MM, loaded_pack
from PIL import Image as PILImage

from printkit.base.errors import ValueProblem
from printkit.base.shapes import Rect, Text
from printkit.content.looks import (
    Condition,
    Declared,
    LookDef,
    LookElement,
    Measure,
    merged,
    parse_measure,
    parse_template,
)

GLOW = FIXTURES / "looks" / "glow"

# --- the engine ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written, measure, of_63",
    [
        ("100% - 6mm", Measure(1.0, -6.0), 57.0),
        ("12mm", Measure(0.0, 12.0), 12.0),
        ("0.5in", Measure(0.0, 12.7), 12.7),
        ("50%", Measure(0.5, 0.0), 31.5),
        (8, Measure(0.0, 8.0), 8.0),
        ("-2mm", Measure(0.0, -2.0), -2.0),
        ("50% + 1cm", Measure(0.5, 10.0), 41.5),
    ],
)
def test_a_measure_is_a_share_of_the_frame_plus_a_length(written, measure, of_63):
    assert parse_measure(written) == pytest.approx(measure)
    assert parse_measure(written).of(63) == pytest.approx(of_63)


def test_a_measure_joins_its_terms_with_a_sign():
    with pytest.raises(ValueProblem, match="must be a length or a share"):
        parse_measure("50% 6mm")


CARD_PACK = "stats: {power: {name: Power}}\nfields:\n  glow: {type: integer, label: Glow, default: 1}\n"
CARDS = (
    "cards:\n"
    "  - {id: plain, name: Plain, text: Rules}\n"
    "  - {id: fancy, name: Fancy, text: Rules, flavor: Old tale, stats: {power: 2}, data: {glow: 4}}\n"
    "chips:\n"
    "  - {id: token, label: Front, back: {label: Back, color: '#112233'}}\n"
    "  - {id: five, value: 5, diameter: 20mm}\n"
    "  - {id: five-vp, value: 5, label: VP, diameter: 20mm}\n"
)


@pytest.fixture
def faces(tmp_path):
    """A face of each component of a small pack, by id, to draw elements on."""
    from printkit.content.values import Values, outline, trim
    from printkit.faces.face import Face
    from printkit.faces.paint import LookContext

    pack = loaded_pack(tmp_path, CARD_PACK, CARDS)
    context = LookContext(pack, "en")
    return {
        c.id: Face(context, c, Values(c, pack), trim(c, pack), outline(c, pack)) for c in pack.components
    }  # fmt: skip


def drawn(face, *elements):
    from printkit.faces.looks import draw

    return draw(face, [LookElement.model_validate(e) for e in elements], (0.0, 0.0, *face.size))


def texts(drawing):
    return [shape for shape in drawing if isinstance(shape, Text)]


def test_the_first_value_that_is_set_fills_a_choice_of_placeholders(faces):
    choice = parse_template("{flavor|text}")
    assert faces["plain"].text(choice) == ("Rules", "text")
    assert faces["fancy"].text(choice) == ("Old tale", "flavor")


def test_a_line_whose_placeholders_are_all_empty_is_left_out(faces):
    template = parse_template("{name}\n*{flavor}*\nPower {stats.power}\nEnd")
    assert faces["plain"].text(template) == ("Plain\nEnd", "name")
    assert faces["fancy"].text(template) == ("Fancy\n*Old tale*\nPower 2\nEnd", "name")


def test_a_field_prints_its_value_its_default_and_its_declared_label(faces):
    template = parse_template("{fields.glow.label}: {data.glow}")
    assert faces["fancy"].text(template)[0] == "Glow: 4"
    assert faces["plain"].text(template)[0] == "Glow: 1"  # the field's default


def test_when_not_draws_only_where_the_value_is_unset(faces):
    unset = (Condition("flavor", True),)
    assert faces["plain"].holds(unset) and not faces["fancy"].holds(unset)
    element = {"text": {"when": "not flavor", "text": "No tale", "box": [0, 0, "100%", "20%"]}}
    assert [t.text for t in texts(drawn(faces["plain"], element))] == ["No tale"]
    assert texts(drawn(faces["fancy"], element)) == []


@pytest.mark.parametrize(
    ("when", "drawn_on"),
    [
        ("data.glow >= 4", ["fancy"]),  # the others' glow is the field's default, 1
        ("data.glow < 4", ["plain", "token", "five", "five-vp"]),
        ("data.glow == 1", ["plain", "token", "five", "five-vp"]),
        ("data.glow != 4", ["plain", "token", "five", "five-vp"]),
        ("data.glow in [2, 4]", ["fancy"]),
        ("stats.power > 1", ["fancy"]),  # plain has no power: neither more nor less than any
        ("name in [Plain, Other]", ["plain"]),
        ("flavor == 'Old tale'", ["fancy"]),
        ("flavor != 'Old tale'", ["plain", "token", "five", "five-vp"]),  # unset is unequal to every value
    ],
)
def test_when_compares_a_value(faces, when, drawn_on):
    element = {"text": {"when": when, "text": "Shown", "box": [0, 0, "100%", "20%"]}}
    assert [name for name, face in faces.items() if texts(drawn(face, element))] == drawn_on


MAPS_PACK = """\
elements: {fire: {name: Fire, color: '#d94f2b'}, water: {name: Water, color: '#2b6cd9'}}
fields:
  rarity: {type: choice, values: [common, rare]}
  glow: {type: integer, default: 1}
looks:
  base:
    maps:
      rarity-colours: {common: '#888888', rare: '#c9a227'}
      glow-words: {1: Dim, 5: Bright}
  mapped:
    extends: base
    front:
      - rect: {fill: "{data.rarity:rarity-colours}"}
      - text: {text: "{data.glow:glow-words} {data.rarity:rarity-codes}"}
      - icon: {icon: "{element:element-icons}", box: [0, 0, 10mm, 10mm]}
    maps:
      element-icons: {fire: fire, water: water}
      rarity-codes: {common: C, rare: R}
"""


def test_a_map_gives_a_colour_a_text_and_an_icon_for_a_value(tmp_path):
    from printkit.content.values import Values, outline, trim
    from printkit.faces.face import Face
    from printkit.faces.looks import look_of
    from printkit.faces.paint import LookContext

    cards = (
        "cards:\n"
        "  - {id: ember, name: Ember, look: mapped, element: fire, data: {rarity: rare, glow: 5}}\n"
        "  - {id: drop, name: Drop, look: mapped, element: water, data: {rarity: common}}\n"
    )
    pack = loaded_pack(tmp_path, MAPS_PACK, cards)
    ember, drop = pack.components
    context = LookContext(pack, "en")
    front = {card.id: look_of(pack, card).front(context, card, trim(card, pack)) for card in (ember, drop)}
    assert [shape.fill for shape in front["ember"] if isinstance(shape, Rect)][0] == "#c9a227"
    assert [shape.fill for shape in front["drop"] if isinstance(shape, Rect)][0] == "#888888"
    assert [t.text for t in texts(front["ember"])] == ["Bright R"]
    assert [t.text for t in texts(front["drop"])] == ["Dim C"]  # glow's default, 1, through the map
    icon = {"icon": {"icon": "fire", "box": [0, 0, "10mm", "10mm"]}}
    fire = drawn(Face(context, ember, Values(ember, pack), trim(ember, pack), outline(ember, pack)), icon)
    assert fire and list(front["ember"])[-len(fire) :] == list(fire)  # the fire icon, drawn as named outright


def test_a_group_of_back_names_the_values_of_the_back(faces):
    group = {"group": {"of": "back", "when": "back", "elements": [{"text": {"text": "{label}"}}]}}
    assert [t.text for t in texts(drawn(faces["token"], group))] == ["Back"]


def test_a_chip_showing_only_a_number_prints_it_large_and_centred(tmp_path):
    from printkit.faces.looks import look_of
    from printkit.faces.paint import LookContext

    pack = loaded_pack(tmp_path, CARD_PACK, CARDS)
    context = LookContext(pack, "en")

    def front_texts(chip_id):
        chip = next(c for c in pack.components if c.id == chip_id)
        look = look_of(pack, chip)
        return texts(look.front(context, chip, look.size(chip, pack)))

    (alone,) = front_texts("five")
    with_label, _ = front_texts("five-vp")
    assert alone.text == with_label.text == "5"
    assert alone.size > 1.4 * with_label.size  # with a label the number is the large figure too, above it
    assert alone.y < with_label.y  # with a label the number sits above the middle; alone it fills it


def test_valign_puts_the_text_at_the_top_or_bottom_of_its_box(faces):
    def baseline(valign):
        element = {"text": {"text": "Hi", "box": [0, 0, "100%", "100%"], "valign": valign, "size": 10}}
        (line,) = texts(drawn(faces["plain"], element))
        return line.y

    top, middle, bottom = baseline("top"), baseline("middle"), baseline("bottom")
    assert 88 - 10 / PT_PER_MM < top < 88  # y up: the first line just under the top edge
    assert 0 < bottom < 10 / PT_PER_MM
    assert bottom < middle < top and middle == pytest.approx(44, abs=2)


def test_an_angle_turns_the_text_about_its_box_centre(faces):
    element = {"text": {"text": "Hi", "box": [0, 0, "10mm", "100%"], "angle": 90, "size": 10}}
    (line,) = texts(drawn(faces["plain"], element))
    assert line.angle == 90
    assert 0 < line.x < 10  # set along the tall box, its baseline inside it
    assert line.y == pytest.approx(44, abs=5)


def _declared(**looks):
    return {look_id: Declared(LookDef.model_validate(look), "pack.yaml", ("looks", look_id)) for look_id, look in looks.items()}  # fmt: skip


def test_extends_replaces_by_id_hides_and_adds_on_top():
    rect = lambda element_id, colour: {"rect": {"id": element_id, "fill": colour}}  # noqa: E731
    looks = _declared(
        base={"front": [rect("a", "#000001"), rect("b", "#000002"), rect("c", "#000003")], "back": [rect("z", "ink")]},
        mine={"extends": "base", "hide": ["b"], "front": [rect("a", "#0000aa"), rect("d", "#0000dd")]},
    )
    front, back = merged(looks, "mine")
    assert [(e.spec.id, e.spec.fill[1]) for e in front] == [("a", "#0000aa"), ("c", "#000003"), ("d", "#0000dd")]
    assert [e.spec.id for e in back] == ["z"]


# --- a pack with a look of its own ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def glow_kit(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("glow")
    assert main(["build", str(GLOW), "--out", str(out), "--png", "--no-rulebooks"]) == 0
    return out / "glow"


NAME_BOX = (4, 2, 43, 10)  # x, y, width, height in mm from the card's top left, as looks/cards.yaml places them
POWER_BOX = (4, 76, 22, 8)
BACK_TITLE_BOX = (9.45, 38.72, 44.1, 10.56)  # the sun group's [15%, 30%, 70%, 40%], its text [0, 35%, 100%, 30%]


def _cards(pdf_path: Path, side: int):
    """Each card of a sheet (the PDF's page after the calibration page and its back, front 0 or back 1):
    the words inside its 63 x 88 mm background, each with its box in mm from the card's top left."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[2 + side]
        cards = []
        for rect in page.rects:
            if (rect["width"] / PT_PER_MM, rect["height"] / PT_PER_MM) != pytest.approx((63, 88), abs=1e-3):
                continue
            inside = [w for w in page.extract_words() if rect["x0"] <= w["x0"] and w["x1"] <= rect["x1"] and rect["top"] <= w["top"] and w["bottom"] <= rect["bottom"]]  # fmt: skip
            cards.append(
                [
                    (
                        w["text"],
                        ((w["x0"] - rect["x0"]) / PT_PER_MM, (w["top"] - rect["top"]) / PT_PER_MM),
                        ((w["x1"] - rect["x0"]) / PT_PER_MM, (w["bottom"] - rect["top"]) / PT_PER_MM),
                    )
                    for w in inside
                ]
            )
        return cards


def _words_in(card, box):
    x, y, width, height = box
    slack = 0.2  # mm: a glyph's bounding box may reach a hair past the line box it is set in
    return [
        text
        for text, (x0, top), (x1, bottom) in card
        if x - slack <= x0 and x1 <= x + width + slack and y - slack <= top and bottom <= y + height + slack
    ]


@pytest.mark.parametrize(
    "lang, name, power", [("en", ["Ember", "Fox"], ["Glow", "3"]), ("de", ["Glutfuchs"], ["Glut", "3"])]
)
def test_the_look_places_each_text_in_its_box(glow_kit, lang, name, power):
    fronts = _cards(glow_kit / f"glow-components-{lang}-a4.pdf", 0)
    (ember,) = [card for card in fronts if name[0] in [text for text, *_ in card]]
    assert _words_in(ember, NAME_BOX) == name
    assert _words_in(ember, POWER_BOX) == power  # the look's own words, translated in the German kit


@pytest.mark.parametrize("lang, title", [("en", "Glow"), ("de", "Glühen")])
def test_a_text_in_a_group_on_the_back_is_placed_in_the_group_and_translated(glow_kit, lang, title):
    backs = _cards(glow_kit / f"glow-components-{lang}-a4.pdf", 1)
    assert len(backs) == 2
    assert all(_words_in(card, BACK_TITLE_BOX) == [title] for card in backs)


def _pixel(png: Path, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    with PILImage.open(png) as image:
        dpi = image.width / (63 / 25.4)
        return image.convert("RGB").getpixel((round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)))


def test_the_png_shows_each_colour_at_its_box(glow_kit):
    png = glow_kit / "png" / "en"
    assert _pixel(png / "ember-fox.png", 59, 84) == (0x3C, 0x8D, 0x2F)  # the corner rect, '#3c8d2f'
    assert _pixel(png / "ember-fox.png", 31.5, 1) == (0xD9, 0x4F, 0x2B)  # the band, {color}: fire's
    assert _pixel(png / "tide-crab.png", 31.5, 1) == (0x2B, 0x6C, 0xD9)  # water's
    assert _pixel(png / "tide-crab-back.png", 31.5, 10) == (0x2F, 0x2A, 0x4A)  # the back's background


def test_the_look_text_is_in_the_catalog_under_its_place_in_the_look():
    from printkit.content.read import load_checked
    from printkit.i18n.extract import messages

    (pack,) = load_checked([GLOW])
    looks = [(m.place, m.msgid, m.file.rsplit("/", 1)[1], m.line) for m in messages(pack) if m.key.kind == "look"]
    assert looks == [
        ("look:glow-card/front/glow-label/text", "Glow {data.glow}", "cards.yaml", 22),
        ("look:glow-card/back/sun/group/elements/1/text", "Glow", "cards.yaml", 34),
    ]  # "{text}\n*{flavor}*" and "{name}" have no words of their own


def test_a_translation_that_breaks_a_look_placeholder_is_a_problem_at_its_catalog_line(run, tmp_path):
    """{Data.glow} is no placeholder: the translation is not printed (the cards keep the English,
    marked DRAFT), and a strict build places the problem at its catalog line."""
    pack = tmp_path / "glow"
    shutil.copytree(GLOW, pack)
    catalog = pack / "locales" / "de" / "LC_MESSAGES" / "glow.po"
    catalog.write_text(catalog.read_text().replace('msgstr "Glut {data.glow}"', 'msgstr "Glut {Data.glow}"'))
    code, _, err = run("build", pack, "--out", tmp_path / "out", "--no-rulebooks", "--lang", "de", "-q")
    assert (code, err) == (
        0,
        "printkit: warning: glow (de): 1 string not translated; 2 components marked DRAFT "
        "(see 'printkit i18n stats glow')\n",
    )
    code, _, err = run("build", pack, "--out", tmp_path / "strict", "--no-rulebooks", "--strict")
    assert (code, err.splitlines()) == (
        1,
        [
            f"{catalog}:32:1: look:glow-card/front/glow-label/text: placeholders differ from the English: lost "
            "{data.glow} (keep every {name}, [icon] and ▶ of the English text)",
            "1 problem found",
        ],
    )


def test_an_untranslated_look_text_marks_the_cards_drawn_with_it_as_drafts(tmp_path):
    from printkit.content.read import load_checked
    from printkit.i18n.translate import translate

    pack = tmp_path / "glow"
    shutil.copytree(GLOW, pack)
    catalog = pack / "locales" / "de" / "LC_MESSAGES" / "glow.po"
    catalog.write_text(catalog.read_text().replace('msgstr "Glühen"\n', 'msgstr ""\n'))
    (loaded,) = load_checked([pack])
    translation = translate(loaded, "de")
    assert [m.place for m in translation.missing] == [  # one text, used in three places
        "pack:title",
        "pack:fields/glow/label",
        "look:glow-card/back/sun/group/elements/1/text",
    ]
    assert translation.drafts == {"ember-fox", "tide-crab"}


def test_a_pack_yaml_look_gives_its_words_to_the_catalog_under_its_own_key(tmp_path):
    from printkit.i18n.extract import messages

    pack = loaded_pack(
        tmp_path,
        "looks:\n  mine:\n    front:\n      - text: {text: '{name}'}\n      - text: {text: 'Hello {name}!'}\n",
        "cards:\n  - {id: a, name: Ann, look: mine}\n",
    )
    assert [(m.place, m.msgid) for m in messages(pack)] == [
        ("pack:title", "Kit"),
        ("look:mine/front/1/text", "Hello {name}!"),
        ("card:a/name", "Ann"),
    ]
