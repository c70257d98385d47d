"""Build kits: lay out every pack's outputs, write them (in parallel processes), then commit.

Takes: pack folders and the build options of `printkit build`.
Returns: per pack, the paths written or the problems that stopped it. Each pack is built on its
own: every output of it is first written under a temporary name; only when all of them were laid
out and drawn without a problem are they renamed into place together. So a problem in a pack, or
an interrupted build, leaves its earlier outputs intact and no half-written file, and the other
packs are written.
Outputs whose inputs did not change are skipped (see printkit.build.cache); jobs are written by
printkit.build.jobs.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from printkit.base.collector import paused as paused_collector
from printkit.base.errors import Problem, Problems, UsageError, counted, display_path
from printkit.build.cache import Manifest, Output
from printkit.build.jobs import Job, Written, build_jobs
from printkit.build.lock import holding, remove_leftovers
from printkit.build.output_folder import apart
from printkit.build.outputs.base import (
    KINDS,
    BookKind,
    BuildOptions,
    Drawn,
    FacesKind,
    OutputKind,
    SheetsKind,
    kind_folders,
    kinds_of,
    nothing_to_write,
    papers_of,
)
from printkit.build.plan import plan
from printkit.build.progress import Progress, progress_display
from printkit.build.selection import asked, check_only, chosen, fingerprints, partial
from printkit.build.summary import PackBuilt
from printkit.build.warnings import nothing_to_print, once_each, warn, warnings_shown
from printkit.content.pack import Pack
from printkit.content.read import Loaded, load_partial
from printkit.i18n import words
from printkit.i18n.pseudo import CODE as PSEUDO
from printkit.i18n.translate import entry_problems, missing_problems, translate, undeclared
from printkit.layout.imposition import impose
from printkit.layout.pieces import Faces, Piece
from printkit.layout.sheets import Page, SheetOptions
from printkit.layout.shop import face_bleed
from printkit.layout.templates import SheetTemplate, impose_on_template, read_template, template_path

# The options that print part of a kit (build.selection), as a message names them


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
        # the pack's faces and sheets are drawn with the bleed --bleed gives, else its template's
        bleed = bleed_of(options, template)
        drawn_with = replace(options, bleed=bleed)
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
                faces = Faces(translation.pack, language, bleed, options.ink_saver, frozenset(translation.drafts))
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
            now = fingerprints(
                translation.pack, language, [piece.component for piece in pieces if piece.component.count]
            )
            kit, left_out = (
                chosen(pieces, translation.pack, language, options, now) if partial(options) else (pieces, 0)
            )
            if not printed:
                unwritten = [kind.unprinted for kind in kinds_of(OutputKind, options) if kind.unprinted]
                nothing_to_print(pack.id, language, "every component has count: 0", unwritten)
            elif not any(piece.component.count for piece in kit):  # the kit's sheets print none; the rest all
                unwritten = [kind.unprinted for kind in kinds_of(SheetsKind, options) if kind.unprinted]
                why = f"{asked(options)} left out every component with copies ({left_out})"
                nothing_to_print(pack.id, language, why, unwritten)
            kit_printed = {piece.component.id: now[piece.component.id] for piece in kit if piece.component.count}
            try:
                laid_out = (
                    _laid_out(translation.pack, language, template, papers, kit, drawn_with) if kit_printed else []
                )
            except Problems as error:
                problems += error.problems
                continue
            if not printed:  # the kit's sheets written before show what is no longer the kit
                layouts = [template.key] if template is not None else list(papers)
                retiring = [
                    nothing_to_write(pack.id, kind.name_of(pack.id, language, layout), options)
                    for layout in layouts
                    for kind in kinds_of(SheetsKind, options)
                ]
                jobs += [job for job in retiring if job is not None]
            # the print shops' faces are drawn with their own bleed, whatever --bleed says
            shop_bleed = face_bleed(pieces, options.shop_tolerance)
            shop_faces = Faces(translation.pack, language, shop_bleed, options.ink_saver, frozenset(translation.drafts))
            drawn = Drawn(
                translation.pack, language, pieces, faces, shop_faces, printed, drawn_with, kit_printed, left_out
            )
            for layout, pages in laid_out:
                jobs += [kind.job(drawn, layout, pages) for kind in kinds_of(SheetsKind, options)]
            for kind in kinds_of(FacesKind, options):
                try:
                    job = kind.job(drawn)
                except Problems as error:
                    problems += error.problems
                    continue
                if job is not None:
                    jobs.append(job)
        if not problems:
            for book in kinds_of(BookKind, options):
                try:
                    jobs += book.jobs(pack, translated, frozenset(rulebook_drafts), papers, options)
                except Problems as error:
                    problems += error.problems
    if problems:
        raise Problems(problems)
    return jobs


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


def bleed_of(options: BuildOptions, template: SheetTemplate | None) -> float:
    """The bleed a pack is drawn with: --bleed's, else its sheet template's, else none."""
    if options.bleed is not None:
        return options.bleed
    return template.bleed if template is not None else 0.0


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
        shown = warnings_shown.set(not problems)
        try:
            lay_out(drawable, replace(options, rulebooks=False), draw_all=True)
        except Problems as error:
            problems += error.problems
        finally:
            warnings_shown.reset(shown)
    return loaded, problems


def checked_packs(roots: list[Path], options: BuildOptions) -> list[Pack]:
    """The packs loaded and validated, their warnings printed; raises Problems with every problem
    of every pack (see loaded_packs)."""
    loaded, problems = loaded_packs(roots, options)
    if problems:
        raise Problems(problems)
    return [each.pack for each in loaded if each.pack is not None]


def build(roots: list[Path], options: BuildOptions) -> list[PackBuilt]:
    """Build the packs, skipping (unless options.force) every output whose inputs did not change;
    returns what was written for each pack, and how many of its files were up to date. Another
    build into the same folder is waited for (see printkit.build.lock)."""
    for kind in KINDS:
        if kind.wanted(options):
            kind.check_usage(options)
    apart(options.out, roots)
    _one_folder_per_id(roots)
    with paused_collector(), holding(options.out), once_each():
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


def _build(roots: list[Path], options: BuildOptions) -> list[PackBuilt]:
    """Each pack built on its own, all of its outputs or none (a pack with problems is reported with
    them, its earlier outputs left as they were), so that one pack's problems cost no other its files."""
    keys: dict[tuple[str, str], Output] = {}
    up_to_date: dict[str, int] = {}  # files of outputs not written again, per pack
    results: dict[Path, PackBuilt] = {}
    todo: list[tuple[Path, str | None]] = []  # each pack to build, with its id when the plan could read it
    for root in roots:
        planned = plan(root, options)  # with --force too: what it writes is recorded for next time
        if planned is None:
            todo.append((root, None))
            continue
        pack_id, outputs = planned
        remove_leftovers(options.out / pack_id, kind_folders())
        keys.update({(pack_id, o.name): o for o in outputs})
        manifest = Manifest(options.out / pack_id)
        # --only's names are checked against every pack named: each is loaded, its outputs up to date or not
        if not options.force and not options.only and all(manifest.fresh(o) for o in outputs):
            results[root] = PackBuilt(pack_id, [], sum(manifest.file_count(o) for o in outputs))
        else:
            todo.append((root, pack_id))
    packs = []
    for root, planned_id in todo:
        try:
            (pack,) = checked_packs([root], options)  # raises the problems of a pack.yaml the plan could not read
        except Problems as error:
            results[root] = _failed(planned_id or Path(os.path.realpath(root)).name, error)
            continue
        # the loader took what the plan refused: a bug, or the pack would silently never be cached
        if planned_id is None:
            raise RuntimeError(f"the build cache could not plan {root}")
        packs.append((root, pack))
    if options.only:
        check_only([pack for _, pack in packs], options.only)
    laid_out = []
    for root, pack in packs:
        try:
            laid_out.append((root, pack, _stale(lay_out([pack], options), options, keys, up_to_date)))
        except Problems as error:
            results[root] = _failed(pack.id, error)
    weights = [job.weight for _, _, jobs in laid_out for job, _, _ in jobs]
    with progress_display(weights, options.quiet) as progress:  # one bar for every pack
        for root, pack, jobs in laid_out:
            try:
                results[root] = _built(pack, jobs, options, up_to_date, progress)
            except Problems as error:
                results[root] = _failed(pack.id, error)
    return [results[root] for root in roots if root in results]


