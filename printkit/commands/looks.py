"""`printkit looks`: its actions and their arguments, and what each prints.

Takes: `list [PACK]`, `show ID [--pack PACK]`, `widgets` or `icons [PACK]`.
Returns: exit code 0 and the lines of commands/look_listing.py printed: the looks there are, one
look's YAML, the widgets a look can place, or the icons texts and looks can name.
"""

from __future__ import annotations

import argparse

from printkit.commands.command_line import Commands, Parser, loaded


def add_parser(commands: Commands, common: argparse.ArgumentParser) -> None:
    parser = commands.add_parser("looks", parents=[common], help="the looks components are drawn with")
    actions = parser.add_subparsers(dest="action", required=True, parser_class=Parser)
    listed = actions.add_parser(
        "list", parents=[common], help="printkit's built-in looks, and with PACK the pack's own and who uses each"
    )
    listed.add_argument("pack", nargs="?", metavar="PACK", help="pack id under ./content or a pack folder")
    shown = actions.add_parser(
        "show", parents=[common], help="print a look's YAML, to copy into a pack's looks/ folder"
    )
    shown.add_argument("id", metavar="ID", help="the look's id (printkit looks list names them)")
    shown.add_argument("--pack", metavar="PACK", help="also look among this pack's own looks")
    actions.add_parser("widgets", parents=[common], help="the widgets a look can place, with what they draw")
    icons = actions.add_parser(
        "icons", parents=[common], help="the icons [NAME] and icon: can name: printkit's, and with PACK the pack's own"
    )
    icons.add_argument("pack", nargs="?", metavar="PACK", help="pack id under ./content or a pack folder")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.commands import look_listing

    if args.action == "widgets":
        lines = look_listing.widget_lines()
    elif args.action == "icons":
        lines = look_listing.icon_lines(loaded([args.pack])[0] if args.pack else None)
    else:
        pack = loaded([args.pack])[0] if args.pack else None  # list's PACK or show's --pack
        lines = look_listing.listing(pack) if args.action == "list" else [look_listing.source(args.id, pack)]
    print("\n".join(lines).rstrip("\n"))
    return 0
