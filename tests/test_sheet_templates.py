"""Sheet templates: pieces imposed into the fixed slots of label sheets and cutting mats, measured
in the PDF against the template file's own numbers; bad template files and pieces no slot takes."""

import pdfplumber
import pypdf
import pytest
import yaml
from conftest import PT_PER_MM, REPO, problems_found

from printkit.layout.templates import SHIPPED

MM_PER = {"mm": 1.0, "in": 25.4}


def _mm(text) -> float:
    """A length of a template file, read here without printkit's parser: '2in', '3.5mm'."""
    text = str(text)
    unit = text[-2:]
    return float(text[:-2]) * MM_PER[unit]


def _expected_slots(path) -> tuple[tuple[float, float], list[tuple[float, float, float, float]]]:
    """The page size and every slot (left, top, width, height) in mm from the page's top-left, from
    the file's numbers."""
    data = yaml.safe_load(path.read_text())
    page_w, page_h = (_mm(v + data["page"][-2:]) for v in data["page"][:-2].split("x"))
    slots = []
    for group in data["slots"]:
        size = str(group["size"])
        w, h = (_mm(v + size[-2:]) for v in size[:-2].split("x")) if "x" in size else (_mm(size),) * 2
        for row in range(group.get("rows", 1)):
            for column in range(group.get("columns", 1)):
                left = _mm(group["left"]) + column * _mm(group.get("across", "0mm"))
                top = _mm(group["top"]) + row * _mm(group.get("down", "0mm"))
                slots.append((left, top, w, h))
    return (page_w, page_h), slots


def _pack(root, components: str, templates: dict[str, str] | None = None):
    root.mkdir()
    (root / "pack.yaml").write_text(f"id: {root.name}\ntitle: Kit\n")
    (root / "components.yaml").write_text(components)
    for name, text in (templates or {}).items():
        (root / "sheet-templates").mkdir(exist_ok=True)
        (root / "sheet-templates" / f"{name}.yaml").write_text(text)
    return root


@pytest.mark.parametrize("name", sorted(p.stem for p in SHIPPED.glob("*.yaml")))
def test_every_slot_of_a_shipped_template_is_where_its_file_says(run, tmp_path, name):
    path = SHIPPED / f"{name}.yaml"
    (page_w, page_h), slots = _expected_slots(path)
    assert yaml.safe_load(path.read_text())["source"]  # each names where its measurements come from
    w, h = slots[0][2:]
    circle = yaml.safe_load(path.read_text())["slots"][0]["shape"] == "circle"
    bleed = _mm(yaml.safe_load(path.read_text()).get("bleed", "0mm"))  # the labels' waste, from gLabels
    piece = (
        f"chips:\n  - {{id: piece, name: Piece, shape: round, diameter: {w}mm, count: {len(slots)}}}\n"
        if circle
        else f"cards:\n  - {{id: piece, name: Piece, size: {w}x{h}mm, count: {len(slots)}}}\n"
    )
    pack = _pack(tmp_path / "kit", piece)
    assert run("build", pack, "--template", name, "--no-rulebooks", "--out", tmp_path / "out")[0] == 0
    with pdfplumber.open(tmp_path / "out" / "kit" / f"kit-components-en-{name}.pdf") as pdf:
        (page,) = pdf.pages  # every slot filled, on one sheet
        assert (round(page.width / PT_PER_MM, 2), round(page.height / PT_PER_MM, 2)) == (
            round(page_w, 2),
            round(page_h, 2),
        )
        shapes = page.curves if circle else page.rects
        # each piece's background: filled, the piece's size and the template's bleed all round
        found = sorted(
            (s["x0"] / PT_PER_MM, s["top"] / PT_PER_MM, s["width"] / PT_PER_MM, s["height"] / PT_PER_MM)
            for s in shapes
            if s["fill"]
            and abs(s["width"] / PT_PER_MM - w - 2 * bleed) < 0.01
            and abs(s["height"] / PT_PER_MM - h - 2 * bleed) < 0.01
        )
    assert len(found) == len(slots)
    bled = sorted((x - bleed, y - bleed, sw + 2 * bleed, sh + 2 * bleed) for x, y, sw, sh in slots)
    for measured, expected in zip(found, bled, strict=True):
        assert max(abs(a - b) for a, b in zip(measured, expected, strict=True)) <= 0.01


