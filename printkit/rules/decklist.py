"""Players' lists (decks, hands, squads, sides, tile layouts) read and checked against a rule set.

Takes: a list file (DESIGN.md §6), the pack it names (loaded by the caller) and `--param` values.
Returns: a `ListReport` with the rule violations, each placed at the line of the entry or section
it concerns; raises `Problems` when the list itself cannot be read (bad YAML, unknown pack, rule
set, section or component id, wrong shapes, a rule set or component named that failed its own
checks), with every such problem at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.base.errors import (
    KeyPath,
    Problem,
    Problems,
    UsageError,
    ValueProblem,
    did_you_mean,
    display_path,
    shown_value,
)
from printkit.content.components.boards import Address, BoardGrid, Grid
from printkit.content.fields import parse_cell, parse_id
from printkit.content.load import CONTENT_DIR, DECKS_DIR, PACK_FILE
from printkit.content.pack import Failed, Pack
from printkit.content.rules import MAX_LIMIT, Entry, ListContext, Placed, RuleSet, placement_board
from printkit.content.source import SourceFile, read_yaml

LIST_KEYS = ("pack", "rules", "name")
_WHOLE = re.compile(r"[0-9]{1,7}")  # str.isdigit() would take '²' and int() refuses 5,000 digits


@dataclass
class ListReport:
    file: str
    pack: str
    rule_set: str
    entries: int
    violations: list[tuple[Problem, str, str, tuple[str, ...]]] = field(
        default_factory=list
    )  # line, rule, section, ids

    @property
    def ok(self) -> bool:
        return not self.violations


def read_list(path: Path, shown: str | None = None, folder: Path | None = None) -> SourceFile:
    """The list at path, named shown in messages (else as the user wrote its path), inside folder
    (None: a file the user named, anywhere)."""
    source = read_yaml(path, shown or display_path(path), folder)
    if source.data is not None and not isinstance(source.data, dict):
        source.problems.append(
            source.problem(
                (), f"must be a mapping of keys, got {shown_value(source.data)}", "start with 'pack: PACK-ID'"
            )
        )
        source.data = None
    if source.problems:
        raise Problems(source.problems)
    return source


def named_pack(source: SourceFile) -> str:
    """The pack id a list names: an id, never a path (a list names a pack, not a folder to load)."""
    if "pack" not in source.data:
        raise Problems([source.problem((), "a list must name its pack: 'pack: PACK-ID'")])
    pack_id = source.data["pack"]
    try:
        return parse_id(pack_id)
    except ValueProblem as problem:
        raise Problems([source.problem(("pack",), f"must be a pack id: {problem.message}", problem.hint)]) from None


def pack_of_list(path: Path, pack_id: str) -> Path | None:
    """The pack a list names: the one whose decks/ folder holds it, else the one under ./content."""
    beside = path.resolve().parent.parent
    if path.resolve().parent.name == DECKS_DIR and beside.name == pack_id and (beside / PACK_FILE).is_file():
        return beside
    under_content = CONTENT_DIR / pack_id
    return under_content if (under_content / PACK_FILE).is_file() else None


def parse_params(pairs: list[str], pack: Pack, rule_set_id: str) -> dict[str, int]:
    """The rule set's params with `NAME=VALUE` overrides from the command line."""
    declared = dict(pack.meta.rules[rule_set_id].params)
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in declared:
            known = ", ".join(declared) or "none"
            raise UsageError(
                f"--param {name}: rule set '{rule_set_id}' of {pack.id} has no such param (params: {known})"
            )
        if not _WHOLE.fullmatch(value) or int(value) > MAX_LIMIT:
            raise UsageError(f"--param {pair}: the value must be a whole number from 0 to {MAX_LIMIT}")
        declared[name] = int(value)
    return declared


