"""Rulebooks as a reader gets them: every edition builds, says the model's numbers, and is tagged."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import polib
import pytest
from conftest import BUNDLED, REPO
from pypdf import PdfReader

from printkit.content.placeholders import expand
from printkit.content.read import load_checked
from printkit.i18n.extract import messages

# the shared build of every pack's editions and booklets (Riverfold in five languages) runs in the
# first test; in workers started without fork (--non-posix, as on Windows and macOS) it passed 120 s
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

PACKS = BUNDLED  # each bundled pack has a rulebook


@pytest.fixture(scope="module")
def built(shared_run):
    built = shared_run("build", *PACKS, "--booklet")
    assert built.code == 0, built.stderr
    return built.out


def text_of(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    return " ".join(re.sub(r"[-\u2010]\n", "", text).split())  # undo hyphenation (ASCII or U+2010) and line breaks


def plain(text: str) -> str:
    return " ".join(re.sub(r"\*|\[[a-z0-9-]+\]", "", text).split())


def test_every_seed_game_has_a_rulebook():
    assert [name for name in PACKS if not Path("content", name, "rulebook.yaml").is_file()] == []


# The editions of each bundled pack: one per locale, and the bilingual ones. Riverfold names its own
# (`editions: [[en, de], [en, fr]]`); the others pair the source language with each other locale.
EDITIONS = {pack: ["de", "en", "en-de"] for pack in PACKS} | {
    "riverfold": ["ar", "de", "en", "en-de", "en-fr", "fr", "ja"]
}


@pytest.mark.parametrize("pack", PACKS)
def test_the_editions_of_each_pack(built, pack):
    names = sorted(p.name for p in (built / pack).glob(f"{pack}-rulebook-*.pdf") if "booklet" not in p.name)
    assert names == sorted(f"{pack}-rulebook-{edition}.pdf" for edition in EDITIONS[pack])


@pytest.mark.parametrize("pack", PACKS)
def test_the_german_edition_has_no_english_paragraph_left(built, pack):
    (model,) = load_checked([Path("content") / pack])
    german = text_of(built / pack / f"{pack}-rulebook-de.pdf")
    catalog = {e.msgid: e.msgstr for e in polib.pofile(f"content/{pack}/locales/de/LC_MESSAGES/{pack}.po")}
    checked = 0
    for message in messages(model):
        if message.key.kind == "rulebook" and catalog[message.msgid] != message.msgid:
            english = plain(expand(model, message.msgid))
            # a one-word text (a table's heading: Card) may be a word of the source's title too
            assert " " not in english or english[:50] not in german, message.place
            assert plain(expand(model, catalog[message.msgid]))[:30] in german, message.place
            checked += 1
    assert checked > 20


# The component list each rulebook prints, in English and German. Counted from the YAML, not by printkit:
# a pack with inventory rules in pack.yaml (riverfold, skylands, skystones, sorcerers-home-game) lists their
# `count` and `called` (`called_one` for one) in order, the German from its catalog; the others list
# each section's copies, the sums of `count` (1 where none is given) over their component files
# (attacktix: 39 cards, 4 markers, 2 sheets; skylanders-tabletop: 38 cards, 2 rulers).
COMPONENT_LISTS = {
    "attacktix": {"en": ["39 cards", "4 markers", "2 sheets"], "de": ["39 Karten", "4 Marker", "2 Bögen"]},
    "riverfold": {
        "en": [
            "15 valley tiles",
            "2 two-sided spring tiles",
            "10 camps",
            "12 supply tokens",
            "1 warden shield",
            "16 path cards",
            "1 valley map",
        ],
        "de": [
            "15 Talplättchen",
            "2 doppelseitige Quellplättchen",
            "10 Lager",
            "12 Vorratsmarker",
            "1 Hüterschild",
            "16 Wegkarten",
            "1 Talplan",
        ],
        "fr": [
            "15 tuiles Vallée",
            "2 tuiles Source recto verso",
            "10 campements",
            "12 jetons Provisions",
            "1 bouclier du Gardien",
            "16 cartes Sentier",
            "1 plan de la vallée",
        ],
    },
    "skylanders-tabletop": {"en": ["38 cards", "2 rulers"], "de": ["38 Karten", "2 Lineale"]},
    "skylands": {
        "en": [
            "88 islands",
            "32 special islands",
            "4 starting islands",
            "4 player boards",
            "4 player tokens",
            "4 player markers",
            "24 victory point markers",
            "60 inhabitants",
            "1 supply board",
            "4 action boards",
            "1 scoring pad",
        ],
        "de": [
            "88 Inseln",
            "32 Sonderinseln",
            "4 Startinseln",
            "4 Spielertableaus",
            "4 Spielfiguren",
            "4 Spielermarker",
            "24 Siegpunktmarker",
            "60 Bewohner",
            "1 Vorratstafel",
            "4 Aktionstafeln",
            "1 Wertungsblock",
        ],
    },
    "skystones": {
        "en": ["45 character cards", "6 special fields", "18 player chips", "1 board"],
        "de": ["45 Charakterkarten", "6 Sonderfelder", "18 Spielerchips", "1 Spielfeld"],
    },
    "sorcerers-home-game": {
        "en": ["84 spell cards", "7 spell-type reference cards", "2 magic point trackers", "2 magic point markers"],
        "de": [
            "84 Zauberkarten",
            "7 Übersichtskarten der Zauberarten",
            "2 Magiepunktleisten",
            "2 Magiepunktmarker",
        ],
    },
}


@pytest.mark.parametrize("pack", PACKS)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_component_counts_in_the_text_are_the_models(built, pack, lang):
    text = text_of(built / pack / f"{pack}-rulebook-{lang}.pdf")
    assert [line for line in COMPONENT_LISTS[pack][lang] if line not in text] == []


RULE_LIMITS = {  # what the prose must say, filled in from the rule sets
    "skystones": "may not exceed 20",
    "attacktix": "Back-ups may be worth at most 50 points",
    "sorcerers-home-game": "deck of 20 to 50 spell cards",
    "skylanders-tabletop": "at most 2 Giants",
    "skylands": "Shuffle the 88 islands",
    "riverfold": "packed a satchel of 6 cards. The cards of a satchel may weigh no more than 10",
}


@pytest.mark.parametrize("pack", PACKS)
def test_rule_limits_come_from_the_rule_sets(built, pack):
    assert RULE_LIMITS[pack] in text_of(built / pack / f"{pack}-rulebook-en.pdf")


def test_the_french_riverfold_rulebook_says_the_models_numbers_in_french(built):
    text = text_of(built / "riverfold" / "riverfold-rulebook-fr.pdf")
    assert [line for line in COMPONENT_LISTS["riverfold"]["fr"] if line not in text] == []
    assert "une besace de 6 cartes. Les cartes d’une besace ne peuvent pas peser plus de 10 au total" in text
    assert "Sommaire" in text and "Page 1 sur 5" in text and "But du jeu" in text


def test_changing_a_rule_set_changes_the_rulebook(tmp_path, run):
    pack = tmp_path / "skystones"
    shutil.copytree("content/skystones", pack)
    yaml = pack / "pack.yaml"
    yaml.write_text(yaml.read_text().replace("max-points: 20", "max-points: 25"))
    assert run("build", pack, "--lang", "en", "--out", tmp_path / "out")[0] == 0
    text = text_of(tmp_path / "out" / "skystones" / "skystones-rulebook-en.pdf")
    assert "may not exceed 25" in text and "no more than 25 attack points" in text


@pytest.mark.parametrize("edition,lang", [("en", "en"), ("de", "de"), ("en-de", "en")])
def test_editions_are_tagged_with_their_language_bookmarked_and_embedded(built, edition, lang):
    path = built / "skystones" / f"skystones-rulebook-{edition}.pdf"
    reader = PdfReader(path)
    root = reader.trailer["/Root"]
    assert root["/Lang"] == lang and bool(root["/MarkInfo"]["/Marked"]) and "/StructTreeRoot" in root
    titles = []

    def collect(items):
        for item in items:
            collect(item) if isinstance(item, list) else titles.append(item.title)

    collect(reader.outline)
    assert ("Goal of the game" in titles) == (edition != "de") and ("Ziel des Spiels" in titles) == ("de" in edition)
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            descendant = font.get_object()["/DescendantFonts"][0].get_object()
            assert "/FontFile2" in descendant["/FontDescriptor"].get_object()
    assert subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0


def structure_languages(path: Path) -> tuple[str, list[tuple[int, str | None]]]:
    """The document's /Lang, and the page and /Lang of each top element of its structure tree."""
    reader = PdfReader(path)
    root = reader.trailer["/Root"]
    pages = {page.indirect_reference.idnum: number for number, page in enumerate(reader.pages)}
    document = root["/StructTreeRoot"]["/K"][0].get_object()
    elements = [reference.get_object() for reference in document["/K"]]
    return root["/Lang"], [(pages[element.raw_get("/Pg").idnum], element.get("/Lang")) for element in elements]


