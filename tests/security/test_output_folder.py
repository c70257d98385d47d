"""The output folder is confined as strictly as the pack: printkit writes its outputs only into an
output folder that lies outside every pack and holds none, never follows a link it finds there
(the lock, the pack's folder, png/, cut-svg/ …), and removes only files it recorded writing that
still hold exactly what it wrote."""

import errno
import hashlib
import json
import os
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest

from printkit.build.lock import LOCK, holding
from printkit.build.output_folder import BY_HANDLE, identity, is_folder, is_link
from printkit.build.staging import Staging

LINKED = "is a link; printkit never follows a link in an output folder (remove it, or choose another output folder)"


def _pack(folder: Path, *cards: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(f"id: {folder.name}\ntitle: Generated\nlocales: [en]\n")
    (folder / "cards.yaml").write_text("cards:\n" + "".join(f"  - id: {card}\n    name: {card}\n" for card in cards))
    return folder


def _tree(folder: Path) -> dict[str, object]:
    """Everything under folder as it lies: a file's bytes, a link's text (never followed), a folder."""
    found: dict[str, object] = {}
    for parent, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(parent) / name
            key = str(path.relative_to(folder))
            if path.is_symlink():
                found[key] = ("link", os.readlink(path))
            elif path.is_dir():
                found[key] = "folder"
            else:
                found[key] = path.read_bytes()
    return found


def _outside(tmp_path: Path) -> dict[str, Path]:
    """A user's folders outside every pack: their pictures, their cutter's files, and a folder a
    lock link points into (where nothing may appear)."""
    pictures, cutter, elsewhere = tmp_path / "pictures", tmp_path / "cutter", tmp_path / "elsewhere"
    for folder in (pictures, cutter, elsewhere):
        folder.mkdir()
    (pictures / "holiday.png").write_bytes(b"my holiday")
    (cutter / "page-02.svg").write_text("<svg>my cutter's sheet</svg>")
    (cutter / "page-05.svg").write_text("<svg>another</svg>")
    return {"pictures": pictures, "cutter": cutter, "elsewhere": elsewhere}


def _hostile_output(out: Path, outside: dict[str, Path]) -> None:
    """An output folder as a stranger's archive ships it: its png/en and cut-svg/en-a4 link to the
    user's folders, its lock to a file elsewhere."""
    (out / "gen" / "png").mkdir(parents=True)
    (out / "gen" / "cut-svg").mkdir()
    (out / "gen" / "png" / "en").symlink_to(outside["pictures"])
    (out / "gen" / "cut-svg" / "en-a4").symlink_to(outside["cutter"])
    (out / ".printkit-lock").symlink_to(outside["elsewhere"] / "lock")


@pytest.mark.parametrize("command", [["build", ".", "--png", "--cut-svg"], ["i18n", "pseudo", "."]])
def test_an_output_folder_inside_the_pack_is_refused_and_nothing_outside_is_touched(
    run, tmp_path, monkeypatch, command
):
    """`cd pack && printkit build . --png --cut-svg`: the output folder (./output) lies in the pack,
    which ships it with links out. It deleted the user's picture and cutter file, wrote 7 files there
    and made a file through the lock link."""
    root = _pack(tmp_path / "gen", "ember")
    outside = _outside(tmp_path)
    _hostile_output(root / "output", outside)
    before = _tree(tmp_path)
    monkeypatch.chdir(root)
    assert run(*command) == (
        2,
        "",
        "printkit: the output folder output lies inside the pack folder .; printkit writes nothing into a pack "
        f"(choose an output folder outside it, such as --out {tmp_path}/output)\n",
    )
    assert _tree(tmp_path) == before


def test_an_output_folder_holding_the_pack_is_refused(run, tmp_path):
    """`build PACK --out PARENT`: PARENT/<id> is the pack itself. It deleted the pack's png/en/portrait.png."""
    parent = tmp_path / "parent"
    root = _pack(parent / "gen", "ember")
    (root / "png" / "en").mkdir(parents=True)
    (root / "png" / "en" / "portrait.png").write_bytes(b"the pack's own picture")
    before = _tree(tmp_path)
    assert run("build", root, "--png", "--out", parent) == (
        2,
        "",
        f"printkit: the output folder {parent} holds the pack folder {root}; printkit writes nothing into a pack "
        f"(choose an output folder that holds no pack, such as --out {parent}/output)\n",
    )
    assert _tree(tmp_path) == before


def test_an_output_folder_inside_another_pack_is_refused(run, tmp_path):
    root = _pack(tmp_path / "gen", "ember")
    other = _pack(tmp_path / "other", "ash")
    before = _tree(tmp_path)
    assert run("build", root, "--out", other / "prints") == (
        2,
        "",
        f"printkit: the output folder {other}/prints lies inside the pack folder {other}; printkit writes nothing "
        f"into a pack (choose an output folder outside it, such as --out {tmp_path}/output)\n",
    )
    assert _tree(tmp_path) == before


@pytest.mark.parametrize("link", [".printkit-lock", "gen", "gen/png/en", "gen/cut-svg/en-a4"])
def test_a_link_in_an_output_folder_beside_the_pack_is_never_followed(run, tmp_path, link):
    """The same output folder, unpacked beside the pack from a stranger's archive: each link is
    refused where it lies; nothing outside is written, deleted or made, and the output folder is
    left as it was."""
    root = _pack(tmp_path / "gen", "ember")
    outside = _outside(tmp_path)
    out = tmp_path / "out"
    target = {"gen": outside["pictures"], "gen/png/en": outside["pictures"], "gen/cut-svg/en-a4": outside["cutter"]}
    (out / link).parent.mkdir(parents=True, exist_ok=True)
    (out / link).symlink_to(target.get(link, outside["elsewhere"] / "lock"))
    before = _tree(tmp_path)
    assert run("build", root, "--png", "--cut-svg", "--out", out) == (1, "", f"printkit: {out}/{link} {LINKED}\n")
    assert _tree(tmp_path) == before


def test_a_link_at_an_outputs_name_is_replaced_not_followed(run, tmp_path):
    """os.replace puts the output in the link's place; what the link pointed at stays as it was. The
    manifest is not read through a link either."""
    root = _pack(tmp_path / "gen", "ember")
    elsewhere = _outside(tmp_path)["elsewhere"]
    out = tmp_path / "out"
    (out / "gen" / "png" / "en").mkdir(parents=True)
    names = ["gen-components-en-a4.pdf", ".printkit-cache.json", "png/en/ember.png"]
    for number, name in enumerate(names):
        (elsewhere / str(number)).write_bytes(b"the user's file")
        (out / "gen" / name).symlink_to(elsewhere / str(number))
    before = _tree(elsewhere)
    assert run("build", root, "--png", "--out", out)[0] == 0
    assert _tree(elsewhere) == before
    assert [(out / "gen" / name).is_symlink() or not (out / "gen" / name).is_file() for name in names] == [False] * 3


def test_printkit_removes_only_the_files_it_wrote_that_hold_what_it_wrote(run, tmp_path):
    """A component removed takes its PNG with it, but not a PNG the user put beside it, nor one the
    user changed since, nor a file the manifest was edited to name."""
    root = _pack(tmp_path / "gen", "ember", "ash", "spark")
    out = tmp_path / "out"
    assert run("build", root, "--png", "--out", out)[0] == 0
    pngs = out / "gen" / "png" / "en"
    (pngs / "portrait.png").write_bytes(b"the user's own picture")
    (pngs / "ash.png").write_bytes(b"the user's drawing over printkit's")
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"the user's notes")
    manifest = out / "gen" / ".printkit-cache.json"
    entries = json.loads(manifest.read_text())
    digest = hashlib.sha256(victim.read_bytes()).hexdigest()
    for name in ("../../victim.txt", "png/en/../../../victim.txt", str(victim)):
        entries["png/en"]["files"][name] = digest
    manifest.write_text(json.dumps(entries))
    (root / "cards.yaml").write_text("cards:\n  - id: ember\n    name: ember\n")
    assert run("build", root, "--png", "--out", out)[0] == 0
    assert sorted(p.name for p in pngs.iterdir()) == ["ash.png", "ember.png", "portrait.png"]
    assert (pngs / "ash.png").read_bytes() == b"the user's drawing over printkit's"
    assert victim.read_bytes() == b"the user's notes"


