"""Scripts beyond Latin, read back from the PDFs printkit writes: Arabic letters joined (their
contextual forms) and right to left, Hebrew right to left, Japanese in the font the locale names and
broken between characters; rulebooks with the part's direction, language and fonts; the bidi order
and measuring of mixed text; and pack.yaml's locale_fonts.

The fixture pack tests/fixtures/scripts is written in English and translated into Arabic, Hebrew and
Japanese; its fonts are subsets of Noto Sans Arabic and Hebrew and Droid Sans Fallback (fonts/README.md).
"""

import re
import shutil
import unicodedata
from pathlib import Path

import pdfplumber
import pytest
import uharfbuzz
from conftest import problems_found
from pypdf import PdfReader

from printkit.base.units import MM_PER_POINT
from printkit.content.read import load_checked
from printkit.faces import richtext
from printkit.faces.fonts import locale_font, text_width
from printkit.faces.scripts import breaks_between, has_right_to_left
from printkit.i18n.words import MESSAGES

FIXTURE = Path("tests/fixtures/scripts")
PT_PER_MM = 72 / 25.4
INSET = 18 * PT_PER_MM + 6  # points from a rulebook page's side to its text: rulebook.css's margin, the body's 8 px


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    from printkit.cli import main

    out = tmp_path_factory.mktemp("scripts")
    assert main(["build", str(FIXTURE), "--out", str(out)]) == 0
    return out / "scripts"


@pytest.fixture(scope="module")
def pack():
    (loaded,) = load_checked([FIXTURE])
    return loaded


def _lines(path: Path, page: int) -> list[list[dict]]:
    """The characters of a page as drawn, line by line from the top, each line from left to right."""
    with pdfplumber.open(path) as pdf:
        chars = pdf.pages[page].chars
    lines: dict[float, list[dict]] = {}
    for char in chars:
        lines.setdefault(round(char["top"]), []).append(char)
    return [sorted(line, key=lambda c: c["x0"]) for _, line in sorted(lines.items())]


def _text(line: list[dict]) -> str:
    return "".join(c["text"] for c in line)


def _font(char: dict) -> str:
    """The PostScript name of the font a character is set in, without its subset's tag (`ABCDEF+`).
    A fixture font that a different file of the same PostScript name preceded in this process (a
    bundled pack's own subset of Droid Sans Fallback) is embedded under printkit's name for its file
    (`printkit-scripts-<file>`, `-2` ...), which is read back to the font's PostScript name."""
    tag, plus, name = char["fontname"].partition("+")
    assert len(tag) == 6 and plus, char["fontname"]
    label = re.sub(r"-\d+$", "", name).removeprefix("printkit-scripts-")
    return FIXTURE_FONTS.get(label, name)


FIXTURE_FONTS = {  # the fixture's font files and their PostScript names
    "DroidSansFallback-subset": "DroidSansFallback",
    "NotoSansArabic-subset": "NotoSansArabic-Regular",
}


@pytest.mark.slow
def test_arabic_letters_are_joined_and_drawn_right_to_left(built):
    """The PDF's ToUnicode names each glyph's character; a joined letter's glyph is its contextual
    form (the presentation forms U+FExx: initial, medial, final), an unjoined one its base letter."""
    names, *_ = _lines(built / "scripts-components-ar-a4.pdf", 1)
    # فانوس and عثة, the two cards' names, from left to right as the eye meets them: each word's last letter first
    lantern = "\u0633\ufeee\ufee7\ufe8e\ufed3"  # seen alone, waw final, noon initial, alef final, feh initial
    moth = "\ufe94\ufe9c\ufecb"  # teh marbuta final, theh medial, ain initial
    assert _text(names) == lantern + moth
    assert unicodedata.normalize("NFKC", lantern)[::-1] == "فانوس"
    assert unicodedata.normalize("NFKC", moth)[::-1] == "عثة"
    assert {_font(c) for c in names} == {"NotoSansArabic-Regular"}


def test_shaped_text_keeps_its_characters_for_search_and_copying(built):
    """Each shaped run is marked with the text it shows, in reading order (/ActualText)."""
    page = PdfReader(built / "scripts-components-ar-a4.pdf").pages[1]
    content = page.get_contents().get_data()
    assert b"/ActualText <FEFF" + "فانوس".encode("utf-16-be").hex().upper().encode() + b">" in content


