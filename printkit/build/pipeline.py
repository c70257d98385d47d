"""Build kits: lay out every pack's outputs, write them (in parallel processes), then commit.

Takes: pack folders and the build options of `printkit build`.
Returns: the paths written. Every output is first written under a temporary name; only when all
of them were laid out and drawn without a problem are they renamed into place together. So a
problem anywhere, or an interrupted build, leaves earlier outputs intact and no half-written file.
Outputs whose inputs did not change are skipped (see printkit.build.cache); jobs are written by
printkit.build.jobs.
"""

from __future__ import annotations

import contextvars
import os
import sys
from collections.abc import Callable, Collection
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TypedDict

from printkit.base.collector import paused as paused_collector
from printkit.base.errors import Problem, Problems, UsageError, counted, display_path
from printkit.base.requires import missing_library
from printkit.build.cache import Manifest, Output, plan
from printkit.build.jobs import Job, Written, build_jobs
from printkit.build.lock import holding, remove_leftovers
from printkit.build.output_folder import apart
from printkit.build.outputs import (
    BuildOptions,
    Shop,
    components_name,
    cut_svg_name,
    editions,
    papers_of,
    pdfx_name,
    png_name,
    rulebook_name,
    sheets_duplex,
    shop_name,
)
from printkit.build.staging import Staging
from printkit.build.summary import PackBuilt
from printkit.content.pack import Pack
from printkit.content.read import Loaded, load_partial
from printkit.i18n import words
from printkit.i18n.pseudo import CODE as PSEUDO
from printkit.i18n.translate import entry_problems, missing_problems, translate, undeclared
from printkit.layout.imposition import impose
from printkit.layout.pieces import Faces, Piece
from printkit.layout.sheets import Page, SheetOptions
from printkit.layout.shop import SHOP_FACE_BLEED, single_pages, tgc_pages
from printkit.layout.templates import SheetTemplate, impose_on_template, read_template, template_path
from printkit.output.cut_svg import cut_files
from printkit.output.pdf import render_pdf
from printkit.output.pdfx import cmyk_profile, render_pdfx


def lay_out(packs: list[Pack], options: BuildOptions, *, draw_all: bool = False) -> list[Job]:
    """Every output to write, laid out; raises Problems for all layout problems at once. Faces are
    drawn as their sheets are written (see Faces), unless draw_all: then every face is drawn now,
    so that text that cannot be set is among the problems (`printkit check` wants them all).
    A locale with untranslated strings builds with those components marked DRAFT and a warning;
    with strict, the missing strings are problems instead."""
    jobs, problems = [], []
    for pack in packs:
        languages = options.languages or tuple(pack.meta.locales)
        not_declared = undeclared(pack, [lang for lang in languages if lang != PSEUDO])
        if not_declared is not None:
            raise not_declared
        papers = papers_of(options, pack.meta.defaults.paper)
        try:
            template = sheet_template(options.template, pack.root)
        except Problems as error:
            problems += error.problems
            continue
        translated: dict[str, Pack] = {}
        rulebook_drafts: set[str] = set()
        for language in languages:
            try:
                translation = translate(pack, language)
                if options.strict and language not in (pack.meta.language, PSEUDO):  # qps is never missing any
                    problems += missing_problems(pack, translation, language) + entry_problems(pack, language)
                if translation.missing and options.strict:
                    continue
                own = words.of(language, pack.root)
                for problem in words.header_problems(pack.root, language):
                    warn(str(problem))
                if own.missing:
                    untranslated = "is not translated" if len(own.missing) == 1 else "are not translated"
                    prints = "prints" if len(own.missing) == 1 else "print"
                    warn(
                        f"{pack.id} ({language}): {len(own.missing)} of printkit's own words {untranslated} to "
                        f"{language} and {prints} in English (translate them in "
                        f"{display_path(words.pack_catalog(pack.root, language))}, which "
                        f"'printkit i18n update {pack.id}' writes)"
                    )
                if translation.missing:
                    warn(
                        f"{pack.id} ({language}): {counted(len({m.msgid for m in translation.missing}), 'string')} not translated; "
                        f"{counted(len(translation.drafts), 'component')} marked DRAFT (see 'printkit i18n stats {pack.id}')"
                    )
                faces = Faces(
                    translation.pack, language, options.bleed, options.ink_saver, frozenset(translation.drafts)
                )
                pieces = faces.outlines()
                if draw_all:
                    for piece in pieces:
                        faces.complete(piece)
                    faces.raise_problems()
            except Problems as error:
                problems += error.problems
                continue
            translated[language] = translation.pack
            if any(m.key.kind == "rulebook" for m in translation.missing):
                rulebook_drafts.add(language)
            # no copies: an empty PDF helps no one, and the cache would wait for cut paths never written
            printed = any(piece.component.count for piece in pieces)
            if not printed:
                warn(
                    f"{pack.id} ({language}): nothing to print: every component has count: 0, so no components "
                    "PDF is written (nor its PDF/X, cut paths or --shop single PDF)"
                )
            try:
                laid_out = _laid_out(translation.pack, language, template, papers, pieces, options) if printed else []
            except Problems as error:
                problems += error.problems
                continue
            for layout, pages in laid_out:
                jobs.append(_pdf_job(translation.pack, language, layout, pages, faces, options))
                if options.pdfx:
                    jobs.append(_pdf_job(translation.pack, language, layout, pages, faces, options, pdfx=True))
                if options.cut_svg:
                    jobs.append(_cut_svg_job(translation.pack.id, language, layout, pages, options))
            if options.png:
                jobs.append(_png_job(translation.pack, language, pieces, faces, options))
            # the print shops' faces are drawn with their own bleed, whatever --bleed says
            shop_faces = Faces(
                translation.pack, language, SHOP_FACE_BLEED, options.ink_saver, frozenset(translation.drafts)
            )
            for shop in options.shops:
                if shop == "single" and not printed:
                    continue
                try:
                    jobs.append(SHOP_JOBS[shop](translation.pack, language, pieces, shop_faces, options))
                except Problems as error:
                    problems += error.problems
        if options.rulebooks and pack.rulebook is not None and not problems:
            try:
                jobs += _rulebook_jobs(pack, translated, frozenset(rulebook_drafts), papers[0], options)
            except Problems as error:
                problems += error.problems
    if problems:
        raise Problems(problems)
    return jobs