def _built(pack: Pack, jobs: list, options: BuildOptions, up_to_date: dict[str, int], progress: Progress) -> PackBuilt:
    """One pack's outputs written and committed together; raises its Problems, having written none
    of them."""
    try:
        built = build_jobs(jobs, options.jobs, progress=progress)
    except BaseException:  # interrupted too: a worker killed after its grace could not remove its temporaries
        remove_leftovers(options.out / pack.id, kind_folders())
        raise
    written: list[Written] = []
    left_out: dict[Path, int] = {}  # the components --only or --changed-since left out of a kit's PDF
    for job, files in built:
        written.extend(files)
        if job.left_out:
            left_out.update({file.path: job.left_out for file in files})
    return PackBuilt(pack.id, written, up_to_date.get(pack.id, 0), left_out)


def _failed(pack_id: str, error: Problems) -> PackBuilt:
    """A pack not built: its problems, and the warnings found on the way to them, said now."""
    for warning in error.warnings:
        warn(str(warning))
    return PackBuilt(pack_id, [], 0, problems=error.problems)


def _stale(jobs: list[Job], options: BuildOptions, keys: dict, up_to_date: dict[str, int]) -> list:
    """The jobs whose outputs are not up to date, with their cache keys and manifests; the files of
    those that are are counted into up_to_date."""
    manifests: dict[str, Manifest] = {}
    stale = []
    for job in jobs:
        manifest = manifests.setdefault(job.pack, Manifest(options.out / job.pack))
        output = keys.get((job.pack, job.output))
        if output is None or options.force or not manifest.fresh(output):
            if output is not None and job.printed is not None:  # recorded for a later --changed-since
                output = replace(output, printed=job.printed, printed_part=partial(options))
            stale.append((job, output, manifest))
        else:
            up_to_date[job.pack] = up_to_date.get(job.pack, 0) + manifest.file_count(output)
    return stale
