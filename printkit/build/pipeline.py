"""Build kits: lay out every pack's outputs, write them (in parallel processes), then commit.

Takes: pack folders and the build options of `printkit build`.
Returns: the paths written. Every output is first written under a temporary name; only when all
of them were laid out and drawn without a problem are they renamed into place together. So a
problem anywhere, or an interrupted build, leaves earlier outputs intact and no half-written file.
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
    SheetsKind,
    kind_folders,
    kinds_of,
    nothing_to_write,
    papers_of,
)
from printkit.build.plan import plan
from printkit.build.selection import asked, check_only, chosen, fingerprints, partial
from printkit.build.summary import PackBuilt
from printkit.build.warnings import once_each, warn, warnings_shown
from printkit.content.pack import Pack
from printkit.content.read import Loaded, load_partial
from printkit.i18n import words
from printkit.i18n.pseudo import CODE as PSEUDO
from printkit.i18n.translate import entry_problems, missing_problems, translate, undeclared
from printkit.layout.imposition import impose
from printkit.layout.pieces import Faces, Piece
from printkit.layout.sheets import Page, SheetOptions
from printkit.layout.shop import SHOP_FACE_BLEED
from printkit.layout.templates import SheetTemplate, impose_on_template, read_template, template_path

# The options that print part of a kit (build.selection), as a message names them


def lay_out(packs: list[Pack], options: BuildOptions, *, draw_all: bool = False) -> list[Job]:
    """Every output to write, laid out; raises Problems for all layout problems at once. Faces are
    drawn as their sheets are written (see Faces), unless draw_all: then every face is drawn now,
    so that text that cannot be set is among the problems (`printkit check` wants them all).
    A locale with untranslated strings builds with those components marked DRAFT and a warning;
    with strict, the missing strings are problems instead."""
    jobs, problems = [], []
    if options.only:
        check_only(packs, options.only)
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
            now = fingerprints(
                translation.pack, language, [piece.component for piece in pieces if piece.component.count]
            )
            kit, left_out = (
                chosen(pieces, translation.pack, language, options, now) if partial(options) else (pieces, 0)
            )
            if not printed:
                warn(
                    f"{pack.id} ({language}): nothing to print: every component has count: 0, so no components "
                    "PDF is written (nor its PDF/X, cut paths or --shop single PDF)"
                )
            elif not any(piece.component.count for piece in kit):
                warn(
                    f"{pack.id} ({language}): nothing to print: {asked(options)} left out every component with "
                    f"copies ({left_out}), so no components PDF is written (nor its PDF/X or cut paths)"
                )
            kit_printed = {piece.component.id: now[piece.component.id] for piece in kit if piece.component.count}
            try:
                laid_out = _laid_out(translation.pack, language, template, papers, kit, options) if kit_printed else []
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
            shop_faces = Faces(
                translation.pack, language, SHOP_FACE_BLEED, options.ink_saver, frozenset(translation.drafts)
            )
            drawn = Drawn(
                translation.pack, language, pieces, faces, shop_faces, printed, options, kit_printed, left_out
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
            remove_leftovers(options.out / pack_id, kind_folders())
            keys.update({(pack_id, o.name): o for o in outputs})
            manifest = Manifest(options.out / pack_id)
            # --only's names are checked against every pack named: each is loaded, its outputs up to date or not
            if not options.force and not options.only and all(manifest.fresh(o) for o in outputs):
                up_to_date[pack_id] = sum(manifest.file_count(o) for o in outputs)
                continue
        todo.append(root)
    written: dict[str, list[Written]] = {}
    left_out: dict[Path, int] = {}  # the components --only or --changed-since left out of a kit's PDF
    if todo:
        packs = checked_packs(todo, options)  # raises the problems of a pack.yaml the plan could not read
        if unplanned:  # the loader took what the plan refused: a bug, or the pack would silently never be cached
            raise RuntimeError(f"the build cache could not plan {', '.join(map(str, unplanned))}")
        jobs = _stale(lay_out(packs, options), options, keys, up_to_date)
        try:
            built = build_jobs(jobs, options.jobs, quiet=options.quiet)
        except BaseException:  # interrupted too: a worker killed after its grace could not remove its temporaries
            for pack in packs:
                remove_leftovers(options.out / pack.id, kind_folders())
            raise
        for job, files in built:
            written.setdefault(job.pack, []).extend(files)
            if job.left_out:
                left_out.update({file.path: job.left_out for file in files})
    return [PackBuilt(pack_id, written.get(pack_id, []), up_to_date.get(pack_id, 0), left_out) for pack_id in pack_ids]


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
