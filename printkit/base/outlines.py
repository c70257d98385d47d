"""Outlines: the shape a piece is cut along, one class each, registered by name.

Takes: a piece's trim size in millimetres (and, on a sheet, where its trim box lies).
Returns: what every stage needs of the outline, as drawing primitives (`printkit.base.shapes`): the
area a face covers and is clipped to (its trim line grown by the bleed, also a rulebook figure's
clip), the cut path drawn on a sheet, whether the piece shares straight cuts (the crop marks at its
box's edges), what the fragments of a piece too large for the paper show of it, and the alpha mask
of its PNG. Renderers draw what an outline gives them and never ask which one it is; a new shape is
one class here. A rectangle with rounded corners is one outline per radius (`rectangle`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from printkit.base.shapes import Area, Circle, Line, Rect, Shape
from printkit.base.units import Size

if TYPE_CHECKING:
    from PIL import Image as PILImage


class Outline:
    name: str
    # Cut with straight cuts right across the sheet, shared with its neighbours: crop marks in the
    # margins show where they run, at the edges of the piece's box. Otherwise it is cut alone, along
    # its cut path, with a gutter around it.
    straight_cuts: ClassVar[bool]
    # Tabletop Simulator can hold it in a deck (cards are rectangles there).
    deck_card: ClassVar[bool]

    def shape(self, size: Size, grow: float = 0.0) -> Area:
        """The outline of a piece of this size in its own box (origin at the trim box's bottom-left),
        grown by grow millimetres (the bleed) or shrunk by a negative grow."""
        raise NotImplementedError

    def cut_path(self, x: float, y: float, size: Size, colour: str) -> list[Shape]:
        """The trim line drawn on a sheet, for a piece whose box starts at (x, y)."""
        raise NotImplementedError

    def fragment_guides(self, size: Size, colour: str) -> list[Shape]:
        """What the fragments of a piece too large for the paper show of its trim line, in the
        piece's own box: the fragments are cut straight along their edges, glued, and then cut
        along this."""
        return self.cut_path(0, 0, size, colour)

    def mask(self, size: Size, bleed: float, pixels: tuple[int, int]) -> PILImage.Image | None:
        """The alpha channel of a PNG of the face (a piece of this trim size plus bleed) rendered this
        many pixels large; None: opaque."""
        return None

    def __repr__(self) -> str:
        return f"<outline {self.name}>"


OUTLINES: dict[str, Outline] = {}


def outline(cls: type[Outline]) -> type[Outline]:
    OUTLINES[cls.name] = cls()
    return cls


@outline
class Rectangle(Outline):
    name = "rect"
    straight_cuts = True
    deck_card = True

    def shape(self, size: Size, grow: float = 0.0) -> Rect:
        w, h = size
        return Rect(-grow, -grow, w + 2 * grow, h + 2 * grow)

    def fragment_guides(self, size: Size, colour: str) -> list[Shape]:
        return []  # its edges are the fragments' outer edges

    def cut_path(self, x: float, y: float, size: Size, colour: str) -> list[Shape]:
        w, h = size
        return [
            Line(x1, y1, x2, y2, stroke=colour, line_width=0.12, dash=(1.0, 1.0))
            for x1, y1, x2, y2 in (
                (x, y, x + w, y),
                (x, y + h, x + w, y + h),
                (x, y, x, y + h),
                (x + w, y, x + w, y + h),
            )
        ]


@outline
class Round(Outline):
    name = "round"
    straight_cuts = False
    deck_card = False

    def shape(self, size: Size, grow: float = 0.0) -> Area:
        w, h = size
        return Circle(w / 2, h / 2, w / 2 + grow)

    def cut_path(self, x: float, y: float, size: Size, colour: str) -> list[Shape]:
        w, h = size
        return [Circle(x + w / 2, y + h / 2, w / 2, stroke=colour, line_width=0.15)]

    def mask(self, size: Size, bleed: float, pixels: tuple[int, int]) -> PILImage.Image:
        from PIL import Image, ImageDraw  # only PNG exports pay for loading Pillow

        mask = Image.new("L", pixels, 0)
        ImageDraw.Draw(mask).ellipse((0, 0, pixels[0] - 1, pixels[1] - 1), fill=255)
        return mask


RECT, ROUND = OUTLINES["rect"], OUTLINES["round"]


class RoundedRectangle(Rectangle):
    """A rectangle whose corners are quarter circles (poker cards: 3 mm). It is cut like any card,
    with straight cuts shared with its neighbours (so a sheet holds as many as of square cards), and
    then its corners are rounded with a corner cutter: the crop marks stay, and the cut guide is the
    rounded trim line, which shows where the cutter goes."""

    def __init__(self, radius: float):
        self.radius = radius
        self.name = f"rect-r{radius:g}"

    fragment_guides = Outline.fragment_guides  # its corners are not the fragments' corners

    def shape(self, size: Size, grow: float = 0.0) -> Rect:
        # The trim line grown by grow all round: the corners' arcs keep their centres (shrunk by more
        # than the radius, the corners are square).
        return replace(super().shape(size, grow), radius=max(self.radius + grow, 0.0))

    def cut_path(self, x: float, y: float, size: Size, colour: str) -> list[Shape]:
        w, h = size  # one solid line (a rectangle's are dashed): the corners are what it shows
        return [Rect(x, y, w, h, stroke=colour, line_width=0.12, radius=self.radius)]

    def mask(self, size: Size, bleed: float, pixels: tuple[int, int]) -> PILImage.Image:
        from PIL import Image, ImageDraw

        mask = Image.new("L", pixels, 0)
        radius = (self.radius + bleed) * pixels[0] / (size.width + 2 * bleed)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, pixels[0] - 1, pixels[1] - 1), radius, fill=255)
        return mask


def rectangle(corner_radius: float | None) -> Outline:
    """The outline of a rectangular piece: square corners, or rounded ones of this radius (one
    outline per radius, registered under its name, so that pieces with the same one are laid out
    together)."""
    if not corner_radius:
        return RECT
    rounded = RoundedRectangle(corner_radius)
    return OUTLINES.setdefault(rounded.name, rounded)
