"""Print-and-play sheets: registration of backs, page boxes, bleed, fold-and-glue, calibration, splitting."""

import pdfplumber
import pytest
from conftest import PT_PER_MM, TOLERANCE_MM, loaded_pack
from pypdf import PdfReader

from printkit.base.units import Size
from printkit.layout.imposition import impose
from printkit.layout.sheets import PAPERS, SheetOptions


def _flipped(front, paper: Size, duplex: str) -> tuple[float, float]:
    """Where a front's trim box lands on the back of the sheet, computed independently of layout."""
    portrait = paper.width <= paper.height
    if (duplex == "long") == portrait:
        return paper.width - front.x - front.width, front.y
    return front.x, paper.height - front.y - front.height


def _assert_registered(pages, duplex):
    checked = 0
    for front_page, back_page in zip(pages[0::2], pages[1::2], strict=False):
        assert front_page.side in ("front", "calibration") and back_page.side == "back"
        fronts = [p for p in front_page.placements if p.other_side is not None]
        assert len(back_page.placements) == len(fronts)
        for front, back in zip(fronts, back_page.placements, strict=False):
            x, y = _flipped(front, front_page.size, duplex)
            assert back.component is front.component and back.drawing is front.other_side
            assert abs(back.x - x) <= TOLERANCE_MM and abs(back.y - y) <= TOLERANCE_MM
            assert (back.width, back.height) == (front.width, front.height)
            checked += 1
    return checked


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_every_back_lands_on_its_front_when_flipped(skystones, paper, duplex):
    pages = impose(skystones, "en", SheetOptions(paper, duplex))
    assert len(pages) % 2 == 0, "fronts and backs come in pairs"
    assert _assert_registered(pages, duplex) == 45 + 6  # every card and special field has a back


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_register_on_landscape_sheets_too(tmp_path, duplex):
    pack = loaded_pack(
        tmp_path,
        "backs: {plain: {title: Back, color: '#335577'}}\n",
        "cards:\n  - {id: wide, size: 120x60mm, count: 5, back: plain}\n",
    )
    pages = impose(pack, "en", SheetOptions("a4", duplex))
    assert {page.size for page in pages[2:]} == {Size(297.0, 210.0)}  # 2 x 3 fit turned, 1 x 4 upright
    assert _assert_registered(pages, duplex) == 5


def test_double_sided_markers_print_both_faces(tmp_path):
    pack = loaded_pack(
        tmp_path,
        "",
        "markers:\n  - id: turn\n    count: 4\n    front: {label: Active, color: '#2a9d8f'}\n"
        "    back: {label: Passive, color: '#555555'}\n",
    )
    pages = impose(pack, "en", SheetOptions())
    assert _assert_registered(pages, "long") == 4


def test_fold_and_glue_puts_each_back_beside_its_front(skystones):
    pages = impose(skystones, "en", SheetOptions("a4", "off"))
    assert all(page.side != "back" for page in pages)
    for page in pages:
        for front, back in zip(page.placements, page.placements[1:], strict=False):
            if front.face == "front" and back.face == "back":
                assert back.component is front.component
                assert (back.x, back.y) == (front.x + front.width, front.y)


def test_bleed_widens_gutters_and_bleed_box(skystones):
    pages = impose(skystones, "en", SheetOptions("a4", "long", 3.0))
    page = pages[2]
    cards = sorted(page.placements, key=lambda p: (-p.y, p.x))
    assert cards[1].x - (cards[0].x + cards[0].width) == pytest.approx(6.0)
    x0, y0, x1, y1 = page.trim_box
    assert page.bleed_box == pytest.approx((x0 - 3, y0 - 3, x1 + 3, y1 + 3))
    assert x0 == pytest.approx(min(p.x for p in page.placements))