@pytest.mark.parametrize(
    "pack,edition", [("riverfold", ["en", "fr"]), ("riverfold", ["en", "de"]), ("skystones", ["en", "de"])]
)
def test_each_part_of_a_bilingual_edition_carries_its_language_in_the_pdf_structure(built, pack, edition):
    path = built / pack / f"{pack}-rulebook-{'-'.join(edition)}.pdf"
    first, second = edition
    first_pages = len(PdfReader(built / pack / f"{pack}-rulebook-{first}.pdf").pages)  # the part as its own edition
    lang, elements = structure_languages(path)
    assert lang == first
    assert {page for page, _ in elements} == set(range(len(PdfReader(path).pages)))  # every page has its elements
    assert [element_lang for page, element_lang in elements] == [
        first if page < first_pages else second for page, _ in elements
    ]
    assert subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0


def test_a_one_language_edition_tags_its_structure_with_its_language(built):
    lang, elements = structure_languages(built / "riverfold" / "riverfold-rulebook-fr.pdf")
    assert (lang, {element_lang for _, element_lang in elements}) == ("fr", {"fr"})


def test_the_contents_and_page_numbers_are_in_the_reader_language(built):
    german = text_of(built / "skystones" / "skystones-rulebook-de.pdf")
    assert "Inhalt" in german and "Seite 1 von" in german and "Spielmaterial" in german
    bilingual = text_of(built / "skystones" / "skystones-rulebook-en-de.pdf")
    assert bilingual.index("Goal of the game") < bilingual.index("Ziel des Spiels")


