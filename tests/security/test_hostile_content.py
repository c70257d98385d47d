"""Hostile content: every input below once ended in exit 3 (an internal error) or was silently taken.
Each now fails with exit 1 (2 for a command-line value) and one located line, writes nothing, or is
read as its author meant. One fixture per case under tests/fixtures/security/hostile-<case>/."""

from pathlib import Path

import pytest
from conftest import problems_found

SECURITY = Path("tests/fixtures/security")
TAG_HINT = "(remove the tag: printkit reads text, numbers, true/false, lists and mappings)"

# case -> (command after `printkit`, the lines printed before the summary, each after its fixture folder)
CASES = {
    "int-tag": (
        "check",
        ["components.yaml:3:12: cards[0].count: 'abc' cannot be read as a whole number (remove the tag '!!int')"],
    ),
    "bool-tag": (
        "check",
        ["components.yaml:3:12: cards[0].count: 'maybe' cannot be read as true or false (remove the tag '!!bool')"],
    ),
    "float-tag-empty": (
        "check",
        ["components.yaml:3:12: cards[0].count: '' cannot be read as a number (remove the tag '!!float')"],
    ),
    "map-tag-on-text": (
        "check",
        [f"components.yaml:3:11: cards[0].name: the YAML tag '!!map' is not supported {TAG_HINT}"],
    ),
    "binary-tag": (
        "check",
        [f"components.yaml:3:11: cards[0].name: the YAML tag '!!binary' is not supported {TAG_HINT}"],
    ),
    "python-tag": (
        "check",
        [
            "components.yaml:3:11: cards[0].name: the YAML tag '!!python/object/apply:os.system' "
            f"is not supported {TAG_HINT}"
        ],
    ),
    "timestamp-tag": (
        "check",
        [f"components.yaml:3:11: cards[0].name: the YAML tag '!!timestamp' is not supported {TAG_HINT}"],
    ),
    "huge-integer": (
        "check",
        [
            "components.yaml:3:12: cards[0].count: '99999999999999999999… (5000 characters)' "
            "cannot be read as a whole number (a number has at most 4300 digits)"
        ],
    ),
    "nested-merge-keys": (
        "check",
        ["components.yaml:65:129: cards[0].name: values are nested more than 64 levels deep"],
    ),
    "nul-byte": ("check", ["components.yaml:3:13: YAML does not allow the control character U+0000 here (remove it)"]),
    "second-document": (
        "check",
        [
            "components.yaml:3:1: a second YAML document starts here; a file holds one "
            "(remove the '---' line and what follows it, or move that to a file of its own)"
        ],
    ),
    "art-path-nul": (
        "check",
        [
            "components.yaml:3:10: cards[0].art: must be a file path without control characters, "
            "got 'art/em\\x00ber.png'"
        ],
    ),
    "art-path-long": (
        "check",
        ["components.yaml:3:10: cards[0].art: must be a file path of at most 255 characters, got 5008"],
    ),
    "board-of-2m-squares": (
        "check",
        [
            "components.yaml:2:5: boards[0]: the board would be 40012x40012mm; at most "
            "2000mm a side (use fewer or smaller squares, or a narrower margin)"
        ],
    ),
    "point-cap-over-text": (
        "check",
        [
            "pack.yaml:9:34: rules.deck.checks[0].value: 'name' is not a number to add up "
            "(values that are: corner_radius, cost, count, edges.bottom, edges.left, edges.right, "
            "edges.top, edges.total, sides)"
        ],
    ),
    "coverage-over-tags": (
        "check",
        [
            "pack.yaml:9:33: rules.deck.checks[0].field: 'tags' holds a list or mapping; "
            "the rule compares one value (values that are: ability.power, ability.target, "
            "art, back, color, corner_radius, cost, count, edges.bottom, edges.left, edges.right, edges.top, "
            "edges.total, element, explains, explains_power, flavor, id, look, name, orientation, rarity, shape, "
            "sides, size, text, type)"
        ],
    ),
    "font-units-per-em-0": (
        "check",
        [
            "pack.yaml:4:22: fonts.display.regular: font file 'fonts/Glow.ttf' gives 0 units per em; a font has "
            "16 to 16384 (the file is damaged; export it again from the font editor)"
        ],
    ),
    "font-cmap-of-4g-characters": (
        "check",
        [
            "pack.yaml:4:22: fonts.display.regular: font file 'fonts/Glow.ttf' has a character map (cmap) claiming "
            "4294967296 characters; Unicode has 1114112 (the file is damaged; export it again from the font editor)"
        ],
    ),
    "tint-nested-1000": (
        "check",
        [
            "pack.yaml:6:47: looks.plain.front[0].rect.fill: colour functions are nested more than 64 levels deep "
            "in 'tint(tint(tint(tint(… (11007 characters)'"
        ],
    ),
    "element-without-settings": (  # found by the fuzz of looks: the colour is a YAML comment
        "check",
        [
            "pack.yaml:6:9: looks.plain.front[0]: the circle element has no settings (write them as a mapping; "
            "a colour goes in quotes, '#ff0000', as an unquoted # starts a comment)"
        ],
    ),
    "dash-of-1-nm": (
        "check",
        [
            "pack.yaml:6:55: looks.plain.front[0].line.dash: the dash pattern repeats every 2e-06 mm; at least every "
            "0.1 mm (give dashes and gaps in millimetres, e.g. [1, 1])"
        ],
    ),
    "dash-all-zero": (
        "check",
        [
            "pack.yaml:6:55: looks.plain.front[0].line.dash: the dash pattern repeats every 0 mm; at least every "
            "0.1 mm (give dashes and gaps in millimetres, e.g. [1, 1])"
        ],
    ),
    "list-rules-is-a-list": (
        "list",
        ["decks/list.yaml:2:8: rules: must name one rule set, got a list (rule sets: deck)"],
    ),
    "list-copies-400-digits": (
        "list",
        [
            "decks/list.yaml:3:10: cards.ember: copies must be a whole number from 1 to "
            "1000000, got 99999999999999999999… (400 characters)"
        ],
    ),
    "list-copies-5000-digits": (
        "list",
        [
            "decks/list.yaml:3:10: cards.ember: '99999999999999999999… (5000 "
            "characters)' cannot be read as a whole number (a number has at most 4300 "
            "digits)"
        ],
    ),
    "po-unterminated": (
        "i18n",
        [
            "locales/de/LC_MESSAGES/hostile-po-unterminated.po:12:1: end-of-line within string "
            "(close the string with a quote; check it with msgfmt -c)"
        ],
    ),
    "po-duplicate-msgctxt": (
        "i18n",
        [
            "locales/de/LC_MESSAGES/hostile-po-duplicate-msgctxt.po:14:1: card:ember/name: "
            "duplicate message definition; the first is on line 10 (keep one of them; check "
            "it with msgfmt -c)"
        ],
    ),
    "po-invalid-escape": (
        "i18n",
        [
            "locales/de/LC_MESSAGES/hostile-po-invalid-escape.po:12:11: invalid control "
            "sequence '\\q' (write a backslash as \\\\; check it with msgfmt -c)"
        ],
    ),
    "xliff-entity-bomb": (
        "import",
        [
            "import.xlf:2:1: declares a DTD (<!DOCTYPE …>), which an XLIFF file never needs "
            "(remove the <!DOCTYPE> declaration, or export the file again)"
        ],
    ),
    "xliff-unknown-encoding": (
        "import",
        [
            "import.xlf:1:31: declares the encoding 'x-nonsense', which printkit cannot read (save it as UTF-8, "
            "or export it again with 'printkit i18n export')"
        ],
    ),
    "po-huge-nplurals": (
        "i18n",
        [
            "locales/de/LC_MESSAGES/hostile-po-huge-nplurals.po:5:1: the Plural-Forms header's nplurals = 999999999 "
            "is more than any language has (at most 6) (write the language's usual rule, which printkit counts "
            "with until then: nplurals=2; plural=(n != 1);)"
        ],
    ),
    "xliff-malformed": (
        "import",
        [
            "import.xlf:4:3: is not well-formed XML: mismatched tag (check the file, or export "
            "it again with 'printkit i18n export')"
        ],
    ),
}


