"""Fuzzing what a stranger's pack brings: the bundled packs' YAML mutated as a careless or hostile author
might (lines deleted, values swapped between keys, YAML tags, dates, huge numbers, control bytes, deep
nesting, anchors, duplicate keys), and so a pack's looks, its font file (bytes, table fields and
directory entries), its spreadsheets (CSV cells, XLSX and ODS XML parts), its gettext catalogs
(`i18n check` and `update`) and an XLIFF file to import. Each must give success or problem lines,
never an internal error.

The bundled packs' YAML runs 250 examples (about 20 s) with the suite, each other surface a few dozen;
`FUZZ_EXAMPLES=5000 pytest -m fuzz tests/test_fuzz.py` runs a long session of that many each."""

import contextlib
import importlib.util
import io
import os
import re
import shutil
import struct
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from conftest import BUNDLED, FIXTURES, assert_problem_line, problems_found
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from printkit.cli import main

pytestmark = pytest.mark.slow

CONTENT = Path(__file__).resolve().parent.parent / "content"
RAW_PYTHON = ("Traceback", "<generator", "object at 0x", "internal error")

# Values a hostile or careless author might write after `key: `.
HOSTILE_VALUES = [
    "!!int abc",
    "!!bool maybe",
    "!!float",
    "!!float ''",
    "!!map abc",
    "!!seq abc",
    "!!binary aGVsbG8=",
    "!!timestamp 2024-13-45",
    "!!python/object:os.system x",
    "!!python/name:os.system",
    "!foo bar",
    "2024-13-45",
    "2024-01-05",
    "2024-01-05T10:00:00Z",
    "12:30:00",
    "0x1F",
    "0o17",
    "1_000",
    "1e999",
    "-1e999",
    ".nan",
    ".inf",
    "-.inf",
    "~",
    "null",
    "yes",
    "no",
    "on",
    "''",
    '""',
    "[]",
    "{}",
    "9" * 400,
    "9" * 5000,
    "-" + "9" * 5000,
    "1" * 4300,
    "0." + "1" * 5000,
    '"\\0"',
    '"a\\x07b"',
    '"\\u202e"',
    '"\\u2028"',
    "'a\tb'",
    "[" * 70 + "]" * 70,
    "{a: " * 70 + "1" + "}" * 70,
    "&anchor {x: 1}",
    "*anchor",
    "*nowhere",
    "{<<: *anchor}",
    "{<<: [1, 2]}",
    "{<<: abc}",
    "[a, [b, {c: d}]]",
    "{? [a]: b}",
    "| \n  block",
    "> \n  folded",
    "'unterminated",
    '"unterminated',
    "{",
    "]",
    "- x",
    "שלום",
    "مرحبا",
    "x" * 3000,
    "'" + "x" * 300 + "'",
    "2000mm",
    "1500x1500mm",
    "2001mm",
    "0mm",
    "-5mm",
    "63x88mm",
    "poker",
    "#ff0000",
    "#xyz",
    "../../etc/passwd",
    "/etc/passwd",
    "art/" + "a" * 5000 + ".png",
    '"art/\\0.png"',
]
RAW_BYTES = [
    b"\x00",
    b"\x07",
    b"\x1b[31m",
    b"\xff\xfe",
    b"\t",
    b"\r",
    b"\xe2\x80\xa8",
    b"\xef\xbb\xbf",
    b"---\n",
    b"...\n",
    b"%YAML 1.1\n",
    b"<<: *a\n",
    b"&a ",
    b"*a",
    b"? ",
    b": ",
    b"- ",
    b"{",
    b"[",
    b"#",
]
KEY_VALUE = re.compile(rb"^(\s*(?:- )?[^\s:#'\"][^:#]*:)( .*)?$")


