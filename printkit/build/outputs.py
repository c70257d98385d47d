"""What a build is asked for, and the names of what it writes.

Takes: the options of `printkit build`. Gives: `BuildOptions`, the papers and rulebook editions
a build makes, and the file name of each output (DESIGN.md's contract).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.layout.imposition import Duplex


@dataclass(frozen=True)
class BuildOptions:
    out: Path = Path("output")
    papers: tuple[str, ...] = ()  # empty: the pack's defaults.paper
    languages: tuple[str, ...] | None = None  # None: every locale the pack declares
    duplex: Duplex = "long"
    bleed: float = 0.0
    png: bool = False
    pdfx: bool = False  # also a CMYK PDF/X-4 of each components PDF, for print shops
    cut_svg: bool = False  # also each sheet's cut paths as SVG, for cutting machines
    ink_saver: bool = False
    strict: bool = False
    rulebooks: bool = True
    booklet: bool = False
    force: bool = False
    jobs: int | None = None  # worker processes; None: one per core


def components_name(pack: str, language: str, paper: str) -> str:
    return f"{pack}-components-{language}-{paper}.pdf"


def pdfx_name(pack: str, language: str, paper: str) -> str:
    return f"{pack}-components-{language}-{paper}-pdfx.pdf"


def cut_svg_name(language: str, paper: str) -> str:
    """The folder of a components PDF's cut paths, one SVG per sheet (page-NN.svg, NN its page in the PDF)."""
    return f"cut-svg/{language}-{paper}"


def png_name(language: str) -> str:
    return f"png/{language}"


def rulebook_name(pack: str, edition: list[str]) -> str:
    return f"{pack}-rulebook-{'-'.join(edition)}.pdf"


def editions(languages: list[str], source: str, declared: list[list[str]] | None) -> list[list[str]]:
    """The rulebook editions of a build: one per language built, always, and the editions in two or
    more languages that pack.yaml declares whose languages are all built; when it declares none, the
    source language followed by each other language, if the source is built too."""
    if declared is None:
        declared = [[source, lang] for lang in languages if lang != source]
    return [[lang] for lang in languages] + [edition for edition in declared if set(edition) <= set(languages)]


def papers_of(options, default: str) -> tuple[str, ...]:
    """The papers a build lays out on: those asked for, else the pack's default."""
    return tuple(options.papers) or (default,)