def test_skystones_player_chips_fill_the_labels_of_a_shipped_round_sheet(run, tmp_path):
    """#36 item 7: a bundled kit whose chips fit a label sheet as they are, each on its own label."""
    code, out, err = run(
        "build", REPO / "content" / "skystones", "--lang", "en", "--template", "endisch-6500020",
        "--only", "chips", "--no-rulebooks", "--out", tmp_path,
    )  # fmt: skip
    assert code == 0
    assert "warning" not in err  # no chip left without a label
    with pdfplumber.open(tmp_path / "skystones" / "skystones-components-en-endisch-6500020.pdf") as pdf:
        (page,) = pdf.pages
        labels = [c for c in page.curves if c["fill"] and abs(c["width"] / PT_PER_MM - 21) < 0.01]
    assert len(labels) == 18  # 20 mm chips with the sheet's 0.5 mm waste all round


def test_a_packs_own_template_comes_first_and_a_near_size_is_centred_in_its_slot(run, tmp_path):
    own = (
        "name: Two squares\nsource: measured on a sheet\npage: 100x100mm\n"
        "slots:\n  - {size: 30mm, left: 10mm, top: 10mm, columns: 2, across: 50mm}\n"
    )
    pack = _pack(tmp_path / "kit", "cards:\n  - {id: t, name: T, size: 29.6x29.6mm, count: 2}\n", {"ol2682": own})
    assert run("build", pack, "--template", "ol2682", "--no-rulebooks", "--out", tmp_path / "out")[0] == 0
    with pdfplumber.open(tmp_path / "out" / "kit" / "kit-components-en-ol2682.pdf") as pdf:
        (page,) = pdf.pages
        assert round(page.width / PT_PER_MM, 2) == 100.0
        boxes = sorted(
            (round(r["x0"] / PT_PER_MM, 2), round(r["top"] / PT_PER_MM, 2))
            for r in page.rects
            if r["fill"] and abs(r["width"] / PT_PER_MM - 29.6) < 0.01
        )
    assert boxes == [(10.2, 10.2), (60.2, 10.2)]  # 0.2 mm in from each side of the 30 mm slots


def test_a_piece_no_slot_takes_is_left_out_with_a_warning_at_its_component_naming_the_nearest_slot(run, tmp_path):
    pack = _pack(
        tmp_path / "kit",
        "chips:\n  - {id: coin, name: Coin, label: Coin, shape: round, diameter: 50.8mm, count: 3}\n"
        "cards:\n  - {id: ace, name: Ace, size: poker}\n",
    )
    code, out, err = run("build", pack, "--template", "ol2682", "--no-rulebooks", "-q", "--out", tmp_path / "out")
    assert (code, out) == (0, "")
    assert err.splitlines() == [
        f"printkit: warning: {pack}/components.yaml:4:5: cards[0]: fits no slot of sheet template 'ol2682': "
        "it is a 63x88 mm rectangle, the nearest slot a 50.8 mm circle "
        "(a slot takes pieces of its shape within 0.5 mm of its size)",
    ]
    with pdfplumber.open(tmp_path / "out" / "kit" / "kit-components-en-ol2682.pdf") as pdf:
        (page,) = pdf.pages
        assert page.extract_text().split() == ["Coin"] * 3  # the three coins, no card


def test_when_no_piece_fits_any_slot_each_is_a_problem_at_its_component_naming_the_nearest_slot(run, tmp_path):
    pack = _pack(
        tmp_path / "kit",
        "chips:\n  - {id: coin, name: Coin, shape: round, diameter: 51.4mm}\n"
        "cards:\n  - {id: ace, name: Ace, size: poker}\n",
    )
    code, out, err = run("build", pack, "--template", "ol2682", "--no-rulebooks", "--out", tmp_path / "out")
    assert (code, out) == (1, "")
    hint = "(a slot takes pieces of its shape within 0.5 mm of its size)"
    assert err.splitlines() == [
        f"{pack}/components.yaml:2:5: chips[0]: fits no slot of sheet template 'ol2682': it is a 51.4 mm circle, "
        f"the nearest slot a 50.8 mm circle {hint}",
        f"{pack}/components.yaml:4:5: cards[0]: fits no slot of sheet template 'ol2682': it is a 63x88 mm "
        f"rectangle, the nearest slot a 50.8 mm circle {hint}",
        problems_found(2),
    ]


