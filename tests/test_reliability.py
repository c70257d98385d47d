"""Interrupted and failing builds, reproducible output, and fuzzed input."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from conftest import BUNDLED, assert_problem_line, forked_children_only
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.base.errors import Problems

REPO = Path(__file__).resolve().parent.parent


@forked_children_only
def test_a_failure_mid_render_keeps_earlier_outputs_and_leaves_no_partial_file(run, tmp_path, monkeypatch):
    assert run("build", "skystones", "--no-rulebooks", "--paper", "all", "--out", tmp_path)[0] == 0
    folder = tmp_path / "skystones"
    (folder / "notes.txt").write_text("mine")  # printkit must not touch what it did not write
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    import printkit.output.pdf as pdf  # the components PDF is drawn with it

    calls = []

    def failing(pages, target, **kwargs):
        calls.append(target)
        if len(calls) == 2:
            Path(target).write_bytes(b"%PDF-1.4 half")
            raise RuntimeError("the printer caught fire")
        return original(pages, target, **kwargs)

    original = pdf.render_pdf
    monkeypatch.setattr(pdf, "render_pdf", failing)
    assert run("build", "skystones", "--no-rulebooks", "--paper", "all", "--force", "--out", tmp_path)[0] == 3
    after = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert set(after) == set(before)  # no .part file, nothing deleted
    assert after["notes.txt"] == b"mine"
    assert all(
        after[name].startswith(b"%PDF") and not after[name].endswith(b"half") for name in after if name.endswith(".pdf")
    )


def test_a_killed_build_leaves_no_partial_file(tmp_path):
    out = tmp_path / "out"
    command = [
        sys.executable,
        "-m",
        "printkit",
        "build",
        *BUNDLED,
        "--no-rulebooks",
        "--paper",
        "all",
        "--png",
        "--out",
        str(out),
    ]
    process = subprocess.Popen(command, cwd=REPO, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not any(out.rglob("*.part")) and time.monotonic() < deadline:  # stop it while it writes a file
        time.sleep(0.01)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=60)
    assert process.returncode == 130
    assert not [p for p in out.rglob("*") if p.name.endswith(".part")]
    for pdf in out.rglob("*.pdf"):
        assert pdf.read_bytes().rstrip().endswith(b"%%EOF")


def test_a_stale_temporary_from_a_hard_kill_is_cleaned_up(run, tmp_path):
    folder = tmp_path / "skystones"
    folder.mkdir()
    stale = folder / ".skystones-components-en-a4.pdf.printkit-abc12345.part"
    stale.write_bytes(b"%PDF half")
    assert run("build", "skystones", "--lang", "en", "--no-rulebooks", "--out", tmp_path)[0] == 0
    assert not stale.exists()


def _build(out: Path, cwd: Path, extra_env: dict) -> None:
    env = {**os.environ, **extra_env}
    subprocess.run(
        [sys.executable, "-m", "printkit", "build", str(REPO / "content" / "skystones"), "--png", "--out", str(out)],
        cwd=cwd,
        env=env,
        check=True,
        capture_output=True,
    )


@pytest.mark.slow
def test_builds_are_byte_identical_whatever_the_folder_time_locale_or_hash_seed(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    _build(first, REPO, {"PYTHONHASHSEED": "1", "TZ": "UTC", "LC_ALL": "C.UTF-8"})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    _build(
        second,
        elsewhere,
        {"PYTHONHASHSEED": "2", "TZ": "Pacific/Auckland", "LC_ALL": "de_DE.UTF-8", "PYTHONPATH": str(REPO)},
    )
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert [str(f) for f in files if f.suffix != ".png"] == [
        "skystones/.printkit-cache.json",
        "skystones/skystones-components-de-a4.pdf",
        "skystones/skystones-components-en-a4.pdf",
        "skystones/skystones-rulebook-de.pdf",
        "skystones/skystones-rulebook-en-de.pdf",
        "skystones/skystones-rulebook-en.pdf",
    ]
    # per language: the fronts of its 54 components (45 cards, 6 special fields, 2 chips, 1 board), the backs
    # of the cards and special fields, and 2 Tabletop Simulator deck sheets
    assert len([f for f in files if f.suffix == ".png"]) == 2 * (54 + 51 + 2)
    for relative in files:
        assert (first / relative).read_bytes() == (second / relative).read_bytes(), relative


# --- fuzzing: any input gives success or a clean problem, never an escaping exception -----------------

YAML_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=True)
    | st.text(max_size=20)
    | st.sampled_from(["poker", "63x88", "#ff0000", "fire", "ember", "-1", "1e999"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "cards",
                    "chips",
                    "tiles",
                    "id",
                    "name",
                    "count",
                    "size",
                    "edges",
                    "top",
                    "color",
                    "text",
                    "front",
                    "back",
                    "grid",
                    "columns",
                    "element",
                    "tags",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=20,
)


def _check_pack(tmp_path: Path, document) -> None:
    from printkit.build.outputs.base import BuildOptions
    from printkit.build.pipeline import lay_out
    from printkit.content.read import load_checked

    root = tmp_path / "fuzz"
    root.mkdir(exist_ok=True)
    (root / "pack.yaml").write_text("id: fuzz\ntitle: Fuzz\nelements:\n  fire: {name: Fire, color: '#d9552b'}\n")
    (root / "components.yaml").write_text(yaml.safe_dump(document, allow_unicode=True))
    try:
        lay_out(load_checked([root]), BuildOptions(rulebooks=False), draw_all=True)
    except Problems as error:
        assert_located(error, root)


def assert_located(error: Problems, root: Path) -> None:
    """One located line each, in a file the test wrote, in the words of the YAML, no Python reprs."""
    assert error.problems
    for line in map(str, error.problems):
        assert_problem_line(line, root)
        assert not any(raw in line for raw in ("<generator", "object at 0x", "Traceback")), line


@pytest.mark.fuzz
@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(YAML_VALUES)
def test_random_yaml_never_crashes_the_loader(tmp_path, document):
    _check_pack(tmp_path, document)


@pytest.mark.slow
@pytest.mark.fuzz
@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.data())
def test_mutated_bundled_packs_never_crash(tmp_path, data):
    source = yaml.safe_load((REPO / "content" / "skystones" / "cards.yaml").read_text())
    cards = source["cards"]
    index = data.draw(st.integers(0, len(cards) - 1))
    key = data.draw(st.sampled_from(["id", "name", "element", "edges", "count", "size", "color", "extra"]))
    cards[index][key] = data.draw(YAML_VALUES)
    _check_pack(tmp_path, {"cards": cards[:6]})


@pytest.mark.slow
@pytest.mark.fuzz
@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(YAML_VALUES)
def test_random_deck_lists_never_crash_the_checker(tmp_path, document):
    from printkit.commands.check import check_packs_and_lists

    path = tmp_path / "list.yaml"
    body = document if isinstance(document, dict) else {"cards": document}
    path.write_text(yaml.safe_dump({"pack": "skystones", **body}, allow_unicode=True))
    try:
        check_packs_and_lists([], [path], [])
    except Problems as error:
        assert_located(error, tmp_path)


@pytest.mark.slow
def test_a_problem_found_while_drawing_in_a_parallel_build_leaves_nothing_of_its_pack(run, tmp_path):
    """Text that cannot be set is found while its sheets are written, by one of the workers; the
    outputs of its pack the other worker staged, and every folder made for them, are removed too;
    the other pack is written."""
    out = tmp_path / "out"
    code, _, err = run("build", "skystones", "tests/fixtures/bad/text-overflow", "--jobs", "2", "--out", out)
    lines = err.splitlines()
    assert (code, lines[:2], lines[-2:]) == (
        1,
        [
            "tests/fixtures/bad/text-overflow/components.yaml:4:11: cards[0].text: text of 'ember' overflows its "
            "34.4 x 42.4 mm box by 57.5 mm at 6 pt in locale en (shorten the text or give the component more room)",
            "1 problem found",
        ],
        [
            "text-overflow: not built, 1 problem in tests/fixtures/bad/text-overflow/components.yaml (above); its "
            "earlier files are as they were",
            f"output: {out}/",
        ],
    )
    assert [p.name for p in out.iterdir()] == ["skystones"]
    assert [p.name for p in out.rglob("*.part")] == []  # no temporary left


@forked_children_only
def test_a_worker_that_dies_fails_the_build_cleanly(run, tmp_path, monkeypatch):
    import printkit.output.pdf as pdf  # the components PDF is drawn with it

    def dying(pages, target, **kwargs):
        os._exit(9)  # as if the operating system had killed the process

    out = tmp_path / "out"
    monkeypatch.setattr(pdf, "render_pdf", dying)
    code, _, err = run("build", "skystones", "--no-rulebooks", "--jobs", "2", "--out", out)
    assert (code, err) == (
        3,
        "printkit: internal error: RuntimeError('a build process stopped unexpectedly "
        f"(exit code 9)') (run `printkit build --debug skystones --no-rulebooks --jobs 2 --out {out}` to see where, "
        "and report it)\n",
    )
    assert not list(out.rglob("*.pdf"))  # nothing half-done took an output's name
    monkeypatch.undo()
    assert run("build", "skystones", "--no-rulebooks", "--jobs", "2", "--out", out)[0] == 0
    assert not [p for p in out.rglob("*") if p.name.endswith(".part")]  # what the dead process left is gone


def test_a_bug_in_a_value_parser_is_printkit_s_failure_not_a_problem_of_the_pack(run, monkeypatch):
    import printkit.content.fields as fields

    def broken(value):
        raise ValueError("a bug in printkit")

    monkeypatch.setattr(fields, "shown_value", broken)  # the colour parser calls it to word its refusal
    code, _, err = run("check", "tests/fixtures/bad/bad-colour")
    assert (code, err) == (
        3,
        "printkit: internal error: ValueError('a bug in printkit') "
        "(run `printkit check --debug tests/fixtures/bad/bad-colour` to see where, and report it)\n",
    )


@forked_children_only
def test_debug_shows_where_a_worker_of_a_parallel_build_failed(run, tmp_path, monkeypatch):
    import printkit.output.pdf as pdf  # the components PDF is drawn with it

    def failing(pages, target, **kwargs):
        raise ValueError("a bug in printkit")

    monkeypatch.setattr(pdf, "render_pdf", failing)  # the workers are forked: they draw with it too
    args = ("build", "skystones", "--no-rulebooks", "--jobs", "2", "--out", tmp_path)
    code, _, err = run(*args)
    assert (code, err) == (
        3,
        "printkit: internal error: RuntimeError(\"ValueError('a bug in printkit')\") "
        f"(run `printkit build --debug skystones --no-rulebooks --jobs 2 --out {tmp_path}` to see where, and report it)\n",
    )
    code, _, err = run(*args, "--debug")
    worker, parent = err.split("\nThe above exception was the direct cause of the following exception:\n")
    assert code == 3
    assert worker.startswith(
        "printkit.base.processes.ChildTraceback: in a child process:\nTraceback (most recent call last):\n"
    )
    assert worker.endswith(
        ', in failing\n    raise ValueError("a bug in printkit")\nValueError: a bug in printkit\n'
    )  # the worker's own frames, down to the one that raised
    assert parent.endswith("\nRuntimeError: ValueError('a bug in printkit')\n")


@forked_children_only
def test_debug_shows_where_the_process_making_a_rulebook_failed(run, tmp_path, monkeypatch):
    import printkit.rulebook.book as book

    def failing(*arguments):
        raise ValueError("a bug in printkit")

    monkeypatch.setattr(book, "render_html", failing)  # called in the forked process that makes the rulebook
    code, _, err = run("build", "skystones", "--lang", "en", "--jobs", "1", "--out", tmp_path, "--debug")
    worker, parent = err.split("\nThe above exception was the direct cause of the following exception:\n")
    assert code == 3
    assert worker.startswith("printkit.base.processes.ChildTraceback: in a child process:\nTraceback")
    assert worker.endswith(', in failing\n    raise ValueError("a bug in printkit")\nValueError: a bug in printkit\n')
    assert parent.endswith("\nRuntimeError: ValueError('a bug in printkit')\n")
