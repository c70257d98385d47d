"""Writing laid-out outputs, in one process or several, and committing them together.

Takes: jobs (an output laid out, with a function that writes its files) and how many processes.
Returns: each job with the files it wrote and their pages, after every job was staged without a
problem (see staging); else raises the Problems of all of them and leaves nothing behind. Parallel
workers are child processes (forked, or spawned where the OS cannot fork: then the jobs pickle, see
base.processes) that die with the build and hand their temporaries to the parent, which alone
commits or removes them; they tell it as each job starts and ends, for its one progress display.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple, cast

from printkit.base import bounded
from printkit.base.collector import collect_young
from printkit.base.errors import Fault, Problem, Problems
from printkit.base.interrupts import interrupts_held
from printkit.base.processes import bug_from, bug_report, context, die_with_parent
from printkit.build.cache import Manifest, Output
from printkit.build.progress import Progress, progress_display
from printkit.build.staging import Staging


class ColourShifts(NamedTuple):
    """How far a CMYK file moves each component's colours (output.pdfx): the printing condition's
    identifier, and by component id its largest shift (CIEDE2000) with the colour that shifts so."""

    condition: str
    shifts: dict[str, tuple[float, str]]


class Written(NamedTuple):
    """A file a job writes: its final path, its pages when it is a PDF (an image has none), for
    a kit printed with --ink-saver, its ink coverage (per cent, output.ink) without and with it, and
    for a CMYK file, its colour shifts."""

    path: Path
    pages: int | None
    ink: tuple[float, float] | None = None
    shifts: ColourShifts | None = None


@dataclass(frozen=True)
class Job:
    """One output of a build, laid out and ready to write. Writing stages its files and returns
    them, or raises Problems met while drawing its faces."""

    pack: str
    output: str  # its name in the pack's cache manifest
    write: Callable[[Staging], list[Written]]
    weight: int  # its work, roughly in milliseconds (measured: 2 a sheet, 15 a PNG face, 60 a rulebook page)
    printed: tuple[str, tuple[tuple[str, str], ...]] | None = None  # a kit PDF's language and components' fingerprints
    left_out: int = 0  # the components with copies --only or --changed-since left out of it


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


def _stage_in_parallel(entries: list, workers: int, staging: Staging, on_job: OnJob) -> list[Staged]:
    """The jobs shared out to child processes, which stage their files and hand the temporaries to
    this one; it alone commits them (or, after a problem or an interruption, removes them), and
    alone shows their progress (on_job)."""
    processes = context()
    links = []
    try:
        for group in _balanced([job.weight for job, _, _ in entries], workers):
            parent_end, child_end = processes.Pipe()
            # not a daemon: a daemon may not start the child that makes a rulebook (see base.bounded);
            # it is stopped below however this ends
            worker = processes.Process(target=_stage_worker, args=(child_end, [entries[i] for i in group]))
            # An interruption waits till the worker is started and known to the block below: a spawned
            # worker's jobs cut off half-sent would be a traceback of its own, a worker left out of
            # links one that outlives the build.
            with interrupts_held():
                worker.start()
                links.append((worker, parent_end, group))
            child_end.close()  # the worker's end: only its own copy may stay open, so that its death ends the pipe
        return _gather(links, entries, staging, on_job)
    finally:  # after an interruption: the workers still running stop too, each removing its temporaries
        for worker, _, _ in links:
            if worker.is_alive():
                worker.terminate()
            worker.join(STOP_GRACE)
            if worker.is_alive():  # it did not stop when asked: it must not outlive the build
                worker.kill()
                worker.join()


def _gather(links: list, entries: list, staging: Staging, on_job: OnJob) -> list[Staged]:
    staged: dict[int, Staged] = {}
    problems: list[Problem] = []
    failure: Exception | None = None
    for worker, link, group, outcome in _outcomes(links, on_job):
        if outcome is None:  # it died without a word (killed, or a crash in a library)
            worker.join()
            failure = failure or RuntimeError(f"a build process stopped unexpectedly (exit code {worker.exitcode})")
            continue
        (kind, value), pending, folders, retired = outcome
        # From now on its temporaries and the folders it made are ours to remove: the workers
        # share folders, so only this process knows when they are empty.
        staging.pending += pending
        staging.folders += folders
        staging.retired += retired
        link.send("adopted")
        if kind == "staged":
            for index, job_files in zip(group, value, strict=False):
                staged[index] = (job_files, *entries[index][1:])
        elif kind == "problems":
            problems += value
        elif kind == "fault":  # the machine lacks something (a system library): one line, as in one process
            failure = failure or Fault(value)
        elif kind == "os-error":  # raised again here as it was there: the machine's fault, not printkit's
            failure = failure or OSError(*value)
        else:
            failure = failure or bug_from(value)
        worker.join()
    if problems:
        raise Problems(problems)
    if failure:
        raise failure
    return [staged[index] for index in sorted(staged)]


def _outcomes(links: list, on_job: OnJob) -> Iterator[tuple[Any, Any, list[int], tuple | None]]:
    """Each worker with its link, its jobs' indexes and its outcome (None if it died first), as
    the workers end; meanwhile the jobs they start and finish are passed on to on_job."""
    from multiprocessing.connection import Connection, wait

    working = {link: (worker, group) for worker, link, group in links}
    while working:
        for link in cast("list[Connection]", wait(list(working))):  # the links it was given, when ready
            worker, group = working[link]
            try:
                message = link.recv()
            except EOFError:
                message = None
            if message is not None and message[0] == "job":
                _, number, finished = message
                on_job(group[number], finished)
                continue
            del working[link]
            yield worker, link, group, None if message is None else message[1:]


def _stage_worker(link, entries: list) -> None:
    staging = Staging()

    def stop(signum, frame) -> None:
        """Stopped with the build (Ctrl-C, or SIGTERM from it): its temporaries removed, it ends at
        once, without unwinding: a signal can land while a lock is held (a thread pool's, say) that
        unwinding would wait for forever. The build itself says that it was interrupted."""
        try:
            bounded.stop_children()  # a rulebook's, with its temporary files
            staging.__exit__(None, None, None)
        finally:
            os._exit(130)

    def tell(number: int, finished: bool) -> None:
        link.send(("job", number, finished))

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    die_with_parent()
    outcome: tuple[str, Any]
    with staging:
        try:
            outcome = ("staged", [files for files, _, _ in stage_jobs(entries, staging, tell)])
        except Problems as error:
            outcome = ("problems", error.problems)
        except Fault as error:
            outcome = ("fault", str(error))
        except OSError as error:  # pickling would lose its file names
            outcome = ("os-error", (error.errno, error.strerror, error.filename, None, error.filename2))
        except Exception as error:  # reported by the parent as printkit's own failure
            outcome = ("error", bug_report(error))
        link.send(("end", outcome, staging.pending, staging.folders, staging.retired))
        if link.recv() == "adopted":
            staging.pending, staging.folders, staging.retired = [], [], []


def build_jobs(
    jobs: list, processes: int | None = 1, *, quiet: bool = False, progress: Progress | None = None
) -> list[tuple[Job, list[Written]]]:
    """Write laid-out outputs (jobs, or (job, cache key, manifest) triples whose manifests are
    brought up to date) in that many processes (None: one per core): all of them staged, then
    renamed into place only if none had a problem. Shows their progress on a terminal unless quiet,
    or on the progress given (the bar of a build writing several packs one after the other)."""
    entries = [job if isinstance(job, tuple) else (job, None, None) for job in jobs]
    workers = min(processes or os.cpu_count() or 1, len(entries))
    with Staging() as staging:
        with _shown_on(progress, [job.weight for job, _, _ in entries], quiet) as shown:
            on_job = partial(_show, shown, entries)
            if workers > 1:
                staged = _stage_in_parallel(entries, workers, staging, on_job)
            else:
                staged = stage_jobs(entries, staging, on_job)
        commit(staging, staged)
    return [(job, files) for (job, _, _), (files, _, _) in zip(entries, staged, strict=True)]


@contextmanager
def _shown_on(progress: Progress | None, weights: list[int], quiet: bool) -> Iterator[Progress]:
    """The progress given, or a display of these jobs' own."""
    if progress is not None:
        yield progress
        return
    with progress_display(weights, quiet) as own:
        yield own


def _show(progress: Progress, entries: list, index: int, finished: bool) -> None:
    job = entries[index][0]
    if finished:
        progress.done(job.weight)
    else:
        progress.start(f"{job.pack}: {job.output}")


Staged = tuple[list[Written], Output | None, Manifest | None]
OnJob = Callable[[int, bool], None]  # told a job's index as it starts (False) and once it is staged (True)


def stage_jobs(entries: list, staging: Staging, on_job: OnJob) -> list[Staged]:
    """Every (job, cache key, manifest) written under temporary names, each job's start and end
    told to on_job; raises Problems with the problems of all of them after trying every one."""
    staged, problems = [], []
    for index, (job, output, manifest) in enumerate(entries):
        on_job(index, False)
        try:
            staged.append((job.write(staging), output, manifest))
        except Problems as error:
            problems += error.problems
        on_job(index, True)
        if index + 1 < len(entries):
            collect_young()
    if problems:
        raise Problems(problems)
    return staged


def commit(staging: Staging, staged: list[Staged]) -> None:
    """Staged files renamed into place, and the cache manifests of their outputs updated."""
    staging.commit()
    manifests: dict[int, Manifest] = {}
    for files, output, manifest in staged:
        if output is not None and manifest is not None:  # a job of a pack's build, not one on its own
            manifest.record(output, [file.path for file in files])
            manifests[id(manifest)] = manifest
    for manifest in manifests.values():  # each pack's manifest once, with all of its outputs
        manifest.save()
