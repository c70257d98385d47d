"""A pack as the preview shows it: loaded again on every change, each component with a version.

Takes: a pack folder.
Returns: `Preview`, whose `reload` says which components changed, and whose `snapshot` is what the
page shows: the pack loaded as far as it goes (`load_partial`), its components by section, each
drawn fresh with its version, or, when it cannot be drawn, with the problems that concern it (text
that does not fit is found by drawing a component's faces in every language whenever it changes,
as `printkit check` draws them; such a component is drawn with the overflow marked, beside its problems), and the problems that concern no one component. While pack.yaml
fails, or nothing of the pack can be drawn, the last pictures stand. It draws a component's faces
as PNG at a screen's resolution, by version (so an edit to one card draws only that card again),
and makes the rulebook of a language once per change, in a temporary folder of its own. Drawing
and typesetting are the build's own code, which confines what a pack may read.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit import __version__
from printkit.base.confine import entries_under
from printkit.base.errors import KeyPath, Problem, Problems, format_key_path
from printkit.content.components import COMPONENT_KINDS
from printkit.content.components.base import Component
from printkit.content.load import DECKS_DIR, LOOKS_DIR, PACK_FILE
from printkit.content.pack import Pack
from printkit.content.pack_files import ART_FORMATS, FONT_FORMATS
from printkit.content.read import Unfit, load_partial
from printkit.i18n.translate import translate
from printkit.layout.imposition import impose
from printkit.layout.pieces import Faces, Piece
from printkit.layout.sheets import PAPERS, Page, SheetOptions
from printkit.output.png import faces_at, page_files, png_bytes
from printkit.serve.gallery import DPIS, bounded_dpi

FACES = ("front", "back")
SHEET_DPI = 100  # a sheet in the sheet view: an A4 page is 827 pixels wide, a laptop screen's width
SCREEN_DPI = DPIS[0]  # sharp enough on a screen of pixel ratio 1 at 100%, a quarter of the pixels of print's 300
FOLDERS_NOT_DRAWN = (DECKS_DIR, "output")  # players' lists and a build's outputs draw no component
FOLDERS_DRAWN = (LOOKS_DIR, "locales")  # every file of these draws components (looks, catalogs)
# Editors' temporary and backup files: hidden ones (.#cards.yaml, .cards.yaml.swp, .~lock.x.ods#),
# cards.yaml~, #cards.yaml#, Office's ~$x.xlsx, vim's probe 4913, and *.tmp.
EDITOR_TEMPORARY = re.compile(r"^\.|~$|^#.*#$|^~\$|^4913$|\.tmp$")
# PDFium is not thread-safe, and reportlab's font registry is shared: one face is drawn at a time.
_drawing = threading.Lock()
_making = threading.local()  # .rulebook: this thread starts the child that typesets a rulebook


def _fork_whole() -> None:
    """A rulebook is typeset in a child process (bounded.run), which draws figures: where it is
    forked, it is forked while no face is being drawn, so that it starts with reportlab's and
    PDFium's state whole. The lock is held across the fork only: faces are drawn, and packs
    reloaded, while the child typesets. (A spawned child starts with state of its own.)"""
    if getattr(_making, "rulebook", False):
        _drawing.acquire()


def _forked() -> None:
    if getattr(_making, "rulebook", False):
        _drawing.release()


if hasattr(os, "register_at_fork"):  # not on Windows, which cannot fork
    os.register_at_fork(before=_fork_whole, after_in_parent=_forked, after_in_child=_forked)


@dataclass(frozen=True)
class Shown:
    """A component as the page shows it: its faces (of this version), or the problems that concern
    it. id is its id; for one whose YAML gives none, or whose id one before it took, its file and
    key path (`tiny/cards.yaml:cards[2]`). component is None for one that failed its model: name is
    the name its YAML gives, if any."""

    id: str
    section: str
    file: str
    path: KeyPath
    component: Component | None
    name: str | None
    version: str
    problems: tuple[Problem, ...] = ()
    pictured: bool = False  # drawn despite its problems (text that does not fit, shown marked on the face)


@dataclass(frozen=True)
class Snapshot:
    pack: Pack | None  # every part that loaded (while pack.yaml fails, the last pack; None: none has yet)
    drawable: Pack | None  # the components drawn: the last pack that had any (None: none has yet)
    shown: dict[str, Shown]  # by id, in the page's order: by section, then file, then place in the file
    problems: tuple[Problem, ...]  # those that concern no one component
    loading: tuple[Problem, ...]  # every problem found loading the pack: its rulebook waits till there are none
    generation: int  # counts the drawable packs loaded: drawings and rulebooks are kept per generation

    def problem_count(self) -> int:
        """Each problem once: a look's problems are shown at every component that uses it."""
        return len(self.all_problems())

    def all_problems(self) -> set[Problem]:
        return set(self.problems).union(*(shown.problems for shown in self.shown.values()))

    def sections(self) -> dict[str, list[Shown]]:
        """The components shown, by section in printkit's order of sections."""
        grouped: dict[str, list[Shown]] = {}
        for shown in self.shown.values():
            grouped.setdefault(shown.section, []).append(shown)
        return grouped


