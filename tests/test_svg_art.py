"""A pack's SVG art and its own icons (icons/*.svg): printed as vectors (no image in the PDF), an icon
of one colour painted in the colour its place gives it, and named wherever printkit's icons are.

The fixture pack tests/fixtures/svg-art has a card whose art is an SVG of several colours (a gradient
and a see-through circle on dark blue) and whose text names its own icons [lantern] (one colour:
black) and [ember] (currentColor with a yellow middle) beside printkit's [fire]; a card without art
shows its element's icon (lantern, in the element's colour) and its rarity's (ember); its rulebook
names [lantern] too."""

import base64
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader

from printkit.base.confine import pack_file
from printkit.base.shapes import Vector, rotated
from printkit.content.read import load_checked
from printkit.content.svg_drawing import _shapes, svg_drawing
from printkit.output.svg import element

FIXTURE = Path("tests/fixtures/svg-art")
ART_BLUE = (0x1F, 0x2A, 0x44)  # the art's background, #1f2a44


@pytest.fixture(scope="module")
def built(shared_run):
    ran = shared_run("build", str(FIXTURE), "--no-rulebooks")
    assert ran.code == 0, ran.stderr
    return ran.out / "svg-art" / "svg-art-components-en-a4.pdf"


def test_svg_art_and_icons_are_drawn_as_vectors_not_images(built):
    page = PdfReader(built).pages[1]  # the first is the calibration page
    xobjects = page["/Resources"].get("/XObject", {})
    assert not [name for name, xobject in xobjects.items() if xobject.get_object()["/Subtype"] == "/Image"]
    content = page.get_contents().get_data().decode("latin-1")
    assert ".121569 .164706 .266667 rg" in content  # the art's blue, a fill of a path
    assert " sh" in content  # its gradient, a shading
    assert ".94902 .717647 .019608 rg" in content  # [ember]'s yellow middle, kept


def test_the_art_shows_on_the_printed_page_in_its_proportions(built):
    """Rasterised as the PNG export and the preview are: the art's blue background (100 x 140 in its
    viewBox) fills a box as tall as the card's art window, its proportions kept."""
    image = pypdfium2.PdfDocument(built)[1].render(scale=100 / 72).to_pil().convert("RGB")
    pixels, (width, height) = image.load(), image.size
    blue = [
        (x, y)
        for y in range(height)
        for x in range(width)
        if all(abs(a - b) <= 3 for a, b in zip(pixels[x, y], ART_BLUE, strict=True))
    ]
    xs, ys = [x for x, _ in blue], [y for _, y in blue]
    across, down = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    assert down == pytest.approx(103, abs=2)  # the art window is 26 mm high: 102.4 pixels at 100 dpi
    assert across / down == pytest.approx(100 / 140, abs=0.02)


def _bytes(name: str) -> bytes:
    root = FIXTURE.resolve()
    return pack_file(root, root / name, 2**20)[1]


def _paints(drawing) -> set[tuple]:
    return {
        tuple(round(v, 3) for v in colour.rgb())
        for shape in _shapes(drawing)
        for colour in (getattr(shape, "fillColor", None), getattr(shape, "strokeColor", None))
        if colour is not None
    }


def test_an_icon_of_one_colour_is_painted_all_over_in_the_colour_given():
    assert _paints(svg_drawing(_bytes("icons/lantern.svg"))) == {(0.0, 0.0, 0.0)}
    assert _paints(svg_drawing(_bytes("icons/lantern.svg"), "#c0392b")) == {(0.753, 0.224, 0.169)}


def test_current_colour_takes_the_colour_given_and_the_other_colours_stay():
    assert _paints(svg_drawing(_bytes("icons/ember.svg"), "#2b7bd9")) == {(0.169, 0.482, 0.851), (0.949, 0.718, 0.02)}


def test_art_of_several_colours_keeps_them():
    assert len(_paints(svg_drawing(_bytes("art/harbour.svg"), "#c0392b"))) > 2


def test_a_rulebook_figure_embeds_the_icon_painted_as_the_pdf_paints_it():
    (pack,) = load_checked([FIXTURE])
    (lantern,) = pack.icons.draw("lantern", 2.0, 2.0, 3.6, "#c0392b")
    svg = element(lantern)
    assert svg.startswith('<image x="0.200" y="-3.800" width="3.600" height="3.600" href="data:image/svg+xml;base64,')
    assert b'fill="#c0392b"' in base64.b64decode(svg.split("base64,")[1].split('"')[0])


def test_an_icon_in_turned_text_turns_about_its_own_centre():
    (turned,) = rotated([Vector("icons/lantern.svg", 10.0, 0.0, 2.0, 2.0)], 90, 0.0, 0.0)
    assert (round(turned.x, 6), round(turned.y, 6), turned.angle) == (-2.0, 10.0, 90)


def test_looks_icons_names_printkits_icons_and_the_packs_own(run):
    code, out, err = run("looks", "icons", FIXTURE)
    rows = dict(line.split(maxsplit=1) for line in out.splitlines())
    assert (code, err, rows["lantern"], rows["ember"], rows["fire"]) == (
        0,
        "",
        "icons/lantern.svg",
        "icons/ember.svg",
        "printkit's",
    )
