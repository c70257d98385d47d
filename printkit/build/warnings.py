"""A build's warnings: one line each on stderr, unless they wait for problems to be fixed.

Takes: a message (the messages of more than one place: nothing_to_print). Prints `printkit: warning: <message>`, except while the faces of packs with
problems are drawn only to find more (`warnings_shown` False): what a build would say of its outputs
(strings not translated, nothing to print) waits till the problems are fixed; and within one build
(`once_each`) a warning said already (the same piece left out of a shop in each language) is not
said again.
"""

from __future__ import annotations

import contextvars
import sys
from collections.abc import Iterator
from contextlib import contextmanager

warnings_shown = contextvars.ContextVar("warnings_shown", default=True)
_said: contextvars.ContextVar[set[str] | None] = contextvars.ContextVar("said", default=None)


def nothing_to_print(pack_id: str, language: str, why: str, unwritten: list[str]) -> None:
    """That a kit has nothing to print, why, and what is not written for it (what the user calls
    each output, the components PDF first)."""
    first, *others = unwritten
    listed = " or ".join([", ".join(others[:-1]), others[-1]] if len(others) > 1 else others)
    nor = f" (nor its {listed})" if others else ""
    warn(f"{pack_id} ({language}): nothing to print: {why}, so no {first} is written{nor}")


def warn(message: str) -> None:
    said = _said.get()
    if warnings_shown.get() and (said is None or message not in said):
        print(f"printkit: warning: {message}", file=sys.stderr)
        if said is not None:
            said.add(message)


@contextmanager
def once_each() -> Iterator[None]:
    """Within it, each warning is said once."""
    token = _said.set(set())
    try:
        yield
    finally:
        _said.reset(token)
