"""The preview's deck-list checker: a pasted list, or one of the pack's own, checked as `printkit check` does.

Takes: the pack as far as it loaded, the text of a list (or the name of a list in the pack's decks/
folder) and the rule set picked on the page (None: the one the list names).
Returns: a `DeckCheck`: the list's lines, each with the violations and problems placed at it, those
placed at no line, and the verdict. Lists are read and checked by printkit.rules.decklist.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from printkit.base.errors import Problem, Problems, counted, did_you_mean
from printkit.content.load import DECKS_DIR, Pack
from printkit.rules.decklist import check_list, named_pack, read_list

PASTED = "pasted list"  # the name a pasted list goes by in its messages


@dataclass
class DeckCheck:
    shown: str  # the list's name in messages
    lines: list[tuple[int, str, list[str]]]  # number, text, what is wrong there
    elsewhere: list[str] = field(default_factory=list)  # what is placed at no line of the text
    verdict: str = ""
    ok: bool = False


def pack_lists(pack: Pack) -> list[str]:
    """The file names of the lists in the pack's decks/ folder, the only ones the page may pick."""
    folder = pack.root / DECKS_DIR
    return sorted(path.name for path in folder.glob("*.yaml") if path.is_file()) if folder.is_dir() else []


def list_rule_sets(pack: Pack) -> list[str]:
    """The rule sets a list may be checked by: those with sections (one without only checks the
    pack's own component list)."""
    return [rule_set_id for rule_set_id, rule_set in pack.meta.rules.items() if rule_set.sections]


def check_pasted(pack: Pack, text: str, rules: str | None) -> DeckCheck:
    """A list pasted into the page, for this pack (it may leave out `pack:`)."""
    if not text.strip():
        return DeckCheck(PASTED, [], [], "nothing to check: paste a deck list")
    with tempfile.TemporaryDirectory(prefix="printkit-serve-") as folder:
        path = Path(folder) / "pasted.yaml"
        path.write_text(text, encoding="utf-8")
        return _checked(pack, path, PASTED, Path(folder), text, rules)


def check_pack_list(pack: Pack, name: str, rules: str | None) -> DeckCheck:
    """One of the lists of the pack's decks/ folder, read inside the pack as a build reads its files."""
    if name not in pack_lists(pack):
        return DeckCheck(name, [], [], f"not one of the lists of {pack.id}'s {DECKS_DIR}/ folder")
    path = pack.root / DECKS_DIR / name
    return _checked(pack, path, f"{DECKS_DIR}/{name}", pack.root, None, rules)


def _checked(pack: Pack, path: Path, shown: str, folder: Path, text: str | None, rules: str | None) -> DeckCheck:
    if rules is not None and rules not in list_rule_sets(pack):  # the page's own choice, at no line of the list
        known = list_rule_sets(pack)
        guess = did_you_mean(rules, known)
        hint = (f"{guess} " if guess else "") + "rule sets: " + ", ".join(known)
        picked = f"rule set picked on this page: pack '{pack.id}' has no rule set '{rules}' for lists ({hint})"
        return DeckCheck(shown, [], [picked], "1 problem: the list cannot be checked")
    problems: list[Problem] = []
    verdict, ok = "", False
    try:
        source = read_list(path, shown, folder)
        text = path.read_text(encoding="utf-8") if text is None else text
        source.data.setdefault("pack", pack.id)
        if rules:  # the rule set picked on the page goes before the one the list names
            source.data["rules"] = rules
        named = named_pack(source)
        if named != pack.id:
            raise Problems(
                [source.problem(("pack",), f"names pack '{named}', but this page checks lists of '{pack.id}'")]
            )
        report = check_list(source, pack, [])
        problems = [line for line, *_ in report.violations]
        title = pack.meta.rules[report.rule_set].title
        ok = report.ok
        verdict = f"legal ({title})" if ok else f"{counted(len(report.violations), 'violation')} ({title})"
    except Problems as error:
        problems = list(error.problems)
        verdict = f"{counted(len(problems), 'problem')}: the list cannot be checked"
    lines = (text or "").splitlines()
    at = {number: [str(p) for p in problems if p.line == number] for number in range(1, len(lines) + 1)}
    elsewhere = [str(p) for p in problems if not 1 <= p.line <= len(lines)]
    return DeckCheck(shown, [(n, line, at[n]) for n, line in enumerate(lines, 1)], elsewhere, verdict, ok)
