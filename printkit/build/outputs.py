"""What a build is asked for, and the names of what it writes.

Takes: the options of `printkit build`. Gives: `BuildOptions`, the papers and rulebook editions
a build makes, and the file name of each output (DESIGN.md's contract).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # the command line reads SHOPS without importing layout
    from printkit.layout.sheets import Duplex

Shop = Literal["single", "tgc"]
SHOPS: tuple[Shop, ...] = ("single", "tgc")  # one face a page in a PDF; The Game Crafter's PNG templates


@dataclass(frozen=True)
class BuildOptions:
    out: Path = Path("output")
    papers: tuple[str, ...] = ()  # empty: the pack's defaults.paper
    template: str | None = None  # a sheet template's name or file: its slots instead of paper (layout/templates)
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
    shops: tuple[Shop, ...] = ()  # print shops to write for besides the kits (see SHOPS)
    quiet: bool = False  # no progress display (the command leaves out its summary too)


def sheets_duplex(options: BuildOptions) -> Duplex:
    """The duplex of the components PDF's sheets: the build's, but off on a sheet template (its
    sheets are fronts alone, and label stock should not go through a duplexer)."""
    return options.duplex if options.template is None else "off"


def components_name(pack: str, language: str, paper: str) -> str:
    """The components PDF laid out on a paper, or on a sheet template (named like a paper)."""
    return f"{pack}-components-{language}-{paper}.pdf"


def single_name(pack: str, language: str) -> str:
    return f"{pack}-components-{language}-single.pdf"


def tgc_name(language: str) -> str:
    return f"shop-tgc/{language}"


def shop_name(shop: Shop, pack: str, language: str) -> str:
    """The output a build writes for a print shop (--shop), a file or a folder."""
    return single_name(pack, language) if shop == "single" else tgc_name(language)


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