def test_a_bad_template_file_gets_every_problem_at_its_line(run, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: Broken\n"
        "page: 100x100mm\n"
        "printable: {top: 5mm, bottom: 5mm, left: 5mm, right: 5mm, middle: 1mm}\n"
        "slots:\n"
        "  - {shape: circle, size: 30x20mm, left: 10mm, top: 10mm}\n"
        "  - {shape: star, size: 20mm, left: 1cm, top: 1cm}\n"
        "  - {size: 40mm, left: 10mm, top: 50mm, columns: 2, across: 50mm}\n"
        "  - {size: 20 furlongs, left: 10mm, top: 10mm, rows: 0}\n"
    )
    pack = _pack(tmp_path / "kit", "cards:\n  - {id: t, name: T, size: 40x40mm}\n")
    code, out, err = run("build", pack, "--template", bad, "--no-rulebooks", "--out", tmp_path / "out")
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{bad}:1:1: source: is missing (give the template's source)",
        f"{bad}:3:59: printable.middle: unknown key 'middle' (its keys: top, bottom, left, right)",
        f"{bad}:5:27: slots[0].size: a circle's size is one length, its diameter",
        f"{bad}:6:13: slots[1].shape: unknown shape 'star' (use rectangle or circle)",
        f"{bad}:7:5: slots[2]: its slots reach 5.00 mm past the printable area's right edge "
        "(check the slots' positions and the printable margins)",
        f"{bad}:8:12: slots[3].size: unknown unit 'furlongs' in '20 furlongs' (use mm, cm, in or pt)",
        f"{bad}:8:54: slots[3].rows: must be a whole number of 1 or more, got 0",
        problems_found(7),
    ]


