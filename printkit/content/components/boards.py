"""Boards: a square or hex grid of cells, or a track of numbered spaces; printed squares with their
terrains, footers.

Takes: a `boards:` entry. Returns: a validated `Board`, its grid (`GRID_KINDS`).
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import (
    Discriminator,
    Tag,
    model_validator,
)
from pydantic_core import PydanticCustomError

from printkit.base.errors import KeyPath, Problem, shown_value
from printkit.base.outlines import (
    Box,
    Point,
    regular_polygon,
)
from printkit.base.units import MAX_LENGTH_MM, Size
from printkit.content.components.base import Component, Rectangular, component_kind
from printkit.content.components.edges import HEX_SIDES, SQUARE_SIDES, Spaces, TerrainEdges, space_problems
from printkit.content.components.tiles import Tile
from printkit.content.fields import (
    MAX_CELL,
    CustomPoints,
    Length,
    SizeMM,
    Strict,
    Text,
    whole,
)
from printkit.content.pack_meta import Defaults

if TYPE_CHECKING:
    from printkit.content.source import SourceFile


Address = int | tuple[int, int]
"""Where a piece lies on a board: a square grid's square number, or a hex grid's (column, row)."""


class BoardGrid(Strict):
    """What every grid of a board answers: which cells it has, what they are called, where they lie
    and which tiles and turns fit them. A cell's address is a square's number on a square grid and
    (column, row) on a hex grid."""

    shape: str
    address_key: ClassVar[str]  # the key that gives a cell in tile lists and rulebook figures
    board_shape: ClassVar[str]  # what messages call a board with this grid: a square board, a hex board
    rotations: ClassVar[tuple[int, ...]]  # the turns a tile may take, in degrees clockwise
    numbered: bool

    @property
    def dimensions(self) -> str:
        """How big the grid is, for messages: '8x6', 'a 41-space'."""
        raise NotImplementedError

    @property
    def sides(self) -> tuple[str, ...]:
        """The edges of a cell, clockwise from the top: the edges a tile laid on it must have."""
        raise NotImplementedError

    def cells(self) -> list[Any]:
        """Every cell the grid prints, in reading order."""
        raise NotImplementedError

    def contains(self, cell: Any) -> bool:
        """Whether an address names a cell the grid prints."""
        raise NotImplementedError

    def name_of(self, cell: Any) -> str:
        """A cell as messages name it: 'square 5', 'cell 0304'."""
        raise NotImplementedError

    def label(self, cell: Any) -> str:
        """The number printed in a cell."""
        raise NotImplementedError

    @property
    def cells_are(self) -> str:
        """Which addresses name cells, for messages: 'squares are 1 to 9'."""
        raise NotImplementedError

    @property
    def extent(self) -> Size:
        """The grid's width and height."""
        raise NotImplementedError

    def box(self, cell: Any) -> tuple[float, float, float, float]:
        """A cell's box: its left side from the grid's left, its bottom side down from the grid's top,
        its width and height (in mm)."""
        raise NotImplementedError

    def neighbours(self, cell: Any) -> dict[str, Any]:
        """The cells across a cell's edges, by edge, on one side of it only (each pair of neighbours
        once): the square to the right and below, the hex cells across its second to fourth edges."""
        raise NotImplementedError

    def off_grid(self, cell: Any) -> str | None:
        """Why an address names no cell of the grid, or None when it names one."""
        return None if self.contains(cell) else f"{self.name_of(cell)} is not on the board; its {self.cells_are}"

    @classmethod
    def rotation_problem(cls, rotation: Any) -> tuple[str, str] | None:
        """(message, hint) for a turn a tile cannot take on a grid of this kind, or None."""
        if rotation in cls.rotations and not isinstance(rotation, bool):
            return None
        allowed = ", ".join(map(str, cls.rotations[:-1])) + f" or {cls.rotations[-1]}"
        return (
            f"must be {allowed} (degrees clockwise), got {shown_value(rotation)}",
            f"tiles turn in {cls.rotations[1]}° steps on a {cls.board_shape} board",
        )

    @property
    def tiles(self) -> str:
        """The tiles the grid takes, for messages."""
        return "square tiles" if self.sides == SQUARE_SIDES else f"{self.shape_words} tiles"

    def misfit(self, component: Component, board_id: str, *, by_name: bool = False) -> str | None:
        """Why a tile cannot lie in this grid's cells (its edges are another shape's), or None; the
        tile named by its id, or with by_name as a player's list names it."""
        if isinstance(component, Tile) and component.edge_names != self.sides:
            tile = component.named if by_name else f"'{component.id}'"
            return f"{tile} is a {component.what}; board '{board_id}' takes {self.tiles}"
        return None

    @property
    def shape_words(self) -> str:
        return self.shape