@st.composite
def mutated(draw, text: bytes, values: list[str] = HOSTILE_VALUES) -> bytes:
    """text after one to four mutations of its lines (a value replaced by one of values)."""
    lines = text.split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "value", "swap", "duplicate", "bytes", "nest", "indent"]))
        if action == "delete":
            del lines[index]
            lines = lines or [b""]
        elif action == "value" and KEY_VALUE.match(lines[index]):
            value = draw(st.sampled_from(values)).encode()
            lines[index] = KEY_VALUE.match(lines[index]).group(1) + b" " + value
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            mine, theirs = KEY_VALUE.match(lines[index]), KEY_VALUE.match(lines[other])
            if mine and theirs:
                lines[index] = mine.group(1) + (theirs.group(2) or b"")
                lines[other] = theirs.group(1) + (mine.group(2) or b"")
        elif action == "duplicate":
            lines.insert(index, lines[index])
        elif action == "bytes":
            line = lines[index]
            at = draw(st.integers(0, len(line)))
            lines[index] = line[:at] + draw(st.sampled_from(RAW_BYTES)) + line[at:]
        elif action == "nest":
            depth = draw(st.sampled_from([3, 63, 65, 300, 700]))
            indent = re.match(rb"\s*", lines[index]).group()
            lines[index : index + 1] = [indent + b"  " * level + b"<<:" for level in range(depth)] + [
                indent + b"  " * depth + b"x: 1"
            ]
        elif action == "indent":
            lines[index] = b" " * draw(st.integers(0, 9)) + lines[index].lstrip()
    return b"\n".join(lines)


@st.composite
def mutated_packs(draw) -> tuple[str, str, bytes]:
    pack = draw(st.sampled_from(BUNDLED))
    files = sorted(p.name for p in (CONTENT / pack).glob("*.yaml"))
    name = draw(st.sampled_from(files))
    return pack, name, draw(mutated((CONTENT / pack / name).read_bytes()))


def check_output(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def assert_clean_result(root: Path, code: int, out: str, err: str, success: str | None = None) -> None:
    """Success (the one summary line of `check`, or what success says), or exit 1 with nothing but
    problem lines, each at a position in a file of the pack the test wrote, and their count."""
    assert code in (0, 1), err
    assert not any(raw in out + err for raw in RAW_PYTHON), err
    lines = [line for line in err.splitlines() if not line.startswith("printkit: warning: ")]
    if code == 0:
        assert lines == [], err
        success = success or rf"1 pack checked: {root.name} \([1-9][0-9]* components?\)\n"
        assert re.fullmatch(success, out), out
        return
    *problems, summary = lines
    assert problems and summary == problems_found(len(problems)), err
    for problem in problems:
        assert_problem_line(problem, root)


@pytest.mark.fuzz
@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 250)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated_packs())
def test_a_mutated_bundled_pack_is_checked_or_refused_line_by_line(tmp_path_factory, case):
    pack, name, text = case
    root = tmp_path_factory.mktemp("fuzz") / pack
    shutil.copytree(CONTENT / pack, root)
    (root / name).write_bytes(text)
    code, out, err = check_output(["check", str(root)])
    if code == 3:  # show the traceback in the failure
        err += check_output(["check", str(root), "--debug"])[2]
    assert_clean_result(root, code, out, err)


def run_clean(root: Path, argv: list[str], success: str | None = None) -> None:
    """argv run in this process ends in success or problem lines (with --debug's traceback if not)."""
    code, out, err = check_output(argv)
    event(f"{' '.join(argv[: 2 if argv[0] == 'i18n' else 1])}: exit {code}")  # counted by --hypothesis-show-statistics
    if code == 3:  # show the traceback in the failure
        err += check_output([*argv, "--debug"])[2]
    assert_clean_result(root, code, out, err, success)


def surface_settings(test):
    """A surface other than the bundled packs' YAML: a few dozen examples with the suite."""
    return settings(
        max_examples=int(os.environ.get("FUZZ_EXAMPLES", 30)),
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    )(test)


def copied(tmp_path_factory, source: Path, name: str) -> Path:
    root = tmp_path_factory.mktemp("fuzz") / name
    shutil.copytree(source, root)
    return root


# --- looks -----------------------------------------------------------------------------------------

