"""The documentation cannot drift from printkit: its reference pages are generated from the code and
must be current, the tutorial's files and commands run as written and print what the page shows,
and the site builds with MkDocs in strict mode (a broken link or anchor fails)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
from doc_examples import blocks, run_page  # noqa: E402
from reference_pages import stale  # noqa: E402

DOCS = REPO / "docs"


def test_reference_pages_are_generated_from_the_current_code():
    assert stale() == [], "run: python tools/reference_pages.py"


def test_the_reference_lists_every_build_option():
    commands = (DOCS / "reference" / "commands.md").read_text(encoding="utf-8")
    for option in ("--shop SHOP", "--tts-url URL", "--changed-since FOLDER", "--template NAME"):
        assert f"`{option}`" in commands


@pytest.mark.slow
def test_the_tutorial_runs_as_written(tmp_path):
    steps = list(run_page(DOCS / "tutorial.md", tmp_path))
    differing = [
        f"tutorial.md:{step.line}: $ {step.command}\n--- the page shows\n{step.shown}\n--- printkit printed\n{step.printed}"
        for step in steps
        if step.shown != step.printed
    ]
    assert differing == []
    assert len(steps) >= 10
    kit = tmp_path / "output" / "moonpath"
    assert sorted(path.name for path in kit.glob("*.pdf")) == [
        "moonpath-components-de-a4.pdf",
        "moonpath-components-en-a4.pdf",
    ]


def test_every_command_block_of_the_tutorial_is_run():
    """A shell block would be read but never run: the tutorial's commands are console blocks."""
    languages = {block.language for block in blocks((DOCS / "tutorial.md").read_text(encoding="utf-8"))}
    assert languages <= {"console", "yaml", "text"}


@pytest.mark.slow
def test_the_site_builds_strict(tmp_path):
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "site" / "tutorial" / "index.html").is_file()
    assert Path(tmp_path / "site" / "reference" / "icons" / "star.svg").is_file()