def test_a_file_swapped_after_it_was_checked_is_not_removed(tmp_path):
    """Retired with the identity of the file checked: another file in its place, even with the same
    bytes, is not the one printkit wrote."""
    old = tmp_path / "out" / "gen" / "png" / "en" / "spark.png"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"printkit's picture")
    checked = identity(old.lstat())
    copy = old.with_name("copy.png")
    copy.write_bytes(b"printkit's picture")  # the user's copy, put in its place
    os.replace(copy, old)
    with Staging() as staging:
        staging.retire([(old, checked)], inside=tmp_path / "out")
        staging.commit()
    assert old.read_bytes() == b"printkit's picture"


def test_a_windows_junction_is_a_link_too():
    """What lstat says of a junction on Windows (a folder with the mount-point reparse tag): never
    entered, as a symbolic link is not (Path.is_symlink() misses it)."""
    junction = SimpleNamespace(st_mode=stat.S_IFDIR | 0o755, st_reparse_tag=0xA0000003)
    folder = SimpleNamespace(st_mode=stat.S_IFDIR | 0o755, st_reparse_tag=0)
    assert (is_link(junction), is_folder(junction), is_link(folder), is_folder(folder)) == (True, False, False, True)


def test_the_lock_file_goes_where_an_open_file_cannot_be_removed(tmp_path, monkeypatch):
    """As on Windows: the lock file is removed once released, and so is the folder the lock made."""
    unlink = Path.unlink
    refused = []

    def windows_unlink(path: Path, missing_ok: bool = False) -> None:
        if path.name == LOCK and not refused:  # the first time, while it is open and locked
            refused.append(path)
            raise PermissionError(13, "The process cannot access the file", str(path))
        unlink(path, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", windows_unlink)
    out = tmp_path / "out"
    with holding(out):
        assert [p.name for p in out.iterdir()] == [LOCK]
    assert refused == [out / LOCK] and not out.exists()


def test_a_disk_without_file_locks_is_one_line(run, tmp_path, monkeypatch):
    """Some network disks refuse locks (ENOLCK): a line naming the lock file, not a traceback."""
    import filelock

    def refused(fd: int, **_) -> bool:
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))

    monkeypatch.setattr(filelock, "lock_descriptor", refused)
    out = tmp_path / "out"
    assert run("build", _pack(tmp_path / "gen", "ember"), "--out", out) == (
        1,
        "",
        f"printkit: cannot lock {out}/.printkit-lock: its disk offers no file locks (choose an output folder on "
        "another disk)\n",
    )
    assert not out.exists()


