"""The checks of rulebook.yaml against the pack: placeholders that name no count, param or
limit, `{kit:…}` marks that name no kind, figures that name no component or a cell off their board,
component tables that name no section or value, inline icons printkit lacks.

Takes: a loaded `Pack` and its `Rulebook`. Returns: their problems.
"""

from __future__ import annotations

from typing import cast

from printkit.base.errors import KeyPath, Problem, did_you_mean
from printkit.content import markup
from printkit.content.braces import NUMBER
from printkit.content.components.base import Component
from printkit.content.components.boards import Board, BoardGrid
from printkit.content.fields import Translatable, marked_values
from printkit.content.load import PACK_FILE, RULEBOOK_FILE
from printkit.content.look_checks import untranslated_problem, value_problem
from printkit.content.message_key import MessageKey
from printkit.content.pack import Pack
from printkit.content.placeholders import placeholder_value
from printkit.content.provenance import rule_mark_problems
from printkit.content.rulebook_model import Placed, Rulebook, Table
from printkit.content.source import SourceFile


def rulebook_problems(pack: Pack, rulebook: Rulebook, source: SourceFile) -> list[Problem]:
    """Placeholders that name no count, param or limit, marks that name no kind of the kit's own
    content, and figures that name no component."""
    texts = [(path, text) for path, _, text in marked_values(rulebook, (), Translatable)]
    problems = rule_mark_problems(source, texts)
    for path, text in texts:
        for match in NUMBER.finditer(text):
            if placeholder_value(pack, match.group(1), match.group(2)) is None and not _names_failed(
                pack, match.group(1), match.group(2)
            ):
                problems.append(
                    source.problem(
                        path, f"'{match.group(0)}' names nothing in this pack", _placeholder_hint(pack, match.group(1))
                    )
                )
    ids = {c.id: c for c in pack.components}
    for s, section in enumerate(rulebook.sections):
        for b, block in enumerate(section.blocks):
            if block.table is not None:
                problems += _table_problems(pack, source, ("sections", s, "blocks", b, "table"), block.table)
            figure = block.figure
            if figure is None:
                continue
            where = ("sections", s, "blocks", b, "figure")
            named: list[tuple[KeyPath, str]] = [(where + ("show", i), name) for i, name in enumerate(figure.show)]
            named += [(where + ("place", i, "id"), p.id) for i, p in enumerate(figure.place)]
            named += [(where + ("place", i, "chip"), p.chip) for i, p in enumerate(figure.place) if p.chip]
            for path, name in named:
                if name not in ids and not pack.failed_part("components", name):
                    problems.append(
                        source.problem(path, f"no component '{name}' in this pack", did_you_mean(name, ids))
                    )
            board = ids.get(figure.board or "")
            if board is not None and board.holds_pieces:
                grid = cast(Board, board).grid
                for i, placed in enumerate(figure.place):
                    problems += _placed_problems(source, where + ("place", i), placed, grid)
                    misfit = grid.misfit(ids[placed.id], board.id) if placed.id in ids else None
                    if misfit:
                        problems.append(source.problem(where + ("place", i, "id"), misfit))
            elif figure.board and not pack.failed_part("components", figure.board):
                boards = [c.id for c in pack.components if c.holds_pieces]
                problems.append(
                    source.problem(
                        where + ("board",),
                        f"'{figure.board}' is not a board of this pack",
                        did_you_mean(figure.board, boards),
                    )
                )
            if not figure.show and not figure.board:
                problems.append(source.problem(where, "a figure shows components ('show') or a board ('board')"))
    return problems


