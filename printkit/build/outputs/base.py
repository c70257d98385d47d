"""What every output kind says, the registry of kinds, and what a build is asked for
(`BuildOptions`); the kinds themselves are the other modules of build/outputs/."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from printkit.base.units import Tolerance
from printkit.output.conditions import DEFAULT_CONDITION

# Light to import: `printkit build --help` lists the kinds' options; what writes an output is imported
# by its job.
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from printkit.build.jobs import Job
    from printkit.build.staging import Staging
    from printkit.content.pack import Pack
    from printkit.layout.pieces import Faces, Piece
    from printkit.layout.sheets import Duplex, Page


@dataclass(frozen=True)
class BuildOptions:
    out: Path = Path("output")
    papers: tuple[str, ...] = ()  # empty: the pack's defaults.paper
    template: str | None = None  # a sheet template's name or file: its slots instead of paper (layout/templates)
    languages: tuple[str, ...] | None = None  # None: every locale the pack declares
    duplex: Duplex = "long"
    bleed: float | None = None  # mm past the trim; None: the sheet template's (its labels' waste), else 0
    png: bool = False
    cricut: bool = False  # also Print Then Cut images for Cricut Design Space
    pdfx: bool = False  # also a CMYK PDF/X-4 of each components PDF, for print shops
    output_condition: str = DEFAULT_CONDITION  # the printing condition it converts for (output.conditions)
    cut_svg: bool = False  # also each sheet's cut paths as SVG, for cutting machines
    silhouette: bool = False  # also sheets with Silhouette's registration marks and their cut paths as DXF
    tts: bool = False  # also a Tabletop Simulator saved object
    tts_url: str | None = None  # where its images will be found (None: where they are written)
    ink_saver: bool = False
    strict: bool = False
    rulebooks: bool = True
    booklet: bool = False
    html: bool = False  # also each rulebook as one HTML file, for screens
    force: bool = False
    jobs: int | None = None  # worker processes; None: one per core
    shops: tuple[str, ...] = ()  # the print shops to write for besides the kits (FacesKind.shop)
    shop_tolerance: Tolerance = Tolerance(1.0)  # how far off a shop's product a piece is scaled to it (layout.shop)
    quiet: bool = False  # no progress display (the command leaves out its summary too)
    only: tuple[str, ...] = ()  # print only these components: ids, sections or tags (build.selection)
    changed_since: Path | None = None  # print only the components changed since a build into this folder printed them


def sheets_duplex(options: BuildOptions) -> Duplex:
    """The duplex of the components PDF's sheets: the build's, but off on a sheet template (its
    sheets are fronts alone, and label stock should not go through a duplexer)."""
    return options.duplex if options.template is None else "off"


def papers_of(options, default: str) -> tuple[str, ...]:
    """The papers a build lays out on: those asked for, else the pack's default."""
    return tuple(options.papers) or (default,)


@dataclass(frozen=True)
class PackPlan:
    """What the cache knows of a pack before it is loaded: its facts as pack.yaml gives them and the
    hashes of the files its outputs are made from (see build.plan)."""

    pack_id: str
    source: str  # the language the pack is written in
    declared: list[list[str]] | None  # the editions pack.yaml declares
    papers: tuple[str, ...]
    content: str  # the hash of its content files
    template: str  # the hash of the sheet template's file; "" on paper
    catalog: Callable[[str], str]  # the hash of a language's catalogs
    rulebook_templates: Callable[[], str]  # the hash of the pack's own rulebook templates
    has_rulebook: bool
    options: BuildOptions


@dataclass(frozen=True)
class Drawn:
    """What the outputs of one language of a pack are made from: the pack translated, its pieces and
    their faces (drawn as they are written), the faces with the print shops' fixed bleed, whether
    any piece has copies to print, and what the kit's sheets print of them (--only, --changed-since)."""

    pack: Pack
    language: str
    pieces: list[Piece]
    faces: Faces
    shop_faces: Faces
    printed: bool
    options: BuildOptions
    kit: dict[str, str]  # the fingerprints of the components with copies the kit's sheets print (build.selection)
    left_out: int = 0  # the components with copies --only or --changed-since left out of the kit's sheets


class OutputKind(ABC):
    name: ClassVar[str]  # what the kind is called (it is what its option writes, as in --pdfx, --shop tgc)
    folder: ClassVar[str | None] = None  # the folder under a pack's output folder its files go in, if not beside
    derived_from: ClassVar[str | None] = None  # the kind it is made from, which retires it when written without it
    # What a user calls it when a kit with nothing to print has none of it written (the components
    # PDF); None for a kind written even then (the PNGs of the faces) or told by another (the TTS JSON)
    unprinted: ClassVar[str | None] = None

    @abstractmethod
    def wanted(self, options: BuildOptions) -> bool:
        """Whether a build with these options writes this kind."""

    def check_usage(self, options: BuildOptions) -> None:  # noqa: B027 (most kinds take any options)
        """Raises UsageError for options this kind cannot be written with (before anything is read)."""

    def add_options(self, group: argparse._ArgumentGroup) -> None:  # noqa: B027 (a shop's is --shop's choice)
        """The options of `printkit build` that ask for this kind (a print shop's are --shop's choices)."""

    def options_of(self, args: argparse.Namespace) -> dict:
        """The BuildOptions fields its options set."""
        return {}


