"""The outputs of a pack that `printkit build` wrote, as the preview links them.

Takes: the pack's id, the language of the page and the build's output folder (`printkit build`'s
default, `output/` of the folder the preview runs in).
Returns: for every output kind of the build's registry (build.outputs.KINDS), in the build's order,
the files of the language that the pack's cache manifest records and that still hold what the build
wrote (`Built`), or none when the kind was not built; and `output_file`, the bytes of one of them,
read without following a link. Nothing else of the output folder is served: a name the manifest does
not record, or a file changed since it was written, is not found.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.base.confine import Refused, read_bytes
from printkit.build.cache import Manifest
from printkit.build.outputs import base
from printkit.build.outputs.base import BookKind, BuildOptions, FacesKind, OutputKind, SheetsKind
from printkit.build.outputs.rulebook import EditionsKind

OUTPUT_FOLDER = BuildOptions().out  # where `printkit build` writes by default
MAX_OUTPUT_BYTES = 512 * 2**20  # a components PDF of a big kit; what a manifest names is printkit's own
# The files a page lists at most, each hashed on every view: a kit's outputs are a few hundred (a
# pack's PNGs and shop files); a manifest naming more was not written by a build of it.
MAX_LISTED = 5000
ANY = "\0"  # stands for a layout (a paper or a sheet template's name) in an output's name


@dataclass(frozen=True)
class Built:
    kind: str
    files: list[str]  # relative to the pack's output folder, as the manifest names them


def built(pack_id: str, language: str, out: Path = OUTPUT_FOLDER) -> list[Built]:
    """Each output kind with the files of the language the last build wrote (none: not built)."""
    manifest = Manifest(out / pack_id)
    owner: dict[str, tuple[int, OutputKind]] = {}  # each output recorded, by the kind its name fits best
    for name in manifest.entries:
        for kind in base.KINDS:
            fit = _fit(kind, pack_id, language, name)
            if fit and fit > owner.get(name, (0, kind))[0]:
                owner[name] = (fit, kind)
    found: dict[str, list[str]] = {kind.name: [] for kind in base.KINDS}
    listed = 0
    for name, (_, kind) in sorted(owner.items()):
        if listed >= MAX_LISTED:  # a manifest a pack shipped with its own output/ may name without end
            break
        folder = manifest.path.parent
        files = sorted(path.relative_to(folder).as_posix() for path, _ in manifest.written(name))
        found[kind.name] += files
        listed += len(files)
    return [Built(kind, sorted(files)) for kind, files in found.items()]


def _fit(kind: OutputKind, pack_id: str, language: str, name: str) -> int:
    """How much of an output's name the kind's naming of the language's outputs fixes (0: not one of
    its names): the components PDF's name fits its PDF/X's too, by less."""
    if isinstance(kind, FacesKind):
        return len(name) if name == kind.name_of(pack_id, language) else 0
    if isinstance(kind, SheetsKind):
        return _fit_around(kind.name_of(pack_id, language, ANY), name)
    if isinstance(kind, EditionsKind):  # a booklet's name says its paper; a rulebook's none
        return _fit_around(kind.name_of(pack_id, [language], (ANY,)), name)
    assert isinstance(kind, BookKind)
    return 0  # a book kind of another shape says no names before it is planned


def _fit_around(named: str, name: str) -> int:
    """How much of name a kind's name fixes, where ANY stands for a paper or layout it may name."""
    if ANY not in named:
        return len(name) if name == named else 0
    prefix, suffix = named.split(ANY)
    layout = name[len(prefix) : len(name) - len(suffix)]
    fits = name.startswith(prefix) and name.endswith(suffix) and layout and "/" not in layout
    return len(prefix) + len(suffix) if fits else 0


def output_file(pack_id: str, language: str, file: str, out: Path = OUTPUT_FOLDER) -> bytes | None:
    """The bytes of one of the language's files listed by `built`, None for any other name."""
    if not any(file in b.files for b in built(pack_id, language, out)):
        return None
    try:
        return read_bytes(out / pack_id, out / pack_id / file, MAX_OUTPUT_BYTES)
    except (Refused, OSError):  # changed into a link, or removed, since it was listed
        return None
