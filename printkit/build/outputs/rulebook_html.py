"""--html: beside each rulebook PDF, the same edition as one self-contained HTML file for screens
(`<pack>-rulebook-<languages>.html`), made from the HTML the PDF is typeset from (rulebook.screen).
No paper: its cache key hashes what the PDF's does but the paper and --booklet."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.base.errors import UsageError
from printkit.build.outputs.base import BookKind, BuildOptions, PackPlan, register
from printkit.build.outputs.rulebook import editions

if TYPE_CHECKING:
    import argparse

    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.content.pack import Pack
    from printkit.rulebook.book import Part


@register
class ScreenRulebooks(BookKind):
    name = "rulebook-html"

    def add_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--html",
            action="store_true",
            help="also write each rulebook as one self-contained HTML file, for reading on a phone or screen",
        )

    def options_of(self, args: argparse.Namespace) -> dict:
        return {"html": args.html}

    def wanted(self, options: BuildOptions) -> bool:
        return options.html

    def check_usage(self, options: BuildOptions) -> None:
        if not options.rulebooks:
            raise UsageError("--html writes the rulebooks for screens; leave out --no-rulebooks, or --html")

    def planned(self, plan: PackPlan, languages: list[str]) -> list[tuple[str, tuple]]:
        if not plan.has_rulebook:
            return []
        templates = plan.rulebook_templates()
        return [
            (
                html_name(plan.pack_id, edition),
                (
                    plan.content,
                    templates,
                    [plan.catalog(lang) for lang in edition],
                    edition,
                    plan.options.strict,
                    "html",
                ),
            )
            for edition in editions(languages, plan.source, plan.declared)
        ]

    def jobs(
        self, pack: Pack, translated: dict[str, Pack], drafts: frozenset[str], paper: str, options: BuildOptions
    ) -> list[Job]:
        from printkit.build.jobs import Job
        from printkit.rulebook.book import Part

        if pack.rulebook is None:
            return []
        jobs = []
        size = len(repr(pack.rulebook))  # a rulebook's HTML takes about a tenth of the time its PDF does
        for edition in editions(list(translated), pack.meta.language, pack.meta.editions):
            parts = [Part(language, translated[language]) for language in edition]
            name = html_name(pack.id, edition)
            write = partial(_write, parts, drafts, options.out / pack.id / name, options)
            jobs.append(Job(pack.id, name, write, weight=size * len(parts) * 6 // 650))
        return jobs


def html_name(pack: str, edition: list[str]) -> str:
    return f"{pack}-rulebook-{'-'.join(edition)}.html"


def _write(
    parts: list[Part], drafts: frozenset[str], target: Path, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.rulebook import screen

    screen.make(parts, drafts, staging.temporary(target, inside=options.out))
    return [Written(target, None)]
