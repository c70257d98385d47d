"""`printkit looks`: the looks there are, one look's YAML to copy, the widgets looks can place and
the icons texts and looks can name.

Takes: a validated pack, or none for printkit's built-in looks only; a look id.
Returns: lines to print: every look with where it is declared, what it extends and (for a pack)
which components use it (`listing`); a look's YAML under its own id, with a comment saying how to
make it a pack's own (`source`); each widget's name and description (`widget_lines`); each icon's
name and whose it is, printkit's or the pack's file (`icon_lines`). An unknown look id is a usage
error naming the closest ids.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from printkit.base.errors import UsageError, did_you_mean
from printkit.base.icons import ICONS
from printkit.content.looks import WIDGETS, Declared, builtin_looks, builtin_source, lineage
from printkit.content.pack import Pack
from printkit.content.source import read_yaml

SHOWN_USERS = 6  # components named per look in a listing; the rest are counted


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True  # a list shared through a YAML anchor is written out in full each time


def _looks(pack: Pack | None) -> dict[str, Declared]:
    return pack.looks if pack is not None else builtin_looks()


def _declared_at(pack: Pack | None, declared: Declared) -> str:
    """The built-in looks' file, or a pack's file with the line and column of the look's id."""
    if pack is None or declared.builtin:
        return declared.file
    line, column = pack.sources[declared.file].position(declared.path, of_key=True)
    return f"{declared.file}:{line}:{column}"


def listing(pack: Pack | None) -> list[str]:
    """One line per look: id, where it is declared, what it extends, and with a pack its users."""
    looks = _looks(pack)
    users: dict[str, list[str]] = {look_id: [] for look_id in looks}
    if pack is not None:
        for component in pack.components:  # a look is used by the components of the looks extending it too
            for look_id in lineage(looks, component.look_id(pack.meta.defaults)):
                users[look_id].append(component.id)
    rows = []
    for look_id, declared in looks.items():
        extends = f"extends {declared.look.extends}" if declared.look.extends else ""
        used = ""
        if pack is not None:
            ids = users[look_id]
            more = f" and {len(ids) - SHOWN_USERS} more" if len(ids) > SHOWN_USERS else ""
            used = ("used by " + ", ".join(ids[:SHOWN_USERS]) + more) if ids else "not used"
        rows.append((look_id, _declared_at(pack, declared), extends, used))
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, [*widths, 0], strict=True)).rstrip() for row in rows
    ]


def source(look_id: str, pack: Pack | None) -> str:
    """The look's YAML as written (anchors resolved), under its own id, after a comment saying how to
    make it a pack's own look."""
    looks = _looks(pack)
    if look_id not in looks:
        hint = did_you_mean(look_id, looks) or "printkit looks list names them"
        raise UsageError(f"unknown look '{look_id}' ({hint})")
    declared = looks[look_id]
    builtin = declared.builtin
    if builtin:
        written: Any = yaml.safe_load(builtin_source(look_id))
    else:  # read again: the loader keeps the models, not the data
        read = pack.sources[declared.file]  # type: ignore[union-attr]
        written = read_yaml(read.path, read.shown, pack.root).data  # type: ignore[union-attr]
    for key in declared.path:
        written = written[key]
    where = "printkit's built-in look" if builtin else "the look"
    comment = [f"# {where} '{look_id}', from {_declared_at(pack, declared)}."]
    if builtin:
        comment += [
            "# To make it a pack's own: save this in the pack's looks/ folder, give it an id of your own",
            f"# (built-in ids are taken) and edit its elements; or write only 'extends: {look_id}' and the",
            "# elements to add, replace (same id) or hide.",
        ]
    if declared.look.extends:
        comment.append(
            f"# Its first elements are those of '{declared.look.extends}' "
            f"(printkit looks show {declared.look.extends})."
        )
    body = yaml.dump(
        {look_id: written}, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100
    )
    return "\n".join(comment) + "\n" + body


def icon_lines(pack: Pack | None) -> list[str]:
    """Every icon by name: printkit's, and with a pack each of its icons/ folder, by its file."""
    whose = dict.fromkeys(ICONS, "printkit's")
    if pack is not None:
        root = pack.root.resolve()
        whose |= {name: Path(path).relative_to(root).as_posix() for name, path in pack.icons.own}
    width = max(map(len, whose))
    return [f"{name.ljust(width)}  {whose[name]}" for name in sorted(whose)]


def widget_lines() -> list[str]:
    width = max(map(len, WIDGETS))
    return [f"{name.ljust(width)}  {description}" for name, description in WIDGETS.items()]
