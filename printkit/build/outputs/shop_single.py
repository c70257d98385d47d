"""--shop single: one face a page in a PDF, each page its trim plus the shops' bleed (a card
within --shop-tolerance of one of DriveThruCards' products on its page, 2.75 x 3.75 in for a poker
card, scaled to its trim with a warning), every copy front then back (see layout.shop.single_pages):
`<pack>-components-<language>-single.pdf`."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.build.outputs.base import BuildOptions, Drawn, ShopKind, nothing_to_write, register
from printkit.build.outputs.components import kit_info

if TYPE_CHECKING:
    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.content.pack import Pack
    from printkit.layout.pieces import Faces
    from printkit.layout.sheets import Page


@register
class SingleFaces(ShopKind):
    name = "single"
    unprinted = "--shop single PDF"
    shop = "a PDF of one face a page with 1/8 in bleed, backs after their fronts"

    def name_of(self, pack_id: str, language: str) -> str:
        return f"{pack_id}-components-{language}-single.pdf"

    def job(self, drawn: Drawn) -> Job | None:
        from printkit.build.jobs import Job
        from printkit.build.warnings import warn
        from printkit.layout.shop import single_pages

        if not drawn.printed:  # nothing has copies: no PDF of no pages, nor the one before
            return nothing_to_write(drawn.pack.id, self.name_of(drawn.pack.id, drawn.language), drawn.options)
        pack, options = drawn.pack, drawn.options
        name = self.name_of(pack.id, drawn.language)
        pages, warnings = single_pages(pack, drawn.pieces, options.shop_tolerance)
        for warning in warnings:
            warn(str(warning))
        write = partial(_write, pack, drawn.language, pages, drawn.shop_faces, options.out / pack.id / name, options)
        return Job(pack.id, name, write, weight=len(pages))


def _write(
    pack: Pack, language: str, pages: list[Page], faces: Faces, target: Path, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.output.pdf import render_pdf

    render_pdf(
        faces.fill(pages),
        staging.temporary(target, inside=options.out),
        **kit_info(pack, language, target),
        duplex="long" if any(page.side == "back" for page in pages) else "off",
    )
    faces.raise_problems()
    return [Written(target, len(pages))]
