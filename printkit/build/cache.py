"""Incremental builds: an output is written again only when something it depends on changed.

Takes: the parts an output depends on (see build.plan, which names them for each output kind).
Returns: the output's key, a hash of them and of printkit itself (its code, fonts, catalogs and
templates) and the versions of the libraries that make the outputs' bytes. A manifest beside the outputs remembers each output's key and the hashes
of the files written; an output is up to date only when its key is unchanged and its files are
still exactly what was written, so neither an edit nor a tampered or missing file can be missed.
It is also what printkit may remove: only a file it recorded writing that still holds what it
wrote (Manifest.written). The manifest and the files it names are read without following a link.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from printkit import __version__
from printkit.base.confine import files_under
from printkit.base.package_data import folder
from printkit.build.output_folder import FileId, identity, linked, open_file, real_folders
from printkit.build.staging import atomic_target

MANIFEST = ".printkit-cache.json"
PACKAGE = folder("printkit").resolve()
# The libraries whose code makes the bytes of an output (or the values drawn): an upgrade rebuilds.
# Pango and HarfBuzz, which shape a rulebook's text, are system libraries, not Python distributions.
DRAWING_LIBRARIES = (
    "python-calamine",  # reads the spreadsheets a pack's components may come from
    "reportlab",  # draws the kits
    "rl_accel",  # reportlab's number formatting
    "Pillow",  # art, and the PNGs
    "pypdfium2",  # rasterises the PNGs
    "pypdf",  # imposes booklets
    "Jinja2",  # writes a rulebook's HTML
    "weasyprint",  # typesets it, with the six below
    "tinyhtml5",  # parses the HTML
    "tinycss2",  # parses the CSS
    "cssselect2",  # matches its selectors
    "Pyphen",  # hyphenation
    "fonttools",  # font subsets
    "pydyf",  # the PDF file
    "pydantic",  # its coercions decide the values every output draws
)


@dataclass(frozen=True)
class Output:
    """One output of a pack: its name in the manifest and the key of everything it depends on."""

    name: str
    key: str
    # a kit PDF's language and the fingerprints of the components it prints (build.selection), kept
    # in the language's record; with a part of the kit printed (--only, --changed-since) added to it
    printed: tuple[str, tuple[tuple[str, str], ...]] | None = None
    printed_part: bool = False


def hash_files(paths: list[Path], base: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(path.relative_to(base)).encode() + b"\0")
        if path.is_symlink():  # its text, never what it points to: a link may lead out of the pack
            digest.update(b"link:" + os.fsencode(os.readlink(path)))
        else:
            with path.open("rb") as file:
                _feed(digest, file)
        digest.update(b"\0")
    return digest.hexdigest()


def _feed(digest, file: BinaryIO) -> None:
    """A file's bytes into a digest, a piece at a time: a big deck's files need not be in memory."""
    while piece := file.read(1 << 20):
        digest.update(piece)


def files_of(folder: Path) -> list[Path]:
    """The files and links of a folder; named pipes and devices are left for the loader to refuse
    (opening one would block or never end)."""
    if not folder.is_dir():
        return []
    return [
        p
        for p in files_under(folder)
        if (p.is_symlink() or stat.S_ISREG(p.lstat().st_mode)) and "__pycache__" not in p.parts
    ]


@cache
def code_key() -> str:
    """printkit itself and the libraries it draws with: a change to any of its files, or another
    version of one of them, can change any output."""
    versions = {name: _version(name) for name in DRAWING_LIBRARIES}
    return __version__ + json.dumps(versions, sort_keys=True) + hash_files(files_of(PACKAGE), PACKAGE.parent)


def _version(library: str) -> str:
    """An installed library's version, from the Version line of its metadata: what
    importlib.metadata.version() returns, without parsing the whole file as an e-mail message
    (fourteen of those took 20 ms, a tenth of an up-to-date build)."""
    text = metadata.distribution(library).read_text("METADATA") or ""
    line = next((line for line in text.splitlines() if line.startswith("Version:")), None)
    if line is None:
        raise metadata.PackageNotFoundError(f"{library} has no Version in its metadata")
    return line.removeprefix("Version:").strip()


def key(*parts: object) -> str:
    """The cache key of an output: printkit's code and libraries, and every part given."""
    return hashlib.sha256(json.dumps([code_key(), *parts], sort_keys=True).encode()).hexdigest()


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        _feed(digest, file)
    return digest.hexdigest()


# A manifest printkit writes lists a few hundred files at most (a PNG export of a big kit): a larger
# one is not printkit's, and is forgotten like any other it did not write.
MAX_MANIFEST_BYTES = 16 * 2**20


