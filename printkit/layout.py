"""Imposition: every copy of every component placed on printable pages, fronts and their backs.

Takes: a validated `Pack`, the locale, the paper name and the duplex flip edge.
Returns: `Page`s whose placements carry each face's drawing and trim box in millimetres (origin at
the page's bottom-left), and the cut marks; or raises `Problems` (text overflow, missing glyphs,
components larger than the paper). Components are grouped by kind and size; each group fills
a grid centred on the page. A back page follows each front page that holds faces with backs, with
every back placed where its front lands when the sheet is flipped on the chosen edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import groupby
from typing import Literal

from .draw import Circle, Line, Shape, Text
from .errors import Problems
from .load import Pack
from .looks import Drawing, LookContext, look_of, shape_of
from .model import COMPONENT_KINDS, Component
from .units import Size

PAPERS = {"a4": Size(210.0, 297.0), "letter": Size(215.9, 279.4)}
MARGIN = 10.0  # home printers cannot print the outer ~5 mm; crop marks live in the rest
ROUND_GAP = 3.0  # round pieces are cut one by one, so they need room between them
CUT_GREY = "#9a9a9a"
Duplex = Literal["long", "short"]


@dataclass(frozen=True)
class Placement:
    component: Component
    face: Literal["front", "back"]
    x: float
    y: float
    width: float
    height: float
    shape: Literal["rect", "round"]
    drawing: Drawing


@dataclass
class Page:
    size: Size
    side: Literal["front", "back"]
    placements: list[Placement] = field(default_factory=list)
    marks: list[Shape] = field(default_factory=list)


@dataclass(frozen=True)
class _Piece:
    component: Component
    size: Size
    shape: Literal["rect", "round"]
    front: Drawing
    back: Drawing | None


def impose(pack: Pack, locale: str, paper: str, duplex: Duplex = "long") -> list[Page]:
    paper_size = PAPERS[paper]
    ctx = LookContext(pack, locale)
    pieces = []
    for component in pack.components:
        look = look_of(component)
        size = look.size(component, pack)
        pieces.append(_Piece(component, size, shape_of(component), look.front(ctx, component, size),
                             look.back(ctx, component, size)))
    problems = ctx.problems + [_too_large(pack, p, paper, paper_size) for p in pieces if not _fits(p.size, paper_size)]
    if problems:
        raise Problems(problems)

    sections = list(COMPONENT_KINDS)
    order = sorted(pieces, key=lambda p: (sections.index(p.component.section), -p.size.width * p.size.height,
                                          p.size, p.shape))
    pages: list[Page] = []
    for _, group in groupby(order, key=lambda p: (p.component.section, p.size, p.shape)):
        copies = [piece for piece in group for _ in range(piece.component.count)]
        if copies:
            pages += _grid_pages(copies, paper_size, duplex)
    for number, page in enumerate(pages, 1):
        page.marks.append(_footer(pack, page, number, len(pages)))
    return pages


def _fits(size: Size, paper: Size) -> bool:
    return size.width <= paper.width - 2 * MARGIN and size.height <= paper.height - 2 * MARGIN


def _too_large(pack: Pack, piece: _Piece, paper: str, paper_size: Size):
    source = pack.sources[piece.component.origin.file]
    w, h = piece.size
    return source.problem(piece.component.origin.path,
                          f"{piece.component.kind} '{piece.component.id}' is {w:g} x {h:g} mm, larger than the "
                          f"printable area of {paper.upper()} paper ({paper_size.width - 2 * MARGIN:g} x "
                          f"{paper_size.height - 2 * MARGIN:g} mm)", "make it smaller")


def _grid_pages(copies: list[_Piece], paper: Size, duplex: Duplex) -> list[Page]:
    w, h = copies[0].size
    shape = copies[0].shape
    gap = ROUND_GAP if shape == "round" else 0.0
    columns = int((paper.width - 2 * MARGIN + gap) // (w + gap))
    rows = int((paper.height - 2 * MARGIN + gap) // (h + gap))
    left = (paper.width - (columns * (w + gap) - gap)) / 2
    top = paper.height - (paper.height - (rows * (h + gap) - gap)) / 2
    per_page = columns * rows
    pages = []
    for start in range(0, len(copies), per_page):
        front = Page(paper, "front")
        for index, piece in enumerate(copies[start:start + per_page]):
            row, column = divmod(index, columns)
            x, y = left + column * (w + gap), top - (row + 1) * h - row * gap
            front.placements.append(Placement(piece.component, "front", x, y, w, h, shape, piece.front))
        front.marks = _cut_marks(front.placements, paper)
        pages.append(front)
        backs = [(p, piece.back) for p, piece in zip(front.placements, copies[start:start + per_page]) if piece.back]
        if backs:
            pages.append(_back_page(backs, front.marks, paper, duplex))
    return pages


def _back_page(backs: list[tuple[Placement, Drawing]], marks: list[Shape], paper: Size, duplex: Duplex) -> Page:
    """Backs where their fronts land after the sheet is flipped on the long or the short edge."""
    page = Page(paper, "back")
    for front, drawing in backs:
        x, y = _flip_box(front.x, front.y, front.width, front.height, paper, duplex)
        page.placements.append(replace(front, face="back", x=x, y=y, drawing=drawing))
    for mark in marks:
        if isinstance(mark, Line):
            x1, y1 = _flip_box(mark.x1, mark.y1, 0, 0, paper, duplex)
            x2, y2 = _flip_box(mark.x2, mark.y2, 0, 0, paper, duplex)
            page.marks.append(replace(mark, x1=x1, y1=y1, x2=x2, y2=y2))
    return page


def _flip_box(x: float, y: float, w: float, h: float, paper: Size, duplex: Duplex) -> tuple[float, float]:
    """Portrait sheets: the long edge is vertical, so a long-edge flip mirrors x, a short-edge flip y."""
    if duplex == "long":
        return paper.width - x - w, y
    return x, paper.height - y - h


def _cut_marks(placements: list[Placement], paper: Size) -> list[Shape]:
    """Crop marks in the margin at every cut, hairlines on every trim edge, circles round chips."""
    marks: list[Shape] = []
    if placements[0].shape == "round":
        for p in placements:
            marks.append(Circle(p.x + p.width / 2, p.y + p.height / 2, p.width / 2, stroke=CUT_GREY, line_width=0.15))
        return marks
    xs = sorted({round(v, 4) for p in placements for v in (p.x, p.x + p.width)})
    ys = sorted({round(v, 4) for p in placements for v in (p.y, p.y + p.height)})
    low, high = min(ys), max(ys)
    left, right = min(xs), max(xs)
    reach = MARGIN - 3
    for x in xs:
        marks += [Line(x, high + 1.5, x, high + 1.5 + reach, line_width=0.25),
                  Line(x, low - 1.5, x, low - 1.5 - reach, line_width=0.25)]
    for y in ys:
        marks += [Line(left - 1.5, y, left - 1.5 - reach, y, line_width=0.25),
                  Line(right + 1.5, y, right + 1.5 + reach, y, line_width=0.25)]
    for p in placements:
        for x1, y1, x2, y2 in ((p.x, p.y, p.x + p.width, p.y), (p.x, p.y + p.height, p.x + p.width, p.y + p.height),
                               (p.x, p.y, p.x, p.y + p.height), (p.x + p.width, p.y, p.x + p.width, p.y + p.height)):
            marks.append(Line(x1, y1, x2, y2, stroke=CUT_GREY, line_width=0.12, dash=(1.0, 1.0)))
    return marks


def _footer(pack: Pack, page: Page, number: int, total: int) -> Text:
    kinds = sorted({p.component.kind for p in page.placements})
    side = "backs" if page.side == "back" else "fronts"
    label = f"{pack.meta.title} · {', '.join(kinds)} · {side} · page {number} of {total}"
    return Text(page.size.width / 2, 4.0, label, "sans", 6.5, "#666666", "center")