@dataclass
class Drawn:
    """A language's translated pack and faces, for one generation; or the problems translating it."""

    pack: Pack | None
    faces: Faces | None
    pieces: dict[str, Piece]
    drafts: frozenset[str]  # components still partly untranslated, marked DRAFT as printed
    rulebook_drafts: frozenset[str]  # the language, when its rulebook is still partly untranslated
    problems: tuple[Problem, ...]
    backs: dict[str, str] | None = None  # a fingerprint of each back, once asked for (Preview.backs)


@dataclass
class Preview:
    root: Path
    snapshot: Snapshot = field(init=False)
    _drawn: dict[tuple[int, str], Drawn] = field(default_factory=dict, init=False)
    _images: dict[tuple[str, str, str], bytes] = field(default_factory=dict, init=False)  # (lang, id, version-face)
    _rulebooks: dict[str, tuple[int, bytes | tuple[Problem, ...]]] = field(default_factory=dict, init=False)
    # by language: the generation imposed, its sheets (or why it cannot be) and what draws their faces;
    # their images by (generation, language, index)
    _sheets: dict[str, tuple[int, list[Page] | tuple[Problem, ...], Faces | None]] = field(
        default_factory=dict, init=False
    )
    _sheet_images: dict[tuple[int, str, int], bytes] = field(default_factory=dict, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    viewed: set[str] = field(default_factory=set, init=False)  # the languages pages were opened in
    # by component id: the version it was drawn in, and its text that cannot be set in any language
    _fits: dict[str, tuple[str, tuple[Problem, ...]]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.snapshot = Snapshot(None, None, {}, (), (), 0)
        self.reload()

    @property
    def id(self) -> str:
        return self.root.resolve().name

    def languages(self) -> list[str]:
        pack = self.snapshot.pack
        return list(pack.meta.locales) if pack else []

    def reload(self) -> list[str] | None:
        """Load the pack again; the ids of the components whose picture or problems changed, or None
        when nothing the page shows changed (an empty list: only what is around them did)."""
        old = self.snapshot
        loaded = load_partial(self.root)
        # a pack without problems is drawn whole: one without components too (its rulebook is made)
        fresh = loaded.drawable or (loaded.pack if not loaded.problems else None)
        generation = old.generation + (fresh is not None)
        if fresh is not None:
            self._find_fits(fresh, generation)
        if loaded.pack is None:  # pack.yaml failed: no component is known, the last pictures stand
            shown = {cid: s for cid, s in old.shown.items() if not s.problems}
        else:
            drawn = {c.id for c in fresh.components} if fresh else set()
            shown = {}
            for place in _places(loaded.pack, loaded.unfit):
                if place.id in drawn:
                    version, fit = self._fits[place.id]
                    place = replace(place, version=version, problems=fit, pictured=True)
                elif not place.problems:  # not drawn, yet no problem of its own says why
                    before = old.shown.get(place.id)
                    # while nothing of the pack can be drawn (pack.yaml's problems), its last picture stands
                    last = before.version if fresh is None and before and not before.problems else None
                    place = replace(place, version=last or _digest(repr(place)))
                if place.problems and not place.pictured:
                    place = replace(place, version=_digest("\n".join(map(str, place.problems))))
                shown[place.id] = place
        placed = {problem for s in shown.values() for problem in s.problems}
        rest = tuple(problem for problem in loaded.problems if problem not in placed)
        self.snapshot = Snapshot(
            loaded.pack or old.pack, fresh or old.drawable, shown, rest, tuple(loaded.problems), generation
        )
        changed = [
            cid
            for cid in shown.keys() | old.shown.keys()
            if cid not in shown or cid not in old.shown or shown[cid].version != old.shown[cid].version
        ]
        versions = {s.version for s in shown.values()}
        with self._lock:  # what no component shows any more is dropped
            self._images = {key: png for key, png in self._images.items() if key[2].split("-")[0] in versions}
            self._drawn = {key: drawn for key, drawn in self._drawn.items() if key[0] == generation}
        if (
            not changed
            and rest == old.problems
            and list(shown) == list(old.shown)
            and _around(old) == _around(self.snapshot)
        ):
            return None
        order = {cid: index for index, cid in enumerate(shown)}
        return sorted(changed, key=lambda cid: (order.get(cid, len(order)), cid))

    def _find_fits(self, pack: Pack, generation: int) -> None:
        """Each component's version and its text that cannot be set in any language, found by
        drawing its faces again where it changed; the faces drawn are the first the pages ask for."""
        surroundings = _surroundings(self.root)
        drawn = {language: _draw(pack, language) for language in pack.meta.locales}
        data = {c.id: _digest(surroundings + c.model_dump_json()) for c in pack.components}
        fits = {cid: fit for cid, (version, fit) in self._fits.items() if data.get(cid) == version}
        with _drawing:
            for component in pack.components:
                if component.id not in fits:
                    fits[component.id] = _fit_problems(drawn.values(), component.id)
        self._fits = {cid: (data[cid], fits[cid]) for cid in data}
        with self._lock:
            self._drawn.update({(generation, language): d for language, d in drawn.items()})

    def drawn(self, language: str, snapshot: Snapshot) -> Drawn:
        """The pack of snapshot translated into language and its faces, made once per generation."""
        key = (snapshot.generation, language)
        self.viewed.add(language)
        with self._lock:
            if key not in self._drawn:
                self._drawn[key] = _draw(snapshot.drawable, language)
            return self._drawn[key]

    def backs(self, language: str, snapshot: Snapshot) -> dict[str, str]:
        """A fingerprint of each component's back (by id; one with no back has none): components
        whose backs look alike share one, and the gallery shows it once."""
        drawn = self.drawn(language, snapshot)
        if drawn.backs is None:
            with _drawing:
                drawn.backs = {
                    cid: _digest(f"{piece.size}{piece.outline}{drawn.faces.draw(piece.component, 'back')!r}")
                    for cid, piece in drawn.pieces.items()
                    if piece.back is not None and drawn.faces is not None
                }
        return drawn.backs

    def face(
        self, language: str, component_id: str, face: str, asked_dpi: str | None = None
    ) -> tuple[bytes, str] | None:
        """The PNG of a face of a component as it is now, at the resolution asked for (bounded by
        its size: gallery.bounded_dpi), and the version it shows; None when it has problems (or no
        such face or resolution). The snapshot is read once: a reload meanwhile cannot pair an old
        drawing with a new version."""
        snapshot = self.snapshot
        shown = snapshot.shown.get(component_id)
        drawn = self.drawn(language, snapshot)
        piece = drawn.pieces.get(component_id)
        if shown is None or (shown.problems and not shown.pictured) or piece is None or drawn.faces is None:
            return None
        dpi = bounded_dpi(asked_dpi, piece.size.width, piece.size.height)
        if dpi is None or (face == "back" and piece.back is None):
            return None
        key = (language, component_id, f"{shown.version}-{face}-{dpi}")
        with self._lock:
            if key in self._images:
                return self._images[key], shown.version
        with _drawing:
            with self._lock:  # drawn meanwhile, by the request before or by draw_ahead
                if key in self._images:
                    return self._images[key], shown.version
            (image,) = (image for _, image in faces_at([drawn.faces.complete(piece)], 0.0, dpi, (face,)))
            png = png_bytes(image, dpi, compress_level=1)
            with self._lock:
                self._images[key] = png
        return png, shown.version

    def sheets(self, language: str) -> tuple[int, list[Page] | tuple[Problem, ...], Faces | None]:
        """The sheets of the components PDF of a language as `printkit build` lays them out with
        its defaults (the pack's paper, duplex on the long edge, no bleed): the layout stage's own
        imposition of the pieces drawn for the gallery (text that overflows shows marked), made once
        per change; the generation they show, and what draws their faces. Problems when the pack
        cannot be imposed."""
        snapshot = self.snapshot
        with self._lock:
            made = self._sheets.get(language)
            if made is not None and made[0] == snapshot.generation:
                return made
        drawn = self.drawn(language, snapshot)
        result: list[Page] | tuple[Problem, ...]
        if drawn.pack is None:
            result = drawn.problems or snapshot.problems
        else:
            options = SheetOptions(drawn.pack.meta.defaults.paper)
            with _drawing:
                try:  # outlines: a sheet's faces are drawn when its image is asked for (Faces.fill)
                    result = impose(drawn.pack, language, options, list(drawn.pieces.values()))
                except Problems as error:
                    result = tuple(error.problems)
        with self._lock:
            self._sheets[language] = (snapshot.generation, result, drawn.faces)
            self._sheet_images = {k: png for k, png in self._sheet_images.items() if k[0] == snapshot.generation}
        return self._sheets[language]

    def sheet_image(self, language: str, index: int) -> tuple[bytes, int] | None:
        """The PNG of a sheet (counted from 0) at SHEET_DPI, drawn as the PDF draws it, and the
        generation it shows; None for no such sheet."""
        shown, sheets, faces = self.sheets(language)
        if isinstance(sheets, tuple) or not 0 <= index < len(sheets) or faces is None:
            return None
        key = (shown, language, index)
        with self._lock:
            if key in self._sheet_images:
                return self._sheet_images[key], shown
        with _drawing:
            ((_, png),) = page_files([("sheet", page) for page in faces.fill([sheets[index]])], SHEET_DPI)
        with self._lock:
            self._sheet_images[key] = png
        return png, shown

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

        snapshot = self.snapshot
        if snapshot.loading:  # as a build, which makes no rulebook of a pack with problems
            return snapshot.loading
        made = self._rulebooks.get(language)
        if made is not None and made[0] == snapshot.generation:
            return made[1]
        drawn = self.drawn(language, snapshot)
        if drawn.pack is None:
            return drawn.problems
        with tempfile.TemporaryDirectory(prefix="printkit-serve-") as folder:
            target = Path(folder) / f"{self.id}-rulebook-{language}.pdf"
            _making.rulebook = True  # the drawing lock is held across its fork only (_fork_whole)
            try:
                make(
                    [Part(language, drawn.pack)], PAPERS[drawn.pack.meta.defaults.paper], drawn.rulebook_drafts, target
                )
                result: bytes | tuple[Problem, ...] = target.read_bytes()
            except Problems as error:
                result = tuple(error.problems)
            finally:
                _making.rulebook = False
        self._rulebooks[language] = (snapshot.generation, result)
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
    faces = Faces(translation.pack, language, 0.0, drafts=drafts, mark_overflow=True)
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


def _places(pack: Pack, unfit: list[Unfit]) -> list[Shown]:
    """Every component the pack's files write, in the page's order (by section, then file, then
    place in the file), each with the problems that keep it from being drawn (its version is yet to
    be given). An id goes to the first of the pack's components that gives it (the one validate
    keeps), then to a component that failed its model."""
    at = {(u.file, u.path): u for u in unfit}
    places = []
    for c in pack.components:
        own = at.pop((c.origin.file, c.origin.path)).problems if (c.origin.file, c.origin.path) in at else ()
        places.append(Shown(c.id, c.section, c.origin.file, c.origin.path, c, c.name, "", own))
    places += [Shown(u.id or "", u.section, u.file, u.path, None, u.name, "", u.problems) for u in at.values()]
    taken: set[str] = set()
    for index, place in enumerate(places):
        if not place.id or place.id in taken:
            places[index] = replace(place, id=f"{place.file}:{format_key_path(place.path)}")
        taken.add(places[index].id)
    sections, files = list(COMPONENT_KINDS), list(pack.sources)
    return sorted(places, key=lambda s: (sections.index(s.section), files.index(s.file), s.path))


def _surroundings(root: Path) -> str:
    """A fingerprint of every file that draws a component besides the component files themselves
    (which the components' own data stands for): pack.yaml, looks, catalogs, art and fonts (their
    names, sizes and times of change); not the rulebook's files, READMEs, nor editors' temporary
    files."""

    def enter(folder: Path) -> bool:
        inside = folder.relative_to(root).parts
        return not EDITOR_TEMPORARY.search(folder.name) and (len(inside) > 1 or folder.name not in FOLDERS_NOT_DRAWN)

    entries = []
    # a list walked, not os.walk's recursion: a pack may nest its folders a thousand deep
    for path, is_folder in sorted(entries_under(root, enter)):
        inside = path.parent.relative_to(root).parts
        name = path.name
        drawing = (
            (not inside and name == PACK_FILE)
            or (inside and inside[0] in FOLDERS_DRAWN)
            or name.lower().endswith(ART_FORMATS + FONT_FORMATS)
        )
        if is_folder or not drawing or EDITOR_TEMPORARY.search(name):
            continue
        try:
            status = path.lstat()  # a link's own: what it points to is refused when it is read
        except OSError:  # removed while we looked: the next change tells
            continue
        entries.append(f"{path.relative_to(root)}\0{status.st_size}\0{status.st_mtime_ns}")
    return "\n".join(entries)


def _around(snapshot: Snapshot) -> tuple:
    """What the page shows around the components: the pack's title, languages and whether it has a rulebook."""
    pack = snapshot.pack
    return (pack.meta.title, tuple(pack.meta.locales), pack.rulebook is not None) if pack else ()


def _digest(text: str) -> str:
    """A version: of printkit too, which draws it (a browser keeps a face of a version for a year)."""
    return hashlib.blake2b(f"{__version__}\n{text}".encode(), digest_size=8).hexdigest()
