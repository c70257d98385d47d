"""Rule sets: what makes a deck, hand, squad, side or tile layout legal, declared in pack.yaml.

Takes: a rule set as written under `rules:` in pack.yaml, and a parsed list (`ListContext`:
entries per section with their key paths in the list file, parameter values).
Returns: `Violation`s, each with the key path in the list file it concerns, a message for the
player (naming components as players know them: 'Fire Imp' (fire-imp)) and the ids involved.
Pack-level rules (`inventory`) check the pack itself. Rule kinds register with `@rule_kind`, in any
module imported before the first pack is read; each is a small class with its own checks: of a list
(`check`) and of the rule as written in pack.yaml (`problems`).
"""

from __future__ import annotations

import types
import typing
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import accumulate
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Union, cast

from pydantic import BaseModel, BeforeValidator, Field, WithJsonSchema

from printkit.base.errors import KeyPath, Problem, ValueProblem, did_you_mean, shown_value
from printkit.content.fields import Id, Strict, Text, parse_id, peeled, pydantic_parser, whole

if TYPE_CHECKING:
    from printkit.content.components.base import Component
    from printkit.content.components.boards import Address, Board
    from printkit.content.components.tiles import Tile
    from printkit.content.pack import Pack
    from printkit.content.source import SourceFile


MAX_LIMIT = 1_000_000  # the largest limit, param or copy count a rule set or list may give


@dataclass(frozen=True)
class ParamRef:
    """A limit taken from the rule set's params (overridable with `--param NAME=VALUE`)."""

    name: str


def _limit(value: Any) -> int | ParamRef:
    if isinstance(value, dict) and list(value) == ["param"]:
        return ParamRef(parse_id(value["param"]))
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_LIMIT:
        raise ValueProblem(f"must be a whole number from 0 to {MAX_LIMIT} or {{param: NAME}}, got {shown_value(value)}")
    return value


Limit = Annotated[
    Any,
    BeforeValidator(pydantic_parser(_limit)),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 0},
                {"type": "object", "properties": {"param": {"type": "string"}}, "required": ["param"]},
            ]
        }
    ),
]


@dataclass(frozen=True)
class Entry:
    component: Component
    copies: int
    path: KeyPath  # where the entry is written in the list file


@dataclass(frozen=True)
class Placed:
    component: Component
    cell: Address  # a square board's square number, a hex board's (column, row)
    rotation: int
    path: KeyPath


@dataclass
class ListContext:
    pack: Pack
    rule_set: RuleSet
    params: dict[str, int]
    entries: dict[str, list[Entry]] = field(default_factory=dict)
    placements: dict[str, list[Placed]] = field(default_factory=dict)

    def limit(self, value: int | ParamRef) -> int:
        return self.params[value.name] if isinstance(value, ParamRef) else value


@dataclass(frozen=True)
class RuleSite:
    """A rule where pack.yaml writes it, with what checking it against the pack needs."""

    pack: Pack
    set_id: str
    path: KeyPath  # of the rule in pack.yaml
    source: SourceFile
    component_kinds: Mapping[str, type[Component]]  # the registered component kinds, by section

    @property
    def rule_set(self) -> RuleSet:
        return self.pack.meta.rules[self.set_id]

    def problem(self, key: KeyPath, message: str, hint: str | None = None) -> Problem:
        return self.source.problem(self.path + key, message, hint)


@dataclass(frozen=True)
class Violation:
    path: KeyPath
    message: str
    ids: tuple[str, ...] = ()


def value_of(component: Component, path: str, pack: Pack | None = None) -> Any:
    """A component's value at a dotted path such as `cost`, `edges.total`, `stats.attack` or
    `data.glow`; with the pack, a field the component's `data:` leaves out has its declared default."""
    head, _, name = path.partition(".")
    declared = pack.meta.fields.get(name) if pack is not None and head == "data" else None
    if declared is not None:
        return (component.data or {}).get(name, declared.default)
    value: Any = component
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        else:
            value = getattr(value, part, None)
        if value is None:
            return None
    return value


