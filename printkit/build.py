"""Build kits: gather every pack's pages first, then write each PDF atomically.

Takes: pack folders and the build options of `printkit build`.
Returns: the paths written. Nothing is written unless every pack, locale and paper laid out
without problems; each file is written under a temporary name and renamed into place, so an
interrupted build never leaves a half-written PDF and earlier outputs stay intact.
"""

from __future__ import annotations

import os
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from .errors import Problems, UsageError
from .layout import Duplex, Page, SheetOptions, impose
from .load import Pack, load_pack
from .render import render_pdf
from .validate import validate_pack


@dataclass(frozen=True)
class BuildOptions:
    out: Path = Path("output")
    papers: tuple[str, ...] = ("a4",)
    languages: tuple[str, ...] | None = None  # None: every locale the pack declares
    duplex: Duplex = "long"
    bleed: float = 0.0


def load_checked(roots: list[Path]) -> list[Pack]:
    """Load and validate every pack, raising one Problems with all of their problems."""
    packs, problems = [], []
    for root in roots:
        try:
            pack = load_pack(root)
            validate_pack(pack)
            packs.append(pack)
        except Problems as error:
            problems += error.problems
    if problems:
        raise Problems(problems)
    return packs


def lay_out(packs: list[Pack], options: BuildOptions) -> list[tuple[Path, Pack, str, list[Page]]]:
    """Every components PDF to write, with its pages; raises Problems for all layout problems."""
    jobs, problems = [], []
    for pack in packs:
        languages = options.languages or tuple(pack.meta.locales)
        unknown = [lang for lang in languages if lang not in pack.meta.locales]
        if unknown:
            raise UsageError(f"pack '{pack.id}' is not translated to {', '.join(unknown)}; "
                             f"it declares: {', '.join(pack.meta.locales)}")
        for language in languages:
            for paper in options.papers:
                target = options.out / pack.id / f"{pack.id}-components-{language}-{paper}.pdf"
                try:
                    sheets = SheetOptions(paper, options.duplex, options.bleed)
                    jobs.append((target, pack, language, impose(pack, language, sheets)))
                except Problems as error:
                    problems += error.problems
    if problems:
        raise Problems(problems)
    return jobs


def build(roots: list[Path], options: BuildOptions) -> list[Path]:
    jobs = lay_out(load_checked(roots), options)
    written = []
    for target, pack, language, pages in jobs:
        with atomic_target(target) as temporary:
            render_pdf(pages, temporary, title=f"{pack.meta.title} — print-and-play kit",
                       subject=f"{pack.id} {target.stem}", lang=language, duplex=options.duplex)
        written.append(target)
        if sys.stderr.isatty():
            print(f"wrote {target}", file=sys.stderr)
    return written


@contextmanager
def atomic_target(target: Path) -> Iterator[Path]:
    """A temporary path beside target that replaces target only when the block succeeds."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
