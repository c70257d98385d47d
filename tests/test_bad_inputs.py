"""Bad input that no fixture folder holds: too large, too deep or linked out of the pack, each
failing with one clear line, quickly. (The corpus of bad packs is tests/fixtures/bad, each case
with its expected.out, run by test_fixture_messages.py.)"""

import time
from pathlib import Path

import pytest
from test_fixture_messages import expected

BAD = "tests/fixtures/bad"


def _pack(tmp_path: Path, components: str | bytes) -> Path:
    root = tmp_path / "gen"
    root.mkdir()
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\n")
    path = root / "components.yaml"
    path.write_bytes(components if isinstance(components, bytes) else components.encode())
    return root


def test_a_file_past_the_size_limit_is_refused_at_once(run, tmp_path):
    root = _pack(tmp_path, b"cards:\n  - id: ember\n    text: " + b"x" * (40 * 1024 * 1024) + b"\n")
    start = time.monotonic()
    code, _, err = run("check", root)
    assert time.monotonic() - start < 5
    assert (code, err.splitlines()) == (
        1,
        [f"{root}/components.yaml:1:1: file is 40960 KiB; at most 32768 KiB allowed", "1 problem found"],
    )


def test_a_file_of_too_many_values_is_refused(run, tmp_path):
    """Values cost memory however few bytes they take: a file may write a million (some 90,000 cards)."""
    root = _pack(tmp_path, "cards:\n  - id: ember\n    tags: [" + "a, " * 1_000_000 + "]\n")
    code, _, err = run("check", root)
    assert (code, err.splitlines()) == (
        1,
        [
            f"{root}/components.yaml:3:2999997: cards[0].tags[999995]: file holds more than 1000000 values "
            "(split its components into several files)",
            "1 problem found",
        ],
    )


def test_deeply_nested_yaml_is_refused(run, tmp_path):
    root = _pack(tmp_path, "cards: " + "[" * 500 + "]" * 500 + "\n")
    code, _, err = run("check", root)
    assert (code, err.splitlines()) == (
        1,
        [f"{root}/components.yaml:1:72: values are nested more than 64 levels deep", "1 problem found"],
    )


def test_art_linked_from_outside_the_pack_is_refused(run, tmp_path):
    root = _pack(tmp_path, "cards:\n  - id: ember\n    art: art/ember.png\n")
    (root / "art").mkdir()
    (root / "art" / "ember.png").symlink_to("/etc/passwd")
    code, _, err = run("check", root)
    assert (code, err.splitlines()) == (
        1,
        [
            f"{root}/components.yaml:3:10: cards[0].art: art file 'art/ember.png' "
            "is a link to a file outside the pack folder; printkit reads only "
            "files inside the pack (copy the file into the pack instead of "
            "linking to it)",
            "1 problem found",
        ],
    )


@pytest.mark.parametrize("case", ["billion-laughs", "png-bomb", "deeply-nested"])
def test_bombs_stay_within_bounded_memory_and_time(tmp_path, case):
    """Run in a process that may not grow past 2 GiB of address space, nor take more than 20 s."""
    import resource
    import subprocess
    import sys

    if case == "deeply-nested":
        root = _pack(tmp_path, "cards: " + "[" * 100_000 + "]" * 100_000 + "\n")
        printed = f"{root}/components.yaml:1:72: values are nested more than 64 levels deep\n1 problem found\n"
    else:
        root = Path(BAD) / case
        printed = expected(f"{BAD}/{case}")[0].stderr  # what `printkit check` prints for the case

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    result = subprocess.run(
        [sys.executable, "-m", "printkit", "check", str(root)],
        capture_output=True,
        text=True,
        timeout=20,
        preexec_fn=limit,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert (result.returncode, result.stderr) == (1, printed)
