"""--silhouette and --cricut, measured. Silhouette: the sheets carry Silhouette Studio's
registration marks where its Type 1 settings put them (read from the PDF's paths), no piece
reaches into the marks' zones, and each front sheet's DXF, read back by ezdxf, holds the sheet's
trim lines in millimetres in the PDF's frame: closed polylines for pieces cut alone (exact arcs
for round corners and chips), each edge that butted pieces share once. Cricut: each Print Then Cut
image is at most 6.75 x 9.25 in at 300 dpi, the size its name gives, and every piece the kit
prints is an island of its own in one of them (Design Space cuts round each)."""

import math
import re

import ezdxf
import pytest
from conftest import FIXTURES, REPO, TOLERANCE_MM, polygon_corners, sheet_paths
from PIL import Image, ImageDraw
from pypdf import PdfReader

from printkit.base.units import Size
from printkit.content.read import load_checked
from printkit.layout import silhouette
from printkit.layout.cricut import cricut_images
from printkit.layout.pieces import draw_pieces

PACKS = {"skystones": REPO / "content" / "skystones", "hexes": FIXTURES / "outlines" / "hexes"}
A4 = (210.0, 297.0)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("silhouette")
    args = [
        "build",
        *map(str, PACKS.values()),
        "--no-rulebooks",
        "--lang",
        "en",
        "--silhouette",
        "--cricut",
        "--out",
        str(out),
    ]
    assert main(args) == 0
    return out


def _fronts(built, pack):
    reader = PdfReader(built / pack / "silhouette" / "en-a4" / "sheets.pdf")
    for number, page in enumerate(reader.pages, 1):
        paths = sheet_paths(page, reader)
        clips = [polygon_corners(points) for kind, points, _, _ in paths if kind == "W"]
        if number > 1 and number % 2 == 1 and clips:  # calibration, its back, then each front and its back
            yield number, paths, clips


def _inside(points, zone) -> bool:
    x0, y0, x1, y1 = zone
    return all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points)


def _edge(a, b):
    return tuple(sorted([(round(a[0], 2), round(a[1], 2)), (round(b[0], 2), round(b[1], 2))]))


@pytest.mark.parametrize("pack", PACKS)
def test_each_front_sheet_has_silhouettes_three_marks_where_studio_looks(built, pack):
    width, height = A4
    inset, arm, thick, square = 10.0, 20.0, 0.5, 5.0
    fronts = list(_fronts(built, pack))
    assert fronts
    for number, paths, _ in fronts:
        fills = [points for kind, points, _, _ in paths if kind == "f" and len(points) == 4]
        # the square: 5 mm at the top left, 10 mm from both edges
        top_left = [(inset, height - inset - square), (inset + square, height - inset - square)]
        top_left += [(inset + square, height - inset), (inset, height - inset)]
        assert [p for p in fills if all(min(math.dist(a, b) for b in p) < TOLERANCE_MM for a in top_left)], number
        zones = silhouette.mark_zones(Size(*A4))
        lines = {
            _edge(*points)
            for kind, points, (line_width, _), _ in paths
            if kind == "S" and line_width == thick and len(points) == 2 and any(_inside(points, z) for z in zones)
        }
        half = thick / 2
        assert lines == {
            _edge((width - inset - arm, height - inset - half), (width - inset, height - inset - half)),
            _edge((width - inset - half, height - inset), (width - inset - half, height - inset - arm)),
            _edge((inset, inset + half), (inset + arm, inset + half)),
            _edge((inset + half, inset), (inset + half, inset + arm)),
        }, number


@pytest.mark.parametrize("pack", PACKS)
def test_no_piece_reaches_into_the_marks_zones(built, pack):
    zones = silhouette.mark_zones(Size(*A4))
    for number, _, clips in _fronts(built, pack):
        for clip in clips:
            xs, ys = [x for x, _ in clip], [y for _, y in clip]
            for x0, y0, x1, y1 in zones:
                assert max(xs) <= x0 or min(xs) >= x1 or max(ys) <= y0 or min(ys) >= y1, (number, clip)
            assert min(xs) >= silhouette.MARGIN - TOLERANCE_MM and max(xs) <= A4[0] - silhouette.MARGIN + TOLERANCE_MM


