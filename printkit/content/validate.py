"""Check a loaded pack as a whole: ids, references, rule sets, components, looks and the rulebook.

Takes: a `Pack` of the parts of its files that passed the content model (`load_partial` takes a folder).
Returns: the problems of the pack: every duplicate id,
every reference to an undeclared element, rarity, stat, terrain, back or icon (inline icons in
rulebook text too; a translation keeps the English icons or is not printed), every
art or font file that is missing, lies outside the pack or is not what it should be (a font family's
licence too), field declarations that make no sense and `data:` values that name no declared field
or do not fit theirs, what each rule and each component finds wrong
with itself (`Rule.problems`, `Component.problems`: a board's printed squares, a corner radius), `kit:`
marks that name no kind or no value, rulebook placeholders, marks and figures that name nothing (or
a square off their board), and looks that name no look, extend none or go round in a circle, or whose placeholders, fonts, icons, images and boxes do
not fit the components using them. What is doubtful but not wrong (a look no component uses) goes
to `pack.warnings`. What names a part that failed its own checks is not a problem: that part's are.
`load_partial` loads and validates a folder as far as it goes: a `Loaded` with every problem, the
components that cannot be drawn and the pack of those that can; `load_checked` raises `Problems`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial

from printkit.base.errors import KeyPath, Problem, did_you_mean
from printkit.content.components import COMPONENT_KINDS
from printkit.content.components.base import Component
from printkit.content.fields import Ref, marked_values
from printkit.content.load import PACK_FILE, RULEBOOK_FILE
from printkit.content.look_checks import look_findings
from printkit.content.pack import Failed, Pack
from printkit.content.pack_files import art_findings, font_problems
from printkit.content.pack_meta import FIELD_REFS, FieldDecl
from printkit.content.provenance import kit_problems
from printkit.content.rulebook_checks import rulebook_icon_problems, rulebook_problems
from printkit.content.rules import RuleSite, TilePlacement
from printkit.content.source import SourceFile


def validate_pack(pack: Pack) -> list[Problem]:
    """Every problem of the pack as a whole (see the module's docstring). What names a part that
    failed its own checks (pack.failed) is not a problem of its own: that part's problems say it."""
    problems = _duplicate_ids(pack) + _file_name_clashes(pack)
    meta_source = pack.source_of(PACK_FILE)
    problems += _duplicate_locales(pack, meta_source)
    art = cache(partial(art_findings, pack.root.resolve()))  # a deck shows the same art many times
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
    problems += font_problems(pack, meta_source)
    for component in pack.components:
        problems += component.problems(pack.sources[component.origin.file], pack.meta.defaults)
        problems += kit_problems(component, pack.sources[component.origin.file])
    if pack.rulebook is not None:
        problems += rulebook_problems(pack, pack.rulebook, pack.source_of(RULEBOOK_FILE))
        problems += rulebook_icon_problems(pack, pack.meta.language)
    look_problems, look_warnings = look_findings(pack, art)
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


def _file_name_clashes(pack: Pack) -> list[Problem]:
    """An id whose image files (png/, shop-tgc/: `<id>.png`, `<id>-back.png`) would take the name of
    another component's back, or of a Tabletop Simulator sheet (`tts-<section>-<back>-<n>.png`)."""
    ids = {c.id for c in pack.components}
    problems = []
    for component in pack.components:
        base = component.id.removesuffix("-back")
        if base != component.id and base in ids:
            message = f"id '{component.id}' is the name of the back of '{base}' in image exports"
        elif component.id.startswith("tts-"):
            message = f"id '{component.id}' starts as the names of Tabletop Simulator deck sheets in image exports do"
        else:
            continue
        at = component.origin.path + ("id",)
        problems.append(pack.sources[component.origin.file].problem(at, message, "choose another id"))
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
    if ref.registry == "icons":
        if value in pack.icons:
            return []
        return [problem(f"'{value}' is not declared in {pack.icons.of_whom()}", pack.icons.hint(value))]
    known = getattr(pack.meta, ref.registry)
    if value in known or pack.failed_part(ref.registry, value):
        return []
    where = f"{PACK_FILE} {ref.registry}"
    hint = did_you_mean(value, known) or (
        f"declared: {', '.join(sorted(known))}" if known else f"{where} declares none"
    )
    return [problem(f"'{value}' is not declared in {where}", hint)]
