import hashlib
import io
import json
import math
import os
import re
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import NamedTuple

import pytest
from filelock import FileLock
from pypdf.generic import ContentStream

from printkit.base.processes import start_method
from printkit.cli import main

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"
# The packs printkit ships under content/. Tests name them instead of reading the folder, so a pack a
# user adds there (`printkit new`), or a broken one they are working on, changes no test.
BUNDLED = ["attacktix", "riverfold", "skylanders-tabletop", "skylands", "skystones", "sorcerers-home-game"]
# The locales each bundled pack is translated into besides English, in the order pack.yaml gives them.
TRANSLATIONS = {name: ["de"] for name in BUNDLED} | {"riverfold": ["de", "fr", "ja", "ar"]}


# Where printkit cannot fork (Windows, macOS, `./dev test --non-posix`) its workers and the rulebook's
# child are spawned: a fresh process that shares nothing a test changed in this one.
FORKED = start_method() == "fork"
forked_children_only = pytest.mark.skipif(
    not FORKED, reason="changes this process to change its child processes, which only forked children share"
)

PT_PER_MM = 72 / 25.4
TOLERANCE_MM = 0.01  # the geometry bar: trims and registration to a hundredth of a millimetre


def sheet_paths(page, reader) -> list[tuple[str, list[tuple[float, float]], tuple, bool]]:
    """Every path a page paints or clips with, in order: (W for a clip, else its painting operator;
    its points in millimetres on the sheet, a curve by its end point; the line width and dash;
    whether it has curves)."""
    ctm, stack, points, width, dash = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], [], 0.0, ()
    clip, curved, found = False, False, []

    def on_sheet(x, y):
        a, b, c, d, e, f = ctm
        return ((a * x + c * y + e) / PT_PER_MM, (b * x + d * y + f) / PT_PER_MM)

    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        values = [float(v) for v in operands] if operator not in (b"d", b"Tf", b"Tj") else []
        if operator == b"q":
            stack.append((ctm, width, dash))
        elif operator == b"Q":
            ctm, width, dash = stack.pop()
        elif operator == b"cm":
            a, b, c, d, e, f = values
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif operator == b"w":
            width = values[0] / PT_PER_MM
        elif operator == b"d":
            dash = tuple(float(v) for v in operands[0])
        elif operator in (b"m", b"l", b"c"):
            points.append(on_sheet(*values[-2:]))
            curved = curved or operator == b"c"
        elif operator == b"re":
            x, y, w, h = values
            points += [on_sheet(x, y), on_sheet(x + w, y), on_sheet(x + w, y + h), on_sheet(x, y + h)]
        elif operator == b"W":
            clip = True
        elif operator in (b"n", b"f", b"f*", b"S", b"B", b"b", b"s"):
            if clip or operator != b"n":
                found.append(("W" if clip else operator.decode(), points, (round(width, 3), dash), curved))
            points, clip, curved = [], False, False
    return found


def polygon_corners(points):
    """The corners of a closed path of straight lines (its first point repeated at the end dropped)."""
    if len(points) > 1 and math.dist(points[0], points[-1]) < 1e-6:
        points = points[:-1]
    return points


def pytest_collection_modifyitems(items):
    """A long fuzz session (FUZZ_EXAMPLES=N) takes as long as its examples do: no time limit."""
    if "FUZZ_EXAMPLES" in os.environ:
        for item in items:
            if item.get_closest_marker("fuzz"):
                item.add_marker(pytest.mark.timeout(0))


@pytest.fixture(scope="session")
def skystones():
    """The bundled Skystones pack, loaded and validated."""
    from printkit.content.read import load_checked

    (pack,) = load_checked([REPO / "content" / "skystones"])
    return pack


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch):
    """Messages show paths relative to the current folder; tests read them from the repo root."""
    monkeypatch.chdir(REPO)


@pytest.fixture
def run(capsys):
    """Run the printkit command line; returns (exit code, stdout, stderr)."""

    def invoke(*args: str) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return invoke


