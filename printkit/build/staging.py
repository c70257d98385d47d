"""Writing files so that they land all together or not at all.

Takes: the paths of the files a command is about to write.
Gives: `Staging`, temporaries beside their targets renamed into place together (or removed), the
files they replace removed with them (`retire`), and `atomic_target` for a single file.
"""

from __future__ import annotations

import errno
import glob
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from printkit.base.interrupts import interrupts_held


class Staging:
    """Files written under temporary names beside their targets and renamed into place together by
    commit; whatever is not committed when the block ends (a problem, an error, an interruption) is
    removed. A temporary left by a command that was killed outright (nothing can clean up after
    SIGKILL) is removed the next time the same target is written, and by the next build of the
    same output folder (printkit.build.lock.remove_leftovers). Besides its targets, commit removes
    only the earlier outputs retired for them (see retire); printkit touches no other file."""

    def __init__(self) -> None:
        self.pending: list[tuple[Path, Path]] = []  # (temporary, target)
        self.folders: list[Path] = []  # made for the targets, removed again if nothing lands in them
        self.retired: list[Path] = []  # earlier outputs this one replaces: removed when it is committed

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *exc_info) -> None:
        while self.pending:
            self.pending.pop()[0].unlink(missing_ok=True)
        for folder in sorted(set(self.folders), key=lambda f: len(f.parts), reverse=True):  # deepest first
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()

    def temporary(self, target: Path) -> Path:
        """A new temporary file beside target, to be written in its place."""
        if target.is_dir():  # found now, before any output is renamed into place
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
        missing = [folder for folder in (target.parent, *target.parent.parents) if not folder.exists()]
        target.parent.mkdir(parents=True, exist_ok=True)
        self.folders += missing
        for stale in target.parent.glob(f".{glob.escape(target.name)}.*.part"):
            stale.unlink(missing_ok=True)
        # Ctrl-C or SIGTERM waits until the new file is on the list of what to remove: between the two
        # it would be left behind.
        with interrupts_held():
            handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
            self.pending.append((Path(name), target))
        os.close(handle)
        return Path(name)

    def retire(self, paths: list[Path]) -> None:
        """Files of an earlier build that this one does not write again, removed when it commits
        (with their folders, if that leaves them empty); left as they are if it does not."""
        self.retired += paths

    def retire_folder(self, folder: Path, pattern: str, written: list[Path]) -> None:
        """The files of printkit's kind (pattern) in an output folder that this build does not
        write again: a component renamed or removed since, say."""
        self.retire([f for f in own_files(folder, pattern) if f not in written])

    def commit(self) -> None:
        while self.pending:
            temporary, target = self.pending[0]
            os.chmod(temporary, 0o644)
            os.replace(temporary, target)
            self.pending.pop(0)
        while self.retired:
            retired = self.retired.pop()
            retired.unlink(missing_ok=True)
            for folder in retired.parents:  # cut-svg/en-a4, then cut-svg, while they are empty
                if not folder.is_dir() or any(folder.iterdir()):
                    break
                folder.rmdir()


def own_files(folder: Path, pattern: str) -> list[Path]:
    """The regular files of a folder whose names match pattern (never links, folders or hidden files)."""
    if not folder.is_dir():
        return []
    return [f for f in folder.glob(pattern) if not f.name.startswith(".") and not f.is_symlink() and f.is_file()]


@contextmanager
def atomic_target(target: Path) -> Iterator[Path]:
    """A temporary path beside target that replaces target only when the block succeeds."""
    with Staging() as staging:
        yield staging.temporary(target)
        staging.commit()