def test_a_component_larger_than_the_paper_is_split_with_overlap(tmp_path):
    pack = loaded_pack(tmp_path, "", "sheets:\n  - {id: pad, title: Scores, size: 300x400mm}\n")
    pages = [p for p in impose(pack, "en", SheetOptions()) if p.side == "front"]
    fragments = [placement for page in pages for placement in page.placements]
    windows = [f.window for f in fragments]
    assert len(windows) == 4 and all(f.whole == (300, 400) for f in fragments)
    xs = sorted({w[0] for w in windows} | {w[2] for w in windows})
    ys = sorted({w[1] for w in windows} | {w[3] for w in windows})
    assert (xs[0], xs[-1], ys[0], ys[-1]) == pytest.approx((0, 300, 0, 400))  # the pieces cover it all
    for fragment in fragments:
        x0, y0, x1, y1 = fragment.window
        assert (fragment.width, fragment.height) == pytest.approx((x1 - x0, y1 - y0))
        assert x1 - x0 <= PAPERS["a4"].width - 20 + 1e-6 and y1 - y0 <= PAPERS["a4"].height - 20 + 1e-6
    left = [w for w in windows if w[0] == 0][0]
    right = [w for w in windows if w[0] > 0][0]
    assert left[2] - right[0] == pytest.approx(10.0)  # glued over a 10 mm overlap


def test_a_fragments_own_labels_keep_the_default_safe_zone(tmp_path):
    """printkit's words on a fragment (its name, where the next is glued on) keep 3 mm inside its
    edges, as a look's text must: a cut may take off that much ("glue A2" began 1.5 mm in)."""
    from printkit.base.shapes import Text
    from printkit.faces import richtext
    from printkit.layout.marks import CUT_GREY

    pack = loaded_pack(tmp_path, "", "sheets:\n  - {id: pad, title: Scores, size: 300x400mm}\n")
    fragments = [p for page in impose(pack, "en", SheetOptions()) if page.side == "front" for p in page.placements]
    nearest = []
    for fragment in fragments:
        x0, y0, x1, y1 = fragment.window
        for label in [s for s in fragment.drawing if isinstance(s, Text) and s.color == CUT_GREY]:
            width, ascent = richtext.measure(label.text, label.font, label.size), label.size / PT_PER_MM * 0.75
            start = label.x - {"left": 0, "center": width / 2, "right": width}[label.align]
            if label.angle == 90:  # up the strip, the glyphs to the left of x
                box = (label.x - ascent, label.y, label.x, label.y + width)
            else:
                box = (start, label.y, start + width, label.y + ascent)
            nearest.append(min(box[0] - x0, box[1] - y0, x1 - box[2], y1 - box[3]))
    assert len(nearest) == 4 + 4 and min(nearest) >= 3.0  # each fragment's name, and the glue labels


