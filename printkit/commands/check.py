"""`printkit check`: its options; packs validated and laid out, and players' lists checked against
them; the results printed as lines or as JSON.

Takes: pack names or folders, list files and `--param` values.
Returns: from `check_packs_and_lists`, the packs that loaded, a `ListReport` per list that could be
checked, and every problem of the packs (structure, references, icons, rules, and text that does
not fit, found by drawing every face that can be drawn) and of the lists, all in one run: a broken
pack does not stop the lists of the others, nor its own lists where their rule set and the
components they name loaded. Raises Problems only when the lists cannot be matched to packs. From
`run`, exit code 0 when every pack and list is fine, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.base.errors import Problem, Problems, counted, did_you_mean
from printkit.build.outputs.base import BuildOptions
from printkit.commands.command_line import Commands, print_problems, warn_of

if TYPE_CHECKING:
    from printkit.content.pack import Pack
    from printkit.rules.decklist import ListReport


def add_parser(commands: Commands, common: argparse.ArgumentParser) -> None:
    parser = commands.add_parser("check", parents=[common], help="validate packs (and deck lists)")
    parser.add_argument(
        "items",
        nargs="*",
        metavar="PACK|DECKLIST",
        help="packs (an id under ./content or a folder; none: every pack) and deck lists (YAML files) to check "
        "against their pack's rule set",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override a rule set param, e.g. points=150 (repeatable)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    list_paths = [Path(item) for item in args.items if Path(item).is_file()]
    pack_names = [item for item in args.items if not Path(item).is_file()]
    try:
        packs, reports, found = check_packs_and_lists(pack_names, list_paths, args.param)
    except Problems as error:
        if args.json:
            warn_of(error)
            print(
                json.dumps(
                    {"ok": False, "packs": [], "lists": [], "problems": [_problem_json(p) for p in error.problems]},
                    indent=2,
                )
            )
            return 1
        raise
    problems = Problems(found).problems  # in order, each once
    ok = not problems and all(report.ok for report in reports)
    if args.json:
        print(
            json.dumps(
                {
                    "ok": ok,
                    "packs": [p.id for p in packs],
                    "problems": [_problem_json(p) for p in problems],
                    "lists": [
                        {
                            "file": r.file,
                            "pack": r.pack,
                            "rules": r.rule_set,
                            "ok": r.ok,
                            "entries": r.entries,
                            "violations": [
                                {
                                    "file": line.file,
                                    "line": line.line,
                                    "column": line.column,
                                    "rule": rule,
                                    "section": section,
                                    "ids": list(ids),
                                    "message": line.message,
                                }
                                for line, rule, section, ids in r.violations
                            ],
                        }
                        for r in reports
                    ],
                },
                indent=2,
            )
        )
        return 0 if ok else 1
    for report in reports:
        for line, *_ in report.violations:
            print(line, file=sys.stderr)
    if problems:
        print_problems(problems)
    elif not reports:
        sizes = ", ".join(f"{p.id} ({counted(len(p.components), 'component')})" for p in packs)
        print(f"{counted(len(packs), 'pack')} checked: {sizes}")
    for report in reports:
        title = next(p for p in packs if p.id == report.pack).meta.rules[report.rule_set].title
        verdict = "legal" if report.ok else counted(len(report.violations), "violation")
        print(f"{report.file}: {verdict} ({title}, rule set '{report.rule_set}' of {report.pack})")
    return 0 if ok else 1


def _problem_json(problem) -> dict:
    return {
        "file": problem.file,
        "line": problem.line,
        "column": problem.column,
        "key": problem.key_path,
        "message": problem.message,
        "hint": problem.hint,
    }


def check_packs_and_lists(
    pack_names: list[str], list_paths: list[Path], params: list[str]
) -> tuple[list[Pack], list[ListReport], list[Problem]]:
    """Validate packs and lay them out, then check each list against the pack it names."""
    from printkit.build.pipeline import loaded_packs  # the stages, only when packs are checked
    from printkit.content.load import all_packs, find_pack, pack_roots
    from printkit.rules.decklist import check_list, named_pack, pack_of_list, read_list

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
