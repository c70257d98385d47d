"""--cut-svg: each sheet's cut paths as an SVG for cutting machines, in
`cut-svg/<language>-<layout>/page-NN.svg` (NN its page in the components PDF); derived from the
components PDF, and retired when that is written again without it."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from printkit.build.outputs.base import BuildOptions, CutFilesKind, Drawn, PackPlan, register, retire_earlier
from printkit.build.outputs.components import Components

if TYPE_CHECKING:
    import argparse

    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.layout.sheets import Page


@register
class CutSvg(CutFilesKind):
    name = "cut-svg"
    unprinted = "cut paths"
    folder = "cut-svg"
    derived_from = Components.name

    def add_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--cut-svg",
            action="store_true",
            help="also write each sheet's cut paths as SVG, for cutting machines (output/PACK/cut-svg/LANG-PAPER/)",
        )

    def options_of(self, args: argparse.Namespace) -> dict:
        return {"cut_svg": args.cut_svg}

    def wanted(self, options: BuildOptions) -> bool:
        return options.cut_svg

    def key_of(self, plan: PackPlan) -> tuple:
        return (plan.options.strict, "cut-svg")

    def job(self, drawn: Drawn, layout: str, pages: list[Page]) -> Job:
        from printkit.build.jobs import Job

        name = self.name_of(drawn.pack.id, drawn.language, layout)
        write = partial(_write, drawn.pack.id, name, pages, drawn.options)
        return Job(drawn.pack.id, name, write, weight=len(pages) // 10 + 1)  # a tenth of a sheet's PDF (measured)


def _write(pack_id: str, name: str, pages: list[Page], options: BuildOptions, staging: Staging) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.output.cut_svg import cut_files

    folder = options.out / pack_id / name
    written = []
    for number, svg in cut_files(pages):
        target = folder / f"page-{number:02d}.svg"
        staging.temporary(target, inside=options.out).write_text(svg, encoding="utf-8")
        written.append(target)
    retire_earlier(staging, options, pack_id, [name], written)
    return [Written(path, None) for path in written]
