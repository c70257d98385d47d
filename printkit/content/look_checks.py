"""The checks of a pack's looks: references, elements, placeholders, fonts, icons, images,
widgets and boxes against the components that use each look, and the safe zone.

Takes: a loaded `Pack`. Returns: its looks' problems, and warnings (text or icons in the safe zone;
problems with `build --strict`).
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, cast

from pydantic import BaseModel

from printkit.base.errors import KeyPath, Problem, did_you_mean, format_key_path
from printkit.base.outlines import Box, Outline, Rectangle
from printkit.base.units import Size
from printkit.content.components import COMPONENT_KINDS
from printkit.content.components.base import Component
from printkit.content.fields import Ref, Translatable, entry_registry, peeled
from printkit.content.load import PACK_FILE
from printkit.content.looks import (
    COMPUTED_VALUES,
    MAX_LINEAGE,
    WIDGET_KINDS,
    Condition,
    Drawn,
    GroupSpec,
    IconSpec,
    ImageSpec,
    LookDef,
    LookElement,
    OutlineSpec,
    RepeatSpec,
    Template,
    TextSpec,
    WidgetSpec,
    element_paths,
    extends_cycles,
    lineage,
    mapped,
    maps_of,
    merged,
    placed,
    printed_fields,
    walk,
)
from printkit.content.pack import Pack
from printkit.content.pack_meta import BUILT_IN_FONT_FAMILIES, FONT_STYLES, FieldDecl, PackMeta
from printkit.content.source import SourceFile

if TYPE_CHECKING:
    from printkit.content.values import Values

# --- looks -----------------------------------------------------------------------------------------------


def look_findings(pack: Pack, art: Callable[[str], tuple]) -> tuple[list[Problem], list[Problem]]:
    """Problems with the looks components name and with the pack's own looks (what they extend, the
    values, fonts, icons and images they name, boxes outside a trim), and warnings for the pack's
    looks no component uses. printkit's own looks are printkit's to keep right, but a component's
    size may bring their text into its safe zone: pack.unsafe gets those with the pack's own."""
    problems = _look_reference_problems(pack)
    users: dict[str, list[Component]] = {}
    for component in pack.components:
        for look_id in lineage(pack.looks, component.look_id(pack.meta.defaults)):
            users.setdefault(look_id, []).append(component)
    warnings, cycles = [], extends_cycles(pack.looks)
    for look_id, declared in pack.looks.items():
        if declared.builtin:
            problems += _builtin_misfits(pack, look_id, users.get(look_id, []))
            continue
        source, at, look = pack.sources[declared.file], declared.path, declared.look
        if look.extends is not None and not _look_exists(pack, look.extends):
            problems.append(
                source.problem(
                    at + ("extends",),
                    f"extends '{look.extends}', which is neither a look of the pack nor one of printkit's",
                    did_you_mean(look.extends, pack.looks) or _looks_hint(pack),
                )
            )
        chain = lineage(pack.looks, look_id)
        circling = pack.looks[chain[-1]].look.extends in chain  # in a circle or leading into one
        if look_id in cycles:
            problems.append(
                source.problem(
                    at + ("extends",),
                    f"extends goes round in a circle: {' → '.join(cycles[look_id])}",
                    "a look may extend another, but never one that extends it",
                )
            )
        elif len(chain) > MAX_LINEAGE and len(lineage(pack.looks, cast(str, look.extends))) <= MAX_LINEAGE:
            problems.append(  # once, at the look that makes the chain one too long
                source.problem(
                    at + ("extends",),
                    f"makes a chain of more than {MAX_LINEAGE} looks, each extending the next: "
                    f"{' → '.join(chain[:2])} → … → {chain[-1]}",
                    "let it extend a look nearer the end of the chain, or copy into it what it needs",
                )
            )
        elif look.hide and look.extends in pack.looks and not circling:
            problems += _hide_problems(pack, source, at, look)
        if look_id not in users:
            warnings.append(
                source.problem(
                    at,
                    f"look '{look_id}' is used by no component",
                    "name it in a component's look: or in defaults.looks, or delete it",
                    of_key=True,
                )
            )
        look_users = users.get(look_id) or []
        for side in ("front", "back"):
            problems += _element_problems(
                pack, art, source, at + (side,), getattr(look, side), look_users, maps_of(pack.looks, look_id)
            )
        problems += _box_problems(source, at, look, look_users, pack)
    pack.unsafe += _safe_zone_findings(pack)
    return problems, warnings + _unprinted_fields(pack)