GLOW = FIXTURES / "looks" / "glow"  # a pack with a look of its own, translated into German
LOOK_VALUES = [
    *HOSTILE_VALUES,
    "tint(" * 70 + "'#d94f2b'" + ", 50%)" * 70,
    "'tint({color}, 1e999%)'",
    "'mix({color}, {color}, -50%)'",
    "'contrast(contrast(contrast({color})))'",
    "'shade(#zzzzzz, 10%)'",
    "'tint({color}, 80%) trailing'",
    "'100% - 1e999mm'",
    "1e308mm",
    "-1e308mm",
    "0.0000001mm",
    "'100% + 100% + 100% - 1mm'",
    "'1' + '       ' * 3000 + 'x!'",
    "[0.000001, 0.000001]",
    "[0, 0]",
    "[1e999]",
    "[-1, 1]",
    "[" + "1, " * 3000 + "1]",
    "[4mm, 2mm, 100% - 20mm]",
    "[0, 0, 0, 0]",
    "[1e9mm, 1e9mm, 1mm, 1mm]",
    "[100%, 100%, 100%, 100%]",
    "'" + "{name}" * 500 + "'",
    "'{nope.nope}'",
    "'{data.glow}'",
    "'{count}'",
    "'**{name}'",
    "'[fire] [nope] [' + 'fire' * 100 + ']'",
    "400",
    "0.001",
    "1%",
    "1000%",
    "glow-card",
    "nope",
    "card",
    "sans-bold",
    "display",
    "top",
    "0",
    "200",
    "201",
]


@st.composite
def mutated_looks(draw) -> tuple[str, bytes]:
    name = draw(st.sampled_from(["looks/cards.yaml", "cards.yaml", "pack.yaml"]))
    return name, draw(mutated((GLOW / name).read_bytes(), LOOK_VALUES))


@pytest.mark.fuzz
@surface_settings
@given(mutated_looks())
def test_a_mutated_look_is_checked_or_refused_line_by_line(tmp_path_factory, case):
    name, text = case
    root = copied(tmp_path_factory, GLOW, "glow")
    (root / name).write_bytes(text)
    run_clean(root, ["check", str(root)])


# --- pack fonts ------------------------------------------------------------------------------------

FONT = (FIXTURES / "pack-fonts" / "fonts" / "DejaVuSansCondensed-ASCII.ttf").read_bytes()
FONT_TABLES = [struct.unpack_from(">4sLLL", FONT, 12 + 16 * i) for i in range(struct.unpack_from(">H", FONT, 4)[0])]
EXTREMES = [0, 1, 2, 3, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x10FFFF, 0x7FFFFFFF, 0xFFFFFFFF]
FONT_PACK = """\
id: fonts
title: Fonts
fonts:
  display: {regular: fonts/Glow.ttf, bold: fonts/Glow.ttf, licence: fonts/LICENSE.txt}
looks:
  shown:
    extends: card
    front:
      - text: {id: name, text: "{name}", font: display, box: [4mm, 4mm, 100% - 8mm, 10mm], max_lines: 1}
      - text: {text: "{text}", font: display, box: [4mm, 20mm, 100% - 8mm, 40mm], size: 12, min_size: 4}
"""
FONT_CARDS = "cards:\n  - {id: ember, name: Ember Fox, look: shown, text: 'Deals **2** damage, *twice*; 0-9 & ~'}\n"


FontEdit = tuple[str, int, int]  # (what, where, value), as font_edits draws and edited_font applies them


@st.composite
def font_edits(draw) -> list[FontEdit]:
    """One to four edits of the fixture font: a byte changed, a 16- or 32-bit field of a table set to
    an extreme, a table directory entry's offset or length changed, the file cut short."""
    edits = []
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["byte", "field16", "field32", "entry", "cut"]))
        if action == "byte":
            edits.append((action, draw(st.integers(0, len(FONT) - 1)), draw(st.integers(0, 255))))
        elif action in ("field16", "field32"):
            _tag, _sum, offset, length = draw(st.sampled_from(FONT_TABLES))
            size = 2 if action == "field16" else 4
            near = draw(st.booleans())  # most fields that count or scale lie near a table's start
            at = offset + draw(st.integers(0, max(0, min(length, 64 if near else length) - size)))
            edits.append((action, at, draw(st.sampled_from(EXTREMES)) & (0xFFFF if size == 2 else 0xFFFFFFFF)))
        elif action == "entry":
            at = 12 + 16 * draw(st.integers(0, len(FONT_TABLES) - 1)) + draw(st.sampled_from([8, 12]))
            edits.append((action, at, draw(st.sampled_from([*EXTREMES, len(FONT), len(FONT) - 1]))))
        else:
            edits.append((action, draw(st.integers(0, len(FONT))), 0))
    return edits


