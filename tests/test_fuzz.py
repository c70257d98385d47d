"""Fuzzing the bundled packs: their YAML mutated as a careless or hostile author might (lines deleted,
values swapped between keys, YAML tags, dates, huge numbers, control bytes, deep nesting, anchors,
duplicate keys) must give success or problem lines, never an internal error.

250 examples (about 20 s) run with the suite; `FUZZ_EXAMPLES=5000 pytest -m fuzz tests/test_fuzz.py` runs a
long session."""

import contextlib
import io
import os
import re
import shutil
from pathlib import Path

import pytest
from conftest import BUNDLED, assert_problem_line, problems_found
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.cli import main

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
def mutated(draw, text: bytes) -> bytes:
    """text after one to four mutations of its lines."""
    lines = text.split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "value", "swap", "duplicate", "bytes", "nest", "indent"]))
        if action == "delete":
            del lines[index]
            lines = lines or [b""]
        elif action == "value" and KEY_VALUE.match(lines[index]):
            value = draw(st.sampled_from(HOSTILE_VALUES)).encode()
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


def assert_clean_result(root: Path, code: int, out: str, err: str) -> None:
    """Success (the one summary line of `check`), or exit 1 with nothing but problem lines, each at
    a position in a file of the pack the test wrote, and their count."""
    assert code in (0, 1), err
    assert not any(raw in out + err for raw in RAW_PYTHON), err
    lines = [line for line in err.splitlines() if not line.startswith("printkit: warning: ")]
    if code == 0:
        assert lines == [], err
        assert re.fullmatch(rf"1 pack checked: {root.name} \([1-9][0-9]* components\)\n", out), out
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
