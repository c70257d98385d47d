"""Printing part of a kit (build/selection.py): --only by id, section or tag, and --changed-since,
which prints the components whose faces changed since a build recorded printing them."""

import json
import shutil

import pytest
from conftest import FIXTURES
from PIL import Image
from pypdf import PdfReader

PACK = FIXTURES / "outputs" / "every-kind"  # two cards (2 and 1 copies) and a chip (3 copies), with backs


@pytest.fixture
def kit(tmp_path, monkeypatch):
    shutil.copytree(PACK, tmp_path / "every-kind")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "every-kind"


def build(run, *options: str):
    return run("build", "every-kind", "--no-rulebooks", "--out", "out", *options)


def pages() -> int:
    return len(PdfReader("out/every-kind/every-kind-components-en-a4.pdf").pages)


NAMES = {"ember-fox": "Ember Fox", "tide-otter": "Tide Otter", "spark": "Spark"}


@pytest.mark.parametrize(
    ("only", "printed", "sheets"),
    [
        ("tide-otter", ["tide-otter"], 4),
        ("cards", ["ember-fox", "tide-otter"], 4),
        ("chips", ["spark"], 2),
        ("ember-fox,spark", ["ember-fox", "spark"], 4),
        ("beast", ["ember-fox"], 4),
    ],
)
def test_only_prints_the_components_it_names_by_id_section_or_tag(run, kit, only, printed, sheets):
    left_out = 3 - len(printed)
    assert build(run, "--only", only) == (
        0,
        "",
        "every-kind: 1 file written\n"
        f"  every-kind-components-en-a4.pdf  {sheets} pages ({left_out} component{'s' * (left_out > 1)} left out)\n"
        "output: out/\n",
    )
    assert pages() == sheets
    text = " ".join(page.extract_text() for page in PdfReader("out/every-kind/every-kind-components-en-a4.pdf").pages)
    assert {cid for cid, name in NAMES.items() if name in text} == set(printed)


def test_only_naming_nothing_is_a_usage_error_and_builds_nothing(run, kit):
    assert build(run, "--only", "tide-otter,dragon,sparks") == (
        2,
        "",
        "printkit: --only 'dragon', 'sparks' names no component, section or tag of the packs built "
        "(did you mean 'spark'?)\n",
    )
    assert build(run, "--only", " , ") == (
        2,
        "",
        "printkit: --only names no component: give ids, sections like cards or tiles, or tags, separated by commas\n",
    )
    assert not (kit.parent / "out").exists()


def test_changed_since_without_an_earlier_build_is_a_usage_error(run, kit):
    assert build(run, "--changed-since") == (
        2,
        "",
        "printkit: --changed-since out: out/every-kind/.printkit-cache.json records no components PDF of every-kind "
        "in en (build the kit once without --changed-since, into that folder, then print what changes)\n",
    )
    assert not (kit.parent / "out" / "every-kind" / "every-kind-components-en-a4.pdf").exists()


@pytest.mark.slow
def test_changed_since_prints_what_changed_once(run, kit):
    assert build(run, "-q") == (0, "", "")
    assert build(run, "--changed-since") == (
        0,
        "",
        "printkit: warning: every-kind (en): nothing to print: --changed-since left out every component with "
        "copies (3), so no components PDF is written\n"
        "every-kind: nothing to write\noutput: out/\n",
    )
    components = kit / "components.yaml"
    components.write_text(components.read_text().replace("Swims fast.", "Swims faster."))
    assert build(run, "--changed-since") == (
        0,
        "",
        "every-kind: 1 file written\n  every-kind-components-en-a4.pdf  4 pages (2 components left out)\n"
        "output: out/\n",
    )
    assert "Swims faster." in PdfReader("out/every-kind/every-kind-components-en-a4.pdf").pages[2].extract_text()
    # printed: the record now holds it, so it is not printed again, and the whole kit is one build away
    assert build(run, "--changed-since")[2].startswith("printkit: warning: every-kind (en): nothing to print")
    assert build(run, "-q") == (0, "", "")
    assert pages() == 4  # two sheets, fronts and backs, as before


