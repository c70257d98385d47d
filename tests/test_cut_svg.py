"""--cut-svg, measured: each sheet's SVG is the paper's size in millimetres and its cut paths are
the trim lines the PDF clips each piece to (bleed 0: the clip is the trim line), to a hundredth of
a millimetre, an edge that two pieces share cut once; its registration layer is the PDF's crop
marks; only front sheets with pieces get one."""

import math
import shutil

import pytest
from conftest import FIXTURES, PT_PER_MM, REPO, TOLERANCE_MM, polygon_corners, sheet_paths
from defusedxml import ElementTree
from pypdf import PdfReader

SVG = "{http://www.w3.org/2000/svg}"
# Rectangles and round chips (skystones), polygons, custom outlines and rounded corners (odd), a honeycomb (hexes).
PACKS = {
    "skystones": REPO / "content" / "skystones",
    "odd": FIXTURES / "outlines" / "odd",
    "hexes": FIXTURES / "outlines" / "hexes",
}
CROP_WIDTH = 0.25  # mm, the PDF's crop marks


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("cut-svg")
    args = ["build", *map(str, PACKS.values()), "--no-rulebooks", "--lang", "en", "--cut-svg", "--out", str(out)]
    assert main(args) == 0
    return out


def _edge(a, b) -> tuple:
    ends = sorted([(round(a[0], 2), round(a[1], 2)), (round(b[0], 2), round(b[1], 2))])
    return tuple(ends)


def _straight_edges(element) -> list[tuple] | None:
    """The edges of a straight-sided cut path (a square rectangle, a polygon, a polyline); None for a curved one."""
    tag = element.tag.removeprefix(SVG)
    if tag in ("circle", "rect") and float(element.get("rx", 0) if tag == "rect" else 1):
        return None
    points = (
        _corners(element)
        if tag != "polyline"
        else [tuple(map(float, p.split(","))) for p in element.get("points").split()]
    )
    ends = len(points) if tag != "polyline" else len(points) - 1
    return [_edge(points[i], points[(i + 1) % len(points)]) for i in range(ends)]


def _corners(element) -> list[tuple[float, float]]:
    """The points of an SVG cut shape on the sheet (y up), as the PDF's clip paths give them: a
    rectangle's corners (a rounded one's eight ends of its corner curves), a circle's four ends of
    its quarter curves, a polygon's corners."""
    tag = element.tag.removeprefix(SVG)
    if tag == "polygon":
        return [tuple(map(float, point.split(","))) for point in element.get("points").split()]
    if tag == "circle":
        cx, cy, r = (float(element.get(a)) for a in ("cx", "cy", "r"))
        return [(cx + r, cy), (cx, cy + r), (cx - r, cy), (cx, cy - r)]
    assert tag == "rect", tag
    x, y, w, h = (float(element.get(a)) for a in ("x", "y", "width", "height"))
    r = float(element.get("rx", 0))
    x1, y1 = x + w, y + h
    if not r:
        return [(x, y), (x1, y), (x1, y1), (x, y1)]
    return [(x + r, y), (x1 - r, y), (x1, y + r), (x1, y1 - r), (x1 - r, y1), (x + r, y1), (x, y1 - r), (x, y + r)]


def _on_sheet(points, height: float) -> list[tuple[float, float]]:
    """SVG points (y down from the top) as the PDF's (y up from the bottom)."""
    return [(x, height - y) for x, y in points]


def _same(a, b) -> bool:
    return len(a) == len(b) and all(min(math.dist(p, q) for q in b) <= TOLERANCE_MM for p in a)