def edited_font(edits: list[FontEdit]) -> bytes:
    data = bytearray(FONT)
    for action, at, value in edits:
        if action == "byte" and at < len(data):
            data[at] = value
        elif action == "field16" and at + 2 <= len(data):
            struct.pack_into(">H", data, at, value)
        elif action in ("field32", "entry") and at + 4 <= len(data):
            struct.pack_into(">L", data, at, value)
        elif action == "cut":
            del data[at:]
    return bytes(data)


@pytest.mark.fuzz
@surface_settings
@given(font_edits())
def test_a_mutated_pack_font_is_checked_or_refused_line_by_line(tmp_path_factory, edits):
    root = tmp_path_factory.mktemp("fuzz") / "fonts"
    (root / "fonts").mkdir(parents=True)
    (root / "fonts" / "Glow.ttf").write_bytes(edited_font(edits))
    shutil.copy(FIXTURES / "pack-fonts" / "fonts" / "LICENSE-DejaVu.txt", root / "fonts" / "LICENSE.txt")
    (root / "pack.yaml").write_text(FONT_PACK)
    (root / "components.yaml").write_text(FONT_CARDS)
    run_clean(root, ["check", str(root)])


# --- spreadsheets ----------------------------------------------------------------------------------

_spec = importlib.util.spec_from_file_location("make_sheets", FIXTURES / "spreadsheets" / "make.py")
make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make)

CELL_VALUES = [
    *HOSTILE_VALUES,
    "=1+1",
    "'=1",
    "''+x",
    "-",
    "@",
    "1" * 5000 + "x",
    "9" * 400 + ".5",
    "1,5",
    "a; b; c",
    ";;;",
    " ; ",
    "true",
    "TRUE",
    "1e5",
    "-0",
    "0x10",
    "\u00a0",
    "card-1",
    "",
]
XML_SNIPPETS = [
    "<",
    ">",
    "&",
    "&amp;",
    "&#0;",
    "&#x110000;",
    "&nope;",
    "<!--",
    "-->",
    "<![CDATA[",
    "<!DOCTYPE x [<!ENTITY a 'aaaaaaaaaa'>]>",
    "<?xml version='1.0' encoding='x-nonsense'?>",
    '<c r="XFD1048576"/>',
    '<row r="1048576">',
    '<row r="0">',
    '<c r="A0">',
    '<c r="$$">',
    '<c t="e"><f>1/0</f><v>#DIV/0!</v></c>',
    "<f>1</f>",
    "<c " * 2000,
    "<row " * 2000,
    "<!--" + "<c " * 2000 + "-->",
    '<table:table-row table:number-rows-repeated="99999999">',
    '<table:table-cell table:number-columns-repeated="-1">',
    '<table:table-cell table:number-columns-spanned="99999">',
    '<table:table table:name="cards">',
    "</table:table>",
    "<text:p>" * 70 + "x" + "</text:p>" * 70,
    "\x00",
    "\ufeff",
]


def workbook(kind: str) -> bytes:
    rows = [make.HEADER, *make.CARDS]
    return make.xlsx({"cards": rows}) if kind == "xlsx" else make.ods({"cards": rows})


WORKBOOKS = {kind: workbook(kind) for kind in ("xlsx", "ods")}
CELL_TEXT = re.compile(rb"(<(?:t|text:p)>)([^<]*)(<)")


@st.composite
def mutated_csv(draw) -> bytes:
    rows = [row.split(",") for row in make.csv_text([make.HEADER, *make.CARDS]).decode().split("\n")]
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(rows) - 1))
        action = draw(st.sampled_from(["cell", "delete", "duplicate", "bytes"]))
        if action == "cell":
            row = rows[index]
            row[draw(st.integers(0, max(0, len(row) - 1)))] = draw(st.sampled_from(CELL_VALUES))
        elif action == "delete" and len(rows) > 1:
            del rows[index]
        elif action == "duplicate":
            rows.insert(index, list(rows[index]))
        elif action == "bytes":
            row = rows[index]
            row.append(draw(st.sampled_from(RAW_BYTES)).decode("utf-8", "replace"))
    return "\n".join(",".join(row) for row in rows).encode("utf-8", "surrogatepass")