def _unprinted_fields(pack: Pack) -> list[Problem]:
    """A warning at the declaration of each field that components give under `data:` but that no
    look they are drawn with shows: names in a text, icon, image, count, colour or `when:` (what a
    `when:` draws shows it, as a boolean field is shown)."""
    printed: dict[str, set[str]] = {}  # a look (with what it extends) -> the declared fields it shows
    users: dict[str, list[Component]] = {}  # a field -> the components that give it
    shown: set[str] = set()  # the fields a look of a component that gives them shows
    labelled = {name for name, declared in pack.meta.fields.items() if declared.labelled}  # by the field badges
    for component in pack.components:
        look_id = component.look_id(pack.meta.defaults)
        if look_id not in printed:
            named, badges = printed_fields(pack.looks, look_id)
            printed[look_id] = set(named) | (labelled if badges else set())
        for name in component.data or {}:
            users.setdefault(name, []).append(component)
            if name in printed[look_id]:
                shown.add(name)
    warnings = []
    source = pack.source_of(PACK_FILE)
    for name in pack.meta.fields:
        given = users.get(name) or []
        if given and name not in shown:
            first = given[0]
            many = f"{len(given)} components" if len(given) > 1 else "1 component"
            warnings.append(
                source.problem(
                    ("fields", name),
                    f"field '{name}' is given by {many} ({first.kind} '{first.id}' first), but no look they are "
                    "drawn with shows it",
                    f"show it in a look they use, e.g. with a text element of text: '{{data.{name}}}' or an "
                    f"element drawn when: data.{name}",
                    of_key=True,
                )
            )
    return warnings


def _looks_hint(pack: Pack) -> str:
    return "looks: " + ", ".join(sorted(pack.looks))


def _look_reference_problems(pack: Pack) -> list[Problem]:
    """Components and defaults.looks naming a look that does not exist, and defaults.looks keys
    that are not component sections."""
    problems = []
    meta_source = pack.source_of(PACK_FILE)
    for section, look_id in pack.meta.defaults.looks.items():
        path = ("defaults", "looks", section)
        if section not in COMPONENT_KINDS:
            problems.append(
                meta_source.problem(
                    path,
                    f"'{section}' is not a component section",
                    did_you_mean(section, COMPONENT_KINDS) or "sections: " + ", ".join(COMPONENT_KINDS),
                    of_key=True,
                )
            )
        if not _look_exists(pack, look_id):
            problems.append(meta_source.problem(path, _no_look(look_id), did_you_mean(look_id, pack.looks)))
    for component in pack.components:
        if component.look is not None and not _look_exists(pack, component.look):
            problems.append(
                pack.sources[component.origin.file].problem(
                    component.origin.path + ("look",),
                    _no_look(component.look),
                    did_you_mean(component.look, pack.looks) or _looks_hint(pack),
                )
            )
    return problems


def _look_exists(pack: Pack, look_id: str) -> bool:
    """Whether a look is the pack's or printkit's, or one of the pack's that failed its own checks."""
    return look_id in pack.looks or pack.failed_part("looks", look_id) is not None


def _no_look(look_id: str) -> str:
    return f"'{look_id}' is neither a look of the pack nor one of printkit's"


