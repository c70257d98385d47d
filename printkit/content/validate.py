"""Check a loaded pack as a whole: unique ids and references that resolve.

Takes: a `Pack` whose files each passed the content model.
Returns: nothing when the pack is consistent; raises `Problems` listing every duplicate id,
every reference to an undeclared element, rarity, stat, terrain, back or icon, and every art file
that is missing or lies outside the pack.
"""

from __future__ import annotations

import os
import types
import typing
import warnings
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from printkit.base.confine import Refused, checked, files_under
from printkit.base.errors import KeyPath, Problem, Problems, did_you_mean
from printkit.base.icons import ICONS
from printkit.content.fields import Ref, Translatable, marked_values, peeled
from printkit.content.load import PACK_FILE, RULEBOOK_FILE, Pack, load_pack
from printkit.content.model import COMPONENT_KINDS, Board, Component, Rulebook, Tile
from printkit.content.placeholders import PLACEHOLDER, placeholder_value
from printkit.content.rules import REGISTRY_OF, Inventory, ParamRef, Placement, registry_of
from printkit.content.source import SourceFile

ART_FORMATS = (".png", ".jpg", ".jpeg")
# An A3 board at 300 dpi is 17 megapixels; a decoded 50-megapixel image takes 200 MB.
MAX_ART_PIXELS = 50_000_000
MAX_ART_BYTES = 50 * 2**20


def validate_pack(pack: Pack) -> None:
    problems = _duplicate_ids(pack)
    meta_source = pack.source_of(PACK_FILE)
    art = cache(partial(_art_findings, pack.root.resolve()))  # a deck shows the same art many times
    for path, ref, value in marked_values(pack.meta, (), Ref):
        problems += _check(pack, art, ref, value, partial(meta_source.problem, path))
    for component in pack.components:
        source = pack.sources[component.origin.file]
        for path, ref, value in marked_values(component, component.origin.path, Ref):
            problems += _check(pack, art, ref, value, partial(source.problem, path))
    problems += _rule_set_problems(pack, meta_source)
    problems += _square_problems(pack)
    if pack.rulebook is not None:
        problems += _rulebook_problems(pack, pack.rulebook, pack.source_of(RULEBOOK_FILE))
    if problems:
        raise Problems(problems)


def _rulebook_problems(pack: Pack, rulebook: Rulebook, source: SourceFile) -> list[Problem]:
    """Placeholders that name no count, param or limit, and figures that name no component."""
    problems = []
    for path, _, text in marked_values(rulebook, (), Translatable):
        for match in PLACEHOLDER.finditer(text):
            if placeholder_value(pack, match.group(1), match.group(2)) is None:
                problems.append(source.problem(path, f"'{match.group(0)}' names nothing in this pack",
                                               _placeholder_hint(pack, match.group(1))))
    ids = {c.id: c for c in pack.components}
    for s, section in enumerate(rulebook.sections):
        for b, block in enumerate(section.blocks):
            figure = block.figure
            if figure is None:
                continue
            where = ("sections", s, "blocks", b, "figure")
            named: list[tuple[KeyPath, str]] = [(where + ("show", i), name) for i, name in enumerate(figure.show)]
            named += [(where + ("place", i, "id"), p.id) for i, p in enumerate(figure.place)]
            named += [(where + ("place", i, "chip"), p.chip) for i, p in enumerate(figure.place) if p.chip]
            for path, name in named:
                if name not in ids:
                    problems.append(source.problem(path, f"no component '{name}' in this pack",
                                                   did_you_mean(name, ids)))
            if figure.board and not isinstance(ids.get(figure.board), Board):
                problems.append(source.problem(where + ("board",), f"'{figure.board}' is not a board of this pack",
                                               did_you_mean(figure.board, [c.id for c in pack.of_kind(Board)])))
            if not figure.show and not figure.board:
                problems.append(source.problem(where, "a figure shows components ('show') or a board ('board')"))
    return problems


