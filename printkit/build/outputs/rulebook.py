"""The rulebooks: one PDF per edition of the languages built (`<pack>-rulebook-<languages>.pdf`),
typeset from the pack's rulebook.yaml when written, and with --booklet each imposed for folding
into a saddle-stitched booklet beside it (`…-booklet.pdf`)."""

from __future__ import annotations

from abc import abstractmethod
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

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
    def edition_key(self, plan: PackPlan) -> tuple:
        """What an edition's cache key hashes besides its content, templates, catalogs and languages."""

    @abstractmethod
    def write_of(self, parts: list, paper: str, drafts: frozenset[str], target: Path, options: BuildOptions):
        """The job's write: the edition made at target."""

    def name_of(self, pack_id: str, edition: list[str]) -> str:
        return f"{pack_id}-rulebook-{'-'.join(edition)}{self.suffix}"

    def planned(self, plan: PackPlan, languages: list[str]) -> list[tuple[str, tuple]]:
        if not plan.has_rulebook:
            return []
        templates = plan.rulebook_templates()
        return [
            (
                self.name_of(plan.pack_id, edition),
                (plan.content, templates, [plan.catalog(lang) for lang in edition], edition, *self.edition_key(plan)),
            )
            for edition in editions(languages, plan.source, plan.declared)
        ]

    def jobs(
        self, pack: Pack, translated: dict[str, Pack], drafts: frozenset[str], paper: str, options: BuildOptions
    ) -> list[Job]:
        if pack.rulebook is None:  # before the imports: a pack without a rulebook never loads Jinja2
            return []
        from printkit.build.jobs import Job
        from printkit.rulebook.book import Part

        jobs = []
        size = len(repr(pack.rulebook))
        for edition in editions(list(translated), pack.meta.language, pack.meta.editions):
            parts = [Part(language, translated[language]) for language in edition]
            name = self.name_of(pack.id, edition)
            write = self.write_of(parts, paper, drafts, options.out / pack.id / name, options)
            jobs.append(Job(pack.id, name, write, weight=size * len(parts) * self.ms_per_page // 650))
        return jobs


@register
class Rulebooks(EditionsKind):
    name = "rulebook"
    suffix = ".pdf"
    ms_per_page = 60  # WeasyPrint typesets a page in about 60 ms

    def add_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument("--no-rulebooks", action="store_true", help="build the component PDFs only")
        group.add_argument(
            "--booklet",
            action="store_true",
            help="also write each rulebook imposed for folding into a saddle-stitched booklet",
        )

    def options_of(self, args: argparse.Namespace) -> dict:
        return {"rulebooks": not args.no_rulebooks, "booklet": args.booklet}

    def wanted(self, options: BuildOptions) -> bool:
        return options.rulebooks

    def edition_key(self, plan: PackPlan) -> tuple:
        return (plan.papers[0], plan.options.booklet, plan.options.strict)

    def write_of(self, parts: list, paper: str, drafts: frozenset[str], target: Path, options: BuildOptions):
        return partial(_write, parts, paper, drafts, target, options)


def editions(languages: list[str], source: str, declared: list[list[str]] | None) -> list[list[str]]:
    """The rulebook editions of a build: one per language built, always, and the editions in two or
    more languages that pack.yaml declares whose languages are all built; when it declares none, the
    source language followed by each other language, if the source is built too."""
    if declared is None:
        declared = [[source, lang] for lang in languages if lang != source]
    return [[lang] for lang in languages] + [edition for edition in declared if set(edition) <= set(languages)]


def _write(
    parts: list, paper: str, drafts: frozenset[str], target: Path, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.rulebook import book as rulebook

    written = staging.temporary(target, inside=options.out)
    pages = rulebook.make(parts, paper, drafts, written)
    if not options.booklet:
        return [Written(target, pages)]
    booklet = target.with_name(f"{target.stem}-booklet.pdf")
    return [
        Written(target, pages),
        Written(booklet, rulebook.booklet(written, staging.temporary(booklet, inside=options.out))),
    ]
