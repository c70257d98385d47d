"""Records of the drawing that a deck makes by the hundred thousand: frozen to the type checker, fast to make.

Takes: a class of annotated fields (a shape, a piece, a placement on a sheet).
Returns: it as a dataclass with slots, equality and a hash of its fields. mypy treats it as frozen
(`dataclass_transform(frozen_default=True)`) and refuses every assignment to a field in the code it
checks (printkit, tools, benchmarks), which never changes one once made: the memos share shapes
between cards, and `dataclasses.replace` makes a changed copy. Nothing refuses at run time (an
assignment through `setattr` or in a test would go through): a frozen dataclass's `__init__` sets
each field through `object.__setattr__`, four to five times the cost of assigning its slots, and a
10,000-card build makes about 300,000 of them (6 % of its time).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

RecordClass = TypeVar("RecordClass")


@dataclass_transform(frozen_default=True)
def record(cls: type[RecordClass]) -> type[RecordClass]:
    return dataclass(slots=True, unsafe_hash=True)(cls)
