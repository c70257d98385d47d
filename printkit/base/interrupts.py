"""Interruptions held back while a block that must not be cut short runs.

Takes: a block of code (a temporary file put on the list of what to remove; a child process being
handed its work). Gives: `interrupts_held`, during which SIGINT (Ctrl-C) and SIGTERM are noted and
then handled as they would have been, once the block ends.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

HELD = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def interrupts_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back for the block and handled when it ends. Their handlers are
    swapped for one that notes the signal, on every OS (Windows has no signal mask); only the main
    thread runs Python's signal handlers, so other threads need not hold them."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []
    # (a handler set outside Python, which getsignal cannot tell, is left in place)
    held = [signum for signum in HELD if signal.getsignal(signum) is not None]
    handlers = {signum: signal.signal(signum, lambda signum, frame: noted.append(signum)) for signum in held}
    try:
        yield
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
        for number in dict.fromkeys(noted):
            signal.raise_signal(number)  # now handled as it would have been