@st.composite
def mutated_workbook(draw, kind: str) -> bytes:
    """The workbook with one to four of: a cell's text changed, an XML snippet put into a part, a
    byte changed, a part cut short; zipped again (or, once in a while, the zip itself cut short)."""
    with make.zipfile.ZipFile(io.BytesIO(WORKBOOKS[kind])) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = "xl/worksheets/sheet1.xml" if kind == "xlsx" else "content.xml"
    for _ in range(draw(st.integers(1, 4))):
        name = sheet if draw(st.booleans()) else draw(st.sampled_from(sorted(parts)))
        data = parts[name]
        action = draw(st.sampled_from(["text", "snippet", "byte", "cut"]))
        if action == "text" and CELL_TEXT.search(data):
            cells = list(CELL_TEXT.finditer(data))
            cell = cells[draw(st.integers(0, len(cells) - 1))]
            value = escape(draw(st.sampled_from(CELL_VALUES))).encode("utf-8", "surrogatepass")
            data = data[: cell.start(2)] + value + data[cell.end(2) :]
        elif action == "snippet":
            at = draw(st.integers(0, len(data)))
            data = data[:at] + draw(st.sampled_from(XML_SNIPPETS)).encode() + data[at:]
        elif action == "byte" and data:
            at = draw(st.integers(0, len(data) - 1))
            data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
        elif action == "cut":
            data = data[: draw(st.integers(0, len(data)))]
        parts[name] = data
    zipped = make.zipped(parts)
    return zipped[: draw(st.integers(0, len(zipped)))] if draw(st.integers(0, 9)) == 0 else zipped


@pytest.mark.fuzz
@surface_settings
@given(
    st.sampled_from(["csv", "xlsx", "ods"]).flatmap(
        lambda kind: st.tuples(st.just(kind), mutated_csv() if kind == "csv" else mutated_workbook(kind))
    )
)
def test_a_mutated_spreadsheet_is_checked_or_refused_line_by_line(tmp_path_factory, case):
    kind, data = case
    root = tmp_path_factory.mktemp("fuzz") / "sheets"
    root.mkdir()
    (root / "pack.yaml").write_text(make.PACK_YAML.format(id="sheets"))
    (root / f"cards.{kind}").write_bytes(data)
    run_clean(root, ["check", str(root)])


# --- catalogs and XLIFF ----------------------------------------------------------------------------

PO_VALUES = [
    '"',
    "\\\\",
    "\\\\q",
    "\\\\x41",
    "\\\\777",
    "{name}",
    "{",
    "}",
    "{0}",
    "**",
    "*",
    "[fire]",
    "[nope]",
    "%s",
    "\\u202e",
    "x" * 5000,
    '" "',
    "\\\\n" * 100,
    "Plural-Forms: nplurals=999999999; plural=(n != 1);\\\\n",
    "Plural-Forms: nplurals=0; plural=0;\\\\n",
    "Plural-Forms: nplurals=2; plural=n/0;\\\\n",
    "Plural-Forms: nplurals=2; plural=" + "(" * 1000 + "n" + ")" * 1000 + ";\\\\n",
    "Plural-Forms: nplurals=" + "9" * 5000 + "; plural=0;\\\\n",
    "Plural-Forms: nplurals=x\\\\n",
    "Content-Type: text/plain; charset=x-nonsense\\\\n",
    "Content-Type: text/plain; charset=utf-16\\\\n",
    "Language: qps\\\\n",
    "Language: \\\\n",
]
PO_LINE = re.compile(rb'^((?:msgstr(?:\[\d+\])?|msgid|msgctxt) )?"(.*)"$')


@st.composite
def mutated_catalog(draw, text: bytes) -> bytes:
    """A catalog after one to four mutations of its lines: a string's text replaced, a line
    deleted, duplicated or indented, raw bytes put in."""
    lines = text.split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["string", "string", "delete", "duplicate", "bytes", "keyword"]))
        string = PO_LINE.match(lines[index])
        if action == "string" and string:
            value = draw(st.sampled_from(PO_VALUES)).encode("utf-8", "surrogatepass")
            lines[index] = (string.group(1) or b"") + b'"' + value + b'"'
        elif action == "delete" and len(lines) > 1:
            del lines[index]
        elif action == "duplicate":
            lines.insert(index, lines[index])
        elif action == "bytes":
            at = draw(st.integers(0, len(lines[index])))
            lines[index] = lines[index][:at] + draw(st.sampled_from(RAW_BYTES)) + lines[index][at:]
        elif action == "keyword":
            lines[index] = (
                draw(st.sampled_from([b"msgid_plural ", b"msgstr[0] ", b"msgstr[9] ", b"#~ ", b"#| ", b"#, fuzzy"]))
                + lines[index]
            )
    return b"\n".join(lines)