@pytest.mark.parametrize("pack", PACKS)
def test_each_dxf_reads_back_with_the_sheets_trim_lines_in_millimetres(built, pack):
    folder = built / pack / "silhouette" / "en-a4"
    expected = set()
    shared = 0
    for number, _, clips in _fronts(built, pack):
        path = folder / f"page-{number:02d}.dxf"
        expected.add(path.name)
        document = ezdxf.readfile(path)
        assert not document.audit().has_errors
        assert document.units == ezdxf.units.MM
        entities = list(document.modelspace())
        assert {e.dxftype() for e in entities} == {"LWPOLYLINE"}
        (paper,) = [e for e in entities if e.dxf.layer == "PAPER"]
        assert paper.closed and [tuple(p) for p in paper.get_points("xy")] == [(0, 0), (210, 0), (210, 297), (0, 297)]
        cuts = [e for e in entities if e.dxf.layer == "CUT"]
        curved = [e for e in cuts if any(b for *_, b in e.get_points("xyb"))]
        straight = [e for e in cuts if e not in curved]
        assert all(e.closed for e in curved)
        # a curved trim line's vertices are corners of one clip: the ends of its corner arcs
        matched = []
        for e in curved:
            vertices = [tuple(p) for p in e.get_points("xy")]
            (clip,) = [c for c in clips if all(min(math.dist(v, q) for q in c) < TOLERANCE_MM for v in vertices)]
            matched.append(clip)
        rest = [c for c in clips if c not in matched]
        edges = []
        for e in straight:
            points = [tuple(p) for p in e.get_points("xy")]
            ends = len(points) if e.closed else len(points) - 1
            edges += [_edge(points[i], points[(i + 1) % len(points)]) for i in range(ends)]
        clip_edges = [_edge(a, b) for c in rest for a, b in zip(c, c[1:] + c[:1], strict=True)]
        assert sorted(edges) == sorted(set(clip_edges)), number  # every edge, each cut once
        shared += len(clip_edges) - len(set(clip_edges))
    assert {p.name for p in folder.glob("*.dxf")} == expected
    if pack == "hexes":
        assert shared > 0  # a honeycomb: its shared edges were cut once, not twice


def test_silhouette_needs_backs_behind_their_fronts_and_paper(run, tmp_path):
    code, _, err = run("build", PACKS["hexes"], "--silhouette", "--duplex", "off", "--out", tmp_path)
    assert (code, err.splitlines()) == (
        2,
        [
            "printkit: --silhouette needs backs printed behind their fronts (--duplex long or short): "
            "with --duplex off a back beside its front is folded along the line a cutter would cut"
        ],
    )
    code, _, err = run("build", PACKS["hexes"], "--silhouette", "--template", "avery-l7160", "--out", tmp_path)
    assert (code, err.splitlines()) == (
        2,
        ["printkit: --silhouette lays the sheets out on paper: leave out --template"],
    )
    assert not list(tmp_path.iterdir())


def _islands(image) -> int:
    """How many separate opaque areas an image's alpha holds (each filled away in turn), at a sixth
    of its resolution (Pillow fills in Python; pieces stay 8 pixels apart)."""
    opaque = image.getchannel("A").reduce(6).point(lambda a: 255 if a > 127 else 0)
    count = 0
    while (box := opaque.getbbox()) is not None:
        x0, y0, x1, _ = box
        x, _, _, _ = opaque.crop((x0, y0, x1, y0 + 1)).getbbox()
        ImageDraw.floodfill(opaque, (x0 + x, y0), 0)
        count += 1
    return count


