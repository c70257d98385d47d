"""Cut files as DXF, for Silhouette Studio's free (Basic) edition, which opens DXF but not SVG.

Takes: a laid-out front `Page`.
Returns: the DXF text of its cut paths (layout.cut_paths: each shared edge once) in the sheet's own
frame, millimetres, origin at the paper's bottom-left corner, y up: every path a closed LWPOLYLINE
where it closes (a straight-sided trim line; a rounded rectangle's and a circle's curves as exact
arcs, by their bulges), an open one for a run of shared edges, on layer CUT; and the paper's edge
on layer PAPER, a closed rectangle to line the drawing up with Studio's page (it is no cut).
Written by ezdxf (R2010, $INSUNITS millimetres), audited before it is returned.
"""

from __future__ import annotations

import io
import math

import ezdxf
from ezdxf import units

from printkit.base.shapes import Circle, Rect
from printkit.layout.cut_paths import cut_paths
from printkit.layout.sheets import Page

CUT_LAYER = "CUT"
PAPER_LAYER = "PAPER"
QUARTER = math.tan(math.pi / 8)  # the bulge of a quarter circle, turning left (counter-clockwise)
Vertex = tuple[float, float, float]  # x, y and the bulge of the arc to the next vertex


def cut_dxf(page: Page) -> str:
    """A front sheet's cut paths as DXF text."""
    document = ezdxf.new("R2010", setup=False)
    document.units = units.MM
    document.header["$MEASUREMENT"] = 1  # metric
    document.layers.add(CUT_LAYER, color=1)  # red, as cut lines are drawn
    document.layers.add(PAPER_LAYER, color=8)
    space = document.modelspace()
    width, height = page.size
    space.add_lwpolyline(
        [(0, 0), (width, 0), (width, height), (0, height)], close=True, dxfattribs={"layer": PAPER_LAYER}
    )
    paths = cut_paths(page)
    for polyline in paths.polylines():
        space.add_lwpolyline(polyline.points, close=polyline.closed, dxfattribs={"layer": CUT_LAYER})
    for shape in paths.alone:
        if isinstance(shape, Circle) or isinstance(shape, Rect) and shape.radius:
            space.add_lwpolyline(_arcs(shape), format="xyb", close=True, dxfattribs={"layer": CUT_LAYER})
    auditor = document.audit()
    assert not auditor.has_errors, [str(error) for error in auditor.errors]
    text = io.StringIO()
    document.write(text)
    return text.getvalue()


def _arcs(shape: Rect | Circle) -> list[Vertex]:
    """A curved trim line's vertices counter-clockwise, with the bulges that make its arcs exact."""
    if isinstance(shape, Circle):  # two half circles
        return [(shape.cx + shape.r, shape.cy, 1.0), (shape.cx - shape.r, shape.cy, 1.0)]
    x0, y0, r = shape.x, shape.y, shape.radius
    x1, y1 = x0 + shape.width, y0 + shape.height
    return [
        (x0 + r, y0, 0.0),
        (x1 - r, y0, QUARTER),
        (x1, y0 + r, 0.0),
        (x1, y1 - r, QUARTER),
        (x1 - r, y1, 0.0),
        (x0 + r, y1, QUARTER),
        (x0, y1 - r, 0.0),
        (x0, y0 + r, QUARTER),
    ]
