"""Placeholders in prose for numbers the content model knows, so the text cannot drift from the kit.

Takes: a pack and text with {count:ID}, {count:SECTION}, {count:SECTION/TAG}, {param:RULES/NAME}
or {limit:RULES/RULE/KEY}.
Returns: the number each placeholder stands for (None when it names nothing), or the text with
every placeholder filled in.
"""

from __future__ import annotations

from printkit.content.braces import NUMBER
from printkit.content.pack import Pack


def placeholder_value(pack: Pack, kind: str, argument: str) -> str | None:
    """The number a {kind:argument} placeholder stands for, or None when it names nothing."""
    parts = argument.split("/")
    if kind == "count":
        by_id = {c.id: c for c in pack.components}
        if len(parts) == 1 and parts[0] in by_id:
            return str(by_id[parts[0]].count)
        section, tag = parts[0], (parts[1] if len(parts) > 1 else None)
        chosen = [c for c in pack.components if c.section == section and (tag is None or tag in c.tags)]
        return str(sum(c.count for c in chosen)) if chosen else None
    rule_set = pack.meta.rules.get(parts[0])
    if rule_set is None:
        return None
    if kind == "param" and len(parts) == 2:
        value = rule_set.params.get(parts[1])
        return None if value is None else str(value)
    if kind == "limit" and len(parts) == 3:
        rule = next((r for r in rule_set.checks if r.label == parts[1]), None)
        value = rule.given(parts[2], rule_set.params) if rule is not None else None
        return None if value is None or isinstance(value, (str, list, bool)) else str(value)
    return None


def expand(pack: Pack, text: str) -> str:
    return NUMBER.sub(lambda m: placeholder_value(pack, m.group(1), m.group(2)) or m.group(0), text)
