"""A pack reads nothing outside its folder: every file printkit reads from a pack goes through one
confinement function (printkit.base.confine). Links out of the pack, link loops, dangling links, folders,
named pipes and devices are each refused with one located line, in bounded time, before anything
is opened; the secret a link points at never reaches a message or an output."""

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SECRET = "TOP-SECRET-7f3a"
LINK_OUT = (
    "is a link to a file outside the pack folder; printkit reads only files inside the pack (copy the file "
    "into the pack instead of linking to it)"
)


@pytest.fixture
def secret(tmp_path) -> Path:
    """A file outside every pack whose text must never show up anywhere."""
    path = tmp_path / "outside" / "secret.yaml"
    path.parent.mkdir()
    path.write_text(f"cards:\n  - id: leak\n    name: {SECRET}\n")
    return path


def _pack(tmp_path: Path) -> Path:
    root = tmp_path / "gen"
    root.mkdir()
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\nlocales: [en, de]\n")
    (root / "cards.yaml").write_text("cards:\n  - id: ember\n    name: Ember\n")
    return root


def _check(root: Path, *extra: str, timeout: float = 30) -> subprocess.CompletedProcess:
    """`printkit check` in its own process, so that a read that blocks fails the test instead of hanging it."""
    return subprocess.run(
        [sys.executable, "-m", "printkit", "check", str(root), *extra],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
    )


def _lines(result: subprocess.CompletedProcess) -> list[str]:
    assert "Traceback" not in result.stderr and SECRET not in result.stderr + result.stdout
    return result.stderr.splitlines()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["extra.yaml", "pack.yaml", "rulebook.yaml"])
def test_a_pack_file_linked_out_of_the_pack_is_refused_without_reading_it(tmp_path, secret, name):
    root = _pack(tmp_path)
    (root / name).unlink(missing_ok=True)
    (root / name).symlink_to(secret)
    result = _check(root)
    assert (result.returncode, _lines(result)) == (1, [f"{root}/{name}:1:1: {LINK_OUT}", "1 problem found"])


def test_a_link_that_stays_inside_the_pack_is_followed(tmp_path):
    root = _pack(tmp_path)
    (root / "shared").mkdir()
    (root / "cards.yaml").rename(root / "shared" / "cards.yaml")
    (root / "cards.yaml").symlink_to("shared/cards.yaml")
    result = _check(root)
    assert (result.returncode, result.stdout) == (0, "1 pack checked: gen (1 component)\n")


@pytest.mark.slow
@pytest.mark.parametrize(
    "kind, message",
    [
        ("folder", "is a folder, not a file (printkit reads only ordinary files)"),
        ("fifo", "is a named pipe, not a file (printkit reads only ordinary files)"),
        ("device", LINK_OUT),  # /dev/zero lies outside the pack, whatever it is
        ("loop", "is a loop of links that never reaches a file (replace the link with the file)"),
        (
            "dangling",
            "is a link to a file that does not exist (point the link at a file inside the pack, or replace it "
            "with the file)",
        ),
    ],
)
def test_what_is_not_a_file_is_refused_in_bounded_time(tmp_path, kind, message):
    root = _pack(tmp_path)
    path = root / "extra.yaml"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)  # opening it would wait for a writer forever
    elif kind == "device":
        path.symlink_to("/dev/zero")  # reading it would never end
    elif kind == "loop":
        path.symlink_to(root / "other.link")
        (root / "other.link").symlink_to(path)
    else:
        path.symlink_to(root / "gone.yaml")
    result = _check(root, timeout=20)
    assert (result.returncode, _lines(result)) == (1, [f"{root}/extra.yaml:1:1: {message}", "1 problem found"])


@pytest.mark.slow
def test_the_build_cache_never_reads_through_a_link_or_a_pipe(tmp_path, secret):
    """The cache hashes the pack's files before anything is loaded: a pipe is passed by (opening it
    would block), and a link counts by what it says, not by what it points to."""
    root = _pack(tmp_path)
    os.mkfifo(root / "notes.txt")
    (root / "notes").mkdir()
    (root / "notes" / "secret.txt").symlink_to(secret)

    def build() -> dict[str, int]:
        """The outputs' modification times after a build."""
        result = subprocess.run(
            [sys.executable, "-m", "printkit", "build", str(root), "--lang", "en", "--out", str(tmp_path / "out")],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=REPO,
        )
        assert result.returncode == 0, result.stderr
        return {p.name: p.stat().st_mtime_ns for p in (tmp_path / "out").rglob("*.pdf")}

    first = build()
    secret.write_text("changed")  # were it read through the link, the pack would look changed
    assert build() == first and list(first) == ["gen-components-en-a4.pdf"]


