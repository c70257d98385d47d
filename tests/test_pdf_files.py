"""The bundled kits' PDFs as print shops, printers and tools that merge files read them, measured from
the files: each sheet's TrimBox and BleedBox around the pieces printed on it, the bleed of split
pieces, font subset tags, the header's version, and qpdf's check."""

import re
import subprocess
from pathlib import Path

import pypdfium2
import pytest
from conftest import BUNDLED, PT_PER_MM, TOLERANCE_MM
from pypdf import PdfReader
from pypdf.generic import ArrayObject, ContentStream, DictionaryObject, IndirectObject, NameObject

from printkit.cli import main
from printkit.content.read import load_checked
from printkit.layout.imposition import impose
from printkit.layout.sheets import SheetOptions

pytestmark = pytest.mark.slow

BLEED = 3.0


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> Path:
    """Every bundled pack built in English with 3 mm bleed, its rulebook and booklet included."""
    out = tmp_path_factory.mktemp("kits")
    assert main(["build", *BUNDLED, "--lang", "en", "--bleed", str(BLEED), "--booklet", "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def trimmed_kits(shared_run) -> Path:
    """Every bundled pack's English components without bleed: each piece is clipped to its trim line."""
    built = shared_run("build", *BUNDLED, "--lang", "en", "--no-rulebooks")
    assert built.code == 0, built.stderr
    return built.out


def _components(kits: Path) -> list[Path]:
    return [kits / name / f"{name}-components-en-a4.pdf" for name in BUNDLED]


def _mm(box) -> list[float]:
    return [float(v) / PT_PER_MM for v in box]


def _clipped_boxes(reader: PdfReader, page) -> list[tuple[float, float, float, float]]:
    """The bounds, in millimetres on the sheet, of every clip path a page's content sets: each piece
    is drawn inside its outline grown by the bleed. Curves lie within their control points, which
    printkit's outlines (arcs of quarter circles, straight sides) keep on their bounds."""
    matrix, saved, path, boxes = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], [], []
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        values = [float(v) for v in operands] if operator in (b"cm", b"m", b"l", b"c", b"re") else []
        if operator == b"q":
            saved.append(matrix)
        elif operator == b"Q":
            matrix = saved.pop()
        elif operator == b"cm":
            a, b, c, d, e, f = values
            a0, b0, c0, d0, e0, f0 = matrix
            matrix = (a * a0 + b * c0, a * b0 + b * d0, c * a0 + d * c0, c * b0 + d * d0, e * a0 + f * c0 + e0)
            matrix += (e * b0 + f * d0 + f0,)
        elif operator == b"re":
            x, y, w, h = values
            path += [(x, y), (x + w, y + h)]
        elif operator in (b"m", b"l", b"c"):
            path += list(zip(values[0::2], values[1::2], strict=True))
        elif operator == b"W":
            a, b, c, d, e, f = matrix
            points = [((a * x + c * y + e) / PT_PER_MM, (b * x + d * y + f) / PT_PER_MM) for x, y in path]
            xs, ys = [x for x, _ in points], [y for _, y in points]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        if operator in (b"n", b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*"):
            path = []
    return boxes


def test_each_sheets_trim_box_encloses_exactly_the_pieces_printed_on_that_side(trimmed_kits):
    """Fronts and backs alike: a back sheet's TrimBox is that of its backs, which may be fewer than
    its fronts; a sheet with nothing to cut (the calibration page, the blank back of fronts without
    backs, which says so) has the paper for its boxes."""
    backs_with_pieces = blank_backs = 0
    for path in _components(trimmed_kits):
        reader = PdfReader(path)
        for number, page in enumerate(reader.pages):
            pieces = _clipped_boxes(reader, page)
            trim, bleed = _mm(page.trimbox), _mm(page.bleedbox)
            if not pieces:
                assert trim == bleed == _mm(page.mediabox), (path.name, number + 1)
                if number > 1:
                    assert "this side stays blank" in page.extract_text(), (path.name, number + 1)
                    blank_backs += 1
                continue
            outer = [min(b[0] for b in pieces), min(b[1] for b in pieces)]
            outer += [max(b[2] for b in pieces), max(b[3] for b in pieces)]
            assert trim == bleed == pytest.approx(outer, abs=TOLERANCE_MM), (path.name, number + 1)
            backs_with_pieces += number % 2  # every kit has backs: sheets pair up, fronts first
    assert (backs_with_pieces, blank_backs) == (36, 13)


def test_each_sheets_bleed_box_is_its_trim_box_grown_by_the_bleed(kits):
    for path in _components(kits):
        for number, page in enumerate(PdfReader(path).pages):
            (x0, y0, x1, y1), bleed = _mm(page.trimbox), _mm(page.bleedbox)
            if (x0, y0) != (0, 0):  # a sheet with pieces to cut
                assert bleed == pytest.approx([x0 - BLEED, y0 - BLEED, x1 + BLEED, y1 + BLEED], abs=TOLERANCE_MM)
            else:
                assert bleed == [x0, y0, x1, y1] == _mm(page.mediabox), (path.name, number + 1)


def _painted(image, paper_height: float, x: float, y: float) -> bool:
    """Whether the point (x, y) mm of a sheet rendered at 600 dpi is anything but white paper."""
    per_mm = 600 / 25.4
    return image.getpixel((round(x * per_mm), round((paper_height - y) * per_mm))) != (255, 255, 255)


def test_a_rulers_art_reaches_the_bleed_past_both_ends_of_each_of_its_fragments(kits):
    """A ruler longer than the paper is printed in fragments; each is cut along its own edges, so
    its art runs on 3 mm past them like every other piece's (it stopped at the trim)."""
    (pack,) = load_checked([Path("content/skylanders-tabletop")])
    pages = impose(pack, "en", SheetOptions(bleed=BLEED))
    document = pypdfium2.PdfDocument(kits / "skylanders-tabletop" / "skylanders-tabletop-components-en-a4.pdf")
    ends = 0
    for number, page in enumerate(pages):
        rulers = [p for p in page.placements if p.component.kind == "ruler"]
        if not rulers:
            continue
        image = document[number].render(scale=600 / 72).to_pil().convert("RGB")
        for ruler in rulers:
            middle = ruler.y + ruler.height / 2
            for edge, outward in ((ruler.x, -1), (ruler.x + ruler.width, 1)):
                inside, beyond = edge + outward * (BLEED - 0.2), edge + outward * (BLEED + 0.2)
                assert _painted(image, page.size.height, inside, middle), (number + 1, ruler.window, edge)
                assert not _painted(image, page.size.height, beyond, middle), (number + 1, ruler.window, edge)
                ends += 1
    assert ends == 8  # two rulers of two fragments each


def _fonts(path: Path):
    """(tag, font name, what the subset is: its font program, widths and Unicode map) of every
    embedded subset."""
    reader = PdfReader(path)
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = descendant["/FontDescriptor"].get_object()
            program = descriptor["/FontFile2"].get_object().get_data()
            widths = repr(descendant.get("/Widths") or descendant.get("/W"))
            tag, _, name = str(font["/BaseFont"])[1:].partition("+")
            yield tag, name, (program, widths, font["/ToUnicode"].get_object().get_data())


def test_font_subsets_are_tagged_by_what_they_hold_six_capitals_the_same_tag_in_two_files_only_for_one_subset(kits):
    """Components (reportlab tagged every subset AAAAAA+), rulebooks and booklets (WeasyPrint tagged
    a font by its name, whatever its subset) alike."""
    subsets: dict[str, set] = {}
    for path in sorted(kits.rglob("*.pdf")):
        for tag, name, subset in _fonts(path):
            assert re.fullmatch("[A-Z]{6}", tag), (path.name, tag)
            subsets.setdefault(tag, set()).add((name, subset))
    assert all(len(held) == 1 for held in subsets.values())
    # the kits' words differ, and with them the subsets of the components' three fonts and the rulebooks' four
    assert len(subsets) > 2 * 7


# The version of PDF each feature the files could use first appeared in (PDF Reference 1.7, ISO
# 32000-1): a key anywhere in the file, or a key with a value.
KEY_VERSIONS = {
    "/Duplex": (1, 7),
    "/PrintScaling": (1, 6),
    "/OCProperties": (1, 5),
    "/Lang": (1, 4),
    "/SMask": (1, 4),
    "/CA": (1, 4),
    "/ca": (1, 4),
    "/BM": (1, 4),
    "/MarkInfo": (1, 4),
    "/Metadata": (1, 4),
    "/OutputIntents": (1, 4),
    "/TrimBox": (1, 3),
    "/BleedBox": (1, 3),
    "/StructTreeRoot": (1, 3),
}
VALUE_VERSIONS = {
    ("/Subtype", "/OpenType"): (1, 6),
    ("/Filter", "/JPXDecode"): (1, 5),
    ("/S", "/Transparency"): (1, 4),
}


def _features(path: Path) -> dict[str, tuple[int, int]]:
    """Each feature of KEY_VERSIONS and VALUE_VERSIONS the file uses, object and cross-reference
    streams (PDF 1.5; their dictionaries are never compressed) and marked content's /ActualText
    (1.5), with its version."""
    raw = path.read_bytes()
    found = {f"/Type /{kind.decode()}": (1, 5) for kind in re.findall(rb"/Type\s*/(ObjStm|XRef)\b", raw)}
    reader = PdfReader(path)
    seen: set[int] = set()

    def walk(value) -> None:
        if isinstance(value, IndirectObject):
            if value.idnum in seen:
                return
            seen.add(value.idnum)
            value = value.get_object()
        if isinstance(value, DictionaryObject):
            for key, item in value.items():
                if key in KEY_VERSIONS:
                    found[key] = KEY_VERSIONS[key]
                if isinstance(item, NameObject) and (key, item) in VALUE_VERSIONS:
                    found[f"{key} {item}"] = VALUE_VERSIONS[key, item]
                walk(item)
        elif isinstance(value, ArrayObject):
            for item in value:
                walk(item)

    walk(reader.trailer)
    if any(page.get_contents() and b"/ActualText" in page.get_contents().get_data() for page in reader.pages):
        found["/ActualText"] = (1, 5)
    return found


def _version(path: Path) -> tuple[int, int]:
    """The version the file declares: its header's, or the catalog's /Version when that is later."""
    header = re.match(rb"%PDF-(\d)\.(\d)\r?\n", path.read_bytes())
    assert header, path.name
    declared = (int(header[1]), int(header[2]))
    catalog = PdfReader(path).trailer["/Root"]
    if "/Version" in catalog:
        declared = max(declared, tuple(int(v) for v in str(catalog["/Version"])[1:].split(".")))
    return declared


def test_each_pdf_declares_the_version_of_the_newest_feature_it_uses(kits):
    """A components PDF declares exactly its newest feature's version (its /Duplex preference: 1.7;
    reportlab said 1.3); a rulebook (PDF/UA-1, which is PDF 1.7) and its booklet declare at least theirs."""
    for path in sorted(kits.rglob("*.pdf")):
        newest = max(_features(path).values())
        if "-components-" in path.name:
            assert (_version(path), newest) == ((1, 7), (1, 7)), path.name
        else:
            assert _version(path) >= newest, (path.name, _features(path))


def test_qpdf_finds_nothing_wrong_in_any_bundled_kit(kits):
    pdfs = sorted(kits.rglob("*.pdf"))
    assert len(pdfs) == 3 * len(BUNDLED)  # components, rulebook and booklet
    for path in pdfs:
        check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0 and "No syntax or stream encoding errors found" in check.stdout, (
            path.name,
            check.stdout,
            check.stderr,
        )