def test_changed_since_reads_the_record_of_another_folder(run, kit):
    assert run("build", "every-kind", "--no-rulebooks", "--out", "printed-last-week", "-q") == (0, "", "")
    (kit / "components.yaml").write_text((kit / "components.yaml").read_text().replace("label: Spark", "label: Sparks"))
    assert build(run, "--changed-since", "printed-last-week") == (
        0,
        "",
        "every-kind: 1 file written\n  every-kind-components-en-a4.pdf  2 pages (2 components left out)\n"
        "output: out/\n",
    )


def test_a_fingerprint_changes_with_the_components_art_and_with_nothing_else(tmp_path):
    from printkit.build.selection import fingerprints
    from printkit.content.read import load_checked

    root = tmp_path / "every-kind"
    shutil.copytree(PACK, root)
    (root / "art").mkdir()
    Image.new("RGB", (60, 80), "#d9552b").save(root / "art" / "fox.png")
    components = root / "components.yaml"
    components.write_text(components.read_text().replace("name: Ember Fox,", "name: Ember Fox, art: art/fox.png,"))

    def printed():
        (pack,) = load_checked([root])
        return fingerprints(pack, "en", pack.components)

    before = printed()
    assert printed() == before  # loaded again: the same
    (root / "art" / "fox.png").write_bytes((root / "art" / "fox.png").read_bytes() + b"\0")
    after = printed()
    assert [cid for cid in before if before[cid] != after[cid]] == ["ember-fox"]


@pytest.mark.parametrize(
    "layout",
    [
        {"separators": (",", ":"), "ensure_ascii": False},  # as pydantic writes a component: no backslash
        {"sort_keys": True},  # as the looks are written: ", " and ": ", "é" escaped (decoded)
    ],
)
def test_the_art_a_fingerprint_hashes_is_found_in_the_texts_of_the_json_not_its_keys(layout):
    from printkit.build.selection import _slashed

    data = {"a/b": "art/fox.png", "n": [1, "x", {"k": "art/deep/owl.png", "t": "a/b/c"}], "q": "été/hiver"}
    assert sorted(_slashed(json.dumps(data, **layout))) == ["a/b/c", "art/deep/owl.png", "art/fox.png", "été/hiver"]


def test_a_quotation_mark_in_a_text_is_read_past():
    from printkit.build.selection import _slashed

    assert sorted(_slashed('{"e":"say \\"hi\\" / bye","f":"x/y"}')) == ['say "hi" / bye', "x/y"]


def test_only_names_are_checked_against_every_pack_named_up_to_date_or_not(run, kit):
    """The second run found the pack that has ember-fox up to date and checked the name against the other alone."""
    other = kit.parent / "other"
    other.mkdir()
    (other / "pack.yaml").write_text("id: other\ntitle: Other\n")
    (other / "components.yaml").write_text("chips:\n  - {id: coin, name: Coin, label: C}\n")
    for _ in range(2):
        code, _, err = run(
            "build", "every-kind", "other", "--no-rulebooks", "--out", "out", "--only", "ember-fox", "-q"
        )
        assert (code, err) == (
            0,
            "printkit: warning: other (en): nothing to print: --only left out every component "
            "with copies (1), so no components PDF is written\n",
        )


def test_a_pack_given_to_changed_since_is_a_usage_error(run, kit):
    assert run("build", "--changed-since", "every-kind") == (
        2,
        "",
        "printkit: --changed-since every-kind: that is a pack, not the output folder of an earlier build (name the "
        "packs first, or give the folder: printkit build every-kind --changed-since)\n",
    )


@pytest.mark.slow
def test_the_record_is_the_languages_whatever_paper_printed_it_last(run, kit):
    assert build(run, "--paper", "all", "-q") == (0, "", "")
    components = kit / "components.yaml"
    components.write_text(components.read_text().replace("Swims fast.", "Swims faster."))
    assert build(run, "--changed-since", "-q") == (0, "", "")  # on A4, the pack's paper
    assert build(run, "--changed-since")[2].startswith("printkit: warning: every-kind (en): nothing to print")