@pytest.fixture(scope="module")
def kit_pdf(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("print")
    assert main(["build", "skystones", "--out", str(out), "--bleed", "3", "--no-rulebooks"]) == 0
    return out / "skystones" / "skystones-components-en-a4.pdf"


def test_the_pdf_carries_the_layouts_trim_and_bleed_boxes(kit_pdf, skystones):
    pages = impose(skystones, "en", SheetOptions("a4", "long", 3.0))
    reader = PdfReader(kit_pdf)
    assert len(reader.pages) == len(pages)
    for pdf_page, page in zip(reader.pages, pages, strict=False):
        assert [float(v) / PT_PER_MM for v in pdf_page.trimbox] == pytest.approx(list(page.trim_box), abs=1e-3)
        assert [float(v) / PT_PER_MM for v in pdf_page.bleedbox] == pytest.approx(list(page.bleed_box), abs=1e-3)


def test_the_pdf_asks_print_dialogs_not_to_scale(kit_pdf):
    preferences = PdfReader(kit_pdf).trailer["/Root"]["/ViewerPreferences"]
    assert (preferences["/PrintScaling"], preferences["/Duplex"]) == ("/None", "/DuplexFlipLongEdge")


def test_the_calibration_page_comes_first_with_true_squares(kit_pdf):
    with pdfplumber.open(kit_pdf) as pdf:
        first = pdf.pages[0]
        assert "print this page at 100 %" in first.extract_text().lower()
        sides = sorted(round(r["width"] / PT_PER_MM, 3) for r in first.rects)
        assert sides == [50.0, 50.8]


def test_a_pack_declares_its_margins_gutters_and_cut_lines(tmp_path):
    pack = loaded_pack(
        tmp_path,
        "imposition: {margin: 5mm, gutter: 2mm, cut_lines: false}\n",
        "cards:\n  - {id: c, size: poker, count: 12}\n",
    )
    (page, *_) = [p for p in impose(pack, "en", SheetOptions()) if p.side == "front"]
    assert len(page.placements) == 9  # 3 x 3 poker cards need 193 x 268 mm of the 200 x 287 mm
    first, second = sorted(page.placements, key=lambda p: (-p.y, p.x))[:2]
    assert second.x - (first.x + first.width) == pytest.approx(2.0)
    assert not [m for m in page.marks if getattr(m, "dash", ())]


def test_ink_saver_pales_large_fills_and_keeps_text_readable(skystones):
    from printkit.base.shapes import Rect, Text
    from printkit.layout.pieces import draw_pieces

    pieces = {p.component.id: p for p in draw_pieces(skystones, "en", 0.0, ink_saver=True)}
    board = pieces["board"].front
    background, outline = board[:2]  # the board's colour to its trim line, paled; outlined half a line inside
    assert background == Rect(0, 0, 184, 192, fill="#e9ebed", stroke=None)
    assert outline == Rect(0.25, 0.25, 183.5, 191.5, stroke="#27364a", line_width=0.5)
    assert all(t.color != "#ffffff" for t in board if isinstance(t, Text))


@pytest.mark.slow
def test_png_export_writes_every_face_at_300_dpi(run, tmp_path):
    from PIL import Image

    assert run("build", "skystones", "--png", "--no-rulebooks", "--out", tmp_path)[0] == 0
    folder = tmp_path / "skystones" / "png" / "en"
    card = Image.open(folder / "ember-fox.png")
    assert card.size == (638, 638) and round(card.info["dpi"][0]) == 300  # 54 mm at 300 dpi
    assert (folder / "ember-fox-back.png").is_file() and not (folder / "board-back.png").exists()
    chip = Image.open(folder / "player-1-chip.png")
    assert chip.mode == "RGBA" and chip.getpixel((0, 0))[3] == 0 and chip.getpixel((118, 118))[3] == 255
    sheet = Image.open(folder / "tts-cards-skystones-1.png")
    assert sheet.size == (4090, 2863)  # 10 x 7 cells of 409 px
    assert len(list(folder.glob("*.png"))) == 54 + 51 + 2


def test_cards_of_two_sizes_get_deck_sheets_of_their_own(run, tmp_path):
    from PIL import Image

    loaded_pack(
        tmp_path,
        'backs: {plain: {title: Kit, color: "#27364a"}}\ndefaults: {back: plain}\n',
        "cards:\n  - {id: small, name: Small, size: mini}\n  - {id: big, name: Big, size: poker}\n",
    )
    assert run("build", tmp_path / "kit", "--png", "--no-rulebooks", "--out", tmp_path / "out")[0] == 0
    folder = tmp_path / "out" / "kit" / "png" / "en"
    sheets = sorted(p.name for p in folder.glob("tts-*.png"))
    assert sheets == ["tts-cards-plain-1.png", "tts-cards-plain-2.png"]  # the second size once overwrote the first
    # cells 4096 // 10 = 409 px wide, as tall as the card's shape: mini 44 x 63 mm -> round(409 * 63 / 44) = 586,
    # poker 63 x 88 mm -> round(409 * 88 / 63) = 571; seven rows of them
    assert [Image.open(folder / name).size for name in sheets] == [(4090, 7 * 586), (4090, 7 * 571)]


def test_small_fragments_share_sheets(tmp_path):
    pack = loaded_pack(tmp_path, "", "rulers:\n  - {id: range, length: 12in, marks: [4in, 8in, 12in], count: 2}\n")
    fronts = [p for p in impose(pack, "en", SheetOptions()) if p.side == "front"]
    assert len(fronts) == 1 and len(fronts[0].placements) == 4  # two rulers, each in two glued halves


def test_a_pack_can_default_to_letter_paper(run, tmp_path):
    root = tmp_path / "us-kit"
    root.mkdir()
    (root / "pack.yaml").write_text("id: us-kit\ntitle: US kit\ndefaults: {paper: letter}\n")
    (root / "cards.yaml").write_text("cards:\n  - {id: c}\n")
    assert run("build", root, "--out", tmp_path / "out")[0] == 0
    assert [p.name for p in (tmp_path / "out" / "us-kit").glob("*.pdf")] == ["us-kit-components-en-letter.pdf"]


def _render_components(pack, target):
    """The pack's English components PDF, its faces drawn sheet by sheet as a build draws them."""
    from printkit.layout.pieces import Faces
    from printkit.output.pdf import render_pdf

    faces = Faces(pack, "en", 0.0)
    pages = impose(pack, "en", SheetOptions(), faces.outlines())
    render_pdf(faces.fill(pages), target, title="t", subject="s", lang="en", duplex="long")
    return faces


def test_faces_drawn_sheet_by_sheet_give_the_same_pdf(skystones, tmp_path, monkeypatch):
    """A big deck's faces are drawn as their sheets are written and only the last few are kept;
    drawing a face again when it is needed gives the very same file."""
    from printkit.layout.pieces import Faces

    _render_components(skystones, tmp_path / "all.pdf")
    monkeypatch.setattr(Faces, "REMEMBERED", 4)
    faces = _render_components(skystones, tmp_path / "few.pdf")
    assert len(faces._drawn) == 4 < len(skystones.components)
    assert (tmp_path / "all.pdf").read_bytes() == (tmp_path / "few.pdf").read_bytes()


def test_the_pdf_written_as_it_is_formatted_is_reportlabs_own(skystones, tmp_path, monkeypatch):
    """printkit writes each PDF object as reportlab formats it, rather than the whole file from
    memory at the end; the file is byte for byte what reportlab's own save writes."""
    from reportlab.pdfbase import pdfdoc

    from printkit.output import pdf as render

    collector = pdfdoc.PDFFile
    _render_components(skystones, tmp_path / "streamed.pdf")
    assert pdfdoc.PDFFile is collector
    monkeypatch.setattr(render, "save_as_formatted", lambda canvas, target: canvas.save())
    _render_components(skystones, tmp_path / "saved.pdf")
    assert (tmp_path / "streamed.pdf").read_bytes() == (tmp_path / "saved.pdf").read_bytes()


def test_credits_too_long_for_the_calibration_page_are_placed_at_the_credits(run, tmp_path):
    """The credits are the pack's words: a line too long for the foot of the calibration page is
    reported where pack.yaml writes it (it was placed at line 1 of printkit's own catalog)."""
    pack = tmp_path / "tiny"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: tiny\ntitle: Tiny\ncredits: " + "Made by many hands " * 20 + "\n")
    (pack / "cards.yaml").write_text("cards:\n  - id: one\n    name: One\n")
    code, out, err = run("check", pack)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{pack}/pack.yaml:3:10: credits: text overflows its 160.0 x 5.0 mm box by 4.2 mm at 5 pt in locale en: "
        f"{('Made by many hands ' * 20).strip()!r} (shorten the text or give the component more room)",
        "1 problem found",
    ]