CATALOG = "locales/de/LC_MESSAGES/glow.po"
OWN_WORDS = "locales/de/LC_MESSAGES/printkit.po"  # the pack's catalog of printkit's own words
SHIPPED_WORDS = (
    Path(__file__).resolve().parent.parent / "printkit" / "i18n" / "locales" / "de" / "LC_MESSAGES" / "printkit.po"
)


@st.composite
def mutated_catalogs(draw) -> tuple[str, bytes]:
    name = draw(st.sampled_from([CATALOG, OWN_WORDS]))
    source = GLOW / CATALOG if name == CATALOG else SHIPPED_WORDS
    return name, draw(mutated_catalog(source.read_bytes()))


@pytest.mark.fuzz
@surface_settings
@given(mutated_catalogs())
def test_a_mutated_catalog_is_checked_and_updated_or_refused_line_by_line(tmp_path_factory, case):
    name, text = case
    root = copied(tmp_path_factory, GLOW, "glow")
    (root / name).write_bytes(text)
    run_clean(root, ["i18n", "check", str(root)], r"1 catalog checked: .*\n")
    run_clean(root, ["i18n", "update", str(root)], r"(wrote \S+\n)*")


XLIFF_SNIPPETS = [
    *XML_SNIPPETS,
    "<trans-unit id='x'>",
    "</trans-unit>",
    "<target>",
    "</target>",
    '<trans-unit id="d5545dea16e6e65d" resname="pack:title"><source>Glow</source><target>G</target></trans-unit>',
    '<file original="x.po" target-language="fr">',
    'state="needs-translation"',
    'approved="no"',
    "<g id='1'>",
    "<x id='1'/>",
    "{name}",
    "**",
    "[nope]",
    "x" * 5000,
]


@st.composite
def mutated_xliff(draw, text: bytes) -> bytes:
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["snippet", "text", "byte", "cut", "encoding"]))
        if action == "snippet":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(XLIFF_SNIPPETS)).encode() + text[at:]
        elif action == "text":
            targets = list(re.finditer(rb"(<target[^>]*>)([^<]*)(<)", text))
            if targets:
                found = targets[draw(st.integers(0, len(targets) - 1))]
                value = escape(draw(st.sampled_from(CELL_VALUES))).encode("utf-8", "surrogatepass")
                text = text[: found.start(2)] + value + text[found.end(2) :]
        elif action == "byte" and text:
            at = draw(st.integers(0, len(text) - 1))
            text = text[:at] + bytes([draw(st.integers(0, 255))]) + text[at + 1 :]
        elif action == "cut":
            text = text[: draw(st.integers(0, len(text)))]
        elif action == "encoding":
            name = draw(st.sampled_from(["x-nonsense", "utf-16", "utf-7", "euc-jp", "latin-1", "ascii", ""]))
            text = re.sub(rb"encoding='[^']*'", f"encoding='{name}'".encode(), text, count=1)
    return text


@pytest.fixture(scope="module")
def glow_xliff(tmp_path_factory) -> bytes:
    """The glow pack's German catalog as `printkit i18n export` writes it."""
    root = copied(tmp_path_factory, GLOW, "glow")
    assert check_output(["i18n", "export", str(root), "--lang", "de"])[0] == 0
    return (root / "locales" / "de" / "glow.xlf").read_bytes()


@pytest.mark.fuzz
@surface_settings
@given(data=st.data())
def test_a_mutated_xliff_file_is_imported_or_refused_line_by_line(tmp_path_factory, glow_xliff, data):
    root = copied(tmp_path_factory, GLOW, "glow")
    (root / "import.xlf").write_bytes(data.draw(mutated_xliff(glow_xliff)))
    run_clean(
        root,
        ["i18n", "import", str(root), "--lang", "de", "--file", str(root / "import.xlf")],
        r"wrote \S+: [0-9]+ entr(y|ies) changed(, [0-9]+ kept as the catalog has them)?\n",
    )
