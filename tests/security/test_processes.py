"""Killed, interrupted and concurrent builds: no process outlives its build, no temporary file
outlives the next build, and builds into one folder take turns."""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.build.lock import LOCK, TIMEOUT, holding

REPO = Path(__file__).resolve().parents[2]
BUILD = ["build", "skystones", "--no-rulebooks", "--jobs", "2"]


def _start(out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "printkit", *BUILD, "--out", str(out), *extra],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _children(pid: int) -> set[int]:
    return {int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}


def _running(pid: int) -> bool:
    """Whether the process still runs (a zombie waiting to be reaped has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _still_running(pids: set[int]) -> list[int]:
    """Those of the processes that still run after a few seconds' grace (spawning, multiprocessing
    starts a resource tracker, which ends soon after the last process that uses it)."""
    deadline = time.monotonic() + 5
    while any(map(_running, pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [pid for pid in pids if _running(pid)]


def _when(condition, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert process.poll() is None, f"the build ended first: {process.stderr.read()}"
        assert time.monotonic() < deadline, "the moment never came"
        time.sleep(0.005)


def _temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.name.endswith(".part")]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A complete build of skystones (component PDFs), to copy."""
    out = tmp_path_factory.mktemp("built") / "out"
    subprocess.run([sys.executable, "-m", "printkit", *BUILD, "--out", str(out)], cwd=REPO, check=True)
    return out


def _files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


MOMENTS = {  # the extra options of the killed build, and when to kill it
    "right after start": ([], lambda out: True),
    "while sheets are written": (["--paper", "all"], lambda out: any(out.glob("skystones/.*.pdf.*.part"))),
    "while PNGs are written": (["--png"], lambda out: any(out.glob("skystones/png/*/.*.png.*.part"))),
}


@pytest.mark.slow
@pytest.mark.parametrize("moment", MOMENTS)
def test_a_build_killed_leaves_no_process_and_the_next_build_no_temporary_file(run, built, tmp_path, moment):
    """The next build finds everything up to date (the killed one was a --force build over a
    complete one) and still removes what the killed build left."""
    out = tmp_path / "out"
    shutil.copytree(built, out)
    before = _files(out)
    pdfs = {pdf: pdf.stat().st_ino for pdf in out.rglob("*.pdf")}
    extra, now = MOMENTS[moment]
    build = _start(out, "--force", *extra)
    _when(lambda: now(out), build)
    workers = _children(build.pid)
    build.kill()
    build.wait()
    assert not _still_running(workers)
    if moment != "right after start":
        assert workers and _temporaries(out)  # it was killed in the middle of writing
    assert run(*BUILD, "--out", out) == (0, "", f"skystones: up to date (2 files)\noutput: {out}/\n")
    assert _files(out) == before
    assert {pdf: pdf.stat().st_ino for pdf in out.rglob("*.pdf")} == pdfs  # up to date: nothing written again
    assert not _temporaries(out) and not (out / LOCK).exists()


@pytest.mark.slow
def test_sigterm_during_a_parallel_build_stops_every_process_quietly(tmp_path):
    out = tmp_path / "out"
    build = _start(out, "--png")
    _when(lambda: any(out.glob("skystones/png/*/.*.png.*.part")), build)
    workers = _children(build.pid)
    build.terminate()
    _, err = build.communicate(timeout=30)
    assert build.returncode == 130
    assert err == "printkit: interrupted; files already written are complete, none is half-written\n"
    assert workers and not _still_running(workers)
    assert not [p for p in out.rglob("*") if p.is_file()]  # its temporaries are removed


@pytest.mark.slow
def test_sigterm_while_a_worker_makes_a_rulebook_leaves_no_temporary_folder(tmp_path):
    """A rulebook is typeset in a child of a worker; the worker, stopped with the build, ends without
    unwinding, and first stops that child and removes the folder of its temporary files."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    build = subprocess.Popen(
        [sys.executable, "-m", "printkit", "build", "skystones", "--jobs", "2", "--out", str(tmp_path / "out")],
        cwd=REPO,
        env={**os.environ, "TMPDIR": str(temporary)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    _when(lambda: any(temporary.glob("printkit-child-*/*")), build)  # WeasyPrint at work in the child
    build.terminate()
    _, err = build.communicate(timeout=30)
    assert (build.returncode, err) == (
        130,
        "printkit: interrupted; files already written are complete, none is half-written\n",
    )
    assert sorted(temporary.iterdir()) == []


@pytest.mark.slow
def test_two_builds_started_together_into_one_folder_both_succeed(built, tmp_path):
    out = tmp_path / "out"
    first, second = _start(out), _start(out)
    assert (first.wait(timeout=120), second.wait(timeout=120)) == (0, 0)
    written = (
        "skystones: 2 files written\n"
        "  skystones-components-en-a4.pdf  12 pages\n"
        "  skystones-components-de-a4.pdf  12 pages\n"
        f"output: {out}/\n"
    )
    up_to_date = f"skystones: up to date (2 files)\noutput: {out}/\n"
    assert sorted([first.stderr.read(), second.stderr.read()]) == [written, up_to_date]  # the one waited
    assert _files(out) == _files(built)  # manifest included: as one build alone writes them


@pytest.mark.slow
@pytest.mark.parametrize("command", [BUILD, ["i18n", "pseudo", "skystones"]], ids=["build", "i18n pseudo"])
def test_a_build_waiting_for_the_folder_gives_up_after_the_timeout(run, tmp_path, monkeypatch, command):
    out = tmp_path / "out"
    monkeypatch.setenv(TIMEOUT, "0.3")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # the waiting line is for terminals
    with holding(out):  # as another build would
        started = time.monotonic()
        code, _, err = run(*command, "--out", out)
        assert 0.3 <= time.monotonic() - started < 5
        assert [p.name for p in out.iterdir()] == [LOCK]  # nothing written while it waited
    assert code == 1
    shown = os.path.relpath(out, REPO) if out.is_relative_to(REPO) else str(out)
    assert err.splitlines() == [
        f"printkit: waiting for another build writing into {shown} to finish",
        f"printkit: another build is still writing into {shown} after 0.3 s (let it finish or stop it, "
        f"then build again; PRINTKIT_LOCK_TIMEOUT=SECONDS waits longer)",
    ]
    assert not out.exists()  # the lock file is removed, and the folder the lock made


def test_a_lock_timeout_that_is_not_a_number_is_a_usage_error(run, tmp_path, monkeypatch):
    monkeypatch.setenv(TIMEOUT, "soon")
    assert run(*BUILD, "--out", tmp_path / "out") == (
        2,
        "",
        "printkit: PRINTKIT_LOCK_TIMEOUT must be a number of seconds, got 'soon'\n",
    )
    assert not (tmp_path / "out").exists()
