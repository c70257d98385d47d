"""The models of content.pack_meta built on first use (pack_model: rule sets that take every registered
rule kind), found here by the names pickle looks them up by.

Takes: a model's name, as pickle asks this module for it. Returns: the model, built if need be.
pickle refers to a class by its module and name; a model made by pydantic's create_model has no
module attribute of its own, so these name this module, and a pack pickled for a spawned child
process (see base.processes) is read back into the same models there.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    from printkit.content import pack_meta

    built = {"PackMeta": pack_meta.pack_model, "RuleSet": pack_meta.rule_set_model}
    if name not in built:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return built[name]()