def _counted(ctx: ListContext, section: str, count: int) -> str:
    """'4 cards' when a section takes one kind of component, else '4 entries'."""
    kinds = ctx.rule_set.sections[section].components
    word = ctx.pack.kind_in(kinds[0]) if len(kinds) == 1 else "entry"
    if count == 1:
        return f"1 {word}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") else f"{count} {word}s"


def _bounds(count: int, ctx: ListContext, minimum, maximum, exact) -> str | None:
    """The refusal for a count outside min/max/exact, or None when it is inside."""
    if exact is not None and count != ctx.limit(exact):
        return f"exactly {ctx.limit(exact)} required"
    if minimum is not None and count < ctx.limit(minimum):
        return f"at least {ctx.limit(minimum)} required"
    if maximum is not None and count > ctx.limit(maximum):
        return f"at most {ctx.limit(maximum)} allowed"
    return None


# --- the registry ---------------------------------------------------------------------------------

RULE_KINDS: dict[str, type[Rule]] = {}


def rule_kind(cls: type[Rule]) -> type[Rule]:
    """Register a rule kind under its `kind`. Refused once the union of kinds is built (when the first
    pack.yaml is read): a kind registered later would be unknown to the model reading rule sets."""
    kind = cls.model_fields["kind"].default
    if rule_union.cache_info().currsize:
        raise RuntimeError(
            f"rule kind '{kind}' ({cls.__qualname__}) registered after the rule kinds were "
            "put together; register rule kinds when their module is imported, before any pack is read"
        )
    RULE_KINDS[kind] = cls
    return cls


@cache
def rule_union() -> Any:
    """Every registered rule kind, told apart by its `kind`: built on first use, which closes the registry."""
    # a union of classes known only at run time: `Union[tuple]` has no `|` spelling
    return Annotated[Union[tuple(RULE_KINDS.values())], Field(discriminator="kind")]  # noqa: UP007


class Rule(Strict):
    # Fields naming component value paths, and what the rule needs there ("number" to add up, "single"
    # to compare, not a list or mapping); `problems` checks them against the pack's components.
    value_paths: ClassVar[dict[str, str]] = {}

    name: Id | None = None
    """Name of the rule in messages; defaults to its kind."""
    section: Id | None = None
    """Section of the list the rule applies to; defaults to every section."""

    @property
    def label(self) -> str:
        return self.name or self.kind  # type: ignore[attr-defined]

    def sections(self, rule_set: RuleSet) -> list[str]:
        """The sections of rule_set the rule applies to."""
        return [self.section] if self.section else list(rule_set.sections)

    def section_entries(self, ctx: ListContext) -> Iterator[tuple[str, list[Entry]]]:
        for section in self.sections(ctx.rule_set):
            yield section, ctx.entries.get(section, [])

    def check(self, ctx: ListContext) -> Iterator[Violation]:
        raise NotImplementedError

    def problems(self, site: RuleSite) -> list[Problem]:
        """What is wrong with the rule as pack.yaml writes it: a section or param its rule set does not
        declare, a value path the components it reads do not have, and what `named_problems` finds."""
        rule_set = site.rule_set
        if self.section and self.section not in rule_set.sections:
            return [
                site.problem(
                    ("section",),
                    f"section '{self.section}' is not declared in rule set '{site.set_id}'",
                    did_you_mean(self.section, rule_set.sections),
                )
            ]
        problems = []
        for name in type(self).model_fields:
            value = getattr(self, name)
            if isinstance(value, ParamRef) and value.name not in rule_set.params:
                problems.append(
                    site.problem(
                        (name, "param"),
                        f"param '{value.name}' is not declared in rule set '{site.set_id}'",
                        did_you_mean(value.name, rule_set.params),
                    )
                )
        return problems + self._value_path_problems(site) + self.named_problems(site)

    def named_problems(self, site: RuleSite) -> list[Problem]:
        """Problems with what a kind of rule names besides sections, params and value paths (a board,
        registry values); none for most kinds."""
        return []

    def given(self, key: str, params: Mapping[str, int]) -> Any:
        """The value the rule gives for key ({limit:RULES/RULE/KEY} in prose); a {param: NAME} limit
        is the param's value."""
        value = getattr(self, key, None)
        return params.get(value.name) if isinstance(value, ParamRef) else value

    def component_line(self) -> tuple[int, str] | None:
        """A line (count, what) of the game's own component list, for a rule that declares one."""
        return None

    def counted_text(self) -> tuple[str, str, int] | None:
        """For a rule whose text is shown with a count (a component list's line): the keys of its
        singular and plural English (the same key where it has no singular of its own) and the count,
        so that its catalog entry has plural forms."""
        return None

    def _value_path_problems(self, site: RuleSite) -> list[Problem]:
        rule_set, kinds_by_section = site.rule_set, site.component_kinds
        kinds = [
            kinds_by_section[k]
            for s in self.sections(rule_set)
            for k in rule_set.sections[s].components
            if k in kinds_by_section
        ] or list(kinds_by_section.values())
        readable: dict[str, list[Any]] = {}  # path -> the types of its value in the kinds the pack has
        printed = {type(c) for c in site.pack.components}
        for kind in kinds:
            for path, annotation in _value_paths(site.pack, kind).items():
                readable.setdefault(path, []).extend([annotation] if kind in printed else [])
        problems = []
        for name, need in self.value_paths.items():
            path = getattr(self, name)
            if not path:
                continue
            if path not in readable:
                problems.append(
                    site.problem(
                        (name,),
                        f"no {' or '.join(k.kind for k in kinds)} has a value '{path}'",
                        did_you_mean(path, readable),
                    )
                )
            elif not all(_VALUE_FITS[need](annotation) for annotation in readable[path]):
                fitting = sorted(
                    p
                    for p, annotations in readable.items()
                    if annotations and all(_VALUE_FITS[need](a) for a in annotations)
                )
                problems.append(
                    site.problem(
                        (name,), _VALUE_NEEDS[need].format(path=path), "values that are: " + ", ".join(fitting)
                    )
                )
        return problems


