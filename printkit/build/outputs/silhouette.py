"""--silhouette: the kit for a Silhouette cutter's Print & Cut, in
`silhouette/<language>-<paper>/`: `sheets.pdf`, the kit's sheets laid out clear of Silhouette's
registration marks with the marks on each front (layout.silhouette), and `page-NN.dxf` for each
front sheet with pieces (NN its page in sheets.pdf): its cut paths in the sheet's frame, which
Silhouette Studio's free edition opens (output.dxf). Silhouette Studio reads only marks it would
print itself, where its Registration Marks settings put them: the marks of sheets.pdf are its
"Type 1" marks at the settings docs/how-to/cutting-machines.md gives."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from printkit.build.outputs.base import BuildOptions, CutFilesKind, Drawn, PackPlan, register, retire_earlier

if TYPE_CHECKING:
    import argparse

    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.layout.sheets import Page


@register
class Silhouette(CutFilesKind):
    name = "silhouette"
    unprinted = "Silhouette sheets"
    folder = "silhouette"

    def add_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--silhouette",
            action="store_true",
            help="also write sheets with Silhouette's registration marks and their cut paths as DXF, "
            "for Silhouette Studio's Print & Cut (output/PACK/silhouette/LANG-PAPER/)",
        )

    def options_of(self, args: argparse.Namespace) -> dict:
        return {"silhouette": args.silhouette}

    def wanted(self, options: BuildOptions) -> bool:
        return options.silhouette

    def check_usage(self, options: BuildOptions) -> None:
        from printkit.base.errors import UsageError

        if options.template is not None:
            raise UsageError("--silhouette lays the sheets out on paper: leave out --template")
        super().check_usage(options)

    def key_of(self, plan: PackPlan) -> tuple:
        options = plan.options
        return (options.strict, options.ink_saver, options.duplex, options.bleed, "silhouette")

    def job(self, drawn: Drawn, layout: str, pages: list[Page]) -> Job:
        from printkit.build.jobs import Job

        name = self.name_of(drawn.pack.id, drawn.language, layout)
        write = partial(_write, drawn, layout, name)
        return Job(drawn.pack.id, name, write, weight=2 * len(pages))  # a sheet of the components PDF's


def _write(drawn: Drawn, layout: str, name: str, staging: Staging) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.build.outputs.base import sheets_duplex
    from printkit.build.outputs.components import kit_info
    from printkit.layout.sheets import SheetOptions
    from printkit.layout.silhouette import silhouette_sheets
    from printkit.output.dxf import cut_dxf
    from printkit.output.pdf import render_pdf

    options, faces = drawn.options, drawn.faces
    sheet = SheetOptions(layout, options.duplex, faces.ctx.bleed)
    kit = [piece for piece in drawn.pieces if piece.component.id in drawn.kit]  # what --only leaves on the sheets
    pages = silhouette_sheets(drawn.pack, drawn.language, sheet, kit)
    folder = options.out / drawn.pack.id / name
    target = folder / "sheets.pdf"
    info = kit_info(drawn.pack, drawn.language, target)
    render_pdf(faces.fill(pages), staging.temporary(target, inside=options.out), **info, duplex=sheets_duplex(options))
    faces.raise_problems()
    written = [target]
    for number, page in enumerate(pages, 1):
        if page.side == "front" and page.placements:
            dxf = folder / f"page-{number:02d}.dxf"
            staging.temporary(dxf, inside=options.out).write_text(cut_dxf(page), encoding="utf-8")
            written.append(dxf)
    retire_earlier(staging, options, drawn.pack.id, [name], written)
    return [Written(target, len(pages)), *(Written(path, None) for path in written[1:])]