def test_a_catalog_linked_out_of_the_pack_is_refused(tmp_path, secret):
    root = _pack(tmp_path)
    catalog = root / "locales" / "de" / "LC_MESSAGES" / "gen.po"
    catalog.parent.mkdir(parents=True)
    secret.write_text(
        f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgctxt "card:ember/name"\nmsgid "Ember"\nmsgstr "{SECRET}"\n'
    )
    catalog.symlink_to(secret)
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "printkit", "build", str(root), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert (result.returncode, _lines(result)) == (
        1,
        [f"{root}/locales/de/LC_MESSAGES/gen.po:1:1: {LINK_OUT}", "1 problem found"],
    )
    assert not out.exists()


def test_art_linked_out_of_the_pack_through_a_linked_folder_is_refused(tmp_path):
    root = _pack(tmp_path)
    outside = tmp_path / "pictures"
    outside.mkdir()
    (outside / "ember.png").write_bytes((REPO / "tests/fixtures/bad/truncated-png/art/ember.png").read_bytes())
    (root / "art").symlink_to(outside)
    (root / "cards.yaml").write_text("cards:\n  - id: ember\n    art: art/ember.png\n")
    result = _check(root)
    assert (result.returncode, _lines(result)) == (
        1,
        [
            f"{root}/cards.yaml:3:10: cards[0].art: art file 'art/ember.png' lies in a folder linked out of the pack; "
            "printkit reads only files inside the pack (replace the linked folder with a real one)",
            "1 problem found",
        ],
    )


def _png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims width x height pixels in a few bytes (a decompression bomb's header)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


def test_an_image_of_144_megapixels_is_refused_in_printkits_words_and_little_memory(tmp_path):
    root = _pack(tmp_path)
    (root / "art").mkdir()
    (root / "art" / "huge.png").write_bytes(_png_header_only(12_000, 12_000))
    (root / "cards.yaml").write_text("cards:\n  - id: ember\n    art: art/huge.png\n")
    # The check's peak is measured by a small Python in between: a child started from this worker
    # starts out counting the worker's own peak (the memory it shares until it runs printkit).
    peak = (
        "import resource, subprocess, sys; code = subprocess.run(sys.argv[1:]).returncode; "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); sys.exit(code)"
    )
    result = subprocess.run(
        [sys.executable, "-c", peak, sys.executable, "-m", "printkit", "check", str(root)],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=REPO,
    )
    assert (result.returncode, _lines(result)) == (
        1,
        [
            f"{root}/cards.yaml:3:10: cards[0].art: art file 'art/huge.png' is too large to print (12000 x 12000 pixels, "
            "144 megapixels); at most 50 megapixels are allowed (300 pixels per inch is enough for print: 744 x 1039 "
            "pixels for a poker card)",
            "1 problem found",
        ],
    )
    assert "site-packages" not in result.stderr  # no raw Pillow warning
    assert int(result.stdout) / 1024 < 250  # MiB; decoding the picture would take 475 MB


def _rulebook_pack(tmp_path: Path, template: str) -> Path:
    root = _pack(tmp_path)
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\n")
    (root / "rulebook.yaml").write_text("sections:\n  - title: Play\n    blocks: [Take turns.]\n")
    (root / "templates").mkdir()
    (root / "templates" / "rulebook.html.j2").write_text(template)
    return root


def _build(root: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "printkit", "build", str(root), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
    )


@pytest.mark.slow
def test_a_template_including_a_file_linked_out_of_the_pack_is_refused(tmp_path, secret):
    root = _rulebook_pack(tmp_path, "<html><body>{% include 'leak.txt' %}</body></html>\n")
    (root / "templates" / "leak.txt").symlink_to(secret)
    out = tmp_path / "out"
    result = _build(root, out)
    assert (result.returncode, _lines(result)) == (1, [f"{root}/templates/leak.txt:1:1: {LINK_OUT}", "1 problem found"])
    assert not out.exists()


