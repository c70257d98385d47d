"""Hostile content: every input below once ended in exit 3 (an internal error) or was silently taken.
Each now fails with exit 1 (2 for a command-line value) and one located line, writes nothing, or is
read as its author meant. One fixture per case under tests/fixtures/security/hostile-<case>/; a case
that fails carries the commands it is run with and the whole of what they print in its expected.out,
run by test_fixture_messages.py. Here: the cases read as their authors meant, and one run from inside
its folder."""

from pathlib import Path

import pytest

SECURITY = Path("tests/fixtures/security")


def test_a_malformed_glossary_is_refused_line_by_line(run, monkeypatch):
    monkeypatch.chdir(SECURITY / "hostile-glossary")
    code, _, err = run("i18n", "check", "hostile-glossary")
    hint = "(write 'term: translation' or 'term: {translation: TEXT, packs: [PACK-ID], also: [COMPOUND]}')"
    assert (code, err.splitlines()) == (
        1,
        [
            f"content/glossary.yaml:2:18: de.attack points: must be the term's translation, got a list {hint}",
            f"content/glossary.yaml:3:9: de.fire: must be the term's translation, got a mapping {hint}",
            "content/glossary.yaml:4:5: en: must be a mapping of English terms to translations, got 'none'",
            "3 problems found",
        ],
    )


def test_a_date_written_as_a_name_is_the_text_written(run):
    from printkit.content.read import load_checked

    (pack,) = load_checked([SECURITY / "hostile-date-as-name"])
    assert pack.components[0].name == "2024-13-45"


@pytest.mark.parametrize(
    "case, options",
    [
        ("size-2000mm", ["--lang", "en"]),
        ("numeric-registry-id", ["--lang", "de"]),
        ("date-as-name", ["--lang", "qps", "--strict"]),
        # Right-to-left text, once refused, is shaped and set right to left (tests/test_scripts.py).
        ("hebrew-name", ["--lang", "en"]),
        ("arabic-text", ["--lang", "en"]),
        ("po-hebrew", ["--lang", "de"]),
    ],
)
def test_these_build(run, tmp_path, case, options):
    pack = SECURITY / f"hostile-{case}"
    code, _, err = run("build", pack, "--no-rulebooks", "-q", "--out", tmp_path, *options)
    assert (code, err) == (0, "")  # not a warning
    language = options[1]
    assert (tmp_path / f"hostile-{case}" / f"hostile-{case}-components-{language}-a4.pdf").is_file()
