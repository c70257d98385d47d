"""A pack as the preview shows it: loaded again on every change, each component with a version.

Takes: a pack folder.
Returns: `Preview`, whose `reload` says which components changed, and whose `snapshot` is what the
page shows: the components by section (those of the last pack that loaded, the places where
problems are shown while the pack does not load), each with its version and the problems that
concern it (text that does not fit is found by drawing a component's faces in every language
whenever it changes, as `printkit check` draws them), and the problems that concern no one
component. It draws a component's faces as PNG at a screen's resolution, by version (so an edit
to one card draws only that card again), and makes the rulebook of a language once per change, in
a temporary folder of its own. Drawing and typesetting are the build's own code, which confines
what a pack may read.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from printkit.base.errors import Problem, Problems, format_key_path
from printkit.content.load import Pack, component_files
from printkit.content.model import COMPONENT_KINDS, Component
from printkit.content.validate import load_checked
from printkit.i18n.catalog import translate
from printkit.layout.imposition import Faces, Piece
from printkit.output.png import faces_at, png_bytes

FACES = ("front", "back")
SCREEN_DPI = 150  # sharp enough on a screen, a quarter of the pixels of print's 300
FOLDERS_NOT_DRAWN = ("decks", "output")  # players' lists and a build's outputs draw no component
# PDFium is not thread-safe, and reportlab's font registry is shared: one face is drawn at a time.
_drawing = threading.Lock()


def load(root: Path) -> tuple[Pack | None, list[Problem]]:
    """The pack and every problem found loading and validating it; the one place that decides how
    the preview loads a pack (a loader that keeps the valid components of a broken pack fits here)."""
    try:
        (pack,) = load_checked([root])
    except Problems as error:
        return None, list(error.problems)
    return pack, []


@dataclass(frozen=True)
class Shown:
    """A component as the page shows it: its faces (of this version), or the problems that concern it."""

    component: Component
    version: str
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class Snapshot:
    pack: Pack | None  # the last pack that loaded (None: none has yet)
    shown: dict[str, Shown]  # by component id, in the pack's order
    problems: tuple[Problem, ...]  # those that concern no one component
    generation: int  # counts the packs loaded: drawings and rulebooks are kept per generation

    def problem_count(self) -> int:
        return len(self.problems) + sum(len(shown.problems) for shown in self.shown.values())

    def sections(self) -> dict[str, list[Shown]]:
        """The components shown, by section in printkit's order of sections."""
        grouped: dict[str, list[Shown]] = {section: [] for section in COMPONENT_KINDS}
        for shown in self.shown.values():
            grouped[shown.component.section].append(shown)
        return {section: items for section, items in grouped.items() if items}


@dataclass
class Drawn:
    """A language's translated pack and faces, for one generation; or the problems translating it."""

    pack: Pack | None
    faces: Faces | None
    pieces: dict[str, Piece]
    drafts: frozenset[str]  # components still partly untranslated, marked DRAFT as printed
    rulebook_drafts: frozenset[str]  # the language, when its rulebook is still partly untranslated
    problems: tuple[Problem, ...]


