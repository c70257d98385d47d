"""The JSON Schema of component files, for editors and `printkit schema`.

Takes: the registered component kinds and, optionally, a pack's declarations. Returns: the schema
of a component file, its `data:` and `stats:` described with the fields and stats the pack declares.
"""

from __future__ import annotations

import json
from functools import cache
from types import GenericAlias
from typing import TYPE_CHECKING, Any

from pydantic import (
    BaseModel,
    create_model,
)

from printkit.base.icons import PRINTKITS_ICONS, Icons
from printkit.content.components import COMPONENT_KINDS
from printkit.content.fields import Strict
from printkit.content.pack_meta import PackMeta

if TYPE_CHECKING:
    pass


@cache
def component_file_model() -> type[BaseModel]:
    """The model of a component file: one optional list per registered section."""
    sections: dict[str, Any] = {section: (GenericAlias(list, cls), []) for section, cls in COMPONENT_KINDS.items()}
    return create_model("ComponentFile", __base__=Strict, **sections)


@cache
def _component_file_schema() -> str:
    return json.dumps(component_file_model().model_json_schema())


def component_schema(
    meta: PackMeta | None, schema: dict[str, Any] | None = None, icons: Icons = PRINTKITS_ICONS
) -> dict[str, Any]:
    """The JSON Schema of a pack's component files (or the schema given): `data:` takes the fields the
    pack declares and `stats:` its stats, each with its type, and no other key; an icon field one of
    icons (the pack's own too, when given)."""
    schema = json.loads(_component_file_schema()) if schema is None else schema
    if meta is None:
        return schema
    declared = {
        "data": {name: field.json_schema(icons) for name, field in meta.fields.items()},
        "stats": {name: {"type": "number"} for name in meta.stats},
    }
    kinds = {cls.__name__ for cls in COMPONENT_KINDS.values()}
    for definition in [d for d in schema.get("$defs", {}).values() if d.get("title") in kinds]:
        for key, properties in declared.items():
            prop = definition.get("properties", {}).get(key)
            if prop is not None:
                prop.pop("patternProperties", None)
                prop.pop("propertyNames", None)
                prop.update(additionalProperties=False, properties=properties)
    return schema
