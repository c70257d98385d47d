"""The rulebooks: one PDF per edition of the languages built (`<pack>-rulebook-<languages>.pdf`),
typeset from the pack's rulebook.yaml when written, on a page that prints whole at 100 % on every
paper built (A4 and Letter: A4's width, Letter's height); and with --booklet, per paper, each
typeset on half the sheet and imposed for folding into a saddle-stitched booklet
(`<pack>-rulebook-<languages>-<paper>-booklet.pdf`)."""

from __future__ import annotations

from abc import abstractmethod
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from printkit.base.units import Size
from printkit.build.outputs.base import BookKind, BuildOptions, PackPlan, register

if TYPE_CHECKING:
    import argparse

    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.content.pack import Pack


class EditionsKind(BookKind):
    """A file per rulebook edition of the languages built (see editions), made from the pack's
    rulebook.yaml when written: `<pack>-rulebook-<languages><suffix>`."""

    suffix: ClassVar[str]
    ms_per_page: ClassVar[int]  # about 650 characters of the rulebook make a page

    @abstractmethod
    def edition_key(self, plan: PackPlan, papers: tuple[str, ...]) -> tuple:
        """What the cache key of an edition for these papers hashes besides its content, templates,
        catalogs and languages."""

    @abstractmethod
    def write_of(
        self, parts: list, papers: tuple[str, ...], drafts: frozenset[str], target: Path, options: BuildOptions
    ):
        """The job's write: the edition for these papers made at target."""

    def papers_of(self, papers: tuple[str, ...]) -> list[tuple[str, ...]]:
        """The papers of each file of an edition: one file for all the build's papers."""
        return [papers]

    def name_of(self, pack_id: str, edition: list[str], papers: tuple[str, ...]) -> str:
        return f"{pack_id}-rulebook-{'-'.join(edition)}{self.suffix}"

    def planned(self, plan: PackPlan, languages: list[str]) -> list[tuple[str, tuple]]:
        if not plan.has_rulebook:
            return []
        templates = plan.rulebook_templates()
        return [
            (
                self.name_of(plan.pack_id, edition, papers),
                (
                    plan.content,
                    templates,
                    [plan.catalog(lang) for lang in edition],
                    edition,
                    *self.edition_key(plan, papers),
                ),
            )
            for edition in editions(languages, plan.source, plan.declared)
            for papers in self.papers_of(plan.papers)
        ]

    def jobs(
        self,
        pack: Pack,
        translated: dict[str, Pack],
        drafts: frozenset[str],
        papers: tuple[str, ...],
        options: BuildOptions,
    ) -> list[Job]:
        if pack.rulebook is None:  # before the imports: a pack without a rulebook never loads Jinja2
            return []
        from printkit.build.jobs import Job
        from printkit.rulebook.book import Part

        jobs = []
        size = len(repr(pack.rulebook))
        for edition in editions(list(translated), pack.meta.language, pack.meta.editions):
            parts = [Part(language, translated[language]) for language in edition]
            for its_papers in self.papers_of(papers):
                name = self.name_of(pack.id, edition, its_papers)
                write = self.write_of(parts, its_papers, drafts, options.out / pack.id / name, options)
                jobs.append(Job(pack.id, name, write, weight=size * len(parts) * self.ms_per_page // 650))
        return jobs


@register
class Rulebooks(EditionsKind):
    name = "rulebook"
    suffix = ".pdf"
    ms_per_page = 60  # WeasyPrint typesets a page in about 60 ms

    def add_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument("--no-rulebooks", action="store_true", help="build the component PDFs only")

    def options_of(self, args: argparse.Namespace) -> dict:
        return {"rulebooks": not args.no_rulebooks}

    def wanted(self, options: BuildOptions) -> bool:
        return options.rulebooks

    def edition_key(self, plan: PackPlan, papers: tuple[str, ...]) -> tuple:
        return (common_page(papers), plan.options.strict)

    def write_of(
        self, parts: list, papers: tuple[str, ...], drafts: frozenset[str], target: Path, options: BuildOptions
    ):
        return partial(_write, parts, common_page(papers), False, None, drafts, target, options)


@register
class Booklets(EditionsKind):
    name = "booklet"
    suffix = "-booklet.pdf"
    ms_per_page = 120  # its pages are half the size: about twice as many

    def add_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--booklet",
            action="store_true",
            help="also write each rulebook on half sheets, imposed for folding into a saddle-stitched booklet",
        )

    def options_of(self, args: argparse.Namespace) -> dict:
        return {"booklet": args.booklet}

    def wanted(self, options: BuildOptions) -> bool:
        return options.rulebooks and options.booklet

    def papers_of(self, papers: tuple[str, ...]) -> list[tuple[str, ...]]:
        return [(paper,) for paper in papers]  # a booklet is folded from sheets of one paper

    def name_of(self, pack_id: str, edition: list[str], papers: tuple[str, ...]) -> str:
        return f"{pack_id}-rulebook-{'-'.join(edition)}-{papers[0]}{self.suffix}"

    def edition_key(self, plan: PackPlan, papers: tuple[str, ...]) -> tuple:
        return (paper_size(papers[0]), plan.options.strict, "booklet")

    def write_of(
        self, parts: list, papers: tuple[str, ...], drafts: frozenset[str], target: Path, options: BuildOptions
    ):
        sheet = paper_size(papers[0])
        half = Size(sheet.height / 2, sheet.width)
        return partial(_write, parts, half, True, sheet, drafts, target, options)


def common_page(papers: tuple[str, ...]) -> Size:
    """The page a rulebook is typeset on to print whole at 100 % on each of the papers: the
    narrowest width and the shortest height among them (A4 and Letter: 210 x 279.4 mm)."""
    sizes = [paper_size(paper) for paper in papers]
    return Size(min(size.width for size in sizes), min(size.height for size in sizes))


def paper_size(paper: str) -> Size:
    from printkit.layout.sheets import PAPERS  # not at import: `printkit build --help` draws nothing

    return PAPERS[paper]


def editions(languages: list[str], source: str, declared: list[list[str]] | None) -> list[list[str]]:
    """The rulebook editions of a build: one per language built, always, and the editions in two or
    more languages that pack.yaml declares whose languages are all built; when it declares none, the
    source language followed by each other language, if the source is built too."""
    if declared is None:
        declared = [[source, lang] for lang in languages if lang != source]
    return [[lang] for lang in languages] + [edition for edition in declared if set(edition) <= set(languages)]


def _write(
    parts: list,
    page: Size,
    booklet: bool,
    sheet: Size | None,
    drafts: frozenset[str],
    target: Path,
    options: BuildOptions,
    staging: Staging,
) -> list[Written]:
    """The edition typeset on pages of that size at target; a booklet's pages then imposed on the
    sheet."""
    from printkit.build.jobs import Written
    from printkit.rulebook import book as rulebook

    written = staging.temporary(target, inside=options.out)
    if sheet is None:
        return [Written(target, rulebook.make(parts, page, drafts, written, booklet))]
    pages = written.with_name(f"{written.name}.pages")
    rulebook.make(parts, page, drafts, pages, booklet)
    try:
        return [Written(target, rulebook.impose(pages, written, sheet))]
    finally:
        pages.unlink()
