"""Build kits: lay out every pack's outputs, write them (in parallel processes), then commit.

Takes: pack folders and the build options of `printkit build`.
Returns: the paths written. Every output is first written under a temporary name; only when all
of them were laid out and drawn without a problem are they renamed into place together. So a
problem anywhere, or an interrupted build, leaves earlier outputs intact and no half-written file.
Outputs whose inputs did not change are skipped (see printkit.cache).
"""

from __future__ import annotations

import errno
import gc
import glob
import os
import signal
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable, Iterator

from . import ui
from .bounded import die_with
from .cache import Manifest, Output, components_name, editions, papers_of, plan, png_name, rulebook_name
from .catalog import Translation, catalog_path, entry_problems, load_catalog, translate
from .errors import Problem, Problems, UsageError, display_path
from .layout import Duplex, Faces, Page, Piece, SheetOptions, impose
from .load import Pack, load_pack
from .lock import holding, remove_leftovers
from .pseudo import CODE as PSEUDO
from .render import render_pdf
from .validate import validate_pack


@dataclass(frozen=True)
class BuildOptions:
    out: Path = Path("output")
    papers: tuple[str, ...] = ()  # empty: the pack's defaults.paper
    languages: tuple[str, ...] | None = None  # None: every locale the pack declares
    duplex: Duplex = "long"
    bleed: float = 0.0
    png: bool = False
    ink_saver: bool = False
    strict: bool = False
    rulebooks: bool = True
    booklet: bool = False
    force: bool = False
    jobs: int | None = None  # worker processes; None: one per core


def load_checked(roots: list[Path]) -> list[Pack]:
    """Load and validate every pack, raising one Problems with all of their problems."""
    packs, problems = [], []
    for root in roots:
        try:
            pack = load_pack(root)
            validate_pack(pack)
            packs.append(pack)
        except Problems as error:
            problems += error.problems
    if problems:
        raise Problems(problems)
    return packs


@dataclass(frozen=True)
class Job:
    """One output of a build, laid out and ready to write. Writing stages its files and returns
    their final paths, or raises Problems met while drawing its faces."""

    pack: str
    output: str  # its name in the pack's cache manifest
    write: Callable[[Staging], list[Path]]
    weight: int  # its work, roughly in milliseconds (measured: 2 a sheet, 15 a PNG face, 60 a rulebook page)


def lay_out(packs: list[Pack], options: BuildOptions, *, draw_all: bool = False) -> list[Job]:
    """Every output to write, laid out; raises Problems for all layout problems at once. Faces are
    drawn as their sheets are written (see Faces), unless draw_all: then every face is drawn now,
    so that text that cannot be set is among the problems (`printkit check` wants them all).
    A locale with untranslated strings builds with those components marked DRAFT and a warning;
    with strict, the missing strings are problems instead."""
    jobs, problems = [], []
    for pack in packs:
        languages = options.languages or tuple(pack.meta.locales)
        unknown = [lang for lang in languages if lang not in pack.meta.locales and lang != PSEUDO]
        if unknown:
            raise UsageError(f"pack '{pack.id}' is not translated to {', '.join(unknown)}; "
                             f"it declares: {', '.join(pack.meta.locales)} (and {PSEUDO}, the pseudo-locale)")
        papers = papers_of(options, pack.meta.defaults.paper)
        translated: dict[str, Pack] = {}
        rulebook_drafts: set[str] = set()
        for language in languages:
            try:
                translation = translate(pack, language)
                if options.strict and language not in (pack.meta.language, PSEUDO):  # qps is never missing any
                    problems += missing_problems(pack, translation, language) + entry_problems(pack, language)
                if translation.missing and options.strict:
                    continue
                if translation.missing:
                    warn(f"{pack.id} ({language}): {len(translation.missing)} strings not translated; "
                         f"{len(translation.drafts)} components are marked DRAFT (see 'printkit i18n stats {pack.id}')")
                faces = Faces(translation.pack, language, options.bleed, options.ink_saver,
                              frozenset(translation.drafts))
                pieces = faces.outlines()
                if draw_all:
                    for piece in pieces:
                        faces.complete(piece)
                    faces.raise_problems()
            except Problems as error:
                problems += error.problems
                continue
            for paper in papers:
                pages = impose(translation.pack, language, SheetOptions(paper, options.duplex, options.bleed), pieces)
                jobs.append(_pdf_job(translation.pack, language, paper, pages, faces, options))
            if options.png:
                jobs.append(_png_job(translation.pack, language, pieces, faces, options))
            translated[language] = translation.pack
            if any(m.context.startswith("rulebook:") for m in translation.missing):
                rulebook_drafts.add(language)
        if options.rulebooks and pack.rulebook is not None and not problems:
            try:
                jobs += _rulebook_jobs(pack, translated, frozenset(rulebook_drafts), papers[0], options)
            except Problems as error:
                problems += error.problems
    if problems:
        raise Problems(problems)
    return jobs