@pytest.mark.parametrize("pack", PACKS)
def test_cricut_images_fit_print_then_cut_and_hold_every_piece_apart(built, pack):
    reader = PdfReader(built / pack / f"{pack}-components-en-a4.pdf")
    printed = sum(
        1
        for number, page in enumerate(reader.pages, 1)
        if number > 1 and number % 2 == 1
        for kind, *_ in sheet_paths(page, reader)
        if kind == "W"
    )
    (loaded,) = load_checked([PACKS[pack]])
    laid_out = cricut_images(loaded, "en", draw_pieces(loaded, "en", 0.0), 0.0)
    placements = [p for page in laid_out for p in page.placements]
    # each piece the kit prints, whole or (larger than Design Space's largest image) in fragments
    fragments = [p for p in placements if p.window is not None]
    assert len(placements) - len(fragments) + len({p.component.id for p in fragments}) == printed
    images = sorted((built / pack / "cricut" / "en").iterdir())
    assert len(images) == len(laid_out)
    for number, (path, page) in enumerate(zip(images, laid_out, strict=True), 1):
        width, height = map(float, re.fullmatch(rf"sheet-{number:02d}-([\d.]+)x([\d.]+)mm\.png", path.name).groups())
        assert min(width, height) <= 171.45 and max(width, height) <= 234.95  # 6.75 x 9.25 in, either way up
        with Image.open(path) as image:
            assert image.mode == "RGBA"
            assert [round(v) for v in image.info["dpi"]] == [300, 300]
            assert abs(image.width - width / 25.4 * 300) <= 1 and abs(image.height - height / 25.4 * 300) <= 1
            assert _islands(image) == len(page.placements), path.name  # Design Space cuts round each


def test_cricut_images_hold_only_what_only_leaves_and_follow_it_when_it_changes(run, tmp_path):
    """A cutter cuts what the kit prints: with --only the images hold those pieces; the next build
    with other names writes them anew (their cache key holds the names)."""

    def islands(only: str) -> int:
        assert run("build", PACKS["hexes"], "--no-rulebooks", "--cricut", "--only", only, "--out", tmp_path)[0] == 0
        images = sorted((tmp_path / "hexes" / "cricut" / "en").iterdir())
        return sum(_islands(Image.open(path)) for path in images)

    assert islands("pointy") == 5
    assert islands("flat") == 7


@pytest.mark.parametrize(
    ("component", "edges", "cut"),
    [
        # nine cards butted in a 3 x 3 grid: 36 sides, but 4 lines of 3 edges each way
        ("cards:\n  - {id: c, name: C, size: 63x88mm, count: 9}\n", 36, 24),
        # seven round chips, cut one by one: nothing shared
        ("chips:\n  - {id: r, shape: round, diameter: 30mm, count: 7}\n", 7, 7),
        # three hexes in a row of the honeycomb (flat side up: each shifted half down from the last
        # shares one edge with it): 18 sides, 2 shared
        ("chips:\n  - {id: h, shape: hex, orientation: flat, diameter: 60mm, count: 3}\n", 18, 16),
    ],
)
def test_an_edge_two_pieces_share_is_cut_once(tmp_path, component, edges, cut):
    from conftest import loaded_pack

    from printkit.layout.cut_paths import cut_paths
    from printkit.layout.imposition import impose
    from printkit.layout.sheets import SheetOptions

    (front,) = [
        page for page in impose(loaded_pack(tmp_path, "", component), "en", SheetOptions()) if page.side == "front"
    ]
    paths = cut_paths(front)
    assert (paths.edges, paths.cut) == (edges, cut)
    straight = [_edge(a, b) for line in paths.polylines() for a, b in _sides(line)]
    assert len(straight) == len(set(straight))  # no edge twice
    assert len(straight) == (0 if "round" in component else cut)  # round chips are cut as circles


def _sides(line):
    ends = len(line.points) if line.closed else len(line.points) - 1
    return [(line.points[i], line.points[(i + 1) % len(line.points)]) for i in range(ends)]