@pytest.mark.slow
def test_a_templates_folder_linked_out_of_the_pack_is_refused(tmp_path, secret):
    root = _rulebook_pack(tmp_path, "")
    outside = tmp_path / "outside-templates"
    (root / "templates").rename(outside)
    (outside / "rulebook.html.j2").write_text("<html><body>{{ articles }}</body></html>\n")
    (root / "templates").symlink_to(outside)
    out = tmp_path / "out"
    result = _build(root, out)
    assert (result.returncode, _lines(result)) == (
        1,
        [
            f"{root}/templates/rulebook.html.j2:1:1: lies in a folder linked out of the pack; printkit reads only files "
            "inside the pack (replace the linked folder with a real one)",
            "1 problem found",
        ],
    )
    assert not out.exists()


@pytest.mark.slow
def test_a_template_cannot_climb_out_of_its_folder(tmp_path):
    root = _rulebook_pack(tmp_path, "<html><body>{% include '../pack.yaml' %}</body></html>\n")
    out = tmp_path / "out"
    result = _build(root, out)
    assert (result.returncode, _lines(result)) == (
        1,
        [
            f"{root}/templates/rulebook.html.j2:1:1: no template "
            "'../pack.yaml' in the pack's templates/ folder (a template "
            "may include only other files of that folder)",
            "1 problem found",
        ],
    )
    assert not out.exists()