def _element_problems(
    pack: Pack,
    art: Callable[[str], tuple],
    source: SourceFile,
    at: KeyPath,
    elements: list[LookElement] | None,
    users: list[Component],
    maps: dict[str, dict[str, str]],
) -> list[Problem]:
    """Values an element names that no component using the look has, values a text prints that no
    catalog translates (in a look components use), fonts the pack does not have, and icons and images
    named outright that do not exist."""
    classes = list(dict.fromkeys(type(c) for c in users)) or list(COMPONENT_KINDS.values())
    who = "the " + " and ".join(f"{cls.kind}s" for cls in classes) + " using this look" if users else "any component"
    fonts = [
        family + style for family in (*BUILT_IN_FONT_FAMILIES, *pack.meta.fonts) for style in FONT_STYLES.values()
    ]  # what a text may be set in: printkit's fonts and the pack's, in every style
    failed_fonts = tuple(
        part.id for part in pack.failed if part.kind == "fonts" and part.id
    )  # their own problems say it
    problems = []
    unknown_parts: list[str] = []  # groups' `of:` naming nothing: what is inside them is not looked at
    for path, spec, of in walk(elements, at):
        named = [] if any(of.startswith(part) for part in unknown_parts) else element_paths(spec)
        for key, mapped_path, written in named:
            value_path, map_name = mapped(mapped_path)
            if map_name is not None and (unfit := _map_problem(pack, maps, classes, of + value_path, map_name, key)):
                problems.append(source.problem(path + (key,), *unfit))
            for choice in value_path.split("|"):
                shown = written if choice == value_path else f"'{choice}' in {written}"
                wrong = value_problem(pack, classes, of, choice, shown, who)
                if not wrong and users and isinstance(spec, TextSpec) and key == "text" and not map_name:
                    wrong = untranslated_problem(pack, classes, of + choice, shown)
                if wrong:
                    problems.append(source.problem(path + (key,), *wrong))
                    if key == "of":
                        unknown_parts.append(f"{of}{choice}.")
        for condition in spec.when if not any(of.startswith(part) for part in unknown_parts) else ():
            if condition.op and not value_problem(pack, classes, of, condition.path, "", who):
                wrong = _comparison_problem(pack, classes, of + condition.path, condition)
                problems += [source.problem(path + ("when",), *wrong)] if wrong else []
        if isinstance(spec, WidgetSpec):
            problems += _widget_problems(source, path, spec, users)
        if isinstance(spec, TextSpec) and spec.font not in fonts and not spec.font.startswith(failed_fonts):
            builtin = [family + style for family in BUILT_IN_FONT_FAMILIES for style in FONT_STYLES.values()]
            problems.append(
                source.problem(
                    path + ("font",),
                    f"font '{spec.font}' is neither printkit's nor one the pack declares",
                    did_you_mean(spec.font, fonts) or "printkit's fonts: " + ", ".join(builtin),
                )
            )
        if (name := _literal(spec, "icon")) and name not in pack.icons:
            problems.append(
                source.problem(
                    path + ("icon",), f"'{name}' is not one of {pack.icons.of_whom()}", pack.icons.hint(name)
                )
            )
        if name := _literal(spec, "image"):
            problems += [source.problem(path + ("image",), *finding) for finding in art(name)]
        elif isinstance(spec, ImageSpec):
            problems += _image_problems(pack, source, path, spec, of)
        if (count := _literal(spec, "count")) and not count.strip().isdigit():
            problems.append(
                source.problem(path + ("count",), f"must be a whole number or a placeholder for one, got '{count}'")
            )
    return problems


