"""Hostile content of a size no fixture file should hold, written by each test: a chain of 5,000 looks
and 60 KB of card text once took minutes. Each now ends in one located line or a pack checked, in
bounded time (CPU seconds of this process, so a busy machine does not fail them)."""

import time

import pytest
from conftest import problems_found

WORDS = ("ember", "fire", "the", "dragon", "attacks", "and", "skystone")


def _pack(root, pack_yaml: str, components: str):
    root.mkdir()
    (root / "pack.yaml").write_text(f"id: {root.name}\ntitle: Fixture\n" + pack_yaml)
    (root / "components.yaml").write_text(components)
    return root


def _timed(run, *args):
    started = time.process_time()
    result = run(*args)
    return result, time.process_time() - started


@pytest.mark.slow
def test_a_chain_of_5000_looks_is_refused_once_where_it_grows_too_long(run, tmp_path):
    looks = "".join(
        f"  l{i}:\n" + (f"    extends: l{i + 1}\n" if i < 4999 else "") + f"    front:\n      - text: {{id: t{i}, "
        'text: "{name}"}\n'
        for i in range(5000)
    )
    pack = _pack(tmp_path / "chain", "looks:\n" + looks, "cards:\n  - {id: ember, name: Ember, look: l0}\n")
    (code, _, err), seconds = _timed(run, "check", pack)
    line = 5 + 4 * 4935  # l4935's extends: the 65th look from the end of the chain
    assert (code, err.splitlines()) == (
        1,
        [
            f"{pack}/pack.yaml:{line}:14: looks.l4935.extends: makes a chain of more than 64 looks, each extending "
            "the next: l4935 → l4936 → … → l4999 (let it extend a look nearer the end of the chain, or copy into it "
            "what it needs)",
            problems_found(1),
        ],
    )
    assert seconds < 30  # 3,000 looks took 92 s


def _text_of(length: int) -> str:
    text = " ".join(WORDS[i * 7 % len(WORDS)] for i in range(length // 4))
    return text[: text.rindex(" ", 0, length)]


BIG_TEXT = "looks:\n  big:\n    front:\n      - text: {text: '{text}', size: 400, min_size: 1, max_lines: 200}\n"


def test_60kb_of_card_text_is_fitted_in_bounded_time(run, tmp_path):
    text = _text_of(60_000)
    pack = _pack(tmp_path / "fits", BIG_TEXT, f"cards:\n  - {{id: ember, name: Ember, look: big, text: '{text}'}}\n")
    result, seconds = _timed(run, "check", pack)
    assert result == (0, "1 pack checked: fits (1 component)\n", "")
    assert seconds < 20  # shrinking 0.5 pt a step from 400 pt took more than 120 s


@pytest.mark.slow
def test_card_text_that_overflows_at_its_smallest_size_is_refused_in_bounded_time(run, tmp_path):
    text = _text_of(60_000) * 3
    pack = _pack(
        tmp_path / "overflows", BIG_TEXT, f"cards:\n  - {{id: ember, name: Ember, look: big, text: '{text}'}}\n"
    )
    (code, _, err), seconds = _timed(run, "check", pack)
    assert (code, err.splitlines()) == (
        1,
        [
            f"{pack}/components.yaml:2:47: cards[0].text: text of 'ember' overflows its 63.0 x 88.0 mm box by "
            "166.9 mm at 1 pt in locale en (shorten the text or give the component more room)",
            problems_found(1),
        ],
    )
    assert seconds < 20
