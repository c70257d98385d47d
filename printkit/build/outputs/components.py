"""The components PDF: every piece of a language laid out on a paper (or a sheet template), fronts
and backs, with crop marks and the calibration page; `<pack>-components-<language>-<layout>.pdf`.
Written again, it retires the outputs derived from the PDF it replaces that this build does not
write (a PDF/X twin or cut paths that would no longer match it)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from printkit.build.outputs.base import (
    KINDS,
    BuildOptions,
    Drawn,
    PackPlan,
    SheetsKind,
    register,
    retire_earlier,
    sheets_duplex,
)

if TYPE_CHECKING:
    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.content.pack import Pack
    from printkit.layout.pieces import Faces
    from printkit.layout.sheets import Page


@register
class Components(SheetsKind):
    name = "components"
    unprinted = "components PDF"

    def wanted(self, options: BuildOptions) -> bool:
        return True  # what every build is for

    def name_of(self, pack_id: str, language: str, layout: str) -> str:
        return components_name(pack_id, language, layout)

    def key_of(self, plan: PackPlan) -> tuple:
        return (plan.options.strict,)

    def job(self, drawn: Drawn, layout: str, pages: list[Page]) -> Job:
        from printkit.build.jobs import Job

        name = self.name_of(drawn.pack.id, drawn.language, layout)
        target = drawn.options.out / drawn.pack.id / name
        write = partial(_write, drawn.pack, drawn.language, layout, pages, drawn.faces, drawn.options, target)
        return Job(
            drawn.pack.id,
            name,
            write,
            weight=2 * len(pages),  # ms a sheet (measured)
            printed=(drawn.language, tuple(sorted(drawn.kit.items()))),
            left_out=drawn.left_out,
        )


def components_name(pack: str, language: str, layout: str) -> str:
    """The components PDF laid out on a paper, or on a sheet template (named like a paper)."""
    return f"{pack}-components-{language}-{layout}.pdf"


# The jobs' writers are module-level functions (each job's write a partial of one): where workers
# are spawned, not forked, a job is pickled to the worker that writes it (see base.processes).


def _write(
    pack: Pack,
    language: str,
    layout: str,
    pages: list[Page],
    faces: Faces,
    options: BuildOptions,
    target: Path,
    staging: Staging,
) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.output.pdf import render_pdf

    written = staging.temporary(target, inside=options.out)
    render_pdf(faces.fill(pages), written, **kit_info(pack, language, target), duplex=sheets_duplex(options))
    faces.raise_problems()
    ink = _ink_saved(pack, language, pages, faces, options, written) if faces.ink_saver else None
    derived = [
        kind.name_of(pack.id, language, layout)
        for kind in KINDS
        if isinstance(kind, SheetsKind) and kind.derived_from == Components.name and not kind.wanted(options)
    ]
    retire_earlier(staging, options, pack.id, derived)
    return [Written(target, len(pages), ink)]


def _ink_saved(
    pack: Pack, language: str, pages: list[Page], faces: Faces, options: BuildOptions, written: Path
) -> tuple[float, float]:
    """The ink coverage of the kit's sheets drawn without --ink-saver and as written with it."""
    from printkit.layout.pieces import Faces
    from printkit.output.ink import ink_coverage
    from printkit.output.pdf import render_pdf

    plain = written.with_name(f"{written.name}.plain")
    full = Faces(pack, language, faces.ctx.bleed, False, faces.drafts)
    try:
        render_pdf(full.fill(pages), plain, **kit_info(pack, language, written), duplex=sheets_duplex(options))
        return ink_coverage(plain), ink_coverage(written)
    finally:
        plain.unlink(missing_ok=True)


class KitInfo(TypedDict):
    title: str
    subject: str
    lang: str


def kit_info(pack: Pack, language: str, target: Path) -> KitInfo:
    """The document information of a kit's PDF: its title in the language, what it holds, the language."""
    from printkit.i18n import words

    title = words.of(language, pack.root).text("kit-title", title=pack.meta.title)
    return KitInfo(title=title, subject=f"{pack.id} {target.stem}", lang=language)
