"""Work whose cost a pack decides, done in a child process with a ceiling on memory and time.

Takes: a function of no arguments (making a rulebook: a pack's own template and whatever HTML it
makes for WeasyPrint to typeset), how much more memory it may take and how many seconds.
Returns: what the function returned, or raises the `Problems` it raised; raises `OverLimit` when
it needed more memory or time than allowed (the child is killed; nothing it left is used), and
RuntimeError when the child failed otherwise (a bug in printkit), caused by a `ChildTraceback`
that --debug shows. Linux and other systems with fork; the child dies with the process that forked it.
"""

from __future__ import annotations

import os
import pickle
import resource
import select
import signal
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from printkit.base.errors import Problems

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


class OverLimit(Exception):
    """The work needed more memory or time than it was given; the message says which."""


class ChildTraceback(Exception):
    """Where a forked process failed, as the text of its traceback: the cause of the error its parent
    raises for it, so that --debug shows the child's own frames as a single process would."""

    def __str__(self) -> str:
        return "in a forked process:\n" + self.args[0].rstrip("\n")


def bug_report(error: BaseException) -> tuple[str, str]:
    """What a forked process tells its parent of a bug in printkit (inside `except`): what the error
    was and where it was raised. Only text: an error, let alone its traceback, may not pickle."""
    return repr(error), traceback.format_exc()


def bug_from(report: tuple[str, str]) -> RuntimeError:
    """The error the parent raises for a bug_report of its child."""
    message, trace = report
    error = RuntimeError(message)
    error.__cause__ = ChildTraceback(trace)
    return error


def die_with(parent: int) -> None:
    """This forked process killed by the kernel as soon as the process that forked it dies, even by
    SIGKILL (Linux), so that no child outlives its build; if that process is already gone, it ends now."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)


def _address_space() -> int:
    """The bytes of address space this process has mapped now (what RLIMIT_AS counts)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def run(work: Callable[[], Any], *, memory: int, seconds: float) -> Any:
    """work() in a forked child that may map `memory` bytes more than this process and run
    `seconds` at most."""
    parent = os.getpid()
    reading, writing = os.pipe()
    ceiling = _address_space() + memory
    child = os.fork()
    if child == 0:  # the child: never returns into the caller's code
        try:
            os.close(reading)
            die_with(parent)
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # the build answers an interrupt and ends this child
            signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the handlers of the process it was forked from
            resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))
            try:
                outcome = ("done", work())
            except Problems as error:
                outcome = ("problems", error.problems)
            except MemoryError:
                outcome = ("memory", None)
            except BaseException as error:  # a bug in printkit: the parent reports it as one
                outcome = ("error", bug_report(error))
            with os.fdopen(writing, "wb") as pipe:
                pipe.write(pickle.dumps(outcome))
        finally:
            os._exit(0)
    os.close(writing)
    data = None  # an interruption while waiting leaves it so: the child is stopped too
    try:
        data = _read_until(reading, time.monotonic() + seconds)
    finally:
        os.close(reading)
        if data is None:
            os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
    if data is None:
        raise OverLimit(f"took longer than {seconds:g} seconds")
    if not data:  # killed without a word: the kernel's answer to memory it could not give
        raise OverLimit(f"needed more than {memory // 2**20} MiB of memory")
    kind, value = pickle.loads(data)
    if kind == "problems":
        raise Problems(value)
    if kind == "memory":
        raise OverLimit(f"needed more than {memory // 2**20} MiB of memory")
    if kind == "error":
        raise bug_from(value)
    return value


def _read_until(pipe: int, deadline: float) -> bytes | None:
    """Everything the child writes before it closes the pipe, or None when the deadline passed first."""
    chunks: list[bytes] = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([pipe], [], [], left)[0]:
            return None
        chunk = os.read(pipe, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
