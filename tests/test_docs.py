"""The documentation cannot drift from printkit: its reference pages are generated from the code and
must be current, the tutorial's files and commands run as written and print what the page shows,
and the site builds with MkDocs in strict mode (a broken link or anchor fails)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
from doc_examples import blocks, run_page  # noqa: E402
from reference_pages import GENERATED, stale  # noqa: E402

DOCS = REPO / "docs"


def test_reference_pages_are_generated_from_the_current_code():
    assert stale() == [], "run: python tools/reference_pages.py"


def test_the_reference_lists_every_build_option():
    commands = (DOCS / "reference" / "commands.md").read_text(encoding="utf-8")
    for option in ("--shop SHOP", "--tts-url URL", "--changed-since FOLDER", "--template NAME"):
        assert f"`{option}`" in commands


def test_the_reference_prints_each_help_as_the_command_does():
    """argparse's %-formatting done: `--shop-tolerance`'s help says 5%, as `build --help` does, not 5%%."""
    commands = (DOCS / "reference" / "commands.md").read_text(encoding="utf-8")
    assert "share of the component's side (5%)" in commands
    assert "%%" not in commands and "%(" not in commands


def _differing(page: str, steps) -> list[str]:
    return [
        f"{page}:{step.line}: $ {step.command}\n--- the page shows\n{step.shown}\n--- printkit printed\n{step.printed}"
        for step in steps
        if step.shown != step.printed
    ]


GERMAN = Path("content/moonpath/locales/de/LC_MESSAGES/moonpath.po")


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory):
    """The tutorial followed once: its folder (the finished Moonpath kit), its steps, and the German
    catalog as `printkit i18n init` wrote it (before the page's translated file replaces it)."""
    folder = tmp_path_factory.mktemp("tutorial")
    steps, initialised = [], ""
    for step in run_page(DOCS / "tutorial.md", folder):
        steps.append(step)
        if step.command.startswith("printkit i18n init"):
            initialised = (folder / GERMAN).read_text(encoding="utf-8")
    return folder, steps, initialised


@pytest.mark.slow
def test_the_tutorial_runs_as_written(tutorial):
    folder, steps, _ = tutorial
    assert _differing("tutorial.md", steps) == []
    assert len(steps) >= 10
    kit = folder / "output" / "moonpath"
    assert sorted(path.name for path in kit.glob("*.pdf")) == [
        "moonpath-components-de-a4.pdf",
        "moonpath-components-en-a4.pdf",
    ]


def _without_translations(catalog: str) -> str:
    """A catalog with every msgstr emptied and its header's revision date left out."""
    catalog = re.sub(r'^msgstr ".*"$', 'msgstr ""', catalog, flags=re.MULTILINE)
    return re.sub(r'^"PO-Revision-Date: .*"\n', "", catalog, flags=re.MULTILINE)


@pytest.mark.slow
def test_the_tutorials_translated_catalog_is_the_one_init_wrote_with_its_msgstrs_filled_in(tutorial):
    """The reader edits only the msgstr lines of the catalog `init` wrote, so the page's whole file,
    translated, must keep every other line of it: its comments and its header."""
    folder, _, initialised = tutorial
    translated = (folder / GERMAN).read_text(encoding="utf-8")
    assert _without_translations(translated) == _without_translations(initialised)


# The pages written by hand (the tutorial aside), by their path under docs/.
WRITTEN = sorted(
    str(path.relative_to(DOCS))
    for path in DOCS.rglob("*.md")
    if path.name != "tutorial.md" and GENERATED not in path.read_text(encoding="utf-8")
)
RUNNABLE = [
    page
    for page in WRITTEN
    if any(block.title or block.language == "console" for block in blocks((DOCS / page).read_text(encoding="utf-8")))
]
# Examples run elsewhere: the spreadsheet guide's rows read as its YAML (tests/test_sorcerers_workbook.py);
# `./dev` and the install commands, which CI (.ci/run) runs on Linux and other systems' users type.
RUN_ELSEWHERE = {("how-to/spreadsheets.md", "yaml"), ("index.md", "sh"), ("contributing/architecture.md", "sh")}
# Pages about the bundled packs, whose commands read them where they are (and write nothing).
IN_THE_REPOSITORY = {"reference/bundled-packs.md"}


@pytest.mark.slow
@pytest.mark.parametrize("page", RUNNABLE)
def test_a_page_runs_as_written_on_the_tutorials_kit(tutorial, page, tmp_path):
    folder = tmp_path / "kit"
    if page in IN_THE_REPOSITORY:
        folder = REPO
    else:
        shutil.copytree(tutorial[0], folder, symlinks=True)
    steps = list(run_page(DOCS / page, folder))
    assert _differing(page, steps) == []


def test_every_yaml_example_and_command_of_the_docs_is_run():
    """A YAML block is a file written into the reader's kit (its fence titled with its path), part of
    one added or quoted (`, added at the end`, `, quoted`), or run by another test; commands are
    console blocks, which the tests run."""
    unrun = [
        f"{page}:{block.line}: {block.language}"
        for page in ["tutorial.md", *WRITTEN]
        for block in blocks((DOCS / page).read_text(encoding="utf-8"))
        if block.language in ("yaml", "sh", "bash", "shell")
        and not block.title
        and (page, block.language) not in RUN_ELSEWHERE
    ]
    assert unrun == []


def test_every_block_of_the_tutorial_is_run():
    """The page says every command and file on it is run: a shell block would be read but never run,
    so its commands are console blocks (its files YAML, a catalog as text, and an icon's SVG as XML);
    and a block without a file's path in its title (an excerpt of a catalog) would be neither
    written nor compared, so each names the file it is or quotes (`, quoted`)."""
    tutorial = list(blocks((DOCS / "tutorial.md").read_text(encoding="utf-8")))
    assert {block.language for block in tutorial} <= {"console", "yaml", "text", "xml"}
    assert [block.line for block in tutorial if block.language != "console" and not block.title] == []


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
    pack = (tmp_path / "site" / "reference" / "pack" / "index.html").read_text(encoding="utf-8")
    assert "<td><code>a4</code> | <code>letter</code></td>" in pack  # a key's choices in one cell, no backslash shown
    assert "rotation: 0|90|180|270}</code>" in pack  # a code span's pipes as written


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
