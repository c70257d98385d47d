"""Rulebook editions: which a build makes (pack.yaml `editions:`, `--lang`), as planned and as written.
Their refusals are fixture cases, tests/fixtures/bad/edition-*/expected.out; the languages inside their
PDFs are in test_rulebooks.py."""

from pathlib import Path

import pytest

from printkit.build.outputs.base import BuildOptions
from printkit.build.outputs.rulebook import editions
from printkit.build.plan import plan

DECLARED = [["en", "de"], ["en", "fr"]]


@pytest.mark.parametrize(
    "languages,declared,made",
    [
        (["en", "de", "fr"], DECLARED, [["en"], ["de"], ["fr"], ["en", "de"], ["en", "fr"]]),
        (["en", "fr"], DECLARED, [["en"], ["fr"], ["en", "fr"]]),  # --lang en,fr: not en-de
        (["de", "fr"], DECLARED, [["de"], ["fr"]]),  # without English, no edition has all its languages
        (["en", "de", "fr"], [["fr", "en", "de"]], [["en"], ["de"], ["fr"], ["fr", "en", "de"]]),
        (["en", "de", "fr"], [], [["en"], ["de"], ["fr"]]),  # editions: [] makes only the one-language ones
        (["en", "de", "fr"], None, [["en"], ["de"], ["fr"], ["en", "de"], ["en", "fr"]]),  # by default: en + each
        (["de"], None, [["de"]]),
    ],
)
def test_a_build_makes_one_edition_per_language_and_the_declared_ones_it_has_every_language_of(
    languages, declared, made
):
    assert editions(languages, "en", declared) == made


@pytest.mark.slow
def test_lang_builds_the_editions_whose_languages_are_all_built_as_the_cache_plans_them(run, tmp_path):
    assert run("build", "riverfold", "--lang", "en,fr", "-q", "--out", tmp_path) == (0, "", "")
    written = sorted(p.name for p in (tmp_path / "riverfold").glob("*.pdf"))
    assert written == [
        "riverfold-components-en-a4.pdf",
        "riverfold-components-fr-a4.pdf",
        "riverfold-rulebook-en-fr.pdf",
        "riverfold-rulebook-en.pdf",
        "riverfold-rulebook-fr.pdf",
    ]
    _, planned = plan(Path("content/riverfold"), BuildOptions(languages=("en", "fr")))
    assert sorted(output.name for output in planned) == written
