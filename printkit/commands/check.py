"""`printkit check`: packs validated and laid out, and players' lists checked against them.

Takes: pack names or folders, list files and `--param` values.
Returns: the packs and a `ListReport` per list; raises Problems with every problem of the packs
(including text that does not fit, found by drawing every face) or of the lists.
"""

from __future__ import annotations

from pathlib import Path

from printkit.base.errors import Problems, did_you_mean
from printkit.build.outputs import BuildOptions
from printkit.build.pipeline import checked_packs, lay_out
from printkit.content.load import Pack, all_packs, find_pack, pack_roots
from printkit.rules.decklist import ListReport, check_list, named_pack, pack_of_list, read_list


def check_packs_and_lists(
    pack_names: list[str], list_paths: list[Path], params: list[str]
) -> tuple[list[Pack], list[ListReport]]:
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
    packs = checked_packs(roots)
    lay_out(packs, BuildOptions(rulebooks=False), draw_all=True)  # overflow and fit are content problems too
    by_id = {pack.id: pack for pack in packs}
    reports, problems = [], []
    for source in sources:
        try:
            reports.append(check_list(source, by_id[named[source.shown]], params))
        except Problems as error:
            problems += error.problems
    if problems:
        raise Problems(problems)
    return packs, reports
