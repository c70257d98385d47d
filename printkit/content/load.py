"""Load a content pack: find its files, read them, and validate each against the content model.

Takes: a pack id under ./content or a path to a pack folder.
Returns: the `Pack` of what validated (metadata, components with their origins, the read sources),
with every problem of every file, each placed at the line and column of the YAML that caused it.
Files are validated part by part: a component, a look or an entry of a pack.yaml registry that fails
costs only itself, and is kept in `Pack.failed` so that what names it is not a second problem. There
is no pack only when pack.yaml itself fails (not just some of its entries). A component file that
fails as a whole (bad YAML) is kept there too: any component named that the pack lacks may be in it.
"""

from __future__ import annotations

import os
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, RootModel, ValidationError

from printkit.base.confine import as_named
from printkit.base.errors import KeyPath, Problem, UsageError, did_you_mean, display_path, shown_value
from printkit.content.components import COMPONENT_KINDS
from printkit.content.components.base import Component, Origin
from printkit.content.components.boards import GRID_KINDS
from printkit.content.looks import Declared, LooksFile, builtin_looks
from printkit.content.pack import LOST_FILE, Failed, Pack
from printkit.content.pack_files import pack_icons
from printkit.content.pack_meta import PackMeta, pack_model
from printkit.content.rulebook_model import Rulebook
from printkit.content.rules import RULE_KINDS
from printkit.content.schema import component_file_model, component_schema
from printkit.content.source import SourceFile, read_yaml
from printkit.content.spreadsheet import SPREADSHEET_SUFFIXES, read_spreadsheet

CONTENT_DIR = Path("content")
PACK_FILE = "pack.yaml"
RULEBOOK_FILE = "rulebook.yaml"
LOOKS_DIR = "looks"
DECKS_DIR = "decks"  # a pack's deck lists: no component files


def find_pack(name: str) -> Path:
    """A pack folder from an id under ./content or a path; raises Problems naming what exists."""
    for candidate in (Path(name), CONTENT_DIR / name):
        if (candidate / PACK_FILE).is_file():
            return as_named(candidate)  # its name is the pack's id, whatever case it was typed in
    known = [p.parent.name for p in sorted(CONTENT_DIR.glob(f"*/{PACK_FILE}"))]
    here = f".{os.sep}{CONTENT_DIR}"
    hint = did_you_mean(name, known) or (f"packs here: {', '.join(known)}" if known else f"no packs under {here}")
    raise UsageError(f"'{name}' is not a pack: no {PACK_FILE} there or under {CONTENT_DIR}{os.sep} ({hint})")


def all_packs() -> list[Path]:
    return [p.parent for p in sorted(CONTENT_DIR.glob(f"*/{PACK_FILE}"))]


def pack_roots(names: list[str]) -> list[Path]:
    """The packs named on the command line, or every pack under ./content when none is named."""
    roots = [find_pack(name) for name in names] if names else all_packs()
    if not roots:
        raise UsageError(f"no packs under .{os.sep}{CONTENT_DIR}; name a pack folder or create one with 'printkit new'")
    return roots


def component_files(root: Path) -> list[Path]:
    """Every YAML file and spreadsheet at the top of the pack folder but pack.yaml and rulebook.yaml
    (decks/ holds deck lists). Office's lock files (`~$cards.xlsx`, `.~lock.cards.ods#`) are not
    spreadsheets."""
    return sorted(
        p
        for p in root.iterdir()
        if (p.suffix in (".yaml", ".yml") and p.name not in (PACK_FILE, RULEBOOK_FILE))
        or (p.suffix.lower() in SPREADSHEET_SUFFIXES and not p.name.startswith(("~$", ".")))
    )


def _case_twins(paths: list[Path]) -> list[Problem]:
    """A warning for each file whose name differs from an earlier one's only in letter case: on
    Windows and macOS the two are one file, so a copy of the pack there keeps only one of them."""
    first: dict[str, Path] = {}
    return [
        Problem(
            display_path(path),
            1,
            1,
            "",
            f"differs from '{first[path.name.casefold()].name}' only in letter case: on Windows and macOS the two "
            "are one file, and a copy of the pack there keeps only one of them",
            "rename one of them",
        )
        for path in paths
        if first.setdefault(path.name.casefold(), path) is not path
    ]


