"""A pack's own fonts: named for drawing by pack_font, measured, set with markup, refused where they
lack a glyph, and embedded as subsets in the PDF.

The fixture font is DejaVu Sans Condensed cut down to printable ASCII (under its licence, beside it):
narrower than the bundled DejaVu Sans, so text set in it measures differently."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont

from printkit.base.errors import ValueProblem
from printkit.base.shapes import Text
from printkit.base.units import Size
from printkit.content.read import load_checked
from printkit.faces import richtext
from printkit.faces.fonts import FONT_DIR, pack_font, registered, text_width
from printkit.layout.sheets import Page
from printkit.output.pdf import render_pdf

FIXTURE = Path("tests/fixtures/pack-fonts")
CONDENSED = FIXTURE / "fonts" / "DejaVuSansCondensed-ASCII.ttf"
LICENCE = FIXTURE / "fonts" / "LICENSE-DejaVu.txt"
BOX = (0.0, 0.0, 60.0, 10.0)


def _fit(text: str, font: str):
    return richtext.fit(text, BOX, font=font, size=10, min_size=6, color="#000000", align="left", max_lines=1)


def _pack_with_fonts(tmp_path: Path, family: str, files: dict[str, Path], folder: str = "kit"):
    """A pack whose family `family` has the given files (by style), each copied into the pack."""
    root = tmp_path / folder
    (root / "fonts").mkdir(parents=True)
    shutil.copy(LICENCE, root / "fonts" / "LICENSE.txt")
    styles = []
    for style, source in files.items():
        shutil.copy(source, root / "fonts" / f"{style}.ttf")
        styles.append(f"{style}: fonts/{style}.ttf")
    (root / "pack.yaml").write_text(
        f"id: {folder}\ntitle: Kit\nfonts:\n  {family}: {{{', '.join(styles)}, licence: fonts/LICENSE.txt}}\n"
    )
    (root / "components.yaml").write_text("cards:\n  - {id: ember, name: Ember}\n")
    (pack,) = load_checked([root])
    return pack


def _check_one_font(run, tmp_path: Path, name: str, make) -> tuple[int, str, str]:
    """`printkit check` of a pack whose family `display` is the file fonts/<name>, which make writes."""
    root = tmp_path / "kit"
    (root / "fonts").mkdir(parents=True)
    make(root / "fonts" / name)
    shutil.copy(LICENCE, root / "fonts" / "LICENSE.txt")
    (root / "pack.yaml").write_text(
        f"id: kit\ntitle: Kit\nfonts:\n  display: {{regular: fonts/{name}, licence: fonts/LICENSE.txt}}\n"
    )
    return run("check", root)


def _refused(tmp_path: Path, name: str, message: str) -> tuple[int, str, str]:
    """What `printkit check` says of _check_one_font's pack when it refuses the font with message."""
    where = f"{tmp_path}/kit/pack.yaml:4:22: fonts.display.regular"
    return 1, "", f"{where}: font file 'fonts/{name}' {message}\n1 problem found\n"


def test_the_fixture_pack_with_its_own_font_checks(run):
    assert run("check", FIXTURE) == (0, "1 pack checked: pack-fonts (1 component)\n", "")


def _advance_mm(path: Path, word: str, size_pt: float) -> float:
    """A word's width from the font file's own advance widths, read with fontTools."""
    from fontTools.ttLib import TTFont

    font = TTFont(path)
    cmap, metrics = font.getBestCmap(), font["hmtx"]
    units = sum(metrics[cmap[ord(char)]][0] for char in word)
    return units / font["head"].unitsPerEm * size_pt * 25.4 / 72


def test_text_in_a_pack_font_measures_as_that_font():
    (pack,) = load_checked([FIXTURE])
    display = pack_font(pack, "display")
    condensed, sans = richtext.measure("Embers", display, 10), richtext.measure("Embers", "sans", 10)
    assert condensed == pytest.approx(_advance_mm(CONDENSED, "Embers", 10))
    assert sans == pytest.approx(_advance_mm(FONT_DIR / "DejaVuSans.ttf", "Embers", 10))
    assert condensed < sans - 1
    (fitted,) = _fit("Embers", display)
    assert (fitted.text, fitted.font, fitted.size) == ("Embers", display, 10)