def test_overlapping_slots_and_too_many_are_refused_at_their_group(run, tmp_path):
    """A grid whose step is less than its slots' width, a box over a circle of another group, and a
    grid of three million slots (refused before it is laid out: it took 20 s and 525 MB)."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: Overlapping\n"
        "source: made up\n"
        "page: 300x300mm\n"
        "slots:\n"
        "  - {size: 63x88mm, left: 10mm, top: 10mm, columns: 2, across: 10mm}\n"
        "  - {shape: circle, size: 40mm, left: 100mm, top: 200mm, rows: 2, down: 40mm}\n"
        "  - {size: 20x20mm, left: 125mm, top: 225mm}\n"
        "  - {size: 1mm, left: 10mm, top: 10mm, columns: 3000000, across: 0.00001mm}\n"
    )
    pack = _pack(tmp_path / "kit", "cards:\n  - {id: t, name: T, size: 40x40mm}\n")
    code, out, err = run("build", pack, "--template", bad, "--no-rulebooks", "--out", tmp_path / "out")
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{bad}:5:64: slots[0].across: the slots overlap: each is 63 mm wide, but the next starts 10 mm further "
        "(across goes from one slot's edge to the same edge of the next: at least 63 mm)",
        f"{bad}:7:5: slots[2]: its slot at 125, 55 mm from the page's bottom-left overlaps the one at 100, 60 mm "
        "of a group above (check the slots' positions)",
        f"{bad}:8:5: slots[3]: columns: 3000000 and rows: 1 make 3000000 slots, after 3 in the groups above; "
        "a sheet template holds at most 2000 (check columns and rows)",
        problems_found(3),
    ]


def test_an_unknown_template_is_a_usage_error_naming_the_nearest(run, tmp_path):
    pack = _pack(tmp_path / "kit", "cards:\n  - {id: t, name: T, size: 40x40mm}\n")
    code, out, err = run("build", pack, "--template", "ol2628", "--no-rulebooks", "--out", tmp_path / "out")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1].endswith(
        "no sheet template 'ol2628' in sheet-templates/ of the pack or printkit's own (did you mean 'ol2682'?)"
    )


@pytest.mark.parametrize("named", ["file", "pack"])
@pytest.mark.parametrize("key", ["a4", "letter", "single"])
def test_a_template_named_like_a_paper_or_the_single_pdf_is_a_usage_error(run, tmp_path, named, key):
    """Its PDF would be <pack>-components-en-<key>.pdf: the paper's kit or --shop single's PDF."""
    text = (SHIPPED / "ol2682.yaml").read_text()
    pack = _pack(tmp_path / "kit", "cards:\n  - {id: t, name: T, size: 40x40mm}\n", {key: text})
    name = pack / "sheet-templates" / f"{key}.yaml" if named == "file" else key
    code, out, err = run("build", pack, "--template", name, "--no-rulebooks", "--out", tmp_path / "out")
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"printkit: a sheet template may not be called '{key}': its PDF would replace the {key} components PDF "
        "(rename the template's file)"
    ]
    assert not (tmp_path / "out").exists()


def test_a_template_prints_single_sided_whatever_duplex_says(run, tmp_path):
    """Its sheets are fronts alone: the PDF asks for simplex, --duplex rebuilds nothing, and --cut-svg
    (refused with --duplex off on paper, where backs lie beside their fronts) writes its cut file."""
    pack = _pack(tmp_path / "kit", "cards:\n  - {id: t, name: T, size: poker, count: 4}\n")
    out = tmp_path / "out"
    build = ("build", pack, "--template", "cricut-print-then-cut-letter", "--no-rulebooks", "--out", out)
    assert run(*build, "--cut-svg")[0] == 0
    pdf = out / "kit" / "kit-components-en-cricut-print-then-cut-letter.pdf"
    preferences = pypdf.PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == "/Simplex"
    written = {path: path.stat().st_mtime_ns for path in out.rglob("*") if path.is_file()}
    for duplex in ("short", "off"):
        assert run(*build, "--cut-svg", "--duplex", duplex)[:2] == (0, "")
        assert {path: path.stat().st_mtime_ns for path in out.rglob("*") if path.is_file()} == written
    assert [p.name for p in (out / "kit" / "cut-svg" / "en-cricut-print-then-cut-letter").iterdir()] == ["page-01.svg"]


def test_editing_a_packs_template_rebuilds_only_what_is_laid_out_on_it(run, tmp_path):
    own = (
        "name: Two squares\nsource: measured on a sheet\npage: 100x100mm\n"
        "slots:\n  - {size: 30mm, left: 10mm, top: 10mm, columns: 2, across: 50mm}\n"
    )
    pack = _pack(tmp_path / "kit", "cards:\n  - {id: t, name: T, size: 30x30mm, count: 2}\n", {"squares": own})
    out = tmp_path / "out"
    assert run("build", pack, "--out", out)[0] == 0
    assert run("build", pack, "--template", "squares", "--out", out)[0] == 0
    written = {path: path.stat().st_mtime_ns for path in out.rglob("*.pdf")}
    (pack / "sheet-templates" / "squares.yaml").write_text(own.replace("top: 10mm", "top: 20mm"))
    assert run("build", pack, "--out", out)[0] == 0  # the A4 kit does not read it
    assert {path: path.stat().st_mtime_ns for path in out.rglob("*.pdf")} == written
    assert run("build", pack, "--template", "squares", "--out", out)[0] == 0
    changed = {path.name for path in out.rglob("*.pdf") if path.stat().st_mtime_ns != written[path]}
    assert changed == {"kit-components-en-squares.pdf"}


NOTHING_TO_PRINT = (
    "printkit: warning: nothing-to-print (en): nothing to print: every component has count: 0, so no components "
    "PDF is written"
)


def test_a_template_with_nothing_to_print_writes_no_pdf(run, tmp_path):
    """Not a PDF of no pages (which readers refuse), but a warning."""
    code, _, err = run(
        "build",
        "tests/fixtures/nothing-to-print",
        "--out",
        tmp_path,
        "--template",
        "cricut-print-then-cut-letter",
        "-q",
    )
    assert (code, err.splitlines()) == (0, [NOTHING_TO_PRINT])
    assert not (tmp_path / "nothing-to-print").exists()


def test_a_template_name_with_a_folder_is_a_usage_error(run, tmp_path):
    """`--template ../kit` read the pack's own pack.yaml as a template; a name is a plain name."""
    pack = _pack(tmp_path / "kit", "cards:\n  - {id: t, name: T, size: 40x40mm}\n")
    code, out, err = run("build", pack, "--template", "../kit", "--no-rulebooks", "--out", tmp_path / "out")
    assert (code, out, err.splitlines()) == (
        2,
        "",
        [
            "printkit: '../kit' is not a sheet template's name: a name is a file's name in sheet-templates/ "
            "without .yaml (give a template file's path ending in .yaml, or one of: avery-3274-1, avery-3274-2, "
            "cricut-print-then-cut-letter, endisch-6500020, endisch-6500050, ol2682)"
        ],
    )


def test_bleed_overrides_the_templates_own(run, tmp_path):
    """OL2682's labels bleed 1.27 mm (gLabels' waste) by default; --bleed 0 prints them to the edge."""
    pack = _pack(tmp_path / "kit", "chips:\n  - {id: coin, name: Coin, diameter: 2in}\n")
    sizes = {}
    for bleed in ((), ("--bleed", "0")):
        out = tmp_path / f"out{len(bleed)}"
        assert run("build", pack, "--template", "ol2682", *bleed, "--no-rulebooks", "--out", out)[0] == 0
        with pdfplumber.open(out / "kit" / "kit-components-en-ol2682.pdf") as pdf:
            widest = max(c["width"] for c in pdf.pages[0].curves if c["fill"])
        sizes[bleed] = round(widest / PT_PER_MM, 2)
    assert sizes == {(): round(50.8 + 2 * 1.27, 2), ("--bleed", "0"): 50.8}