@pytest.mark.slow
@pytest.mark.parametrize("action", ["extract", "update", "export"])
def test_translation_commands_write_nothing_through_a_folder_linked_out_of_the_pack(tmp_path, action):
    root = _pack(tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (root / "locales").symlink_to(outside)
    extra = ["--lang", "de"] if action == "export" else []
    result = subprocess.run(
        [sys.executable, "-m", "printkit", "i18n", action, str(root), *extra],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    target = {"export": "locales/de/gen.xlf"}.get(action, "locales/gen.pot")
    assert (result.returncode, _lines(result)) == (
        1,
        [
            f"{root}/{target}:1:1: lies in a folder linked out of the pack; printkit writes only files inside the pack "
            "(replace the linked folder with a real one)",
            "1 problem found",
        ],
    )
    assert not any(outside.rglob("*"))


def test_a_pack_id_that_is_a_path_touches_nothing_outside_the_output_folder(tmp_path):
    """The output folder is named by the pack's id before the pack is checked: an id such as
    ../../victim must neither place nor sweep anything elsewhere."""
    root = _pack(tmp_path)
    (root / "pack.yaml").write_text("id: ../../victim\ntitle: Generated\n")
    victim = tmp_path / "victim"
    (victim / "sub").mkdir(parents=True)
    for name in (".x.abcdefgh.part", "sub/.important.abcdefgh.part"):
        (victim / name).write_text("mine")
    out = tmp_path / "out" / "x"
    result = _build(root, out)
    assert (result.returncode, _lines(result)) == (
        1,
        [
            f"{root}/pack.yaml:1:5: id: must be lowercase letters, digits and dashes, got '../../victim' (for "
            "example 'victim')",
            "1 problem found",
        ],
    )
    assert sorted(p.name for p in victim.rglob("*.part")) == [".important.abcdefgh.part", ".x.abcdefgh.part"]


@pytest.mark.slow
def test_folders_nested_a_thousand_deep_are_walked_without_recursion(tmp_path):
    root = _pack(tmp_path)
    subprocess.run(["mkdir", "-p", "a/" * 1200], cwd=root, check=True)  # recursion would overflow past ~1000
    (root / "cards.yaml").write_text("cards:\n  - id: ember\n    art: art/ember.png\n")  # missing: suggestions walk
    try:
        result = _build(root, tmp_path / "out")
    finally:  # pytest's own clean-up of tmp_path recurses, and would overflow on this tree
        subprocess.run(["rm", "-rf", "a"], cwd=root, check=True)
    assert (result.returncode, _lines(result)) == (
        1,
        [f"{root}/cards.yaml:3:10: cards[0].art: art file 'art/ember.png' does not exist", "1 problem found"],
    )


def test_an_art_file_of_many_bytes_is_refused_before_it_is_read(tmp_path):
    root = _pack(tmp_path)
    (root / "art").mkdir()
    art = root / "art" / "big.png"
    art.write_bytes(_png_header_only(10, 10))
    os.truncate(art, 6 * 2**30)  # a sparse tail: six GiB that take no disk
    (root / "cards.yaml").write_text("cards:\n  - id: ember\n    art: art/big.png\n")
    result = _check(root)
    assert (result.returncode, _lines(result)) == (
        1,
        [
            f"{root}/cards.yaml:3:10: cards[0].art: art file 'art/big.png' is 6144 MiB; at most 50 MiB allowed (save it "
            "as PNG or JPEG at 300 pixels per inch)",
            "1 problem found",
        ],
    )


@pytest.mark.slow
@pytest.mark.parametrize("action", ["update", "check", "export"])
def test_a_locale_that_is_not_a_language_tag_is_a_usage_error(tmp_path, action):
    """Neither passed over without a word, nor a path: `--lang ../../x` names no catalog."""
    root = _pack(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "printkit", "i18n", action, str(root), "--lang", "../../x"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert (result.returncode, _lines(result)) == (
        2,
        [
            "printkit: --lang: '../../x' is not a language tag CLDR knows (write a BCP 47 tag such as fr, pt-BR or "
            "zh-Hans)"
        ],
    )
    assert sorted(p.name for p in root.rglob("*")) == ["cards.yaml", "pack.yaml"]


SWAPPED = (
    "was replaced while printkit read it (a link or another file took its place, or a folder's on its way); "
    "printkit follows no link it has not checked (save it again: a link must stay inside the pack)"
)


@pytest.mark.parametrize("steps", [True, False], ids=["o-nofollow", "windows-lstat"])
@pytest.mark.parametrize("swapped", ["file", "folder"])
def test_a_file_replaced_by_a_link_between_its_check_and_its_read_is_refused(
    tmp_path, monkeypatch, secret, steps, swapped
):
    """A race: the file (or a folder on its way) is checked, then replaced by a link out of the pack
    before it is opened. It is opened without following a link, step by step from the pack's folder
    (O_NOFOLLOW), or, where the system has no O_NOFOLLOW (Windows), it must still be what its path names."""
    from printkit.base import confine

    root = _pack(tmp_path)
    (root / "decks").mkdir()
    (root / "decks" / "hand.yaml").write_text("cards: [ember]\n")
    outside = secret.parent
    (outside / "hand.yaml").write_text(f"cards: [{SECRET}]\n")
    checked = confine.checked

    def checked_then_swapped(folder, path):
        real = checked(folder, path)
        if swapped == "file":
            real.unlink()
            real.symlink_to(outside / "hand.yaml")
        else:
            real.parent.rename(root / "old-decks")
            real.parent.symlink_to(outside)
        return real

    monkeypatch.setattr(confine, "checked", checked_then_swapped)
    monkeypatch.setattr(confine, "_STEPS_WITHOUT_LINKS", steps)
    with pytest.raises(confine.Refused) as refused:
        confine.read_text(root, root / "decks" / "hand.yaml", 1024)
    assert str(refused.value.problem("decks/hand.yaml")) == f"decks/hand.yaml:1:1: {SWAPPED}"


@pytest.mark.parametrize("steps", [True, False], ids=["o-nofollow", "windows-lstat"])
def test_a_folder_linked_out_of_the_pack_is_not_listed(tmp_path, monkeypatch, secret, steps):
    from printkit.base import confine

    root = _pack(tmp_path)
    (root / "decks").symlink_to(secret.parent)
    monkeypatch.setattr(confine, "_STEPS_WITHOUT_LINKS", steps)
    with pytest.raises(confine.Refused) as refused:
        confine.names_in(root, root / "decks")
    assert str(refused.value.problem("decks")) == (
        "decks:1:1: is a link to a folder outside the pack folder; printkit reads only files inside the pack (copy "
        "the folder into the pack instead of linking to it)"
    )
    (root / "decks").unlink()
    (root / "decks").mkdir()
    (root / "decks" / "hand.yaml").write_text("cards: [ember]\n")
    (root / "decks" / "old").mkdir()
    (root / "decks" / "theirs.yaml").symlink_to(secret)  # a link's own name is the pack's; reading it is refused
    assert confine.names_in(root, root / "decks") == ["hand.yaml", "theirs.yaml"]
