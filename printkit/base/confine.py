"""Confinement: a pack is data from a stranger, so every file printkit reads from one passes here.

Takes: the folder a file must lie in (a pack's root; None for a file the user named on the command
line) and the file's path.
Returns: the file's real path, checked, or its bytes, read with a size limit; the names in a folder
of the pack; the folders below one that are its own; otherwise raises `Refused` with a message for
people. A link that stays inside the folder is followed; a link out of it, a link loop, a dangling
link, a folder, a named pipe, a device or a socket is refused before anything is opened, so nothing
outside the pack is read and no file can block a build or feed it without end. What is read is
opened without following a link, step by step from the pack's folder (O_NOFOLLOW, relative to the
folder opened before), and the opened file itself is checked: a file or folder replaced by a link
between the check and the read is refused, not followed. Where the system has no O_NOFOLLOW
(Windows), the opened file must be the one the path itself names (lstat), at the path checked.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from printkit.base.errors import Problem, Problems, display_path


class Refused(Exception):
    """A file printkit will not read, with what to do about it."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.message, self.hint = message, hint

    def problem(self, shown: str) -> Problem:
        """The refusal as a problem at the start of the file (as the user names it)."""
        return Problem(shown, 1, 1, "", self.message, self.hint)

    def problems(self, path: Path) -> Problems:
        """The refusal of the file at path, for a stage to raise."""
        return Problems([self.problem(display_path(path))])


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_a_file(mode: int) -> Refused:
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return Refused(f"is {kind}, not a file", "printkit reads only ordinary files")


def checked(folder: Path | None, path: Path) -> Path:
    """The real path of a regular file that lies inside folder (anywhere when folder is None)."""
    real = _resolved(folder, path)
    mode = real.stat().st_mode
    if not stat.S_ISREG(mode):
        raise _not_a_file(mode)
    return real


def _resolved(folder: Path | None, path: Path) -> Path:
    """The real path of what path names, which must lie inside folder (anywhere when folder is None)."""
    try:
        real = path.resolve(strict=True)
    except FileNotFoundError:
        if path.is_symlink():
            raise Refused(
                "is a link to a file that does not exist",
                "point the link at a file inside the pack, or replace it with the file",
            ) from None
        raise Refused("does not exist") from None
    except (RuntimeError, OSError) as error:  # Python 3.11 reports a loop of links as RuntimeError
        if isinstance(error, OSError) and error.errno != errno.ELOOP:
            raise Refused(f"cannot be read: {_reason(error)}") from None
        raise Refused("is a loop of links that never reaches a file", "replace the link with the file") from None
    if folder is not None and not real.is_relative_to(folder.resolve()):
        if path.is_symlink():
            kind = "folder" if real.is_dir() else "file"
            raise Refused(
                f"is a link to a {kind} outside the pack folder; printkit reads only files inside the pack",
                f"copy the {kind} into the pack instead of linking to it",
            )
        raise _linked_folder("reads")
    return real


def named_as_written(folder: Path, relative: str) -> bool:
    """Whether each part of a path inside folder is the name of its file or folder exactly, letter
    case included. A file system that ignores case (Windows, macOS) opens `art/ember.png` for
    `art/Ember.PNG`, which Linux does not: a pack must name its files as they are named, so that it
    builds the same everywhere."""
    for part in Path(relative).parts:
        try:
            if part not in os.listdir(folder):
                return False
        except OSError:
            return False
        folder = folder / part
    return True


def as_named(path: Path) -> Path:
    """path with its last part spelt as its folder lists it, where the file system ignores letter case
    and the user typed it in another case (`content/Skystones` for `content/skystones`)."""
    try:
        names = os.listdir(path.parent)
    except OSError:
        return path
    if path.name in names:
        return path
    twins = [name for name in names if name.casefold() == path.name.casefold()]
    return next((path.parent / name for name in twins if os.path.samefile(path.parent / name, path)), path)


def _linked_folder(verb: str) -> Refused:
    return Refused(
        f"lies in a folder linked out of the pack; printkit {verb} only files inside the pack",
        "replace the linked folder with a real one",
    )