def _rulebook_jobs(pack: Pack, translated: dict[str, Pack], drafts: frozenset[str], paper: str,
                   options: BuildOptions) -> list[Job]:
    """One edition per language built, and the bilingual edition (source language first) when the
    source and a translation are both built; each made into HTML and typeset when written."""
    from .rulebook import Part

    jobs = []
    size = len(repr(pack.rulebook))  # about 650 characters of it make a page, which takes WeasyPrint ~60 ms
    for edition in editions(list(translated), pack.meta.language):
        parts = [Part(language, translated[language]) for language in edition]
        name = rulebook_name(pack.id, edition)
        target = options.out / pack.id / name
        jobs.append(Job(pack.id, name, partial(_write_rulebook, parts, paper, drafts, target, options.booklet),
                        weight=size * len(parts) * 60 // 650))
    return jobs


def _write_rulebook(parts: list, paper: str, drafts: frozenset[str], target: Path, with_booklet: bool,
                    staging: Staging) -> list[Path]:
    from . import rulebook

    written = staging.temporary(target)
    rulebook.make(parts, paper, drafts, written)
    if not with_booklet:
        return [target]
    booklet = target.with_name(f"{target.stem}-booklet.pdf")
    rulebook.booklet(written, staging.temporary(booklet))
    return [target, booklet]


def missing_problems(pack: Pack, translation: Translation, locale: str) -> list[Problem]:
    """One problem per string a locale lacks, at its entry in the catalog (or its YAML line when the
    catalog has no entry for it yet)."""
    catalog = load_catalog(pack, locale)
    entries = {e.msgctxt: e for e in catalog or [] if not e.obsolete}
    shown = display_path(catalog_path(pack, locale))
    problems = []
    for message in translation.missing:
        entry = entries.get(message.context)
        if entry is None:
            problems.append(Problem(message.file, message.line, 1, message.context,
                                    f"missing from the {locale} catalog",
                                    f"run 'printkit i18n update {pack.id}' and translate it"))
        elif entry.msgstr and (entry.fuzzy or entry.msgid != message.msgid):
            problems.append(Problem(shown, entry.linenum, 1, message.context,
                                    f"the {locale} translation is fuzzy: the English text changed",
                                    "review it and remove the fuzzy flag"))
        else:
            problems.append(Problem(shown, entry.linenum, 1, message.context, f"not translated to {locale} yet",
                                    "translate it, or build without --strict to get a marked draft"))
    return problems


def warn(message: str) -> None:
    print(f"printkit: warning: {message}", file=sys.stderr)


def _pdf_job(pack: Pack, language: str, paper: str, pages: list[Page], faces: Faces, options: BuildOptions) -> Job:
    name = components_name(pack.id, language, paper)
    target = options.out / pack.id / name

    def write(staging: Staging) -> list[Path]:
        render_pdf(faces.fill(pages), staging.temporary(target),
                   title=ui.text(language, "kit-title", title=pack.meta.title), subject=f"{pack.id} {target.stem}",
                   lang=language, duplex=options.duplex)
        faces.raise_problems()
        return [target]

    return Job(pack.id, name, write, weight=2 * len(pages))


def _png_job(pack: Pack, language: str, outlines: list[Piece], faces: Faces, options: BuildOptions) -> Job:
    folder = options.out / pack.id / "png" / language

    def write(staging: Staging) -> list[Path]:
        from .png import png_files  # PDFium loads only for PNG exports

        pieces = [faces.complete(outline) for outline in outlines]
        faces.raise_problems()
        written = []
        for name, data in png_files(pieces, options.bleed):
            staging.temporary(folder / f"{name}.png").write_bytes(data)
            written.append(folder / f"{name}.png")
        return written

    faces_count = sum(1 if outline.back is None else 2 for outline in outlines)
    return Job(pack.id, png_name(language), write, weight=15 * faces_count)


def build(roots: list[Path], options: BuildOptions) -> list[Path]:
    """Build the packs, skipping (unless options.force) every output whose inputs did not change.
    Another build into the same folder is waited for (see printkit.lock)."""
    with _collected_per_output(), holding(options.out):
        return _build(roots, options)


@contextmanager
def _collected_per_output() -> Iterator[None]:
    """Python's cycle collector, left to itself, walks every object of a build again and again as
    a big deck's parsed YAML, models and drawings pile up (a third of a 10,000-card build). They
    hold few reference cycles, so it runs only on the young objects, between outputs (see
    stage_jobs)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _build(roots: list[Path], options: BuildOptions) -> list[Path]:
    keys: dict[tuple[str, str], Output] = {}
    todo = []
    for root in roots:
        planned = plan(root, options)  # with --force too: what it writes is recorded for next time
        if planned is not None:
            pack_id, outputs = planned
            remove_leftovers(options.out / pack_id)
            keys.update({(pack_id, o.name): o for o in outputs})
            manifest = Manifest(options.out / pack_id)
            if not options.force and all(manifest.fresh(o) for o in outputs):
                progress(f"{pack_id}: up to date")
                continue
        todo.append(root)
    if not todo:
        return []
    return build_jobs(_stale(lay_out(load_checked(todo), options), options, keys), options.jobs)


def _stale(jobs: list[Job], options: BuildOptions, keys: dict) -> list:
    """The jobs whose outputs are not up to date, with their cache keys and manifests."""
    manifests: dict[str, Manifest] = {}
    stale = []
    for job in jobs:
        manifest = manifests.setdefault(job.pack, Manifest(options.out / job.pack))
        output = keys.get((job.pack, job.output))
        if output is None or options.force or not manifest.fresh(output):
            stale.append((job, output, manifest))
    return stale


def _balanced(weights: list[int], workers: int) -> list[list[int]]:
    """Job indexes shared out so the workers finish together: the heaviest first, each to the least
    loaded worker; each worker's jobs in their original order."""
    groups: list[list[int]] = [[] for _ in range(workers)]
    loads = [0] * workers
    for index in sorted(range(len(weights)), key=lambda i: -weights[i]):
        lightest = loads.index(min(loads))
        groups[lightest].append(index)
        loads[lightest] += weights[index]
    return [sorted(group) for group in groups if group]


STOP_GRACE = 5.0  # seconds a worker asked to stop has to remove its temporaries


def _stage_in_parallel(entries: list, workers: int, staging: Staging) -> list[Staged]:
    """The jobs shared out to forked processes, which stage their files and hand the temporaries to
    this one; it alone commits them (or, after a problem or an interruption, removes them)."""
    import multiprocessing  # only parallel builds pay for loading it

    context = multiprocessing.get_context("fork")
    links = []
    try:
        for group in _balanced([job.weight for job, _, _ in entries], workers):
            parent_end, child_end = context.Pipe()
            worker = context.Process(target=_stage_worker, args=(child_end, [entries[i] for i in group], os.getpid()),
                                     daemon=True)
            worker.start()
            child_end.close()  # the worker's end: only its own copy may stay open, so that its death ends the pipe
            links.append((worker, parent_end, group))
        return _gather(links, entries, staging)
    finally:  # after an interruption: the workers still running stop too, each removing its temporaries
        for worker, _, _ in links:
            if worker.is_alive():
                worker.terminate()
            worker.join(STOP_GRACE)
            if worker.is_alive():  # it did not stop when asked: it must not outlive the build
                worker.kill()
                worker.join()


def _gather(links: list, entries: list, staging: Staging) -> list[Staged]:
    staged: dict[int, Staged] = {}
    problems: list[Problem] = []
    failure = None
    for worker, link, group in links:
        try:
            (kind, value), pending, folders = link.recv()
        except EOFError:  # it died without a word (killed, or a crash in a library)
            worker.join()
            failure = failure or RuntimeError(f"a build process stopped unexpectedly (exit code {worker.exitcode})")
            continue
        # From now on its temporaries and the folders it made are ours to remove: the workers
        # share folders, so only this process knows when they are empty.
        staging.pending += pending
        staging.folders += folders
        link.send("adopted")
        if kind == "staged":
            for index, job_files in zip(group, value):
                staged[index] = (job_files, *entries[index][1:])
        elif kind == "problems":
            problems += value
        elif kind == "os-error":  # raised again here as it was there: the machine's fault, not printkit's
            failure = failure or OSError(*value)
        else:
            failure = failure or RuntimeError(value)
        worker.join()
    if problems:
        raise Problems(problems)
    if failure:
        raise failure
    return [staged[index] for index in sorted(staged)]


def _stage_worker(link, entries: list, parent: int) -> None:
    staging = Staging()

    def stop(signum, frame) -> None:
        """Stopped with the build (Ctrl-C, or SIGTERM from it): its temporaries removed, it ends at
        once, without unwinding: a signal can land while a lock is held (a thread pool's, say) that
        unwinding would wait for forever. The build itself says that it was interrupted."""
        try:
            staging.__exit__(None, None, None)
        finally:
            os._exit(130)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    die_with(parent)
    with staging:
        try:
            outcome = ("staged", [files for files, _, _ in stage_jobs(entries, staging)])
        except Problems as error:
            outcome = ("problems", error.problems)
        except OSError as error:  # pickling would lose its file names
            outcome = ("os-error", (error.errno, error.strerror, error.filename, None, error.filename2))
        except Exception as error:  # reported by the parent as printkit's own failure
            outcome = ("error", repr(error))
        link.send((outcome, staging.pending, staging.folders))
        if link.recv() == "adopted":
            staging.pending, staging.folders = [], []


def build_jobs(jobs: list, processes: int | None = 1) -> list[Path]:
    """Write laid-out outputs (jobs, or (job, cache key, manifest) triples whose manifests are
    brought up to date) in that many processes (None: one per core): all of them staged, then
    renamed into place only if none had a problem."""
    entries = [job if isinstance(job, tuple) else (job, None, None) for job in jobs]
    workers = min(processes or os.cpu_count() or 1, len(entries))
    with Staging() as staging:
        if workers > 1 and hasattr(os, "fork"):
            staged = _stage_in_parallel(entries, workers, staging)
        else:
            staged = stage_jobs(entries, staging)
        return commit(staging, staged)


Staged = tuple[list[Path], Output | None, Manifest | None]


def stage_jobs(entries: list, staging: Staging) -> list[Staged]:
    """Every (job, cache key, manifest) written under temporary names, showing progress on a
    terminal; raises Problems with the problems of all of them after trying every one."""
    staged, problems = [], []
    for number, (job, output, manifest) in enumerate(entries, 1):
        progress(f"[{number}/{len(entries)}] {job.pack}: {job.output}")
        try:
            staged.append((job.write(staging), output, manifest))
        except Problems as error:
            problems += error.problems
        if number < len(entries):  # the cycles an output left (typesetting leaves many); older objects stay unwalked
            gc.collect(0)
    if problems:
        raise Problems(problems)
    return staged


def commit(staging: Staging, staged: list[Staged]) -> list[Path]:
    """Staged files renamed into place, and the cache manifests of their outputs updated."""
    staging.commit()
    written, manifests = [], {}
    for files, output, manifest in staged:
        written += files
        if output is not None:
            manifest.record(output, files)
            manifests[id(manifest)] = manifest
    for manifest in manifests.values():  # each pack's manifest once, with all of its outputs
        manifest.save()
    return written


def progress(message: str) -> None:
    if sys.stderr.isatty():
        print(message, file=sys.stderr)


class Staging:
    """Files written under temporary names beside their targets and renamed into place together by
    commit; whatever is not committed when the block ends (a problem, an error, an interruption) is
    removed. A temporary left by a command that was killed outright (nothing can clean up after
    SIGKILL) is removed the next time the same target is written, and by the next build of the
    same output folder (printkit.lock.remove_leftovers); printkit touches no other file."""

    def __init__(self) -> None:
        self.pending: list[tuple[Path, Path]] = []  # (temporary, target)
        self.folders: list[Path] = []  # made for the targets, removed again if nothing lands in them

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *exc_info) -> None:
        while self.pending:
            self.pending.pop()[0].unlink(missing_ok=True)
        for folder in sorted(set(self.folders), key=lambda f: len(f.parts), reverse=True):  # deepest first
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()

    def temporary(self, target: Path) -> Path:
        """A new temporary file beside target, to be written in its place."""
        if target.is_dir():  # found now, before any output is renamed into place
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
        missing = [folder for folder in (target.parent, *target.parent.parents) if not folder.exists()]
        target.parent.mkdir(parents=True, exist_ok=True)
        self.folders += missing
        for stale in target.parent.glob(f".{glob.escape(target.name)}.*.part"):
            stale.unlink(missing_ok=True)
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
        self.pending.append((Path(name), target))
        os.close(handle)
        return Path(name)

    def commit(self) -> None:
        while self.pending:
            temporary, target = self.pending[0]
            os.chmod(temporary, 0o644)
            os.replace(temporary, target)
            self.pending.pop(0)


@contextmanager
def atomic_target(target: Path) -> Iterator[Path]:
    """A temporary path beside target that replaces target only when the block succeeds."""
    with Staging() as staging:
        yield staging.temporary(target)
        staging.commit()