class SheetsKind(OutputKind):
    """One output per language and layout, made from the layout's sheets."""

    @abstractmethod
    def name_of(self, pack_id: str, language: str, layout: str) -> str: ...

    @abstractmethod
    def key_of(self, plan: PackPlan) -> tuple:
        """What its cache key hashes besides its sheets' (content, catalog, language, layout, ...)."""

    @abstractmethod
    def job(self, drawn: Drawn, layout: str, pages: list[Page]) -> Job: ...


class CutFilesKind(SheetsKind):
    """Files a cutting machine cuts a paper's sheets by, in `<folder>/<language>-<layout>/`: it cuts
    along the trim lines, so each back must print behind its front."""

    folder: ClassVar[str]

    def name_of(self, pack_id: str, language: str, layout: str) -> str:
        return f"{self.folder}/{language}-{layout}"

    def check_usage(self, options: BuildOptions) -> None:
        from printkit.base.errors import UsageError

        if options.duplex == "off" and options.template is None:  # a template prints no backs
            raise UsageError(
                f"--{self.name} needs backs printed behind their fronts (--duplex long or short): "
                "with --duplex off a back beside its front is folded along the line a cutter would cut"
            )


class FacesKind(OutputKind):
    """One output per language, made from the faces of the pieces."""

    # prints what --only and --changed-since leave of the kit (Drawn.kit), as the kit's sheets do;
    # else the whole kit, whatever part its sheets print
    follows_selection: ClassVar[bool] = False

    @abstractmethod
    def name_of(self, pack_id: str, language: str) -> str: ...

    @abstractmethod
    def key_of(self, plan: PackPlan, language: str) -> tuple:
        """Everything its cache key hashes."""

    @abstractmethod
    def job(self, drawn: Drawn) -> Job | None:
        """The job, or None when there is nothing of this kind to write; raises Problems found while
        laying it out."""


class ShopKind(FacesKind):
    """A print shop's files of a language, asked for by `--shop NAME` (the kind's name), in its folder;
    drawn with the shops' fixed bleed and on no paper, so neither --bleed nor --paper nor --duplex
    changes them."""

    shop: ClassVar[str]  # what --shop NAME writes, in --help
    folder: ClassVar[str]

    def wanted(self, options: BuildOptions) -> bool:
        return self.name in options.shops

    def name_of(self, pack_id: str, language: str) -> str:
        return f"{self.folder}/{language}"

    def key_of(self, plan: PackPlan, language: str) -> tuple:
        options = plan.options
        return (
            plan.content,
            plan.catalog(language),
            language,
            self.name,
            options.ink_saver,
            options.strict,
            str(options.shop_tolerance),
        )


class BookKind(OutputKind):
    """Outputs of the whole pack, made from its languages translated."""

    @abstractmethod
    def planned(self, plan: PackPlan, languages: list[str]) -> list[tuple[str, tuple]]:
        """The name of each output and everything its cache key hashes."""

    @abstractmethod
    def jobs(
        self,
        pack: Pack,
        translated: dict[str, Pack],
        drafts: frozenset[str],
        papers: tuple[str, ...],
        options: BuildOptions,
    ) -> list[Job]:
        """The jobs of the pack's outputs of this kind, for the papers the build lays out on."""


KINDS: list[OutputKind] = []


def register(kind: type[OutputKind]) -> type[OutputKind]:
    """Adds an output kind to the build (a class decorator); a kind that leaves out what a kind says
    (an abstract method, its name) or takes another's name is refused at once."""
    missing = sorted(getattr(kind, "__abstractmethods__", ()))
    if missing or not getattr(kind, "name", ""):
        raise TypeError(f"output kind {kind.__name__} does not say its {', '.join(missing or ['name'])}")
    if not issubclass(kind, (SheetsKind, FacesKind, BookKind)):
        raise TypeError(f"output kind {kind.__name__} is none of SheetsKind, FacesKind or BookKind")
    if any(other.name == kind.name for other in KINDS):
        raise TypeError(f"output kind {kind.__name__}: another kind is called {kind.name}")
    KINDS.append(kind())
    return kind


def kinds_of(shape: type, options: BuildOptions) -> list:
    """The kinds of that shape a build with these options writes, in order."""
    return [kind for kind in KINDS if isinstance(kind, shape) and kind.wanted(options)]


def kind_folders() -> list[str]:
    """The folders under a pack's output folder that output kinds write into (<folder>/<language or layout>/)."""
    return [kind.folder for kind in KINDS if kind.folder]


def nothing_to_write(pack_id: str, name: str, options: BuildOptions) -> Job | None:
    """The job of an output with nothing to write this time (no component has copies): it removes the
    files it wrote before, which would show what is no longer the kit; None when there are none."""
    from printkit.build.cache import Manifest
    from printkit.build.jobs import Job

    if not Manifest(options.out / pack_id).written(name):
        return None
    return Job(pack_id, name, partial(_retire_all, pack_id, name, options), weight=1)


def _retire_all(pack_id: str, name: str, options: BuildOptions, staging: Staging) -> list:
    retire_earlier(staging, options, pack_id, [name])
    return []


def retire_earlier(
    staging: Staging, options: BuildOptions, pack_id: str, outputs: list[str], written: Collection[Path] = ()
) -> None:
    """The files the outputs wrote when they were last built that this build does not write again
    (a component renamed or removed since, say), removed when it commits: only those the pack's
    manifest records and that still hold what was written (see cache.Manifest.written)."""
    from printkit.build.cache import Manifest

    if outputs:
        manifest = Manifest(options.out / pack_id)
        staging.retire([found for output in outputs for found in manifest.written(output, written)], inside=options.out)
