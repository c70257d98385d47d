"""--html: beside each rulebook PDF, the same edition as one self-contained HTML file for screens
(`<pack>-rulebook-<languages>.html`), made from the HTML the PDF is typeset from (rulebook.screen).
No paper: its cache key hashes what the PDF's does but the paper and --booklet."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.base.errors import UsageError
from printkit.build.outputs.base import BuildOptions, PackPlan, register
from printkit.build.outputs.rulebook import EditionsKind

if TYPE_CHECKING:
    import argparse

    from printkit.build.jobs import Written
    from printkit.build.staging import Staging
    from printkit.rulebook.book import Part


@register
class ScreenRulebooks(EditionsKind):
    name = "rulebook-html"
    suffix = ".html"
    ms_per_page = 6  # a rulebook's HTML takes about a tenth of the time its PDF does

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

    def edition_key(self, plan: PackPlan, papers: tuple[str, ...]) -> tuple:
        return (plan.options.strict, "html")  # not the paper, nor --booklet

    def write_of(
        self, parts: list, papers: tuple[str, ...], drafts: frozenset[str], target: Path, options: BuildOptions
    ):
        return partial(_write, parts, drafts, target, options)


def _write(
    parts: list[Part], drafts: frozenset[str], target: Path, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.rulebook import screen

    screen.make(parts, drafts, staging.temporary(target, inside=options.out))
    return [Written(target, None)]