@pytest.mark.slow
@pytest.mark.parametrize("pack", PACKS)
def test_each_front_sheet_has_an_svg_of_its_pieces_trim_lines(built, pack):
    reader = PdfReader(built / pack / f"{pack}-components-en-a4.pdf")
    folder = built / pack / "cut-svg" / "en-a4"
    assert len(reader.pages) % 2 == 0  # every pack here has backs: each sheet is followed by its back
    expected = set()
    for number, page in enumerate(reader.pages, 1):
        clips = [polygon_corners(points) for kind, points, _, _ in sheet_paths(page, reader) if kind == "W"]
        path = folder / f"page-{number:02d}.svg"
        is_front = number > 1 and number % 2 == 1  # calibration, its back, then each front and its back
        if not (is_front and clips):
            continue
        expected.add(path.name)
        root = ElementTree.parse(path).getroot()
        width, height = (float(v) / PT_PER_MM for v in page.mediabox[2:])
        assert root.get("width") == f"{width:g}mm" and root.get("height") == f"{height:g}mm"
        assert root.get("viewBox") == f"0 0 {width:g} {height:g}"
        (cut,) = root.iterfind(f"{SVG}g[@id='cut']")
        edges = [edge for element in cut for edge in _straight_edges(element) or []]
        curves = [_on_sheet(_corners(element), height) for element in cut if _straight_edges(element) is None]
        straight = [clip for clip in clips if not [c for c in curves if _same(c, clip)]]
        assert len(curves) + len(straight) == len(clips) > 0  # each curved trim line matches one clip
        clip_edges = {
            _edge(*_on_sheet([a, b], height)) for c in straight for a, b in zip(c, c[1:] + c[:1], strict=True)
        }
        assert sorted(edges) == sorted(clip_edges), number  # every edge of the clips, each cut once
        (registration,) = root.iterfind(f"{SVG}g[@id='registration']")
        crop_marks = [
            points
            for kind, points, (line_width, _), _ in sheet_paths(page, reader)
            if kind == "S" and line_width == CROP_WIDTH
        ]
        lines = [
            _on_sheet(
                [(float(line.get("x1")), float(line.get("y1"))), (float(line.get("x2")), float(line.get("y2")))], height
            )
            for line in registration
        ]
        assert len(lines) == len(crop_marks)
        for mark in crop_marks:
            assert [line for line in lines if _same(line, mark)], (number, mark)
    assert {p.name for p in folder.iterdir()} == expected


def test_crop_marks_are_in_the_registration_layer_of_sheets_of_cards(built):
    root = ElementTree.parse(built / "skystones" / "cut-svg" / "en-a4" / "page-03.svg").getroot()
    (registration,) = root.iterfind(f"{SVG}g[@id='registration']")
    assert len(registration) > 0


def test_cut_svg_with_backs_folded_beside_their_fronts_is_a_usage_error(run, tmp_path):
    code, _, err = run("build", PACKS["odd"], "--cut-svg", "--duplex", "off", "--out", tmp_path)
    assert code == 2
    assert err.splitlines() == [
        "printkit: --cut-svg needs backs printed behind their fronts (--duplex long or short): "
        "with --duplex off a back beside its front is folded along the line a cutter would cut"
    ]
    assert not list(tmp_path.iterdir())


def test_a_stale_temporary_cut_file_from_a_hard_kill_is_cleaned_up(run, tmp_path):
    folder = tmp_path / "skystones" / "cut-svg" / "en-a4"
    folder.mkdir(parents=True)
    stale = folder / ".page-03.svg.printkit-abc12345.part"
    stale.write_text("<svg")
    assert run("build", "skystones", "--lang", "en", "--no-rulebooks", "--out", tmp_path)[0] == 0
    assert not stale.exists()


def test_a_rewritten_components_pdf_takes_its_pdfx_twin_and_cut_paths_with_it(run, tmp_path):
    pack = tmp_path / "hexes"
    shutil.copytree(PACKS["hexes"], pack)
    out = tmp_path / "out" / "hexes"

    def build(*options: str) -> list[str]:
        assert run("build", pack, "--no-rulebooks", "--lang", "en", "--out", tmp_path / "out", *options)[0] == 0
        return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if not p.name.startswith("."))

    cut = [p for p in build("--cut-svg") if p.endswith(".svg")]
    assert cut and all(p.startswith("cut-svg/en-a4/page-") for p in cut)
    # the PDF is up to date: what was made from it stays
    assert build("--pdfx") == [
        "cut-svg",
        "cut-svg/en-a4",
        *cut,
        "hexes-components-en-a4-pdfx.pdf",
        "hexes-components-en-a4.pdf",
    ]
    assert build("--bleed", "3") == ["hexes-components-en-a4.pdf"]
    # written again with it, they stay; files the folder held that printkit did not write stay too,
    # even one named as its sheets are (it removes only what it recorded writing)
    (out / "cut-svg" / "en-a4").mkdir(parents=True)
    (out / "cut-svg" / "en-a4" / "page-99.svg").write_text("<svg/>")
    (out / "cut-svg" / "en-a4" / "notes.txt").write_text("mine")
    again = build("--bleed", "0", "--pdfx", "--cut-svg")
    assert again == [
        "cut-svg",
        "cut-svg/en-a4",
        "cut-svg/en-a4/notes.txt",
        *cut,
        "cut-svg/en-a4/page-99.svg",
        "hexes-components-en-a4-pdfx.pdf",
        "hexes-components-en-a4.pdf",
    ]
