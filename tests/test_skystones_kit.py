"""The Skystones kit as a fan gets it: the PDF's pages, sizes, fonts and validity."""

import subprocess
from collections import Counter

import pdfplumber
import pytest
from conftest import PT_PER_MM, TOLERANCE_MM
from pypdf import PdfReader

from printkit.content.components.boards import Board
from printkit.content.components.cards import Card
from printkit.content.components.chips import Chip
from printkit.content.components.special_fields import SpecialField
from printkit.layout.imposition import impose
from printkit.layout.sheets import SheetOptions


@pytest.fixture(scope="module")
def kit(shared_run):
    built = shared_run("build", "skystones", "--paper", "all", "--no-rulebooks")
    assert built.code == 0, built.stderr
    return built.out / "skystones"


# The seed's card list, in order: total attack points (▶) and element after mapping its icons.
SEED_CARDS = [
    (2, "fire"),
    (3, "fire"),
    (4, "fire"),
    (1, "normal"),
    (3, "normal"),
    (2, "normal"),
    (3, "electro"),
    (4, "electro"),
    (2, "electro"),
    (1, "normal"),
    (5, "normal"),
    (1, "normal"),
    (2, "water"),
    (3, "water"),
    (1, "water"),
    (2, "fire"),
    (3, "fire"),
    (5, "fire"),
    (2, "fire"),
    (3, "fire"),
    (2, "fire"),
    (5, "electro"),
    (4, "electro"),
    (2, "electro"),
    (2, "electro"),
    (5, "electro"),
    (1, "electro"),
    (3, "water"),
    (6, "water"),
    (3, "water"),
    (2, "fire"),
    (5, "fire"),
    (4, "fire"),
    (5, "earth"),
    (6, "earth"),
    (4, "earth"),
    (2, "electro"),
    (4, "electro"),
    (3, "electro"),
    (3, "air"),
    (5, "air"),
    (4, "air"),
    (2, "water"),
    (6, "water"),
    (1, "water"),
]


def test_the_cards_keep_the_seed_lists_totals_and_elements(skystones):
    cards = skystones.of_kind(Card)
    assert [(c.edges.total, c.element) for c in cards] == SEED_CARDS


def test_the_pack_has_the_board_fields_and_two_colours_of_chips(skystones):
    (board,) = skystones.of_kind(Board)
    assert (board.grid.columns, board.grid.rows, board.grid.numbered) == (3, 3, True)
    fields = skystones.of_kind(SpecialField)
    assert sorted(f.element or "blocked" for f in fields if f.blocked or f.element) == [
        "air",
        "blocked",
        "earth",
        "electro",
        "fire",
        "water",
    ]
    chips = skystones.of_kind(Chip)
    assert len({c.color for c in chips}) == 2 and all(c.count == 9 for c in chips)


def test_every_copy_is_laid_out_once(skystones):
    pages = impose(skystones, "en", SheetOptions())
    placed = Counter(p.component.id for page in pages if page.side == "front" for p in page.placements)
    assert placed == {c.id: c.count for c in skystones.components}


def test_pages_are_a4_and_cards_are_54mm_squares(kit):
    path = kit / "skystones-components-en-a4.pdf"
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            assert (round(page.width / PT_PER_MM, 2), round(page.height / PT_PER_MM, 2)) == (210.0, 297.0)
        # a card's background is a filled square drawn at its exact trim size
        card_pages = [page for page in pdf.pages if "card · fronts" in page.extract_text()]
        squares = [
            r
            for page in card_pages
            for r in page.rects
            if abs(r["width"] / PT_PER_MM - 54) < 0.5 and abs(r["height"] / PT_PER_MM - 54) < 0.5
        ]
        assert len(squares) == 45
        for rect in squares:
            assert abs(rect["width"] / PT_PER_MM - 54) <= TOLERANCE_MM
            assert abs(rect["height"] / PT_PER_MM - 54) <= TOLERANCE_MM


def test_letter_pages_are_letter_sized(kit):
    reader = PdfReader(kit / "skystones-components-en-letter.pdf")
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width) / PT_PER_MM, 1), round(float(box.height) / PT_PER_MM, 1)) == (215.9, 279.4)


def test_every_font_is_embedded(kit):
    reader = PdfReader(kit / "skystones-components-en-a4.pdf")
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font
    assert sorted(name.split("+")[-1] for name in fonts) == ["DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"]
    for name, font in fonts.items():
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{name} is not embedded"
        assert "+" in name, f"{name} is not subset"


def test_the_pdf_passes_qpdf_check(kit):
    result = subprocess.run(
        ["qpdf", "--check", str(kit / "skystones-components-en-a4.pdf")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_building_twice_gives_identical_bytes(kit, tmp_path, run):
    assert run("build", "skystones", "--no-rulebooks", "--out", tmp_path)[0] == 0
    assert (tmp_path / "skystones" / "skystones-components-en-a4.pdf").read_bytes() == (
        kit / "skystones-components-en-a4.pdf"
    ).read_bytes()
