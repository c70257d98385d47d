"""Printing at home, measured from the components PDFs: nothing but the pieces' own artwork comes
nearer the paper's edge than a home printer reaches, and frames drawn at a piece's edge stay inside
its trim line."""

import io

import pdfplumber
import pytest
from conftest import BUNDLED, PT_PER_MM, REPO, problems_found
from pypdf import PdfWriter
from pypdf.generic import ContentStream

from printkit.cli import main
from printkit.layout.sheets import PRINTER_REACH

pytestmark = pytest.mark.slow

Box = tuple[float, float, float, float]  # x0, top, x1, bottom in mm, measured down from the page's top
PATH_POINTS = {b"m", b"l", b"c", b"v", b"y"}  # path operators whose operands are x y pairs
PAINTING = {b"n", b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}  # operators that end a path


@pytest.fixture(scope="module")
def letter_kits(tmp_path_factory):
    """Every bundled pack on Letter paper with 3 mm bleed, backs flipped on the short edge (which turns
    a portrait sheet top to bottom), in English."""
    out = tmp_path_factory.mktemp("letter")
    options = ["--paper", "letter", "--bleed", "3", "--duplex", "short", "--lang", "en", "--no-rulebooks"]
    assert main(["build", *BUNDLED, "--out", str(out), *options]) == 0
    return out


def kit_pdfs(folder) -> list:
    return sorted(folder.glob("*/*-components-*.pdf"))


def split_pdf(path) -> tuple[io.BytesIO, io.BytesIO, list[list[Box]]]:
    """The kit's PDF in two: what pieces draw, and the rest (the marks); and the box of each page's
    pieces. A piece is drawn inside a clip path (its trim line grown by its bleed, or its window when
    it is split), and everything from the `q` before that clip to its `Q` is the piece's. A curved
    clip's box is that of its control points, which enclose it."""
    artwork, marks = PdfWriter(clone_from=path), PdfWriter(clone_from=path)
    boxes = []
    for piece_page, mark_page in zip(artwork.pages, marks.pages, strict=True):
        height = float(piece_page.mediabox.height)
        content = ContentStream(piece_page.get_contents(), artwork)
        ctm, stack, points, ops, found = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], [], [], []
        for operands, operator in content.operations:
            of_piece = any(clipped for _, _, clipped in stack)  # a block closing is still open here
            if operator == b"q":
                stack.append([ctm, len(ops), False])
            elif operator == b"Q":
                ctm, _, _ = stack.pop()
            elif operator == b"cm":
                a, b, c, d, e, f = (float(v) for v in operands)
                A, B, C, D, E, F = ctm
                ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
            elif operator in PATH_POINTS or operator == b"re":
                values = [float(v) for v in operands]
                if operator == b"re":
                    x, y, w, h = values
                    values = [x, y, x + w, y + h]
                a, b, c, d, e, f = ctm
                points += [
                    (a * x + c * y + e, b * x + d * y + f) for x, y in zip(values[::2], values[1::2], strict=True)
                ]
            elif operator in (b"W", b"W*"):
                xs, ys = [x for x, _ in points], [y for _, y in points]
                found.append(tuple(v / PT_PER_MM for v in (min(xs), height - max(ys), max(xs), height - min(ys))))
                stack[-1][2] = of_piece = True
                start = stack[-1][1]
                ops[start:] = [(op, True) for op, _ in ops[start:]]  # the block this clip opens is a piece's
            elif operator in PAINTING:
                points = []
            ops.append(((operands, operator), of_piece))
        for writer, page, keep in ((artwork, piece_page, True), (marks, mark_page, False)):
            content = ContentStream(page.get_contents(), writer)
            content.operations = [op for op, of_piece in ops if of_piece == keep]
            page.replace_contents(content)
        boxes.append(found)
    written = []
    for writer in (artwork, marks):
        written.append(io.BytesIO())
        writer.write(written[-1])
    return written[0], written[1], boxes