def _value_paths(pack: Pack, kind: type[BaseModel]) -> dict[str, Any]:
    """Every dotted path a rule may read from components of a kind (cost, element, stats.attack,
    edges.total, data.glow …) with the type of its value."""
    paths: dict[str, Any] = {}
    for name, info in kind.model_fields.items():
        if name == "data":
            paths.update({f"data.{key}": declared.python_type for key, declared in pack.meta.fields.items()})
            continue
        if name == "stats":
            value_type = typing.get_args(peeled(info.annotation)[0])[1]
            paths.update({f"stats.{stat}": value_type for stat in pack.meta.stats})
            continue
        paths[name] = info.annotation
        inner = next(
            (a for a in typing.get_args(info.annotation) if isinstance(a, type) and issubclass(a, BaseModel)), None
        )
        if inner is not None:
            paths.update({f"{name}.{sub}": field.annotation for sub, field in inner.model_fields.items()})
            paths.update(
                {
                    f"{name}.{sub}": typing.get_type_hints(value.fget)["return"]
                    for sub, value in vars(inner).items()
                    if isinstance(value, property)
                }
            )
    return paths


def _is_number(annotation: Any) -> bool:
    inner = peeled(annotation)[0]
    return inner in (int, float)


def _is_single(annotation: Any) -> bool:
    inner = peeled(annotation)[0]
    members = typing.get_args(inner) if typing.get_origin(inner) in (typing.Union, types.UnionType) else (inner,)
    return not any(
        typing.get_origin(m) in (list, dict, set, tuple)
        or m in (list, dict, set, tuple)
        or isinstance(m, type)
        and issubclass(m, BaseModel)
        for m in members
    )


_VALUE_FITS = {"number": _is_number, "single": _is_single}
_VALUE_NEEDS = {
    "number": "'{path}' is not a number to add up",
    "single": "'{path}' holds a list or mapping; the rule compares one value",
}


def _registry_problems(site: RuleSite, field_path: str | None, values: list[str]) -> list[Problem]:
    """Values a rule lists must exist in the pack registry its field names (rarity -> rarities), or
    be among a choice field's values."""
    if not field_path:
        return []
    known = registry_of(site.pack, field_path)
    where = f"the pack's {REGISTRY_OF[field_path]}" if field_path in REGISTRY_OF else f"{field_path}'s values"
    return [
        site.problem(
            ("values", index),
            f"'{value}' is not one of {where}",
            did_you_mean(value, known),
        )
        for index, value in enumerate(values)
        if known and value not in known and not site.pack.failed_part(REGISTRY_OF.get(field_path, ""), value)
    ]


