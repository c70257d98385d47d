"""How much the drawing of a deck remembers: every bounded memo of printkit, its size and why.

Takes: a pure function (or a memo of one's own) and one of the sizes below.
Gives: `remembered(size)`, the decorator that keeps a function's results for its last `size`
distinct arguments. A deck repeats most of its words, labels, colours and frames from card to card,
so small memos save most of the work; each size is where a larger one stopped paying (measured with
`benchmarks/`), and bounded so a 10,000-card deck's memory does not grow with it. (A memo over
a small fixed set, such as output.pdf's colour operators or the registered fonts, is left unbounded.)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar, cast

Function = TypeVar("Function", bound=Callable[..., Any])

# the width of a word (faces.fonts): a word comes back within a few lines; a bigger memo hits hardly more often
TEXT_WIDTHS = 512
# text set in a box (faces.richtext): the names, labels and values a deck repeats; its rules texts rarely recur
FITTED_TEXTS = 512
# a text as its locale sets it (i18n.typography) and parsed into words (faces.richtext): the names, labels and
# values a deck repeats, looked at again for each box they are set in
TYPESET_TEXTS = 512
PARSED_TEXTS = 512
# what a text box holds (faces.richtext.capacity): a pack's looks give a few dozen distinct boxes
BOX_CAPACITIES = 256
# a colour mixed with another, or the ink that reads on it (faces.paint): a pack's few colours, each mixed a few ways
MIXED_COLOURS = 1024
# the drawings of faces (layout.pieces.Faces): the copies and backs that follow a face, a few sheets on
DRAWN_FACES = 256
# image files read and compressed for embedding (faces.reportlab_internals): a pack's art is a few dozen
# files, each embedded in every document (per language and paper; per face in the preview)
READ_IMAGES = 32
# SVG files drawn by svglib (content.svg_drawing): a pack's SVG art and icons, each in the few colours its looks give
SVG_DRAWINGS = 64
# distinct shapes turned into PDF operators (output.pdf), per document: a new page mostly repeats the last ones
SHAPE_OPERATORS = 2048


def remembered(size: int) -> Callable[[Function], Function]:
    """A function's results kept for its last `size` distinct arguments (one of the sizes above)."""
    return cast(Callable[[Function], Function], lru_cache(maxsize=size))
