"""Writing files so that they land all together or not at all.

Takes: the paths of the files a command is about to write, and the folder they are written into
below which no link is followed (an output folder; see output_folder).
Gives: `Staging`, temporaries beside their targets renamed into place together (or removed), the
files they replace removed with them (`retire`), and `atomic_target` for a single file.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from printkit.base.errors import Fault, display_path
from printkit.base.interrupts import interrupts_held
from printkit.build.output_folder import BY_HANDLE, FileId, folder_handle, identity, make_folders

# A temporary's name: `.<target name>.printkit-<8 random characters>.part`, which no file of a
# user's is likely to have: the leftover sweep (lock.remove_leftovers) removes only such names.
TEMPORARY_MARK = "printkit-"
_RANDOM = "abcdefghijklmnopqrstuvwxyz0123456789_"
Made = tuple[int, int]  # device and inode of a temporary made through its folder's handle


class Staging:
    """Files written under temporary names beside their targets and renamed into place together by
    commit; whatever is not committed when the block ends (a problem, an error, an interruption) is
    removed. A temporary left by a command that was killed outright (nothing can clean up after
    SIGKILL) is removed the next time the same target is written, and by the next build of the
    same output folder (printkit.build.lock.remove_leftovers). Besides its targets, commit removes
    only the earlier outputs retired for them, if they are still the files retired (see retire);
    printkit touches no other file. A target's name is replaced, a link there too, never what the
    link points to (os.replace). Where the OS allows (output_folder.BY_HANDLE), every temporary is
    made, renamed and removed through a handle of its folder reached from the output folder without
    following a link, and commit refuses a temporary whose path no longer leads to the file made:
    a folder swapped for a link while a build runs is never written or removed through."""

    def __init__(self) -> None:
        # (temporary, target, the folder below which no link is followed, the file made)
        self.pending: list[tuple[Path, Path, Path | None, Made | None]] = []
        self.folders: list[Path] = []  # made for the targets, removed again if nothing lands in them
        # earlier outputs this one replaces, removed when it is committed: (file, identity, output folder)
        self.retired: list[tuple[Path, FileId, Path]] = []

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *exc_info) -> None:
        while self.pending:
            temporary, _, inside, made = self.pending.pop()
            _remove(temporary, inside, partial(_is_made, made))
        for folder in sorted(set(self.folders), key=lambda f: len(f.parts), reverse=True):  # deepest first
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()

    def temporary(self, target: Path, *, inside: Path | None) -> Path:
        """A new temporary file beside target, to be written in its place. The folders between inside
        and target are made real folders: a link among them is refused, not followed (inside None:
        the caller has checked where target lies)."""
        if target.is_dir():  # found now, before any output is renamed into place
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
        if any(pending == target for _, pending, _, _ in self.pending):
            raise RuntimeError(f"two outputs are staged at {target}")  # a bug: one would lose its file
        if inside is None:
            missing = [folder for folder in (target.parent, *target.parent.parents) if not folder.exists()]
            target.parent.mkdir(parents=True, exist_ok=True)
            self.folders += missing
        else:
            self.folders += make_folders(inside, target.parent)
        prefix = f".{target.name}.{TEMPORARY_MARK}"
        handle = folder_handle(inside, target.parent) if inside is not None and BY_HANDLE else None
        try:
            for stale in _names(target.parent, handle):
                if stale.startswith(prefix) and stale.endswith(".part") and len(stale) == len(prefix) + 13:
                    if handle is not None:
                        os.unlink(stale, dir_fd=handle)
                    else:
                        (target.parent / stale).unlink()
            # Ctrl-C or SIGTERM waits until the new file is on the list of what to remove: between the
            # two it would be left behind.
            with interrupts_held():
                name, made = _create(target.parent, prefix, handle)
                self.pending.append((target.parent / name, target, inside if handle is not None else None, made))
        finally:
            if handle is not None:
                os.close(handle)
        return target.parent / name

    def retire(self, files: list[tuple[Path, FileId]], *, inside: Path) -> None:
        """Files of an earlier build below the output folder inside that this one does not write
        again, each with the identity of the file found to be printkit's (see cache.Manifest.written),
        removed when it commits if it is still that file (with their folders, if that leaves them
        empty); left as they are if it does not commit."""
        self.retired += [(path, identity, inside) for path, identity in files]

    def commit(self) -> None:
        while self.pending:
            temporary, target, inside, made = self.pending[0]
            if inside is None:
                os.chmod(temporary, 0o644)
                os.replace(temporary, target)
            else:
                handle = folder_handle(inside, target.parent)
                try:
                    _check_made(temporary, handle, made)
                    try:
                        os.chmod(temporary.name, 0o644, dir_fd=handle)
                        os.replace(temporary.name, target.name, src_dir_fd=handle, dst_dir_fd=handle)
                    except OSError as error:
                        raise OSError(error.errno, error.strerror, str(target)) from None
                finally:
                    os.close(handle)
            self.pending.pop(0)
        while self.retired:
            retired, kept, inside = self.retired.pop()
            if not _remove(retired, inside if BY_HANDLE else None, partial(_is_kept, kept)):
                continue  # changed or put there since it was found printkit's
            for folder in retired.parents:  # cut-svg/en-a4, then cut-svg, while they are empty
                if not folder.is_dir() or any(folder.iterdir()):
                    break
                folder.rmdir()


def _is_made(made: Made | None, status: os.stat_result) -> bool:
    return made is None or (status.st_dev, status.st_ino) == made


def _is_kept(kept: FileId, status: os.stat_result) -> bool:
    return identity(status) == kept


def _names(folder: Path, handle: int | None) -> list[str]:
    with os.scandir(handle if handle is not None else folder) as entries:
        return [entry.name for entry in entries]


def _create(folder: Path, prefix: str, handle: int | None) -> tuple[str, Made | None]:
    """A new empty file `<prefix><8 random characters>.part` in folder (through its handle: never
    through a link), and which file it is where it was made through the handle."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        name = prefix + "".join(secrets.choice(_RANDOM) for _ in range(8)) + ".part"
        try:
            made = (
                os.open(name, flags, 0o600, dir_fd=handle)
                if handle is not None
                else os.open(folder / name, flags, 0o600)
            )
        except FileExistsError:
            continue
        except OSError as error:  # named in full, for the message that says which folder failed
            raise OSError(error.errno, error.strerror, str(folder / name)) from None
        status = os.fstat(made)
        os.close(made)
        return name, (status.st_dev, status.st_ino) if handle is not None else None
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder / prefix))


