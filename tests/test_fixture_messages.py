"""Every fixture folder of a message case carries its expected.out: the printkit commands it is run
with, their exit code and the whole of what they print. One tiny pack per way input can be wrong,
each with the exact lines its user reads.

expected.out may start with lines of `#`, which say what the case is. Then comes one block, or more
separated by a blank line. A block is its commands, each a
`printkit ...` line split as a shell splits it and run from the repository's root; then `exit N`; then
every line the commands print on stderr; then, if they print anything on stdout, a line `stdout:` and
every line of that. Each command of a block exits with that code and prints exactly those lines.
`{out}` stands for an output folder, which a command that fails leaves unmade. Each command takes
less than 10 seconds, and none changes a file of the case's folder. printkit reads no file named
expected.out: .out is no kind of file a pack holds.

For example, tests/fixtures/bad/bad-type/expected.out:

    printkit check tests/fixtures/bad/bad-type
    printkit build tests/fixtures/bad/bad-type --strict --out {out}
    exit 1
    tests/fixtures/bad/bad-type/components.yaml:3:48: cards[0].edges.left: must be a whole number from 0 to 9, got 'x'
    1 problem found
"""

import shlex
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import REPO

EXPECTED = "expected.out"
OUT = "{out}"

# The folders holding message cases, each with the folders in it that are not one and the test that reads them.
ROOTS = {
    "tests/fixtures/bad": {},
    "tests/fixtures/looks/bad": {},
    "tests/fixtures/fields": {"glowing": "test_declared_fields.py"},
    "tests/fixtures/spreadsheets": {
        "ods-formula": "test_spreadsheet_errors.py",
        "xlsx-formula": "test_spreadsheet_errors.py",
    },
    "tests/fixtures/security": {
        "hostile-glossary": "security/test_hostile_content.py",  # run from inside its folder
        "hostile-date-as-name": "security/test_hostile_content.py",
        "hostile-size-2000mm": "security/test_hostile_content.py",
        "hostile-numeric-registry-id": "security/test_hostile_content.py",
        "hostile-hebrew-name": "security/test_hostile_content.py",
        "hostile-arabic-text": "security/test_hostile_content.py",
        "hostile-po-hebrew": "security/test_hostile_content.py",
    },
    "tests/fixtures/allatonce": {},
    "tests/fixtures/tiles": {},
    "tests/fixtures/safe-zone": {"edge-text": "test_home_printing.py", "builtin-look": "test_home_printing.py"},
}
# The corpora of bad packs, whose every pack that fails is refused by a strict build too.
BAD_PACKS = ("tests/fixtures/bad/", "tests/fixtures/security/")


@dataclass(frozen=True)
class Expected:
    """What one block of an expected.out says: its commands print this, and exit so."""

    commands: tuple[tuple[str, ...], ...]
    exit: int
    stderr: str
    stdout: str


def expected(case: str) -> list[Expected]:
    """The blocks of the expected.out of the case folder (a path from the repository's root)."""
    text = (REPO / case / EXPECTED).read_text(encoding="utf-8")
    assert text.endswith("\n"), f"{case}/{EXPECTED} ends without a line end"
    while text.startswith("#"):  # what the case is, for its reader
        text = text.partition("\n")[2]
    return [_block(case, block.split("\n")) for block in text[:-1].split("\n\n")]


def _block(case: str, lines: list[str]) -> Expected:
    commands = []
    while lines and lines[0].startswith("printkit "):
        commands.append(tuple(shlex.split(lines.pop(0))[1:]))
    exit_line = lines.pop(0) if lines else ""
    assert commands and exit_line.startswith("exit "), f"{case}/{EXPECTED}: a block is 'printkit' lines, then 'exit N'"
    at = lines.index("stdout:") if "stdout:" in lines else len(lines)
    return Expected(tuple(commands), int(exit_line.removeprefix("exit ")), _text(lines[:at]), _text(lines[at + 1 :]))


def _text(lines: list[str]) -> str:
    """Lines as printed: each ended by a line end."""
    return "".join(line + "\n" for line in lines)


CASES = sorted(
    folder.parent.relative_to(REPO).as_posix() for root in ROOTS for folder in (REPO / root).glob(f"*/{EXPECTED}")
)


def _files(folder: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.removeprefix("tests/fixtures/"))
def test_each_command_of_a_case_prints_what_it_expects(run, tmp_path, case):
    before = _files(REPO / case)
    out = tmp_path / "out"
    for block in expected(case):
        for command in block.commands:
            start = time.monotonic()
            result = run(*(out if arg == OUT else arg for arg in command))
            assert time.monotonic() - start < 10
            assert result == (block.exit, block.stdout, block.stderr), shlex.join(command)
            assert block.exit == 0 or not out.exists()  # bad input leaves no partial output
    assert _files(REPO / case) == before


def test_every_case_folder_carries_its_expected_output():
    """A fixture no test reads proves nothing."""
    for root, others in ROOTS.items():
        folders = [path for path in (REPO / root).iterdir() if path.is_dir() and path.name != "__pycache__"]
        assert sorted(path.name for path in folders if not (path / EXPECTED).is_file()) == sorted(others), root


def test_a_bad_pack_is_refused_by_a_strict_build_too():
    """A case of the bad packs whose first command checks its pack, its pack's catalogs or builds it,
    and fails, names `build --strict` of the pack too: a bad pack never builds anything (and writes
    nothing)."""
    unrefused = []
    for case in (case for case in CASES if case.startswith(BAD_PACKS)):
        blocks = expected(case)
        first = blocks[0].commands[0]
        if blocks[0].exit == 1 and (
            first in (("check", case), ("i18n", "check", case)) or first[:2] == ("build", case)
        ):
            strict = ("build", case, "--strict", "--out", OUT)
            if not any(strict in block.commands and block.exit == 1 for block in blocks):
                unrefused.append(case)
    assert unrefused == []