@dataclass
class Preview:
    root: Path
    snapshot: Snapshot = field(init=False)
    _drawn: dict[tuple[int, str], Drawn] = field(default_factory=dict, init=False)
    _images: dict[tuple[str, str, str], bytes] = field(default_factory=dict, init=False)  # (lang, id, version-face)
    _rulebooks: dict[str, tuple[int, bytes | tuple[Problem, ...]]] = field(default_factory=dict, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    viewed: set[str] = field(default_factory=set, init=False)  # the languages pages were opened in
    # by component id: the version it was drawn in, and its text that cannot be set in any language
    _fits: dict[str, tuple[str, tuple[Problem, ...]]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.snapshot = Snapshot(None, {}, (), 0)
        self.reload()

    @property
    def id(self) -> str:
        return self.root.resolve().name

    def languages(self) -> list[str]:
        pack = self.snapshot.pack
        return list(pack.meta.locales) if pack else []

    def reload(self) -> list[str] | None:
        """Load the pack again; the ids of the components whose picture or problems changed, or None
        when nothing the page shows changed."""
        old = self.snapshot
        pack, problems = load(self.root)
        places = pack or old.pack
        generation = old.generation + (pack is not None)
        concerning = _by_component(problems, places)
        if pack is not None:
            surroundings = _surroundings(self.root)
            drawn = {language: _draw(pack, language) for language in pack.meta.locales}
            data = {c.id: _digest(surroundings + c.model_dump_json()) for c in pack.components}
            fits = {cid: fit for cid, (version, fit) in self._fits.items() if data.get(cid) == version}
            with _drawing:
                for component in pack.components:
                    if component.id not in fits:
                        fits[component.id] = _fit_problems(drawn.values(), component.id)
            self._fits = {cid: (data[cid], fits[cid]) for cid in data}
            concerning = {cid: list(fit) for cid, fit in fits.items() if fit}
            with self._lock:  # the faces drawn to find them are the first the pages ask for
                self._drawn.update({(generation, language): d for language, d in drawn.items()})
        shown = {}
        for component in places.components if places else []:
            own = tuple(concerning.get(component.id, ()))
            if own:
                version = _digest("\n".join(map(str, own)))
            elif pack is not None:
                version = data[component.id]
            else:  # the pack does not load, but nothing points at this component: its last picture stands
                version = old.shown[component.id].version
            shown[component.id] = Shown(component, version, own)
        placed = {problem for own in concerning.values() for problem in own}
        rest = tuple(problem for problem in problems if problem not in placed)
        self.snapshot = Snapshot(places, shown, rest, generation)
        changed = [
            cid
            for cid in shown.keys() | old.shown.keys()
            if cid not in shown or cid not in old.shown or shown[cid].version != old.shown[cid].version
        ]
        versions = {s.version for s in shown.values()}
        with self._lock:  # what no component shows any more is dropped
            self._images = {key: png for key, png in self._images.items() if key[2].split("-")[0] in versions}
            self._drawn = {key: drawn for key, drawn in self._drawn.items() if key[0] == generation}
        if not changed and rest == old.problems and list(shown) == list(old.shown):
            return None
        order = {cid: index for index, cid in enumerate(shown)}
        return sorted(changed, key=lambda cid: (order.get(cid, len(order)), cid))

    def drawn(self, language: str) -> Drawn:
        """The pack translated into language and its faces, made once per generation."""
        snapshot = self.snapshot
        key = (snapshot.generation, language)
        self.viewed.add(language)
        with self._lock:
            if key not in self._drawn:
                self._drawn[key] = _draw(snapshot.pack, language)
            return self._drawn[key]

    def face(self, language: str, component_id: str, face: str) -> bytes | None:
        """The PNG of a face of a component as it is now; None when it has problems (or no such face)."""
        shown = self.snapshot.shown.get(component_id)
        drawn = self.drawn(language)
        piece = drawn.pieces.get(component_id)
        if shown is None or shown.problems or piece is None or drawn.faces is None:
            return None
        if face == "back" and piece.back is None:
            return None
        key = (language, component_id, f"{shown.version}-{face}")
        with self._lock:
            if key in self._images:
                return self._images[key]
        with _drawing:
            with self._lock:  # drawn meanwhile, by the request before or by draw_ahead
                if key in self._images:
                    return self._images[key]
            (image,) = (image for _, image in faces_at([drawn.faces.complete(piece)], 0.0, SCREEN_DPI, (face,)))
            png = png_bytes(image, SCREEN_DPI, compress_level=1)
            with self._lock:
                self._images[key] = png
        return png

    def draw_ahead(self, component_ids: list[str]) -> None:
        """Draw the faces of these components in the languages pages were opened in, before the
        pages ask for them."""
        for language in sorted(self.viewed):
            for component_id in component_ids:
                for face in FACES:
                    self.face(language, component_id, face)

    def rulebook(self, language: str) -> bytes | tuple[Problem, ...]:
        """The rulebook PDF of language as the build typesets it, or the problems that stopped it."""
        from printkit.rulebook.book import Part, make  # heavy: imported only when a rulebook is asked for

        generation = self.snapshot.generation
        made = self._rulebooks.get(language)
        if made is not None and made[0] == generation:
            return made[1]
        drawn = self.drawn(language)
        if drawn.pack is None:
            return drawn.problems
        with tempfile.TemporaryDirectory(prefix="printkit-serve-") as folder:
            target = Path(folder) / f"{self.id}-rulebook-{language}.pdf"
            try:
                with _drawing:
                    make([Part(language, drawn.pack)], drawn.pack.meta.defaults.paper, drawn.rulebook_drafts, target)
                result: bytes | tuple[Problem, ...] = target.read_bytes()
            except Problems as error:
                result = tuple(error.problems)
        self._rulebooks[language] = (generation, result)
        return result


def _draw(pack: Pack | None, language: str) -> Drawn:
    """The pack translated as the build translates it (components still partly untranslated are
    drafts, marked as printed), with its faces ready to draw at trim size."""
    if pack is None:
        return Drawn(None, None, {}, frozenset(), frozenset(), ())
    try:
        translation = translate(pack, language)
    except Problems as error:
        return Drawn(None, None, {}, frozenset(), frozenset(), tuple(error.problems))
    drafts = frozenset(translation.drafts)
    faces = Faces(translation.pack, language, 0.0, drafts=drafts)
    pieces = {piece.component.id: piece for piece in faces.outlines()}
    rulebook_drafts = frozenset({language} if any(m.key.kind == "rulebook" for m in translation.missing) else ())
    return Drawn(translation.pack, faces, pieces, drafts, rulebook_drafts, ())


def _fit_problems(drawn: Iterable[Drawn], component_id: str) -> tuple[Problem, ...]:
    """The text of a component that cannot be set in any of the languages drawn: found by drawing
    its faces, as `printkit check` does."""
    found: list[Problem] = []
    for language in drawn:
        if language.faces is not None:
            before = len(language.faces.ctx.problems)
            language.faces.complete(language.pieces[component_id])
            found += language.faces.ctx.problems[before:]
    return tuple(found)


def _by_component(problems: list[Problem], pack: Pack | None) -> dict[str, list[Problem]]:
    """The problems that concern a component of pack, by its id: those at its key path in its file
    (`cards[3].name`), and those without one inside its item of that file (a YAML syntax error)."""
    if pack is None:
        return {}
    by_place = {(c.origin.file, format_key_path(c.origin.path)): c.id for c in pack.components}
    items = dict(_items(pack)) if any(not problem.key_path for problem in problems) else {}
    found: dict[str, list[Problem]] = {}
    for problem in problems:
        key = problem.key_path.split(".")[0]
        if "[" in key:
            key = key[: key.index("]", key.index("[")) + 1]  # cards[3].stats[0] -> cards[3]
        owner = by_place.get((problem.file, key))
        if owner is None and not problem.key_path:
            owner = next(
                (
                    cid
                    for cid, (file, first, last) in items.items()
                    if file == problem.file and first <= problem.line < last
                ),
                None,
            )
        if owner is not None:
            found.setdefault(owner, []).append(problem)
    return found


def _items(pack: Pack) -> Iterator[tuple[str, tuple[str, int, int]]]:
    """Each component's id with its file and the lines its item takes there (the last one open)."""
    by_file: dict[str, list[tuple[int, str]]] = {}
    for component in pack.components:
        source = pack.sources[component.origin.file]
        by_file.setdefault(component.origin.file, []).append(
            (source.position(component.origin.path, of_key=False)[0], component.id)
        )
    for file, starts in by_file.items():
        starts.sort()
        for (first, cid), (after, _) in zip(starts, starts[1:] + [(10**9, "")], strict=True):
            yield cid, (file, first, after)


def _surroundings(root: Path) -> str:
    """A fingerprint of every file that draws a component besides the component files themselves:
    pack.yaml, looks, catalogs, art and fonts (their names, sizes and times of change)."""
    own = {path.name for path in component_files(root)}
    entries = []
    for folder, folders, files in os.walk(root):
        at = Path(folder)
        if at == root:
            folders[:] = [name for name in folders if name not in FOLDERS_NOT_DRAWN]
            files = [name for name in files if name not in own]
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in sorted(files):
            try:
                stat = (at / name).stat()
            except OSError:  # removed while we looked (an editor's temporary file): the next change tells
                continue
            entries.append(f"{(at / name).relative_to(root)}\0{stat.st_size}\0{stat.st_mtime_ns}")
    return "\n".join(entries)


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()
