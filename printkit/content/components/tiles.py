"""Tiles: square or hex pieces with terrain edges, spaces and a reverse side.

Takes: a `tiles:` entry. Returns: a validated `Tile`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from printkit.base.errors import Problem
from printkit.content.components.base import PolygonSides, Shaped, component_kind
from printkit.content.components.edges import HEX_SIDES, SQUARE_SIDES, Spaces, TerrainEdges, space_problems
from printkit.content.fields import (
    BackRef,
    Colour,
    ResourceRef,
    SizeMM,
    Strict,
    Text,
    whole,
)
from printkit.content.pack_meta import Defaults

if TYPE_CHECKING:
    from printkit.content.source import SourceFile


@component_kind("tiles")
class Tile(Shaped):
    """A tile, square or a hexagon (`shape: hex`), with a typed terrain on each edge where its game
    matches edges."""

    kind: ClassVar[str] = "tile"
    size_default: ClassVar[str] = "tile_size"
    shape: Literal["rect", "hex"] = "rect"
    """rect (a square) or hex; the terrain on each edge names the edges of the shape."""
    sides: PolygonSides | None = None
    """Not for a tile: it is a polygon's, and a tile is square or a hexagon. A tile that gives it is
    refused (`sides is for shape: polygon, and a tile is rect or hex`)."""
    size: SizeMM | None = None
    """Trim size; defaults to `defaults.tile_size`. A hex tile is given one length, across the flats
    (50mm: 57.7mm across the corners)."""
    edges: TerrainEdges | None = None
    """Terrain on each edge, for a game whose tiles match edges: neighbouring edges must match. A
    square names top, right, bottom, left; a flat hex n, ne, se, s, sw, nw; a pointy hex ne, e, se, sw,
    w, nw. Left out (a river tile of a game that matches no edges), the tile shows its colour."""
    cost: dict[ResourceRef, Annotated[int, whole(1, 100, "how many")]] = {}
    """What placing the tile costs, e.g. {green: 1, any: 1}."""
    points: Annotated[int, whole(0, 1000, "victory points")] | None = None
    """Victory points the tile is worth (a tile has no custom shape: it is square or a hexagon)."""
    effect: Literal["none", "one-time", "ongoing", "scoring"] = "none"
    spaces: Spaces = {}
    """Spaces for inhabitants on the tile, per terrain it shows, e.g. {woods: 1}."""
    text: Text | None = None
    back: BackRef | None = None
    """Back design; a tile with `reverse` prints that instead."""
    reverse: TileSide | None = None
    """The other side of a two-sided tile, its edges named like the front's."""

    def builtin_look(self) -> str:
        """A square tile's look or a hex tile's (its middle and text are laid out for its shape)."""
        return "hex-tile" if self.shape == "hex" else "tile"

    @property
    def edge_names(self) -> tuple[str, ...]:
        """Its edges, clockwise from the top: a square's or a hexagon's."""
        return HEX_SIDES[self.orientation or "flat"] if self.shape == "hex" else SQUARE_SIDES

    @property
    def what(self) -> str:
        """What a player calls it: a square tile, a flat hex tile."""
        return "square tile" if self.shape == "rect" else f"{self.orientation or 'flat'} hex tile"

    def problems(self, source: SourceFile, defaults: Defaults) -> list[Problem]:
        sides = [(self.origin.path, self.edges, self.spaces)]
        if self.reverse is not None:
            sides.append((self.origin.path + ("reverse",), self.reverse.edges, self.reverse.spaces))
        edge_problems = [
            p
            for path, edges, _ in sides
            if edges is not None
            for p in edges.problems(source, path, self.edge_names, self.what)
        ]
        return edge_problems + space_problems(source, sides) + super().problems(source, defaults)


class TileSide(Strict):
    name: Text | None = None
    """Name printed on this side."""
    edges: TerrainEdges | None = None
    """Terrain on each edge of this side, named as on the front (top … left, or the hex's sides); left
    out, the side shows its colour."""
    spaces: Spaces = {}
    """Spaces for inhabitants on this side, per terrain it shows."""
    color: Colour | None = None
    """Background colour of this side."""


Tile.model_rebuild()
