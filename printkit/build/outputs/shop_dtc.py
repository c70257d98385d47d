"""--shop dtc: DriveThruCards' card decks, a PDF of each card product in `shop-dtc/<language>/`
(`poker.pdf`), as its printed card specifications ask: one PDF a deck, one face a page at the
product's trim plus 1/8 in, each copy's back then its front; a card a little off the product's
size (within --shop-tolerance) is scaled to its trim, with a warning, and a piece it does not print
left out with one (see layout.shop)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from printkit.build.outputs.base import BuildOptions, Drawn, ShopKind, register, retire_earlier
from printkit.build.outputs.components import kit_info

if TYPE_CHECKING:
    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.content.pack import Pack
    from printkit.layout.pieces import Faces
    from printkit.layout.sheets import Page


@register
class DriveThruCards(ShopKind):
    name = "dtc"
    folder = "shop-dtc"
    shop = "a PDF of each DriveThruCards card deck, each card's back then its front"

    def job(self, drawn: Drawn) -> Job:
        from printkit.build.jobs import Job
        from printkit.build.warnings import warn
        from printkit.layout.shop import deck_pages

        pack = drawn.pack
        name = self.name_of(pack.id, drawn.language)
        decks, warnings = deck_pages(pack, drawn.pieces, self.folder, drawn.options.shop_tolerance)
        for warning in warnings:
            warn(str(warning))
        write = partial(_write, pack, drawn.language, name, decks, drawn.shop_faces, drawn.options)
        return Job(pack.id, name, write, weight=sum(len(pages) for pages in decks.values()))


def _write(
    pack: Pack,
    language: str,
    name: str,
    decks: dict[str, list[Page]],
    faces: Faces,
    options: BuildOptions,
    staging: Staging,
) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.output.pdf import render_pdf

    folder = options.out / pack.id / name
    written = []
    for deck, pages in decks.items():
        target = folder / f"{deck}.pdf"
        render_pdf(
            faces.fill(pages),
            staging.temporary(target, inside=options.out),
            **kit_info(pack, language, target),
            duplex="long",
        )
        written.append(Written(target, len(pages)))
    faces.raise_problems()
    retire_earlier(staging, options, pack.id, [name], [w.path for w in written])
    return written