def _square_problems(pack: Pack) -> list[Problem]:
    """Printed squares that are not on their board or repeat one, and spaces on a terrain that no
    edge of their tile or square shows."""
    problems = []
    for component in pack.components:
        source = pack.sources[component.origin.file]
        sides = []  # (key path, edges, spaces)
        if isinstance(component, Tile):
            sides.append((component.origin.path, component.edges, component.spaces))
            if component.reverse is not None:
                sides.append((component.origin.path + ("reverse",), component.reverse.edges,
                              component.reverse.spaces))
        elif isinstance(component, Board):
            grid, seen = component.grid, set()
            last = grid.squares or grid.columns * grid.rows
            for index, printed in enumerate(component.printed):
                path = component.origin.path + ("printed", index)
                if printed.square > last or printed.square in seen:
                    problem = (f"square {printed.square} is not on the board; its squares are 1 to {last}"
                               if printed.square > last else f"square {printed.square} is printed twice")
                    problems.append(source.problem(path + ("square",), problem))
                seen.add(printed.square)
                sides.append((path, printed.edges, printed.spaces))
        for path, edges, spaces in sides:
            shown = {edges.top, edges.right, edges.bottom, edges.left}
            for terrain in spaces:
                if terrain not in shown:
                    problems.append(source.problem(path + ("spaces", terrain), f"no edge shows {terrain}",
                                                   f"its edges show {', '.join(sorted(shown))}"))
    return problems


def _placeholder_hint(pack: Pack, kind: str) -> str:
    examples = {"count": "e.g. {count:cards}, {count:tiles/island} or {count:COMPONENT-ID}",
                "param": "e.g. {param:" + next(iter(pack.meta.rules), "RULES") + "/NAME}",
                "limit": "e.g. {limit:RULES/RULE-NAME/max}"}
    return examples[kind]


def _rule_set_problems(pack: Pack, source: SourceFile) -> list[Problem]:
    """Rule sets that name sections, params, fields or boards that do not exist; inventories that miss."""
    problems = []
    for set_id, rule_set in pack.meta.rules.items():
        base = ("rules", set_id)
        for section, spec in rule_set.sections.items():
            for index, kind in enumerate(spec.components):
                if kind not in COMPONENT_KINDS:
                    problems.append(source.problem(base + ("sections", section, "components", index),
                                                   f"'{kind}' is not a component section",
                                                   did_you_mean(kind, COMPONENT_KINDS)))
        for index, rule in enumerate(rule_set.checks):
            where = base + ("checks", index)
            if rule.pack_level:
                problems += _pack_level_problems(pack, source, rule, where)
                continue
            if rule.section and rule.section not in rule_set.sections:
                problems.append(source.problem(where + ("section",), f"section '{rule.section}' is not declared "
                                               f"in rule set '{set_id}'", did_you_mean(rule.section, rule_set.sections)))
                continue
            for name in type(rule).model_fields:
                value = getattr(rule, name)
                if isinstance(value, ParamRef) and value.name not in rule_set.params:
                    problems.append(source.problem(where + (name, "param"), f"param '{value.name}' is not declared "
                                                   f"in rule set '{set_id}'", did_you_mean(value.name, rule_set.params)))
            sections = [rule.section] if rule.section else list(rule_set.sections)
            kinds = [COMPONENT_KINDS[k] for s in sections for k in rule_set.sections[s].components
                     if k in COMPONENT_KINDS] or list(COMPONENT_KINDS.values())
            readable: dict[str, list[Any]] = {}  # path -> the types of its value in the kinds the pack has
            printed = {type(c) for c in pack.components}
            for cls in kinds:
                for path, annotation in _value_paths(pack, cls).items():
                    readable.setdefault(path, []).extend([annotation] if cls in printed else [])
            for name, need in rule.value_paths.items():
                path = getattr(rule, name)
                if not path:
                    continue
                if path not in readable:
                    problems.append(source.problem(where + (name,), f"no {' or '.join(k.kind for k in kinds)} has "
                                                   f"a value '{path}'", did_you_mean(path, readable)))
                elif not all(_VALUE_FITS[need](annotation) for annotation in readable[path]):
                    fitting = sorted(p for p, annotations in readable.items()
                                     if annotations and all(_VALUE_FITS[need](a) for a in annotations))
                    problems.append(source.problem(where + (name,), _VALUE_NEEDS[need].format(path=path),
                                                   "values that are: " + ", ".join(fitting)))
            problems += _value_problems(pack, source, rule, where)
            if isinstance(rule, Placement):
                boards = [c.id for c in pack.of_kind(Board)]
                if rule.board not in boards:
                    problems.append(source.problem(where + ("board",), f"'{rule.board}' is not a board of this pack",
                                                   did_you_mean(rule.board, boards)))
                for section in sections:
                    if not rule_set.sections[section].placement:
                        problems.append(source.problem(where, f"section '{section}' does not hold a placement",
                                                       f"declare it with 'placement: true' under {set_id}'s sections"))
    return problems