class Manifest:
    """What was written into one pack's output folder (folder, below the output folder the user
    named), and from which keys."""

    def __init__(self, folder: Path):
        self.path = folder / MANIFEST
        try:
            with self._open(self.path) as file:
                text = file.read(MAX_MANIFEST_BYTES + 1)
            entries = json.loads(text.decode("utf-8")) if len(text) <= MAX_MANIFEST_BYTES else {}
        except (OSError, ValueError, RecursionError):  # not JSON, not UTF-8, nested past Python's stack
            entries = {}
        # one that is not what printkit writes (edited, or another tool's) is forgotten: all is built again
        self.entries: dict = entries if isinstance(entries, dict) else {}

    def fresh(self, output: Output) -> bool:
        """Whether the output is recorded with its key and its files still hold what was written (an
        output that wrote no file, a shop's folder of a kit it makes nothing of, is fresh too)."""
        entry = self.entries.get(output.name)
        if not isinstance(entry, dict) or entry.get("key") != output.key or not isinstance(entry.get("files"), dict):
            return False
        return all(self._holding(name, digest) is not None for name, digest in entry["files"].items())

    def file_count(self, output: Output) -> int:
        """How many files the output wrote when it was recorded (fresh says whether they are still those)."""
        return len(self.entries[output.name]["files"])

    def written(self, name: str, besides: Collection[Path] = ()) -> list[tuple[Path, FileId]]:
        """The files the output called name wrote when it was recorded, but those in besides, that
        still hold exactly what was written, each with the identity of the file found: those
        printkit may remove."""
        found = []
        for file, digest in self._files(name).items():
            path = self.path.parent / file
            status = None if path in besides else self._holding(file, digest)
            if status is not None:
                found.append((path, identity(status)))
        return found

    def record(self, output: Output, files: list[Path]) -> None:
        folder = self.path.parent
        self.entries[output.name] = {
            "key": output.key,
            "files": {f.relative_to(folder).as_posix(): file_hash(f) for f in files},
        }
        if output.printed is not None:
            language, marks = output.printed
            earlier = printed_record(self, language) if output.printed_part else {}
            self.entries[PRINTED + language] = {"printed": {**earlier, **dict(marks)}}

    def save(self) -> None:
        with atomic_target(self.path, inside=self.path.parent.parent) as temporary:
            temporary.write_text(json.dumps(self.entries, indent=1, sort_keys=True), encoding="utf-8")

    def _files(self, name: str, key: str | None = None) -> dict:
        """The files an entry names with their hashes (none for an entry of another shape, or of
        another key when one is given)."""
        entry = self.entries.get(name)
        if not isinstance(entry, dict) or (key is not None and entry.get("key") != key):
            return {}
        files = entry.get("files")
        return files if isinstance(files, dict) else {}

    def _holding(self, name: object, digest: object) -> os.stat_result | None:
        """The status of the file a manifest names, if it lies in the pack's output folder, is reached
        without a link and holds the bytes whose hash is digest."""
        if not isinstance(name, str) or not _relative(name) or not name.isprintable() or "\x00" in name:
            return None
        try:
            with self._open(self.path.parent / name) as file:
                hashed = hashlib.sha256()
                _feed(hashed, file)
                status = os.fstat(file.fileno())
        except (OSError, ValueError):  # ValueError: a name the OS cannot take (a lone surrogate, say)
            return None
        return status if hashed.hexdigest() == digest else None

    def _open(self, path: Path) -> BinaryIO:
        """A regular file of the pack's output folder, opened without following a link (OSError if not)."""
        if not real_folders(self.path.parent.parent, path.parent):
            raise linked(path)  # or missing: either way nothing to read
        file = os.fdopen(open_file(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb")
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):  # a named pipe, say: reading it could block
            file.close()
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        return file


# The entry of a language's record of what its kit PDFs printed last (build.selection), beside the outputs'
PRINTED = "printed:"


def printed_record(manifest: Manifest, language: str) -> dict[str, str]:
    """The fingerprints of the components the language's kit PDFs printed last, as the manifest records them."""
    entry = manifest.entries.get(PRINTED + language)
    printed = entry.get("printed") if isinstance(entry, dict) else None
    return {str(k): str(v) for k, v in printed.items()} if isinstance(printed, dict) else {}


def _relative(name: str) -> bool:
    """Whether a file name of the manifest stays inside the pack's output folder and is written as
    printkit writes names: relative, without `..`, `.`, `//`, a backslash or a drive (it may have been
    edited to name another file, or one file under many names)."""
    path = PurePosixPath(name)
    written_as_printkit_does = path.as_posix() == name and "." not in name.split("/")
    return (
        bool(path.parts)
        and written_as_printkit_does
        and not path.is_absolute()
        and ".." not in path.parts
        and not set(name) & set("\\:")
    )
