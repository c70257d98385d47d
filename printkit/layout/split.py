"""Splitting: a component larger than any sheet cut into overlapping fragments to glue together.

Takes: a piece (its outline, or drawn), the rooms of the sheets it could be printed on (the
printable part of a portrait and of a landscape sheet) and printkit's words (the glue labels).
Returns: its fragments, as pieces: rectangles overlapping by OVERLAP, each showing its window of
the component with a letter-and-number name, a dashed glue line and label where the next fragment
is glued on, and the component's own trim line where it is not the fragment's; the back is split
the same way. The fewest fragments win; on a tie, those that fit the first room.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from printkit.base.outlines import RECT
from printkit.base.shapes import Line, Text
from printkit.base.units import Size
from printkit.faces import richtext
from printkit.faces.paint import Drawing
from printkit.i18n import words
from printkit.layout.marks import CUT_GREY
from printkit.layout.pieces import Piece

OVERLAP = 10.0  # of the pieces of a split component, to glue them together
GLUE_LABEL_SIZE = 5.0  # points
# mm from a fragment's edges to printkit's words on it: the default safe zone (imposition.safe_zone),
# which a cut may take off
INSIDE = 3.0
NAME_SIZE = 7.0  # points


def fragments(piece: Piece, rooms: Sequence[Size], own: words.OwnWords) -> list[Piece]:
    """Overlapping fragments of a component larger than the sheet, each marked where the next is
    glued on; the back is split the same way. Fragments are rectangles; they show the component's
    own trim line where it is not theirs (a board's rounded corners)."""
    w, h = piece.size
    room = min(rooms, key=lambda room: math.prod(_grid_of_fragments(piece.size, room)))
    cols, rows = _grid_of_fragments(piece.size, room)
    step_w, step_h = (w - OVERLAP) / cols + OVERLAP, (h - OVERLAP) / rows + OVERLAP
    parts = []
    trim_line = piece.outline.fragment_guides(piece.size, CUT_GREY)
    for row in range(rows):
        for col in range(cols):
            x0, y0 = col * (step_w - OVERLAP), h - step_h - row * (step_h - OVERLAP)
            guides: Drawing = [
                Text(
                    x0 + INSIDE,
                    y0 + step_h - INSIDE - NAME_SIZE * 0.3528,  # its baseline an em lower: its capitals stay inside
                    f"{chr(65 + row)}{col + 1}",
                    "sans-bold",
                    NAME_SIZE,
                    CUT_GREY,
                    "left",
                ),
                *trim_line,
            ]
            if col + 1 < cols:  # the next fragment is glued over this strip
                x = x0 + step_w - OVERLAP
                guides += [
                    Line(x, y0, x, y0 + step_h, stroke=CUT_GREY, line_width=0.25, dash=(1.5, 1.5)),
                    _glue_label(own.text("glue", piece=f"{chr(65 + row)}{col + 2}"), x, y0, step_h),
                ]
            if row + 1 < rows:
                guides += [
                    Line(
                        x0,
                        y0 + OVERLAP,
                        x0 + step_w,
                        y0 + OVERLAP,
                        stroke=CUT_GREY,
                        line_width=0.25,
                        dash=(1.5, 1.5),
                    ),
                    Text(
                        x0 + step_w / 2,
                        y0 + OVERLAP / 2 - 1,
                        own.text("glue", piece=f"{chr(66 + row)}{col + 1}"),
                        "sans",
                        5,
                        CUT_GREY,
                        "center",
                    ),
                ]
            parts.append(
                replace(
                    piece,
                    size=Size(step_w, step_h),
                    outline=RECT,
                    front=piece.front + guides,
                    window=(x0, y0, x0 + step_w, y0 + step_h),
                    whole=piece.size,
                )
            )
    return parts


def _grid_of_fragments(size: Size, room: Size) -> tuple[int, int]:
    """Columns and rows of fragments of a component of this size printed in room."""
    return (
        max(1, math.ceil((size.width - OVERLAP) / (room.width - OVERLAP))),
        max(1, math.ceil((size.height - OVERLAP) / (room.height - OVERLAP))),
    )


def _glue_label(text: str, x: float, y: float, length: float) -> Text:
    """The label of a glue strip starting at x: it runs up the strip from INSIDE above y, near the
    dashed line (the strip is narrower than the words), and is set smaller if it would reach nearer
    the strip's far end than INSIDE."""
    room = length - 2 * INSIDE
    size = min(GLUE_LABEL_SIZE, GLUE_LABEL_SIZE * room / richtext.measure(text, "sans", GLUE_LABEL_SIZE))
    return Text(x + 2.5, y + INSIDE, text, "sans", size, CUT_GREY, "left", 90)
