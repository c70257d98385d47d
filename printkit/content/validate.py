"""Check a loaded pack as a whole: ids, references, rule sets, components, looks and the rulebook.

Takes: a `Pack` of the parts of its files that passed the content model (`load_partial` takes a folder).
Returns: the problems of the pack: every duplicate id,
every reference to an undeclared element, rarity, stat, terrain, back or icon (inline icons in
rulebook text too; a translation keeps the English icons or is not printed), every
art or font file that is missing, lies outside the pack or is not what it should be (a font family's
licence too), field declarations that make no sense and `data:` values that name no declared field
or do not fit theirs, what each rule and each component finds wrong
with itself (`Rule.problems`, `Component.problems`: a board's printed squares, a corner radius), rulebook
placeholders and figures that name nothing (or a square off their board), and looks that name no
look, extend none or go round in a circle, or whose placeholders, fonts, icons, images and boxes do
not fit the components using them. What is doubtful but not wrong (a look no component uses) goes
to `pack.warnings`. What names a part that failed its own checks is not a problem: that part's are.
`load_partial` loads and validates a folder as far as it goes: a `Loaded` with every problem, the
components that cannot be drawn and the pack of those that can; `load_checked` raises `Problems`.
"""

from __future__ import annotations

import os
import struct
import types
import typing
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache, partial
from pathlib import Path
from typing import Any, cast

from pydantic import BaseModel

from printkit.base.confine import Refused, checked, files_under, named_as_written
from printkit.base.errors import KeyPath, Problem, Problems, did_you_mean, format_key_path
from printkit.base.icons import ICONS, icon_hint
from printkit.base.outlines import Box, Outline, Rectangle
from printkit.base.units import Size
from printkit.content import markup
from printkit.content.fields import Ref, Translatable, entry_registry, marked_values, peeled
from printkit.content.load import PACK_FILE, RULEBOOK_FILE, Failed, Pack, load_parts
from printkit.content.looks import (
    COMPUTED_VALUES,
    MAX_LINEAGE,
    WIDGET_KINDS,
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
    merged,
    placed,
    walk,
)
from printkit.content.message_key import MessageKey
from printkit.content.model import (
    BUILT_IN_FONT_FAMILIES,
    COMPONENT_KINDS,
    FIELD_REFS,
    FONT_STYLES,
    Board,
    BoardGrid,
    Component,
    FieldDecl,
    PackMeta,
    Placed,
    Rulebook,
)
from printkit.content.placeholders import PLACEHOLDER, placeholder_value
from printkit.content.rules import RuleSite, TilePlacement
from printkit.content.source import SourceFile

ART_FORMATS = (".png", ".jpg", ".jpeg")
FONT_FORMATS = (".ttf", ".otf")
# An A3 board at 300 dpi is 17 megapixels; a decoded 50-megapixel image takes 200 MB.
MAX_ART_PIXELS = 50_000_000
MAX_FILE_BYTES = 50 * 2**20  # an art or font file: both are read whole


def validate_pack(pack: Pack) -> list[Problem]:
    """Every problem of the pack as a whole (see the module's docstring). What names a part that
    failed its own checks (pack.failed) is not a problem of its own: that part's problems say it."""
    problems = _duplicate_ids(pack)
    meta_source = pack.source_of(PACK_FILE)
    problems += _duplicate_locales(pack, meta_source)
    art = cache(partial(_art_findings, pack.root.resolve()))  # a deck shows the same art many times
    for path, ref, value in marked_values(pack.meta, (), Ref):
        problems += _check(pack, art, ref, value, partial(meta_source.problem, path))
    field_problems, sound = _field_problems(pack, art, meta_source)
    problems += field_problems
    for component in pack.components:
        source = pack.sources[component.origin.file]
        for path, ref, value in marked_values(component, component.origin.path, Ref):
            problems += _check(pack, art, ref, value, partial(source.problem, path))
        if component.data:
            problems += _data_problems(pack, art, component, source, sound)
    problems += _rule_set_problems(pack, meta_source)
    problems += _font_problems(pack, meta_source)
    for component in pack.components:
        problems += component.problems(pack.sources[component.origin.file], pack.meta.defaults)
    if pack.rulebook is not None:
        problems += _rulebook_problems(pack, pack.rulebook, pack.source_of(RULEBOOK_FILE))
        problems += rulebook_icon_problems(pack, pack.meta.language)
    look_problems, look_warnings = _look_findings(pack, art)
    problems += look_problems
    if not problems and not pack.failed:  # a look unused because a component misspells its name is not also a warning
        pack.warnings += look_warnings
    return problems