class Grid(BoardGrid):
    """A grid of squares, numbered from 1 left to right, top to bottom."""

    address_key: ClassVar[str] = "square"
    board_shape: ClassVar[str] = "square"
    rotations: ClassVar[tuple[int, ...]] = (0, 90, 180, 270)
    shape: Literal["square", "hex", "track"] = "square"
    """square; hex for a grid of hexagons (with orientation, columns, rows, size, numbered); track for
    numbered spaces along a path (with spaces, path, size, first, marks)."""
    columns: Annotated[int, whole(1, 20, "squares across")]
    rows: Annotated[int, whole(1, 20, "squares down")]
    square: Length
    """Side of one square."""
    numbered: bool = True
    """Print a number in each square, left to right, top to bottom."""
    first: Annotated[int, whole(0, 1000, "number of the first square")] = 1
    squares: Annotated[int, whole(1, 400, "squares printed")] | None = None
    """How many squares to print (the last row may stay short); defaults to columns x rows."""

    @property
    def sides(self) -> tuple[str, ...]:
        return SQUARE_SIDES

    @property
    def dimensions(self) -> str:
        return f"{self.columns}x{self.rows}"

    @property
    def count(self) -> int:
        """The squares the grid prints, numbered 1 to count: `squares`, or every square of the grid."""
        return min(self.squares or self.columns * self.rows, self.columns * self.rows)

    def cells(self) -> list[Any]:
        return list(range(1, self.count + 1))

    def contains(self, cell: Any) -> bool:
        return 1 <= cell <= self.count

    def name_of(self, cell: Any) -> str:
        return f"square {cell}"

    def label(self, cell: Any) -> str:
        return str(self.first + cell - 1)

    @property
    def cells_are(self) -> str:
        return f"squares are 1 to {self.count}"

    @property
    def extent(self) -> Size:
        return Size(self.columns * self.square, self.rows * self.square)

    def box(self, cell: Any) -> tuple[float, float, float, float]:
        row, column = self.row_column(cell)
        return column * self.square, (row + 1) * self.square, self.square, self.square

    def row_column(self, square: int) -> tuple[int, int]:
        """The row and column (from 0, top left) of a square numbered from 1, left to right, top to bottom."""
        return divmod(square - 1, self.columns)

    def neighbours(self, cell: Any) -> dict[str, Any]:
        row, column = self.row_column(cell)
        beside = {"right": cell + 1} if column + 1 < self.columns else {}
        return beside | ({"bottom": cell + self.columns} if row + 1 < self.rows else {})


