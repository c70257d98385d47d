"""The edges of a square and of a hexagon, and the terrains a tile side or a printed square shows
along them.

Takes: a piece's edges as YAML gives them. Returns: `TerrainEdges` and the located problems of
edges of another shape and of spaces no edge shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from printkit.base.errors import KeyPath, Problem
from printkit.content.fields import (
    Strict,
    TerrainRef,
    whole,
)

if TYPE_CHECKING:
    from printkit.content.source import SourceFile


SQUARE_SIDES = ("top", "right", "bottom", "left")
HEX_SIDES = {"flat": ("n", "ne", "se", "s", "sw", "nw"), "pointy": ("ne", "e", "se", "sw", "w", "nw")}
"""The edges of a square and of a hexagon, clockwise from the top."""


Spaces = dict[TerrainRef, Annotated[int, whole(1, 4, "spaces")]]
"""Spaces for inhabitants, per terrain of a tile: each holds one inhabitant once its island is complete."""


class TerrainEdges(Strict):
    """The terrain on each edge: top, right, bottom and left of a square; n, ne, se, s, sw and nw of a
    flat hex; ne, e, se, sw, w and nw of a pointy one."""

    top: TerrainRef | None = None
    """Of a square."""
    right: TerrainRef | None = None
    """Of a square."""
    bottom: TerrainRef | None = None
    """Of a square."""
    left: TerrainRef | None = None
    """Of a square."""
    n: TerrainRef | None = None
    """North, the top side of a flat hex."""
    ne: TerrainRef | None = None
    """North-east, of a flat or a pointy hex."""
    e: TerrainRef | None = None
    """East, the right side of a pointy hex."""
    se: TerrainRef | None = None
    """South-east, of a flat or a pointy hex."""
    s: TerrainRef | None = None
    """South, the bottom side of a flat hex."""
    sw: TerrainRef | None = None
    """South-west, of a flat or a pointy hex."""
    w: TerrainRef | None = None
    """West, the left side of a pointy hex."""
    nw: TerrainRef | None = None
    """North-west, of a flat or a pointy hex."""

    def along(self, sides: tuple[str, ...]) -> list[str]:
        """The terrains on these sides (each given: validation refuses a tile that lacks one)."""
        return [getattr(self, side) or "" for side in sides]

    @property
    def given(self) -> list[str]:
        return [side for side in type(self).model_fields if getattr(self, side) is not None]

    def problems(self, source: SourceFile, path: KeyPath, sides: tuple[str, ...], what: str) -> list[Problem]:
        """Edges of another shape, or a missing one, for a piece with these sides."""
        given = self.given
        if given == [side for side in sides if side in given] and len(given) == len(sides):
            return []
        missing = [side for side in sides if side not in given]
        other = [side for side in given if side not in sides]
        named = ", ".join(sides)
        if other:
            message = f"a {what} has {len(sides)} edges, {named}; got {', '.join(given)}"
        else:
            message = f"a {what} has {len(sides)} edges, {named}; {', '.join(missing)} missing"
        return [source.problem(path + ("edges",), message, _edges_hint(sides, given))]


def _edges_hint(sides: tuple[str, ...], given: list[str]) -> str:
    """What to do about the edges given to a piece with these sides: too few, or another shape's."""
    if set(given) <= set(sides):
        return "give each edge its terrain, clockwise from the top"
    if sides == SQUARE_SIDES:
        return "hex tiles (shape: hex) name their edges n, ne, se, s, sw, nw (flat) or ne, e, se, sw, w, nw (pointy)"
    if set(given) <= set(SQUARE_SIDES):
        return "top, right, bottom and left are the edges of a square tile: for one, leave out shape: hex"
    other = "pointy" if sides == HEX_SIDES["flat"] else "flat"
    if set(given) <= set(HEX_SIDES[other]):
        return f"{', '.join(HEX_SIDES[other])} are the edges of a {other} hex: for one, give it orientation: {other}"
    return f"name its edges {', '.join(sides)}, clockwise from the top"


def space_problems(source: SourceFile, sides: list[tuple[KeyPath, Any, dict[str, int]]]) -> list[Problem]:
    """Spaces on a terrain that no edge of their tile side or printed square shows; sides are
    (key path, edges or None for a tile without them, spaces)."""
    problems = []
    for path, edges, spaces in sides:
        shown = {getattr(edges, side) for side in edges.given} if edges is not None else set()
        for terrain in spaces:
            if terrain not in shown:
                problems.append(
                    source.problem(
                        path + ("spaces", terrain),
                        f"no edge shows {terrain}",
                        f"its edges show {', '.join(sorted(shown))}"
                        if shown
                        else f"spaces lie on the terrain of its edges: give it edges showing {terrain}, or leave out spaces",
                    )
                )
    return problems