def _field_problems(pack: Pack, art: Callable[[str], tuple], source: SourceFile) -> tuple[list[Problem], set[str]]:
    """What each field declaration of pack.yaml finds wrong with itself, and defaults that do not fit
    their field; with the names of the fields declared soundly, whose values components can be checked against."""
    problems, sound = [], set()
    for name, declared in pack.meta.fields.items():
        path = ("fields", name)
        own = declared.problems(source, path)
        problems += own
        if not own:
            sound.add(name)
            if declared.default is not None:
                problems += _value_problems(pack, art, declared, declared.default, source, path + ("default",))
    return problems, sound


def _data_problems(
    pack: Pack, art: Callable[[str], tuple], component: Component, source: SourceFile, sound: set[str]
) -> list[Problem]:
    """Names under a component's `data:` that pack.yaml does not declare, and values that do not fit
    their soundly declared field."""
    problems = []
    for name, value in (component.data or {}).items():
        path = component.origin.path + ("data", name)
        if name not in pack.meta.fields:
            problems += _check(pack, art, Ref("fields"), name, partial(source.problem, path, of_key=True))
        elif name in sound:
            problems += _value_problems(pack, art, pack.meta.fields[name], value, source, path)
    return problems


def _value_problems(
    pack: Pack, art: Callable[[str], tuple], declared: FieldDecl, value: object, source: SourceFile, path: KeyPath
) -> list[Problem]:
    """A value of a declared field at path in source: parts that do not fit its type, or else icons
    and art files the pack lacks."""
    misfits = [source.problem(path + sub, message, hint) for sub, message, hint in declared.value_problems(value)]
    if misfits:
        return misfits
    problems = []
    for sub, kind, item in declared.singles(value):
        if kind in FIELD_REFS:
            problems += _check(pack, art, FIELD_REFS[kind], item, partial(source.problem, path + sub))
    return problems


# --- looks -----------------------------------------------------------------------------------------------