def _check_made(temporary: Path, handle: int, made: Made | None) -> None:
    """The temporary in the held folder is the file made, and its path (which the writer opened)
    still leads to it: else its folder was swapped meanwhile, and nothing may be renamed."""
    here: os.stat_result | None
    by_path: os.stat_result | None
    try:
        here = os.stat(temporary.name, dir_fd=handle, follow_symlinks=False)
        by_path = os.stat(temporary, follow_symlinks=False)
    except FileNotFoundError:
        here = by_path = None
    if here is None or by_path is None or (here.st_dev, here.st_ino) != made or not os.path.samestat(here, by_path):
        raise Fault(
            f"{display_path(temporary.parent)} changed while printkit wrote into it (another program moved or "
            "linked it): nothing was written; build again"
        )


def _remove(path: Path, inside: Path | None, wanted: Callable[[os.stat_result], bool]) -> bool:
    """path removed if it is a regular file that is wanted (its lstat tells); through a handle of
    its folder reached from inside, where that is given. Whether it was removed."""
    if inside is None:
        try:
            status = os.lstat(path)
        except FileNotFoundError:
            return False
        if not stat.S_ISREG(status.st_mode) or not wanted(status):
            return False
        path.unlink(missing_ok=True)
        return True
    try:
        handle = folder_handle(inside, path.parent)
    except OSError:  # its folder is gone, or is a link now: nothing of printkit's to remove there
        return False
    try:
        status = os.stat(path.name, dir_fd=handle, follow_symlinks=False)
        if not stat.S_ISREG(status.st_mode) or not wanted(status):
            return False
        os.unlink(path.name, dir_fd=handle)
        return True
    except FileNotFoundError:
        return False
    finally:
        os.close(handle)


@contextmanager
def atomic_target(target: Path, *, inside: Path | None) -> Iterator[Path]:
    """A temporary path beside target that replaces target only when the block succeeds (inside:
    see Staging.temporary)."""
    with Staging() as staging:
        yield staging.temporary(target, inside=inside)
        staging.commit()
