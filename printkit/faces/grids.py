"""The widgets of boards, sheets and rulers: what is counted out rather than placed (a board's cells,
a ruler's ticks, a sheet's table).

Takes: the face being drawn (a board, ruler or sheet with its values and context), the widget element
and its box in the face (millimetres, origin bottom-left).
Returns: the drawing of a board's grid (`board-grid`), a ruler's scale (`ruler`) and a sheet's table
(`table`). A board's cells and a ruler's ticks lie where the component's model puts them, whatever
the box: rulebook figures lay pieces in the same cells, and a ruler has to measure true.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from printkit.base.outlines import Box, regular_polygon
from printkit.base.palette import INK, PAPER
from printkit.base.shapes import Line, Rect, shifted
from printkit.base.units import MM_PER_POINT, Size
from printkit.content.components.base import Component
from printkit.content.components.boards import Board, Grid, HexGrid, Track
from printkit.content.components.rulers import RULER_END, Ruler
from printkit.content.components.sheets import Sheet
from printkit.content.looks import WidgetSpec
from printkit.faces.face import Face
from printkit.faces.paint import Drawing, legible, mix
from printkit.faces.terrain import square_terrain
from printkit.faces.widgets import widget
from printkit.i18n import words

K = TypeVar("K", bound=Component)

CELL_GAP = 0.6  # between a square's panel and its neighbour's, on each side


def _drawn(face: Face, kind: type[K]) -> K | None:
    """The face's component if the widget draws its kind (validate refuses a widget in the look of a
    kind it does not draw: WIDGET_KINDS)."""
    return face.component if isinstance(face.component, kind) else None


def _colour(face: Face, spec: WidgetSpec) -> str:
    """The colour the widget is tinted from: its own, else the component's."""
    return face.colour(spec.color) or face.values.get("color")


# --- boards -------------------------------------------------------------------------------------


