"""Faults of the machine, not of the pack: a folder that cannot be written, a full or read-only
disk, a file where a folder goes (or a folder where a file goes), an empty --out. Each is one line
for people and exit 1 (2 for the command line); nothing is half-written and earlier outputs stay."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD = ["build", "skystones", "--no-rulebooks", "--jobs", "2"]


def _files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture
def small_disk(tmp_path):
    """A 200 KiB disk of its own (a tmpfs): room for one components PDF and its manifest, not three."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(disk)], capture_output=True).returncode:
        pytest.skip("needs a user allowed to mount a tmpfs (root)")
    yield disk
    subprocess.run(["umount", "-l", str(disk)], check=True)


def test_a_full_disk_fails_the_build_and_keeps_what_was_there(run, small_disk):
    out = small_disk / "out"
    assert run(*BUILD, "--lang", "en", "--out", out)[0] == 0
    before = _files(out)
    assert run(*BUILD, "--force", "--out", out) == (
        1,
        "",
        f"printkit: cannot write into {out}: the disk is full (free some space, then try again)\n",
    )
    assert _files(out) == before  # no .part, no half PDF, the manifest as it was


def test_a_read_only_disk_fails_the_build_and_keeps_what_was_there(run, small_disk):
    out = small_disk / "out"
    assert run(*BUILD, "--lang", "en", "--out", out)[0] == 0
    before = _files(out)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    assert run(*BUILD, "--force", "--out", out) == (
        1,
        "",
        f"printkit: cannot write into {out}: the disk is read-only (choose a folder on a writable disk)\n",
    )
    assert _files(out) == before


@pytest.mark.slow
def test_a_folder_printkit_may_not_write_into_fails_the_build_and_keeps_what_was_there(run):
    """Run as a user without the permission (root may write anywhere), from a worker process."""
    as_user = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("needs setpriv to drop root's permissions")
        as_user = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        # a checkout inside a folder only root may enter (mktemp -d makes one) cannot be run as nobody
        probe = subprocess.run([*as_user, sys.executable, "-c", "import printkit"], cwd=REPO, capture_output=True)
        if probe.returncode != 0:
            pytest.skip("the checkout is not readable by the user nobody")
    with tempfile.TemporaryDirectory() as base:
        os.chmod(base, 0o755)
        out = Path(base) / "out"
        assert run(*BUILD, "--lang", "en", "--out", out)[0] == 0
        before = _files(out)
        if as_user:
            os.chown(out, 65534, 65534)  # the output folder is the user's (so is the lock); out/skystones is not
        else:
            (out / "skystones").chmod(0o555)
        build = subprocess.run(
            [*as_user, sys.executable, "-m", "printkit", *BUILD, "--force", "--out", str(out)],
            cwd=REPO,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        )  # nobody may not write them
        assert (build.returncode, build.stderr) == (
            1,
            f"printkit: cannot write into {out}/skystones: permission "
            f"denied (make it writable, or choose another folder)\n",
        )
        assert _files(out) == before


def test_an_output_folder_that_is_a_file(run, tmp_path):
    out = tmp_path / "kit.pdf"
    out.write_bytes(b"mine")
    assert run(*BUILD, "--out", out) == (
        1,
        "",
        f"printkit: {out} is a file, not a folder (move or rename it, or choose another folder)\n",
    )
    assert out.read_bytes() == b"mine"


def test_a_file_where_the_pack_folder_goes(run, tmp_path):
    (tmp_path / "skystones").write_bytes(b"mine")
    assert run(*BUILD, "--out", tmp_path) == (
        1,
        "",
        f"printkit: {tmp_path}/skystones is a file, not a folder (move or rename it, or choose another folder)\n",
    )
    assert _files(tmp_path) == {"skystones": b"mine"}


def test_a_folder_where_an_output_goes_fails_before_any_output_is_replaced(run, tmp_path):
    assert run(*BUILD, "--lang", "en", "--out", tmp_path)[0] == 0
    before = _files(tmp_path)
    english = (tmp_path / "skystones" / "skystones-components-en-a4.pdf").stat().st_ino
    (tmp_path / "skystones" / "skystones-components-de-a4.pdf").mkdir()
    assert run(*BUILD, "--force", "--out", tmp_path) == (
        1,
        "",
        f"printkit: {tmp_path}/skystones/skystones-components-de-a4.pdf is a folder, not a file (move or "
        f"rename it, or choose another folder)\n",
    )
    assert _files(tmp_path) == before
    assert (tmp_path / "skystones" / "skystones-components-en-a4.pdf").stat().st_ino == english  # not replaced


@pytest.mark.parametrize("command", [BUILD, ["i18n", "pseudo", "skystones"]], ids=["build", "i18n pseudo"])
def test_an_empty_output_folder_is_a_usage_error(run, command):
    packs = set((REPO / "content").rglob("*"))  # an empty --out once meant writing into the pack itself
    assert run(*command, "--out", "") == (
        2,
        "",
        f"printkit: argument --out: must name a folder, got nothing (see 'printkit {command[0]} --help')\n",
    )
    assert set((REPO / "content").rglob("*")) == packs


def _fill(disk: Path, leave: int) -> None:
    """A file taking all of the disk's room but leave bytes."""
    status = os.statvfs(disk)
    (disk / "filler").write_bytes(b"\0" * max(0, status.f_bavail * status.f_frsize - leave))


def test_a_full_disk_fails_an_export_naming_its_file_and_keeps_the_earlier_one(run, small_disk):
    target = small_disk / "skystones.xlsx"
    assert run("export", "skystones", "--to", target)[0] == 0
    before = _files(small_disk)
    _fill(small_disk, 4096)
    before["filler"] = (small_disk / "filler").read_bytes()
    assert run("export", "skystones", "--to", target) == (
        1,
        "",
        f"printkit: cannot write {target}: the disk is full (free some space, then try again)\n",
    )
    assert _files(small_disk) == before  # the earlier workbook, and nothing left of the new one


def test_a_full_disk_fails_an_i18n_update_naming_its_file_and_keeps_the_earlier_one(run, small_disk):
    pack = small_disk / "kit"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: kit\ntitle: Kit\nlocales: [en, de]\n")
    (pack / "components.yaml").write_text("cards:\n  - {id: ember, name: Ember}\n")
    assert run("i18n", "update", pack)[0] == 0
    (pack / "components.yaml").write_text(
        "cards:\n" + "".join(f"  - {{id: c{n}, name: Card {n}}}\n" for n in range(99))
    )
    before = _files(small_disk)
    _fill(small_disk, 4096)
    before["filler"] = (small_disk / "filler").read_bytes()
    assert run("i18n", "update", pack) == (
        1,
        "",
        f"printkit: cannot write {pack}/locales/kit.pot: the disk is full (free some space, then try again)\n",
    )
    assert _files(small_disk) == before
