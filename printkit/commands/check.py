"""`printkit check`: packs validated and laid out, and players' lists checked against them.

Takes: pack names or folders, list files and `--param` values.
Returns: the packs that loaded, a `ListReport` per list that could be checked, and every problem of
the packs (structure, references, icons, rules, and text that does not fit, found by drawing every
face that can be drawn) and of the lists, all in one run: a broken pack does not stop the lists of
the others, nor its own lists where their rule set and the components they name loaded. Raises
Problems only when the lists cannot be matched to packs.
"""

from __future__ import annotations

from pathlib import Path

from printkit.base.errors import Problem, Problems, did_you_mean
from printkit.build.outputs import BuildOptions
from printkit.build.pipeline import loaded_packs
from printkit.content.load import all_packs, find_pack, pack_roots
from printkit.content.pack import Pack
from printkit.rules.decklist import ListReport, check_list, named_pack, pack_of_list, read_list


def check_packs_and_lists(
    pack_names: list[str], list_paths: list[Path], params: list[str]
) -> tuple[list[Pack], list[ListReport], list[Problem]]:
    """Validate packs and lay them out, then check each list against the pack it names."""
    sources = [read_list(path) for path in list_paths]
    named = {source.shown: named_pack(source) for source in sources}
    roots = [find_pack(name) for name in pack_names] if pack_names or sources else pack_roots([])
    given = {root.resolve().name for root in roots}
    problems = []
    for source in sources:
        if given and pack_names and named[source.shown] not in given:
            problems.append(
                source.problem(
                    ("pack",),
                    f"names pack '{named[source.shown]}', but it was checked against {', '.join(sorted(given))}",
                    "name the pack the list is for",
                )
            )
    if problems:
        raise Problems(problems)
    for source in sources:
        pack_id = named[source.shown]
        if pack_id in given:
            continue
        root = pack_of_list(source.path, pack_id)
        if root is None:
            known = [p.name for p in all_packs()]
            problems.append(
                source.problem(
                    ("pack",), f"no pack '{pack_id}' beside this list or under content/", did_you_mean(pack_id, known)
                )
            )
        else:
            roots.append(root)
            given.add(pack_id)
    if problems:
        raise Problems(problems)
    # overflow and fit are content problems too
    loaded, problems = loaded_packs(roots, BuildOptions(rulebooks=False), draw_all=True)
    packs = [each.pack for each in loaded if each.pack is not None]
    by_id = {pack.id: pack for pack in packs}
    reports = []
    for source in sources:
        pack = by_id.get(named[source.shown])
        if pack is None:  # its pack.yaml failed: its problems say why
            continue
        try:
            reports.append(check_list(source, pack, params))
        except Problems as error:
            problems += error.problems
    return packs, reports, problems
