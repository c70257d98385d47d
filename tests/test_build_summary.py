"""What `printkit build` tells on stderr: a summary of what it wrote (or found up to date), none
with -q, and on a terminal one progress bar for the whole build."""

import os
import pty
import re
import subprocess
import sys

import pytest
from pypdf import PdfReader

from tests.conftest import REPO

SKYSTONES = ("build", "skystones", "--cut-svg", "--no-rulebooks")


def test_a_build_ends_with_what_it_wrote_then_what_is_up_to_date(run, tmp_path):
    out = tmp_path / "out"
    assert run(*SKYSTONES, "--lang", "en", "--out", out) == (
        0,
        "",
        "skystones: 6 files written\n"
        "  skystones-components-en-a4.pdf  12 pages\n"
        "  cut-svg/en-a4/                   5 files\n"
        f"output: {out}/\n",
    )
    assert len(PdfReader(out / "skystones" / "skystones-components-en-a4.pdf").pages) == 12
    assert len(list((out / "skystones" / "cut-svg" / "en-a4").iterdir())) == 5
    assert run(*SKYSTONES, "--lang", "en", "--out", out) == (
        0,
        "",
        f"skystones: up to date (6 files)\noutput: {out}/\n",
    )
    assert run(*SKYSTONES, "--lang", "en", "--out", out, "--force", "-q") == (0, "", "")
    assert run(*SKYSTONES, "--lang", "en", "--out", out, "--quiet") == (0, "", "")


@pytest.mark.slow
def test_a_parallel_build_sums_up_every_pack_aligned_with_rulebooks_and_booklets(run, tmp_path):
    """Two packs in two processes: the new language of one written beside its language up to date,
    the other pack written whole; a rulebook's pages are WeasyPrint's, a booklet's its sheets' sides."""
    out = tmp_path / "out"
    assert run("build", "skystones", "--lang", "en", "--no-rulebooks", "--out", out)[0] == 0
    code, printed, err = run(
        "build", "skystones", "riverfold", "--lang", "en,de", "--booklet", "--jobs", "2", "--out", out
    )
    assert (code, printed, err) == (
        0,
        "",
        "skystones: 7 files written, 1 file up to date\n"
        "  skystones-components-de-a4.pdf           12 pages\n"
        "  skystones-rulebook-en.pdf                 9 pages\n"
        "  skystones-rulebook-de.pdf                 9 pages\n"
        "  skystones-rulebook-en-de.pdf             18 pages\n"
        "  skystones-rulebook-en-a4-booklet.pdf      6 pages\n"
        "  skystones-rulebook-de-a4-booklet.pdf      8 pages\n"
        "  skystones-rulebook-en-de-a4-booklet.pdf  12 pages\n"
        "riverfold: 8 files written\n"
        "  riverfold-components-en-a4.pdf           10 pages\n"
        "  riverfold-components-de-a4.pdf           10 pages\n"
        "  riverfold-rulebook-en.pdf                 5 pages\n"
        "  riverfold-rulebook-de.pdf                 5 pages\n"
        "  riverfold-rulebook-en-de.pdf             10 pages\n"
        "  riverfold-rulebook-en-a4-booklet.pdf      4 pages\n"
        "  riverfold-rulebook-de-a4-booklet.pdf      4 pages\n"
        "  riverfold-rulebook-en-de-a4-booklet.pdf   6 pages\n"
        f"output: {out}/\n",
    )
    for line in err.splitlines():  # every count is the file's
        if line.endswith(" pages"):
            name, pages = line.split()[:2]
            assert len(PdfReader(out / name.split("-")[0] / name).pages) == int(pages), line


def test_a_build_with_a_problem_tells_its_problems_and_names_the_pack_not_built(run, tmp_path):
    out = tmp_path / "out"
    assert run(*SKYSTONES, "--lang", "en", "--out", out)[0] == 0
    assert run(*SKYSTONES, "tests/fixtures/bad/text-overflow", "--lang", "en", "--jobs", "2", "--out", out) == (
        1,
        "",
        "tests/fixtures/bad/text-overflow/components.yaml:4:11: cards[0].text: text of 'ember' overflows its "
        "34.4 x 42.4 mm box by 57.5 mm at 6 pt in locale en (shorten the text or give the component more room)\n"
        "1 problem found\n"
        "skystones: up to date (6 files)\n"
        "text-overflow: not built, 1 problem in tests/fixtures/bad/text-overflow/components.yaml (above); its "
        "earlier files are as they were\n"
        f"output: {out}/\n",
    )


BAR = re.compile(r"(?:(?P<name>\S+: \S+) )?[━╸╺]+ +(?P<percent>\d+)% \d+:\d\d:\d\d")
COLOUR = re.compile(r"\x1b\[[0-9;]*m")
CURSOR = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")  # moved, hidden or shown, or a line cleared


def _on_a_terminal(*args: str) -> str:
    """What the command line draws on a terminal (stderr a pseudo-terminal), without its colours,
    each redraw of the line on a line of its own."""
    terminal, command_end = pty.openpty()
    command = subprocess.Popen(
        [sys.executable, "-m", "printkit", *args],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=command_end,
        env={**os.environ, "COLUMNS": "120", "TERM": "xterm"},
    )
    os.close(command_end)
    drawn = b""
    while True:
        try:
            chunk = os.read(terminal, 65536)
        except OSError:  # the command ended and closed its end
            break
        if not chunk:
            break
        drawn += chunk
    os.close(terminal)
    assert command.wait() == 0
    return CURSOR.sub("\n", COLOUR.sub("", drawn.decode().replace("\r", "\n")))


@pytest.mark.slow
def test_a_terminal_shows_one_bar_for_the_whole_parallel_build_then_the_summary(tmp_path):
    out = tmp_path / "out"
    drawn = _on_a_terminal("build", "skystones", "attacktix", "--no-rulebooks", "--jobs", "2", "--out", str(out))
    lines = [line for line in drawn.splitlines() if line.strip()]
    frames = [BAR.fullmatch(line.strip()) for line in lines]
    drawing = max(index for index, frame in enumerate(frames) if frame) + 1
    assert all(frames[:drawing]), lines  # one bar redrawn, and nothing else, until the summary
    percents = [int(frame["percent"]) for frame in frames[:drawing] if frame]
    assert percents == sorted(percents) and percents[-1] == 100
    assert {frame["name"] for frame in frames[:drawing] if frame and frame["name"]} == {
        "skystones: skystones-components-en-a4.pdf",
        "skystones: skystones-components-de-a4.pdf",
        "attacktix: attacktix-components-en-a4.pdf",
        "attacktix: attacktix-components-de-a4.pdf",
    }
    assert lines[drawing:] == [
        "skystones: 2 files written",
        "  skystones-components-en-a4.pdf  12 pages",
        "  skystones-components-de-a4.pdf  12 pages",
        "attacktix: 2 files written",
        "  attacktix-components-en-a4.pdf  16 pages",
        "  attacktix-components-de-a4.pdf  16 pages",
        f"output: {out}/",
    ]


def test_a_quiet_build_draws_nothing_on_a_terminal(tmp_path):
    assert _on_a_terminal("build", "skystones", "--lang", "en", "--no-rulebooks", "-q", "--out", str(tmp_path)) == ""
