"""--png: a 300 dpi PNG of every face and Tabletop Simulator deck sheets, in `png/<language>/`."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from printkit.build.outputs.base import BuildOptions, Drawn, FacesKind, PackPlan, register, retire_earlier

if TYPE_CHECKING:
    import argparse

    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.content.pack import Pack
    from printkit.layout.pieces import Faces, Piece


@register
class Png(FacesKind):
    name = "png"
    folder = "png"

    def add_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--png",
            action="store_true",
            help="also write a 300 dpi PNG of every face and Tabletop Simulator deck sheets",
        )

    def options_of(self, args: argparse.Namespace) -> dict:
        return {"png": args.png}

    def wanted(self, options: BuildOptions) -> bool:
        return options.png

    def name_of(self, pack_id: str, language: str) -> str:
        return f"{self.folder}/{language}"

    def key_of(self, plan: PackPlan, language: str) -> tuple:
        options = plan.options
        bleed = (options.bleed,) if options.bleed is not None else (None, plan.template)  # the template's bleed
        return (plan.content, plan.catalog(language), language, "png", *bleed, options.ink_saver, options.strict)

    def job(self, drawn: Drawn) -> Job:
        from printkit.build.jobs import Job

        pack, pieces = drawn.pack, drawn.pieces
        write = partial(_write, pack, drawn.language, pieces, drawn.faces, drawn.options)
        faces_count = sum(1 if piece.back is None else 2 for piece in pieces)
        return Job(pack.id, self.name_of(pack.id, drawn.language), write, weight=15 * faces_count)


def _write(
    pack: Pack, language: str, pieces: list[Piece], faces: Faces, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.output.png import png_files  # PDFium loads only for PNG exports

    name = f"{Png.folder}/{language}"
    folder = options.out / pack.id / name
    completed = [faces.complete(piece) for piece in pieces]
    faces.raise_problems()
    written = []
    for face, data in png_files(completed, faces.ctx.bleed, pack):  # --bleed's, else the template's
        staging.temporary(folder / f"{face}.png", inside=options.out).write_bytes(data)
        written.append(folder / f"{face}.png")
    retire_earlier(staging, options, pack.id, [name], written)
    return [Written(path, None) for path in written]
