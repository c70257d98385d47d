"""What printkit may do in an output folder: the output side confined as strictly as the pack.

Takes: the output folder the user named (`--out`, trusted as named) and the paths printkit writes,
reads back (its manifest, to skip what is up to date) or removes below it.
Gives: `apart`, the refusal of an output folder inside a pack or holding one; `make_folders` and
`open_file`, which go only through real folders and files: a link (or a Windows junction) found
below the output folder is never followed but raises ELOOP naming it (errors.fault_of says so in
one line); and `identity`/`same_file`, so that a file is removed only if it is still the very
file that was found to hold what printkit wrote.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from printkit.base.errors import UsageError, display_path
from printkit.content.load import PACK_FILE

# What Windows calls links: symbolic links and junctions (mount points), as Path.is_junction() sees them
# (the stat module names these tags on Windows only; lstat reports them there only).
_LINK_TAGS = (0xA000000C, 0xA0000003)  # IO_REPARSE_TAG_SYMLINK, IO_REPARSE_TAG_MOUNT_POINT

FileId = tuple[int, int, int, int]  # device, inode, size, modification time: one file's identity


def is_link(status: os.stat_result) -> bool:
    """Whether an lstat result is a link: a symbolic link, or on Windows a junction too."""
    return stat.S_ISLNK(status.st_mode) or getattr(status, "st_reparse_tag", 0) in _LINK_TAGS


def is_folder(status: os.stat_result) -> bool:
    """Whether an lstat result is a real folder (not a link to one, nor a junction)."""
    return stat.S_ISDIR(status.st_mode) and not is_link(status)


def linked(path: Path) -> OSError:
    """The error of a link found where printkit writes or reads back its outputs."""
    return OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))


def make_folders(inside: Path, folder: Path) -> list[Path]:
    """folder, below inside, made of real folders: each missing one made, a link among them refused
    (ELOOP), a file among them refused too (ENOTDIR). Returns the folders made, outermost first."""
    made = []
    current = inside
    for part in folder.relative_to(inside).parts:
        current = current / part
        try:
            os.mkdir(current)  # never through a link: a link of that name makes it fail
        except FileExistsError:
            status = os.lstat(current)
            if is_link(status):
                raise linked(current) from None
            if not stat.S_ISDIR(status.st_mode):
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(current)) from None
        else:
            made.append(current)
    return made


# Where the OS opens and renames relative to an open folder (not Windows; os.replace renames as os.rename), a folder once checked is
# held open and written into through its handle: a folder swapped for a link meanwhile is not followed.
BY_HANDLE = {os.open, os.stat, os.chmod, os.rename, os.unlink}.issubset(os.supports_dir_fd) and hasattr(
    os, "O_DIRECTORY"
)


def folder_handle(inside: Path, folder: Path) -> int:
    """An open handle of folder, below inside, reached one real folder at a time from inside (each
    opened relative to the one before, never through a link: ELOOP). Only where BY_HANDLE."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
    handle = os.open(inside, os.O_RDONLY | os.O_DIRECTORY)
    current = inside
    try:
        for part in folder.relative_to(inside).parts:
            current = current / part
            try:
                inner = os.open(part, flags, dir_fd=handle)
            except OSError as error:
                if error.errno in (errno.ELOOP, errno.ENOTDIR) and is_link(os.lstat(current)):
                    raise linked(current) from None
                raise OSError(error.errno, error.strerror, str(current)) from None  # named as the user sees it
            os.close(handle)
            handle = inner
    except BaseException:
        os.close(handle)
        raise
    return handle


def real_folders(inside: Path, folder: Path) -> bool:
    """Whether folder exists below inside with no link among its folders."""
    current = inside
    for part in folder.relative_to(inside).parts:
        current = current / part
        try:
            if not is_folder(os.lstat(current)):
                return False
        except (OSError, ValueError):  # ValueError: a name the OS cannot take
            return False
    return True


def open_file(path: Path, flags: int, mode: int = 0o644) -> int:
    """A file opened without following a link at its name (ELOOP if there is one): O_NOFOLLOW where
    the OS has it, and a look at the name first everywhere (Windows has no O_NOFOLLOW)."""
    try:
        if is_link(os.lstat(path)):
            raise linked(path)
    except FileNotFoundError:
        pass  # created by the open, if flags say so
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0), mode)


def identity(status: os.stat_result) -> FileId:
    """What tells one file from another put in its place, even with the same bytes."""
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


def same_file(path: Path, expected: FileId) -> bool:
    """Whether path is still the regular file of that identity (not a link, not another file put there)."""
    try:
        status = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(status.st_mode) and not is_link(status) and identity(status) == expected


def apart(out: Path, roots: list[Path]) -> None:
    """Refuses (a usage error) an output folder that lies inside a pack folder, those built or any
    other, or holds one of those built: a pack's own files are not printkit's to replace or remove."""
    found = _overlap(out, roots)
    if found is not None:
        text, pack = found
        suggested = _real(pack).parent / "output"  # beside the pack, when that is apart from every pack
        such = "" if _overlap(suggested, roots) else f", such as --out {display_path(suggested)}"
        raise UsageError(f"{text}{such})")


def _overlap(out: Path, roots: list[Path]) -> tuple[str, Path] | None:
    """What is wrong with an output folder (a message that ends in its opening hint) and the pack concerned."""
    held = next((root for root in roots if _within(root, out)), None)
    if held is not None:
        return (
            f"the output folder {display_path(out)} holds the pack folder {display_path(held)}; printkit "
            "writes nothing into a pack (choose an output folder that holds no pack",
            held,
        )
    for root in roots:  # another pack where this one's outputs would go: a pack of the user's, say
        target = out / _real(root).name
        if os.path.lexists(target / PACK_FILE):
            return (
                f"the output folder {display_path(out)} holds the pack folder {display_path(target)}, where the "
                f"outputs of pack {target.name} would go; printkit writes nothing into a pack (choose an output "
                "folder that holds no pack",
                root,
            )
    inside = next((root for root in roots if _within(out, root)), None)
    if inside is None:
        real_out = _real(out)
        inside = next((f for f in (real_out, *real_out.parents) if os.path.lexists(f / PACK_FILE)), None)
    if inside is None:
        return None
    where = "is" if _within(inside, out) else "lies inside"
    return (
        f"the output folder {display_path(out)} {where} the pack folder {display_path(inside)}; printkit writes "
        "nothing into a pack (choose an output folder outside it",
        inside,
    )


def _within(path: Path, folder: Path) -> bool:
    """Whether path is folder or lies inside it, its links resolved; folders are compared by what they
    are, not by how they are spelled (a disk that ignores case takes Pack for pack)."""
    try:
        wanted = os.stat(folder)
    except OSError:  # not there yet: nothing lies in it
        return False
    real = _real(path)
    for each in (real, *real.parents):
        try:
            if os.path.samestat(os.stat(each), wanted):
                return True
        except OSError:  # a part of path that does not exist yet
            continue
    return False


def _real(path: Path) -> Path:
    """The path with its links resolved as far as it exists (os.path.realpath: never an error, even on a loop)."""
    return Path(os.path.realpath(path))