PT = 72 / 25.4  # points a millimetre


def booklet_measures(path: Path) -> dict:
    """What a reader and a printer get of a booklet: its sheet (mm), the size of most of its text
    (the body, pt), how near any text comes to the sheet's edge (mm), the page numbers each half of
    each side shows in turn, and the duplex it asks for."""
    sizes: dict[float, int] = {}
    edge, numbers = float("inf"), []
    with pdfplumber.open(path) as pdf:
        width, height = float(pdf.pages[0].width), float(pdf.pages[0].height)
        for page in pdf.pages:
            for char in page.chars:
                sizes[round(char["size"], 1)] = sizes.get(round(char["size"], 1), 0) + 1
                edge = min(edge, char["top"], height - char["bottom"], char["x0"], width - char["x1"])
            for half in (page.crop((0, 0, width / 2, height)), page.crop((width / 2, 0, width, height))):
                found = re.search(r"Page (\d+) of \d+", half.extract_text() or "")
                numbers.append(int(found.group(1)) if found else None)
    return {
        "sheet": (round(width / PT, 1), round(height / PT, 1)),
        "body": max(sizes, key=lambda size: sizes[size]),
        "edge": edge / PT,
        "numbers": numbers,
        "duplex": PdfReader(path).trailer["/Root"]["/ViewerPreferences"]["/Duplex"],
    }