def _table_problems(pack: Pack, source: SourceFile, where: KeyPath, table: Table) -> list[Problem]:
    """A component table must list components the pack has, and each column name a value they have
    that prints in the reader's language (a name, a number, a registry entry's name; not an id)."""
    # a component that failed has its own problems, and may be one the table lists
    uncertain = pack.lost_file() is not None or any(f.is_component for f in pack.failed)
    sections = {c.section for c in pack.components}
    if table.section not in sections:
        return (
            []
            if uncertain
            else [
                source.problem(
                    where + ("section",),
                    f"'{table.section}' is not a component section",
                    did_you_mean(table.section, sections),
                )
            ]
        )
    rows = table_rows(pack, table)
    if not rows:
        if uncertain:
            return []
        tags = sorted({tag for c in pack.components if c.section == table.section for tag in c.tags})
        return [
            source.problem(
                where + ("tag",),
                f"no component of '{table.section}' has the tag '{table.tag}'",
                did_you_mean(table.tag or "", tags) or (f"its tags: {', '.join(tags)}" if tags else None),
            )
        ]
    classes = list(dict.fromkeys(type(c) for c in rows))
    who = "the " + " and ".join(f"{cls.kind}s" for cls in classes) + " of the table"
    problems = []
    for i, column in enumerate(table.columns):
        shown = f"'{column.value}'"
        wrong = value_problem(pack, classes, "", column.value, shown, who)
        if not wrong and (untranslated := untranslated_problem(pack, classes, column.value, shown)):
            wrong = untranslated[0], "show a text or a number instead, e.g. name, element.name or stats.attack"
        if wrong:
            problems.append(source.problem(where + ("columns", i, "value"), *wrong))
    return problems


def table_rows(pack: Pack, table: Table) -> list[Component]:
    """The components a table lists, in the pack's order."""
    return [c for c in pack.components if c.section == table.section and (table.tag is None or table.tag in c.tags)]


def _placed_problems(source: SourceFile, path: KeyPath, placed: Placed, grid: BoardGrid) -> list[Problem]:
    """A piece of a figure must say where it lies the way its board counts cells, on a cell of the
    board, turned as tiles turn there."""
    key, other = grid.address_key, "cell" if grid.address_key == "square" else "square"
    problems = []
    if getattr(placed, other) is not None:
        problems.append(
            source.problem(
                path + (other,),
                f"a {grid.board_shape} board has no {other}s",
                f"place it with '{key}'",
            )
        )
    cell = placed.on(grid)
    if cell is None:
        if getattr(placed, other) is None:
            problems.append(source.problem(path, f"missing required key '{key}'"))
    elif off_grid := grid.off_grid(cell):
        problems.append(source.problem(path + (key,), off_grid))
    turn_problem = grid.rotation_problem(placed.rotation)
    if turn_problem:
        problems.append(source.problem(path + ("rotation",), *turn_problem))
    return problems


def rulebook_icon_problems(pack: Pack, locale: str) -> list[Problem]:
    """Inline icons printkit does not have in what the rulebook shows in locale (its own text and the
    entries its explain blocks explain), one per text as on a component: at the translation's
    catalog entry when the text is translated, else where the YAML writes it; none without a rulebook."""
    rulebook = pack.rulebook
    if rulebook is None:
        return []
    texts = [(RULEBOOK_FILE, "rulebook", path, text) for path, _, text in marked_values(rulebook, (), Translatable)]
    explained = {block.explain for section in rulebook.sections for block in section.blocks if block.explain}
    for registry in sorted(explained):
        texts += [
            (PACK_FILE, "pack", (registry, name, "text"), entry.text)
            for name, entry in getattr(pack.meta, registry).items()
            if entry.text
        ]
    problems = []
    for file, kind, path, text in texts:
        names = (run.text for run in markup.runs(text, code=True) if run.kind == "icon")
        unknown = next(filter(None, (markup.unknown_icon(name, pack.icons) for name in names)), None)
        if unknown is None:
            continue
        message, hint = f"text {unknown[0]} in locale {locale}", unknown[1]
        problems.append(pack.text_problem(MessageKey.of(kind, path), pack.source_of(file), path, message, hint))
    return problems


def _names_failed(pack: Pack, kind: str, argument: str) -> bool:
    """Whether a placeholder names a component or rule set that failed its own checks."""
    first = argument.split("/")[0]
    return pack.failed_part("components" if kind == "count" else "rules", first) is not None


def _placeholder_hint(pack: Pack, kind: str) -> str:
    examples = {
        "count": "e.g. {count:cards}, {count:tiles/island} or {count:COMPONENT-ID}",
        "param": "e.g. {param:" + next(iter(pack.meta.rules), "RULES") + "/NAME}",
        "limit": "e.g. {limit:RULES/RULE-NAME/max}",
    }
    return examples[kind]
