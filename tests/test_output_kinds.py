"""The contract of the output kinds (build/outputs/, one module each): on a small pack with every
kind asked for, what the cache plans and what the build's jobs write are the same outputs, and a
second build writes nothing; every option a kind adds to `printkit build` is in docs/reference/build-outputs.md; a kind
that leaves out what a kind says is refused when it registers, naming what it lacks."""

import re

import pytest
from conftest import FIXTURES, REPO

from printkit.build.outputs.base import KINDS, BookKind, FacesKind, OutputKind, SheetsKind, register
from printkit.build.pipeline import lay_out
from printkit.build.plan import plan
from printkit.cli import _parser
from printkit.commands.build import build_options
from printkit.content.read import load_checked

PACK = FIXTURES / "outputs" / "every-kind"
EVERY_KIND = (
    *("--png", "--cricut", "--tts", "--pdfx", "--cut-svg", "--silhouette", "--booklet", "--html"),
    *("--shop", "single", "--shop", "tgc", "--shop", "mpc", "--shop", "dtc"),
)


def options(*args: str):
    return build_options(_parser().parse_args(["build", str(PACK), *args]))


def test_these_options_ask_for_every_kind():
    asked = options(*EVERY_KIND)
    assert [kind.name for kind in KINDS if kind.wanted(asked)] == [kind.name for kind in KINDS]


def test_the_plan_and_the_jobs_name_the_same_outputs_of_every_kind():
    asked = options(*EVERY_KIND)
    pack_id, planned = plan(PACK, asked)
    jobs = lay_out(load_checked([PACK]), asked)
    assert pack_id == "every-kind"
    assert sorted(output.name for output in planned) == sorted(job.output for job in jobs)
    names = [job.output for job in jobs]
    for kind in KINDS:  # each kind wrote something, under the name it gives its outputs
        if isinstance(kind, SheetsKind):
            assert kind.name_of("every-kind", "en", "a4") in names, kind.name
        elif isinstance(kind, FacesKind):
            assert kind.name_of("every-kind", "en") in names, kind.name
        else:
            assert {
                "rulebook": "every-kind-rulebook-en.pdf",
                "booklet": "every-kind-rulebook-en-a4-booklet.pdf",
                "rulebook-html": "every-kind-rulebook-en.html",
            }[kind.name] in names, kind.name


def test_a_second_build_of_every_kind_writes_nothing(run, tmp_path):
    out = tmp_path / "out"
    assert run("build", PACK, *EVERY_KIND, "--out", out, "-q")[0] == 0
    written = {path: path.stat().st_mtime_ns for path in out.rglob("*") if path.is_file()}
    assert run("build", PACK, *EVERY_KIND, "--out", out) == (
        0,
        "",
        f"every-kind: up to date (30 files)\noutput: {out}/\n",
    )
    assert {path: path.stat().st_mtime_ns for path in out.rglob("*") if path.is_file()} == written


def test_every_option_an_output_kind_adds_is_in_what_a_build_writes():
    build = next(
        action for action in _parser()._subparsers._group_actions[0].choices.values() if action.prog.endswith("build")
    )
    (group,) = [group for group in build._action_groups if group.title.startswith("what to write")]
    flags = [flag for action in group._group_actions for flag in action.option_strings]
    assert flags == [
        "--pdfx",
        "--output-condition",
        "--cut-svg",
        "--silhouette",
        "--png",
        "--cricut",
        "--tts",
        "--tts-url",
        "--no-rulebooks",
        "--booklet",
        "--html",
        "--shop",
    ]
    outputs = (REPO / "docs" / "reference" / "build-outputs.md").read_text()
    assert [flag for flag in flags if not re.search(rf"`[^`]*{flag}\b[^`]*`", outputs)] == []


def test_a_kind_that_leaves_out_what_a_kind_says_is_refused_at_once():
    class HalfDone(FacesKind):
        name = "half-done"

        def wanted(self, options) -> bool:
            return True

    with pytest.raises(TypeError) as refused:
        register(HalfDone)
    assert str(refused.value) == "output kind HalfDone does not say its job, key_of, name_of"

    class Nameless(BookKind):
        def wanted(self, options) -> bool:
            return True

        def planned(self, plan, languages):
            return []

        def jobs(self, pack, translated, drafts, paper, options):
            return []

    with pytest.raises(TypeError) as refused:
        register(Nameless)
    assert str(refused.value) == "output kind Nameless does not say its name"

    class Shapeless(OutputKind):
        name = "shapeless"

        def wanted(self, options) -> bool:
            return True

    with pytest.raises(TypeError) as refused:
        register(Shapeless)
    assert str(refused.value) == "output kind Shapeless is none of SheetsKind, FacesKind or BookKind"

    class AnotherPng(Nameless):
        name = "png"

    with pytest.raises(TypeError) as refused:
        register(AnotherPng)
    assert str(refused.value) == "output kind AnotherPng: another kind is called png"
    assert [kind.name for kind in KINDS] == [
        "components",
        "pdfx",
        "cut-svg",
        "silhouette",
        "png",
        "cricut",
        "tts",
        "tts-object",
        "single",
        "tgc",
        "mpc",
        "dtc",
        "rulebook",
        "booklet",
        "rulebook-html",
    ]