def load_parts(root: Path) -> tuple[Pack | None, list[Problem], list[Problem]]:
    """The pack of every part of the folder that validated (None when pack.yaml fails as a whole),
    the problems of every file and the warnings found reading them."""
    problems: list[Problem] = []
    warnings: list[Problem] = []
    sources: dict[str, SourceFile] = {}
    failed: list[Failed] = []
    meta: PackMeta | None = None

    def read(path: Path) -> SourceFile:
        source: SourceFile
        if path.suffix.lower() in SPREADSHEET_SUFFIXES:
            table = read_spreadsheet(path, display_path(path), root, component_schema(meta))
            warnings.extend(table.notes)
            source = table
        else:
            source = read_yaml(path, display_path(path), root)
        sources[source.shown] = source
        problems.extend(source.problems)
        if source.data is not None and not isinstance(source.data, dict):
            problems.append(
                source.problem(
                    (),
                    f"must be a mapping of keys, got {shown_value(source.data)}",
                    "write 'key: value' lines at the top level",
                )
            )
            source.data = None
        return source

    meta_source = read(root / PACK_FILE)
    meta, left_out = _validate_parts(pack_model(), meta_source, problems, _registry_entry)
    failed += [Failed(str(kind), str(name), meta_source.shown, (kind, name)) for (kind, name), _ in left_out]
    if meta is not None and meta.id != root.resolve().name:
        problems.append(
            meta_source.problem(("id",), f"must equal the pack folder's name '{root.resolve().name}', got '{meta.id}'")
        )

    components: list[Component] = []
    file_model = component_file_model()
    fields_sets: dict[frozenset[str], set[str]] = {}
    warnings += _case_twins(component_files(root))
    for path in component_files(root):
        source = read(path)
        if source.data == {}:
            problems.append(
                source.problem((), "has no components", "start it with a section: " + ", ".join(COMPONENT_KINDS))
            )
        data = source.data
        parsed, left_out = _validate_parts(file_model, source, problems, _component_part)
        failed += [
            Failed(str(at[0]), _text_of(item, "id"), source.shown, at, _text_of(item, "name"))
            for at, item in left_out
            if at[0] in COMPONENT_KINDS
        ]
        if parsed is None:
            failed.append(Failed(LOST_FILE, None, source.shown, ()))
            continue
        gone = {at for at, _ in left_out}
        for section in COMPONENT_KINDS:
            written = data.get(section) if isinstance(data.get(section), list) else []
            kept = [index for index in range(len(written)) if (section, index) not in gone]
            for index, component in zip(kept, getattr(parsed, section), strict=True):
                object.__setattr__(component, "origin", Origin(file=source.shown, path=(section, index)))
                _share_fields_set(component, fields_sets)
                components.append(component)
        del data  # the models hold it now

    looks = dict(builtin_looks())
    declared: list[tuple[SourceFile, KeyPath, dict]] = [(meta_source, ("looks",), meta.looks if meta else {})]
    for source in map(read, look_files(root)):
        pack_looks, left_out = _validate_parts(LooksFile, source, problems, _top_key)
        failed += [Failed("looks", str(at[0]), source.shown, at) for at, _ in left_out]
        declared.append((source, (), getattr(pack_looks, "root", {})))
    for source, at, pack_looks in declared:
        for look_id, look in pack_looks.items():
            if look_id in looks:
                problems.append(
                    source.problem(at + (look_id,), *_look_taken(looks[look_id], look_id, sources), of_key=True)
                )
            else:
                looks[look_id] = Declared(look, source.shown, at + (look_id,))

    icons, icon_problems = pack_icons(root)
    problems += icon_problems

    rulebook = None
    if os.path.lexists(root / RULEBOOK_FILE):  # a folder or a link of that name is refused, not passed over
        rulebook = _validate(Rulebook, read(root / RULEBOOK_FILE), problems)

    if meta is None:
        return None, problems, warnings
    return (
        Pack(root, meta, components, sources, rulebook, looks=looks, warnings=warnings, failed=failed, icons=icons),
        problems,
        warnings,
    )


