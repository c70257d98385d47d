"""Incremental builds: an output is written again only when something it depends on changed.

Takes: a pack folder, the build options and the output folder.
Returns: the outputs a build of that pack would write, each with a key that hashes everything it
depends on: printkit itself (its code, fonts, catalogs and templates) and the versions of the
libraries that make the outputs' bytes, the pack's content files,
the catalogs of the output's languages, the pack's own templates for rulebooks, and the options
that change the output. A manifest beside the outputs remembers each output's key and the hashes
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
from printkit.base.errors import ValueProblem
from printkit.base.languages import UnknownLanguage
from printkit.base.package_data import folder
from printkit.build.output_folder import FileId, identity, linked, open_file, real_folders
from printkit.build.outputs import (
    components_name,
    cut_svg_name,
    editions,
    papers_of,
    pdfx_name,
    png_name,
    rulebook_name,
    sheets_duplex,
    shop_name,
)
from printkit.build.staging import atomic_target
from printkit.content.fields import parse_id
from printkit.content.source import read_yaml
from printkit.i18n.extract import message_folder
from printkit.layout.templates import PACK_FOLDER as TEMPLATES_FOLDER
from printkit.layout.templates import template_path
from printkit.output.pdfx import cmyk_profile

MANIFEST = ".printkit-cache.json"
PACKAGE = folder("printkit").resolve()
# pack folders that only some outputs (or none) read; a sheet template's file is hashed into the
# outputs laid out on it
NOT_CONTENT = ("locales", "templates", "decks", TEMPLATES_FOLDER)
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


def _hash_files(paths: list[Path], base: Path) -> str:
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


def _files(folder: Path) -> list[Path]:
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
    return __version__ + json.dumps(versions, sort_keys=True) + _hash_files(_files(PACKAGE), PACKAGE.parent)


def _version(library: str) -> str:
    """An installed library's version, from the Version line of its metadata: what
    importlib.metadata.version() returns, without parsing the whole file as an e-mail message
    (fourteen of those took 20 ms, a tenth of an up-to-date build)."""
    text = metadata.distribution(library).read_text("METADATA") or ""
    line = next((line for line in text.splitlines() if line.startswith("Version:")), None)
    if line is None:
        raise metadata.PackageNotFoundError(f"{library} has no Version in its metadata")
    return line.removeprefix("Version:").strip()


@cache
def _profile_key() -> str:
    """The CMYK profile --pdfx converts with and embeds (another Ghostscript may bring another)."""
    profile = cmyk_profile()
    return "" if profile is None else f"{profile}:{_file_hash(profile)}"


def _key(*parts: object) -> str:
    return hashlib.sha256(json.dumps([code_key(), *parts], sort_keys=True).encode()).hexdigest()


def _pack_facts(root: Path) -> tuple[str, str, list[str], list[list[str]] | None, str] | None:
    """The id, source language, locales, editions and default paper that pack.yaml gives, or None when what
    the plan needs of it is not what the loader accepts (the loader reports why)."""
    # read as the loader reads it (libyaml, with its limits); problems are the loader's to report
    meta = read_yaml(root / "pack.yaml", "pack.yaml", root).data
    if not isinstance(meta, dict):
        return None
    try:
        pack_id = parse_id(meta.get("id"))
    except ValueProblem:
        return None
    locales, defaults, declared = meta.get("locales", ["en"]), meta.get("defaults") or {}, meta.get("editions")
    if pack_id != root.resolve().name or not isinstance(locales, list) or not isinstance(defaults, dict):
        return None  # an id is never a path here
    if declared is not None and not (isinstance(declared, list) and all(isinstance(e, list) for e in declared)):
        return None
    editions = None if declared is None else [[str(lang) for lang in edition] for edition in declared]
    return (
        pack_id,
        str(meta.get("language", "en")),
        [str(lang) for lang in locales],
        editions,
        str(defaults.get("paper", "a4")),
    )


def plan(root: Path, options) -> tuple[str, list[Output]] | None:
    """The pack's id and the outputs a build of it would write, or None when its pack.yaml has a
    problem (the build then reports it)."""
    facts = _pack_facts(root)
    if facts is None:
        return None
    pack_id, source, locales, declared, paper = facts
    papers = papers_of(options, paper)
    layouts, template = papers, ""  # what components are laid out on, and the template file's hash
    if options.template is not None:
        path = template_path(options.template, root)
        layouts, template = (path.stem,), _hash_files([path], path.parent)
    content = _hash_files(
        [p for p in _files(root) if p.relative_to(root).parts[0] not in NOT_CONTENT and not p.name.startswith(".")],
        root,
    )

    @cache
    def catalog(language: str) -> str:
        """The language's catalogs: its folder as gettext names it (pt_BR), with printkit.po if any."""
        if language == source:
            return ""
        try:
            folder = message_folder(root / "locales", language).parent
        except UnknownLanguage:  # not a language: the build refuses it
            folder = root / "locales" / language
        return _hash_files(_files(folder), root)

    languages = list(options.languages or locales)
    outputs = []
    for language in languages:
        for layout in layouts:
            sheets = (
                content,
                catalog(language),
                language,
                layout,
                template,
                sheets_duplex(options),
                options.bleed,
                options.ink_saver,
            )
            outputs.append(Output(components_name(pack_id, language, layout), _key(*sheets, options.strict)))
            if options.pdfx:
                pdfx = _key(*sheets, options.strict, "pdfx", _profile_key())
                outputs.append(Output(pdfx_name(pack_id, language, layout), pdfx))
            if options.cut_svg:
                outputs.append(Output(cut_svg_name(language, layout), _key(*sheets, options.strict, "cut-svg")))
        if options.png:
            outputs.append(
                Output(
                    png_name(language),
                    _key(content, catalog(language), language, "png", options.bleed, options.ink_saver, options.strict),
                )
            )
        for shop in options.shops:  # fixed bleed and no paper: neither --bleed nor --paper nor --duplex changes them
            outputs.append(
                Output(
                    shop_name(shop, pack_id, language),
                    _key(content, catalog(language), language, shop, options.ink_saver, options.strict),
                )
            )
    if options.rulebooks and (root / "rulebook.yaml").is_file():
        templates = _hash_files(_files(root / "templates"), root)
        for edition in editions(languages, source, declared):
            outputs.append(
                Output(
                    rulebook_name(pack_id, edition),
                    _key(
                        content,
                        templates,
                        [catalog(lang) for lang in edition],
                        edition,
                        papers[0],
                        options.booklet,
                        options.strict,
                    ),
                )
            )
    return pack_id, outputs


def _file_hash(path: Path) -> str:
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
        files = self._files(output.name, output.key)
        return bool(files) and all(self._holding(name, digest) is not None for name, digest in files.items())

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
            "files": {f.relative_to(folder).as_posix(): _file_hash(f) for f in files},
        }

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


def _relative(name: str) -> bool:
    """Whether a file name of the manifest stays inside the pack's output folder: relative, without
    `..`, a backslash or a drive (it may have been edited to name another file)."""
    path = PurePosixPath(name)
    return bool(path.parts) and not path.is_absolute() and ".." not in path.parts and not set(name) & set("\\:")
