"""--pdfx: beside each components PDF, its CMYK PDF/X-4 twin for print shops
(`<pack>-components-<language>-<layout>-pdfx.pdf`), converted for the printing condition
--output-condition names (FOGRA39 unless told) with the profile printkit ships for it: its sheets
without the calibration page, which is for home printers; derived from the components PDF, and
retired when that is written again without it. Its summary line gives the largest colour shift of
each component."""

from __future__ import annotations

from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.build.outputs.base import BuildOptions, Drawn, PackPlan, SheetsKind, register
from printkit.build.outputs.components import Components, kit_info
from printkit.output.conditions import DEFAULT_CONDITION, OUTPUT_CONDITIONS

if TYPE_CHECKING:
    import argparse

    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.content.pack import Pack
    from printkit.layout.pieces import Faces
    from printkit.layout.sheets import Page


@register
class PdfX(SheetsKind):
    name = "pdfx"
    unprinted = "PDF/X"
    derived_from = Components.name

    def add_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--pdfx",
            action="store_true",
            help="also write a CMYK PDF/X-4 of each components PDF for print shops",
        )
        group.add_argument(
            "--output-condition",
            choices=list(OUTPUT_CONDITIONS),
            default=DEFAULT_CONDITION,
            help="the printing condition --pdfx converts for: "
            + "; ".join(f"{c.name}: {c.identifier}, {c.where}" for c in OUTPUT_CONDITIONS.values())
            + f" (default: {DEFAULT_CONDITION}; ask your print shop)",
        )

    def options_of(self, args: argparse.Namespace) -> dict:
        return {"pdfx": args.pdfx, "output_condition": args.output_condition}

    def wanted(self, options: BuildOptions) -> bool:
        return options.pdfx

    def name_of(self, pack_id: str, language: str, layout: str) -> str:
        return f"{pack_id}-components-{language}-{layout}-pdfx.pdf"

    def key_of(self, plan: PackPlan) -> tuple:
        return (plan.options.strict, "pdfx", plan.options.output_condition, _profile_key(plan.options.output_condition))

    def job(self, drawn: Drawn, layout: str, pages: list[Page]) -> Job:
        from printkit.build.jobs import Job

        pages = shop_sheets(pages)
        name = self.name_of(drawn.pack.id, drawn.language, layout)
        target = drawn.options.out / drawn.pack.id / name
        write = partial(_write, drawn.pack, drawn.language, pages, drawn.faces, drawn.options, target)
        # twice a components PDF's time (measured on skylands: the file is rewritten by pypdf)
        return Job(drawn.pack.id, name, write, weight=4 * len(pages))


def shop_sheets(pages: list[Page]) -> list[Page]:
    """The sheets a print shop prints: the calibration page left out, and its back with it (the
    blank page after it, on a duplex kit). A blank back between other sheets stays: left out, it
    would put every later front on the back of the one before."""
    if not pages or pages[0].side != "calibration":
        return pages
    rest = pages[1:]
    return rest[1:] if rest and rest[0].side == "back" and not rest[0].placements else rest


@cache
def _profile_key(condition: str) -> str:
    """The profile a condition converts with and embeds (a new printkit may bring a better one)."""
    from printkit.build.cache import file_hash

    return file_hash(OUTPUT_CONDITIONS[condition].profile)


def _write(
    pack: Pack, language: str, pages: list[Page], faces: Faces, options: BuildOptions, target: Path, staging: Staging
) -> list[Written]:
    from printkit.build.jobs import ColourShifts, Written
    from printkit.output.pdfx import render_pdfx

    condition = OUTPUT_CONDITIONS[options.output_condition]
    shifts = render_pdfx(
        faces.fill(pages), staging.temporary(target, inside=options.out), condition, **kit_info(pack, language, target)
    )
    faces.raise_problems()
    return [Written(target, len(pages), shifts=ColourShifts(condition.identifier, shifts))]