@pytest.fixture(scope="module")
def rounded_cards(tmp_path_factory):
    """Poker cards with 3 mm corners and a back, built into a PDF with 3 mm bleed and without, and PNGs."""
    from printkit.cli import main

    root = tmp_path_factory.mktemp("rounded") / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text("id: kit\ntitle: Kit\nbacks: {plain: {title: Kit, color: '#27364a'}}\n")
    (root / "components.yaml").write_text(
        "cards:\n  - {id: ace, name: Ace, size: poker, corner_radius: 3mm, count: 2, back: plain}\n"
    )
    for bleed in ("0", "3"):
        assert main(["build", str(root), "--out", str(root.parent / bleed), "--bleed", bleed, "--png"]) == 0
    return root.parent


def _mm(point):
    return tuple(v / PT_PER_MM for v in point)


@pytest.mark.slow
def test_a_rounded_cards_cut_guide_is_its_trim_line_with_quarter_circle_corners(rounded_cards):
    with pdfplumber.open(rounded_cards / "0" / "kit" / "kit-components-en-a4.pdf") as pdf:
        cards = [page for page in pdf.pages if page.trimbox[0] > 0]  # the calibration page has no trim box
        guides = [
            c
            for page in cards
            for c in page.curves
            if c["stroke"] and c["linewidth"] / PT_PER_MM == pytest.approx(0.12, abs=1e-3)
        ]
    assert len(guides) == 2  # the two fronts; backs have no cut guides
    for guide in guides:
        ops = guide["path"]
        points = [_mm(op[-1]) for op in ops[:-1]]  # where each segment ends: the straight parts and arcs meet there
        x0, x1 = min(x for x, _ in points), max(x for x, _ in points)
        y0, y1 = min(y for _, y in points), max(y for _, y in points)
        assert (x1 - x0, y1 - y0) == pytest.approx((63, 88), abs=TOLERANCE_MM)
        expected = [
            (x0 + 3, y1), (x1 - 3, y1), (x1, y1 - 3), (x1, y0 + 3),
            (x1 - 3, y0), (x0 + 3, y0), (x0, y0 + 3), (x0, y1 - 3), (x0 + 3, y1),
        ]  # fmt: skip
        assert [op[0] for op in ops] == ["m", "l", "c", "l", "c", "l", "c", "l", "c", "h"]
        for point, wanted in zip(points, expected, strict=True):
            assert point == pytest.approx(wanted, abs=TOLERANCE_MM)


