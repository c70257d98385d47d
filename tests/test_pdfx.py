"""--pdfx, read back from the file: the PDF/X-4 keys and output intent, no RGB left anywhere, dark
greys and black as pure black (0 0 0 1), art converted to CMYK with its transparency kept, and the
file rendered by Ghostscript without an error or warning.

What this does not prove: that the file passes a PDF/X-4 preflight. No free validator is at hand
(Ghostscript's -dPDFX writes PDF/X files, it does not check them); the keys checked here are the
ones ISO 15930-7 asks of a file like this (it has no spot colours, layers or annotations)."""

import shutil
import subprocess
from datetime import UTC

import pytest
from conftest import FIXTURES, REPO
from defusedxml import ElementTree
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream, IndirectObject

from printkit.base.palette import INK
from printkit.output.conditions import OUTPUT_CONDITIONS
from printkit.output.pdfx import NEUTRAL, SOLID_BLACK, CmykInk

PACKS = {"skystones": REPO / "content" / "skystones"}
PDFXID = "{http://www.npes.org/pdfx/ns/id/}"
PAINTS = (b"rg", b"RG", b"k", b"K", b"g", b"G")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Skystones, and a pack whose art has an alpha channel, each built as RGB and as PDF/X."""
    from printkit.cli import main

    root = tmp_path_factory.mktemp("pdfx")
    glow = root / "glow"
    shutil.copytree(FIXTURES / "looks" / "glow", glow)
    with Image.open(glow / "art" / "ember.png") as art:
        transparent = art.convert("RGBA")
    transparent.putalpha(Image.linear_gradient("L").resize(transparent.size))
    transparent.save(glow / "art" / "ember.png")
    out = root / "out"
    args = ["build", PACKS["skystones"], glow, "--no-rulebooks", "--lang", "en", "--pdfx", "--out", out]
    assert main([str(a) for a in args]) == 0
    return out


def _pdfx(built, pack: str) -> PdfReader:
    return PdfReader(built / pack / f"{pack}-components-en-a4-pdfx.pdf")


def _names(value, seen: set[int]) -> set[str]:
    """Every name in an object and all it refers to."""
    if isinstance(value, IndirectObject):
        if value.idnum in seen:
            return set()
        seen.add(value.idnum)
        value = value.get_object()
    if isinstance(value, dict):
        return {str(k) for k in value} | {n for v in value.values() for n in _names(v, seen)}
    if isinstance(value, list):
        return {n for v in value for n in _names(v, seen)}
    return {str(value)} if type(value).__name__ == "NameObject" else set()


def _paint_pairs(rgb: PdfReader, cmyk: PdfReader):
    """Each colour operator of the RGB file with the one the PDF/X file has in its place, and
    whether a text is shown in it next: the two files are drawn by the same code, colours apart (the
    PDF/X file without the calibration sheet the RGB one begins with)."""
    for rgb_page, cmyk_page in zip(rgb.pages[len(rgb.pages) - len(cmyk.pages) :], cmyk.pages, strict=True):
        rgb_ops = ContentStream(rgb_page.get_contents(), rgb).operations
        cmyk_ops = ContentStream(cmyk_page.get_contents(), cmyk).operations
        assert len(rgb_ops) == len(cmyk_ops)
        for i, ((rgb_values, rgb_op), (cmyk_values, cmyk_op)) in enumerate(zip(rgb_ops, cmyk_ops, strict=True)):
            if rgb_op in PAINTS:
                text = rgb_op == b"rg" and i + 1 < len(rgb_ops) and rgb_ops[i + 1][1] in (b"BT", b"BDC")
                yield [float(v) for v in rgb_values], rgb_op, [float(v) for v in cmyk_values], cmyk_op, text
            else:
                # a text's codes are its glyphs' places in the font subset, made in another order when
                # the calibration page's text is left out
                assert (rgb_values, rgb_op) == (cmyk_values, cmyk_op) or rgb_op in (b"Do", b"Tj", b"TJ")


@pytest.mark.parametrize("pack", ["skystones", "glow"])
def test_the_file_declares_pdfx4_with_the_cmyk_profile_as_its_output_intent(built, pack):
    path = built / pack / f"{pack}-components-en-a4-pdfx.pdf"
    assert path.read_bytes().startswith(b"%PDF-1.6\n")
    reader = _pdfx(built, pack)
    # no key newer than the header: /Duplex (PDF 1.7) is left out, /PrintScaling (1.6) kept
    assert dict(reader.trailer["/Root"]["/ViewerPreferences"]) == {"/PrintScaling": "/None"}
    assert not reader.is_encrypted
    (intent,) = (i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"])
    assert intent["/Type"] == "/OutputIntent" and intent["/S"] == "/GTS_PDFX"
    # FOGRA39 unless told: the ICC registry's name for the condition, the profile printkit ships for it
    assert (intent["/OutputConditionIdentifier"], intent["/RegistryName"]) == ("FOGRA39", "http://www.color.org")
    assert intent["/Info"] == "FOGRA39L Coated (printkit)"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4 and profile.get_data() == OUTPUT_CONDITIONS["fogra39"].profile.read_bytes()
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-4" and reader.metadata["/Trapped"] == "/False"
    assert reader.metadata.title
    xmp = ElementTree.fromstring(reader.trailer["/Root"]["/Metadata"].get_object().get_data())
    assert [e.text for e in xmp.iter(f"{PDFXID}GTS_PDFXVersion")] == ["PDF/X-4"]
    for page in reader.pages:
        trim, bleed, media = (
            [float(v) for v in box] for box in (page[n] for n in ("/TrimBox", "/BleedBox", "/MediaBox"))
        )
        assert media[:2] <= bleed[:2] <= trim[:2] and trim[2:] <= bleed[2:] <= media[2:]
    fonts = [f for page in reader.pages for f in page["/Resources"]["/Font"].values()]
    assert fonts and all("/FontFile2" in f.get_object()["/FontDescriptor"] for f in fonts)


@pytest.mark.parametrize("pack", ["skystones", "glow"])
def test_the_xmp_says_what_the_information_dictionary_says(built, pack):
    """PDF/X-4 asks the two to agree; the XMP had no author, producer, subject nor keywords."""
    reader = _pdfx(built, pack)
    info = reader.metadata
    xmp = reader.xmp_metadata
    assert xmp is not None
    assert (xmp.dc_title, xmp.dc_creator, xmp.dc_description) == (
        {"x-default": info["/Title"]},
        [info["/Author"]],
        {"x-default": info["/Subject"]},
    )
    assert (xmp.pdf_producer, xmp.pdf_keywords or "") == (info["/Producer"], info["/Keywords"])
    in_utc = [date.astimezone(UTC).replace(tzinfo=None) for date in (info.creation_date, info.modification_date)]
    assert [xmp.xmp_create_date, xmp.xmp_modify_date] == in_utc  # pypdf reads XMP dates as UTC


def test_the_calibration_page_and_its_back_are_left_out(built):
    """A print shop prints the pieces: the calibration sheet is for home printers, and its back
    goes with it so every later front keeps its back."""
    kit = PdfReader(built / "skystones" / "skystones-components-en-a4.pdf")
    pdfx = _pdfx(built, "skystones")
    assert "calibration" in kit.pages[0].extract_text().lower()
    assert len(pdfx.pages) == len(kit.pages) - 2
    assert [page.extract_text() for page in pdfx.pages] == [page.extract_text() for page in kit.pages[2:]]


@pytest.mark.parametrize("pack", ["skystones", "glow"])
def test_no_rgb_is_left_in_any_content_stream_or_resource(built, pack):
    reader = _pdfx(built, pack)
    seen: set[int] = set()
    for page in reader.pages:
        operators = {op for _, op in ContentStream(page.get_contents(), reader).operations}
        assert not operators & {b"rg", b"RG", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS"}
        assert "/DeviceRGB" not in _names(page["/Resources"], seen)


def test_black_text_and_marks_are_pure_black_and_greys_print_on_black_alone(built):
    rgb = PdfReader(built / "skystones" / "skystones-components-en-a4.pdf")
    ink = [int(INK[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    black_text = 0
    for rgb_values, rgb_op, cmyk_values, cmyk_op, text in _paint_pairs(rgb, _pdfx(built, "skystones")):
        assert cmyk_op == {b"rg": b"k", b"RG": b"K"}[rgb_op]
        if rgb_values == pytest.approx(ink, abs=1e-4) or rgb_values == [0, 0, 0]:
            assert cmyk_values == [0, 0, 0, 1]
            black_text += text
        elif max(rgb_values) - min(rgb_values) <= NEUTRAL / 255 + 1e-6:  # a grey
            assert cmyk_values[:3] == [0, 0, 0]
            if 1 - sum(rgb_values) / 3 >= SOLID_BLACK:
                assert cmyk_values[3] == 1
        else:
            assert any(cmyk_values[:3])  # a colour is made of coloured inks
    assert black_text > 100


def test_art_is_cmyk_and_keeps_its_transparency(built):
    reader = _pdfx(built, "glow")
    images = [
        x.get_object()
        for page in reader.pages
        for x in page["/Resources"].get("/XObject", {}).values()
        if x.get_object()["/Subtype"] == "/Image"
    ]
    assert images
    for image in images:
        assert image["/ColorSpace"] == "/DeviceCMYK"
        assert len(image.get_data()) == image["/Width"] * image["/Height"] * 4
        assert image["/SMask"].get_object()["/ColorSpace"] == "/DeviceGray"


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript is not installed")
@pytest.mark.parametrize("pack", ["skystones", "glow"])
def test_ghostscript_renders_the_file_without_an_error_or_warning(built, pack):
    path = built / pack / f"{pack}-components-en-a4-pdfx.pdf"
    result = subprocess.run(
        ["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-dPDFSTOPONERROR", "-sDEVICE=nullpage", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_a_grey_prints_as_light_as_it_shows():
    """The press darkens a screen of black: a 50 % grey printed as 50 % black came out 10 units of
    CIEDE2000 lighter; the screen is chosen by what the profile says it prints."""
    ink = CmykInk(OUTPUT_CONDITIONS["fogra39"].profile)
    assert ink.cmyk("#808080") == "0 0 0 0.6196"
    assert [round(ink.shift(grey), 1) for grey in ("#808080", "#c0c0c0", "#ffffff", "#000000")] == [0.2, 0.1, 0, 0]


@pytest.mark.parametrize(
    ("condition", "identifier", "info"),
    [
        ("gracol", "CGATS TR 006", "GRACoL TR006 Coated (printkit)"),
        ("swop", "CGATS TR 003", "SWOP TR003 Coated (printkit)"),
    ],
)
def test_the_output_condition_is_the_users_choice(run, tmp_path, condition, identifier, info):
    code, _, err = run(
        "build", PACKS["skystones"], "--no-rulebooks", "--lang", "en", "--pdfx", "--output-condition", condition,
        "--out", tmp_path,
    )  # fmt: skip
    assert code == 0
    reader = PdfReader(tmp_path / "skystones" / "skystones-components-en-a4-pdfx.pdf")
    (intent,) = (i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"])
    assert (intent["/OutputConditionIdentifier"], intent["/Info"]) == (identifier, info)
    profile = intent["/DestOutputProfile"].get_object().get_data()
    assert profile == OUTPUT_CONDITIONS[condition].profile.read_bytes()
    assert (
        f"skystones-components-en-a4-pdfx.pdf: each component's largest colour shift ({identifier}, CIEDE2000)" in err
    )


def test_the_summary_gives_each_components_largest_colour_shift(run, tmp_path):
    """Measured, not assumed: the deep violet both cards share moves most on coated paper."""
    code, _, err = run(
        "build", FIXTURES / "looks" / "glow", "--no-rulebooks", "--lang", "en", "--pdfx", "--out", tmp_path
    )
    assert code == 0
    assert err.splitlines()[-3:-1] == [
        "  glow-components-en-a4-pdfx.pdf: each component's largest colour shift (FOGRA39, CIEDE2000)",
        "     5.9 #2f2a4a: ember-fox, tide-crab",
    ]


def test_an_unknown_output_condition_is_a_usage_error(run, tmp_path):
    code, _, err = run("build", PACKS["skystones"], "--pdfx", "--output-condition", "fogra51", "--out", tmp_path)
    assert code == 2
    assert err.splitlines() == [
        "printkit: argument --output-condition: invalid choice: 'fogra51' (choose from 'fogra39', 'gracol', 'swop') "
        "(see 'printkit build --help')"
    ]
    assert not (tmp_path / "skystones").exists()


def test_every_profile_says_it_is_free_and_where_its_data_came_from():
    from PIL import ImageCms

    for condition in OUTPUT_CONDITIONS.values():
        copyright = ImageCms.getOpenProfile(str(condition.profile)).profile.copyright
        assert copyright.startswith("No copyright, use freely (CC0 1.0). Characterization data: ")
        assert condition.profile_file in (condition.profile.parent / "LICENSE.md").read_text()