def _look_taken(other: Declared, look_id: str, sources: dict[str, SourceFile]) -> tuple[str, str]:
    """(message, hint) for a look id declared before, by printkit or at another place of the pack."""
    if other.builtin:
        return f"'{look_id}' is a built-in look", f"give yours another id; it may say extends: {look_id}"
    taken = sources[other.file].where(other.path, of_key=True)
    return f"look '{look_id}' is already declared at {taken}", "give one of them another id"


def look_files(root: Path) -> list[Path]:
    """The YAML files of the pack's looks/ folder, each a mapping of look ids to looks."""
    folder = root / LOOKS_DIR
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml")) if folder.is_dir() else []


def _share_fields_set(model: BaseModel, shared: dict[frozenset[str], set[str]]) -> None:
    """Let the model share the set of keys it was given with the models given the same keys.
    pydantic makes every instance a set of its own (0.7 KiB for a card of six keys); the models are
    frozen, so nothing adds to it, and pydantic copies it before changing a copy's."""
    names = model.__pydantic_fields_set__
    object.__setattr__(model, "__pydantic_fields_set__", shared.setdefault(frozenset(names), names))


PartOf = Callable[[dict, tuple], KeyPath | None]


def _validate_parts(
    model: type[BaseModel], source: SourceFile, problems: list[Problem], part_of: PartOf
) -> tuple[Any, list[tuple[KeyPath, Any]]]:
    """The model of source's data, validated part by part: the problems of a part that fails are
    translated as the whole file's, and the rest is validated without it. Returns the model (None
    when an error lies in no part, see part_of) and each part left out, with its path and data."""
    data = source.data
    if data is None:
        return None, []
    try:
        validated = model.model_validate(data)
        left_out = {}
    except ValidationError as error:
        problems.extend(_translate(error, model, source))
        parts = [part_of(data, tuple(item["loc"])) for item in error.errors()]
        found = [part for part in parts if part is not None]
        if len(found) < len(parts):  # an error of the file as a whole
            return None, []
        left_out = {part: _at(data, part) for part in found}
        try:
            validated = model.model_validate(_without(data, set(left_out)))
        except ValidationError:  # what only the parts gave (a list that may not be empty): reported above
            return None, []
    source.data = None  # the models hold it now; a big deck need not be in memory twice
    return validated, list(left_out.items())


def _component_part(data: dict, loc: tuple) -> KeyPath | None:
    """The part of a component file an error lies in: a component, or a top-level key (a section
    that is not a list, a misspelt section)."""
    if len(loc) >= 2 and isinstance(data.get(loc[0]), list) and isinstance(loc[1], int):
        return loc[:2]
    return loc[:1] or None


def _top_key(data: dict, loc: tuple) -> KeyPath | None:
    """The part of a looks/ file an error lies in: a look."""
    return loc[:1] or None


# pack.yaml's keys that map ids to entries (looks, rules, fields, rarities, ...): one bad entry costs only itself
_REGISTRIES = frozenset(
    name for name, info in PackMeta.model_fields.items() if typing.get_origin(info.annotation) is dict
)


def _registry_entry(data: dict, loc: tuple) -> KeyPath | None:
    """The part of pack.yaml an error lies in: an entry of a registry; None for any other key."""
    if len(loc) >= 2 and loc[0] in _REGISTRIES and isinstance(data.get(loc[0]), dict):
        return loc[:2]
    return None


def _at(data: dict, part: KeyPath) -> Any:
    value: Any = data
    for key in part:
        value = value[key]
    return value


def _without(data: dict, parts: set[KeyPath]) -> dict:
    """data without the parts at these paths: top-level keys, or items of a list or mapping under one."""
    kept = {}
    for key, value in data.items():
        if (key,) in parts:
            continue
        if isinstance(value, list):
            value = [item for index, item in enumerate(value) if (key, index) not in parts]
        elif isinstance(value, dict):
            value = {name: entry for name, entry in value.items() if (key, name) not in parts}
        kept[key] = value
    return kept


def _text_of(item: Any, key: str) -> str | None:
    """The text a component's YAML gives for key (its id, its name), if any."""
    given = item.get(key) if isinstance(item, dict) else None
    return given if isinstance(given, str) else None


def _validate(model: type[BaseModel], source: SourceFile, problems: list[Problem]) -> Any:
    """The model of source's data as a whole (the rulebook), or None when it fails."""
    return _validate_parts(model, source, problems, _no_part)[0]