@rule_kind
class ListSize(Rule):
    """How many entries a section holds (a deck of 20 to 50 cards, a hand of 5)."""

    kind: Literal["list-size"] = "list-size"
    min: Limit | None = None
    """At least this many; a number or {param: NAME}."""
    max: Limit | None = None
    """At most this many; a number or {param: NAME}."""
    exact: Limit | None = None
    """Exactly this many; a number or {param: NAME}."""

    def check(self, ctx: ListContext) -> Iterator[Violation]:
        for section, entries in self.section_entries(ctx):
            count = sum(e.copies for e in entries)
            refusal = _bounds(count, ctx, self.min, self.max, self.exact)
            if refusal:
                yield Violation((section,), f"{_counted(ctx, section, count)}; {refusal}")


@rule_kind
class CopyLimit(Rule):
    """At most `max` copies of one component, optionally only of components whose field has a value."""

    kind: Literal["copy-limit"] = "copy-limit"
    value_paths: ClassVar[dict[str, str]] = {"field": "single"}
    max: Limit
    """At most this many copies of each component; a number or {param: NAME}."""
    field: str | None = None
    """Only components whose value at this path is one of `values` (e.g. rarity)."""
    values: list[str] = []
    """The values of `field` the limit is for, e.g. [star, moon]."""

    def check(self, ctx: ListContext) -> Iterator[Violation]:
        limit = ctx.limit(self.max)
        for _, entries in self.section_entries(ctx):
            for entry in entries:
                value = value_of(entry.component, self.field, ctx.pack) if self.field else None
                if self.field and value not in self.values:
                    continue
                if entry.copies > limit:
                    what = (
                        f"a {_display(ctx.pack, self.field, value)} {entry.component.kind}"
                        if self.field
                        else entry.component.named
                    )
                    yield Violation(
                        entry.path, f"{entry.copies} copies of {what}; at most {limit} allowed", (entry.component.id,)
                    )

    def named_problems(self, site: RuleSite) -> list[Problem]:
        return _registry_problems(site, self.field, self.values)


@rule_kind
class PointCap(Rule):
    """The sum of a value over a section (attack points, cost) compared with min, max or exact."""

    kind: Literal["point-cap"] = "point-cap"
    value_paths: ClassVar[dict[str, str]] = {"value": "number"}
    value: str
    """Path of the value to add up, e.g. cost, edges.total, stats.attack."""
    called: Text | None = None
    """What the sum is called in messages, e.g. 'attack points'; defaults to the value's path."""
    min: Limit | None = None
    """At least this many; a number or {param: NAME}."""
    max: Limit | None = None
    """At most this many; a number or {param: NAME}."""
    exact: Limit | None = None
    """Exactly this many; a number or {param: NAME}."""

    def check(self, ctx: ListContext) -> Iterator[Violation]:
        words = self.called or self.value
        for section, entries in self.section_entries(ctx):
            total, missing = 0, []
            for entry in entries:
                value = value_of(entry.component, self.value, ctx.pack)
                if value is None:
                    missing.append(entry)
                else:
                    total += value * entry.copies
            for entry in missing:
                yield Violation(
                    entry.path, f"{entry.component.named} has no {self.value} to count", (entry.component.id,)
                )
            refusal = _bounds(total, ctx, self.min, self.max, self.exact)
            if refusal:
                yield Violation(
                    (section,), f"{total:g} {words} in all; {refusal}", tuple(e.component.id for e in entries)
                )