def _rulebook_jobs(
    pack: Pack, translated: dict[str, Pack], drafts: frozenset[str], paper: str, options: BuildOptions
) -> list[Job]:
    """The rulebook editions of the languages built (see outputs.editions), each made into HTML and
    typeset when written."""
    from printkit.rulebook.book import Part

    jobs = []
    size = len(repr(pack.rulebook))  # about 650 characters of it make a page, which takes WeasyPrint ~60 ms
    for edition in editions(list(translated), pack.meta.language, pack.meta.editions):
        parts = [Part(language, translated[language]) for language in edition]
        name = rulebook_name(pack.id, edition)
        target = options.out / pack.id / name
        jobs.append(
            Job(
                pack.id,
                name,
                partial(_write_rulebook, parts, paper, drafts, target, options),
                weight=size * len(parts) * 60 // 650,
            )
        )
    return jobs


def _write_rulebook(
    parts: list, paper: str, drafts: frozenset[str], target: Path, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.rulebook import book as rulebook

    written = staging.temporary(target, inside=options.out)
    pages = rulebook.make(parts, paper, drafts, written)
    if not options.booklet:
        return [Written(target, pages)]
    booklet = target.with_name(f"{target.stem}-booklet.pdf")
    return [
        Written(target, pages),
        Written(booklet, rulebook.booklet(written, staging.temporary(booklet, inside=options.out))),
    ]


def _laid_out(
    pack: Pack, language: str, template: SheetTemplate | None, papers: tuple[str, ...], pieces: list[Piece], options
) -> list[tuple[str, list[Page]]]:
    """Each layout's name (a paper, or the sheet template) and its sheets."""
    if template is not None:
        return [(template.key, _on_template(pack, template, pieces, options.bleed))]
    sheets = [SheetOptions(paper, options.duplex, options.bleed) for paper in papers]
    return [(sheet.paper, impose(pack, language, sheet, pieces)) for sheet in sheets]


def _on_template(pack: Pack, template: SheetTemplate, pieces: list[Piece], bleed: float) -> list[Page]:
    """The sheets of a template, with a warning for each component left out because no slot takes it."""
    pages, left_out = impose_on_template(pack, template, pieces, bleed)
    for warning in left_out:
        warn(str(warning))
    return pages


# Off while the faces of packs with problems are drawn only to find more: what a build would say
# of its outputs (strings not translated, nothing to print) waits till the problems are fixed.
_warnings_shown = contextvars.ContextVar("warnings_shown", default=True)


def warn(message: str) -> None:
    if _warnings_shown.get():
        print(f"printkit: warning: {message}", file=sys.stderr)


def sheet_template(name: str | None, pack_root: Path) -> SheetTemplate | None:
    """The sheet template a build names (None: paper), as the pack sees it: its own come first."""
    return None if name is None else read_template(template_path(name, pack_root), pack_root)


def loaded_packs(
    roots: list[Path], options: BuildOptions, *, draw_all: bool = False
) -> tuple[list[Loaded], list[Problem]]:
    """Every pack loaded and validated as far as it goes (see load_partial), its warnings printed, and
    all their problems: with options.strict, text and icons in the safe zone too. What can be drawn
    of every pack is laid out and drawn as well when draw_all or any problem was found, so that text
    that does not fit and icons printkit lacks are among them: one run reports them all."""
    loaded = [load_partial(root) for root in roots]
    packs = [each.pack for each in loaded if each.pack is not None]
    unsafe = [problem for pack in packs for problem in pack.unsafe]
    problems = [problem for each in loaded for problem in each.problems] + (unsafe if options.strict else [])
    quiet = options.strict or problems  # the safe zone waits till the problems are fixed
    for warning in [warning for each in loaded for warning in each.warnings] + ([] if quiet else unsafe):
        warn(str(warning))
    if problems or draw_all:
        drawable = [each.drawable for each in loaded if each.drawable is not None]
        shown = _warnings_shown.set(not problems)
        try:
            lay_out(drawable, replace(options, rulebooks=False), draw_all=True)
        except Problems as error:
            problems += error.problems
        finally:
            _warnings_shown.reset(shown)
    return loaded, problems


def checked_packs(roots: list[Path], options: BuildOptions) -> list[Pack]:
    """The packs loaded and validated, their warnings printed; raises Problems with every problem
    of every pack (see loaded_packs)."""
    loaded, problems = loaded_packs(roots, options)
    if problems:
        raise Problems(problems)
    return [each.pack for each in loaded if each.pack is not None]


def _pdf_job(
    pack: Pack,
    language: str,
    paper: str,
    pages: list[Page],
    faces: Faces,
    options: BuildOptions,
    *,
    pdfx: bool = False,
) -> Job:
    """The components PDF, or with pdfx its CMYK PDF/X-4 version for print shops."""
    name = (pdfx_name if pdfx else components_name)(pack.id, language, paper)
    write = partial(_write_pdf, pack, language, paper, pages, faces, options, pdfx, options.out / pack.id / name)
    # PDF/X takes about twice as long (measured on skylands: the file is rewritten by pypdf)
    return Job(pack.id, name, write, weight=(4 if pdfx else 2) * len(pages))


# The jobs' writers are module-level functions (each job's write a partial of one): where workers
# are spawned, not forked, a job is pickled to the worker that writes it (see base.processes).


def _write_pdf(
    pack: Pack,
    language: str,
    paper: str,
    pages: list[Page],
    faces: Faces,
    options: BuildOptions,
    pdfx: bool,
    target: Path,
    staging: Staging,
) -> list[Written]:
    render = (
        partial(render_pdfx, profile=_pdfx_profile()) if pdfx else partial(render_pdf, duplex=sheets_duplex(options))
    )
    render(faces.fill(pages), staging.temporary(target, inside=options.out), **_kit_info(pack, language, target))
    faces.raise_problems()
    if not pdfx:
        _retire_derived(staging, pack.id, language, paper, options)
    return [Written(target, len(pages))]


def _retire_derived(staging: Staging, pack_id: str, language: str, paper: str, options: BuildOptions) -> None:
    """A components PDF written again takes with it the PDF/X twin and cut paths made from the one
    it replaces, unless this build writes them again: a shop or a cutter must not get files that
    do not match the PDF."""
    derived = [pdfx_name(pack_id, language, paper)] if not options.pdfx else []
    derived += [cut_svg_name(language, paper)] if not options.cut_svg else []
    _retire_earlier(staging, options, pack_id, derived)


def _retire_earlier(
    staging: Staging, options: BuildOptions, pack_id: str, outputs: list[str], written: Collection[Path] = ()
) -> None:
    """The files the outputs wrote when they were last built that this build does not write again
    (a component renamed or removed since, say), removed when it commits: only those the pack's
    manifest records and that still hold what was written (see cache.Manifest.written)."""
    if outputs:
        manifest = Manifest(options.out / pack_id)
        staging.retire([found for output in outputs for found in manifest.written(output, written)], inside=options.out)


def _cut_svg_job(pack_id: str, language: str, paper: str, pages: list[Page], options: BuildOptions) -> Job:
    name = cut_svg_name(language, paper)
    write = partial(_write_cut_svg, pack_id, name, pages, options)
    return Job(pack_id, name, write, weight=len(pages) // 10 + 1)  # a tenth of a sheet's PDF (measured)


def _write_cut_svg(
    pack_id: str, name: str, pages: list[Page], options: BuildOptions, staging: Staging
) -> list[Written]:
    folder = options.out / pack_id / name
    written = []
    for number, svg in cut_files(pages):
        target = folder / f"page-{number:02d}.svg"
        staging.temporary(target, inside=options.out).write_text(svg, encoding="utf-8")
        written.append(target)
    _retire_earlier(staging, options, pack_id, [name], written)
    return [Written(path, None) for path in written]


def _png_job(pack: Pack, language: str, outlines: list[Piece], faces: Faces, options: BuildOptions) -> Job:
    write = partial(_write_pngs, pack, language, outlines, faces, options)
    faces_count = sum(1 if outline.back is None else 2 for outline in outlines)
    return Job(pack.id, png_name(language), write, weight=15 * faces_count)


def _write_pngs(
    pack: Pack, language: str, outlines: list[Piece], faces: Faces, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.output.png import png_files  # PDFium loads only for PNG exports

    folder = options.out / pack.id / "png" / language
    pieces = [faces.complete(outline) for outline in outlines]
    faces.raise_problems()
    written = []
    for name, data in png_files(pieces, options.bleed, pack):
        staging.temporary(folder / f"{name}.png", inside=options.out).write_bytes(data)
        written.append(folder / f"{name}.png")
    _retire_earlier(staging, options, pack.id, [png_name(language)], written)
    return [Written(path, None) for path in written]


class _KitInfo(TypedDict):
    title: str
    subject: str
    lang: str


def _kit_info(pack: Pack, language: str, target: Path) -> _KitInfo:
    """The document information of a kit's PDF: its title in the language, what it holds, the language."""
    title = words.of(language, pack.root).text("kit-title", title=pack.meta.title)
    return _KitInfo(title=title, subject=f"{pack.id} {target.stem}", lang=language)


def _single_job(pack: Pack, language: str, outlines: list[Piece], faces: Faces, options: BuildOptions) -> Job:
    """--shop single: a PDF of one face a page (see layout.shop.single_pages)."""
    name = shop_name("single", pack.id, language)
    pages = single_pages(outlines)
    return Job(
        pack.id,
        name,
        partial(_write_single, pack, language, pages, faces, options.out / pack.id / name, options),
        weight=len(pages),
    )


def _write_single(
    pack: Pack, language: str, pages: list[Page], faces: Faces, target: Path, options: BuildOptions, staging: Staging
) -> list[Written]:
    render_pdf(
        faces.fill(pages),
        staging.temporary(target, inside=options.out),
        **_kit_info(pack, language, target),
        duplex="long" if any(page.side == "back" for page in pages) else "off",
    )
    faces.raise_problems()
    return [Written(target, len(pages))]


def _tgc_job(pack: Pack, language: str, outlines: list[Piece], faces: Faces, options: BuildOptions) -> Job:
    """--shop tgc: a PNG of each face on The Game Crafter's template of its product, laid out now:
    a piece that fits no product of its kind and shape is a problem before anything is written,
    one of a kind or shape it does not make a warning."""
    name = shop_name("tgc", pack.id, language)
    named, left_out = tgc_pages(pack, outlines)
    for warning in left_out:
        warn(str(warning))
    return Job(pack.id, name, partial(_write_tgc, pack.id, name, named, faces, options), weight=15 * len(named))


def _write_tgc(
    pack_id: str, name: str, named: list[tuple[str, Page]], faces: Faces, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.output.png import page_files  # PDFium loads only for PNG exports

    folder = options.out / pack_id / name
    faces_drawn = faces.fill(page for _, page in named)
    written = []
    for face, data in page_files([(face, page) for (face, _), page in zip(named, faces_drawn, strict=True)]):
        staging.temporary(folder / f"{face}.png", inside=options.out).write_bytes(data)
        written.append(folder / f"{face}.png")
    faces.raise_problems()
    _retire_earlier(staging, options, pack_id, [name], written)
    return [Written(path, None) for path in written]


SHOP_JOBS: dict[Shop, Callable[[Pack, str, list[Piece], Faces, BuildOptions], Job]] = {
    "single": _single_job,
    "tgc": _tgc_job,
}


def build(roots: list[Path], options: BuildOptions) -> list[PackBuilt]:
    """Build the packs, skipping (unless options.force) every output whose inputs did not change;
    returns what was written for each pack, and how many of its files were up to date. Another
    build into the same folder is waited for (see printkit.build.lock)."""
    if options.pdfx:
        _pdfx_profile()
    if options.cut_svg and options.duplex == "off" and options.template is None:  # a template prints no backs
        raise UsageError(
            "--cut-svg needs backs printed behind their fronts (--duplex long or short): "
            "with --duplex off a back beside its front is folded along the line a cutter would cut"
        )
    apart(options.out, roots)
    _one_folder_per_id(roots)
    with paused_collector(), holding(options.out):
        return _build(roots, options)


def _one_folder_per_id(roots: list[Path]) -> None:
    """Two pack folders of one name (a pack's id is its folder's) would write into one output folder."""
    seen: dict[str, Path] = {}
    for root in roots:
        name = Path(os.path.realpath(root)).name
        if name in seen and os.path.realpath(seen[name]) != os.path.realpath(root):
            raise UsageError(
                f"the packs {display_path(seen[name])} and {display_path(root)} have one id, {name}, and would "
                "write into one output folder (build them one at a time, each with its own --out)"
            )
        seen.setdefault(name, root)


def _pdfx_profile() -> Path:
    """The CMYK profile of --pdfx, or a usage error saying how to get one."""
    profile = cmyk_profile()
    if profile is None:
        raise UsageError(missing_library("ghostscript"))
    return profile


def _build(roots: list[Path], options: BuildOptions) -> list[PackBuilt]:
    keys: dict[tuple[str, str], Output] = {}
    todo, unplanned, pack_ids = [], [], []
    up_to_date: dict[str, int] = {}  # files of outputs not written again, per pack
    for root in roots:
        planned = plan(root, options)  # with --force too: what it writes is recorded for next time
        if planned is None:
            unplanned.append(root)
        else:
            pack_id, outputs = planned
            pack_ids.append(pack_id)
            remove_leftovers(options.out / pack_id)
            keys.update({(pack_id, o.name): o for o in outputs})
            manifest = Manifest(options.out / pack_id)
            if not options.force and all(manifest.fresh(o) for o in outputs):
                up_to_date[pack_id] = sum(manifest.file_count(o) for o in outputs)
                continue
        todo.append(root)
    written: dict[str, list[Written]] = {}
    if todo:
        packs = checked_packs(todo, options)  # raises the problems of a pack.yaml the plan could not read
        if unplanned:  # the loader took what the plan refused: a bug, or the pack would silently never be cached
            raise RuntimeError(f"the build cache could not plan {', '.join(map(str, unplanned))}")
        jobs = _stale(lay_out(packs, options), options, keys, up_to_date)
        try:
            built = build_jobs(jobs, options.jobs, quiet=options.quiet)
        except BaseException:  # interrupted too: a worker killed after its grace could not remove its temporaries
            for pack in packs:
                remove_leftovers(options.out / pack.id)
            raise
        for job, files in built:
            written.setdefault(job.pack, []).extend(files)
    return [PackBuilt(pack_id, written.get(pack_id, []), up_to_date.get(pack_id, 0)) for pack_id in pack_ids]


def _stale(jobs: list[Job], options: BuildOptions, keys: dict, up_to_date: dict[str, int]) -> list:
    """The jobs whose outputs are not up to date, with their cache keys and manifests; the files of
    those that are are counted into up_to_date."""
    manifests: dict[str, Manifest] = {}
    stale = []
    for job in jobs:
        manifest = manifests.setdefault(job.pack, Manifest(options.out / job.pack))
        output = keys.get((job.pack, job.output))
        if output is None or options.force or not manifest.fresh(output):
            stale.append((job, output, manifest))
        else:
            up_to_date[job.pack] = up_to_date.get(job.pack, 0) + manifest.file_count(output)
    return stale