def folded(sides: int) -> list[int]:
    """The page numbers on the halves of a saddle-stitched booklet's sides, in order (left, right):
    a sheet's outside holds its last and first page, its inside the next two."""
    count, order = 2 * sides, []
    for sheet in range(sides // 2):
        order += [count - 2 * sheet, 2 * sheet + 1, 2 * sheet + 2, count - 1 - 2 * sheet]
    return order


@pytest.mark.parametrize("pack", PACKS)
def test_each_booklet_is_typeset_on_half_sheets_readable_and_printed_backs_up(built, pack):
    """A5 pages set at their size (not A4 pages shrunk to 7.4 pt), headers and footers clear of the
    printer's 6.35 mm, in the order that reads right once folded, asking for short-edge duplex."""
    measured = booklet_measures(built / pack / f"{pack}-rulebook-en-a4-booklet.pdf")
    assert measured["sheet"] == (297.0, 210.0)
    assert measured["body"] >= 8.5
    assert measured["edge"] >= 8.0
    assert measured["duplex"] == "/DuplexFlipShortEdge"
    pages = max(number for number in measured["numbers"] if number is not None)
    blank_or_shown = [number if number <= pages else None for number in folded(len(measured["numbers"]) // 2)]
    assert measured["numbers"] == blank_or_shown


def test_paper_all_gives_a_rulebook_whole_on_both_papers_and_a_booklet_per_paper(shared_run):
    built = shared_run("build", "skystones", "--lang", "en", "--paper", "all", "--booklet")
    assert built.code == 0, built.stderr
    kit = built.out / "skystones"
    box = PdfReader(kit / "skystones-rulebook-en.pdf").pages[0].mediabox
    assert (round(float(box.width) / PT, 1), round(float(box.height) / PT, 1)) == (210.0, 279.4)  # A4 x Letter
    letter = booklet_measures(kit / "skystones-rulebook-en-letter-booklet.pdf")
    assert letter["sheet"] == (279.4, 215.9)
    assert letter["body"] >= 8.5 and letter["edge"] >= 8.0
    assert booklet_measures(kit / "skystones-rulebook-en-a4-booklet.pdf")["sheet"] == (297.0, 210.0)


def small_pack(tmp_path: Path, rulebook: str) -> Path:
    """A pack of one card with the given rulebook.yaml, built with printkit's own template."""
    root = tmp_path / "gen"
    root.mkdir(parents=True)
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\n")
    (root / "components.yaml").write_text("cards:\n  - {id: ember, name: Ember, count: 3}\n")
    (root / "rulebook.yaml").write_text(rulebook)
    return root


def built_rulebook(run, tmp_path: Path, rulebook: str) -> Path:
    assert run("build", small_pack(tmp_path, rulebook), "--lang", "en", "-q", "--out", tmp_path / "out") == (0, "", "")
    return tmp_path / "out" / "gen" / "gen-rulebook-en.pdf"


def test_a_components_block_prints_the_list_once(run, tmp_path):
    placed = text_of(
        built_rulebook(
            run, tmp_path, "sections:\n  - title: Setup\n    blocks:\n      - Take these.\n      - components: true\n"
        )
    )
    assert placed.count("3 cards") == 1 and "Components" not in placed  # no section, no contents entry
    automatic = text_of(built_rulebook(run, tmp_path / "auto", "sections:\n  - title: Setup\n    blocks: [Deal.]\n"))
    assert automatic.count("3 cards") == 1 and automatic.count("Components") == 2


def test_a_table_block_lists_each_component_with_its_values_and_the_kits_marks(run, tmp_path):
    """A row per card of the section with the tag, in the pack's order: a registry entry by its name, a
    value the kit marks with its mark, a whole invented card's mark after its first value, an edge
    total (worked out from the marked edges) unmarked, a value not given as a dash."""
    root = small_pack(
        tmp_path,
        "sections:\n  - title: Cards\n    blocks:\n      - table:\n          section: cards\n          tag: hero\n"
        "          columns:\n"
        + "".join(
            f"            - {{title: {title}, value: {value}}}\n"
            for title, value in [
                ("Card", "name"),
                ("Top", "edges.top"),
                ("Sum", "edges.total"),
                ("Elem", "element.name"),
                ("Cost", "cost"),
            ]
        ),
    )
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\nelements:\n  fire: {name: Fire, color: '#d9552b'}\n")
    edges = "edges: {top: 2, right: 0, bottom: 1, left: 0}"
    (root / "components.yaml").write_text(
        "cards:\n"
        f"  - {{id: ember, name: Ember, element: fire, {edges}, tags: [hero], kit: {{edges: estimated}}, cost: 3}}\n"
        "  - {id: extra, name: Extra, tags: [extra]}\n"
        f"  - {{id: ash, name: Ash, element: fire, {edges}, tags: [hero], kit: invented}}\n"
    )
    assert run("build", root, "--lang", "en", "-q", "--out", tmp_path / "out") == (0, "", "")
    text = text_of(tmp_path / "out" / "gen" / "gen-rulebook-en.pdf")
    assert "Cards Card Top Sum Elem Cost Ember 2 ≈ 3 Fire 3 Ash ✦ 2 3 Fire – What this kit adds" in text


def test_code_spans_print_in_monospace_as_written(run, tmp_path):
    path = built_rulebook(
        run, tmp_path, "sections:\n  - title: Setup\n    blocks:\n      - 'Type `a **b** <i>` and *go*.'\n"
    )
    assert "Type a **b** <i> and go." in text_of(path)
    with pdfplumber.open(path) as pdf:
        words = [
            (w["text"], w["fontname"].split("+")[-1]) for w in pdf.pages[-1].extract_words(extra_attrs=["fontname"])
        ]
    start = words.index(("Type", "PK-Serif"))
    assert words[start : start + 6] == [
        ("Type", "PK-Serif"),
        ("a", "PK-Mono"),
        ("**b**", "PK-Mono"),
        ("<i>", "PK-Mono"),
        ("and", "PK-Serif"),
        ("go", "PK-Serif-Italic"),
    ]


def test_a_short_rulebook_goes_without_a_cover(run, tmp_path):
    rules = (
        "subtitle: A quick game\nintro: Play it in a minute.\n{cover}sections:\n  - title: Setup\n    blocks: [Deal.]\n"
    )
    covered = PdfReader(built_rulebook(run, tmp_path, rules.format(cover="")))
    plain_page = PdfReader(built_rulebook(run, tmp_path / "short", rules.format(cover="cover: false\n")))
    assert (len(covered.pages), len(plain_page.pages)) == (2, 1)
    text = " ".join(plain_page.pages[0].extract_text().split())
    assert (
        text == "Generated A quick game Play it in a minute. Components 3 cards Setup Deal. Page 1 of 1"
    )  # no contents


def test_the_schema_documents_cover(run):
    code, out, _ = run("schema", "rulebook")
    assert code == 0 and "`false` for a short rulebook" in json.loads(out)["properties"]["cover"]["description"]


def test_a_figure_placing_a_piece_off_its_board_is_a_problem(tmp_path, run):
    """The player board has 4x4 squares: square 17 would be drawn beside the board."""
    pack = tmp_path / "skylands"
    shutil.copytree("content/skylands", pack)
    rulebook = pack / "rulebook.yaml"
    rulebook.write_text(
        rulebook.read_text().replace("- {id: woods-corner, square: 10}", "- {id: woods-corner, square: 17}")
    )
    code, out, err = run("check", pack)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{pack}/rulebook.yaml:89:42: sections[4].blocks[1].figure.place[2].square: square 17 is not on the board; "
        "its squares are 1 to 16",
        "1 problem found",
    ]


def test_a_figure_of_backs_clips_an_arrows_back_to_the_arrow_turned_over(tmp_path):
    from conftest import loaded_pack

    from printkit.content.rulebook_model import Figure
    from printkit.layout.pieces import draw_pieces
    from printkit.rulebook.book import figure_svg

    arrow = "[[0, 10mm], [18mm, 10mm], [18mm, 0], [30mm, 15mm], [18mm, 30mm], [18mm, 20mm], [0, 20mm]]"
    pack = loaded_pack(
        tmp_path,
        "",
        f"markers:\n  - {{id: arrow, shape: custom, diameter: 30mm, points: {arrow},"
        " front: {label: Go, color: '#aa3333'}, back: {label: Back, color: '#3333aa'}}\n",
    )
    pieces = {p.component.id: p for p in draw_pieces(pack, "en", 0.0)}
    svg = figure_svg(pack, Figure(show=["arrow"], back=True), pieces, "fig")
    # The back points left (its tip at x 0), as the back is drawn and cut.
    assert (
        '<clipPath id="fig-clip0"><path d="M 30.000 -20.000 L 12.000 -20.000 L 12.000 -30.000 L 0.000 -15.000 '
        'L 12.000 -0.000 L 12.000 -10.000 L 30.000 -10.000 Z"/></clipPath>' in svg
    )


def test_a_rulebook_leaves_no_temporary_folder(run, tmp_path, monkeypatch):
    """WeasyPrint copies each @font-face font into a temporary folder that only garbage collection
    removed, which a leaving process skips: every rulebook left one behind (14,000 of them, 76 GB,
    once filled a machine's /tmp). The temporary folder ends as empty as it began."""
    import tempfile

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setenv("TMPDIR", str(temporary))
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    assert run("build", REPO / "tests" / "fixtures" / "svg-art", "--out", tmp_path / "out")[0] == 0
    assert (tmp_path / "out" / "svg-art" / "svg-art-rulebook-en.pdf").is_file()
    assert sorted(temporary.iterdir()) == []