@rule_kind
class TagCap(Rule):
    """At most `max` entries carrying a tag (at most 2 Giants)."""

    kind: Literal["tag-cap"] = "tag-cap"
    tag: Id
    """The tag counted, e.g. giant."""
    max: Limit
    """At most this many entries carrying it; a number or {param: NAME}."""
    called: Text | None = None
    """What tagged entries are called in messages, e.g. 'Giants'."""

    def check(self, ctx: ListContext) -> Iterator[Violation]:
        limit = ctx.limit(self.max)
        for section, entries in self.section_entries(ctx):
            tagged = [e for e in entries if self.tag in e.component.tags]
            count = sum(e.copies for e in tagged)
            if count > limit:
                words = self.called or f"entries tagged '{self.tag}'"
                yield Violation(
                    (section,), f"{count} {words}; at most {limit} allowed", tuple(e.component.id for e in tagged)
                )


@rule_kind
class Ban(Rule):
    """Components that may not be in a list at all, by tag or by id."""

    kind: Literal["ban"] = "ban"
    tags: list[Id] = []
    """Components carrying any of these tags may not be in a list."""
    ids: list[Id] = []
    """These components (by id) may not be in a list."""

    def check(self, ctx: ListContext) -> Iterator[Violation]:
        for _, entries in self.section_entries(ctx):
            for entry in entries:
                tags = [t for t in self.tags if t in entry.component.tags]
                if tags or entry.component.id in self.ids:
                    why = f" (tagged '{tags[0]}')" if tags else ""
                    yield Violation(entry.path, f"{entry.component.named} is not allowed{why}", (entry.component.id,))


@rule_kind
class Unique(Rule):
    """Each component at most once (one of each Magic Item per player)."""

    kind: Literal["unique"] = "unique"

    def check(self, ctx: ListContext) -> Iterator[Violation]:
        for _, entries in self.section_entries(ctx):
            for entry in entries:
                if entry.copies > 1:
                    yield Violation(
                        entry.path,
                        f"{entry.copies} copies of {entry.component.named}; each may appear only once",
                        (entry.component.id,),
                    )


@rule_kind
class Coverage(Rule):
    """Exactly one entry for each value of a field, never two (one Skylander of each element: two Fire
    Skylanders break it, and so does a missing element); `size` lowers how many different values a list
    must have, each still at most once."""

    kind: Literal["coverage"] = "coverage"
    value_paths: ClassVar[dict[str, str]] = {"field": "single"}
    field: str
    """Path of the value to cover, e.g. element."""
    values: list[str] = []
    """Values to cover; defaults to every entry of the pack registry the field names (e.g. all elements)."""
    size: Limit | None = None
    """How many different values a list must cover, when players agree on fewer than all."""

    def check(self, ctx: ListContext) -> Iterator[Violation]:
        wanted = self.values or list(registry_of(ctx.pack, self.field))
        required = ctx.limit(self.size) if self.size is not None else len(wanted)
        for section, entries in self.section_entries(ctx):
            by_value: dict[Any, list[Entry]] = {}
            for entry in entries:
                by_value.setdefault(value_of(entry.component, self.field, ctx.pack), []).append(entry)
            for value, group in by_value.items():
                copies = sum(e.copies for e in group)
                if value not in wanted:
                    for entry in group:
                        yield Violation(
                            entry.path,
                            f"{entry.component.named} has no {self.field} from {', '.join(wanted)}",
                            (entry.component.id,),
                        )
                elif copies > 1:
                    # at the entry holding the first copy past the one allowed, naming every component counted
                    running = zip(group, accumulate(e.copies for e in group), strict=True)
                    past_one = next(entry for entry, upto in running if upto > 1)
                    by_id = Counter[str]()
                    for entry in group:
                        by_id[entry.component.id] += entry.copies
                    counted = ", ".join(f"{component_id} {n}" for component_id, n in by_id.items())
                    yield Violation(
                        past_one.path,
                        f"{copies} {_display(ctx.pack, self.field, value)} entries ({counted}); "
                        f"one of each {self.field} allowed",
                        tuple(by_id),
                    )
            covered = [v for v in wanted if v in by_value]
            if len(covered) < required:
                missing = [_display(ctx.pack, self.field, v) for v in wanted if v not in by_value]
                need = "one of each" if required == len(wanted) else f"{required} different ones"
                yield Violation(
                    (section,),
                    f"covers {len(covered)} of {len(wanted)} {self.field} values "
                    f"({need} required); missing: {', '.join(missing)}",
                )

    def named_problems(self, site: RuleSite) -> list[Problem]:
        return _registry_problems(site, self.field, self.values)


