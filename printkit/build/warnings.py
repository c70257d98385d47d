"""A build's warnings: one line each on stderr, unless they wait for problems to be fixed.

Takes: a message. Prints `printkit: warning: <message>`, except while the faces of packs with
problems are drawn only to find more (`shown(False)`): what a build would say of its outputs
(strings not translated, nothing to print) waits till the problems are fixed.
"""

from __future__ import annotations

import contextvars
import sys

warnings_shown = contextvars.ContextVar("warnings_shown", default=True)


def warn(message: str) -> None:
    if warnings_shown.get():
        print(f"printkit: warning: {message}", file=sys.stderr)
