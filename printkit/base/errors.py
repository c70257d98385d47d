"""Problems for people: every stage reports what is wrong as `Problem`s, collected, never raised one by one.

Takes: a file, a position and a key path from whichever stage found the problem.
Returns: `Problem` lines formatted as `file:line:col: key.path: message (hint)`, and `Problems`,
the exception a stage raises once it has collected all of them.
"""

from __future__ import annotations

import difflib
import errno
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

KeyPath = tuple[str | int, ...]


def format_key_path(path: KeyPath) -> str:
    """('cards', 3, 'edges', 'top') -> 'cards[3].edges.top'."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def did_you_mean(word: str, known: Iterable[str]) -> str | None:
    """A hint naming the closest known names, or None when nothing is close."""
    matches = difflib.get_close_matches(str(word), sorted(set(known)), n=2, cutoff=0.6)
    if not matches:
        return None
    return "did you mean " + " or ".join(f"'{m}'" for m in matches) + "?"


@dataclass(frozen=True)
class Problem:
    """What is wrong, and where: in a text file at a line and column; in a workbook (sheet set) at a
    cell, counted as the spreadsheet does (line = row, column = column; 0 for a whole row or sheet,
    and sheet '' for the whole workbook)."""

    file: str
    line: int
    column: int
    key_path: str
    message: str
    hint: str | None = field(default=None, compare=False)
    sheet: str | None = None

    def __str__(self) -> str:
        if self.sheet is None:
            where = f"{self.file}:{self.line}:{self.column}:"
            text = f"{where} {self.key_path}: {self.message}" if self.key_path else f"{where} {self.message}"
        else:
            text = f"{self.file}: {self.place}" + (f" ({self.key_path})" if self.key_path else "")
            text += f": {self.message}" if self.place else self.message
        text = f"{text} ({self.hint})" if self.hint else text
        return one_line(text)

    @property
    def place(self) -> str:
        """Where in a workbook, as its users name it: "sheet 'cards', cell C7", "sheet 'cards', row 7"."""
        if not self.sheet:
            return ""
        if not self.line:
            return f"sheet '{self.sheet}'"
        if not self.column:
            return f"sheet '{self.sheet}', row {self.line}"
        return f"sheet '{self.sheet}', cell {column_letters(self.column)}{self.line}"

    def _order(self) -> tuple:
        return (self.file, self.sheet or "", self.line, self.column, self.key_path, self.message)

    def __lt__(self, other: Problem) -> bool:
        return self._order() < other._order()


def plural(noun: str, number: int) -> str:
    """An English noun of a message in the number a count gives it: 'page' for 1, 'pages' for 12."""
    return noun if number == 1 else f"{noun}s"


def counted(number: int, noun: str) -> str:
    """'1 component', '2 components'."""
    return f"{number} {plural(noun, number)}"


def column_letters(column: int) -> str:
    """1 -> 'A', 27 -> 'AA': a column as spreadsheets name it."""
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


# Control characters, the separators str.splitlines() breaks at and the bidi controls that reorder
# what a terminal shows: escaped (\x00, \u2028, \u202e), so a value carrying them makes one honest line.
_LINE_BREAKING = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def one_line(text: str) -> str:
    """A message as one honest line: what would break or reorder it escaped."""
    return _LINE_BREAKING.sub(lambda match: match.group().encode("unicode_escape").decode("ascii"), text)


class Problems(Exception):
    """Raised by a stage with every problem it found, and what it found doubtful on the way (a
    sheet passed over), which would otherwise be lost with the pack; the CLI prints the warnings,
    then the problems, and exits 1."""

    def __init__(self, problems: Sequence[Problem], warnings: Sequence[Problem] = ()):
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = sorted(set(problems))
        self.warnings = sorted(set(warnings))


def display_path(path: Path) -> str:
    """A path as the user typed it relative to the current folder, when it is inside it. Only its
    folder is resolved: the file keeps its own name even when it is a link."""
    try:
        return str((path.parent.resolve() / path.name).relative_to(Path.cwd().resolve()))
    except (ValueError, RuntimeError):  # outside the current folder; a loop of linked folders
        return str(path)


class ValueProblem(ValueError):
    """A value that is wrong on its own, with an optional hint; model validators raise it."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint


class UsageError(Exception):
    """A command line that cannot be carried out as given; the CLI prints it and exits 2."""


class Fault(Exception):
    """The machine, not the pack or the command line, stopped a command (a folder that cannot be
    written, a full disk, another build holding the output folder); the CLI prints it and exits 1."""


# OSErrors that say what is wrong with a folder printkit writes into, and what to do about it.
_CANNOT_WRITE = {
    errno.EACCES: ("permission denied", "make it writable, or choose another folder"),
    errno.EPERM: ("permission denied", "make it writable, or choose another folder"),
    errno.EROFS: ("the disk is read-only", "choose a folder on a writable disk"),
    errno.ENOSPC: ("the disk is full", "free some space, then try again"),
    errno.EDQUOT: ("the disk quota is used up", "free some space, then try again"),
}
_NOT_A_FOLDER = (errno.ENOTDIR, errno.EEXIST)  # EEXIST: what mkdir says of a file where a folder should be


def fault_of(error: BaseException) -> Fault | None:
    """The error as a Fault for people when the machine caused it: an OSError of the kinds above, a
    file where a folder should be or the other way round, a name too long (named by the path printkit gave it);
    else None, and the error is a bug in printkit."""
    if isinstance(error, Fault):
        return error
    if not isinstance(error, OSError) or not error.filename:
        return None
    path = Path(os.fsdecode(error.filename2 or error.filename))
    if error.errno in _CANNOT_WRITE:
        reason, hint = _CANNOT_WRITE[error.errno]
        folder = path if path.is_dir() else path.parent
        return Fault(f"cannot write into {display_path(folder)}: {reason} ({hint})")
    if error.errno in _NOT_A_FOLDER:
        file = next((p for p in reversed((path, *path.parents)) if p.exists() and not p.is_dir()), path)
        return Fault(f"{display_path(file)} is a file, not a folder (move or rename it, or choose another folder)")
    if error.errno == errno.EISDIR:
        return Fault(f"{display_path(path)} is a folder, not a file (move or rename it, or choose another folder)")
    if error.errno == errno.ELOOP:  # a link where printkit writes or reads back its outputs (build.output_folder)
        return Fault(
            f"{display_path(path)} is a link; printkit never follows a link in an output folder "
            "(remove it, or choose another output folder)"
        )
    if error.errno == errno.ENAMETOOLONG:  # a file or folder name over 255 bytes, or a path over 4096
        return Fault(f"cannot use {shown_value(display_path(path))}: its name is too long (choose a shorter name)")
    return None


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """A block that writes the file path (under a temporary name, renamed into place at its end): a
    write the machine refuses names no file (a full disk fails os.write), so it becomes a Fault
    naming path, which the block left as it was."""
    try:
        yield
    except OSError as error:
        if error.filename is not None or error.errno not in _CANNOT_WRITE:
            raise
        reason, hint = _CANNOT_WRITE[error.errno]
        raise Fault(f"cannot write {display_path(path)}: {reason} ({hint})") from None


def shown_value(value: object) -> str:
    """A value as YAML would write it, for "got …" in messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{shortened(value)}'"
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return shortened(str(value))


def shortened(text: str, keep: int = 40) -> str:
    """Text to quote in a message: a long value by its start and its length."""
    return text if len(text) <= keep else f"{text[: keep // 2]}… ({len(text)} characters)"
