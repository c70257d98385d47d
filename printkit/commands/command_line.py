"""What every command's module shares on the command line: the parser class, the argument types, the
packs named, and problems printed for people.

Takes: argparse's words and values, pack names, problems.
Returns: usage errors for argparse's own errors and for values that are not what an option takes
(`folder`, `languages`), the packs' folders or the packs loaded, and problems and warnings printed
one a line on stderr. Imports the content model only when a command runs, so that `printkit --help`
starts without it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from printkit.base.errors import Problems, UsageError, ValueProblem, counted

Commands = argparse._SubParsersAction  # what `add_parser` of each command's module adds its parser to


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own errors are usage errors too
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def parse_args(self, args=None, namespace=None):
        """As argparse, but PACK names may follow the options too (`i18n init --lang fr PACK`):
        argparse fills a `nargs="*"` positional before the options and has no place for them after."""
        found, extra = self.parse_known_args(args, namespace)
        if extra and isinstance(getattr(found, "packs", None), list) and not any(e.startswith("-") for e in extra):
            found.packs += extra
        elif extra:
            self.error(f"unrecognized arguments: {' '.join(extra)}")
        return found


def folder(text: str) -> Path:
    if not text.strip():  # Path("") is the current folder: outputs would land wherever the command runs
        raise argparse.ArgumentTypeError("must name a folder, got nothing")
    return Path(text)


def languages(text: str | None) -> tuple[str, ...] | None:
    """The --lang option's locales in their canonical BCP 47 spelling (pt_br is pt-BR), None when
    it is not given; a tag CLDR does not know is a usage error with the closest known tags."""
    if not text:
        return None
    from printkit.content.fields import parse_language
    from printkit.i18n.pseudo import CODE as PSEUDO

    tags = []
    for part in (part.strip() for part in text.split(",") if part.strip()):
        try:
            tags.append(part if part == PSEUDO else parse_language(part))
        except ValueProblem as problem:
            raise UsageError(f"--lang: {problem.message} ({problem.hint})") from None
    return tuple(tags)


def roots(names: list[str]) -> list[Path]:
    """The folders of the packs named (ids under ./content or paths); none: every bundled pack."""
    from printkit.content.load import pack_roots

    return pack_roots(names)


def loaded(names: list[str]) -> list:
    """The packs named, loaded and validated (every problem raised at once)."""
    from printkit.content.read import load_checked

    return load_checked(roots(names))


def warn_of(error: Problems) -> None:
    """The warnings found on the way to the problems, printed as a pack that loads prints them."""
    from printkit.build.warnings import warn

    for warning in error.warnings:
        warn(str(warning))


def print_problems(problems: list) -> None:
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{counted(len(problems), 'problem')} found", file=sys.stderr)
