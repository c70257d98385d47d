"""The plan of a build: the outputs it would write for a pack, each with its cache key, worked out
from the pack's files before the pack is loaded (so an up-to-date pack is never loaded).

Takes: a pack folder and the build options.
Returns: the pack's id and, for every output kind the options ask for (build.outputs.KINDS), the
name of each output and a key (build.cache.key) of everything it depends on: the pack's content
files, the catalogs of its languages, the sheet template, the pack's own rulebook templates and the
options that change it, as the kind says. None when pack.yaml has a problem (the build reports it).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from printkit.base.errors import ValueProblem
from printkit.base.languages import UnknownLanguage
from printkit.build.cache import Manifest, Output, files_of, hash_files, key
from printkit.build.outputs.base import (
    BookKind,
    BuildOptions,
    FacesKind,
    PackPlan,
    SheetsKind,
    kinds_of,
    papers_of,
    sheets_duplex,
)
from printkit.content.fields import parse_id
from printkit.content.source import read_yaml
from printkit.i18n.extract import message_folder
from printkit.layout.templates import PACK_FOLDER as TEMPLATES_FOLDER
from printkit.layout.templates import template_path

# pack folders that only some outputs (or none) read; a sheet template's file is hashed into the
# outputs laid out on it
NOT_CONTENT = ("locales", "templates", "decks", TEMPLATES_FOLDER)


def plan(root: Path, options: BuildOptions) -> tuple[str, list[Output]] | None:
    """The pack's id and the outputs a build of it would write, or None when its pack.yaml has a
    problem (the build then reports it)."""
    facts = _pack_facts(root)
    if facts is None:
        return None
    pack_id, source, locales, declared, paper = facts
    papers = papers_of(options, paper)
    layouts, template = papers, ""  # what components are laid out on, and the template file's hash
    if options.template is not None:
        path = template_path(options.template, root)
        layouts, template = (path.stem,), hash_files([path], path.parent)
    content = hash_files(
        [p for p in files_of(root) if p.relative_to(root).parts[0] not in NOT_CONTENT and not p.name.startswith(".")],
        root,
    )

    @cache
    def catalog(language: str) -> str:
        """The language's catalogs: its folder as gettext names it (pt_BR), with printkit.po if any."""
        if language == source:
            return ""
        try:
            folder = message_folder(root / "locales", language).parent
        except UnknownLanguage:  # not a language: the build refuses it
            folder = root / "locales" / language
        return hash_files(files_of(folder), root)

    pack = PackPlan(
        pack_id=pack_id,
        source=source,
        declared=declared,
        papers=papers,
        content=content,
        template=template,
        catalog=catalog,
        rulebook_templates=lambda: hash_files(files_of(root / "templates"), root),
        has_rulebook=(root / "rulebook.yaml").is_file(),
        options=options,
    )
    languages = list(options.languages or locales)
    chosen = _chosen(options, pack_id)
    outputs = []
    for language in languages:
        for layout in layouts:
            sheets = (
                content,
                catalog(language),
                language,
                layout,
                template,
                sheets_duplex(options),
                options.bleed,
                options.ink_saver,
            )
            for kind in kinds_of(SheetsKind, options):
                name = kind.name_of(pack_id, language, layout)
                outputs.append(Output(name, key(*sheets, *kind.key_of(pack), *chosen)))
        for kind in kinds_of(FacesKind, options):
            selection = chosen if kind.follows_selection else ()
            outputs.append(Output(kind.name_of(pack_id, language), key(*kind.key_of(pack, language), *selection)))
    for kind in kinds_of(BookKind, options):
        outputs += [Output(name, key(*parts)) for name, parts in kind.planned(pack, languages)]
    return pack_id, outputs


def _chosen(options: BuildOptions, pack_id: str) -> tuple:
    """What a part of the kit (build.selection) hashes into the keys of its sheets' outputs: the names
    --only gives and the record --changed-since reads; nothing for a whole kit."""
    chosen: tuple = (("only", sorted(options.only)),) if options.only else ()
    if options.changed_since is not None:  # read as the manifest is, never through a link
        chosen += (("changed-since", Manifest(options.changed_since / pack_id).entries),)
    return chosen


def _pack_facts(root: Path) -> tuple[str, str, list[str], list[list[str]] | None, str] | None:
    """The id, source language, locales, editions and default paper that pack.yaml gives, or None when what
    the plan needs of it is not what the loader accepts (the loader reports why)."""
    # read as the loader reads it (libyaml, with its limits); problems are the loader's to report
    meta = read_yaml(root / "pack.yaml", "pack.yaml", root).data
    if not isinstance(meta, dict):
        return None
    try:
        pack_id = parse_id(meta.get("id"))
    except ValueProblem:
        return None
    locales, defaults, declared = meta.get("locales", ["en"]), meta.get("defaults") or {}, meta.get("editions")
    if pack_id != root.resolve().name or not isinstance(locales, list) or not isinstance(defaults, dict):
        return None  # an id is never a path here
    if declared is not None and not (isinstance(declared, list) and all(isinstance(e, list) for e in declared)):
        return None
    editions = None if declared is None else [[str(lang) for lang in edition] for edition in declared]
    return (
        pack_id,
        str(meta.get("language", "en")),
        [str(lang) for lang in locales],
        editions,
        str(defaults.get("paper", "a4")),
    )