def read_bytes(folder: Path | None, path: Path, limit: int) -> bytes:
    """The bytes of a regular file inside folder, refusing one larger than limit bytes."""
    real = checked(folder, path)
    # O_NONBLOCK: the file must not have become a pipe since it was checked (it is refused below)
    with os.fdopen(_opened(folder, real, getattr(os, "O_NONBLOCK", 0)), "rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise _not_a_file(status.st_mode)
        data = file.read(limit + 1)
    if len(data) > limit:
        raise Refused(f"file is {status.st_size // 1024} KiB; at most {limit // 1024} KiB allowed")
    return data


# What pack_file read, by the real path it names: the version of the file it read (device, inode,
# size, time of change) and its bytes. A file is read once however often it is drawn or checked, and
# again once it changes (the preview).
_PACK_FILES: dict[Path, tuple[tuple[int, int, int, int], bytes]] = {}


def pack_file(folder: Path, path: Path, limit: int) -> tuple[Path, bytes]:
    """The real path and bytes of an art or font file inside folder, read confined (never through a
    link: a file swapped for one after it was checked is refused) once per version of the file.
    Libraries are given these bytes, never the path to open again."""
    real = checked(folder, path)
    try:
        status = os.lstat(real)
    except OSError as error:
        raise Refused(f"cannot be read: {_reason(error)}") from None
    version = (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)
    kept = _PACK_FILES.get(real)
    if kept is not None and kept[0] == version and stat.S_ISREG(status.st_mode):
        return real, kept[1]
    with os.fdopen(_opened(folder, real, getattr(os, "O_NONBLOCK", 0)), "rb") as file:
        opened = os.fstat(file.fileno())
        if not stat.S_ISREG(opened.st_mode):
            raise _not_a_file(opened.st_mode)
        data = file.read(limit + 1)
    if len(data) > limit:
        raise Refused(f"file is {opened.st_size // 1024} KiB; at most {limit // 1024} KiB allowed")
    _PACK_FILES[real] = ((opened.st_dev, opened.st_ino, opened.st_size, opened.st_mtime_ns), data)
    return real, data


def pack_file_bytes(real: Path) -> bytes:
    """The bytes pack_file read of the file at real path (in this process)."""
    return _PACK_FILES[real][1]


def read_text(folder: Path | None, path: Path, limit: int) -> str:
    """The UTF-8 text of a regular file inside folder, refusing one larger than limit bytes."""
    data = read_bytes(folder, path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Refused(
            f"is not UTF-8 text: {error.reason} at byte {error.start}", "save it with UTF-8 encoding"
        ) from None


def writable(folder: Path, path: Path) -> Path:
    """path, checked to land inside folder once written (printkit writes catalogs into packs)."""
    try:
        parent = path.parent.resolve()
    except RuntimeError:  # a loop of linked folders
        raise Refused("lies in a loop of linked folders", "replace the linked folder with a real one") from None
    if not parent.is_relative_to(folder.resolve()):
        raise _linked_folder("writes")
    return path


def names_in(folder: Path, path: Path) -> list[str]:
    """The names of the files (and links) in the folder at path, which lies inside folder; its
    subfolders are left out. The folder is opened as a file is read: one linked out of the pack, or
    replaced by such a link meanwhile, is refused, never listed."""
    real = _resolved(folder, path)
    if not stat.S_ISDIR(real.stat().st_mode):
        raise Refused("is not a folder")
    if _STEPS_WITHOUT_LINKS:
        handle = _opened(folder, real, os.O_DIRECTORY)
        try:
            with os.scandir(handle) as entries:
                return sorted(entry.name for entry in entries if not entry.is_dir(follow_symlinks=False))
        finally:
            os.close(handle)
    if not stat.S_ISDIR(os.lstat(real).st_mode) or real.resolve() != real:  # a folder cannot be opened here
        raise _became_link()
    with os.scandir(real) as entries:
        return sorted(entry.name for entry in entries if not entry.is_dir(follow_symlinks=False))


# O_NOFOLLOW at every step of a path, each opened relative to the folder before (POSIX); elsewhere
# (Windows) a file is opened by its path and compared with what the path itself names.
_STEPS_WITHOUT_LINKS = hasattr(os, "O_NOFOLLOW") and os.open in os.supports_dir_fd
# A folder on the way is only passed through: O_PATH (Linux) needs no permission to read it.
_PASSED = getattr(os, "O_PATH", os.O_RDONLY)


def _opened(folder: Path | None, real: Path, flags: int) -> int:
    """A descriptor of real (resolved by _resolved) opened for reading without following a link:
    one put in place of the file or a folder on its way since it was resolved is refused."""
    flags |= os.O_RDONLY | getattr(os, "O_BINARY", 0)
    try:
        if not _STEPS_WITHOUT_LINKS:
            handle, same = os.open(real, flags), False
            try:
                same = os.path.samestat(os.fstat(handle), os.lstat(real)) and real.resolve() == real
            finally:
                if not same:
                    os.close(handle)
            if not same:
                raise _became_link()
            return handle
        start = folder.resolve() if folder is not None else real.parent  # a file the user named: no boundary
        *folders, name = real.relative_to(start).parts
        handle = os.open(start, _PASSED | os.O_DIRECTORY)
        for part in folders:
            handle = _step(handle, part, _PASSED | os.O_DIRECTORY)
        return _step(handle, name, flags)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):  # EMLINK: BSD's O_NOFOLLOW on a link
            raise _became_link() from None
        raise Refused(f"cannot be read: {_reason(error)}") from None


def _step(folder: int, name: str, flags: int) -> int:
    """name opened in the folder open as folder, not following a link; folder is closed."""
    try:
        return os.open(name, flags | os.O_NOFOLLOW, dir_fd=folder)
    finally:
        os.close(folder)


def _became_link() -> Refused:
    return Refused(
        "was replaced while printkit read it (a link or another file took its place, or a folder's on its "
        "way); printkit follows no link it has not checked",
        "save it again: a link must stay inside the pack",
    )


MAX_FOLDER_DEPTH = 128  # an art path of at most 255 characters cannot name a file deeper


def files_under(folder: Path) -> list[Path]:
    """Every file and link below folder, down to MAX_FOLDER_DEPTH levels; linked folders are not entered."""
    return [path for path, is_folder in _walk(folder, lambda _: True) if not is_folder]


def entries_under(folder: Path, enter: Callable[[Path], bool]) -> list[tuple[Path, bool]]:
    """Every entry below folder with whether it is a folder (a link to one is not), entering the
    folders enter admits, down to MAX_FOLDER_DEPTH levels."""
    return list(_walk(folder, enter))


def folders_under(folder: Path, enter: Callable[[Path], bool]) -> list[Path]:
    """folder and the folders below it that enter admits, down to MAX_FOLDER_DEPTH levels: its own
    folders only, never one a link leads to."""
    return [folder] + [path for path, is_folder in _walk(folder, enter) if is_folder and enter(path)]


def _walk(folder: Path, enter: Callable[[Path], bool]) -> Iterator[tuple[Path, bool]]:
    """Every entry below folder and whether it is a folder (a link to one is not), entering the
    folders enter admits. Walked with a list, not recursion: a pack may nest its folders a thousand deep."""
    waiting = [(folder, 0)]
    while waiting:
        current, depth = waiting.pop()
        try:
            entries = list(os.scandir(current))
        except OSError:  # unreadable: what printkit needs from it is refused when it is read
            continue
        for entry in entries:
            path, is_folder = Path(entry.path), entry.is_dir(follow_symlinks=False)
            yield path, is_folder
            if is_folder and depth < MAX_FOLDER_DEPTH and enter(path):
                waiting.append((path, depth + 1))


def _reason(error: OSError) -> str:
    """What the system said went wrong, in lower case ("permission denied")."""
    return (error.strerror or str(error)).lower()
