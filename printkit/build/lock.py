"""One build at a time per output folder, and no trace of a build that was killed.

Takes: the output folder (`--out`) of a command that writes into it (`build`, `i18n pseudo`).
Returns: a block that holds `<out>/.printkit-lock` (the operating system's lock of an open file,
flock or LockFileEx through the filelock library, released if the holder dies, even by SIGKILL),
after waiting for another build of the same folder for at most PRINTKIT_LOCK_TIMEOUT seconds
(default 300) and saying so on a terminal. A link in the lock file's place is never followed
(see output_folder). When the block ends the lock file is removed, and so is the folder if the
block made it and left it empty. Environment OSErrors raised in the block name a path, so that
the command line can say which folder failed.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from printkit.base.errors import Fault, UsageError, display_path
from printkit.build.output_folder import is_folder, is_link, open_file
from printkit.build.staging import TEMPORARY_MARK

LOCK = ".printkit-lock"
TIMEOUT = "PRINTKIT_LOCK_TIMEOUT"
DEFAULT_TIMEOUT = 300.0  # seconds: a big kit with rulebooks and PNGs takes a few minutes
POLL = 0.1
NO_LOCKS = (errno.ENOSYS, errno.ENOLCK, errno.EOPNOTSUPP)  # what a file system without locks answers


@contextmanager
def holding(out: Path) -> Iterator[None]:
    """The block runs while this process alone writes into out."""
    timeout = _timeout()
    made: list[Path] = []
    handle = None
    try:
        handle = _acquire(out, timeout, made)
        yield
    except OSError as error:
        if error.filename is None:  # a failed write names no file; it was one in out
            error.filename = str(out)
        raise
    finally:
        if handle is not None:
            _release(out / LOCK, handle)
        for folder in sorted(set(made), key=lambda f: len(f.parts), reverse=True):
            try:
                folder.rmdir()
            except OSError:  # not empty, or gone: either way not ours to remove
                pass


def _acquire(out: Path, timeout: float, made: list[Path]) -> int:
    from filelock import lock_descriptor  # only commands that write outputs pay for loading it

    deadline = None
    while True:
        made += [folder for folder in (out, *out.parents) if not folder.exists()]
        out.mkdir(parents=True, exist_ok=True)
        try:
            handle = open_file(out / LOCK, os.O_RDWR | os.O_CREAT)
        except FileNotFoundError:  # the build before removed the folder it had made: make it again
            continue
        try:
            locked = lock_descriptor(handle, blocking=False)
        except BaseException as error:
            if not (isinstance(error, OSError) and error.errno in NO_LOCKS):
                os.close(handle)
                raise
            _release(out / LOCK, handle)  # no build can lock it: none is waiting on it
            raise Fault(
                f"cannot lock {display_path(out / LOCK)}: its disk offers no file locks "
                "(choose an output folder on another disk)"
            ) from None
        if not locked:
            os.close(handle)
            if deadline is None:
                deadline = time.monotonic() + timeout
                if sys.stderr.isatty():
                    print(
                        f"printkit: waiting for another build writing into {display_path(out)} to finish",
                        file=sys.stderr,
                    )
            if time.monotonic() >= deadline:
                raise Fault(
                    f"another build is still writing into {display_path(out)} after {timeout:g} s "
                    f"(let it finish or stop it, then build again; {TIMEOUT}=SECONDS waits longer)"
                ) from None
            time.sleep(POLL)
            continue
        if os.fstat(handle).st_nlink:
            return handle
        os.close(handle)  # the build before removed this lock file as it finished: lock the new one


def _release(path: Path, handle: int) -> None:
    """The lock file removed while still held, so that a build waiting on it sees it unlinked and
    locks a new one; Windows removes no open file, so there it goes once released, unless another
    build has it open. Only the file locked is removed, never what has taken its name since."""
    try:
        ours = os.path.samestat(os.lstat(path), os.fstat(handle))
    except FileNotFoundError:
        ours = False
    if ours:
        try:
            path.unlink()
            ours = False
        except PermissionError:  # Windows: the file is open
            pass
    os.close(handle)
    if ours:
        with suppress(OSError):  # another build opened it meanwhile: it is theirs now
            path.unlink()


def _timeout() -> float:
    text = os.environ.get(TIMEOUT, "")
    if not text:
        return DEFAULT_TIMEOUT
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < float("inf"):
        raise UsageError(f"{TIMEOUT} must be a number of seconds, got '{text}'")
    return seconds


# Staging's temporaries: `.<target name>.printkit-<8 random characters>.part`; no other file is removed
LEFTOVER = re.compile(rf"^\..+\.{TEMPORARY_MARK}[a-z0-9_]{{8}}\.part$")


def remove_leftovers(folder: Path, kinds: Iterable[str]) -> None:
    """The temporary files a killed build left in a pack's output folder (`.<name>.printkit-<random>.part`,
    see build.Staging), looked for where Staging puts them (beside their targets): in the folder and
    in each <kind>/<language or layout>/ folder of the output kinds that write folders, real folders
    only (a linked folder is not entered). Only the holder of the lock may call this: no other build
    is writing."""
    places = [folder]
    for kind in kinds:
        places += [
            Path(entry.path) for entry in _entries(folder / kind) if is_folder(entry.stat(follow_symlinks=False))
        ]
    for place in places:
        for entry in _entries(place):
            status = entry.stat(follow_symlinks=False)
            if LEFTOVER.match(entry.name) and stat.S_ISREG(status.st_mode) and not is_link(status):
                Path(entry.path).unlink(missing_ok=True)


def _entries(folder: Path) -> list[os.DirEntry]:
    """The entries of a real folder; none for a link, a file or nothing."""
    try:
        if not is_folder(os.lstat(folder)):
            return []
        with os.scandir(folder) as entries:
            return list(entries)
    except OSError:
        return []