def test_a_style_the_family_lacks_is_set_in_its_regular_file_embedded_once():
    (pack,) = load_checked([FIXTURE])
    regular, bold = pack_font(pack, "display"), pack_font(pack, "display-bold")
    assert (
        regular != bold and registered(regular) == registered(bold) == "printkit-pack-fonts-DejaVuSansCondensed-ASCII"
    )
    assert text_width("Ember", bold, 10) == text_width("Ember", regular, 10)


def test_markup_switches_to_the_pack_familys_own_styles(tmp_path):
    files = {"regular": CONDENSED, "bold": FONT_DIR / "DejaVuSerif-Bold.ttf"}
    pack = _pack_with_fonts(tmp_path, "display", files | {"bold-italic": FONT_DIR / "DejaVuSerif-BoldItalic.ttf"})
    word, bold_word = _fit("Ember **Ember**", pack_font(pack, "display"))
    assert (word.font, bold_word.font) == (pack_font(pack, "display"), pack_font(pack, "display-bold"))
    assert text_width("Ember", bold_word.font, 10) == text_width("Ember", "serif-bold", 10)
    (bold_italic,) = _fit("*Ember*", pack_font(pack, "display-bold"))
    assert bold_italic.font == pack_font(pack, "display-bold-italic")
    assert text_width("Ember", bold_italic.font, 10) == text_width("Ember", "serif-bold-italic", 10)
    (back_to_regular,) = _fit("*Ember*", pack_font(pack, "display-italic"))  # italic falls back to regular
    assert back_to_regular.font == pack_font(pack, "display")
    assert text_width("Ember", pack_font(pack, "display-italic"), 10) == text_width("Ember", word.font, 10)


def test_bundled_fonts_pass_through_and_an_unknown_name_is_refused_with_a_suggestion():
    (pack,) = load_checked([FIXTURE])
    assert pack_font(pack, "serif-italic") == "serif-italic"
    with pytest.raises(ValueProblem) as refused:
        pack_font(pack, "dispaly-bold")
    assert (refused.value.message, refused.value.hint) == (
        "'dispaly-bold' is not a font of printkit or of this pack",
        "did you mean 'display-bold' or 'display-bold-italic'?",
    )


def test_two_packs_may_each_have_a_family_of_one_name(tmp_path):
    condensed = _pack_with_fonts(tmp_path, "display", {"regular": CONDENSED}, "one")
    serif = _pack_with_fonts(tmp_path, "display", {"regular": FONT_DIR / "DejaVuSerif.ttf"}, "two")
    one, two = pack_font(condensed, "display"), pack_font(serif, "display")
    assert one != two
    assert text_width("Ember", one, 10) != text_width("Ember", two, 10) == text_width("Ember", "serif", 10)


def test_a_character_the_pack_font_lacks_is_refused_naming_the_font_as_the_pack_does():
    (pack,) = load_checked([FIXTURE])
    refusal = _fit("Café", pack_font(pack, "display-bold"))
    assert refusal == richtext.Refusal(
        "needs glyphs the font 'display-bold' lacks: 'é'",
        "use another character, or name a font that has it in pack.yaml: fonts:, and locale_fonts: for a language",
    )


def test_the_pdf_embeds_a_subset_of_the_pack_font(tmp_path):
    (pack,) = load_checked([FIXTURE])
    display = pack_font(pack, "display")
    page = Page(Size(100, 50), "front", marks=[Text(10, 20, "Ember", display, 12, "#000000", "left")])
    page.trim_box = page.bleed_box = (0, 0, 100, 50)
    target = tmp_path / "fonts.pdf"
    render_pdf([page], target, title="Fonts", subject="", lang="en", duplex="off")
    listing = subprocess.run(["pdffonts", target], capture_output=True, text=True, check=True).stdout
    (row,) = [line.split() for line in listing.splitlines() if "DejaVuSansCondensed" in line]
    name, *_, embedded, subset, _unicode, _number, _generation = row
    assert (name.split("+")[1], embedded, subset) == ("DejaVuSansCondensed", "yes", "yes")