def loaded_pack(tmp_path: Path, pack_yaml: str, components: str):
    """A pack 'kit' made of the given pack.yaml lines and component file, loaded and validated."""
    from printkit.content.read import load_checked

    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text("id: kit\ntitle: Kit\n" + pack_yaml)
    (root / "components.yaml").write_text(components)
    (pack,) = load_checked([root])
    return pack


def problems_found(count: int) -> str:
    """The summary line after a command's problem lines."""
    return f"{count} problem{'s' if count != 1 else ''} found"


# `file:line:col: key.path: message (hint)`; a problem of a whole file or of YAML syntax has no key path,
# and the hint is optional. A key path starts at a top-level key and goes on by [index] and .key.
PROBLEM_LINE = re.compile(
    r"(?P<file>[^:]+):(?P<line>[1-9][0-9]*):(?P<column>[1-9][0-9]*): "
    r"(?:(?P<key>[A-Za-z_][\w-]*(?:\[[0-9]+\]|\.[^.\[\]:\s][^.\[\]:]*)*): )?"
    r"(?P<message>\S.*?)(?: \((?P<hint>\S.*)\))?"
)
YAML_LINE_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")  # where PyYAML starts a new line


WORKBOOK_PROBLEM_LINE = re.compile(
    r"(?P<file>[^:]+\.(?:xlsx|ods)): (?:sheet '(?P<sheet>[^']*)'(?:, (?:row (?P<row>[1-9][0-9]*)|cell "
    r"(?P<cell>[A-Z]+[1-9][0-9]*)))?(?: \((?P<key>[^)]*)\))?: )?(?P<message>\S.*)"
)


def assert_problem_line(line: str, root: Path) -> None:
    """line is one problem line, placed in a file under root (the files the test wrote), at a line
    that file has (counted as YAML counts them) and a column no further than one past its longest
    line (in bytes, which are at least its characters); in a workbook, at a sheet, row or cell."""
    workbook = WORKBOOK_PROBLEM_LINE.fullmatch(line)
    if workbook:
        path = Path(workbook["file"])
        assert path.is_relative_to(root) and path.is_file(), line
        return
    shape = PROBLEM_LINE.fullmatch(line)
    assert shape, line
    path = Path(shape["file"])
    assert path.is_relative_to(root) and path.is_file(), line
    raw = path.read_bytes()
    assert int(shape["line"]) <= len(YAML_LINE_BREAK.split(raw.decode("utf-8", errors="replace"))), line
    assert int(shape["column"]) <= max(len(part) for part in raw.split(b"\n")) + 1, line


class Ran(NamedTuple):
    out: Path  # the --out folder
    code: int
    stdout: str
    stderr: str


@pytest.fixture(scope="session")
def shared_run(tmp_path_factory) -> Callable[..., Ran]:
    """A command writing into an output folder that tests only read, run once for the whole run:
    `shared_run("build", "skystones", "--no-rulebooks")` is its folder, exit code, output and errors.
    The first test to ask, on whichever xdist worker, runs it under a lock in the folder the workers
    share; every other test of every worker reads what it wrote."""
    shared = tmp_path_factory.getbasetemp()
    if "PYTEST_XDIST_WORKER" in os.environ:
        shared = shared.parent  # the run's folder, holding each worker's own

    def shared_run_of(*args: str) -> Ran:
        out = shared / ("shared-" + hashlib.sha256("\0".join(args).encode()).hexdigest()[:16])
        record = out.with_suffix(".json")
        with FileLock(out.with_suffix(".lock")):
            if not record.exists():
                stdout, stderr = io.StringIO(), io.StringIO()
                with pytest.MonkeyPatch.context() as patch, redirect_stdout(stdout), redirect_stderr(stderr):
                    patch.chdir(REPO)
                    code = main([*args, "--out", str(out)])
                record.write_text(json.dumps([code, stdout.getvalue(), stderr.getvalue()]))
        return Ran(out, *json.loads(record.read_text()))

    return shared_run_of


@pytest.fixture(scope="session")
def pseudo_kits(shared_run) -> Ran:
    """Every bundled pack built once in the pseudo-locale (`printkit i18n pseudo`)."""
    return shared_run("i18n", "pseudo", *BUNDLED)
