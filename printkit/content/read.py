"""A pack folder read into a checked pack: the entry points of stage 1.

Takes: a pack's folder. Returns: `load_partial`: a `Loaded` with every problem, the components that
cannot be drawn (`Unfit`) and the pack of those that can; `load_checked`: the packs, or `Problems`
with every problem of every pack.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from printkit.base.errors import KeyPath, Problem, Problems
from printkit.content.load import PACK_FILE, load_parts
from printkit.content.looks import lineage
from printkit.content.pack import Pack
from printkit.content.validate import validate_pack


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