def test_a_font_with_postscript_outlines_is_refused_with_a_hint_to_convert_it(run, tmp_path):
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    builder = FontBuilder(1000, isTTF=False)  # an OpenType font with CFF outlines, as many .otf files are
    builder.setupGlyphOrder([".notdef", "A"])
    builder.setupCharacterMap({65: "A"})
    pen = T2CharStringPen(600, None)
    pen.moveTo((0, 0))
    pen.lineTo((500, 0))
    pen.lineTo((250, 700))
    pen.closePath()
    notdef = T2CharStringPen(500, None).getCharString()
    builder.setupCFF("Glow", {"FullName": "Glow"}, {".notdef": notdef, "A": pen.getCharString()}, {})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "A": (600, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Glow", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    assert _check_one_font(run, tmp_path, "Glow.otf", lambda path: builder.save(str(path))) == _refused(
        tmp_path,
        "Glow.otf",
        "has PostScript (CFF) outlines, which printkit cannot embed (convert it to a TrueType .ttf, e.g. with "
        "FontForge (File > Generate Fonts))",
    )


def test_a_font_whose_glyphs_cannot_be_subset_is_refused_before_drawing(run, tmp_path):
    """reportlab reads such a file's tables and fails only when it subsets the glyphs for a PDF."""
    from fontTools.ttLib import TTFont

    glyphs = TTFont(CONDENSED).reader.tables["glyf"]  # where the glyph outlines lie in the file
    data = bytearray(CONDENSED.read_bytes())
    data[glyphs.offset : glyphs.offset + glyphs.length] = b"\xff" * glyphs.length
    assert _check_one_font(run, tmp_path, "Glow.ttf", lambda path: path.write_bytes(data)) == _refused(
        tmp_path,
        "Glow.ttf",
        "is not a TrueType or OpenType font printkit can embed (give a .ttf file whose licence allows embedding)",
    )


def _link_out(path: Path) -> None:
    path.symlink_to(CONDENSED.resolve())


def _sixty_mebibytes(path: Path) -> None:
    shutil.copy(CONDENSED, path)
    os.truncate(path, 60 * 2**20)  # a sparse tail that takes no disk


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            _link_out,
            "is a link to a file outside the pack folder; printkit reads only files inside the pack (copy the file "
            "into the pack instead of linking to it)",
        ),
        (_sixty_mebibytes, "is 60 MiB; at most 50 MiB allowed (subset the font to the scripts the pack uses)"),
    ],
)
def test_a_font_file_is_confined_like_art(run, tmp_path, make, message):
    assert _check_one_font(run, tmp_path, "Glow.ttf", make) == _refused(tmp_path, "Glow.ttf", message)


def test_a_pack_font_cut_from_a_bundled_font_is_embedded_as_its_own(tmp_path):
    """A pack's subset of DejaVu Sans has printkit's sans's PostScript name; reportlab would hand out
    whichever registered first for both (riverfold's Arabic family: exit 3, a glyph number past the
    subset's end, or the pack's glyph numbers drawn from the whole font)."""
    cut = tmp_path / "DejaVuSans-arabic.ttf"
    font = TTFont(FONT_DIR / "DejaVuSans.ttf")
    subsetter = Subsetter(Options(layout_features=["*"]))
    subsetter.populate(text=" سلام")
    subsetter.subset(font)
    font.save(cut)
    arabic = pack_font(_pack_with_fonts(tmp_path, "arabic", {"regular": cut}), "arabic")
    page = Page(
        Size(100, 50),
        "front",
        marks=[
            Text(10, 20, "Ember", "sans", 12, "#000000", "left"),
            Text(10, 30, "سلام", arabic, 12, "#000000", "left"),
        ],
    )
    page.trim_box = page.bleed_box = (0, 0, 100, 50)
    target = tmp_path / "fonts.pdf"
    render_pdf([page], target, title="Fonts", subject="", lang="ar", duplex="off")
    listing = subprocess.run(["pdffonts", target], capture_output=True, text=True, check=True).stdout
    names = sorted(line.split()[0].split("+")[1] for line in listing.splitlines()[2:])
    # two fonts: the one registered second is embedded under its name for printkit (printkit-…)
    assert len(names) == 2 and names[0] == "DejaVuSans" and names[1].startswith("printkit-"), listing
    assert registered(arabic) != registered("sans")
