"""--shop tgc: a PNG of each face on The Game Crafter's template of its product, in
`shop-tgc/<language>/`. A piece that fits no product of its kind and shape is a problem before
anything is written, one of a kind or shape it does not make a warning (see layout.shop)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from printkit.build.outputs.base import BuildOptions, Drawn, FacesKind, PackPlan, register, retire_earlier

if TYPE_CHECKING:
    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.layout.pieces import Faces
    from printkit.layout.sheets import Page


@register
class GameCrafter(FacesKind):
    name = "tgc"
    folder = "shop-tgc"
    shop = "a PNG of each face on The Game Crafter's template of its product"

    def wanted(self, options: BuildOptions) -> bool:
        return self.name in options.shops

    def name_of(self, pack_id: str, language: str) -> str:
        return f"{self.folder}/{language}"

    def key_of(self, plan: PackPlan, language: str) -> tuple:
        # fixed bleed and no paper: neither --bleed nor --paper nor --duplex changes them
        return (plan.content, plan.catalog(language), language, self.name, plan.options.ink_saver, plan.options.strict)

    def job(self, drawn: Drawn) -> Job:
        from printkit.build.jobs import Job
        from printkit.build.warnings import warn
        from printkit.layout.shop import tgc_pages

        pack = drawn.pack
        name = self.name_of(pack.id, drawn.language)
        named, left_out = tgc_pages(pack, drawn.pieces)
        for warning in left_out:
            warn(str(warning))
        write = partial(_write, pack.id, name, named, drawn.shop_faces, drawn.options)
        return Job(pack.id, name, write, weight=15 * len(named))


def _write(
    pack_id: str, name: str, named: list[tuple[str, Page]], faces: Faces, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.output.png import page_files  # PDFium loads only for PNG exports

    folder = options.out / pack_id / name
    faces_drawn = faces.fill(page for _, page in named)
    written = []
    for face, data in page_files([(face, page) for (face, _), page in zip(named, faces_drawn, strict=True)]):
        staging.temporary(folder / f"{face}.png", inside=options.out).write_bytes(data)
        written.append(folder / f"{face}.png")
    faces.raise_problems()
    retire_earlier(staging, options, pack_id, [name], written)
    return [Written(path, None) for path in written]