def _no_part(data: dict, loc: tuple) -> None:
    """A file that is one part: an error anywhere fails all of it."""
    return None


def _translate(error: ValidationError, model: type[BaseModel], source: SourceFile) -> list[Problem]:
    """pydantic's errors in YAML words, placed at the offending key or value."""
    found = []
    for item in error.errors():
        path = _data_path(source.data, item["loc"])
        kind, value, ctx = item["type"], item.get("input"), item.get("ctx") or {}
        if kind in ("value_error", "assertion_error"):  # printkit's validators refuse with a "printkit" error
            raise ctx["error"]  # any other error in one is a bug in printkit, not a problem of the pack
        if kind in ("union_tag_invalid", "union_tag_not_found"):
            tags = [t.strip(" '") for t in ctx.get("expected_tags", "").split(",")]
            key = ctx.get("discriminator", "").strip("'")
            if kind == "union_tag_invalid":
                found.append(
                    source.problem(
                        path + (key,),
                        f"unknown {key} '{ctx.get('tag')}'",
                        did_you_mean(str(ctx.get("tag")), tags) or "known: " + ", ".join(tags),
                    )
                )
            else:
                found.append(source.problem(path, f"missing required key '{key}'", "one of: " + ", ".join(tags)))
        elif kind == "printkit":
            found.append(source.problem(path, ctx["message"], ctx.get("hint")))
        elif kind == "extra_forbidden":
            known = _keys_at(model, tuple(item["loc"][:-1]))
            hint = (
                did_you_mean(str(path[-1]), known)
                or source.maybe_cut_texts.get(path)
                or ("known keys: " + ", ".join(known) if known else None)
            )
            found.append(source.problem(path, f"unknown key '{path[-1]}'", hint, of_key=True))
        elif kind == "missing":
            found.append(source.missing(path[:-1], str(path[-1])))
        elif kind == "literal_error":
            allowed = ctx.get("expected", "")
            options = [part.strip(" '") for part in allowed.replace(" or ", ",").split(",")]
            found.append(
                source.problem(
                    path, f"must be one of {allowed}, got {shown_value(value)}", did_you_mean(str(value), options)
                )
            )
        else:
            found.append(
                source.problem(
                    path, _MESSAGES.get(kind, item["msg"][:1].lower() + item["msg"][1:]) + f", got {shown_value(value)}"
                )
            )
    return found


_MESSAGES = {
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "list_type": "must be a list",
    "dict_type": "must be a mapping of keys",
    "model_type": "must be a mapping of keys",
    "model_attributes_type": "must be a mapping of keys",
    "string_type": "must be text",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
}


def _data_path(data: Any, loc: tuple) -> KeyPath:
    """pydantic's error location as a path through the data, leaving out union tags it inserts."""
    path: list[str | int] = []
    for part in loc:
        if isinstance(data, dict) and part in data or isinstance(data, list) and isinstance(part, int):
            data = data[part] if isinstance(data, dict) or part < len(data) else None
            path.append(part)
        elif not isinstance(data, list) and not _is_tag(part):
            path.append(part)  # a missing or extra key: still part of the path
    return tuple(path)


def _is_tag(part: Any) -> bool:
    """A tag pydantic puts into locations of discriminated unions: a rule kind or a board's grid kind."""
    return isinstance(part, str) and (part in RULE_KINDS or part in GRID_KINDS)


def _keys_at(model: type[BaseModel], path: tuple) -> list[str]:
    """The keys a model accepts at a pydantic error location, following lists, mappings and unions."""
    annotation: Any = model.model_fields["root"].annotation if issubclass(model, RootModel) else model
    for part in path:
        annotation = _unwrap(annotation)
        if _is_tag(part):  # pydantic names the member of a discriminated union it validated against
            annotation = RULE_KINDS.get(part) or GRID_KINDS[part]
        elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
            annotation = annotation.model_fields[part].annotation if part in annotation.model_fields else None
        elif typing.get_origin(annotation) in (list, dict):
            annotation = typing.get_args(annotation)[-1]
        else:
            return []
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return list(annotation.model_fields)
    return []


def _unwrap(annotation: Any) -> Any:
    """`X | None` and `Annotated[X, …]` -> X."""
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            options = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(options) != 1:
                return annotation
            annotation = options[0]
        else:
            return annotation