@rule_kind
class TilePlacement(Rule):
    """Tiles laid on a board's grid: shared edges must show the same terrain where both tiles give
    edges; the board's rim takes any."""

    kind: Literal["placement"] = "placement"
    board: Id
    """The board component whose grid the tiles are laid on."""

    def check(self, ctx: ListContext) -> Iterator[Violation]:
        grid = self.board_in(ctx.pack).grid
        for section in self.sections(ctx.rule_set):
            by_cell: dict[Address, Placed] = {}
            for placed in ctx.placements.get(section, []):
                tile = placed.component
                if tile.kind != "tile":
                    yield Violation(placed.path + ("tile",), f"{tile.named} is a {tile.kind}, not a tile", (tile.id,))
                elif misfit := grid.misfit(tile, self.board, by_name=True):
                    yield Violation(placed.path + ("tile",), misfit, (tile.id,))
                elif grid.off_grid(placed.cell):
                    yield Violation(
                        placed.path + (grid.address_key,),
                        f"{grid.name_of(placed.cell)} is not on the {grid.dimensions} board; {grid.cells_are}",
                        (tile.id,),
                    )
                elif placed.cell in by_cell:
                    other = by_cell[placed.cell]
                    yield Violation(
                        placed.path + (grid.address_key,),
                        f"{grid.name_of(placed.cell)} already holds {other.component.named}",
                        (other.component.id, tile.id),
                    )
                else:
                    by_cell[placed.cell] = placed
            sides = grid.sides
            for cell, placed in sorted(by_cell.items()):
                for side, other_cell in grid.neighbours(cell).items():
                    neighbour = by_cell.get(other_cell)
                    if neighbour is None:
                        continue
                    other_side = sides[(sides.index(side) + len(sides) // 2) % len(sides)]
                    mine, theirs = (
                        rotated_edges(placed, sides).get(side),
                        rotated_edges(neighbour, sides).get(other_side),
                    )
                    if mine is not None and theirs is not None and mine != theirs:
                        yield Violation(
                            neighbour.path,
                            f"{other_side} edge of {neighbour.component.named} on {grid.name_of(other_cell)} is "
                            f"{theirs}, but the {side} edge of {placed.component.named} on {grid.name_of(cell)} is "
                            f"{mine}",
                            (placed.component.id, neighbour.component.id),
                        )

    def board_in(self, pack: Pack) -> Board:
        """The board the tiles are laid on (pack checks make sure the pack has it)."""
        return cast("Board", next(c for c in pack.components if c.id == self.board and c.holds_pieces))

    def named_problems(self, site: RuleSite) -> list[Problem]:
        """The board must be one of the pack's, and each section the rule reads must hold placements."""
        problems = []
        boards = [c.id for c in site.pack.components if c.holds_pieces]
        if self.board not in boards and not site.pack.failed_part("components", self.board):
            problems.append(
                site.problem(
                    ("board",), f"'{self.board}' is not a board of this pack", did_you_mean(self.board, boards)
                )
            )
        for section in self.sections(site.rule_set):
            if not site.rule_set.sections[section].placement:
                problems.append(
                    site.problem(
                        (),
                        f"section '{section}' does not hold a placement",
                        f"declare it with 'placement: true' under {site.set_id}'s sections",
                    )
                )
        return problems


def rotated_edges(placed: Placed, sides: tuple[str, ...]) -> dict[str, str]:
    """Edge terrains after turning the tile clockwise by its rotation: each step of 360 / sides
    degrees moves every terrain one side on; none for a tile without edges."""
    given = cast("Tile", placed.component).edges  # the placement rule lets only tiles through
    if given is None:
        return {}
    edges = given.along(sides)
    turns = placed.rotation * len(sides) // 360
    return {side: edges[(i - turns) % len(sides)] for i, side in enumerate(sides)}


def placement_board(pack: Pack, rule_set: RuleSet, section: str) -> Board | None:
    """The board a placement section's tiles are laid on: the board of the placement rule that
    reads the section, if any rule does (a checked pack has it)."""
    for rule in rule_set.checks:
        if isinstance(rule, TilePlacement) and section in rule.sections(rule_set):
            return rule.board_in(pack)
    return None


class Select(Strict):
    """Which components an inventory rule counts."""

    section: Id
    """Component section, e.g. tiles."""
    tag: Id | None = None
    """Only components with this tag."""


@rule_kind
class Inventory(Rule):
    """The pack prints as many of a component group as the game's component list says."""

    kind: Literal["inventory"] = "inventory"
    select: Select
    count: Annotated[int, whole(0, MAX_LIMIT, "copies the game has")]
    called: Text
    """What the counted components are called, e.g. 'special islands'; printed after the count in the
    rulebook's component list, translated with plural forms (msgid_plural)."""
    called_one: Text | None = None
    """What one of them is called, e.g. 'supply board' (the catalog entry's msgid; without it, `called`)."""

    def check(self, ctx: ListContext) -> Iterator[Violation]:
        return iter(())  # it checks the pack itself (see problems), never a player's list

    def problems(self, site: RuleSite) -> list[Problem]:
        """The section it counts must be a component section, and the pack must print the game's count."""
        section, tag = self.select.section, self.select.tag
        if section not in site.component_kinds:
            return [
                site.problem(
                    ("select", "section"),
                    f"'{section}' is not a component section",
                    did_you_mean(section, site.component_kinds),
                )
            ]
        printed = sum(c.count for c in site.pack.components if c.section == section and (tag is None or tag in c.tags))
        # its own problems say why, or those of a component file that failed as a whole
        uncounted = any(part.kind == section for part in site.pack.failed) or site.pack.lost_file() is not None
        if printed != self.count and not uncounted:
            return [
                site.problem(
                    (),
                    f"the pack prints {printed} {self.called}; the game has {self.count}",
                    f"rule '{self.label}' in {site.pack.id}",
                )
            ]
        return []

    def component_line(self) -> tuple[int, str] | None:
        return self.count, self.called_one if self.count == 1 and self.called_one else self.called

    def counted_text(self) -> tuple[str, str, int] | None:
        return ("called_one" if self.called_one else "called"), "called", self.count


def registry_of(pack: Pack, field_path: str) -> dict[str, Any]:
    """The pack registry a field names (element → elements), the values of a declared choice
    (data.mood → calm, wild; each without an entry), or an empty one."""
    head, _, name = field_path.partition(".")
    declared = pack.meta.fields.get(name) if head == "data" else None
    if declared is not None and declared.type == "choice":
        return dict.fromkeys(declared.values)
    return getattr(pack.meta, REGISTRY_OF.get(field_path, ""), None) or {}


REGISTRY_OF = {"element": "elements", "rarity": "rarities", "edges.top": "terrains"}


def _display(pack: Pack, field_path: str | None, value: Any) -> str:
    """A field value as players know it: the registry's name (Star, Water) or the value itself (a
    choice's)."""
    entry = registry_of(pack, field_path or "").get(value)
    return entry.name if entry is not None else str(value)


class SectionSpec(Strict):
    components: list[Id] = []
    """Component sections entries may come from (e.g. [cards]); any when empty."""
    tags: list[Id] = []
    """Entries must carry one of these tags (e.g. [magic-item]); any when empty."""
    placement: bool = False
    """Entries are tiles laid on a board: `{tile: ID, square: N, rotation: 0|90|180|270}` on a square
    board, `{tile: ID, cell: [COLUMN, ROW], rotation: 0|60|120|180|240|300}` on a hex board."""


class RuleSet(Strict):
    """A named kind of list (deck, hand, squad, side, layout) and the rules it must keep."""

    title: Text
    """What players call such a list, e.g. Tournament hand."""
    sections: dict[Id, SectionSpec]
    """Sections a list of this kind has, e.g. cards, squad, backups."""
    params: dict[Id, Annotated[int, whole(0, MAX_LIMIT, "default value")]] = {}
    """Values rules refer to with {param: NAME}; `printkit check --param NAME=VALUE` overrides them."""
    checks: list[Rule] = []  # read as the union of the registered kinds (model.pack_model)
    """The rules, each chosen by its `kind`."""