def test_a_bold_word_in_arabic_is_set_in_the_bold_style_in_its_place(built):
    """**تخلص** من ورقة: اكسب 2 من الضوء. — the first word, bold, is the rightmost of its line."""
    lines = _lines(built / "scripts-components-ar-a4.pdf", 1)
    first = next(line for line in lines if any("Bold" in c["fontname"] for c in line))
    bold = [c for c in first if "NotoSansArabic-Bold" in c["fontname"]]
    assert unicodedata.normalize("NFKC", _text(bold))[::-1] == "تخلص"
    assert max(c["x1"] for c in bold) == pytest.approx(max(c["x1"] for c in first if c["x0"] > bold[0]["x0"] - 60))


def test_hebrew_reads_right_to_left(built):
    names, *_ = _lines(built / "scripts-components-he-a4.pdf", 1)
    assert _text(names) == "פנס"[::-1] + "עש"[::-1]
    assert {_font(c) for c in names} == {"NotoSansHebrew-Regular"}


def test_japanese_is_set_in_the_locale_font_and_broken_between_characters(built):
    lines = _lines(built / "scripts-components-ja-a4.pdf", 1)
    names, *rules = lines[:3]
    assert _text(names) == "ランタン蛾"
    assert {_font(c) for c in names} == {"DroidSansFallback"}
    # The two cards' rules side by side, each on two lines: broken between characters, never before 、 or 。
    between = ((names[0]["x0"] + names[3]["x1"]) / 2 + (names[4]["x0"] + names[4]["x1"]) / 2) / 2  # the cards' centres
    left = [[c for c in line if c["x1"] < between] for line in rules]
    assert [_text(line) for line in left] == ["カードを1枚引いて、手札", "に加える。"]
    digit = next(c for c in left[0] if c["text"] == "1")
    assert _font(digit) == "DejaVuSans"  # digits and Latin keep the look's font


def test_kinsoku_keeps_closing_punctuation_and_small_kana_off_a_line_start():
    assert breaks_between("引", "い")
    assert not breaks_between("て", "、")
    assert not breaks_between("ャ", "ッ")
    assert not breaks_between("「", "光")
    assert not breaks_between("a", "b")


def test_mixed_text_is_ordered_by_the_bidi_algorithm_and_aligned_at_its_start(pack):
    """An Arabic paragraph with Latin and digits: the Latin run keeps its own order and stands left of
    the Arabic word it follows; `left` is the start of a right-to-left paragraph, its right edge."""
    box = (0.0, 0.0, 80.0, 10.0)
    arabic = locale_font(pack, "ar")
    texts = richtext.fit(
        "مرحبا abc 12",
        box,
        font="sans",
        size=9,
        min_size=6,
        color="#000000",
        align="left",
        max_lines=1,
        script_font=arabic,
    )
    assert [(t.text, t.direction) for t in texts] == [("abc", "ltr"), ("12", "ltr"), ("مرحبا", "rtl")]
    last = texts[-1]
    assert last.x + text_width(last.text, last.font, last.size) == pytest.approx(80.0)
    assert texts[0].x > 0


def test_shaped_text_is_measured_from_its_shaped_advances(pack):
    """إلى: lam and alef maksura join into forms narrower than the letters alone."""
    arabic = locale_font(pack, "ar")
    face = uharfbuzz.Face(uharfbuzz.Blob.from_file_path(str(FIXTURE / "fonts" / "NotoSansArabic-subset.ttf")))
    buffer = uharfbuzz.Buffer()
    buffer.add_str("إلى")
    buffer.guess_segment_properties()
    uharfbuzz.shape(uharfbuzz.Font(face), buffer, {})
    shaped = sum(p.x_advance for p in buffer.glyph_positions) / face.upem * 10 * MM_PER_POINT
    alone = sum(text_width(letter, arabic, 10) for letter in "إلى")
    assert text_width("إلى", arabic, 10) == pytest.approx(shaped)
    assert shaped < alone - 0.5


def _rulebook(path: Path) -> tuple[str, set[str], list[list[dict]], float]:
    reader = PdfReader(path)
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+", 1)[1])
    with pdfplumber.open(path) as pdf:
        width = pdf.pages[0].width
    return str(reader.trailer["/Root"]["/Lang"]), fonts, _lines(path, 0), width


def test_an_arabic_rulebook_is_right_to_left_in_its_own_font(built):
    lang, fonts, lines, width = _rulebook(built / "scripts-rulebook-ar.pdf")
    assert lang == "ar"
    assert fonts == {"PK-Script-ar", "PK-Script-ar-Bold", "PK-Sans", "PK-Sans-Bold"}
    title = lines[0]
    assert unicodedata.normalize("NFKC", _text(title))[::-1] == "فانوس"
    assert max(c["x1"] for c in title) == pytest.approx(width - INSET, abs=0.5)  # at the right margin


