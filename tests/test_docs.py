"""The documentation cannot drift from printkit: its reference pages are generated from the code and
must be current, the tutorial's files and commands run as written and print what the page shows,
and the site builds with MkDocs in strict mode (a broken link or anchor fails)."""

import os
import shutil
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


def _differing(page: str, steps) -> list[str]:
    return [
        f"{page}:{step.line}: $ {step.command}\n--- the page shows\n{step.shown}\n--- printkit printed\n{step.printed}"
        for step in steps
        if step.shown != step.printed
    ]


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory):
    """The tutorial followed once: its folder (the finished Moonpath kit) and its steps."""
    folder = tmp_path_factory.mktemp("tutorial")
    return folder, list(run_page(DOCS / "tutorial.md", folder))


@pytest.mark.slow
def test_the_tutorial_runs_as_written(tutorial):
    folder, steps = tutorial
    assert _differing("tutorial.md", steps) == []
    assert len(steps) >= 10
    kit = folder / "output" / "moonpath"
    assert sorted(path.name for path in kit.glob("*.pdf")) == [
        "moonpath-components-de-a4.pdf",
        "moonpath-components-en-a4.pdf",
    ]


GUIDES = sorted(
    path.name for path in (DOCS / "how-to").glob("*.md") if "```console" in path.read_text(encoding="utf-8")
)


@pytest.mark.slow
@pytest.mark.parametrize("guide", GUIDES)
def test_a_how_to_guide_runs_as_written_on_the_tutorials_kit(tutorial, guide, tmp_path):
    folder = tmp_path / "kit"
    shutil.copytree(tutorial[0], folder, symlinks=True)
    steps = list(run_page(DOCS / "how-to" / guide, folder))
    assert steps, f"{guide} runs no command"
    assert _differing(guide, steps) == []


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


def test_the_readmes_example_checks_and_its_mistake_reads_as_shown(tmp_path, run, monkeypatch):
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    example = readme.split("```yaml\n", 1)[1].split("```", 1)[0]
    pack_yaml, cards_yaml = example.split("# content/moonpath/cards.yaml\n")
    pack = tmp_path / "content" / "moonpath"
    pack.mkdir(parents=True)
    (pack / "pack.yaml").write_text(pack_yaml.replace("# content/moonpath/pack.yaml\n", ""), encoding="utf-8")
    (pack / "cards.yaml").write_text(cards_yaml.replace("element: fire", "elemnt: fire"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    shown = readme.split("```text\n", 1)[1].split("```", 1)[0]
    assert run("check", "moonpath") == (1, "", shown + "1 problem found\n")
    (pack / "cards.yaml").write_text(cards_yaml, encoding="utf-8")
    assert run("check", "moonpath")[0] == 0