def _look_findings(pack: Pack, art: Callable[[str], tuple]) -> tuple[list[Problem], list[Problem]]:
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
            problems += _element_problems(pack, art, source, at + (side,), getattr(look, side), look_users)
        problems += _box_problems(source, at, look, look_users, pack)
        pack.unsafe += _safe_zone_findings(source, at, look, look_users, pack)
    pack.unsafe += _builtin_safe_zone_findings(pack)
    return problems, warnings


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
        for key, value_path, written in named:
            for choice in value_path.split("|"):
                shown = written if choice == value_path else f"'{choice}' in {written}"
                wrong = _value_problem(pack, classes, of, choice, shown, who)
                if not wrong and users and isinstance(spec, TextSpec) and key == "text":  # what it prints
                    wrong = _untranslated_problem(pack, classes, of + choice, shown)
                if wrong:
                    problems.append(source.problem(path + (key,), *wrong))
                    if key == "of":
                        unknown_parts.append(f"{of}{choice}.")
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
        if (name := _literal(spec, "icon")) and name not in ICONS:
            problems.append(
                source.problem(path + ("icon",), f"'{name}' is not one of printkit's icons", icon_hint(name))
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


def _value_problem(
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


def _untranslated_problem(pack: Pack, classes: list[type[Component]], path: str, shown: str) -> tuple[str, str] | None:
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


def _safe_zone_findings(
    source: SourceFile, at: KeyPath, look: LookDef, users: list[Component], pack: Pack
) -> list[Problem]:
    """Text and icons of a look's front and back whose box reaches into the safe zone inside the trim
    line of a component using it, once per element."""
    zone = pack.meta.imposition.safe_zone
    found: dict[KeyPath, Problem] = {}
    shapes: dict[tuple[Size, Outline], Component] = {}
    for component in users:
        shapes.setdefault((component.trim(pack.meta.defaults), component.outline(pack.meta.defaults)), component)
    for (trim, outline), component in shapes.items():
        for side in ("front", "back"):
            for path, _, box in _in_safe_zone(
                getattr(look, side), at + (side,), Box(0.0, 0.0, *trim), trim, outline, zone
            ):
                if path not in found:
                    found[path] = source.problem(
                        path + ("box",),
                        f"the box reaches into {_into_safe_zone(zone, box, trim, component)}",
                        f"keep text and icons {zone:g} mm inside the trim line, or change imposition.safe_zone in {PACK_FILE}",
                    )
    return list(found.values())


def _builtin_safe_zone_findings(pack: Pack) -> list[Problem]:
    """Text and icons of printkit's looks whose box reaches into the safe zone of a component drawn
    with them (directly or through a look of the pack that extends one), once per element of a built-in
    look, at the first such component: the user wrote the component, not the look."""
    zone = pack.meta.imposition.safe_zone
    found: dict[tuple[str, KeyPath], Problem] = {}
    seen: set[tuple[str, Size, Outline]] = set()
    for component in pack.components:
        look_id = component.look_id(pack.meta.defaults)
        trim, outline = component.trim(pack.meta.defaults), component.outline(pack.meta.defaults)
        if (look_id, trim, outline) in seen:
            continue
        seen.add((look_id, trim, outline))
        builtin = {
            id(spec): (ancestor, path)
            for ancestor in lineage(pack.looks, look_id)
            if pack.looks[ancestor].builtin
            for side in ("front", "back")
            for path, spec, _ in walk(getattr(pack.looks[ancestor].look, side), (side,))
        }
        for side, elements in zip(("front", "back"), merged(pack.looks, look_id), strict=True):
            for _, element, box in _in_safe_zone(elements, (side,), Box(0.0, 0.0, *trim), trim, outline, zone):
                where = builtin.get(id(element.spec))
                if where is None or where in found:
                    continue
                ancestor, path = where
                named = f"'{element.spec.id}'" if element.spec.id else f"at {format_key_path(path)}"
                found[where] = pack.sources[component.origin.file].problem(
                    component.origin.path + (("look",) if component.look is not None else ()),
                    f"printkit's look '{ancestor}' puts its {path[0]} {element.kind} {named} "
                    f"into {_into_safe_zone(zone, box, trim, component)}",
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
    elements: list[LookElement] | None, at: KeyPath, frame: Box, trim: Size, outline: Outline, zone: float
) -> Iterator[tuple[KeyPath, LookElement, Box]]:
    """The key path, element and box of each text, icon and repeated icon whose own box reaches nearer
    the trim line than zone, but not past it (that is a box problem), looking inside groups."""
    for index, element in enumerate(elements or []):
        spec, path = element.spec, at + (index, element.kind)
        if isinstance(spec, GroupSpec):
            inner = spec.frame(placed(frame, spec.box), outline, trim)
            yield from _in_safe_zone(spec.elements, path + ("elements",), inner, trim, outline, zone)
        elif isinstance(spec, TextSpec | IconSpec | RepeatSpec) and spec.box is not None:
            box = placed(frame, spec.box)
            if _holds(box, trim, outline, -BOX_TOLERANCE_MM) and not _holds(
                box, trim, outline, zone - BOX_TOLERANCE_MM
            ):
                yield path, element, box


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


def _rulebook_problems(pack: Pack, rulebook: Rulebook, source: SourceFile) -> list[Problem]:
    """Placeholders that name no count, param or limit, and figures that name no component."""
    problems = []
    for path, _, text in marked_values(rulebook, (), Translatable):
        for match in PLACEHOLDER.finditer(text):
            if placeholder_value(pack, match.group(1), match.group(2)) is None and not _names_failed(
                pack, match.group(1), match.group(2)
            ):
                problems.append(
                    source.problem(
                        path, f"'{match.group(0)}' names nothing in this pack", _placeholder_hint(pack, match.group(1))
                    )
                )
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
                if name not in ids and not pack.failed_part("components", name):
                    problems.append(
                        source.problem(path, f"no component '{name}' in this pack", did_you_mean(name, ids))
                    )
            board = ids.get(figure.board or "")
            if board is not None and board.holds_pieces:
                grid = cast(Board, board).grid
                for i, placed in enumerate(figure.place):
                    problems += _placed_problems(source, where + ("place", i), placed, grid)
                    misfit = grid.misfit(ids[placed.id], board.id) if placed.id in ids else None
                    if misfit:
                        problems.append(source.problem(where + ("place", i, "id"), misfit))
            elif figure.board and not pack.failed_part("components", figure.board):
                boards = [c.id for c in pack.components if c.holds_pieces]
                problems.append(
                    source.problem(
                        where + ("board",),
                        f"'{figure.board}' is not a board of this pack",
                        did_you_mean(figure.board, boards),
                    )
                )
            if not figure.show and not figure.board:
                problems.append(source.problem(where, "a figure shows components ('show') or a board ('board')"))
    return problems


def _placed_problems(source: SourceFile, path: KeyPath, placed: Placed, grid: BoardGrid) -> list[Problem]:
    """A piece of a figure must say where it lies the way its board counts cells, on a cell of the
    board, turned as tiles turn there."""
    key, other = grid.address_key, "cell" if grid.address_key == "square" else "square"
    problems = []
    if getattr(placed, other) is not None:
        problems.append(
            source.problem(
                path + (other,),
                f"a {grid.board_shape} board has no {other}s",
                f"place it with '{key}'",
            )
        )
    cell = placed.on(grid)
    if cell is None:
        if getattr(placed, other) is None:
            problems.append(source.problem(path, f"missing required key '{key}'"))
    elif off_grid := grid.off_grid(cell):
        problems.append(source.problem(path + (key,), off_grid))
    turn_problem = grid.rotation_problem(placed.rotation)
    if turn_problem:
        problems.append(source.problem(path + ("rotation",), *turn_problem))
    return problems


def rulebook_icon_problems(pack: Pack, locale: str) -> list[Problem]:
    """Inline icons printkit does not have in what the rulebook shows in locale (its own text and the
    entries its explain blocks explain), one per text as on a component: at the translation's
    catalog entry when the text is translated, else where the YAML writes it; none without a rulebook."""
    rulebook = pack.rulebook
    if rulebook is None:
        return []
    texts = [(RULEBOOK_FILE, "rulebook", path, text) for path, _, text in marked_values(rulebook, (), Translatable)]
    explained = {block.explain for section in rulebook.sections for block in section.blocks if block.explain}
    for registry in sorted(explained):
        texts += [
            (PACK_FILE, "pack", (registry, name, "text"), entry.text)
            for name, entry in getattr(pack.meta, registry).items()
            if entry.text
        ]
    problems = []
    for file, kind, path, text in texts:
        names = (run.text for run in markup.runs(text, code=True) if run.kind == "icon")
        unknown = next(filter(None, map(markup.unknown_icon, names)), None)
        if unknown is None:
            continue
        message, hint = f"text {unknown[0]} in locale {locale}", unknown[1]
        problems.append(pack.text_problem(MessageKey.of(kind, path), pack.source_of(file), path, message, hint))
    return problems


def _names_failed(pack: Pack, kind: str, argument: str) -> bool:
    """Whether a placeholder names a component or rule set that failed its own checks."""
    first = argument.split("/")[0]
    return pack.failed_part("components" if kind == "count" else "rules", first) is not None


def _placeholder_hint(pack: Pack, kind: str) -> str:
    examples = {
        "count": "e.g. {count:cards}, {count:tiles/island} or {count:COMPONENT-ID}",
        "param": "e.g. {param:" + next(iter(pack.meta.rules), "RULES") + "/NAME}",
        "limit": "e.g. {limit:RULES/RULE-NAME/max}",
    }
    return examples[kind]


def _rule_set_problems(pack: Pack, source: SourceFile) -> list[Problem]:
    """Rule sets whose sections name no component section, and what each rule finds wrong with itself."""
    problems = []
    for set_id, rule_set in pack.meta.rules.items():
        base = ("rules", set_id)
        own = []
        for section, spec in rule_set.sections.items():
            for index, kind in enumerate(spec.components):
                if kind not in COMPONENT_KINDS:
                    own.append(
                        source.problem(
                            base + ("sections", section, "components", index),
                            f"'{kind}' is not a component section",
                            did_you_mean(kind, COMPONENT_KINDS),
                        )
                    )
        for index, rule in enumerate(rule_set.checks):
            own += rule.problems(RuleSite(pack, set_id, base + ("checks", index), source, COMPONENT_KINDS))
        boards = [rule.board for rule in rule_set.checks if isinstance(rule, TilePlacement)]
        if own or any(pack.failed_part("components", board) for board in boards):  # no list can be checked with it
            pack.failed.append(Failed("rules", set_id, source.shown, base))
        problems += own
    return problems


def _duplicate_ids(pack: Pack) -> list[Problem]:
    """An id used twice, among the components that loaded and those that failed their model (whose
    YAML gives the id all the same), so that both problems come in one run."""
    written = [(c.origin.file, c.origin.path, c.kind, c.id) for c in pack.components]
    written += [(f.file, f.path, pack.kind_in(f.kind), f.id) for f in pack.failed if f.is_component and f.id]
    files, sections = list(pack.sources), list(COMPONENT_KINDS)
    written.sort(key=lambda w: (files.index(w[0]), sections.index(str(w[1][0])), w[1][1:]))
    problems: list[Problem] = []
    first_seen: dict[str, tuple[str, KeyPath, str]] = {}
    for file, at, kind, component_id in written:
        if component_id in first_seen:
            other_file, other_at, other_kind = first_seen[component_id]
            taken = pack.sources[other_file].where(other_at + ("id",))
            problems.append(
                pack.sources[file].problem(
                    at + ("id",),
                    f"id '{component_id}' is already used by the {other_kind} at {taken}",
                    "ids must be unique in a pack",
                )
            )
        else:
            first_seen[component_id] = (file, at, kind)
    return problems


def _duplicate_locales(pack: Pack, meta_source: SourceFile) -> list[Problem]:
    """A language listed twice in locales:, however spelt (pt-BR and pt_br, he and iw): one catalog serves both."""
    first: dict[str, int] = {}
    problems = []
    for index, locale in enumerate(pack.meta.locales):
        if locale in first:
            problems.append(
                meta_source.problem(
                    ("locales", index),
                    f"{locale} is listed already, as locales[{first[locale]}]",
                    "list each language once",
                )
            )
        first.setdefault(locale, index)
    return problems


def _check(
    pack: Pack, art: Callable[[str], tuple], ref: Ref, value: str, problem: Callable[[str, str | None], Problem]
) -> list[Problem]:
    if ref.registry == "files":
        return [problem(message, hint) for message, hint in art(value)]
    known = ICONS if ref.registry == "icons" else getattr(pack.meta, ref.registry)
    if value in known or pack.failed_part(ref.registry, value):
        return []
    where = "printkit's icons" if ref.registry == "icons" else f"{PACK_FILE} {ref.registry}"
    hint = (
        icon_hint(value)
        if ref.registry == "icons"
        else did_you_mean(value, known)
        or (f"declared: {', '.join(sorted(known))}" if known else f"{where} declares none")
    )
    return [problem(f"'{value}' is not declared in {where}", hint)]


@dataclass(frozen=True)
class _FileKind:
    """How a kind of pack file is named in problems."""

    word: str  # "art file 'x' does not exist"
    folder: str  # where the pack keeps them, for the hint
    suffixes: tuple[str, ...]  # the files a misspelt name may have meant
    too_large_hint: str


ART = _FileKind("art", "art", ART_FORMATS, "save it as PNG or JPEG at 300 pixels per inch")
FONT = _FileKind("font", "fonts", FONT_FORMATS, "subset the font to the scripts the pack uses")
LICENCE = _FileKind("licence", "fonts", (".txt", ".md", ""), "give the licence as plain text")


def _pack_file(root: Path, value: str, kind: _FileKind) -> Path | tuple[tuple[str, str | None], ...]:
    """The real path of a file the pack names, or (message, hint) for why it cannot be read: outside
    the pack, missing, refused by confinement, or too large."""
    path = root / value
    if Path(value).is_absolute() or ".." in Path(value).parts:  # links out of the pack are refused by checked()
        return (
            (
                f"'{value}' points outside the pack folder",
                f"keep {kind.word} files inside the pack, e.g. {kind.folder}/",
            ),
        )
    if not os.path.lexists(path) or not named_as_written(root, value):  # as Linux sees it on every system
        present = [str(p.relative_to(root)) for p in files_under(root) if p.suffix.lower() in kind.suffixes]
        return ((f"{kind.word} file '{value}' does not exist", did_you_mean(value, present)),)
    try:
        target = checked(root, path)
    except Refused as refused:
        return ((f"{kind.word} file '{value}' {refused.message}", refused.hint),)
    size_bytes = target.stat().st_size
    if size_bytes > MAX_FILE_BYTES:  # renderers read it whole
        return (
            (
                f"{kind.word} file '{value}' is {size_bytes // 2**20} MiB; at most {MAX_FILE_BYTES // 2**20} MiB allowed",
                kind.too_large_hint,
            ),
        )
    return target


def _art_findings(root: Path, value: str) -> tuple[tuple[str, str | None], ...]:
    """(message, hint) for what is wrong with an art file of the pack at root (validate_pack asks
    once per file, however many components show it)."""
    target = _pack_file(root, value, ART)
    if isinstance(target, tuple):
        return target
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
        return (
            (
                f"art file '{value}' is too large to print ({size}{pixels / 1e6:.0f} megapixels); at most "
                f"{MAX_ART_PIXELS // 1_000_000} megapixels are allowed",
                "300 pixels per inch is enough for print: 744 x 1039 pixels for a poker card",
            ),
        )
    if kind not in ("png", "jpeg"):
        return (
            (f"art file '{value}' is a {kind.upper()} image; printkit prints PNG and JPEG", "save it as PNG or JPEG"),
        )
    return ()


def _font_findings(root: Path, value: str) -> tuple[tuple[str, str | None], ...]:
    """(message, hint) for what is wrong with a font file of the pack at root: it must be a TrueType
    font reportlab can read and subset, as faces.fonts will when it draws (50 ms for 6,000 glyphs)."""
    target = _pack_file(root, value, FONT)
    if isinstance(target, tuple):
        return target
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile  # only packs with fonts pay for it

    from printkit.content.font_tables import font_table_findings, not_a_font  # and for fontTools

    with target.open("rb") as file:
        if file.read(4) == b"OTTO":  # OpenType with PostScript (CFF) outlines
            return (
                (
                    f"font file '{value}' has PostScript (CFF) outlines, which printkit cannot embed",
                    "convert it to a TrueType .ttf, e.g. with FontForge (File > Generate Fonts)",
                ),
            )
    tables = font_table_findings(target, value)
    if tables:  # reportlab would divide by zero or walk billions of characters
        return tables
    try:  # a subset of every character it has: what drawing any text in it will ask of the file
        font = TTFontFile(str(target))
        font.makeSubset(sorted(font.charToGlyph))
    # what a broken file trips over; AttributeError: reportlab reads a setting it lacks
    # (autoGenerateTTFMissingTTFName) for a font without a PostScript name
    except (TTFError, struct.error, ValueError, IndexError, KeyError, AttributeError):
        return not_a_font(value)
    return ()


def _font_problems(pack: Pack, source: SourceFile) -> list[Problem]:
    """Font families that take a built-in family's name or a style's ending, font files that are
    missing, outside the pack or not a font printkit can embed, and missing licences."""
    root = pack.root.resolve()
    problems = []
    for name, family in pack.meta.fonts.items():
        where = ("fonts", name)
        style = next((s for s in sorted(FONT_STYLES.values(), key=len, reverse=True) if s and name.endswith(s)), None)
        if name in BUILT_IN_FONT_FAMILIES:
            problems.append(
                source.problem(
                    where, f"'{name}' is one of printkit's own font families", "give the pack's family another name"
                )
            )
        elif style:
            problems.append(
                source.problem(
                    where,
                    f"a font family's name cannot end in '{style}'",
                    f"a look writes '{name}' for the {style[1:].replace('-', ' ')} style of '{name.removesuffix(style)}'",
                )
            )
        for key, value in family.files().items():
            problems += [source.problem(where + (key,), *finding) for finding in _font_findings(root, value)]
        if family.licence is None:
            problems.append(
                source.problem(
                    where,
                    f"font family '{name}' needs its licence file",
                    "add licence: the licence file that came with the font, e.g. fonts/OFL.txt "
                    "for the SIL Open Font License",
                )
            )
        else:
            found = _pack_file(root, family.licence, LICENCE)
            if isinstance(found, tuple):
                problems += [source.problem(where + ("licence",), *finding) for finding in found]
    for tag in pack.meta.locale_fonts:
        if tag not in pack.meta.locales:
            problems.append(
                source.problem(
                    ("locale_fonts", tag),
                    f"'{tag}' is not one of the pack's locales",
                    did_you_mean(tag, pack.meta.locales) or f"add {tag} to locales:",
                    of_key=True,
                )
            )
    for tag, name in pack.meta.locale_fonts.items():
        if name not in pack.meta.fonts and not pack.failed_part("fonts", name):
            problems.append(
                source.problem(
                    ("locale_fonts", tag),
                    f"'{name}' is not one of the pack's font families",
                    did_you_mean(name, list(pack.meta.fonts)) or "name a family of fonts:",
                )
            )
    return problems


@dataclass(frozen=True)
class Unfit:
    """A component that cannot be drawn: it failed its model (it is not among the pack's components),
    or it has problems of its own or in its look. section, id (None when its YAML gives none), file
    and path say where the YAML writes it; name is the name it gives (None: none); problems are
    those that concern it."""

    section: str
    id: str | None
    file: str
    path: KeyPath
    name: str | None
    problems: tuple[Problem, ...]


@dataclass
class Loaded:
    """A pack loaded and validated as far as it goes (see load_partial)."""

    pack: Pack | None  # every part that loaded; None only when pack.yaml failed as a whole
    problems: list[Problem]  # every problem found, whatever part it concerns
    warnings: list[Problem]  # what is doubtful but not wrong (safe-zone findings are in pack.unsafe)
    unfit: list[Unfit]  # the components that cannot be drawn, and why
    drawable: Pack | None  # the pack of the components that can be drawn; None when nothing can be


def load_partial(root: Path) -> Loaded:
    """Load the pack folder at root part by part, and validate what loaded: a component, look or
    registry entry that fails costs only itself, and what names it is not another problem. Returns
    every problem and warning, the components that cannot be drawn with their problems (each in its
    file at its key path, e.g. cards[3]), and the pack of what can be drawn. Never raises Problems."""
    pack, problems, warnings = load_parts(root)
    if pack is None:
        return Loaded(None, problems, warnings, [], None)
    problems += validate_pack(pack)
    by_file: dict[str, list[Problem]] = {}
    for problem in problems:
        by_file.setdefault(problem.file, []).append(problem)

    def inside(file: str, path: KeyPath) -> tuple[Problem, ...]:
        return tuple(p for p in by_file.get(file, []) if pack.sources[file].holds(p, path))

    unfit = [Unfit(f.kind, f.id, f.file, f.path, f.name, inside(f.file, f.path)) for f in pack.failed if f.is_component]
    look_problems = {
        look_id: inside(declared.file, declared.path)
        for look_id, declared in pack.looks.items()
        if not declared.builtin
    }
    # a look that failed its own checks is not among the pack's: its problems are those of its users too
    look_problems |= {f.id: inside(f.file, f.path) for f in pack.failed if f.kind == "looks" and f.id}
    drawn = []
    for component in pack.components:
        named = component.look_id(pack.meta.defaults)
        chain = lineage(pack.looks, named)
        beyond = pack.looks[chain[-1]].look.extends if chain else named  # where the chain stops, if it does
        looks = chain + [beyond] if beyond and beyond not in chain else chain
        found = inside(component.origin.file, component.origin.path)
        found += tuple(p for look_id in looks for p in look_problems.get(look_id, ()))
        if found or not chain or pack.looks[chain[-1]].look.extends is not None:
            section, path = component.section, component.origin.path
            unfit.append(Unfit(section, component.id, component.origin.file, path, component.name, found))
        else:
            drawn.append(component)
    meta_source = pack.source_of(PACK_FILE)
    whole = [p for p in by_file.get(meta_source.shown, []) if not meta_source.holds(p, ("looks",))]
    whole = [p for p in whole if not meta_source.holds(p, ("rules",))]
    # pack.yaml's own problems concern every face; a pack whose printed components are all unfit has
    # nothing to draw (nor to warn of as "nothing to print")
    printed = any(c.count for c in drawn) or not any(c.count for c in pack.components)
    drawable = replace(pack, components=drawn) if drawn and printed and not whole else None
    return Loaded(pack, problems, pack.warnings, unfit, drawable)


def load_checked(roots: list[Path]) -> list[Pack]:
    """Load and validate every pack, raising one Problems with all of their problems and the
    warnings of every pack."""
    packs, problems, warnings = [], [], []
    for root in roots:
        loaded = load_partial(root)
        problems += loaded.problems
        warnings += loaded.warnings
        if loaded.pack is not None:
            packs.append(loaded.pack)
    if problems:
        raise Problems(problems, warnings)
    return packs
