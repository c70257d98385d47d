"""Python's cycle collector, kept out of the way of a build.

Takes: nothing. Gives: `paused()`, a block in which the collector runs only when asked;
`collect_young()`, which asks it to walk the youngest objects; `freeze_for_exit()`.
A build makes hundreds of thousands of objects (a big deck's parsed YAML, models and drawings) that
hold few reference cycles; left to itself the collector walks all of them again and again (a third
of a 10,000-card build).
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """The collector off for the block, and as it was before afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def collect_young() -> None:
    """The cycles the last piece of work left (typesetting leaves many); older objects stay unwalked."""
    gc.collect(0)


def freeze_for_exit() -> None:
    """At exit the interpreter would walk every object of the build once more, only to free them all."""
    gc.freeze()
