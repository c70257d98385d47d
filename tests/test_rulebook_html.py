"""Rulebooks for screens (--html) as a reader gets them: the PDF's text, in one file that reaches
nothing outside it, each part in its language and direction, headings in order, every figure with
alt text, fonts embedded as subsets; and up to date whatever the paper."""

import base64
import io
import re
import shutil
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pdfplumber
import pytest
from conftest import FIXTURES
from fontTools.ttLib import TTFont

pytestmark = pytest.mark.slow

SCRIPTS = "tests/fixtures/scripts"  # Arabic, Hebrew and Japanese parts, with the pack's own fonts
SMALL = FIXTURES / "outputs" / "every-kind"
FOOTERS = {"Page", "of", "Seite", "von"}  # "Page 2 of 5" in English and German
BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "figcaption", "th", "td"}


@pytest.fixture(scope="module")
def built(shared_run) -> Path:
    built = shared_run("build", "skystones", SCRIPTS, "--html")
    assert built.code == 0, built.stderr
    return built.out


class Page(HTMLParser):
    """What a reader of the HTML gets: the text of each block (paragraph, list item, heading,
    caption) in order, a block of the component list marked by its list (it is set in two columns
    in the PDF), the text of the figures, the headings, each article's lang and dir, each figure's
    alt text, and every reference the file makes."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[int | None, list[str]]] = []
        self.figure_text: list[str] = []
        self.headings: list[int] = []
        self.articles: list[tuple[str | None, str | None]] = []
        self.figures: list[str | None] = []
        self.hidden = self.in_svg = 0
        self.list: int | None = None
        self.lists = 0
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs) -> None:
        attrs = dict(attrs)
        if tag in ("style", "title", "script"):
            self.hidden += 1
        elif tag == "svg":
            self.in_svg += 1
            self.figures.append(attrs.get("aria-label") if attrs.get("role") == "img" else None)
        elif tag == "article":
            self.articles.append((attrs.get("lang"), attrs.get("dir")))
        elif tag == "ul" and "component-list" in (attrs.get("class") or ""):
            self.lists += 1
            self.list = self.lists
        elif tag in BLOCKS:
            self.blocks.append((self.list if tag == "li" else None, []))
            if tag[0] == "h":
                self.headings.append(int(tag[1]))
        elif tag == "br" and self.blocks:
            self.blocks[-1][1].append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "title", "script"):
            self.hidden -= 1
        elif tag == "svg":
            self.in_svg -= 1
        elif tag == "ul":
            self.list = None

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.in_svg:
            self.figure_text.append(f" {data} ")
        elif self.blocks:
            self.blocks[-1][1].append(data)


def words(text: str) -> list[str]:
    """The words of a text as compared: Unicode's compatibility forms (a ligature is its letters, a
    no-break space a space), a contents line's dot leader a space, hyphens left out (a word
    hyphenated at a line's end in the PDF is one word in the HTML; a compound broken at its
    hyphen loses it in the PDF's text), soft hyphens too (a compound's joints in the HTML)."""
    text = re.sub(r"\.{2,}", " ", unicodedata.normalize("NFKC", text))
    return [word for word in (re.sub("[-\u2010\u00ad]", "", w) for w in text.split()) if word]


def pdf_words(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    return words(re.sub(r"[-\u2010]\n", "", text))  # a word hyphenated at the end of a line is one word


def furniture(page: Page, html: str) -> set[str]:
    """The words the PDF may have that the HTML's blocks do not: its running headers (the title),
    footers ("Page 2 of 5", "Seite 2 von 5"), the contents' page numbers, list numbers and bullets
    (numbers and punctuation alone, see `allowed`), a table's headings, repeated on each page it
    spans, and the figures' text, which the PDF gives line by line across the figure, its small
    words run together, and the HTML figure by figure."""
    titles = re.search(r"<title>(.*?)</title>", html, re.DOTALL)
    assert titles is not None
    run_together = {re.sub(r"\W+", "", text) for text in page.figure_text}
    headings = re.findall(r"<th>(.*?)</th>", html)
    return set(re.findall(r"\w+", " ".join([titles.group(1), *headings, *page.figure_text]))) | run_together | FOOTERS


def allowed(word: str, extra: set[str]) -> bool:
    return all(piece.isdigit() or piece in extra for piece in re.findall(r"\w+", word))


def find(pdf: list[str], start: int, block: list[str], extra: set[str]) -> tuple[int, int] | None:
    """Where block's words begin and end in pdf, matched in order from the first place at or after
    start where they begin, with only furniture between them (a page break inside a paragraph)."""
    for begin in (i for i in range(start, len(pdf)) if pdf[i] == block[0]):
        at, matched = begin + 1, 1
        while matched < len(block) and at < len(pdf):
            if pdf[at] == block[matched]:
                matched += 1
            elif not allowed(pdf[at], extra):
                break
            at += 1
        if matched == len(block):
            return begin, at
    return None


@pytest.mark.parametrize("edition", ["en", "de", "en-de"])
def test_the_html_has_the_same_text_as_the_pdf(built, edition):
    """Every block of the HTML is in the PDF, in the same order, and the PDF has nothing else but
    page furniture and figure text (`furniture`); the component list's lines, set in two columns
    in the PDF (read across), may come in any order within their list."""
    html = (built / "skystones" / f"skystones-rulebook-{edition}.html").read_text()
    page = Page(html)
    pdf = pdf_words(built / "skystones" / f"skystones-rulebook-{edition}.pdf")
    extra = furniture(page, html)
    cursor = 0
    list_start: dict[int, int] = {}
    for group, text in page.blocks:
        block = words("".join(text))
        if not block:
            continue
        start = list_start.setdefault(group, cursor) if group is not None else cursor
        found = find(pdf, start, block, extra)
        assert found is not None, f"not in the PDF after {' '.join(pdf[start - 5 : start])!r}: {' '.join(block)!r}"
        begin, end = found
        if group is None:
            skipped = pdf[cursor:begin]  # a page break inside the block is no word skipped before it
            assert [word for word in skipped if not allowed(word, extra)] == [], " ".join(block)
        cursor = max(cursor, end)
    assert [word for word in pdf[cursor:] if not allowed(word, extra)] == []
    assert len(page.blocks) > 30  # the whole rulebook was compared, not an empty page


def referenced(html: str) -> list[str]:
    """Every URL an HTML file refers to: src, href and data attributes, CSS url() and @import."""
    found = re.findall(r"""\b(?:src|href|data)\s*=\s*["']?([^"'\s>]*)""", html, re.IGNORECASE)
    found += re.findall(r"""url\(\s*["']?([^"')]*)""", html) + re.findall(r"""@import\s+["']([^"']*)""", html)
    return found


def test_nothing_in_the_html_reaches_outside_the_file(built):
    files = sorted(built.glob("*/*.html"))
    assert [f.name for f in files if f.parent.name == "skystones"] == [
        "skystones-rulebook-de.html",
        "skystones-rulebook-en-de.html",
        "skystones-rulebook-en.html",
    ]
    for file in files:
        html = file.read_text()
        urls = referenced(html)
        assert urls and [url for url in urls if not url.startswith(("#", "data:"))] == [], file.name
        # the one http is SVG's namespace, a name that is never fetched (and the policy's http-equiv)
        assert set(re.findall(r"http[\w:/.-]*", html)) <= {"http-equiv", "http://www.w3.org/2000/svg"}, file.name
        assert "<script" not in html.lower()
        assert (
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
            "style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'\">" in html
        )
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html


@pytest.mark.parametrize(
    "name, articles",
    [
        ("skystones/skystones-rulebook-en-de.html", [("en", None), ("de", None)]),
        ("scripts/scripts-rulebook-en-ar.html", [("en", None), ("ar", "rtl")]),
        ("scripts/scripts-rulebook-he.html", [("he", "rtl")]),
    ],
)
def test_each_part_has_its_language_and_direction_headings_in_order_and_alt_text(built, name, articles):
    html = (built / name).read_text()
    page = Page(html)
    assert re.match(rf'<!DOCTYPE html>\s*<html lang="{articles[0][0]}"', html)
    assert page.articles == articles
    # each part opens with its title (h1), then its sections (h2): no level skipped
    assert page.headings[0] == 1 and all(b <= a + 1 for a, b in zip(page.headings, page.headings[1:], strict=False))
    assert page.headings.count(1) == len(articles)
    assert all(page.figures), "every figure is an image with alt text"
    assert len(page.figures) > 5 if name.startswith("skystones") else len(page.figures) == len(articles)  # its cards


def test_the_fonts_are_woff2_subsets_of_what_the_edition_shows(built):
    html = (built / "scripts" / "scripts-rulebook-en-ar.html").read_text()
    fonts = [
        (family, TTFont(io.BytesIO(base64.b64decode(data))))
        for family, data in re.findall(r'font-family: "([^"]+)"; src: url\("data:font/woff2;base64,([^"]+)"\)', html)
    ]
    assert {family for family, _ in fonts} == {"PK Sans", "PK Serif", "PK Mono", "PK Script ar"}
    shown = set("".join(Page(html).blocks[0][1]))  # the title
    for family, font in fonts:
        assert font.flavor == "woff2"
        covered = set(map(chr, font.getBestCmap()))
        assert len(covered) < 300, family  # DejaVu has thousands of characters; a subset keeps those shown
    arabic = next(font for family, font in fonts if family == "PK Script ar")
    article = html[html.index('<article lang="ar"') :]
    letters = {c for c in re.sub(r"<[^>]*>", "", article) if "\u0600" <= c <= "\u06ff"}
    assert letters and letters <= set(map(chr, arabic.getBestCmap()))
    assert shown


def test_the_paper_and_booklet_leave_the_html_up_to_date(run, tmp_path):
    out = tmp_path / "out"
    assert run("build", SMALL, "--html", "--out", out, "-q")[0] == 0
    html = out / "every-kind" / "every-kind-rulebook-en.html"
    written = html.stat().st_mtime_ns
    code, _, err = run("build", SMALL, "--html", "--paper", "letter", "--booklet", "--out", out)
    assert code == 0
    assert "every-kind-rulebook-en.pdf" in err and ".html" not in err
    assert html.stat().st_mtime_ns == written


def test_html_without_rulebooks_is_a_usage_error(run, tmp_path):
    code, _, err = run("build", SMALL, "--html", "--no-rulebooks", "--out", tmp_path)
    assert (code, err.splitlines()) == (
        2,
        ["printkit: --html writes the rulebooks for screens; leave out --no-rulebooks, or --html"],
    )
    assert not list(tmp_path.iterdir())


def test_a_template_whose_page_would_run_or_go_elsewhere_is_refused(run, tmp_path):
    """A '>' in a quoted attribute once moved the content security policy into that attribute, so the
    template's script ran in the reader's browser; what would run or navigate is refused outright."""
    pack = tmp_path / "every-kind"
    shutil.copytree(SMALL, pack)
    (pack / "templates").mkdir()
    (pack / "templates" / "rulebook.html.j2").write_text(
        '<!DOCTYPE html>\n<html lang="en" title=\'>\'><head><meta charset="utf-8"><title>t</title>\n'
        '<meta http-equiv="refresh" content="0;url=https://example.org/"><script>document.title = 1</script>\n'
        '</head><body><p onclick="x()">{{ articles[0].title }}</p><form action="javascript:y()"></form></body></html>\n'
    )
    code, _, err = run("build", pack, "--html", "--out", tmp_path / "out")
    assert (code, err.splitlines()) == (
        1,
        [
            f'{pack}/templates/rulebook.html.j2:1:1: the rulebook\'s HTML holds <meta http-equiv="refresh">, '
            "<script>, an onclick attribute, <form>, a javascript: address, which would run or go elsewhere in a reader's "
            "browser (a rulebook for screens shows the pack's data; remove them from the template)",
            "1 problem found",
        ],
    )
    assert not (tmp_path / "out").exists()


def test_a_link_to_elsewhere_stays_a_link_and_a_resource_from_elsewhere_is_refused(run, tmp_path):
    """A link a reader may follow is not a fetch: it is kept as written, opened without handing the
    rulebook to its page; an image, style sheet or CSS url() from outside the pack is still refused,
    even inside a link."""
    pack = tmp_path / "every-kind"
    shutil.copytree(SMALL, pack)
    (pack / "templates").mkdir()
    template = pack / "templates" / "rulebook.html.j2"
    links = (
        '<p id="top"><a href="https://example.org/faq">FAQ</a> <a rel="license" href="https://example.org/cc">CC</a> '
        '<a href="#top">Top</a></p>\n'
    )
    page = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>t</title>\n</head><body>\n{}</body></html>\n'
    template.write_text(page.format(links))
    assert run("build", pack, "--html", "--out", tmp_path / "out")[0] == 0
    html = (tmp_path / "out" / "every-kind" / "every-kind-rulebook-en.html").read_text()
    assert (
        '<p id="top"><a rel="noopener noreferrer" href="https://example.org/faq">FAQ</a> '
        '<a rel="license noopener noreferrer" href="https://example.org/cc">CC</a> <a href="#top">Top</a></p>'
    ) in html

    template.write_text(
        page.format(
            links
            + '<a href="https://example.org/" style="background: url(https://example.org/bg.png)">'
            + '<img src="https://example.org/logo.png" alt="Logo"></a>\n'
            + '<link rel="stylesheet" href="https://example.org/x.css">\n'
        )
    )
    code, _, err = run("build", pack, "--html", "--out", tmp_path / "again")
    asks = "the rulebook asks for {}, outside the pack; nothing was fetched (use files inside the pack folder)"
    assert (code, err.splitlines()) == (
        1,
        [
            f"{template}:5:51: {asks.format('https://example.org/bg.png')}",
            f"{template}:5:89: {asks.format('https://example.org/logo.png')}",
            f"{template}:6:24: {asks.format('https://example.org/x.css')}",
            "3 problems found",
        ],
    )
    assert not (tmp_path / "again").exists()