def test_export_into_the_pack_through_a_folder_it_links_out_is_refused(run, tmp_path, monkeypatch):
    """The pack ships sheets/ linked to a folder of the user's: `export --to pack/sheets/cards.csv`
    must not write there, nor make its temporary folder there."""
    pack = _pack(tmp_path / "gen", "ember")
    outside = _outside(tmp_path)
    (outside["elsewhere"] / "cards.csv").write_text("the user's own spreadsheet")
    (pack / "sheets").symlink_to(outside["elsewhere"])
    before = _tree(tmp_path / "elsewhere")
    monkeypatch.chdir(tmp_path)
    assert run("export", "gen", "--section", "cards", "--to", "gen/sheets/cards.csv") == (
        2,
        "",
        "printkit: --to: gen/sheets/cards.csv lies in a folder linked out of the pack; printkit writes only "
        "files inside the pack (replace the linked folder with a real one)\n",
    )
    assert _tree(tmp_path / "elsewhere") == before


def test_export_outside_the_pack_writes_where_the_user_says(run, tmp_path, monkeypatch):
    """A path the user gives outside the pack is theirs to choose, links and all."""
    _pack(tmp_path / "gen", "ember")
    (tmp_path / "mine").mkdir()
    (tmp_path / "sheets").symlink_to(tmp_path / "mine")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("export", "gen", "--section", "cards", "--to", "sheets/cards.csv")
    assert (code, out) == (0, "wrote mine/cards.csv: cards (1 row)\n")  # where it landed
    assert (tmp_path / "mine" / "cards.csv").read_text(encoding="utf-8-sig").splitlines() == ["id,name", "ember,ember"]


def test_files_of_the_users_named_like_temporaries_are_left_alone(run, tmp_path):
    """Only Staging's own temporaries (`.<name>.printkit-<8 characters>.part`) are swept."""
    pack = _pack(tmp_path / "gen", "ember")
    mine = [
        tmp_path / "out" / "gen" / "png" / "en" / ".ember.png.my notes.part",
        tmp_path / "out" / "gen" / ".backup.abcdefgh.part",
        tmp_path / "out" / "gen" / "png" / "en" / ".ember.png.abcdefgh.part",
    ]
    for path in mine:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("the user's")
    assert run("build", pack, "--png", "--no-rulebooks", "--out", tmp_path / "out")[0] == 0
    assert [path.read_text() for path in mine] == ["the user's"] * 3


@pytest.mark.skipif(not BY_HANDLE, reason="folders are held open only where the OS opens relative to them")
@pytest.mark.parametrize("put_back", ["a link", "a folder"])
def test_a_folder_swapped_for_a_link_while_a_build_writes_is_not_written_through(run, tmp_path, monkeypatch, put_back):
    """Another program renames png/en away and puts a link to the user's pictures in its place
    after printkit checked the folder and made its temporaries: nothing lands outside, nothing
    of the user's is replaced or removed, and the build says so in one line."""
    pack = _pack(tmp_path / "gen", "holiday")
    outside = _outside(tmp_path)
    before = _tree(outside["pictures"])
    out = tmp_path / "out"
    commit = Staging.commit

    def swapped_then_commit(staging: Staging) -> None:
        folder = out / "gen" / "png" / "en"
        if folder.is_dir() and not folder.is_symlink():
            folder.rename(tmp_path / "moved-away")
            if put_back == "a link":
                folder.symlink_to(outside["pictures"])
            else:  # a real folder again, holding none of printkit's temporaries
                folder.mkdir()
        commit(staging)

    monkeypatch.setattr(Staging, "commit", swapped_then_commit)
    code, out_text, err = run("build", pack, "--png", "--no-rulebooks", "--jobs", "1", "--out", out)
    assert (code, out_text) == (1, "")
    folder = out / "gen" / "png" / "en"
    assert err == (
        f"printkit: {folder} {LINKED}\n"
        if put_back == "a link"
        else f"printkit: {folder} changed while printkit wrote into it (another program moved or linked it): "
        "nothing was written; build again\n"
    )
    assert _tree(outside["pictures"]) == before