@widget("board-grid")
def board_grid(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    """Each cell a pale panel of the widget's colour with its number, or a square's printed terrain."""
    board = _drawn(face, Board)
    if board is None:
        return []
    colour = _colour(face, spec)
    if isinstance(board.grid, HexGrid):
        return _hex_cells(face, board, board.grid, colour)
    if isinstance(board.grid, Track):
        return _track(face, board, board.grid, colour)
    return _squares(face, board, board.grid, colour)


def _squares(face: Face, board: Board, grid: Grid, colour: str) -> Drawing:
    """Each square a rounded panel with its number, or the terrain printed on it."""
    drawing: Drawing = []
    printed = {p.square: p for p in board.printed}
    side = grid.square - 2 * CELL_GAP
    for square in grid.cells():
        x, y, _, _ = board.cell_box(square)
        x, y = x + CELL_GAP, y + CELL_GAP
        drawing.append(
            Rect(
                x,
                y,
                side,
                side,
                fill=mix(colour, PAPER, 0.88),
                stroke=mix(colour, PAPER, 0.4),
                line_width=0.4,
                radius=1.5,
            )
        )
        if square in printed:  # terrain printed on the board, like a tile already placed
            terrain = printed[square]
            drawing.append(Rect(x, y, side, side, fill=PAPER))
            edges = square_terrain(face.ctx.pack.meta, face.ctx.icons, terrain.edges, terrain.spaces, Size(side, side))
            drawing += shifted(edges, x, y)
        elif grid.numbered:
            number = legible(mix(colour, PAPER, 0.65), mix(colour, PAPER, 0.88))
            drawing += _number(
                face, board, grid.label(square), (x, y + side * 0.3, side, side * 0.4), grid.square * 0.3, number
            )
    return drawing


def _hex_cells(face: Face, board: Board, grid: HexGrid, colour: str) -> Drawing:
    """The cells edge to edge, each outlined, with its number (column and row) below its top."""
    drawing: Drawing = []
    outline = regular_polygon(6, grid.orientation)
    fill, stroke = mix(colour, PAPER, 0.88), mix(colour, PAPER, 0.4)
    number = legible(mix(colour, PAPER, 0.55), fill)
    for cell in grid.cells():
        x, y, w, h = board.cell_box(cell)
        hexagon = replace(outline.shape(Size(w, h)), fill=fill, stroke=stroke, line_width=0.4)
        drawing += shifted([hexagon], x, y)
        if grid.numbered:
            drawing += _number(
                face, board, grid.label(cell), (x + w * 0.25, y + h * 0.64, w * 0.5, h * 0.16), grid.size * 0.12, number
            )
    return drawing


def _track(face: Face, board: Board, track: Track, colour: str) -> Drawing:
    """Each space a rounded panel with its number in large figures: pale, a marked space (every 5th)
    tinted, a strongly marked one (every 10th) tinted deeper; the first space outlined in ink,
    where counting starts."""
    drawing: Drawing = []
    fills = (mix(colour, PAPER, 0.9), mix(colour, PAPER, 0.64), mix(colour, PAPER, 0.36))
    space = track.space_size
    for cell in track.cells():
        x, y, w, h = board.cell_box(cell)
        x, y, w, h = x + CELL_GAP, y + CELL_GAP, w - 2 * CELL_GAP, h - 2 * CELL_GAP
        fill = fills[track.mark(cell)]
        first = cell == 1
        drawing.append(
            Rect(
                x,
                y,
                w,
                h,
                fill=fill,
                stroke=INK if first else mix(colour, PAPER, 0.4),
                line_width=0.8 if first else 0.4,
                radius=1.5,
            )
        )
        if track.numbered:
            number = legible(mix(colour, INK, 0.35), fill)
            drawing += _number(face, board, track.label(cell), (x, y + h * 0.2, w, h * 0.6), min(space) * 0.42, number)
    return drawing


def _number(
    face: Face, board: Board, label: str, box: tuple[float, float, float, float], height: float, colour: str
) -> Drawing:
    """A cell's number in bold figures of height millimetres (shrunk to fit its box, not below 6 pt)."""
    return face.ctx.text(
        board, "grid.numbered", label, box, font="sans-bold", size=height / MM_PER_POINT, min_size=6, color=colour
    )


# --- rulers -------------------------------------------------------------------------------------

BAND = 0.45  # a ruler's bands, from the bottom of the widget's box, as a share of its height
LONG_TICK = 0.4  # the ticks at whole units, from the top, as a share of the box's height


@widget("ruler")
def ruler_scale(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    """Zero RULER_END in from the strip's left end; ticks down from the top of the box with the
    whole units numbered below them; a band up to each mark, its length written at its end."""
    ruler = _drawn(face, Ruler)
    if ruler is None:
        return []
    _, bottom, _, h = box
    top = bottom + h
    colour = _colour(face, spec)
    drawing: Drawing = []
    previous = RULER_END
    per_unit = 25.4 if ruler.unit == "in" else 10.0
    own = words.of(face.ctx.locale, face.ctx.pack.root)
    for index, mark in enumerate(sorted(ruler.marks)):
        x = RULER_END + mark
        band = mix(colour, INK, 0.12 if index % 2 else 0.22)
        drawing.append(Rect(previous, bottom, x - previous, h * BAND, fill=band))
        label = own.text(f"unit-{ruler.unit}", value=own.decimal(mark / per_unit))
        drawing += face.ctx.text(
            ruler,
            "marks",
            label,
            (x - 24, bottom + 1, 22, h * (BAND - 0.05)),
            font="sans-bold",
            size=9,
            min_size=6,
            align="right",
            max_lines=1,
        )
        # through the band and up the top tick, clear of the number between them
        drawing.append(Line(x, bottom, x, bottom + h * BAND, stroke=INK, line_width=0.5))
        drawing.append(Line(x, top, x, top - h * LONG_TICK, stroke=INK, line_width=0.5))
        previous = x
    step, per_long = (25.4 / 8, 8) if ruler.unit == "in" else (1.0, 10)
    for i in range(int(ruler.length / step + 1e-6) + 1):
        x = RULER_END + i * step
        tick = h * (LONG_TICK if i % per_long == 0 else 0.25 if i % (per_long // 2) == 0 else 0.14)
        drawing.append(Line(x, top, x, top - tick, stroke=INK, line_width=0.3 if i % per_long == 0 else 0.15))
        if i % per_long == 0 and i:
            drawing += face.ctx.text(
                ruler, "length", str(i // per_long), (x - 4, top - tick - 4, 8, 3.5), size=7, min_size=6, max_lines=1
            )
    return drawing


# --- sheets -------------------------------------------------------------------------------------

MAX_ROW_HEIGHT = 12.0  # a table's rows share its box's height up to this, comfortable to write in
LABEL_SHARE = 1.75  # the first column, with row labels in it, is this many times as wide as the others


@widget("table")
def table(face: Face, spec: WidgetSpec, box: Box) -> Drawing:
    """The column headings on a tinted row, a row label at the start of each labelled row, and the
    ruled lines; the rows share the box's height (up to a comfortable one each), from its top."""
    sheet = _drawn(face, Sheet)
    if sheet is None or not sheet.columns:
        return []
    x, y, w, h = box
    top = y + h
    rows = max(sheet.rows, len(sheet.row_labels))
    row_h = min(MAX_ROW_HEIGHT, h / (rows + 1))
    shares = [LABEL_SHARE if sheet.row_labels else 1.0] + [1.0] * (len(sheet.columns) - 1)
    unit = w / sum(shares)
    lefts = [x + sum(shares[:i]) * unit for i in range(len(shares) + 1)]
    colour = _colour(face, spec)
    drawing: Drawing = [Rect(x, top - row_h, w, row_h, fill=mix(colour, PAPER, 0.82))]
    for i, heading in enumerate(sheet.columns):
        drawing += face.ctx.text(
            sheet,
            f"columns.{i}",
            heading,
            (lefts[i] + 1, top - row_h, lefts[i + 1] - lefts[i] - 2, row_h),
            font="sans-bold",
            size=8.5,
            min_size=6,
            max_lines=2,
        )
    for r, label in enumerate(sheet.row_labels):
        drawing += face.ctx.text(
            sheet,
            f"row_labels.{r}",
            label,
            (x + 1.5, top - (r + 2) * row_h, lefts[1] - x - 3, row_h),
            size=8,
            min_size=6,
            align="left",
            max_lines=2,
        )
    bottom = top - row_h * (rows + 1)
    for r in range(rows + 2):
        width = 0.4 if r in (0, 1, rows + 1) else 0.25  # the heading row and the table's edges a little stronger
        drawing.append(Line(x, top - r * row_h, x + w, top - r * row_h, stroke=INK, line_width=width))
    for left in lefts:
        drawing.append(Line(left, top, left, bottom, stroke=INK, line_width=0.25))
    return drawing