def test_a_japanese_rulebook_needs_no_font_of_this_machine(built):
    lang, fonts, lines, width = _rulebook(built / "scripts-rulebook-ja.pdf")
    assert lang == "ja"
    assert fonts == {"PK-Script-ja", "PK-Script-ja-Bold", "PK-Sans", "PK-Sans-Bold"}
    assert _text(lines[0]) == "ランタン"
    assert min(c["x0"] for c in lines[0]) == pytest.approx(INSET, abs=0.5)


def test_without_a_locale_font_a_glyph_the_font_lacks_is_a_problem_at_its_translation(run, tmp_path):
    root = tmp_path / "scripts"
    shutil.copytree(FIXTURE, root)
    pack_yaml = root / "pack.yaml"
    pack_yaml.write_text(pack_yaml.read_text().replace(", ja: japanese}", "}"))
    code, _, err = run("i18n", "check", root, "--lang", "ja")
    po = f"{root}/locales/ja/LC_MESSAGES/scripts.po"
    hint = "in locale ja (use another character, or name a font that has it in pack.yaml: fonts:, and locale_fonts: for a language)"
    assert (code, err.splitlines()) == (
        1,
        [
            f"{root}/locales/ja/LC_MESSAGES/printkit.po:1:1: {len(MESSAGES)} of printkit's own words are not translated to ja; "
            "they print in English (create this catalog of them with 'printkit i18n update scripts' and translate it)",
            f"{po}:15:1: card:lantern/name: text of 'lantern' needs glyphs the font 'sans-bold' lacks: "
            f"'タ', 'ラ', 'ン' {hint}",
            f"{po}:47:1: card:lantern/text: text of 'lantern' needs glyphs the font 'sans' lacks: "
            f"'、', '。', 'い', 'え', 'て', 'に', 'る', 'を', 'カ', 'ド', 'ー', '加', '引', '手', '札', '枚' {hint}",
            f"{po}:52:1: card:moth/name: text of 'moth' needs glyphs the font 'sans-bold' lacks: '蛾' {hint}",
            f"{po}:57:1: card:moth/text: text of 'moth' needs glyphs the font 'sans' lacks: "
            f"'。', 'る', 'を', 'カ', 'ド', 'ー', '光', '得', '枚', '：' {hint}",
            problems_found(5),
        ],
    )


def test_arabic_in_a_rulebook_figure_is_joined_right_to_left_as_on_the_cards(built):
    """SVG text is not shaped by WeasyPrint: a figure draws shaped text as its glyphs' outlines, so
    the card's name in the figure is inked where the components PDF sets its joined letters."""
    with pdfplumber.open(built / "scripts-rulebook-ar.pdf") as pdf:
        page = pdf.pages[1]
        card = page.rects[0]
        unshaped = [c["text"] for c in page.chars if c["top"] > card["top"] and has_right_to_left(c["text"])]
        assert unshaped == []  # the figure's Arabic is not text WeasyPrint sets
        glyphs = [c for c in page.curves if c["x1"] < card["x1"] and c["bottom"] < card["top"] + 45]
        name = [c for c in glyphs if c["x1"] - c["x0"] < 20]  # not the band behind it
        ink = (min(c["x0"] for c in name) - card["x0"], max(c["x1"] for c in name) - card["x0"])
    with pdfplumber.open(built / "scripts-components-ar-a4.pdf") as pdf:
        page = pdf.pages[1]
        card = page.rects[0]
        letters = [c for c in page.chars if c["x1"] < card["x1"] and c["top"] < card["top"] + 45]
        advance = (min(c["x0"] for c in letters) - card["x0"], max(c["x1"] for c in letters) - card["x0"])
    assert "".join(c["text"] for c in sorted(letters, key=lambda c: c["x0"])) == "\u0633\ufeee\ufee7\ufe8e\ufed3"
    assert advance[0] - 0.1 <= ink[0] < ink[1] <= advance[1] + 0.1  # within the joined word's advance
    assert ink[1] - ink[0] > advance[1] - advance[0] - 1.5  # and as wide, less the side bearings


def _with_own_draft_word(root: Path, lang: str, word: str) -> None:
    """A translator's catalog of printkit's words for lang, with the DRAFT band's word."""
    path = root / "locales" / lang / "LC_MESSAGES" / "printkit.po"
    path.write_text(
        f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgctxt "draft"\nmsgid "DRAFT · not yet translated"\nmsgstr "{word}"\n'
    )


