"""printkit on a system without POSIX's extras (Windows; macOS for /proc), simulated on Linux.

Python imports this module at start-up when its folder is on PYTHONPATH (`./dev test --non-posix`
puts it there), so it applies to the test process and to every Python process the tests start:
printkit's command, a build's workers, a rulebook's child. What it takes away:

- os.fork, os.forkpty and os.register_at_fork, from every caller; multiprocessing offers only the
  spawn start method, so workers and children are spawned and their work pickled;
- the modules Windows lacks (resource, fcntl, termios, pty, ...), and the names Windows's `os` and
  `signal` lack (SIGKILL, pthread_sigmask, sysconf, ...), from printkit's own code only: the
  standard library and other libraries choose their own code for each OS and are tested upstream,
  so taking them away from those would simulate nothing real;
- files under /proc (Linux's view of processes), to printkit's own code only: psutil reads them
  on Linux as its way of doing what it does with other calls elsewhere.

printkit's code is told by the module that asks (`printkit` or `printkit.*`).
"""

from __future__ import annotations

import builtins
import errno
import io
import multiprocessing
import multiprocessing.context
import os
import signal
import sys
import types

UNIX_MODULES = frozenset(
    {"resource", "fcntl", "termios", "tty", "pty", "grp", "pwd", "posix", "syslog", "crypt", "spwd", "nis"}
    | {"_posixsubprocess", "_posixshmem"}
)
# The names of Windows's signal module (besides the private ones); printkit may use no other.
WINDOWS_SIGNAL = frozenset(
    {"SIGABRT", "SIGFPE", "SIGILL", "SIGINT", "SIGSEGV", "SIGTERM", "SIGBREAK", "CTRL_C_EVENT", "CTRL_BREAK_EVENT"}
    | {"NSIG", "SIG_DFL", "SIG_IGN", "Signals", "Handlers", "default_int_handler", "getsignal", "raise_signal"}
    | {"set_wakeup_fd", "signal", "strsignal", "valid_signals"}
)
# POSIX-only names of os (besides fork, taken from everyone) that printkit's code might reach for.
POSIX_OS = frozenset(
    {"getuid", "geteuid", "getgid", "getegid", "getgroups", "setsid", "getsid", "killpg", "getpgid", "setpgid"}
    | {"getpgrp", "getloadavg", "sched_getaffinity", "sysconf", "sysconf_names", "pathconf", "fpathconf"}
    | {"statvfs", "fstatvfs", "uname", "nice", "mkfifo", "mknod", "chown", "lchown", "fchown", "WNOHANG"}
    | {"wait", "wait3", "wait4", "waitid", "openpty", "ttyname", "pipe2", "sync", "getpriority", "setpriority"}
    | {"posix_spawn", "posix_spawnp", "memfd_create", "eventfd", "pidfd_open", "getresuid", "initgroups"}
    | {"O_NOFOLLOW", "O_NONBLOCK", "O_CLOEXEC", "O_DIRECTORY", "O_NOCTTY", "O_SYNC", "O_DSYNC"}
)
HERE = __name__


def _printkit(module: object) -> bool:
    return isinstance(module, str) and (module == "printkit" or module.startswith("printkit."))


def _caller(frame: types.FrameType | None, passing: frozenset[str] = frozenset()) -> str:
    """The module of the first frame outside this module and the modules passed through."""
    while frame is not None and frame.f_globals.get("__name__") in passing | {HERE}:
        frame = frame.f_back
    return "" if frame is None else frame.f_globals.get("__name__", "")


# --- fork and the start methods ------------------------------------------------------------------

for name in ("fork", "forkpty", "register_at_fork"):
    if hasattr(os, name):
        delattr(os, name)

_contexts = multiprocessing.context._concrete_contexts  # type: ignore[attr-defined]
for method in ("fork", "forkserver"):
    _contexts.pop(method, None)
_default = multiprocessing.context._default_context
_default._default_context = _contexts["spawn"]  # type: ignore[attr-defined]
_default.get_all_start_methods = lambda: ["spawn"]  # type: ignore[method-assign]
multiprocessing.get_all_start_methods = _default.get_all_start_methods


# --- modules and names Windows lacks, taken from printkit's code --------------------------------

_import = builtins.__import__


def _guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    if level == 0 and name.partition(".")[0] in UNIX_MODULES and _printkit((globals or {}).get("__name__")):
        raise ModuleNotFoundError(f"No module named '{name}' (non-POSIX simulation)", name=name)
    return _import(name, globals, locals, fromlist, level)


builtins.__import__ = _guarded_import


class _Signal(types.ModuleType):
    def __getattribute__(self, name: str):
        if name[0] != "_" and name not in WINDOWS_SIGNAL and _printkit(_caller(sys._getframe(1))):
            raise AttributeError(f"module 'signal' has no attribute '{name}' (non-POSIX simulation)")
        return super().__getattribute__(name)


class _Os(types.ModuleType):
    def __getattribute__(self, name: str):
        if name in POSIX_OS and _printkit(_caller(sys._getframe(1))):
            raise AttributeError(f"module 'os' has no attribute '{name}' (non-POSIX simulation)")
        return super().__getattribute__(name)


signal.__class__ = _Signal
os.__class__ = _Os


# --- /proc, closed to printkit's code ------------------------------------------------------------

PASSING = frozenset({"pathlib", "io", "_pyio", "codecs"})  # how a call reaches open(), not who made it


def _closed(file: object) -> bool:
    """Whether file is a path under /proc and printkit's code opens it."""
    if not isinstance(file, str | bytes | os.PathLike):
        return False  # a file descriptor
    path = os.path.abspath(os.fsdecode(file))
    return (path == "/proc" or path.startswith("/proc/")) and _printkit(_caller(sys._getframe(2), PASSING))


def _no_proc(file: object) -> OSError:
    return FileNotFoundError(errno.ENOENT, "No such file or directory (non-POSIX simulation)", os.fsdecode(file))


_open, _os_open = io.open, os.open


def _guarded_open(file, *args, **kwargs):
    if _closed(file):
        raise _no_proc(file)
    return _open(file, *args, **kwargs)


def _guarded_os_open(path, *args, **kwargs):
    if _closed(path):
        raise _no_proc(path)
    return _os_open(path, *args, **kwargs)


builtins.open = io.open = _guarded_open
os.open = _guarded_os_open
