"""The preview's deck-list checker: a pasted list, or one of the pack's own, checked as `printkit check` does.

Takes: the pack as far as it loaded, the text of a list (or the name of a list in the pack's decks/
folder) and the rule set picked on the page (None: the one the list names).
Returns: a `DeckCheck`: the list's lines, each with the violations and problems placed at it, those
placed at no line, and the verdict. Lists are read and checked by printkit.rules.decklist. `check`
checks one and shows it (makes its page) in a child process bounded in time and memory: what a list
costs is decided by whoever wrote it, and the server holds none of its lines. A list of the pack is
read once, inside the pack and without following a link out of it.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from printkit.base import bounded
from printkit.base.confine import Refused, names_in
from printkit.base.errors import Problem, Problems, did_you_mean
from printkit.build.output_folder import is_link, open_file
from printkit.content.load import DECKS_DIR
from printkit.content.pack import Pack
from printkit.i18n import words
from printkit.rules.decklist import check_list, named_pack, read_list

PASTED = "pasted list"  # the name a pasted list goes by in its messages
# A list of 1 MiB (the most the page takes) naming 60,000 unknown cards is checked in about 2 s.
LIST_SECONDS = 20.0
LIST_MEMORY = 1024 * 2**20


@dataclass
class DeckCheck:
    shown: str  # the list's name in messages
    text: str = ""  # the list as checked
    at: dict[int, list[str]] = field(default_factory=dict)  # what is wrong, by line number
    elsewhere: list[str] = field(default_factory=list)  # what is placed at no line of the text
    verdict: tuple[str, dict] = ("", {})  # printkit's words for it (a key of words.MESSAGES) and their values
    ok: bool = False

    def said(self, own: words.OwnWords) -> str:
        """The verdict in the page's language."""
        key, values = self.verdict
        return own.form(key, values.get("count")).format(**values)

    def lines(self) -> Iterator[tuple[int, str, list[str]]]:
        """Each line of the list: its number, its text and what is wrong there."""
        for number, line in enumerate(self.text.splitlines(), 1):
            yield number, line, self.at.get(number, [])


def pack_lists(pack: Pack) -> list[str]:
    """The file names of the lists in the pack's decks/ folder, the only ones the page may pick
    (none when it is missing, or linked out of the pack)."""
    try:
        return [name for name in names_in(pack.root, pack.root / DECKS_DIR) if name.endswith(".yaml")]
    except Refused:
        return []


LIST_NAME = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$")  # an id: the file is <name>.yaml


def save_list(pack: Pack, name: str, text: str) -> str:
    """The list written as decks/<name>.yaml of the pack; returns the file name it was saved as.
    Raises Refused for a name that is not a lowercase id, a decks/ folder or file that is a link
    (or not a folder, not a regular file): written through the pack's real folder opened without
    following a link, so nothing outside decks/ is ever written, as a build writes only its own
    output folder."""
    if not LIST_NAME.match(name):
        raise Refused(f"'{name}' is no name for a deck list", "use lowercase letters, digits and dashes, as in my-deck")
    file_name = f"{name}.yaml"
    root = pack.root.resolve()
    opened = _opened_by_handle(root, file_name) if BY_HANDLE else _opened_by_path(root, file_name)
    with os.fdopen(opened, "w", encoding="utf-8") as written:
        status = os.fstat(written.fileno())
        if not stat.S_ISREG(status.st_mode) or status.st_nlink != 1:
            raise Refused(
                f"{DECKS_DIR}/{file_name} is not a file of the pack's own (a pipe, a device or a hard link)",
                "save under another name",
            )
        written.truncate()
        written.write(text)
    return file_name


# Folders held open and each step opened without following a link (POSIX); elsewhere (Windows) each
# name is looked at first and the file opened as output_folder.open_file opens a build's files.
BY_HANDLE = hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY") and {os.open, os.mkdir} <= os.supports_dir_fd
_NOT_A_FOLDER = (f"{DECKS_DIR}/ is a link or not a folder", "make it a real folder in the pack")


def _not_a_file(file_name: str) -> Refused:
    return Refused(f"{DECKS_DIR}/{file_name} is a link or not a file", "remove it, or save under another name")


def _opened_by_handle(root: Path, file_name: str) -> int:
    """The list's file opened for writing, not yet truncated (a hard link to a file elsewhere is
    refused before it is changed), through the pack's folder and decks/ held open."""
    nofollow = os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        pack_folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY | nofollow)
    except OSError as error:
        raise Refused(f"the pack's folder cannot be opened: {error.strerror}", None) from None
    try:
        try:
            os.mkdir(DECKS_DIR, dir_fd=pack_folder)
        except FileExistsError:
            pass
        try:
            decks = os.open(DECKS_DIR, os.O_RDONLY | os.O_DIRECTORY | nofollow, dir_fd=pack_folder)
        except OSError:
            raise Refused(*_NOT_A_FOLDER) from None
        try:
            return os.open(file_name, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | nofollow, 0o644, dir_fd=decks)
        except OSError:
            raise _not_a_file(file_name) from None
        finally:
            os.close(decks)
    finally:
        os.close(pack_folder)


