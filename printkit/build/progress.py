"""The progress of a build's writing, shown on a terminal as one bar for all of its jobs.

Takes: the jobs' work (their weights), then each job's name as it starts and its work once done.
Gives: `progress_display`, a Progress that draws one bar, filled by the work done so far and
labelled with the output being written, on stderr while that is a terminal, cleared when the block
ends; elsewhere (a pipe, CI, a quiet build) it draws nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager


class Progress:
    """Where a build's progress goes: nowhere (this one), or a bar (see progress_display)."""

    def start(self, name: str) -> None:
        pass

    def done(self, work: int) -> None:
        pass


class _Bar(Progress):
    def __init__(self, bar, task) -> None:
        self.bar, self.task = bar, task

    def start(self, name: str) -> None:
        self.bar.update(self.task, description=name, refresh=True)

    def done(self, work: int) -> None:
        self.bar.update(self.task, advance=work, refresh=True)


@contextmanager
def progress_display(weights: list[int], quiet: bool) -> Iterator[Progress]:
    """One bar for jobs of these weights while the block runs, when stderr is a terminal and the
    build is not quiet."""
    if quiet or not weights or not sys.stderr.isatty():
        yield Progress()
        return
    # loaded only for a terminal: start-up counts
    from rich.console import Console
    from rich.progress import BarColumn, TaskProgressColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as Bar

    bar = Bar(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,  # cleared at the end: the summary follows
        auto_refresh=False,  # no drawing thread: the build forks its workers, and a thread could hold a lock
    )
    with bar:
        yield _Bar(bar, bar.add_task("", total=sum(weights)))
