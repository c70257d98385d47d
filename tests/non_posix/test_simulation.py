"""The non-POSIX simulation (`./dev test --non-posix`, see sitecustomize.py here) is in force in
that mode, and the rulebook's bounded child keeps its limits in either mode: forked with the
kernel's memory limit on Linux, spawned with its memory watched by the build in the simulation."""

import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from operator import add
from pathlib import Path

import psutil
import pytest

from printkit.base import bounded
from printkit.base.bounded import OverLimit
from printkit.base.processes import start_method

SIMULATION = os.environ.get("PRINTKIT_NON_POSIX") == "1"
in_simulation = pytest.mark.skipif(not SIMULATION, reason="checks the non-POSIX simulation (./dev test --non-posix)")
PRINTKIT_CODE = {"__name__": "printkit.probe"}  # code that runs as a module of printkit's
REPO = Path(__file__).resolve().parents[2]


@in_simulation
def test_printkit_code_cannot_import_what_windows_lacks():
    for module in ("resource", "fcntl", "termios", "pty"):
        with pytest.raises(ModuleNotFoundError, match=f"No module named '{module}'"):
            exec(f"import {module}", dict(PRINTKIT_CODE))
    import resource  # other code chooses for itself, as the libraries printkit uses do

    assert resource.RLIMIT_AS


@in_simulation
def test_nothing_forks_and_workers_spawn():
    assert not hasattr(os, "fork") and not hasattr(os, "register_at_fork")
    assert multiprocessing.get_all_start_methods() == ["spawn"]
    assert start_method() == "spawn"


@in_simulation
def test_printkit_code_cannot_open_proc_nor_use_posix_signals():
    for code in ("open('/proc/self/statm')", "__import__('pathlib').Path('/proc/self/statm').read_text()"):
        with pytest.raises(FileNotFoundError):
            exec(code, dict(PRINTKIT_CODE))
    with pytest.raises(AttributeError, match="'SIGKILL'"):
        exec("__import__('signal').SIGKILL", dict(PRINTKIT_CODE))
    exec("__import__('signal').SIGTERM", dict(PRINTKIT_CODE))  # Windows has it


@in_simulation
def test_every_module_of_printkit_imports_and_help_prints_without_what_windows_lacks():
    """Every module at its top (imported afresh, in a process of its own), and `printkit --help`."""
    every_module = (
        "import importlib, pkgutil, printkit\n"
        "for module in pkgutil.walk_packages(printkit.__path__, 'printkit.'):\n"
        "    importlib.import_module(module.name)\n"
    )
    imported = subprocess.run([sys.executable, "-c", every_module], capture_output=True, text=True, cwd=REPO)
    assert (imported.returncode, imported.stderr) == (0, "")
    shown = subprocess.run([sys.executable, "-m", "printkit", "--help"], capture_output=True, text=True, cwd=REPO)
    assert (shown.returncode, shown.stderr) == (0, "")
    assert shown.stdout.startswith("usage: printkit")


def test_the_bounded_child_returns_what_the_work_returns():
    assert bounded.run(add, 2, 3, memory=2**30, seconds=60) == 5


@pytest.mark.slow
def test_the_bounded_child_is_stopped_at_its_time_limit():
    started = time.monotonic()
    with pytest.raises(OverLimit, match="^took longer than 1 seconds$"):
        bounded.run(time.sleep, 60, memory=2**30, seconds=1)
    assert time.monotonic() - started < 5


def test_the_bounded_child_is_stopped_at_its_memory_limit():
    """512 MiB asked for at once, in C, holding the interpreter's lock: stopped by the kernel on
    Linux, by the build watching the child elsewhere."""
    with pytest.raises(OverLimit, match="^needed more than 64 MiB of memory$"):
        bounded.run(bytearray, 512 * 2**20, memory=64 * 2**20, seconds=60)


def _temporary_files(wait: float, record: str) -> list[str]:
    """Makes a temporary file and folder as a child's work would, writes their names to record, and waits."""
    handle, file = tempfile.mkstemp()
    os.close(handle)
    made = [file, tempfile.mkdtemp()]
    Path(record).write_text("\n".join(made))
    time.sleep(wait)
    return made


@pytest.fixture
def temporary(tmp_path, monkeypatch) -> Path:
    """The temporary folder of this process and of a child it starts, forked or spawned."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.mark.parametrize("stopped", [False, True], ids=["ended", "stopped at its time limit"])
def test_the_bounded_childs_temporary_files_are_in_a_folder_of_its_own_removed_when_it_ends(
    temporary, tmp_path, stopped
):
    record = tmp_path / "made"
    if stopped:
        with pytest.raises(OverLimit, match="^took longer than 1 seconds$"):
            bounded.run(_temporary_files, 60, str(record), memory=2**30, seconds=1)
    else:
        bounded.run(_temporary_files, 0, str(record), memory=2**30, seconds=60)
    made = [Path(name) for name in record.read_text().split("\n")]
    assert [name.parent.parent for name in made] == [temporary, temporary]
    assert made[0].parent.name.startswith("printkit-child-")
    assert sorted(temporary.iterdir()) == []


def test_the_bounded_child_may_send_back_only_so_much(monkeypatch):
    monkeypatch.setattr(bounded, "MAX_REPLY", 2**20)
    with pytest.raises(OverLimit, match="^sent back more than 1 MiB$"):
        bounded.run(bytes, 2 * 2**20, memory=2**30, seconds=60)


@pytest.mark.slow
def test_the_bounded_child_dies_with_the_build_killed_outright(tmp_path):
    script = "from printkit.base import bounded; import time; bounded.run(time.sleep, 60, memory=2**30, seconds=120)"
    # killed outright, it cannot remove its child's temporary folder: that is left in tmp_path, not /tmp
    build = subprocess.Popen([sys.executable, "-c", script], cwd=REPO, env={**os.environ, "TMPDIR": str(tmp_path)})
    try:
        deadline = time.monotonic() + 30
        while not (children := _children(build.pid)):
            assert time.monotonic() < deadline, "no child started"
            time.sleep(0.05)
    finally:
        build.kill()
        build.wait()
    gone, alive = psutil.wait_procs(children, timeout=5)
    assert not alive


def _children(pid: int) -> list[psutil.Process]:
    """The children of a process but multiprocessing's resource tracker (spawning starts one)."""
    return [child for child in psutil.Process(pid).children() if "resource_tracker" not in " ".join(child.cmdline())]