def test_a_rounded_cards_face_and_bleed_are_clipped_to_its_rounded_trim_line_grown_by_the_bleed(rounded_cards):
    from pypdf.generic import ContentStream

    reader = PdfReader(rounded_cards / "3" / "kit" / "kit-components-en-a4.pdf")
    starts = []
    for page in reader.pages[1:]:
        path: list = []
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator in (b"m", b"l", b"c", b"re"):
                path.append((operator, [float(v) / PT_PER_MM for v in operands]))
            elif operator == b"W":
                starts.append(path[:2])
            elif operator in (b"n", b"f", b"S", b"B", b"h"):
                path = [] if operator != b"h" else path
    assert len(starts) == 4  # two fronts and their backs, each clipped in its own box
    for (move, first), (line, last) in starts:
        # the arcs of radius 3 + 3 mm start 6 mm from the corners of the 69 x 94 mm box around the trim
        assert (move, line) == (b"m", b"l")
        assert first == pytest.approx([-3 + 6, -3], abs=TOLERANCE_MM)
        assert last == pytest.approx([63 + 3 - 6, -3], abs=TOLERANCE_MM)


def test_a_rounded_cards_png_is_transparent_outside_its_corners(rounded_cards):
    from PIL import Image

    folder = rounded_cards / "0" / "kit" / "png" / "en"
    for name in ("ace.png", "ace-back.png"):
        face = Image.open(folder / name)
        assert face.mode == "RGBA" and face.size == (744, 1039)  # 63 x 88 mm at 300 dpi, no pixel more
        width, height = face.size
        corners = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)]
        assert [face.getpixel(c)[3] for c in corners] == [0, 0, 0, 0]
        assert face.getpixel((width // 2, height // 2))[3] == 255
        # 3 mm is 35.5 px: the arc leaves the top row of pixels (centred 0.5 px down) 30 px in
        assert (face.getpixel((25, 0))[3], face.getpixel((40, 0))[3]) == (0, 255)
    assert (folder / "tts-cards-plain-1.png").is_file()  # a deck for Tabletop Simulator, which rounds cards itself


def test_a_rulebook_figure_clips_a_rounded_card_to_its_corners(tmp_path):
    from printkit.content.rulebook_model import Figure
    from printkit.layout.pieces import draw_pieces
    from printkit.rulebook.book import figure_svg

    pack = loaded_pack(tmp_path, "", "cards:\n  - {id: ace, name: Ace, size: poker, corner_radius: 3mm}\n")
    pieces = {p.component.id: p for p in draw_pieces(pack, "en", 0.0)}
    svg = figure_svg(pack, Figure(show=["ace"]), pieces, "fig")
    assert (
        '<clipPath id="fig-clip0"><rect x="-0.000" y="-88.000" width="63.000" height="88.000" rx="3.000"/></clipPath>'
        in svg
    )


def test_a_rounded_board_split_over_sheets_is_cut_straight_then_along_its_corners(tmp_path):
    from printkit.base.outlines import RECT
    from printkit.base.shapes import Rect

    pack = loaded_pack(
        tmp_path, "", "boards:\n  - {id: map, corner_radius: 10mm, grid: {columns: 6, rows: 8, square: 40mm}}\n"
    )
    fragments = [p for page in impose(pack, "en", SheetOptions()) if page.side == "front" for p in page.placements]
    assert len(fragments) == 2 and {p.outline for p in fragments} == {RECT}  # each glued fragment is cut straight
    trim_line = Rect(0, 0, 252, 332, stroke="#9a9a9a", line_width=0.12, radius=10)  # the board's, in its own box
    assert all(trim_line in p.drawing for p in fragments)  # clipped to each fragment: its two corners show there
