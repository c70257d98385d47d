"""Writing files so that they land all together or not at all.

Takes: the paths of the files a command is about to write, and the folder they are written into
below which no link is followed (an output folder; see output_folder).
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
from printkit.build.output_folder import FileId, make_folders, same_file


class Staging:
    """Files written under temporary names beside their targets and renamed into place together by
    commit; whatever is not committed when the block ends (a problem, an error, an interruption) is
    removed. A temporary left by a command that was killed outright (nothing can clean up after
    SIGKILL) is removed the next time the same target is written, and by the next build of the
    same output folder (printkit.build.lock.remove_leftovers). Besides its targets, commit removes
    only the earlier outputs retired for them, if they are still the files retired (see retire);
    printkit touches no other file. A target's name is replaced, a link there too, never what the
    link points to (os.replace)."""

    def __init__(self) -> None:
        self.pending: list[tuple[Path, Path]] = []  # (temporary, target)
        self.folders: list[Path] = []  # made for the targets, removed again if nothing lands in them
        self.retired: list[tuple[Path, FileId]] = []  # earlier outputs this one replaces: removed when it is committed

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *exc_info) -> None:
        while self.pending:
            self.pending.pop()[0].unlink(missing_ok=True)
        for folder in sorted(set(self.folders), key=lambda f: len(f.parts), reverse=True):  # deepest first
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()

    def temporary(self, target: Path, *, inside: Path | None) -> Path:
        """A new temporary file beside target, to be written in its place. The folders between inside
        and target are made real folders: a link among them is refused, not followed (inside None:
        the caller has checked where target lies)."""
        if target.is_dir():  # found now, before any output is renamed into place
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
        if inside is None:
            missing = [folder for folder in (target.parent, *target.parent.parents) if not folder.exists()]
            target.parent.mkdir(parents=True, exist_ok=True)
            self.folders += missing
        else:
            self.folders += make_folders(inside, target.parent)
        for stale in target.parent.glob(f".{glob.escape(target.name)}.*.part"):
            stale.unlink(missing_ok=True)
        # Ctrl-C or SIGTERM waits until the new file is on the list of what to remove: between the two
        # it would be left behind.
        with interrupts_held():
            handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
            self.pending.append((Path(name), target))
        os.close(handle)
        return Path(name)

    def retire(self, files: list[tuple[Path, FileId]]) -> None:
        """Files of an earlier build that this one does not write again, each with the identity of
        the file found to be printkit's (see cache.Manifest.written), removed when it commits if it
        is still that file (with their folders, if that leaves them empty); left as they are if it
        does not commit."""
        self.retired += files

    def commit(self) -> None:
        while self.pending:
            temporary, target = self.pending[0]
            os.chmod(temporary, 0o644)
            os.replace(temporary, target)
            self.pending.pop(0)
        while self.retired:
            retired, identity = self.retired.pop()
            if not same_file(retired, identity):  # changed or put there since it was found printkit's
                continue
            retired.unlink(missing_ok=True)
            for folder in retired.parents:  # cut-svg/en-a4, then cut-svg, while they are empty
                if not folder.is_dir() or any(folder.iterdir()):
                    break
                folder.rmdir()


@contextmanager
def atomic_target(target: Path, *, inside: Path | None) -> Iterator[Path]:
    """A temporary path beside target that replaces target only when the block succeeds (inside:
    see Staging.temporary)."""
    with Staging() as staging:
        yield staging.temporary(target, inside=inside)
        staging.commit()
