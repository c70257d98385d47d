"""The bundled packs tell their games in their own words: no run of eight words in a row of any
pack's English text (rulebook, component texts, pack.yaml) is copied from a seed document. Facts and
numbers carry over from the seeds; sentences do not.

The seeds' text is not part of the repository: tests/fixtures/seed-grams.bin holds a fingerprint of
each of their runs of eight words (8 bytes of its BLAKE2b hash), so the check runs on every checkout;
`python tests/test_own_words.py` writes it anew where the seed documents are (`../shared/seeds/`)."""

import hashlib
import re
import sys
from pathlib import Path

import pytest
from conftest import BUNDLED, REPO

from printkit.content.braces import KEPT
from printkit.content.read import load_checked
from printkit.i18n.extract import messages

RUN = 8  # words in a row that make a copied run
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
_NOT_PROSE = re.compile(r"\\\[|\[[a-z0-9-]+\]|\*")  # icons, a written bracket, bold and italic marks

# The seed documents lie beside the repository (`../shared/seeds/` of the main checkout, of a
# worktree's parent folder too); a checkout without them (CI) has their fingerprints only.
SEEDS = next((up / "shared" / "seeds" for up in REPO.parents if (up / "shared" / "seeds").is_dir()), None)
FINGERPRINTS = REPO / "tests" / "fixtures" / "seed-grams.bin"
DIGEST = 8  # bytes of a run's fingerprint: 7,600 runs, no two alike by chance


def words(text: str) -> list[str]:
    """The text's words, lower case, without placeholders, icons or markup."""
    plain = _NOT_PROSE.sub(" ", KEPT.sub(" ", text)).replace("\u2019", "'")
    return _WORD.findall(plain.lower())


def fingerprint(gram: list[str]) -> bytes:
    return hashlib.blake2b(" ".join(gram).encode(), digest_size=DIGEST).digest()


def grams(found: list[str]) -> set[bytes]:
    """The fingerprint of each run of RUN words."""
    return {fingerprint(found[i : i + RUN]) for i in range(len(found) - RUN + 1)}


def copied_runs(text: str, seeds: set[bytes]) -> list[str]:
    """Each longest run of the text whose every eight words in a row a seed holds too."""
    found = words(text)
    runs: list[str] = []
    end = -1  # the word after the run being extended
    for i in range(len(found) - RUN + 1):
        if fingerprint(found[i : i + RUN]) in seeds:
            if i < end:
                runs[-1] += " " + " ".join(found[end : i + RUN])
            else:
                runs.append(" ".join(found[i : i + RUN]))
            end = i + RUN
    return runs


def seeds_grams() -> set[bytes]:
    assert SEEDS is not None
    return set().union(*(grams(words(path.read_text(encoding="utf-8"))) for path in sorted(SEEDS.glob("*.txt"))))


def written(fingerprints: set[bytes]) -> bytes:
    return b"".join(sorted(fingerprints))


@pytest.fixture(scope="module")
def seed_grams() -> set[bytes]:
    data = FINGERPRINTS.read_bytes()
    return {data[i : i + DIGEST] for i in range(0, len(data), DIGEST)}


@pytest.mark.skipif(SEEDS is None, reason="the seed documents are not beside this checkout")
def test_the_committed_fingerprints_are_the_seed_documents():
    assert FINGERPRINTS.read_bytes() == written(seeds_grams()), "run: python tests/test_own_words.py"


def test_no_pack_copies_a_run_of_eight_words_from_the_seeds(seed_grams):
    copied = [
        f'{pack.id}: {message.file}:{message.line} {message.place}: "{run}"'
        for pack in load_checked([Path("content") / name for name in BUNDLED])
        for message in messages(pack)
        for run in copied_runs(message.msgid, seed_grams)
    ]
    assert not copied, "copied from a seed document:\n" + "\n".join(copied)


def test_a_copied_run_is_found_through_markup_and_placeholders():
    seed = grams(words("Once per game, a player may repeat their previous action and keep their token."))
    text = "**Once** per game a *player* may repeat their {count:x} previous action and keep their token."
    assert copied_runs(text, seed) == ["once per game a player may repeat their previous action and keep their token"]
    assert copied_runs("Once per game a player may repeat the action they took before.", seed) == []


if __name__ == "__main__":
    if SEEDS is None:
        sys.exit("no seed documents beside the repository (../shared/seeds/)")
    FINGERPRINTS.write_bytes(written(seeds_grams()))
