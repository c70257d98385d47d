"""Tabletop Simulator deck sheets: one deck per back, measured from the PNGs as written."""

import pytest
from conftest import REPO

from printkit.cli import main

CELL = (409, 571)  # 4096 // 10 px wide, as tall as a poker card (63 x 88 mm)
POKER = (744, 1039)  # a poker card's face at 300 dpi: 63 x 88 mm is 744.09 x 1039.37 px


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """The PNG folder of the sorcerers' home game, whose spells and reference cards have different backs."""
    out = tmp_path_factory.mktemp("tts")
    pack = REPO / "content" / "sorcerers-home-game"
    assert main(["build", str(pack), "--png", "--no-rulebooks", "--out", str(out), "--lang", "en"]) == 0
    return out / "sorcerers-home-game" / "png" / "en"


def _cell(sheet, slot):
    column, row = slot % 10, slot // 10
    return sheet.crop((column * CELL[0], row * CELL[1], (column + 1) * CELL[0], (row + 1) * CELL[1]))


def _main_colour(image):
    return max(image.convert("RGB").getcolors(1 << 20))[1]


@pytest.mark.slow
def test_each_back_gets_a_deck_sheet_named_after_it(sheets):
    assert sorted(p.name for p in sheets.glob("tts-*.png")) == [
        "tts-cards-reference-1.png",
        "tts-cards-spellbook-1.png",
    ]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("back", "colour", "first"),
    [
        ("reference", (91, 63, 117), "charming-reference"),  # pack.yaml backs.reference: #5b3f75
        ("spellbook", (35, 48, 92), "mickeys-magic-beans"),  # backs.spellbook: #23305c; the first spell
    ],
)
def test_a_deck_sheet_holds_the_faces_of_its_back_and_that_back(sheets, back, colour, first):
    from PIL import Image, ImageChops

    sheet = Image.open(sheets / f"tts-cards-{back}-1.png")
    assert sheet.size == (10 * CELL[0], 7 * CELL[1])
    assert _main_colour(_cell(sheet, 69)) == colour  # the hidden back, bottom right
    # the cards whose own back image (written beside the sheet) shows this back
    cards = [p for p in sheets.glob("*-back.png") if Image.open(p).size == POKER]
    same_back = [p for p in cards if _main_colour(Image.open(p)) == colour]
    assert len(same_back) == {"reference": 7, "spellbook": 42}[back]
    filled = [slot for slot in range(69) if _cell(sheet, slot).convert("L").getextrema() != (255, 255)]
    assert filled == list(range(len(same_back)))
    face = Image.open(sheets / f"{first}.png").convert("RGB").resize(CELL, Image.Resampling.LANCZOS)
    difference = ImageChops.difference(face, _cell(sheet, 0).convert("RGB")).getextrema()
    assert max(high for _, high in difference) <= 2  # the pack's first card of that back, in the first slot