def check_list(source: SourceFile, pack: Pack, param_pairs: list[str]) -> ListReport:
    data = source.data
    problems: list[Problem] = []
    rule_set_id = _rule_set_id(source, pack, problems)
    if rule_set_id is None:
        raise Problems(problems)
    named = ("rules",) if "rules" in data else ("pack",)
    lost = pack.lost_file()  # any component the list or its rule set names may be in it
    if lost is not None:
        raise Problems([_failed_problem(source, named, pack, lost, f"component file {lost.file}")])
    failed = pack.failed_part("rules", rule_set_id)
    if failed is not None:
        raise Problems([_failed_problem(source, named, pack, failed, f"rule set '{rule_set_id}'")])
    rule_set = pack.meta.rules[rule_set_id]
    ctx = ListContext(pack, rule_set, parse_params(param_pairs, pack, rule_set_id))
    if "name" in data and not isinstance(data["name"], str):
        problems.append(source.problem(("name",), f"must be text, got {shown_value(data['name'])}"))
    by_id = {c.id: c for c in pack.components}
    for key, value in data.items():
        if key in LIST_KEYS:
            continue
        if key not in rule_set.sections:
            problems.append(
                source.problem(
                    (key,),
                    f"unknown section '{key}' for rule set '{rule_set_id}'",
                    did_you_mean(key, rule_set.sections) or "sections: " + ", ".join(rule_set.sections),
                    of_key=True,
                )
            )
        elif rule_set.sections[key].placement:
            board = placement_board(pack, rule_set, key)
            grid = type(board.grid) if board else Grid
            ctx.placements[key] = _placements(source, key, value, pack, by_id, grid, problems)
        else:
            ctx.entries[key] = _entries(source, key, value, pack, by_id, rule_set, problems)
    if problems:
        raise Problems(problems)
    report = ListReport(
        source.shown,
        pack.id,
        rule_set_id,
        sum(e.copies for entries in ctx.entries.values() for e in entries)
        + sum(len(p) for p in ctx.placements.values()),
    )
    for rule in rule_set.checks:
        for violation in rule.check(ctx):
            line = source.problem(violation.path, violation.message, f"rule '{rule.label}' in {pack.id}", of_key=True)
            section = str(violation.path[0]) if violation.path else ""
            report.violations.append((line, rule.label, section, violation.ids))
    report.violations.sort(key=lambda v: v[0])
    return report


def _rule_set_id(source: SourceFile, pack: Pack, problems: list[Problem]) -> str | None:
    # A rule set without sections only checks the pack itself (its component list): no list is of it.
    # with those that failed their own checks, which a list may name still
    failed = [part.id for part in pack.failed if part.kind == "rules" and part.id and part.id not in pack.meta.rules]
    declared = [set_id for set_id, rule_set in pack.meta.rules.items() if rule_set.sections] + failed
    if not declared:
        problems.append(
            source.problem(("pack",), f"pack '{pack.id}' declares no rule sets, so it has no lists to check")
        )
        return None
    name = source.data.get("rules")
    if name is None:
        if len(declared) == 1:
            return declared[0]
        problems.append(
            source.problem(
                (),
                f"pack '{pack.id}' has several rule sets; say which with 'rules:'",
                "rule sets: " + ", ".join(declared),
            )
        )
        return None
    if not isinstance(name, str):
        problems.append(
            source.problem(
                ("rules",), f"must name one rule set, got {shown_value(name)}", "rule sets: " + ", ".join(declared)
            )
        )
        return None
    if name not in declared:
        guess = did_you_mean(str(name), declared)
        problems.append(
            source.problem(
                ("rules",),
                f"pack '{pack.id}' declares no rule set {shown_value(name)}",
                (f"{guess} " if guess else "") + "rule sets: " + ", ".join(declared),
            )
        )
        return None
    return name


def _failed_problem(
    source: SourceFile, path: KeyPath, pack: Pack, failed: Failed, named: str, *, of_key: bool = False
) -> Problem:
    """A list naming a part of the pack that failed its own checks: it cannot be checked until they are fixed."""
    where = pack.sources[failed.file].where(failed.path)
    return source.problem(
        path, f"{named} has problems of its own, so this list cannot be checked", f"see {where}", of_key=of_key
    )


