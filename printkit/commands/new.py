"""`printkit new`: its argument, and a new pack with one card and its back, valid and buildable
from the start.

Takes: where the pack goes, as every command names a pack: an id (a folder under ./content) or a
folder's path (any name with a folder separator, or starting with a dot), whose last part is the id.
Returns: the new pack folder; refuses (UsageError) to touch a folder that already exists. And the
next three commands to run on it, each with what it does, printed.
"""

from __future__ import annotations

import argparse
import os
import shlex
from pathlib import Path

from printkit.base.errors import UsageError, ValueProblem
from printkit.commands.command_line import Commands

PACK_YAML = """\
# {title}: the pack's identity and the names its components may use.
id: {id}
title: {title}
defaults:
  card_size: poker        # 63 x 88 mm; also bridge, mini, tarot, euro, or 2.5in x 3.5in
  back: standard
elements:
  fire: {{name: Fire, color: "#d9552b", icon: fire}}
  water: {{name: Water, color: "#2b7bd9", icon: water}}
stats:
  attack: {{name: Attack, short: ATK}}
  defense: {{name: Defense, short: DEF}}
backs:
  standard: {{title: {title}, color: "#2f4858"}}
"""

CARDS_YAML = """\
# Components: one list per kind: cards, tiles, chips, markers, boards, sheets, and fields (a
# board's special fields; the fields: of pack.yaml declare values of your own).
# A piece may take a shape: rect (the default of cards), round, hex, polygon (with sides: 8) or
# custom (with points); corner_radius: 3mm rounds a rect's corners. printkit schema lists every key.
cards:
  - id: first-card
    name: First Card
    count: 2
    element: fire
    stats: {attack: 3, defense: 2}
    text: Write the card's rules here.
"""


def add_parser(commands: Commands, common: argparse.ArgumentParser) -> None:
    parser = commands.add_parser("new", parents=[common], help="scaffold a new pack that builds at once")
    parser.add_argument(
        "pack",
        metavar="PACK",
        help="id of the new pack under ./content (lowercase, dashes), or a path ending in it",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    root = new_pack(args.pack)
    print("\n".join([f"created {root}; next:", *next_steps(args.pack, root)]))
    return 0


def new_pack(name: str) -> Path:
    from printkit.content.fields import parse_id  # the content model, only when a pack is made
    from printkit.content.load import CONTENT_DIR, DECKS_DIR

    path = Path(name)  # a separator of the OS (a backslash on Windows too) makes it a path, as for every command
    root = path if (len(path.parts) > 1 or path.is_absolute() or name.startswith(".")) else CONTENT_DIR / name
    try:
        pack_id = parse_id(root.name)
    except ValueProblem as problem:
        raise UsageError(f"a pack id {problem.message}" + (f" ({problem.hint})" if problem.hint else "")) from None
    if root.exists():
        raise UsageError(f"{root} already exists; choose another name")
    title = pack_id.replace("-", " ").title()
    root.mkdir(parents=True)
    (root / DECKS_DIR).mkdir()
    (root / "pack.yaml").write_text(PACK_YAML.format(id=pack_id, title=title), encoding="utf-8")
    (root / "cards.yaml").write_text(CARDS_YAML, encoding="utf-8")
    return root


def next_steps(name: str, root: Path) -> list[str]:
    """The commands a newcomer runs next on the pack new_pack made of name, each with what it does."""
    pack = shlex.quote(name)  # as it was typed, so a path with spaces can be pasted back
    steps = [
        (f"printkit check {pack}", "finds every problem in it, each with its file, line and column"),
        (f"printkit build {pack}", f"writes its print-and-play PDFs to {Path('output', root.name)}{os.sep}"),
        (f"printkit serve {pack}", "shows its components in your browser, redrawn as you edit"),
    ]
    width = max(len(command) for command, _ in steps)
    return [f"  {command.ljust(width)}   {what}" for command, what in steps]
