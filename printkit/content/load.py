"""Load a content pack: find its files, read them, and validate each against the content model.

Takes: a pack id under ./content or a path to a pack folder.
Returns: a `Pack` (metadata, components with their origins, the read sources) once every file
validated; otherwise raises `Problems` with every problem of every file, each placed at the line
and column of the YAML that caused it.
"""

from __future__ import annotations

import os
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, RootModel, ValidationError

from printkit.base.errors import KeyPath, Problem, Problems, UsageError, did_you_mean, display_path, shown_value
from printkit.content.looks import Declared, LooksFile, builtin_looks
from printkit.content.message_key import MessageKey
from printkit.content.model import (
    COMPONENT_KINDS,
    GRID_KINDS,
    Component,
    Origin,
    PackMeta,
    Rulebook,
    component_file_model,
    component_schema,
    pack_model,
)
from printkit.content.rules import RULE_KINDS
from printkit.content.source import SourceFile, read_yaml
from printkit.content.spreadsheet import SPREADSHEET_SUFFIXES, read_spreadsheet

Kind = TypeVar("Kind", bound=Component)

CONTENT_DIR = Path("content")
PACK_FILE = "pack.yaml"
RULEBOOK_FILE = "rulebook.yaml"
LOOKS_DIR = "looks"


@dataclass
class Pack:
    root: Path
    meta: PackMeta
    components: list[Component]
    sources: dict[str, SourceFile] = field(default_factory=dict)
    rulebook: Rulebook | None = None
    # the PO file and line of each translated string in use
    translated_from: dict[MessageKey, tuple[str, int]] = field(default_factory=dict)
    # every look its components may name: printkit's built-in ones, pack.yaml's and the looks/ folder's
    looks: dict[str, Declared] = field(default_factory=dict)
    # what validate finds doubtful but not wrong (a look no component uses); build and check print them
    warnings: list[Problem] = field(default_factory=list)
    # text and icons of the pack's looks inside the safe zone: warnings, problems with build --strict
    unsafe: list[Problem] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.meta.id

    def source_of(self, name: str) -> SourceFile:
        """The read file of the pack's folder with this name (pack.yaml, rulebook.yaml)."""
        return next(source for source in self.sources.values() if source.path.name == name)

    @staticmethod
    def kind_in(section: str) -> str:
        """The kind of component a section of component files holds, e.g. 'card' in cards."""
        return COMPONENT_KINDS[section].kind

    def of_kind(self, cls: type[Kind]) -> list[Kind]:
        return [c for c in self.components if isinstance(c, cls)]

    def text_problem(
        self, key: MessageKey, source: SourceFile, path: KeyPath, message: str, hint: str | None
    ) -> Problem:
        """A problem with a text as shown: at its translation's line in the PO file when it is
        translated, else at path in source, where the YAML writes it."""
        translated = self.translated_from.get(key)
        if translated:
            return Problem(*translated, 1, key.msgctxt, message, hint)
        return source.problem(path, message, hint)


def find_pack(name: str) -> Path:
    """A pack folder from an id under ./content or a path; raises Problems naming what exists."""
    candidate = Path(name)
    if (candidate / PACK_FILE).is_file():
        return candidate
    under_content = CONTENT_DIR / name
    if (under_content / PACK_FILE).is_file():
        return under_content
    known = [p.parent.name for p in sorted(CONTENT_DIR.glob(f"*/{PACK_FILE}"))]
    hint = did_you_mean(name, known) or (f"packs here: {', '.join(known)}" if known else "no packs under ./content")
    raise UsageError(f"'{name}' is not a pack: no {PACK_FILE} there or under {CONTENT_DIR}/ ({hint})")


def all_packs() -> list[Path]:
    return [p.parent for p in sorted(CONTENT_DIR.glob(f"*/{PACK_FILE}"))]


def pack_roots(names: list[str]) -> list[Path]:
    """The packs named on the command line, or every pack under ./content when none is named."""
    roots = [find_pack(name) for name in names] if names else all_packs()
    if not roots:
        raise UsageError(f"no packs under ./{CONTENT_DIR}; name a pack folder or create one with 'printkit new'")
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


def load_pack(root: Path) -> Pack:
    problems: list[Problem] = []
    warnings: list[Problem] = []
    sources: dict[str, SourceFile] = {}
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
    meta = _validate(pack_model(), meta_source, problems)
    if meta is not None and meta.id != root.resolve().name:
        problems.append(
            meta_source.problem(("id",), f"must equal the pack folder's name '{root.resolve().name}', got '{meta.id}'")
        )

    components: list[Component] = []
    file_model = component_file_model()
    fields_sets: dict[frozenset[str], set[str]] = {}
    for path in component_files(root):
        source = read(path)
        if source.data == {}:
            problems.append(
                source.problem((), "has no components", "start it with a section: " + ", ".join(COMPONENT_KINDS))
            )
        parsed = _validate(file_model, source, problems)
        if parsed is None:
            continue
        for section in COMPONENT_KINDS:
            for index, component in enumerate(getattr(parsed, section)):
                object.__setattr__(component, "origin", Origin(file=source.shown, path=(section, index)))
                _share_fields_set(component, fields_sets)
                components.append(component)

    looks = dict(builtin_looks())
    declared: list[tuple[SourceFile, KeyPath, dict]] = [(meta_source, ("looks",), meta.looks if meta else {})]
    declared += [
        (source, (), getattr(_validate(LooksFile, source, problems), "root", {}))
        for source in map(read, look_files(root))
    ]
    for source, at, pack_looks in declared:
        for look_id, look in pack_looks.items():
            if look_id in looks:
                problems.append(
                    source.problem(at + (look_id,), *_look_taken(looks[look_id], look_id, sources), of_key=True)
                )
            else:
                looks[look_id] = Declared(look, source.shown, at + (look_id,))

    rulebook = None
    if os.path.lexists(root / RULEBOOK_FILE):  # a folder or a link of that name is refused, not passed over
        rulebook = _validate(Rulebook, read(root / RULEBOOK_FILE), problems)

    if problems or meta is None:
        raise Problems(problems, warnings)
    return Pack(root, meta, components, sources, rulebook, looks=looks, warnings=warnings)


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


def _validate(model: type[BaseModel], source: SourceFile, problems: list[Problem]) -> Any:
    if source.data is None:
        return None
    try:
        validated = model.model_validate(source.data)
    except ValidationError as error:
        problems.extend(_translate(error, model, source))
        return None
    source.data = None  # the models hold it now; a big deck need not be in memory twice
    return validated


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
            hint = did_you_mean(str(path[-1]), known) or ("known keys: " + ", ".join(known) if known else None)
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
