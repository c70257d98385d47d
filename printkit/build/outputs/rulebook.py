"""The rulebooks: one PDF per edition of the languages built (`<pack>-rulebook-<languages>.pdf`),
typeset from the pack's rulebook.yaml when written, and with --booklet each imposed for folding
into a saddle-stitched booklet beside it (`…-booklet.pdf`)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.build.outputs.base import BookKind, BuildOptions, PackPlan, register

if TYPE_CHECKING:
    import argparse

    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.content.pack import Pack


@register
class Rulebooks(BookKind):
    name = "rulebook"

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

    def planned(self, plan: PackPlan, languages: list[str]) -> list[tuple[str, tuple]]:
        if not plan.has_rulebook:
            return []
        templates, options = plan.rulebook_templates(), plan.options
        return [
            (
                rulebook_name(plan.pack_id, edition),
                (
                    plan.content,
                    templates,
                    [plan.catalog(lang) for lang in edition],
                    edition,
                    plan.papers[0],
                    options.booklet,
                    options.strict,
                ),
            )
            for edition in editions(languages, plan.source, plan.declared)
        ]

    def jobs(
        self, pack: Pack, translated: dict[str, Pack], drafts: frozenset[str], paper: str, options: BuildOptions
    ) -> list[Job]:
        """The editions of the languages built, each made into HTML and typeset when written."""
        if pack.rulebook is None:  # before the imports: a pack without a rulebook never loads Jinja2
            return []
        from printkit.build.jobs import Job
        from printkit.rulebook.book import Part

        jobs = []
        size = len(repr(pack.rulebook))  # about 650 characters of it make a page, which takes WeasyPrint ~60 ms
        for edition in editions(list(translated), pack.meta.language, pack.meta.editions):
            parts = [Part(language, translated[language]) for language in edition]
            name = rulebook_name(pack.id, edition)
            target = options.out / pack.id / name
            write = partial(_write, parts, paper, drafts, target, options)
            jobs.append(Job(pack.id, name, write, weight=size * len(parts) * 60 // 650))
        return jobs


def rulebook_name(pack: str, edition: list[str]) -> str:
    return f"{pack}-rulebook-{'-'.join(edition)}.pdf"


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