def _pack_level_problems(pack: Pack, source: SourceFile, rule: Inventory, where: KeyPath) -> list[Problem]:
    if rule.select.section not in COMPONENT_KINDS:
        return [source.problem(where + ("select", "section"), f"'{rule.select.section}' is not a component section",
                               did_you_mean(rule.select.section, COMPONENT_KINDS))]
    message = rule.check_pack(pack)
    return [source.problem(where, message, f"rule '{rule.label}' in {pack.id}")] if message else []


def _value_problems(pack: Pack, source: SourceFile, rule, where: KeyPath) -> list[Problem]:
    """Values a copy-limit or coverage rule lists must exist in the registry its field names."""
    field_path = getattr(rule, "field", None)
    if not field_path:
        return []
    known = registry_of(pack, field_path)
    problems = []
    for index, value in enumerate(getattr(rule, "values", [])):
        if known and value not in known:
            problems.append(source.problem(where + ("values", index), f"'{value}' is not one of the pack's "
                                           f"{REGISTRY_OF[field_path]}", did_you_mean(value, known)))
    return problems


def _value_paths(pack: Pack, kind: type[BaseModel]) -> dict[str, Any]:
    """Every dotted path a rule may read from components of a kind (cost, element, stats.attack,
    edges.total …) with the type of its value."""
    paths: dict[str, Any] = {}
    for name, info in kind.model_fields.items():
        if name == "stats":
            value_type = typing.get_args(peeled(info.annotation)[0])[1]
            paths.update({f"stats.{stat}": value_type for stat in pack.meta.stats})
            continue
        paths[name] = info.annotation
        inner = next((a for a in typing.get_args(info.annotation) if isinstance(a, type) and issubclass(a, BaseModel)),
                     None)
        if inner is not None:
            paths.update({f"{name}.{sub}": field.annotation for sub, field in inner.model_fields.items()})
            paths.update({f"{name}.{sub}": typing.get_type_hints(value.fget)["return"]
                          for sub, value in vars(inner).items() if isinstance(value, property)})
    return paths


def _is_number(annotation: Any) -> bool:
    inner = peeled(annotation)[0]
    return inner in (int, float)


def _is_single(annotation: Any) -> bool:
    inner = peeled(annotation)[0]
    members = typing.get_args(inner) if typing.get_origin(inner) in (typing.Union, types.UnionType) else (inner,)
    return not any(typing.get_origin(m) in (list, dict, set, tuple) or m in (list, dict, set, tuple) or
                   isinstance(m, type) and issubclass(m, BaseModel) for m in members)


_VALUE_FITS = {"number": _is_number, "single": _is_single}
_VALUE_NEEDS = {"number": "'{path}' is not a number to add up",
               "single": "'{path}' holds a list or mapping; the rule compares one value"}


