"""Records of the drawing that a deck makes by the hundred thousand: frozen to the type checker, fast to make.

Takes: a class of annotated fields (a shape, a piece, a placement on a sheet).
Returns: it as a dataclass with slots, equality and a hash of its fields. mypy treats it as frozen
(`dataclass_transform(frozen_default=True)`) and refuses every assignment to a field, so it is never
changed once made (the memos share shapes between cards; `dataclasses.replace` makes a changed copy).
At run time its `__init__` assigns its slots: a frozen dataclass's sets each through
`object.__setattr__`, five times the cost, and a 10,000-card build makes about 300,000 of them
(6 % of its time).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

Record = TypeVar("Record")


@dataclass_transform(frozen_default=True)
def record(cls: type[Record]) -> type[Record]:
    return dataclass(slots=True, unsafe_hash=True)(cls)