def ink(obj) -> Box:
    """Where an object leaves ink: its box, grown by half its line width when it is stroked."""
    grow = obj.get("linewidth", 0) / 2 if obj.get("stroke") else 0.0
    return tuple(v / PT_PER_MM for v in (obj["x0"] - grow, obj["top"] - grow, obj["x1"] + grow, obj["bottom"] + grow))


def nearest_to_edge(path) -> tuple[float, str]:
    """The least distance from the paper's edge, in mm, of anything a kit prints, and what it is.

    Measured: the box of every piece (the clip its artwork is drawn in: nothing of it prints past its
    trim line plus bleed), and the ink of everything drawn outside pieces (footers, crop marks, cut
    lines, labels, the calibration page): every character, line, rectangle and curve pdfplumber
    finds, its box grown by half its line width when stroked. The PDF writes lengths to about a
    thousandth of a millimetre: distances are compared rounded to that."""
    _, marks, pieces = split_pdf(path)
    nearest = (float("inf"), "")
    with pdfplumber.open(marks) as pdf:
        for number, (page, boxes) in enumerate(zip(pdf.pages, pieces, strict=True), 1):
            width, height = page.width / PT_PER_MM, page.height / PT_PER_MM
            seen = [(box, "piece") for box in boxes] + [
                (ink(obj), f"{kind[:-1]} {obj['text']!r}" if kind == "chars" else kind[:-1])
                for kind in ("chars", "lines", "rects", "curves")
                for obj in getattr(page, kind)
            ]
            for (x0, top, x1, bottom), kind in seen:
                distance = min(x0, top, width - x1, height - bottom)
                nearest = min(nearest, (round(distance, 3), f"{path.name} page {number}: {kind}"))
    return nearest


def test_nothing_but_artwork_prints_within_a_quarter_inch_of_the_papers_edge(pseudo_kits, letter_kits):
    """Every page of every bundled kit: on A4 without bleed (the pseudo-locale's kits, backs flipped
    on the long edge, so landscape sheets turn top to bottom) and on Letter with 3 mm bleed."""
    folder, code, _, _ = pseudo_kits
    assert code == 0
    pdfs = kit_pdfs(folder) + kit_pdfs(letter_kits)
    assert {path.parent.name for path in pdfs} == set(BUNDLED)
    for path in pdfs:
        distance, what = nearest_to_edge(path)
        assert distance >= PRINTER_REACH, f"{what} lies {distance:.2f} mm from the paper's edge"


def test_the_measure_sees_a_footer_in_the_unprintable_zone(tmp_path, monkeypatch):
    """The measure above finds what prints too near the edge: a kit with its footer moved to the bottom."""
    from printkit.layout import sheet_words

    monkeypatch.setattr(sheet_words, "PRINTER_REACH", 2.0)
    assert (
        main(["build", str(REPO / "content" / "skystones"), "--out", str(tmp_path), "--lang", "en", "--no-rulebooks"])
        == 0
    )
    distance, what = nearest_to_edge(tmp_path / "skystones" / "skystones-components-en-a4.pdf")
    assert 2.0 <= distance < 2.5 and ": char " in what, what  # a letter of a footer, on its line


@pytest.fixture(scope="module")
def ink_saver_kits(tmp_path_factory):
    """Every bundled pack on A4 without bleed (each piece's clip is then its trim line), with the ink saver."""
    out = tmp_path_factory.mktemp("ink-saver")
    assert main(["build", *BUNDLED, "--out", str(out), "--ink-saver", "--lang", "en", "--no-rulebooks"]) == 0
    return out


