"""--shop tgc: a PNG of each face on The Game Crafter's template of its product, in
`shop-tgc/<language>/`; and what every shop that takes a PNG of each face shares (`TemplateFolder`).
A piece a little off its product's size (within --shop-tolerance) is scaled to its trim, with a
warning; a piece of a kind or shape the shop does not make, or of a size it does not print, is left
out with one (see layout.shop)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, ClassVar

from printkit.build.outputs.base import BuildOptions, Drawn, ShopKind, register, retire_earlier

if TYPE_CHECKING:
    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.layout.pieces import Faces
    from printkit.layout.sheets import Page


class TemplateFolder(ShopKind):
    """A folder of PNGs, one a face, each on the template of the shop's product it is printed as."""

    folder: ClassVar[str]
    seller: ClassVar[str]  # the shop's table in layout.shop (TGC, MPC)

    def job(self, drawn: Drawn) -> Job:
        from printkit.build.jobs import Job
        from printkit.build.warnings import warn
        from printkit.layout import shop
        from printkit.layout.shop import template_pages

        pack = drawn.pack
        name = self.name_of(pack.id, drawn.language)
        named, warnings = template_pages(
            pack, drawn.pieces, getattr(shop, self.seller), self.folder, drawn.options.shop_tolerance
        )
        for warning in warnings:
            warn(str(warning))
        write = partial(_write, pack.id, name, named, drawn.shop_faces, drawn.options)
        return Job(pack.id, name, write, weight=15 * len(named))


@register
class GameCrafter(TemplateFolder):
    name = "tgc"
    folder = "shop-tgc"
    seller = "TGC"
    shop = "a PNG of each face on The Game Crafter's template of its product"


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
