"""Work whose cost a pack decides, done in a child process with a ceiling on memory and time.

Takes: a module-level function and its arguments (making a rulebook: a pack's own template and
whatever HTML it makes for WeasyPrint to typeset), which must pickle where children are spawned
(see processes); how much more memory the child may take than it had when it started, and how
many seconds.
Returns: what the function returned, or raises the `Problems` it raised; raises `OverLimit` when it
needed more memory or time than allowed, or sent back more than MAX_REPLY bytes (the child is
killed; nothing it left is used), and RuntimeError when the child failed otherwise (a bug in
printkit), caused by a `ChildTraceback` that --debug shows. The child dies with the process that
started it. Its temporary files (tempfile's) go into a folder this process makes and removes once
the child has ended, at a limit too: a pasted deck list, or a rulebook's fonts, which WeasyPrint
copies into folders that only garbage collection removes (a process leaving without collecting never
does: 14,000 such folders, 76 GB, once filled a machine's /tmp). A process that ends without
unwinding (a build's worker stopped with the build) calls `stop_children` first. The child's memory
ceiling is the kernel's where the OS offers one (RLIMIT_AS, its address space); elsewhere (Windows,
macOS, which does not enforce RLIMIT_AS) this process reads the child's resident memory as it waits
and kills it past the ceiling.
"""

from __future__ import annotations

import pickle
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from multiprocessing.process import BaseProcess
from typing import Any

from printkit.base.errors import Problems
from printkit.base.interrupts import interrupts_held
from printkit.base.processes import bug_from, bug_report, context, die_with_parent

MAX_REPLY = 64 * 2**20  # bytes of what the child sends back: a rulebook's page count, or its problems
WATCH = 0.02  # seconds between two readings of the child's memory, where this process watches it
_RUNNING: dict[BaseProcess, str] = {}  # the children working now, each with its folder for temporary files


class OverLimit(Exception):
    """The work needed more memory or time than it was given, or sent back too much; the message says which."""


def run(work: Callable[..., Any], *args: Any, memory: int, seconds: float) -> Any:
    """work(*args) in a child process that may take `memory` bytes more than it had when it started
    and run `seconds` at most."""
    processes = context()
    parent_end, child_end = processes.Pipe(duplex=False)
    scratch = tempfile.mkdtemp(prefix="printkit-child-")
    child = processes.Process(target=_child, args=(child_end, scratch, memory, MAX_REPLY, work, args), daemon=True)
    reply = None  # an interruption or a limit met while waiting leaves it so: the child is stopped too
    try:
        with interrupts_held():  # a spawned child's work cut off half-sent would be a traceback of its own
            child.start()
            _RUNNING[child] = scratch
        child_end.close()  # the child's end: only its own copy may stay open, so that its death ends the pipe
        reply = _reply(parent_end, child, seconds, memory)
    finally:
        parent_end.close()
        with interrupts_held():  # the child ended and its files removed, not cut off between the two
            if child.pid is not None:  # started (starting fails only for a bug: work that does not pickle)
                if reply is None:
                    child.kill()
                child.join()
            _RUNNING.pop(child, None)
            shutil.rmtree(scratch, ignore_errors=True)
    kind, value = reply
    if kind == "problems":
        raise Problems(value)
    if kind == "memory":
        raise _too_much_memory(memory)
    if kind == "reply":
        raise OverLimit(f"sent back more than {MAX_REPLY // 2**20} MiB")
    if kind == "error":
        raise bug_from(value)
    return value


def stop_children() -> None:
    """Kills the children working now and removes their temporary files, for a process about to end
    without unwinding (run's own clean-up would not run)."""
    for child, scratch in list(_RUNNING.items()):
        child.kill()
        child.join()
        shutil.rmtree(scratch, ignore_errors=True)


def _child(link, scratch: str, memory: int, max_reply: int, work: Callable[..., Any], args: tuple) -> None:
    die_with_parent()
    tempfile.tempdir = scratch
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the build answers an interrupt and ends this child
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the handlers of the process it was forked from
    with link:
        link.send(_ceiling(memory))
        try:
            outcome = ("done", work(*args))
        except Problems as error:
            outcome = ("problems", error.problems)
        except MemoryError:
            outcome = ("memory", None)
        except BaseException as error:  # a bug in printkit: the parent reports it as one
            outcome = ("error", bug_report(error))
        data = pickle.dumps(outcome)
        link.send_bytes(data if len(data) <= max_reply else pickle.dumps(("reply", None)))


def _ceiling(memory: int) -> int | None:
    """In the child: the kernel's limit on its address space set `memory` bytes above what it has
    now, where the OS enforces one (None); else the resident memory its parent is to stop it at."""
    import psutil

    now = psutil.Process().memory_info()
    if sys.platform != "darwin":
        try:
            import resource
        except ImportError:  # Windows
            pass
        else:
            ceiling = now.vms + memory
            resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))
            return None
    return now.rss + memory


def _reply(link, child: BaseProcess, seconds: float, memory: int) -> tuple[str, Any]:
    """The outcome the child sends back once its work is done; raises OverLimit when it takes
    longer than seconds, or more memory than its ceiling (or dies without a word: the kernel's
    answer to memory it could not give)."""
    deadline = time.monotonic() + seconds
    try:
        if not link.poll(max(deadline - time.monotonic(), 0)):
            raise OverLimit(f"took longer than {seconds:g} seconds")
        ceiling = link.recv()
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise OverLimit(f"took longer than {seconds:g} seconds")
            if link.poll(left if ceiling is None else min(left, WATCH)):
                return pickle.loads(link.recv_bytes())
            if ceiling is not None and _resident(child) > ceiling:
                raise _too_much_memory(memory)
    except EOFError:
        raise _too_much_memory(memory) from None


def _too_much_memory(memory: int) -> OverLimit:
    return OverLimit(f"needed more than {memory // 2**20} MiB of memory")


def _resident(child: BaseProcess) -> int:
    """The bytes of memory the child has resident now (0 once it has ended)."""
    import psutil

    try:
        return psutil.Process(child.pid).memory_info().rss
    except psutil.NoSuchProcess:
        return 0