def frames_past_the_trim(path) -> list[str]:
    """Every frame a piece draws on the box of its trim line: a side of its path lies less than half
    its line width from the same side of the piece's clip, so its ink straddles the trim line and a
    cutting error would leave a sliver of it on the piece or its neighbour. A frame is a closed
    stroked shape (a rectangle, or a curve that closes) not stroked in its own fill colour (which only
    widens the fill, as a hex tile's terrain does); a piece's is one whose middle lies in its clip
    (the trim line, without bleed)."""
    artwork, _, pieces = split_pdf(path)
    found = []
    with pdfplumber.open(artwork) as pdf:
        for number, (page, boxes) in enumerate(zip(pdf.pages, pieces, strict=True), 1):
            for kind in ("rects", "curves"):
                for obj in getattr(page, kind):
                    closed = kind == "rects" or obj["path"][-1][0] == "h"
                    widened = obj["fill"] and obj["stroking_color"] == obj["non_stroking_color"]
                    if not obj["stroke"] or not closed or widened:
                        continue
                    half = obj["linewidth"] / 2 / PT_PER_MM
                    x0, top, x1, bottom = box = tuple(
                        v / PT_PER_MM for v in (obj[k] for k in ("x0", "top", "x1", "bottom"))
                    )
                    middle = ((x0 + x1) / 2, (top + bottom) / 2)
                    trims = [t for t in boxes if t[0] < middle[0] < t[2] and t[1] < middle[1] < t[3]]
                    if any(abs(a - b) < half - 1e-3 for trim in trims for a, b in zip(box, trim, strict=True)):
                        found.append(f"{path.name} page {number}: {kind[:-1]} {[round(v, 2) for v in box]}")
    return found


def test_frames_and_ink_saver_outlines_lie_inside_the_trim_line(ink_saver_kits):
    found = [line for path in kit_pdfs(ink_saver_kits) for line in frames_past_the_trim(path)]
    assert found == []


EDGE_TEXT = "tests/fixtures/safe-zone/edge-text"
IN_SAFE_ZONE = (
    f"{EDGE_TEXT}/pack.yaml:7:47: looks.edge.front[0].text.box: the box reaches into the 4 mm safe zone inside "
    "the trim line of card 'ember', which a cut may take off: it spans 2 to 61 mm across and 10 to 20 mm down "
    "(keep text and icons 4 mm inside the trim line, or change imposition.safe_zone in pack.yaml)"
)


def test_text_in_the_safe_zone_is_a_warning(run, tmp_path):
    """The name's box starts 2 mm from the card's side, inside the pack's 4 mm safe zone; the rules'
    box keeps 4 mm clear and is not named."""
    code, _, err = run("build", EDGE_TEXT, "--out", tmp_path, "--no-rulebooks", "-q")
    assert (code, err.splitlines()) == (0, [f"printkit: warning: {IN_SAFE_ZONE}"])
    assert (tmp_path / "edge-text" / "edge-text-components-en-a4.pdf").is_file()


def test_text_in_the_safe_zone_is_an_error_with_strict(run, tmp_path):
    code, _, err = run("build", EDGE_TEXT, "--out", tmp_path, "--no-rulebooks", "--strict")
    assert (code, err.splitlines()) == (1, [IN_SAFE_ZONE, problems_found(1)])
    assert not (tmp_path / "edge-text").exists()


BUILTIN_LOOK = "tests/fixtures/safe-zone/builtin-look"
BUILTIN_IN_SAFE_ZONE = (
    f"{BUILTIN_LOOK}/components.yaml:2:5: rulers[0]: printkit's look 'ruler' puts its front text 'name' into the "
    "8 mm safe zone inside the trim line of ruler 'range', which a cut may take off: it spans 7 to 39.5 mm across "
    "and 15.8 to 25 mm down (keep text and icons 8 mm inside the trim line: give it a look of the pack that extends "
    "'ruler' and moves them, or change imposition.safe_zone in pack.yaml)"
)


def test_a_builtin_look_in_the_safe_zone_is_a_warning_at_the_component(run, tmp_path):
    """The pack did not write the ruler look: the warning names the ruler that uses it."""
    code, _, err = run("build", BUILTIN_LOOK, "--out", tmp_path, "--no-rulebooks", "-q")
    assert (code, err.splitlines()) == (0, [f"printkit: warning: {BUILTIN_IN_SAFE_ZONE}"])