def test_the_draft_band_is_set_in_the_locales_font_and_direction(run, tmp_path):
    """An untranslated card's DRAFT band: its Arabic joined and right to left, its Japanese in the
    locale's font (the fixture's Japanese font has only the catalog's letters: the word is made of them)."""
    root = tmp_path / "scripts"
    shutil.copytree(FIXTURE, root)
    _with_own_draft_word(root, "ar", "مسودة")
    _with_own_draft_word(root, "ja", "引く手札")
    for lang in ("ar", "ja"):
        po = root / "locales" / lang / "LC_MESSAGES" / "scripts.po"
        po.write_text(po.read_text().replace('msgstr "فانوس"', 'msgstr ""').replace('msgstr "ランタン"', 'msgstr ""'))
    code, _, err = run("build", root, "--lang", "ar,ja", "--no-rulebooks", "--out", tmp_path / "out", "-q")
    assert code == 0, err
    arabic = _lines(tmp_path / "out" / "scripts" / "scripts-components-ar-a4.pdf", 1)
    band = arabic[0]  # along the card's top, above its name
    assert _text(band) == "\u0629\u062f\ufeee\ufeb4\ufee3"  # مسودة: meem initial, seen medial, waw final …
    assert unicodedata.normalize("NFKC", _text(band))[::-1] == "مسودة"  # … its last letter leftmost
    assert {_font(c) for c in band} == {"NotoSansArabic-Regular"}
    band = _lines(tmp_path / "out" / "scripts" / "scripts-components-ja-a4.pdf", 1)[0]
    assert _text(band) == "引く手札" and {_font(c) for c in band} == {"DroidSansFallback"}


def test_an_arabic_text_starting_with_a_latin_name_reads_right_to_left(run, tmp_path):
    """The paragraph's direction is its language's, as the rulebook part's dir is: the Latin name
    that starts it stands at the right, where an Arabic sentence starts."""
    root = tmp_path / "scripts"
    shutil.copytree(FIXTURE, root)
    po = root / "locales" / "ar" / "LC_MESSAGES" / "scripts.po"
    po.write_text(po.read_text().replace('msgstr "عثة"', 'msgstr "Lantern عثة"'))
    code, _, err = run("build", root, "--lang", "ar", "--no-rulebooks", "--out", tmp_path / "out", "-q")
    assert code == 0, err
    with pdfplumber.open(tmp_path / "out" / "scripts" / "scripts-components-ar-a4.pdf") as pdf:
        page = pdf.pages[1]
        card = page.rects[1]  # the second card's name: its Latin and Arabic sit on one baseline
        name = sorted(
            (c for c in page.chars if c["x0"] > card["x0"] and c["top"] < card["top"] + 45), key=lambda c: c["x0"]
        )
    assert _text(name) == "\ufe94\ufe9c\ufecb" + "Lantern"  # عثة, then at its start (the right) the name


def test_an_untranslated_paragraph_keeps_its_own_language_direction_and_typography(run, tmp_path):
    """A rulebook paragraph not translated to Arabic yet prints in English: marked as English, set
    left to right from the left margin, with English quotation marks (Arabic's would be ”…“)."""
    root = tmp_path / "scripts"
    shutil.copytree(FIXTURE, root)
    rulebook = root / "rulebook.yaml"
    rulebook.write_text(rulebook.read_text() + '      - Keep the "moths" away.\n')
    out = tmp_path / "out"
    code, _, err = run("build", root, "--lang", "ar", "--html", "--out", out, "-q")
    assert "1 string not translated" in err and code == 0
    html = (out / "scripts" / "scripts-rulebook-ar.html").read_text()
    assert '<p><span class="untranslated" lang="en" dir="ltr">Keep the &quot;moths&quot; away.</span></p>' in html
    line = next(line for line in _lines(out / "scripts" / "scripts-rulebook-ar.pdf", 1) if "Keep" in _text(line))
    assert _text(line) == 'Keep the "moths" away.' and {_font(c) for c in line} == {"PK-Serif"}  # as in English
    assert line[0]["x0"] == pytest.approx(INSET, abs=0.5)  # at the left margin, where English starts
    assert _languages(out / "scripts" / "scripts-rulebook-ar.pdf") == {"ar", "en"}  # its structure element's /Lang


def _languages(path: Path) -> set[str]:
    """The /Lang of every structure element of a tagged PDF."""
    found = set()
    todo = [PdfReader(path).trailer["/Root"]["/StructTreeRoot"]]
    while todo:
        element = todo.pop().get_object()
        if not isinstance(element, dict):  # a marked-content id
            continue
        if "/Lang" in element:
            found.add(str(element["/Lang"]))
        kids = element.get("/K", [])
        todo.extend(kids if isinstance(kids, list) else [kids])
    return found