def _duplicate_ids(pack: Pack) -> list[Problem]:
    problems: list[Problem] = []
    first_seen: dict[str, Component] = {}
    for component in pack.components:
        source = pack.sources[component.origin.file]
        path = component.origin.path + ("id",)
        if component.id in first_seen:
            other = first_seen[component.id]
            line, _ = pack.sources[other.origin.file].position(other.origin.path + ("id",))
            problems.append(source.problem(path, f"id '{component.id}' is already used by the {other.kind} "
                                                 f"at {other.origin.file}:{line}", "ids must be unique in a pack"))
        else:
            first_seen[component.id] = component
    return problems


def _check(
    pack: Pack, art: Callable[[str], tuple], ref: Ref, value: str, problem: Callable[[str, str | None], Problem]
) -> list[Problem]:
    if ref.registry == "files":
        return [problem(message, hint) for message, hint in art(value)]
    known = ICONS if ref.registry == "icons" else getattr(pack.meta, ref.registry)
    if value in known:
        return []
    where = "printkit's icons" if ref.registry == "icons" else f"{PACK_FILE} {ref.registry}"
    hint = did_you_mean(value, known) or (f"declared: {', '.join(sorted(known))}" if known else f"{where} declares none")
    return [problem(f"'{value}' is not declared in {where}", hint)]


def _art_findings(root: Path, value: str) -> tuple[tuple[str, str | None], ...]:
    """(message, hint) for what is wrong with an art file of the pack at root (validate_pack asks
    once per file, however many components show it)."""
    path = root / value
    if Path(value).is_absolute() or ".." in Path(value).parts:  # links out of the pack are refused by checked()
        return ((f"'{value}' points outside the pack folder", "keep art files inside the pack, e.g. art/"),)
    if not os.path.lexists(path):
        present = [str(p.relative_to(root)) for p in files_under(root) if p.suffix.lower() in ART_FORMATS]
        return ((f"art file '{value}' does not exist", did_you_mean(value, present)),)
    try:
        target = checked(root, path)
    except Refused as refused:
        return ((f"art file '{value}' {refused.message}", refused.hint),)
    size_bytes = target.stat().st_size
    if size_bytes > MAX_ART_BYTES:  # renderers read it whole
        return ((f"art file '{value}' is {size_bytes // 2**20} MiB; at most {MAX_ART_BYTES // 2**20} MiB "
                 "allowed", "save it as PNG or JPEG at 300 pixels per inch"),)
    from PIL import Image as PILImage  # only packs with art pay for loading Pillow

    try:
        with warnings.catch_warnings():  # its size is judged below, in printkit's words
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            with PILImage.open(target) as image:
                kind, (width, height) = (image.format or "").lower(), image.size
                pixels, size = width * height, f"{width} x {height} pixels, "
                if pixels <= MAX_ART_PIXELS:
                    image.verify()
    except PILImage.DecompressionBombError:  # so large that Pillow does not even finish opening it
        pixels, size = 2 * (PILImage.MAX_IMAGE_PIXELS or 0) + 1, "more than "  # a limit is set: it raised
    except (OSError, SyntaxError, ValueError):
        return ((f"art file '{value}' is not an image printkit can read", "save it as PNG or JPEG"),)
    if pixels > MAX_ART_PIXELS:
        return ((f"art file '{value}' is too large to print ({size}{pixels / 1e6:.0f} megapixels); at most "
                 f"{MAX_ART_PIXELS // 1_000_000} megapixels are allowed",
                 "300 pixels per inch is enough for print: 744 x 1039 pixels for a poker card"),)
    if kind not in ("png", "jpeg"):
        return ((f"art file '{value}' is a {kind.upper()} image; printkit prints PNG and JPEG",
                        "save it as PNG or JPEG"),)
    return ()


def load_checked(roots: list[Path]) -> list[Pack]:
    """Load and validate every pack, raising one Problems with all of their problems."""
    packs, problems = [], []
    for root in roots:
        try:
            pack = load_pack(root)
            validate_pack(pack)
            packs.append(pack)
        except Problems as error:
            problems += error.problems
    if problems:
        raise Problems(problems)
    return packs
