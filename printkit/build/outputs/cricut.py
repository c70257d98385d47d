"""--cricut: Cricut Design Space Print Then Cut images, in `cricut/<language>/`: `sheet-NN-WxHmm.png`,
one per group of pieces that fits Design Space's largest Print Then Cut image (6.75 x 9.25 in),
at 300 dpi, transparent outside the pieces' trim lines and with no bleed of printkit's (Design
Space adds its own), its size in millimetres in its name for the user to check it by in Design
Space (layout.cricut, docs/how-to/cutting-machines.md). Fronts only: Design Space prints one side."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from printkit.build.outputs.base import BuildOptions, Drawn, FacesKind, PackPlan, register, retire_earlier

if TYPE_CHECKING:
    import argparse

    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.layout.pieces import Piece


@register
class Cricut(FacesKind):
    name = "cricut"
    folder = "cricut"
    follows_selection = True  # a cutter cuts what the kit prints

    def add_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--cricut",
            action="store_true",
            help="also write Print Then Cut images (PNG) for Cricut Design Space (output/PACK/cricut/LANG/)",
        )

    def options_of(self, args: argparse.Namespace) -> dict:
        return {"cricut": args.cricut}

    def wanted(self, options: BuildOptions) -> bool:
        return options.cricut

    def name_of(self, pack_id: str, language: str) -> str:
        return f"{self.folder}/{language}"

    def key_of(self, plan: PackPlan, language: str) -> tuple:
        options = plan.options
        bleed = (options.bleed,) if options.bleed is not None else (None, plan.template)  # the template's bleed
        return (plan.content, plan.catalog(language), language, "cricut", *bleed, options.ink_saver, options.strict)

    def job(self, drawn: Drawn) -> Job | None:
        from printkit.build.jobs import Job

        pieces = [piece for piece in drawn.pieces if piece.component.id in drawn.kit]  # what --only leaves
        if not drawn.printed or not pieces:
            return None
        name = self.name_of(drawn.pack.id, drawn.language)
        copies = sum(piece.component.count for piece in pieces)
        return Job(drawn.pack.id, name, partial(_write, drawn, pieces, name), weight=5 * copies)


def _write(drawn: Drawn, pieces: list[Piece], name: str, staging: Staging) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.layout.cricut import cricut_images
    from printkit.output.png import cut_image_files

    options, faces = drawn.options, drawn.faces
    images = list(faces.fill(cricut_images(drawn.pack, drawn.language, pieces, faces.ctx.bleed)))
    faces.raise_problems()
    folder = options.out / drawn.pack.id / name
    written = []
    for number, (image, data) in enumerate(zip(images, cut_image_files(images), strict=True), 1):
        width, height = (round(side, 1) for side in image.size)
        target = folder / f"sheet-{number:02d}-{width:g}x{height:g}mm.png"
        staging.temporary(target, inside=options.out).write_bytes(data)
        written.append(target)
    retire_earlier(staging, options, drawn.pack.id, [name], written)
    return [Written(path, None) for path in written]