def _command(kind: str, pack: Path) -> list[str]:
    return {
        "check": ["check", pack],
        "list": ["check", pack / "decks" / "list.yaml"],
        "i18n": ["i18n", "check", pack],
        "import": ["i18n", "import", pack, "--lang", "de", "--file", pack / "import.xlf"],
    }[kind]


def _files(root: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in root.rglob("*") if path.is_file()}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_content_fails_with_located_lines(run, tmp_path, case):
    kind, expected = CASES[case]
    pack = SECURITY / f"hostile-{case}"
    before = _files(pack)
    code, _, err = run(*_command(kind, pack))
    assert code == 1
    assert err.splitlines() == [f"{pack}/{line}" for line in expected] + [problems_found(len(expected))]
    assert _files(pack) == before  # i18n import wrote no catalog
    if kind in ("list", "import"):
        return  # the pack itself is sound
    code, _, build_err = run("build", pack, "--strict", "--out", tmp_path / "out")
    assert (code, build_err) == (1, err)  # the build refuses it in the same lines
    assert not (tmp_path / "out").exists()


def test_a_malformed_glossary_is_refused_line_by_line(run, monkeypatch):
    monkeypatch.chdir(SECURITY / "hostile-glossary")
    code, _, err = run("i18n", "check", "hostile-glossary")
    hint = "(write 'term: translation' or 'term: {translation: TEXT, packs: [PACK-ID]}')"
    assert (code, err.splitlines()) == (
        1,
        [
            f"content/glossary.yaml:2:18: de.attack points: must be the term's translation, got a list {hint}",
            f"content/glossary.yaml:3:9: de.fire: must be the term's translation, got a mapping {hint}",
            "content/glossary.yaml:4:5: en: must be a mapping of English terms to translations, got 'none'",
            "3 problems found",
        ],
    )


def test_a_param_that_is_not_an_ascii_number_is_a_usage_error(run):
    code, _, err = run("check", SECURITY / "hostile-list-param" / "decks" / "list.yaml", "--param", "max-points=²")
    assert (code, err) == (2, "printkit: --param max-points=²: the value must be a whole number from 0 to 1000000\n")


def test_a_date_written_as_a_name_is_the_text_written(run):
    from printkit.content.read import load_checked

    (pack,) = load_checked([SECURITY / "hostile-date-as-name"])
    assert pack.components[0].name == "2024-13-45"


@pytest.mark.parametrize(
    "case, options",
    [
        ("size-2000mm", ["--lang", "en"]),
        ("numeric-registry-id", ["--lang", "de"]),
        ("date-as-name", ["--lang", "qps", "--strict"]),
        # Right-to-left text, once refused, is shaped and set right to left (tests/test_scripts.py).
        ("hebrew-name", ["--lang", "en"]),
        ("arabic-text", ["--lang", "en"]),
        ("po-hebrew", ["--lang", "de"]),
    ],
)
def test_these_build(run, tmp_path, case, options):
    pack = SECURITY / f"hostile-{case}"
    code, _, err = run("build", pack, "--no-rulebooks", "-q", "--out", tmp_path, *options)
    assert (code, err) == (0, "")  # not a warning
    language = options[1]
    assert (tmp_path / f"hostile-{case}" / f"hostile-{case}-components-{language}-a4.pdf").is_file()