class HexGrid(BoardGrid):
    """A grid of hexagons in columns and rows, as hex wargames print them. A cell is
    [column, row], both counted from 1 at the top left, or the number printed in it: two digits of
    column, two of row ('0304' is column 3, row 4). Flat hexes stand in columns, and the even columns
    (2, 4 …) sit half a cell lower than the odd ones; pointy hexes lie in rows, and the even rows sit
    half a cell further right."""

    address_key: ClassVar[str] = "cell"
    board_shape: ClassVar[str] = "hex"
    rotations: ClassVar[tuple[int, ...]] = (0, 60, 120, 180, 240, 300)
    shape: Literal["hex"]
    """hex: a grid of hexagons (leave shape out, or give square, for squares)."""
    orientation: Literal["flat", "pointy"] = "flat"
    """flat: a side of each cell at the top; pointy: a corner at the top."""
    columns: Annotated[int, whole(1, MAX_CELL, "cells across")]
    rows: Annotated[int, whole(1, MAX_CELL, "cells down")]
    size: Length
    """Across the flats of one cell (a hex tile of this size fills it)."""
    numbered: bool = True
    """Print each cell's number (column and row, e.g. 0304) small below its top."""

    @property
    def sides(self) -> tuple[str, ...]:
        return HEX_SIDES[self.orientation]

    @property
    def shape_words(self) -> str:
        return f"{self.orientation} hex"

    @property
    def dimensions(self) -> str:
        return f"{self.columns}x{self.rows}"

    def cells(self) -> list[Any]:
        return [(column, row) for row in range(1, self.rows + 1) for column in range(1, self.columns + 1)]

    def contains(self, cell: Any) -> bool:
        column, row = cell
        return 1 <= column <= self.columns and 1 <= row <= self.rows

    def name_of(self, cell: Any) -> str:
        return f"cell {self.label(cell)}"

    def label(self, cell: Any) -> str:
        column, row = cell
        return f"{column:02d}{row:02d}"

    @property
    def cells_are(self) -> str:
        return f"cells are 0101 to {self.label((self.columns, self.rows))}"

    @property
    def cell_size(self) -> Size:
        """One cell's box: across the corners by across the flats (turned for pointy hexes)."""
        return regular_polygon(6, self.orientation).trim(Size(self.size, self.size))

    def centre(self, cell: Any) -> Point:
        """A cell's centre from the grid's top left (x right, y down): neighbours in a column (flat)
        or a row (pointy) lie one cell apart, the next column or row three quarters of a cell on."""
        column, row = cell
        w, h = self.cell_size
        if self.orientation == "flat":
            return w / 2 + (column - 1) * w * 0.75, h / 2 + (row - 1) * h + (h / 2 if column % 2 == 0 else 0)
        return w / 2 + (column - 1) * w + (w / 2 if row % 2 == 0 else 0), h / 2 + (row - 1) * h * 0.75

    @property
    def extent(self) -> Size:
        w, h = self.cell_size
        if self.orientation == "flat":
            return Size(w + (self.columns - 1) * w * 0.75, self.rows * h + (h / 2 if self.columns > 1 else 0))
        return Size(self.columns * w + (w / 2 if self.rows > 1 else 0), h + (self.rows - 1) * h * 0.75)

    def box(self, cell: Any) -> tuple[float, float, float, float]:
        (x, y), (w, h) = self.centre(cell), self.cell_size
        return x - w / 2, y + h / 2, w, h

    def neighbours(self, cell: Any) -> dict[str, Any]:
        # The cells whose centres lie one across-flats size away; the direction to one names the edge
        # between them (the edges clockwise from the top, 60 degrees apart).
        column, row = cell
        x, y = self.centre(cell)
        first = 90 if self.orientation == "flat" else 60  # the direction of the first edge, anticlockwise from east
        found = {}
        nearby = [(column + dc, row + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dc or dr]
        for other in filter(self.contains, nearby):
            ox, oy = self.centre(other)
            if abs(math.hypot(ox - x, oy - y) - self.size) > 1e-6:
                continue
            index = round((first - math.degrees(math.atan2(y - oy, ox - x))) / 60) % 6
            if 1 <= index <= 3:
                found[index] = other
        return {self.sides[index]: found[index] for index in sorted(found)}


SMALLEST_SPACE = 10.0  # mm: a track's space holds a piece and a number read across the table


class Track(BoardGrid):
    """Numbered spaces one after another that fill the board: round its edge (`perimeter`, as a score
    track runs), across it and back (`snake`) or along a line through `points` (`line`, a race's
    course). The spaces are as large as the size allows; a piece lies on a space as on a square
    board's square, by its place on the track counted from 1. With an odd number of spaces round the
    edge, the first space is twice as long."""

    address_key: ClassVar[str] = "square"
    board_shape: ClassVar[str] = "track"
    rotations: ClassVar[tuple[int, ...]] = (0, 90, 180, 270)
    shape: Literal["track"]
    """track: numbered spaces along a path."""
    spaces: Annotated[int, whole(2, 400, "spaces on the track")]
    """How many spaces the track has."""
    path: Literal["perimeter", "snake", "line"] = "perimeter"
    """perimeter: clockwise round the edge from the top left; snake: rows left to right, then right to
    left; line: evenly along the line through `points`."""
    points: CustomPoints = []
    """For path: line, the line's start, corners and end in order, [x, y] from the top left of the
    size (x right, y down), e.g. [[0mm, 150mm], [120mm, 0mm], [240mm, 150mm]]; a space lies on each."""
    size: SizeMM = Size(240, 150)
    """The area the spaces fill, inside the board's margin: by default, what an A4 or Letter sheet
    holds across, with the margin and the title."""
    first: Annotated[int, whole(0, 1000, "number of the first space")] = 0
    """Number printed on the first space."""
    marks: list[Annotated[int, whole(2, 100, "numbers between marked spaces")]] = [5, 10]
    """Every space whose number is a multiple of the first is marked, of the second (a multiple of
    the first) marked more strongly: [5, 10] marks every 5th and every 10th; [] marks none."""
    numbered: bool = True
    """Print each space's number."""

    def layout_problems(self) -> list[tuple[KeyPath, str, str]]:
        """(key path in the grid, message, hint) for what keeps the track from being laid out as written."""
        if len(self.marks) > 2:
            return [(("marks",), f"marks takes at most two intervals, got {len(self.marks)}", "e.g. marks: [5, 10]")]
        if len(self.marks) == 2 and self.marks[1] % self.marks[0]:
            hint = f"the stronger mark falls on marked spaces, e.g. marks: [{self.marks[0]}, {self.marks[0] * 2}]"
            return [(("marks", 1), f"{self.marks[1]} is not a multiple of {self.marks[0]}", hint)]
        if self.path == "perimeter" and self.spaces < 4:
            return [
                (("spaces",), f"a track round the edge has at least 4 spaces, got {self.spaces}", "use path: snake")
            ]
        if (self.path == "line") != bool(self.points):
            if self.points:
                return [(("points",), f"points are for path: line; this track runs {self.path}", "leave points out")]
            return [(("path",), "a track along a line needs its points", "e.g. points: [[0mm, 100mm], [200mm, 0mm]]")]
        if self.path == "line":
            if len(self.points) < 2:
                return [
                    (("points",), f"a line has at least 2 points, got {len(self.points)}", "give its start and its end")
                ]
            if self.spaces < len(self.points):
                message = (
                    f"a line of {len(self.points)} points has a space on each: at least {len(self.points)} "
                    f"spaces, got {self.spaces}"
                )
                return [(("spaces",), message, "give more spaces, or the line fewer points")]
            if outside := next(((i, p) for i, p in enumerate(self.points) if not _within(p, self.size)), None):
                index, (x, y) = outside
                message = (
                    f"[{x:g}mm, {y:g}mm] lies outside the track's size, {self.size.width:g}x{self.size.height:g}mm"
                )
                return [(("points", index), message, "give the track a larger size, or the point smaller lengths")]
            if crossing := self._overlapping():
                message = f"spaces {crossing[0]} and {crossing[1]} would overlap where the line turns or crosses itself"
                return [(("points",), message, "give fewer spaces, or a line whose turns are further apart")]
        width, height = self.space_size
        if min(width, height) < SMALLEST_SPACE:
            message = (
                f"{self.spaces} spaces {self._along} {self.size.width:g}x{self.size.height:g}mm would be "
                f"{width:.1f}x{height:.1f}mm each; a space needs at least {SMALLEST_SPACE:g}mm"
            )
            hint = "give fewer spaces or a larger size" + (", or use path: snake" if self.path == "perimeter" else "")
            return [(("spaces",), message, hint)]
        return []

    @property
    def _along(self) -> str:
        return {"perimeter": "round the edge of", "snake": "across"}.get(self.path, "along a line in")

    @property
    def sides(self) -> tuple[str, ...]:
        return SQUARE_SIDES

    @property
    def dimensions(self) -> str:
        return f"{self.spaces}-space"

    @cached_property
    def layout(self) -> tuple[int, int]:
        """The columns and rows of space-sized cells the path runs through: round the edge, as many
        as make the spaces most nearly square (an odd track takes one cell more, for its long first
        space); across, the most columns whose spaces are largest."""
        width, height = self.size
        if self.path == "perimeter":
            around = (self.spaces + self.spaces % 2) // 2 + 2  # columns + rows
            columns = min(max(round(around * width / (width + height)), 2), around - 2)
            return columns, around - columns
        best = max(
            range(1, self.spaces + 1),
            key=lambda c: min(width / c, height / math.ceil(self.spaces / c)),
        )
        return best, math.ceil(self.spaces / best)

    @property
    def space_size(self) -> Size:
        return self._spaces[1]

    @cached_property
    def _spaces(self) -> tuple[tuple[tuple[float, float, float, float], ...], Size]:
        """Every space's box (as `box` gives it) and the size of one, worked out once per track: a
        board's faces, its figures and its checks ask for them space by space."""
        if self.path == "line":
            centres, side = self._along_line()
            boxes = tuple((x - side / 2, y + side / 2, side, side) for x, y in centres)
            return boxes, Size(side, side)
        columns, rows = self.layout
        width, height = self.size.width / columns, self.size.height / rows
        places = (self._place(cell) for cell in self.cells())
        return tuple((c * width, (r + 1) * height, span * width, height) for c, r, span in places), Size(width, height)

    def _along_line(self) -> tuple[list[Point], float]:
        """The spaces' centres along the line (_spaced) and their side, the line drawn in from the
        size's edges by half a space so that every space lies inside the size."""
        side = _spaced(self.points, self.spaces)[1]
        width, height = self.size
        scale_x, scale_y = max(width - side, 0) / width, max(height - side, 0) / height
        drawn_in = [(side / 2 + x * scale_x, side / 2 + y * scale_y) for x, y in self.points]
        centres, shrunk = _spaced(drawn_in, self.spaces)
        return centres, min(side, shrunk)

    def _overlapping(self) -> tuple[int, int] | None:
        """The first two spaces along a line whose squares overlap (the line turning back or crossing itself)."""
        boxes, (side, _) = self._spaces
        for a, (ax, ay, _, _) in enumerate(boxes):
            for b in range(a + 1, len(boxes)):
                bx, by = boxes[b][:2]
                if abs(ax - bx) < side - 1e-6 and abs(ay - by) < side - 1e-6:
                    return a + 1, b + 1
        return None

    def cells(self) -> list[Any]:
        return list(range(1, self.spaces + 1))

    def contains(self, cell: Any) -> bool:
        return isinstance(cell, int) and 1 <= cell <= self.spaces

    def name_of(self, cell: Any) -> str:
        return f"space {cell}"

    def label(self, cell: Any) -> str:
        return str(self.first + cell - 1)

    def mark(self, cell: Any) -> int:
        """How strongly a space is marked: 0, 1 (a multiple of the first interval) or 2 (of the second)."""
        number = self.first + cell - 1
        return sum(1 for interval in self.marks if number % interval == 0)

    @property
    def cells_are(self) -> str:
        return f"spaces are 1 to {self.spaces}"

    @property
    def extent(self) -> Size:
        return self.size

    def box(self, cell: Any) -> tuple[float, float, float, float]:
        return self._spaces[0][cell - 1]

    def _place(self, cell: int) -> tuple[int, int, int]:
        """The column and row (from 0, top left) where a space starts, and how many cells it spans."""
        columns, rows = self.layout
        if self.path == "snake":
            row, step = divmod(cell - 1, columns)
            return (step if row % 2 == 0 else columns - 1 - step), row, 1
        long_first = self.spaces % 2
        if long_first and cell == 1:
            return 0, 0, 2
        step = cell - 1 + long_first  # the cell of the ring, clockwise from the top left
        for run, (column, row, d_column, d_row) in enumerate(
            ((0, 0, 1, 0), (columns - 1, 0, 0, 1), (columns - 1, rows - 1, -1, 0), (0, rows - 1, 0, -1))
        ):
            length = (columns if run % 2 == 0 else rows) - 1
            if step < length:
                return column + d_column * step, row + d_row * step, 1
            step -= length
        raise AssertionError("a space past the ring's last cell")

    def neighbours(self, cell: Any) -> dict[str, Any]:
        return {}  # no tile is laid on a track: no edges meet


def _within(point: tuple[float, float], size: Size) -> bool:
    return 0 <= point[0] <= size.width and 0 <= point[1] <= size.height


def _spaced(points: list[tuple[float, float]], count: int) -> tuple[list[Point], float]:
    """count centres along the line through points: one on each of its points (its start, its end and
    each corner, where it turns), the others spread evenly between them, as many on each stretch as
    its share of the line's length; and the side of the largest squares around them that keep each
    apart from the next (the larger of their distances across and down)."""
    stretches = list(zip(points, points[1:], strict=False))
    between = _shares(count - len(points), [math.dist(a, b) for a, b in stretches])
    centres: list[Point] = [points[0]]
    for (a, b), inner in zip(stretches, between, strict=True):
        steps = inner + 1
        centres += [(a[0] + (b[0] - a[0]) * t / steps, a[1] + (b[1] - a[1]) * t / steps) for t in range(1, steps + 1)]
    apart = [max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a, b in zip(centres, centres[1:], strict=False)]
    return centres, min(apart)


def _shares(count: int, lengths: list[float]) -> list[int]:
    """count split in whole numbers as lengths are (the largest remainders get the ones left over)."""
    total = sum(lengths) or 1.0
    exact = [count * length / total for length in lengths]
    shares = [int(share) for share in exact]
    for index in sorted(range(len(exact)), key=lambda i: shares[i] - exact[i])[: count - sum(shares)]:
        shares[index] += 1
    return shares


def _grid_kind(value: Any) -> str:
    shape = value.get("shape") if isinstance(value, dict) else getattr(value, "shape", None)
    return {"hex": "hex-grid", "track": "track"}.get(shape, "square-grid") if isinstance(shape, str) else "square-grid"


GRID_KINDS: dict[str, type[BoardGrid]] = {"square-grid": Grid, "hex-grid": HexGrid, "track": Track}
"""The grids a board takes, by the tag pydantic puts into error locations (chosen by `shape`)."""


class PrintedSquare(Strict):
    """A square printed with terrain, like a tile already placed there (a board side with islands)."""

    square: Annotated[int, whole(1, 400, "square number, left to right, top to bottom")]
    edges: TerrainEdges
    spaces: Spaces = {}


@component_kind("boards")
class Board(Rectangular):
    """A game board: a grid of squares or hexagons inside a margin."""

    kind: ClassVar[str] = "board"
    holds_pieces: ClassVar[bool] = True
    grid: Annotated[
        Annotated[Grid, Tag("square-grid")] | Annotated[HexGrid, Tag("hex-grid")] | Annotated[Track, Tag("track")],
        Discriminator(_grid_kind),
    ]
    """Squares; hexagons with `shape: hex`; numbered spaces along a path with `shape: track`."""
    margin: Length = 6.0
    """Frame around the grid."""
    title: Text | None = None
    """Text printed in the bottom margin."""
    printed: list[PrintedSquare] = []
    """Squares printed with terrain, which count as tiles already placed (square grids only)."""

    @property
    def trim_size(self) -> Size:
        """The printed board: the grid, the margin around it and, with a title, a footer for it."""
        extent = self.grid.extent
        return Size(extent.width + 2 * self.margin, extent.height + 2 * self.margin + self.footer)

    @property
    def footer(self) -> float:
        """The height of the strip below the bottom margin where the title goes; none without one."""
        return self.margin * 1.6 if self.title else 0

    def given_size(self, defaults: Defaults) -> Size:
        return self.trim_size

    @property
    def footer_box(self) -> Box:
        """The strip below the grid, between the side margins, where the title goes: its lower left
        corner, width and height in mm from the board's lower left corner."""
        return Box(self.margin, 0.0, self.trim_size.width - 2 * self.margin, self.margin + self.footer)

    def cell_box(self, cell: Address) -> tuple[float, float, float, float]:
        """A cell's box (lower left corner, width, height) in mm from the board's lower left corner:
        the grid lies inside the margin at the top, the title's footer below it."""
        left, bottom, width, height = self.grid.box(cell)
        top = self.trim_size.height - self.margin
        return self.margin + left, top - bottom, width, height

    @model_validator(mode="after")
    def _printable(self) -> Board:
        width, height = self.trim_size
        if max(width, height) > MAX_LENGTH_MM:
            cells = {"square": "squares", "track": "spaces"}.get(self.grid.board_shape, "cells")
            raise PydanticCustomError(
                "printkit",
                "{message}",
                {
                    "message": f"the board would be {width:g}x{height:g}mm; at most {MAX_LENGTH_MM:g}mm a side",
                    "hint": f"use fewer or smaller {cells}, or a narrower margin",
                },
            )
        return self

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        """Printed squares that are not on the board or repeat one, their spaces' terrains, and its
        corner radius."""
        problems, sides, seen = [], [], set()
        if self.printed and not isinstance(self.grid, Grid):
            problems.append(
                source.problem(
                    self.origin.path + ("printed",),
                    f"printed terrain is for square boards; a {self.grid.board_shape} board prints none",
                    "lay terrain tiles on its cells instead" if isinstance(self.grid, HexGrid) else None,
                )
            )
        else:
            for index, printed in enumerate(self.printed):
                path = self.origin.path + ("printed", index)
                off_grid = self.grid.off_grid(printed.square)
                if off_grid or printed.square in seen:
                    problem = off_grid or f"square {printed.square} is printed twice"
                    problems.append(source.problem(path + ("square",), problem))
                seen.add(printed.square)
                sides.append((path, printed.edges, printed.spaces))
                problems += printed.edges.problems(source, path, SQUARE_SIDES, "printed square")
        if isinstance(self.grid, Track):
            for key, message, hint in self.grid.layout_problems():
                problems.append(source.problem(self.origin.path + ("grid", *key), message, hint))
        return problems + space_problems(source, sides) + super().problems(source, defaults)
