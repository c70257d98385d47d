"""Child processes on every OS: how printkit starts them, and that none outlives its parent.

Takes: work for a child process (a parallel build's worker, a rulebook's bounded child).
Gives: `context`, the multiprocessing context children start with: fork where the OS has it and
may fork a process that has loaded libraries (Linux, other Unixes), else spawn (Windows has no fork;
macOS's system libraries are not safe in a forked child, so Python spawns there too), which pickles
the child's target and arguments: they must be module-level functions and picklable values.
`die_with_parent`, which a child calls first; `bug_report` and `bug_from`, for a bug in a child.
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.context import ForkContext, SpawnContext

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def start_method() -> str:
    """fork where the OS offers it and it is safe, else spawn (see the module's docstring)."""
    import multiprocessing  # here, not at the top: a build whose jobs all run in this process never loads it

    if sys.platform != "darwin" and "fork" in multiprocessing.get_all_start_methods():
        return "fork"
    return "spawn"


def context() -> ForkContext | SpawnContext:
    import multiprocessing

    if start_method() == "fork":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def die_with_parent() -> None:
    """This child ended as soon as the process that started it ends, even killed outright, so that
    no child outlives its build; if that process is already gone, it ends now. A forked child on
    Linux is killed by the kernel (PR_SET_PDEATHSIG), even while it is busy in a library's C code;
    elsewhere a thread of the child waits for its parent's end (multiprocessing's sentinel of the
    parent: a pipe that closes, or on Windows the parent's process handle) and ends the child."""
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is None:
        raise RuntimeError("die_with_parent is called in a child process that multiprocessing started")
    if sys.platform.startswith("linux") and start_method() == "fork":
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent.pid:
            os._exit(1)
    else:
        threading.Thread(target=_end_with, args=(parent,), name="die-with-parent", daemon=True).start()


def _end_with(parent) -> None:
    parent.join()
    os._exit(1)


class ChildTraceback(Exception):
    """Where a child process failed, as the text of its traceback: the cause of the error its parent
    raises for it, so that --debug shows the child's own frames as a single process would."""

    def __str__(self) -> str:
        return "in a child process:\n" + self.args[0].rstrip("\n")


def bug_report(error: BaseException) -> tuple[str, str]:
    """What a child process tells its parent of a bug in printkit (inside `except`): what the error
    was and where it was raised. Only text: an error, let alone its traceback, may not pickle."""
    return repr(error), traceback.format_exc()


def bug_from(report: tuple[str, str]) -> RuntimeError:
    """The error the parent raises for a bug_report of its child."""
    message, trace = report
    error = RuntimeError(message)
    error.__cause__ = ChildTraceback(trace)
    return error