def test_a_builtin_look_in_the_safe_zone_is_an_error_with_strict(run, tmp_path):
    code, _, err = run("build", BUILTIN_LOOK, "--out", tmp_path, "--no-rulebooks", "--strict")
    assert (code, err.splitlines()) == (1, [BUILTIN_IN_SAFE_ZONE, problems_found(1)])


def test_a_builtin_widgets_labels_in_the_safe_zone_are_a_warning(run, tmp_path):
    """The rotation track's labels are set in strips along the card's edges: they are text like a text
    element's, and are checked the same way (they were left out: 1.76 mm from the trim of a card)."""
    pack = tmp_path / "tracked"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: tracked\ntitle: Tracked\nimposition: {safe_zone: 4mm}\n"
        "defaults: {card_size: poker, rotation_track: [Ready, Hit]}\nstats:\n  attack: {name: Attack, short: ATK}\n"
    )
    (pack / "cards.yaml").write_text("cards:\n  - {id: hero, name: Hero, stats: {attack: 1}}\n")
    code, _, err = run("build", pack, "--out", tmp_path / "out", "--no-rulebooks", "--strict")
    assert (code, err.splitlines()) == (
        1,
        [
            f"{pack}/cards.yaml:2:5: cards[0]: printkit's look 'stat-card' puts its front widget 'rotation-track' "
            "into the 4 mm safe zone inside the trim line of card 'hero', which a cut may take off: it spans 5.6 to "
            "57.4 mm across and 3 to 5.6 mm down (keep text and icons 4 mm inside the trim line: give it a look of the "
            "pack that extends 'stat-card' and moves them, or change imposition.safe_zone in pack.yaml)",
            problems_found(1),
        ],
    )


def test_the_bundled_packs_keep_printkits_looks_out_of_the_default_safe_zone():
    from printkit.content.read import load_checked

    packs = load_checked([REPO / "content" / name for name in BUNDLED])
    assert [str(problem) for pack in packs for problem in pack.unsafe] == []


def test_the_safe_zone_is_3mm_by_default(tmp_path):
    from conftest import loaded_pack

    look = "looks:\n  edge:\n    front:\n      - text: {text: '{name}', box: [%s, 10mm, 20mm, 10mm]}\n"
    card = "cards:\n  - {id: c, name: C, look: edge}\n"
    (tmp_path / "near").mkdir(), (tmp_path / "clear").mkdir()
    near, clear = (loaded_pack(tmp_path / name, look % at, card) for name, at in (("near", "2.9mm"), ("clear", "3mm")))
    assert [p.key_path for p in near.unsafe] == ["looks.edge.front[0].text.box"]
    assert clear.unsafe == []


@pytest.mark.parametrize("pack", ["riverfold", "skylands"])
def test_the_ink_saver_pales_every_heavy_sheet_and_says_how_much(run, tmp_path, pack):
    """Terrain fronts are many small fills (wedges, curves) that no large-fill rule caught: Riverfold's
    hex sheet took 34 % ink with and without --ink-saver, Skylands' tile fronts 26-37 %."""
    from printkit.output.ink import ink_coverage, page_coverage

    kit = f"{pack}/{pack}-components-en-a4.pdf"
    assert run("build", pack, "--lang", "en", "--no-rulebooks", "--out", tmp_path / "full", "-q")[0] == 0
    code, _, err = run("build", pack, "--lang", "en", "--no-rulebooks", "--ink-saver", "--out", tmp_path / "saver")
    assert code == 0
    full, saved = page_coverage(tmp_path / "full" / kit), page_coverage(tmp_path / "saver" / kit)
    heavy = [(page, round(before), round(saved[page - 1])) for page, before in enumerate(full, 1) if before >= 15]
    assert heavy and [(page, before, after) for page, before, after in heavy if after > before * 0.6] == []
    before, after = ink_coverage(tmp_path / "full" / kit), ink_coverage(tmp_path / "saver" / kit)
    assert (
        f"{pack}-components-en-a4.pdf" in err and f" {len(full)} pages (ink {before:.0f} % -> {after:.0f} %)\n" in err
    )
