"""Confinement: a pack is data from a stranger, so every file printkit reads from one passes here.

Takes: the folder a file must lie in (a pack's root; None for a file the user named on the command
line) and the file's path.
Returns: the file's real path, checked, or its bytes, read with a size limit; otherwise raises
`Refused` with a message for people. A link that stays inside the folder is followed; a link out of
it, a link loop, a dangling link, a folder, a named pipe, a device or a socket is refused before
anything is opened, so nothing outside the pack is read and no file can block a build or feed it
without end.
"""

from __future__ import annotations

import errno
import os
import stat
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
            raise Refused(
                "is a link to a file outside the pack folder; printkit reads only files inside the pack",
                "copy the file into the pack instead of linking to it",
            )
        raise _linked_folder("reads")
    mode = real.stat().st_mode
    if not stat.S_ISREG(mode):
        raise _not_a_file(mode)
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
    try:  # O_NOFOLLOW and O_NONBLOCK: the file must not have become a link or a pipe since it was checked
        handle = os.open(real, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise Refused(f"cannot be read: {_reason(error)}") from None
    with os.fdopen(handle, "rb") as file:
        mode = os.fstat(file.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise _not_a_file(mode)
        data = file.read(limit + 1)
    if len(data) > limit:
        size = os.stat(real).st_size
        raise Refused(f"file is {size // 1024} KiB; at most {limit // 1024} KiB allowed")
    return data


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


MAX_FOLDER_DEPTH = 128  # an art path of at most 255 characters cannot name a file deeper


def files_under(folder: Path) -> list[Path]:
    """Every file and link below folder, down to MAX_FOLDER_DEPTH levels; linked folders are not
    entered. Walked with a list, not recursion: a pack may nest its folders a thousand deep."""
    found, waiting = [], [(folder, 0)]
    while waiting:
        current, depth = waiting.pop()
        try:
            entries = list(os.scandir(current))
        except OSError:  # unreadable: what printkit needs from it is refused when it is read
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if depth < MAX_FOLDER_DEPTH:
                    waiting.append((Path(entry.path), depth + 1))
            else:
                found.append(Path(entry.path))
    return found


def _reason(error: OSError) -> str:
    """What the system said went wrong, in lower case ("permission denied")."""
    return (error.strerror or str(error)).lower()