def _entries(
    source: SourceFile,
    section: str,
    value: Any,
    pack: Pack,
    by_id: dict,
    rule_set: RuleSet,
    problems: list[Problem],
) -> list[Entry]:
    """`id: copies` mappings or lists of ids (one copy each; an id listed twice counts twice)."""
    if isinstance(value, dict):
        written = [(key, copies, (section, key)) for key, copies in value.items()]
    elif isinstance(value, list):
        written = [(item, 1, (section, index)) for index, item in enumerate(value)]
    else:
        problems.append(
            source.problem((section,), f"must be a mapping of ids to copies or a list of ids, got {shown_value(value)}")
        )
        return []
    allowed = rule_set.sections[section].components
    entries: dict[str, Entry] = {}
    for component_id, copies, path in written:
        of_key = isinstance(value, dict)
        if not isinstance(component_id, str):
            problems.append(source.problem(path, f"must be a component id, got {shown_value(component_id)}"))
            continue
        component = by_id.get(component_id)
        failed = pack.failed_part("components", component_id)
        if failed is not None:
            problems.append(_failed_problem(source, path, pack, failed, f"component '{component_id}'", of_key=of_key))
            continue
        if component is None:
            problems.append(
                source.problem(
                    path,
                    f"no component '{component_id}' in this pack",
                    did_you_mean(str(component_id), by_id),
                    of_key=of_key,
                )
            )
            continue
        if allowed and component.section not in allowed:
            problems.append(
                source.problem(
                    path,
                    f"'{component_id}' is a {component.kind}; section '{section}' takes " + ", ".join(allowed),
                    of_key=of_key,
                )
            )
            continue
        wanted_tags = rule_set.sections[section].tags
        if wanted_tags and not set(wanted_tags) & set(component.tags):
            problems.append(
                source.problem(
                    path,
                    f"'{component_id}' does not belong in section '{section}', which "
                    f"takes components tagged {', '.join(wanted_tags)}",
                    of_key=of_key,
                )
            )
            continue
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_LIMIT:
            problems.append(
                source.problem(path, f"copies must be a whole number from 1 to {MAX_LIMIT}, got {shown_value(copies)}")
            )
            continue
        if component_id in entries:  # listed again: the copies add up, the first place is reported
            first = entries[component_id]
            entries[component_id] = Entry(component, first.copies + copies, first.path)
        else:
            entries[component_id] = Entry(component, copies, path)
    return list(entries.values())


def _placements(
    source: SourceFile,
    section: str,
    value: Any,
    pack: Pack,
    by_id: dict,
    grid: type[BoardGrid],
    problems: list[Problem],
) -> list[Placed]:
    """A list of `{tile: ID, square: N, rotation: 0|90|180|270}` for a square board, of
    `{tile: ID, cell: [COLUMN, ROW], rotation: 0|60|…|300}` for a hex board."""
    key = grid.address_key
    if not isinstance(value, list):
        problems.append(
            source.problem((section,), f"must be a list of {{tile, {key}, rotation}}, got {shown_value(value)}")
        )
        return []
    placed = []
    for index, item in enumerate(value):
        path = (section, index)
        if not isinstance(item, dict):
            problems.append(
                source.problem(
                    path, f"must be a mapping with tile, {key} and optionally rotation, got {shown_value(item)}"
                )
            )
            continue
        keys = ("tile", key, "rotation")
        unknown = [name for name in item if name not in keys]
        # The other kind of board's address stands for this one's: said once, at the key written.
        other_address = any(name in ADDRESS_KEYS for name in unknown)
        missing = [name for name in ("tile", key) if name not in item and not (name == key and other_address)]
        for name in unknown:
            problems.append(
                source.problem(
                    path + (name,),
                    f"unknown key {shown_value(name)}; an entry has tile, {key} and optionally rotation",
                    f"tiles on a {grid.board_shape} board say where they lie with '{key}'"
                    if name in ADDRESS_KEYS
                    else did_you_mean(str(name), keys),
                )
            )
        problems += [source.problem(path, f"missing required key '{name}'") for name in missing]
        if unknown or missing:
            continue
        component = by_id.get(item["tile"]) if isinstance(item["tile"], str) else None
        cell, rotation = _cell(item[key], grid), item.get("rotation", 0)
        turn_problem = grid.rotation_problem(rotation)
        failed = pack.failed_part("components", item["tile"])
        if failed is not None:
            problems.append(_failed_problem(source, path + ("tile",), pack, failed, f"component '{item['tile']}'"))
        elif component is None:
            problems.append(
                source.problem(
                    path + ("tile",),
                    f"no component {shown_value(item['tile'])} in this pack",
                    did_you_mean(str(item["tile"]), by_id),
                )
            )
        elif isinstance(cell, ValueProblem):
            problems.append(source.problem(path + (key,), cell.message, cell.hint))
        elif turn_problem:
            problems.append(source.problem(path + ("rotation",), *turn_problem))
        else:
            placed.append(Placed(component, cell, rotation, path))
    return placed


ADDRESS_KEYS = ("square", "cell")


def _cell(value: Any, grid: type[BoardGrid]) -> Address | ValueProblem:
    """The address a tile list gives: a square number on a square board, a cell on a hex board."""
    if grid.address_key == "cell":
        try:
            return parse_cell(value)
        except ValueProblem as problem:
            return problem
    if isinstance(value, bool) or not isinstance(value, int):
        return ValueProblem(f"must be a square number, got {shown_value(value)}")
    return value