def test_an_id_that_takes_the_name_of_another_components_back_image_is_a_problem(run, tmp_path):
    """`ash-owl-back` beside `ash-owl` would stage two PNGs at one name (red-team F2: exit 3 and half a build)."""
    pack = _pack(tmp_path / "gen", "ash-owl", "ash-owl-back", "tts-cards-back-1")
    assert run("check", pack) == (
        1,
        "",
        f"{pack}/cards.yaml:4:9: cards[1].id: id 'ash-owl-back' is the name of the back of 'ash-owl' in image "
        "exports (choose another id)\n"
        f"{pack}/cards.yaml:6:9: cards[2].id: id 'tts-cards-back-1' starts as the names of Tabletop Simulator "
        "deck sheets in image exports do (choose another id)\n"
        "2 problems found\n",
    )


def test_two_packs_of_one_id_in_one_build_is_a_usage_error(run, tmp_path):
    first, second = _pack(tmp_path / "a" / "gen", "ember"), _pack(tmp_path / "b" / "gen", "ember")
    assert run("build", first, second, "--no-rulebooks", "--out", tmp_path / "out") == (
        2,
        "",
        f"printkit: the packs {first} and {second} have one id, gen, and would write into one output folder "
        "(build them one at a time, each with its own --out)\n",
    )
    assert not (tmp_path / "out").exists()


def test_an_output_folder_holding_another_pack_of_the_same_id_is_refused(run, tmp_path):
    """`build downloads/gen --out packs` where packs/gen is the user's own pack (red-team F4)."""
    download = _pack(tmp_path / "downloads" / "gen", "ember")
    mine = _pack(tmp_path / "packs" / "gen", "my-card")
    before = _tree(mine)
    code, out, err = run("build", download, "--png", "--out", tmp_path / "packs")
    assert (code, out) == (2, "")
    assert err == (
        f"printkit: the output folder {tmp_path / 'packs'} holds the pack folder {mine}, where the outputs of pack "
        f"gen would go; printkit writes nothing into a pack (choose an output folder that holds no pack, such as "
        f"--out {tmp_path / 'downloads' / 'output'})\n"
    )
    assert _tree(mine) == before


@pytest.mark.slow
@pytest.mark.parametrize(
    "manifest",
    [
        "[" * 100_000 + "]" * 100_000,
        json.dumps({"png/en": {"key": "x", "files": {"png/en/x\u0000.png": "00"}}}),
        json.dumps({"png/en": {"key": "x", "files": {"png/en/x\ud800.png": "00"}}}),
        " " * (17 * 2**20),
    ],
    ids=["nested", "nul", "surrogate", "huge"],
)
def test_a_manifest_printkit_did_not_write_is_forgotten_not_a_crash(run, tmp_path, manifest):
    """A shipped or edited `.printkit-cache.json` (red-team F1): the build goes on as if there were
    none, and removes nothing it names."""
    pack = _pack(tmp_path / "gen", "ember")
    assert run("build", pack, "--png", "--no-rulebooks", "--out", tmp_path / "out")[0] == 0
    (tmp_path / "out" / "gen" / ".printkit-cache.json").write_bytes(manifest.encode("utf-8", "surrogatepass"))
    code, _, err = run("build", pack, "--png", "--no-rulebooks", "--out", tmp_path / "out")
    assert (code, err.splitlines()[0]) == (0, "gen: 2 files written")  # the PDF and png/en, rebuilt


def test_i18n_init_with_locales_linked_out_changes_nothing(run, tmp_path):
    """The catalog cannot be written: pack.yaml is not edited either (red-team F5)."""
    pack = _pack(tmp_path / "gen", "ember")
    outside = _outside(tmp_path)
    (pack / "locales").symlink_to(outside["elsewhere"])
    before = _tree(tmp_path)
    code, out, err = run("i18n", "init", "--lang", "fr", pack)
    assert (code, out) == (1, "")
    assert err == (
        f"{pack}/locales/gen.pot:1:1: lies in a folder linked out of the pack; printkit writes only files inside the "
        "pack (replace the linked folder with a real one)\n1 problem found\n"
    )
    assert _tree(tmp_path) == before
