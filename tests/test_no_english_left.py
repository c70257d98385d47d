"""No English left in a translated kit: every bundled pack built in the pseudo-locale (qps) prints no
word on any page of its components or its rulebook that the pseudo-locale has not been over, so every
visible word comes from a catalog. A word is two letters in a row here:
numbers, symbols and texts without words (`P1`, `A1`, `⬇`, `+2`) may stay as they are, and so may the
title of the source document a pack follows (`source:`), which every edition quotes as its cover
gives it, and its version."""

import re
from pathlib import Path

import pypdfium2
import pytest
import yaml
from conftest import BUNDLED, REPO

from printkit.i18n.pseudo import ACCENTS, STRETCH, pseudo

WORD = re.compile(r"[^\W\d_]{2,}")
ENGLISH = frozenset(map(chr, ACCENTS))  # letters the pseudo-locale never leaves as they are
FOREIGN = frozenset(map(chr, ACCENTS.values()))  # what it makes of them


def english_words(run: str) -> list[str]:
    """The words of a run of text the pseudo-locale has not been over: a word is marked when it holds
    none of the letters pseudo() changes, and one it changed them into or, in a word of other letters
    only (`VP`), stands between spaces with the stretch pseudo() gives every word (`VP~`)."""
    return [
        word.group()
        for chunk in run.split()
        for word in WORD.finditer(chunk)
        if ENGLISH & set(word.group()) or not (FOREIGN & set(word.group()) or STRETCH in chunk)
    ]


def text_runs(pdf: Path) -> list[tuple[int, str]]:
    """Every run of text on the PDF's pages with its page number: a line as pdfium reads it, which
    starts a new one where the text jumps (cards side by side are runs of their own)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [
            (number, line)
            for number, page in enumerate(document, 1)
            for line in page.get_textpage().get_text_range().splitlines()
            if line.strip()
        ]
    finally:
        document.close()


@pytest.mark.parametrize(
    "english",
    ["2 VP · one time", "50 mm", "0.63 beta", "Skylands", "HP", "DRAFT · not yet translated", "page 2 of 3"],
)
def test_english_is_found_and_its_pseudo_text_is_not(english):
    assert english_words(english)
    assert english_words(pseudo(english)) == []


@pytest.mark.parametrize("without_words", ["P1", "A1", "⬇", "+2", "12 · 3", "0.63", "▶ 4"])
def test_text_without_words_may_stay(without_words):
    assert english_words(without_words) == []


def quoted_titles() -> frozenset[str]:
    """The words of the titles (and versions) of the documents the bundled packs follow."""
    sources = [yaml.safe_load((REPO / "content" / name / "pack.yaml").read_text()).get("source") for name in BUNDLED]
    quoted = [f"{source['title']} {source.get('version', '')}" for source in sources if source]
    return frozenset(word for text in quoted for word in WORD.findall(text))


def test_every_page_of_a_pseudo_locale_kit_prints_only_pseudo_text(pseudo_kits):
    folder, code, _, err = pseudo_kits
    assert (code, err) == (0, "")
    pdfs = sorted(folder.glob("*/*.pdf"))
    assert len(pdfs) == 2 * len(BUNDLED)  # every pack's components and rulebook
    english, quoted = [], quoted_titles()
    for pdf in pdfs:
        runs = text_runs(pdf)
        assert runs, f"{pdf.name}: no text found"
        english += [
            f"{pdf.parent.name}: {pdf.name} page {page}: {run!r}"
            for page, run in runs
            if set(english_words(run)) - quoted
        ]
    assert english == []
