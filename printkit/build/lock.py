"""One build at a time per output folder, and no trace of a build that was killed.

Takes: the output folder (`--out`) of a command that writes into it (`build`, `i18n pseudo`).
Returns: a block that holds `<out>/.printkit-lock` (an flock, released by the kernel if the
holder dies, even by SIGKILL), after waiting for another build of the same folder for at most
PRINTKIT_LOCK_TIMEOUT seconds (default 300) and saying so on a terminal. When the block ends the
lock file is removed, and so is the folder if the block made it and left it empty. Environment
OSErrors raised in the block name a path, so that the command line can say which folder failed.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from printkit.base.errors import Fault, UsageError, display_path

LOCK = ".printkit-lock"
TIMEOUT = "PRINTKIT_LOCK_TIMEOUT"
DEFAULT_TIMEOUT = 300.0  # seconds: a big kit with rulebooks and PNGs takes a few minutes
POLL = 0.1


@contextmanager
def holding(out: Path) -> Iterator[None]:
    """The block runs while this process alone writes into out."""
    timeout = _timeout()
    made: list[Path] = []
    handle = _acquire(out, timeout, made)
    try:
        yield
    except OSError as error:
        if error.filename is None:  # a failed write names no file; it was one in out
            error.filename = str(out)
        raise
    finally:
        # Removed while still held: a build waiting on this file sees it unlinked and locks a new one.
        (out / LOCK).unlink(missing_ok=True)
        os.close(handle)
        for folder in sorted(set(made), key=lambda f: len(f.parts), reverse=True):
            try:
                folder.rmdir()
            except OSError:  # not empty, or gone: either way not ours to remove
                pass


def _acquire(out: Path, timeout: float, made: list[Path]) -> int:
    import fcntl

    deadline = None
    while True:
        made += [folder for folder in (out, *out.parents) if not folder.exists()]
        out.mkdir(parents=True, exist_ok=True)
        try:
            handle = os.open(out / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        except FileNotFoundError:  # the build before removed the folder it had made: make it again
            continue
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
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


# tempfile.mkstemp's names as Staging asks for them: `.<target name>.<8 random characters>.part`
LEFTOVER = re.compile(r"^\..+\.[a-z0-9_]{8}\.part$")


def remove_leftovers(folder: Path) -> None:
    """The temporary files a killed build left in a pack's output folder (`.<name>.<random>.part`,
    see build.Staging). Only the holder of the lock may call this: no other build is writing."""
    # where Staging puts them: beside their targets
    places = (folder, *folder.glob("png/*"), *folder.glob("shop-tgc/*"), *folder.glob("cut-svg/*"))
    for place in places:
        for stale in place.glob(".*.part"):
            if LEFTOVER.match(stale.name) and not stale.is_symlink() and stale.is_file():
                stale.unlink(missing_ok=True)