def _opened_by_path(root: Path, file_name: str) -> int:
    """The same where the OS has no folder handles: decks/ and the file looked at before each is used."""
    decks = root / DECKS_DIR
    try:
        decks.mkdir(exist_ok=True)
        status = os.lstat(decks)
    except OSError:
        raise Refused(*_NOT_A_FOLDER) from None
    if is_link(status) or not stat.S_ISDIR(status.st_mode):
        raise Refused(*_NOT_A_FOLDER)
    try:  # a pipe or device there would hold the open where there is no O_NONBLOCK: looked at first
        if not stat.S_ISREG(os.lstat(decks / file_name).st_mode):
            raise _not_a_file(file_name)
    except FileNotFoundError:
        pass
    try:
        return open_file(decks / file_name, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        raise _not_a_file(file_name) from None


MAX_COPIES = 99  # of one component in a deck built by clicks
MAX_BUILT = 1000  # components in a deck built by clicks (the field carrying it is the browser's to send)


def pickable(pack: Pack, rules: str | None) -> list[tuple[str, str]]:
    """The components a deck of the rule set may take, as (id, name): those a section of it takes."""
    rule_set = _rule_set(pack, rules)
    return [(c.id, c.name or c.id) for c in pack.components if rule_set is None or _section_of(rule_set, c)]


def built_list(pack: Pack, rules: str | None, deck: str, add: str, remove: str) -> tuple[str, dict[str, int]]:
    """A deck built by clicks after one more: the list's text (its rule set, each component under
    the section of the rule set that takes it) and its copies by id. deck is what the page
    carried, `id:copies` apart by spaces; what names no component is dropped."""
    by_id = {c.id: c for c in pack.components}
    copies: dict[str, int] = {}
    for item in deck.split()[:MAX_BUILT]:
        component_id, _, written = item.partition(":")
        if component_id in by_id and written.isdigit() and int(written) > 0:
            copies[component_id] = min(int(written), MAX_COPIES)
    if add in by_id:
        copies[add] = min(copies.get(add, 0) + 1, MAX_COPIES)
    if remove in copies:
        copies[remove] -= 1
        if not copies[remove]:
            del copies[remove]
    rule_set_id = rules if rules in list_rule_sets(pack) else next(iter(list_rule_sets(pack)), None)
    rule_set = _rule_set(pack, rule_set_id)
    sections: dict[str, list[str]] = {}
    for component_id, count in copies.items():
        component = by_id[component_id]
        section = (_section_of(rule_set, component) if rule_set else None) or component.section
        sections.setdefault(section, []).append(f"  {component_id}: {count}")
    head = [f"pack: {pack.id}", *([f"rules: {rule_set_id}"] if rule_set_id else [])]
    body = [line for section, lines in sections.items() for line in (f"{section}:", *lines)]
    return "\n".join(head + body) + "\n", copies


def gallery_deck(
    pack: Pack, rules: str | None, deck: str, add: str, remove: str, opened: str | None, show: Callable[..., str]
) -> str:
    """The deck built by clicks in the gallery after one more (or the list of decks/ called opened,
    taken as its copies), checked as `check` checks a pasted list, and shown: show(DeckCheck,
    list text, copies by id, rule set). In a child bounded as `check`'s is."""
    try:
        work = partial(_built_checked_and_shown, pack, rules, deck, add, remove, opened, show)
        return bounded.run(work, memory=LIST_MEMORY, seconds=LIST_SECONDS)
    except bounded.OverLimit as over:
        return show(DeckCheck(PASTED, verdict=("preview-deck-over", {"over": str(over)})), "", {}, rules)


def _built_checked_and_shown(
    pack: Pack, rules: str | None, deck: str, add: str, remove: str, opened: str | None, show: Callable[..., str]
) -> str:
    if opened is not None:
        try:
            deck, rules = copies_of_list(pack, opened, rules)
        except Problems as error:
            problems = [str(problem) for problem in error.problems]
            verdict = ("preview-deck-not-opened", {"count": len(problems)})
            return show(DeckCheck(f"{DECKS_DIR}/{opened}", elsewhere=problems, verdict=verdict), "", {}, rules)
    rules = rules or next(iter(list_rule_sets(pack)), None)  # as built_list builds it
    text, copies = built_list(pack, rules, deck, add, remove)
    if not copies:
        return show(DeckCheck(PASTED, verdict=("preview-deck-empty", {})), "", {}, rules)
    return show(check_pasted(pack, text, rules), text, copies, rules)


def copies_of_list(pack: Pack, name: str, rules: str | None) -> tuple[str, str | None]:
    """A list of the pack's decks/ folder as a deck built by clicks carries it (`id:copies` apart
    by spaces), and the rule set to build it by (the page's, else the one the list names). Raises
    Problems for a list that cannot be read; what is not a count of a component is left out."""
    if name not in pack_lists(pack):
        missing = f"not one of the lists of {pack.id}'s {DECKS_DIR}/ folder"
        raise Problems([Problem(f"{DECKS_DIR}/{name}", 0, 0, "", missing)])
    source = read_list(pack.root / DECKS_DIR / name, f"{DECKS_DIR}/{name}", pack.root)
    named = source.data.get("rules")
    if rules is None and named in list_rule_sets(pack):
        rules = named
    items = [
        f"{component_id}:{count}"
        for section in source.data.values()
        if isinstance(section, dict)
        for component_id, count in section.items()
        if isinstance(component_id, str) and isinstance(count, int) and not isinstance(count, bool)
    ]
    return " ".join(items[:MAX_BUILT]), rules


def _rule_set(pack: Pack, rules: str | None):
    return pack.meta.rules.get(rules) if rules else None


def _section_of(rule_set, component) -> str | None:
    """The section of a rule set's lists that takes a component (as rules.decklist judges it), if any."""
    for name, section in rule_set.sections.items():
        if (not section.components or component.section in section.components) and (
            not section.tags or set(section.tags) & set(component.tags)
        ):
            return name
    return None


def list_rule_sets(pack: Pack) -> list[str]:
    """The rule sets a list may be checked by: those with sections (one without only checks the
    pack's own component list)."""
    return [rule_set_id for rule_set_id, rule_set in pack.meta.rules.items() if rule_set.sections]


def check(pack: Pack, name: str | None, text: str, rules: str | None, show: Callable[[DeckCheck], str]) -> str:
    """The list of the pack's decks/ folder called name, else the text pasted, checked and shown
    (show makes its page) in a child process that may take LIST_SECONDS and LIST_MEMORY at most:
    a list of a mebibyte has 250,000 lines, whose page would hold up the server (its garbage
    collector alone for half a second). A list over the limits is shown without its lines."""
    try:
        work = partial(_checked_and_shown, pack, name, text, rules, show)  # a function and values: it pickles
        return bounded.run(work, memory=LIST_MEMORY, seconds=LIST_SECONDS)
    except bounded.OverLimit as over:
        shown = f"{DECKS_DIR}/{name}" if name else PASTED
        return show(DeckCheck(shown, verdict=("preview-deck-over", {"over": str(over)})))


def _checked_and_shown(
    pack: Pack, name: str | None, text: str, rules: str | None, show: Callable[[DeckCheck], str]
) -> str:
    return show(check_pack_list(pack, name, rules) if name else check_pasted(pack, text, rules))


def check_pasted(pack: Pack, text: str, rules: str | None) -> DeckCheck:
    """A list pasted into the page, for this pack (it may leave out `pack:`)."""
    if not text.strip():
        return DeckCheck(PASTED, verdict=("preview-deck-nothing", {}))
    with tempfile.TemporaryDirectory(prefix="printkit-serve-") as folder:
        path = Path(folder) / "pasted.yaml"
        path.write_text(text, encoding="utf-8")
        return _checked(pack, path, PASTED, Path(folder), text, rules)


def check_pack_list(pack: Pack, name: str, rules: str | None) -> DeckCheck:
    """One of the lists of the pack's decks/ folder, read inside the pack as a build reads its files."""
    if name not in pack_lists(pack):
        return DeckCheck(name, verdict=("preview-deck-not-a-list", {"pack": pack.id, "folder": DECKS_DIR}))
    path = pack.root / DECKS_DIR / name
    return _checked(pack, path, f"{DECKS_DIR}/{name}", pack.root, None, rules)


def _checked(pack: Pack, path: Path, shown: str, folder: Path, text: str | None, rules: str | None) -> DeckCheck:
    """The list at path, read once (a pack's own list shows the text that was checked); text is the
    one pasted, None for a list of the pack."""
    if rules is not None and rules not in list_rule_sets(pack):  # the page's own choice, at no line of the list
        known = list_rule_sets(pack)
        guess = did_you_mean(rules, known)
        hint = (f"{guess} " if guess else "") + "rule sets: " + ", ".join(known)
        picked = f"rule set picked on this page: pack '{pack.id}' has no rule set '{rules}' for lists ({hint})"
        return DeckCheck(shown, elsewhere=[picked], verdict=("preview-deck-unchecked", {"count": 1}))
    problems: list[Problem] = []
    verdict: tuple[str, dict] = ("", {})
    ok = False
    try:
        source = read_list(path, shown, folder)
        text = source.text() if text is None else text
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
        count = len(report.violations)
        verdict = (
            ("preview-deck-legal", {"title": title})
            if ok
            else ("preview-deck-violations", {"count": count, "title": title})
        )
    except Problems as error:
        problems = list(error.problems)
        verdict = ("preview-deck-unchecked", {"count": len(problems)})
    count = len((text or "").splitlines())
    at: dict[int, list[str]] = {}
    for problem in problems:
        if 1 <= problem.line <= count:
            at.setdefault(problem.line, []).append(str(problem))
    elsewhere = [str(p) for p in problems if not 1 <= p.line <= count]
    return DeckCheck(shown, text or "", at, elsewhere, verdict, ok)