def _map_problem(
    pack: Pack, maps: dict[str, dict[str, str]], classes: list[type[Component]], path: str, map_name: str, key: str
) -> tuple[str, str] | None:
    """(message, hint) for a value put through a map the look (with what it extends) does not have, a
    map of a number with keys that are not numbers, one missing some values of a choice or registry,
    or one giving what the place cannot use (a colour where a colour is needed); None when it fits."""
    table = maps.get(map_name)
    if table is None:
        return (
            f"'{map_name}' is no map of this look",
            did_you_mean(map_name, maps)
            or "declare it under maps: in the look, e.g. maps: {colours: {rare: '#c9a227'}}",
        )
    kind, allowed = _compared_kind(pack, classes, path.split("|")[0])
    if kind == "a number" and (words := [k for k in table if not re.fullmatch(r"-?\d+(?:\.\d+)?", k)]):
        return (
            f"map '{map_name}' is used on {path}, a number, but has keys that are not numbers: {', '.join(words)}",
            "give its keys as numbers, e.g. 5: bright",
        )
    if allowed is not None and (missing := [value for value in allowed if value not in table]):
        return (
            f"map '{map_name}' gives nothing for {_listed(missing)}, of the values of {path}",
            f"add {_listed(missing)} to map '{map_name}'",
        )
    if key in ("fill", "stroke", "color") and (wrong := [k for k, v in table.items() if not _COLOUR.fullmatch(v)]):
        return (
            f"{key} needs a colour, but map '{map_name}' gives '{table[wrong[0]]}' for {wrong[0]}",
            "write the map's colours as '#rrggbb'",
        )
    if key == "icon" and (wrong := [k for k, v in table.items() if v not in pack.icons]):
        return (
            f"icon needs one of {pack.icons.of_whom()}, but map '{map_name}' gives '{table[wrong[0]]}' for {wrong[0]}",
            pack.icons.hint(table[wrong[0]]),
        )
    return None


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _listed(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def _comparison_problem(
    pack: Pack, classes: list[type[Component]], path: str, condition: Condition
) -> tuple[str, str] | None:
    """(message, hint) for a `when:` comparing a value with operands of another type (a number with a
    word, a text with a number, a text by order), or with a word that is none of the values it may hold
    (a choice's values, the ids of a registry); None when it fits, or when printkit cannot tell."""
    kind, allowed = _compared_kind(pack, classes, path)
    numbers = [operand for operand in condition.operands if isinstance(operand, float)]
    words = [operand for operand in condition.operands if isinstance(operand, str)]
    if kind is None:
        return None
    if kind == "a number":
        if words:
            return f"compares {path}, a number, with '{words[0]}'", f"compare it with a number, e.g. {path} >= 5"
        return None
    if condition.op not in ("==", "!=", "in"):
        return (
            f"'{condition.op}' compares numbers, but {path} is {kind}",
            f"compare it with ==, != or in, e.g. {path} in [a, b]",
        )
    if numbers:
        hint = "compare it with one of its values: " + ", ".join(allowed) if allowed else "put the text in quotes"
        return f"compares {path}, {kind}, with the number {numbers[0]:g}", hint
    for word in words:
        if allowed is not None and word not in allowed:
            return (
                f"'{word}' is not one of the values of {path}",
                did_you_mean(word, allowed) or ("its values: " + ", ".join(allowed) if allowed else "it has none yet"),
            )
    return None


def _compared_kind(pack: Pack, classes: list[type[Component]], path: str) -> tuple[str | None, list[str] | None]:
    """What a comparison finds at path, in words (a number, a text, a choice, an id), and the values it
    may hold (None: any); (None, None) for a value printkit does not compare by type."""
    head, _, rest = path.partition(".")
    if head == "data" and "." not in rest and (declared := pack.meta.fields.get(rest)) is not None:
        if declared.type in ("integer", "number"):
            return "a number", None
        if declared.type == "choice":
            return "a choice", list(declared.values)
        return ("a text", None) if declared.type == "text" else (None, None)
    for cls in classes:
        info = cls.model_fields.get(head)
        registry = entry_registry(tuple(info.metadata) + peeled(info.annotation)[1]) if info else None
        if registry and not rest:
            return f"an id of {registry}", list(getattr(pack.meta, registry))
    return None, None


def _hide_problems(pack: Pack, source: SourceFile, at: KeyPath, look: LookDef) -> list[Problem]:
    """Ids in hide: that no element of the extended look has (a typo hides nothing)."""
    front, back = merged(pack.looks, cast(str, look.extends))
    ids = {spec.id for _, spec, _ in walk(front + back) if spec.id}
    return [
        source.problem(
            at + ("hide", index),
            f"'{hidden}' is the id of no element of '{look.extends}'",
            did_you_mean(hidden, ids) or f"see its ids with: printkit looks show {look.extends}",
        )
        for index, hidden in enumerate(look.hide)
        if hidden not in ids
    ]


def _builtin_misfits(pack: Pack, look_id: str, users: list[Component]) -> list[Problem]:
    """Components drawn with a built-in look made for another kind (a card with the hex-tile look), at
    the look: (or defaults.looks) that gives it to them."""
    front, back = merged(pack.looks, look_id)
    kinds = [WIDGET_KINDS[spec.name] for _, spec, _ in walk(front + back) if isinstance(spec, WidgetSpec)]
    problems = []
    for component in users:
        made_for = next((k for k in kinds if component.kind not in k), None)
        if made_for is None:
            continue
        drawn = " and ".join(f"{kind}s" for kind in made_for)
        message = f"'{look_id}' is a look for {drawn}; '{component.id}' is a {component.kind}"
        hint = f"give it a look for {component.kind}s, e.g. '{component.builtin_look()}'"
        if component.look is not None:
            where = pack.sources[component.origin.file].problem(component.origin.path + ("look",), message, hint)
        else:
            where = pack.source_of(PACK_FILE).problem(("defaults", "looks", component.section), message, hint)
        if where not in problems:
            problems.append(where)
    return problems


def _widget_problems(source: SourceFile, path: KeyPath, spec: WidgetSpec, users: list[Component]) -> list[Problem]:
    """A widget in the look of a component it cannot draw (a board's grid on a card)."""
    kinds = WIDGET_KINDS[spec.name]
    misfit = next((c for c in users if c.kind not in kinds), None)
    if misfit is None:
        return []
    drawn = " and ".join(f"{kind}s" for kind in kinds)
    return [
        source.problem(
            path + ("name",),
            f"the {spec.name} widget draws {drawn}; '{misfit.id}' is a {misfit.kind}",
            f"place it in a look for {drawn}",
        )
    ]


def _image_problems(pack: Pack, source: SourceFile, path: KeyPath, spec: ImageSpec, of: str) -> list[Problem]:
    """An image named by a placeholder must be one value that is an art file the pack checked: `art`
    or a field of type image (a name or a text could name any file on the machine)."""
    parts, paths = spec.image.parts, spec.image.paths
    images = {"art"} | {f"data.{name}" for name, declared in pack.meta.fields.items() if declared.type == "image"}
    if len(parts) == 1 and all(of + choice in images for choice in paths[0].split("|")):
        return []
    return [
        source.problem(
            path + ("image",),
            f"'{spec.image.source}' is not an image of the component",
            "name a file of the pack, {art}, or a field of type image: {data.NAME}",
        )
    ]


def _literal(spec: Drawn, key: str) -> str | None:
    """An icon, image or count an element gives outright, without placeholders."""
    template = getattr(spec, key, None)
    return template.source if isinstance(template, Template) and not template.paths else None


def value_problem(
    pack: Pack, classes: list[type[Component]], of: str, path: str, shown: str, who: str
) -> tuple[str, str | None] | None:
    """(message, hint) when no component of the classes has a value at path (read under of), else None."""
    fields = pack.meta.fields
    full = of + path
    if full.startswith("data.") or full == "data":
        name, _, rest = full.removeprefix("data").lstrip(".").partition(".")
        if pack.failed_part("fields", name):
            return None
        if name and name not in fields:
            return (
                f"{shown} names no field the pack declares",
                did_you_mean(name, fields) or "declare it in pack.yaml under fields:",
            )
        hint = f"write {{data.{name}}}, or {{fields.{name}.label}} for its label"
        return (f"{shown}: a field's value has no parts", hint) if rest else None
    if full.startswith("fields."):
        name, _, rest = full.removeprefix("fields.").partition(".")
        parts = list(FieldDecl.model_fields)
        if pack.failed_part("fields", name):
            return None
        if name not in fields:
            return f"{shown} names no field the pack declares", did_you_mean(name, fields)
        if rest not in parts:
            return f"{shown} names no part of a field's declaration", did_you_mean(rest, parts) or ", ".join(parts)
        return None
    if full.split(".")[0] in fields:  # {glow} for {data.glow}
        return f"{shown} names no value of {who}", f"did you mean 'data.{full}'?"
    misses = [miss for cls in classes if (miss := _miss(cls, full.split("."), pack.meta))]
    if len(misses) < len(classes):  # one of them has it
        return None
    meant = [path.removeprefix(of) for _, paths in misses for path in paths if path.startswith(of)]
    return f"{shown} names no value of {who}", did_you_mean(misses[0][0].removeprefix(of), meant) or _VALUES_HINT


_VALUES_HINT = "name a key the component has, e.g. name, element.color or design.title"


Names = dict[str, tuple[Any, tuple]]  # a value's parts: name -> (annotation, markers)


def _miss(cls: type[Component], parts: list[str], meta: PackMeta) -> tuple[str, list[str]] | None:
    """None when a component of class cls has a value at the path; else the path up to its first part
    that names nothing, and the paths it may have meant."""
    return _look_up(cls, parts, meta)[0]


def _look_up(
    cls: type[Component], parts: list[str], meta: PackMeta
) -> tuple[tuple[str, list[str]] | None, tuple[Any, tuple] | None]:
    """What _miss returns, and the type and markers of the value at the path of a component of class
    cls (None when it names nothing, a key of a mapping of any keys, or one of COMPUTED_VALUES)."""
    top: Names = {name: (info.annotation, tuple(info.metadata)) for name, info in cls.model_fields.items()}
    computed: Names = {name: (str, (Ref(registry),) if registry else ()) for name, registry in COMPUTED_VALUES.items()}
    names: Names | None = top | computed
    found = None
    for index, part in enumerate(parts):
        if names is None:  # a mapping of any keys
            return None, None
        before = ".".join(parts[:index] + [""])
        if part not in names:
            return (before + part, [before + name for name in names]), None
        found = None if index == 0 and part in computed else names[part]
        names = _parts(*names[part], meta)
    return None, found


def untranslated_problem(pack: Pack, classes: list[type[Component]], path: str, shown: str) -> tuple[str, str] | None:
    """(message, hint) when a text element prints a value at path as written in the YAML, which no
    catalog translates (an id, a choice, true or false, a file or icon name), else None. Texts,
    numbers and registry entries (printed by their name) are words from a catalog or no words at all;
    printkit's computed values print what they are."""
    head, _, rest = path.partition(".")
    fields = pack.meta.fields
    if head == "data":
        printed = rest in fields and fields[rest].single in ("text", "integer", "number")  # {data}: a mapping
    elif head == "fields":
        info = FieldDecl.model_fields[rest.partition(".")[2]]
        printed = _prints_words_of_a_catalog(info.annotation, tuple(info.metadata))
    else:
        found = [_look_up(cls, path.split("."), pack.meta)[1] for cls in classes]
        printed = all(_prints_words_of_a_catalog(*kind) for kind in found if kind is not None)
    if printed:
        return None
    return (
        f"{shown} prints a value as written in the YAML, which no catalog translates",
        "print a text or a number instead, e.g. {name} or {stats.attack}; a field of type text is translated",
    )


def _prints_words_of_a_catalog(annotation: Any, markers: tuple, entries: bool = True) -> bool:
    """Whether a value of this type prints only words a catalog translates, or none: a text marked
    Translatable, a number, a model (printed by its name, if any), a registry entry an id names (by
    its name; not inside a list, which prints its ids)."""
    kind, more = peeled(annotation)
    markers += more
    if any(isinstance(marker, Translatable) for marker in markers) or (entries and entry_registry(markers)):
        return True
    if typing.get_origin(kind) is list:
        (item,) = typing.get_args(kind)
        return _prints_words_of_a_catalog(item, (), entries=False)
    if kind is bool:
        return False
    return kind in (int, float) or (isinstance(kind, type) and issubclass(kind, BaseModel))


def _parts(annotation: Any, markers: tuple, meta: PackMeta) -> Names | None:
    """The parts of a value of this type a look can name ({} for a plain value; None for a mapping of
    any keys): a model's fields, a registry entry's fields, the ids of the registry keying a mapping."""
    kind, more = peeled(annotation)
    registry = entry_registry(markers + more)
    if registry:
        kind = typing.get_args(PackMeta.model_fields[registry].annotation)[1]
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        names: Names = {name: (info.annotation, tuple(info.metadata)) for name, info in kind.model_fields.items()}
        properties = {name: value for name, value in vars(kind).items() if isinstance(value, property)}
        return names | {name: (typing.get_type_hints(value.fget)["return"], ()) for name, value in properties.items()}
    if typing.get_origin(kind) is dict:
        key, value = typing.get_args(kind)
        keyed = [m.registry for m in peeled(key)[1] if isinstance(m, Ref)]
        return {name: (value, ()) for name in getattr(meta, keyed[0])} if keyed else None
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        found: Names = {}
        for member in typing.get_args(kind):
            inside = _parts(member, (), meta)
            if inside is None:
                return None
            found.update(inside)
        return found
    return {}


BOX_TOLERANCE_MM = 0.05  # rounding of shares and lengths: a box flush with the trim is inside it


def _box_problems(source: SourceFile, at: KeyPath, look: LookDef, users: list[Component], pack: Pack) -> list[Problem]:
    """Boxes of a look's front and back that reach past the trim of a component using it, once per
    element, trying each distinct trim and outline among those components."""
    problems: dict[KeyPath, Problem] = {}
    shapes: dict[tuple[Size, Outline], Component] = {}
    for component in users:
        shapes.setdefault((component.trim(pack.meta.defaults), component.outline(pack.meta.defaults)), component)
    for (trim, outline), component in shapes.items():
        for side in ("front", "back"):
            for path, box in _outside(getattr(look, side), at + (side,), Box(0.0, 0.0, *trim), trim, outline):
                if path not in problems:
                    problems[path] = source.problem(path + ("box",), _past_trim(box, trim, component))
    return list(problems.values())


def _outside(
    elements: list[LookElement] | None, at: KeyPath, frame: Box, trim: Size, outline: Outline
) -> Iterator[tuple[KeyPath, Box]]:
    """The key path and box of each element whose box reaches past the trim (not looking inside
    such a group). An outline element follows the outline, whatever its box."""
    for index, element in enumerate(elements or []):
        spec, path = element.spec, at + (index, element.kind)
        if isinstance(spec, OutlineSpec):
            continue
        box = placed(frame, spec.box)
        x, y, w, h = box
        if spec.box is not None and (
            min(x, y, w, h) < -BOX_TOLERANCE_MM
            or x + w > trim.width + BOX_TOLERANCE_MM
            or y + h > trim.height + BOX_TOLERANCE_MM
        ):
            yield path, box
        elif isinstance(spec, GroupSpec):
            yield from _outside(spec.elements, path + ("elements",), spec.frame(box, outline, trim), trim, outline)


def _part(parts: dict[str, Values], of: str) -> Values:
    """The values of a component's part (`of`: `back.`), kept in parts (whose "" is the component's)."""
    if of not in parts:
        parts[of] = parts[""].of(of.removesuffix("."))
    return parts[of]


def _safe_zone_findings(pack: Pack) -> list[Problem]:
    """Text and icons whose box reaches into the safe zone inside the trim line of a component drawn
    with them, each measured in the frame it is drawn in (an element replacing one inside a group by
    its id is drawn in that group) and only where its `when:` holds for the component. One warning per
    element: at the element of a look of the pack, or, for printkit's looks, at the first component
    drawn with it (the user wrote the component, not the look)."""
    from printkit.content.values import Predicate, Values, predicate  # what a component's `when:` conditions read

    zone = pack.meta.imposition.safe_zone
    found: dict[tuple[str, KeyPath], Problem] = {}
    seen: set[tuple] = set()
    # each look's merged sides and the elements with a `when:` in them, worked out once per look, not per component
    looks: dict[str, tuple[tuple[list[LookElement], list[LookElement]], list[tuple[Predicate, str]]]] = {}
    reaching: dict[tuple[str, Size, Outline], bool] = {}
    for component in pack.components:
        look_id = component.look_id(pack.meta.defaults)
        trim, outline = component.trim(pack.meta.defaults), component.outline(pack.meta.defaults)
        if look_id not in looks:
            both = merged(pack.looks, look_id)
            looks[look_id] = (
                both,
                # each distinct condition once (a look repeats them: stat-card's 43 are 16)
                list(
                    dict.fromkeys(
                        (holds, of)
                        for side in both
                        for _, spec, of in walk(side)
                        if (holds := predicate(getattr(spec, "when", ()))) is not None
                    )
                ),
            )
        sides, conditional = looks[look_id]
        # a look, size and outline none of whose elements reaches into the zone even were every one
        # drawn needs no component's conditions tested (a deck's cards, mostly)
        shape = (look_id, trim, outline)
        if shape not in reaching:
            frame = Box(0.0, 0.0, *trim)
            reaching[shape] = any(
                next(_in_safe_zone(elements, (side,), frame, trim, outline, zone, lambda *_: True), None)
                for side, elements in zip(("front", "back"), sides, strict=True)
            )
        if not reaching[shape]:
            continue
        parts = {"": Values(component, pack)}  # the component's values and its parts' (by `of`), each read once

        def drawn(spec: Any, of: str, parts: dict[str, Values] = parts) -> bool:
            """Whether the component draws the element: its `when:` holds, read in its part (`of`)."""
            holds = predicate(getattr(spec, "when", ()))
            return holds is None or _part(parts, of).holds(holds)

        # components of one look, size and outline that draw the same elements are checked once
        shown = tuple(_part(parts, of).holds(holds) for holds, of in conditional)  # each tested once, kept for drawn
        if (look_id, trim, outline, shown) in seen:
            continue
        seen.add((look_id, trim, outline, shown))
        written = {  # each element of the looks drawn: the look it is written in and its key path there
            id(spec): (ancestor, path)
            for ancestor in lineage(pack.looks, look_id)
            for side in ("front", "back")
            for path, spec, _ in walk(getattr(pack.looks[ancestor].look, side), (side,))
        }
        for side, elements in zip(("front", "back"), sides, strict=True):
            frame = Box(0.0, 0.0, *trim)
            for _, element, box, group in _in_safe_zone(elements, (side,), frame, trim, outline, zone, drawn):
                where = written.get(id(element.spec))
                if where is None or where in found:
                    continue
                ancestor, path = where
                declared = pack.looks[ancestor]
                into = _into_safe_zone(zone, box, trim, component)
                if not declared.builtin:
                    inside = f": its box is a share of the group '{group}' it is drawn in;" if group else ","
                    found[where] = pack.sources[declared.file].problem(
                        declared.path + path + ("box",),
                        f"the box reaches into {into}",
                        f"keep text and icons {zone:g} mm inside the trim line{inside} or change "
                        f"imposition.safe_zone in {PACK_FILE}",
                    )
                    continue
                named = f"'{element.spec.id}'" if element.spec.id else f"at {format_key_path(path)}"
                found[where] = pack.sources[component.origin.file].problem(
                    component.origin.path + (("look",) if component.look is not None else ()),
                    f"printkit's look '{ancestor}' puts its {path[0]} {element.kind} {named} into {into}",
                    f"keep text and icons {zone:g} mm inside the trim line: give it a look of the pack that "
                    f"extends '{ancestor}' and moves them, or change imposition.safe_zone in {PACK_FILE}",
                )
    return list(found.values())


def _into_safe_zone(zone: float, box: Box, trim: Size, component: Component) -> str:
    """How a box reaches into a component's safe zone, in words."""
    x, y, w, h = (round(v, 1) + 0.0 for v in box)  # + 0.0: no -0
    top = round(trim.height - box[1] - box[3], 1) + 0.0
    return (
        f"the {zone:g} mm safe zone inside the trim line of {component.kind} '{component.id}', which a cut may "
        f"take off: it spans {x:g} to {x + w:g} mm across and {top:g} to {top + h:g} mm down"
    )


def _in_safe_zone(
    elements: list[LookElement] | None,
    at: KeyPath,
    frame: Box,
    trim: Size,
    outline: Outline,
    zone: float,
    drawn: Callable[[Any, str], bool],
    of: str = "",
    group: str | None = None,
) -> Iterator[tuple[KeyPath, LookElement, Box, str | None]]:
    """The key path, element, box and innermost group (its id, None on the face) of each text, icon,
    repeated icon and rotation-track label that is drawn (of a component, the elements whose `when`
    holds) and whose own box reaches nearer the trim line than zone, but not past it (that is a box
    problem), looking inside groups."""
    for index, element in enumerate(elements or []):
        spec, path = element.spec, at + (index, element.kind)
        if not drawn(spec, of):
            continue
        if isinstance(spec, GroupSpec):
            inner = spec.frame(placed(frame, spec.box), outline, trim)
            part = f"{of}{spec.of}." if spec.of else of  # as walk reads a group's part
            yield from _in_safe_zone(
                spec.elements, path + ("elements",), inner, trim, outline, zone, drawn, part, spec.id or group
            )
        elif isinstance(spec, TextSpec | IconSpec | RepeatSpec) and spec.box is not None:
            box = placed(frame, spec.box)
            if _holds(box, trim, outline, -BOX_TOLERANCE_MM) and not _holds(
                box, trim, outline, zone - BOX_TOLERANCE_MM
            ):
                yield path, element, box, group
        elif isinstance(spec, WidgetSpec) and spec.name == "rotation-track":
            unsafe = (
                strip
                for strip in _track_strips(placed(frame, spec.box), spec)
                if _holds(strip, trim, outline, -BOX_TOLERANCE_MM)
                and not _holds(strip, trim, outline, zone - BOX_TOLERANCE_MM)
            )
            found = next(unsafe, None)
            if found is not None:
                yield path, element, found, group


def _track_strips(box: Box, spec: WidgetSpec) -> list[Box]:
    """The boxes the rotation-track widget sets its labels in (faces/card_parts.rotation_track): a
    strip `depth` deep along each edge of its box, short of the corners; text, like a text element's."""
    x, y, w, h = box
    d = spec.depth.of(min(w, h))
    return [
        Box(x + d, y + h - d, w - 2 * d, d),  # top
        Box(x, y + d, d, h - 2 * d),  # left
        Box(x + d, y, w - 2 * d, d),  # bottom
        Box(x + w - d, y + d, d, h - 2 * d),  # right
    ]


def _holds(box: Box, trim: Size, outline: Outline, margin: float) -> bool:
    """Whether a box lies inside the trim box moved margin in, and inside the outline moved margin in."""
    x, y, w, h = box
    inside = min(x, y) >= margin and x + w <= trim.width - margin and y + h <= trim.height - margin
    return inside and (isinstance(outline, Rectangle) or margin < 0 or outline.holds(box, trim, margin))


def _past_trim(box: Box, trim: Size, component: Component) -> str:
    x, y, w, h = (round(v, 1) + 0.0 for v in box)  # + 0.0: no -0
    top = round(trim.height - y - h, 1) + 0.0
    return (
        f"the box reaches past the {trim.width:.4g}x{trim.height:.4g}mm trim of {component.kind} '{component.id}': "
        f"it spans {x:g} to {x + w:g} mm across and {top:g} to {top + h:g} mm down"
    )
