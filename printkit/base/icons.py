"""Built-in vector icons for elements, terrains and markers: no copyrighted art, only shapes.

Takes: an icon name, a centre, a size in millimetres and a colour.
Returns: drawing primitives; `ICONS` names printkit's own icons, and `Icons` every icon a pack may
refer to with `icon:` or `[name]`: printkit's and the pack's own SVG files (its icons/ folder), with
what to write instead of a name it lacks. Each icon is drawn in a box from -1 to 1 on both axes, y up;
a pack's icon is its file fitted into that box (a `Vector`).

Arrows are named by where they point, up being north: `arrow` points up (as `arrow-n`), and
`arrow-n`, `arrow-ne`, `arrow-e`, `arrow-se`, `arrow-s`, `arrow-sw`, `arrow-w`, `arrow-nw` are the
eight compass directions, 45° apart. The arrows of hex games point at a hex's edges, 60° apart, and
name the hex's orientation (flat or pointy top, the `orientation` of hex shapes) before the edge:
`arrow-flat-n`, `-ne`, `-se`, `-s`, `-sw`, `-nw` (its north-east is 30° above east) and
`arrow-pointy-ne`, `-e`, `-se`, `-sw`, `-w`, `-nw` (its north-east is 30° right of up); `arrow-ne` is
always the compass's 45°.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from printkit.base.errors import did_you_mean
from printkit.base.outlines import Orientation, closed, offset, sides_facing
from printkit.base.shapes import Circle, Line, Path, Shape, Vector, moved, rotated

IconDrawer = Callable[[float, float, float, str], list[Shape]]
ICONS: dict[str, IconDrawer] = {}
ICON_NAME = re.compile(r"[a-z0-9-]+")  # what `[name]` in a text can name


def icon(name: str) -> Callable[[IconDrawer], IconDrawer]:
    def register(drawer: IconDrawer) -> IconDrawer:
        ICONS[name] = drawer
        return drawer

    return register


@dataclass(frozen=True)
class Icons:
    """The icons a pack may name: printkit's own (ICONS) and the pack's, each (name, the real path of
    its SVG file, read confined: renderers draw its bytes); failed: the names of the pack's icon files
    refused (their own problems say so, and they draw nothing). Hashable: text set with them is remembered."""

    own: tuple[tuple[str, str], ...] = ()
    failed: tuple[str, ...] = ()

    def __contains__(self, name: object) -> bool:
        return name in ICONS or name in self._files or name in self.failed

    @cached_property
    def _files(self) -> dict[str, str]:
        return dict(self.own)

    def names(self) -> list[str]:
        return sorted([*ICONS, *self._files])

    def draw(self, name: str, cx: float, cy: float, size: float, colour: str) -> list[Shape]:
        """The icon centred on (cx, cy), size wide and high, painted in colour."""
        if name in self.failed:
            return []
        path = self._files.get(name)
        if path is None:
            return ICONS[name](cx, cy, size, colour)
        return [Vector(path, cx - size / 2, cy - size / 2, size, size, colour)]

    def hint(self, name: str) -> str:
        """What to write for an icon name neither printkit nor the pack has: the closest names, or else every name."""
        return did_you_mean(name, self.names()) or self.known()

    def of_whom(self) -> str:
        """Whose icons a name must be one of, as a problem says it."""
        return "printkit's or the pack's icons" if self.own else "printkit's icons"

    def known(self) -> str:
        mine = f"; the pack's: {', '.join(sorted(self._files))}" if self._files else ""
        return "known icons: " + ", ".join(sorted(ICONS)) + mine


PRINTKITS_ICONS = Icons()  # where a pack adds none


def _shape(ops, fill=None, stroke=None, width=0.0):
    """An icon made of one path in the unit box."""

    def draw(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
        return [
            Path(
                moved(ops, size / 2, cx, cy),
                fill=colour if fill else None,
                stroke=colour if stroke else None,
                line_width=width * size,
            )
        ]

    return draw


FLAME = (
    ("M", 0, -1),
    ("C", -0.62, -1, -0.85, -0.45, -0.7, -0.05),
    ("C", -0.58, 0.3, -0.3, 0.45, -0.28, 0.85),
    ("C", -0.05, 0.6, 0.02, 0.35, -0.02, 0.12),
    ("C", 0.18, 0.3, 0.3, 0.55, 0.22, 1.0),
    ("C", 0.6, 0.7, 0.85, 0.2, 0.7, -0.3),
    ("C", 0.6, -0.75, 0.35, -1, 0, -1),
    ("Z",),
)
DROP = (
    ("M", 0, 1),
    ("C", 0.25, 0.55, 0.7, 0.1, 0.7, -0.32),
    ("C", 0.7, -0.72, 0.38, -1, 0, -1),
    ("C", -0.38, -1, -0.7, -0.72, -0.7, -0.32),
    ("C", -0.7, 0.1, -0.25, 0.55, 0, 1),
    ("Z",),
)
BOLT = (
    ("M", 0.25, 1),
    ("L", -0.55, -0.1),
    ("L", -0.05, -0.1),
    ("L", -0.3, -1),
    ("L", 0.6, 0.2),
    ("L", 0.08, 0.2),
    ("L", 0.45, 1),
    ("Z",),
)
MOUNTAINS = (("M", -1, -0.75), ("L", -0.35, 0.55), ("L", -0.05, -0.05), ("L", 0.3, 0.8), ("L", 1, -0.75), ("Z",))
TREE = (
    ("M", 0, 1),
    ("L", 0.62, 0.05),
    ("L", 0.28, 0.05),
    ("L", 0.75, -0.55),
    ("L", 0.12, -0.55),
    ("L", 0.12, -1),
    ("L", -0.12, -1),
    ("L", -0.12, -0.55),
    ("L", -0.75, -0.55),
    ("L", -0.28, 0.05),
    ("L", -0.62, 0.05),
    ("Z",),
)
CRYSTAL = (("M", 0, 1), ("L", 0.5, 0.35), ("L", 0.3, -1), ("L", -0.3, -1), ("L", -0.5, 0.35), ("Z",))
CITY = (
    ("M", -1, -1),
    ("L", -1, 0.2),
    ("L", -0.55, 0.2),
    ("L", -0.55, 0.75),
    ("L", -0.1, 0.75),
    ("L", -0.1, 0),
    ("L", 0.3, 0),
    ("L", 0.3, 1),
    ("L", 0.75, 1),
    ("L", 0.75, 0.3),
    ("L", 1, 0.3),
    ("L", 1, -1),
    ("Z",),
)
CLOUD = (
    ("M", -0.9, -0.5),
    ("C", -1.1, -0.5, -1.1, 0.1, -0.7, 0.05),
    ("C", -0.7, 0.5, -0.15, 0.65, 0.05, 0.35),
    ("C", 0.2, 0.75, 0.85, 0.6, 0.75, 0.1),
    ("C", 1.1, 0.05, 1.1, -0.5, 0.85, -0.5),
    ("Z",),
)
TRIANGLE = (("M", -0.6, -1), ("L", 1, 0), ("L", -0.6, 1), ("Z",))  # the ▶ of an attack edge

icon("fire")(_shape(FLAME, fill=True))
icon("water")(_shape(DROP, fill=True))
icon("electro")(_shape(BOLT, fill=True))
icon("earth")(_shape(MOUNTAINS, fill=True))
icon("mountains")(_shape(MOUNTAINS, fill=True))
icon("woods")(_shape(TREE, fill=True))
icon("crystals")(_shape(CRYSTAL, fill=True))
icon("city")(_shape(CITY, fill=True))
icon("clouds")(_shape(CLOUD, fill=True))
icon("attack")(_shape(TRIANGLE, fill=True))


@icon("air")
def _air(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    """Three wind strokes, each ending in a curl."""
    shapes: list[Shape] = []
    for y, length in ((0.45, 1.3), (0.0, 1.7), (-0.45, 1.1)):
        left = -0.85
        ops = (
            ("M", left, y),
            ("L", left + length - 0.3, y),
            ("C", left + length, y, left + length, y + 0.32, left + length - 0.22, y + 0.3),
        )
        shapes.append(Path(moved(ops, size / 2, cx, cy), stroke=colour, line_width=0.1 * size))
    return shapes


@icon("blocked")
def _blocked(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    r = size / 2 * 0.85
    d = r * math.sqrt(0.5)
    return [
        Circle(cx, cy, r, stroke=colour, line_width=0.14 * size),
        Line(cx - d, cy + d, cx + d, cy - d, stroke=colour, line_width=0.14 * size),
    ]


@icon("star")
def _star(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    ops = []
    for i in range(10):
        radius = 1.0 if i % 2 == 0 else 0.42
        angle = math.pi / 2 + i * math.pi / 5
        ops.append(("M" if i == 0 else "L", radius * math.cos(angle), radius * math.sin(angle) - 0.08))
    return [Path(moved(tuple(ops) + (("Z",),), size / 2, cx, cy), fill=colour)]


HEART = (
    ("M", 0, -0.9),
    ("C", -0.5, -0.45, -1, -0.1, -1, 0.35),
    ("C", -1, 0.8, -0.5, 1, 0, 0.55),
    ("C", 0.5, 1, 1, 0.8, 1, 0.35),
    ("C", 1, -0.1, 0.5, -0.45, 0, -0.9),
    ("Z",),
)
SHIELD = (
    ("M", 0, 1),
    ("L", 0.85, 0.7),
    ("C", 0.85, -0.1, 0.5, -0.6, 0, -1),
    ("C", -0.5, -0.6, -0.85, -0.1, -0.85, 0.7),
    ("Z",),
)
LEAF = (("M", -0.8, -0.8), ("C", -0.9, 0.3, -0.2, 0.95, 0.9, 0.9), ("C", 0.95, -0.2, 0.3, -0.9, -0.8, -0.8), ("Z",))
WING = (
    ("M", -1, -0.6),
    ("C", -0.6, 0.4, 0.1, 0.9, 1, 0.9),
    ("C", 0.7, 0.6, 0.75, 0.4, 0.55, 0.3),
    ("C", 0.7, 0.1, 0.6, -0.05, 0.35, -0.1),
    ("C", 0.45, -0.3, 0.3, -0.45, 0.05, -0.45),
    ("C", -0.2, -0.6, -0.6, -0.7, -1, -0.6),
    ("Z",),
)
BLOB = (
    ("M", -0.7, -0.8),
    ("C", -1, -0.2, -0.8, 0.5, -0.3, 0.6),
    ("C", -0.2, 1, 0.4, 1, 0.45, 0.55),
    ("C", 1, 0.5, 1, -0.3, 0.7, -0.8),
    ("C", 0.5, -0.55, 0.35, -0.55, 0.25, -0.8),
    ("C", 0.1, -0.55, -0.2, -0.55, -0.3, -0.8),
    ("Z",),
)
CHEVRONS = (
    ("M", -1, 0.8),
    ("L", -0.2, 0),
    ("L", -1, -0.8),
    ("L", -0.6, -0.8),
    ("L", 0.2, 0),
    ("L", -0.6, 0.8),
    ("Z",),
    ("M", 0, 0.8),
    ("L", 0.8, 0),
    ("L", 0, -0.8),
    ("L", 0.4, -0.8),
    ("L", 1.2, 0),
    ("L", 0.4, 0.8),
    ("Z",),
)
SWORD = (
    ("M", -0.08, -0.45),
    ("L", -0.08, 1),
    ("L", 0, 1.1),
    ("L", 0.08, 1),
    ("L", 0.08, -0.45),
    ("L", 0.4, -0.45),
    ("L", 0.4, -0.6),
    ("L", 0.08, -0.6),
    ("L", 0.08, -1),
    ("L", -0.08, -1),
    ("L", -0.08, -0.6),
    ("L", -0.4, -0.6),
    ("L", -0.4, -0.45),
    ("Z",),
)

icon("heart")(_shape(HEART, fill=True))
icon("shield")(_shape(SHIELD, fill=True))
icon("leaf")(_shape(LEAF, fill=True))
icon("wing")(_shape(WING, fill=True))
icon("blob")(_shape(BLOB, fill=True))
icon("quick")(_shape(CHEVRONS, fill=True))
icon("sword")(_shape(SWORD, fill=True))


def _polygon(points: int, outer: float, inner: float, turn: float = 0.0) -> tuple:
    ops = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 2 + turn + i * math.pi / points
        ops.append(("M" if i == 0 else "L", radius * math.cos(angle), radius * math.sin(angle)))
    return tuple(ops) + (("Z",),)


icon("sparkle")(_shape(_polygon(4, 1.0, 0.28), fill=True))


@icon("moon")
def _moon(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    """A crescent: the part of a circle not covered by the same circle moved right by 0.6 radii."""
    r, d = size / 2, 0.6
    meet = math.degrees(math.atan2(math.sqrt(1 - d * d / 4), d / 2))  # where the two circles cross
    inner = 180 - meet  # the same points seen from the moved circle's centre
    outer_arc = [
        (math.cos(math.radians(a)), math.sin(math.radians(a)))
        for a in (meet + (360 - 2 * meet) * i / 24 for i in range(25))
    ]
    inner_arc = [
        (d + math.cos(math.radians(a)), math.sin(math.radians(a)))
        for a in (360 - inner - (360 - 2 * inner) * i / 24 for i in range(25))
    ]
    ops = tuple(("M" if i == 0 else "L", cx + x * r, cy + y * r) for i, (x, y) in enumerate(outer_arc + inner_arc))
    return [Path(ops + (("Z",),), fill=colour)]


@icon("planet")
def _planet(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    r = size / 2
    ring = tuple(
        (
            "M" if i == 0 else "L",
            cx + r * math.cos(math.radians(i * 10)),
            cy + r * 0.3 * math.sin(math.radians(i * 10)) + r * 0.08 * math.cos(math.radians(i * 10)),
        )
        for i in range(37)
    )
    return [Circle(cx, cy, r * 0.55, fill=colour), Path(ring, stroke=colour, line_width=size * 0.06)]


@icon("gear")
def _gear(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    r = size / 2
    teeth = []
    for i in range(8):
        a = math.radians(i * 45)
        for da, radius in ((-12, 0.72), (-8, 1.0), (8, 1.0), (12, 0.72)):
            teeth.append(
                (cx + r * radius * math.cos(a + math.radians(da)), cy + r * radius * math.sin(a + math.radians(da)))
            )
    ops = tuple(("M" if i == 0 else "L", x, y) for i, (x, y) in enumerate(teeth)) + (("Z",),)
    return [Path(ops, fill=colour), Circle(cx, cy, r * 0.3, fill="#ffffff")]


@icon("skull")
def _skull(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    r = size / 2
    head = (
        ("M", -0.75, 0.1),
        ("C", -0.75, 1.0, 0.75, 1.0, 0.75, 0.1),
        ("L", 0.5, -0.3),
        ("L", 0.45, -0.9),
        ("L", -0.45, -0.9),
        ("L", -0.5, -0.3),
        ("Z",),
    )
    return [
        Path(moved(head, r, cx, cy), fill=colour),
        Circle(cx - r * 0.33, cy + r * 0.12, r * 0.2, fill="#ffffff"),
        Circle(cx + r * 0.33, cy + r * 0.12, r * 0.2, fill="#ffffff"),
    ]


@icon("wand")
def _wand(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    r = size / 2
    return [
        Line(cx - r * 0.8, cy - r * 0.8, cx + r * 0.25, cy + r * 0.25, stroke=colour, line_width=size * 0.12),
        Path(moved(_polygon(4, 0.5, 0.15), r, cx + r * 0.5, cy + r * 0.5), fill=colour),
    ]


# --- for hex games: arrows in every direction, rock, river, forest, hill -----------------------------

# Pointing up. Its tip (0, 1) is its only point on the unit circle: turned any way it stays in the box,
# and its tip is the point farthest from the centre.
ARROW = (
    ("M", 0, 1),
    ("L", 0.72, 0.12),
    ("L", 0.26, 0.12),
    ("L", 0.26, -0.9),
    ("L", -0.26, -0.9),
    ("L", -0.26, 0.12),
    ("L", -0.72, 0.12),
    ("Z",),
)
# Where each arrow points, in degrees counter-clockwise from east (the x axis).
COMPASS = {"n": 90, "ne": 45, "e": 0, "se": -45, "s": -90, "sw": -135, "w": 180, "nw": 135}
HEX_EDGE_NAMES: dict[Orientation, tuple[str, ...]] = {
    "flat": ("n", "ne", "se", "s", "sw", "nw"),
    "pointy": ("ne", "e", "se", "sw", "w", "nw"),
}
HEX_EDGES = {  # the edges of a hex tile in each orientation, each at the direction it faces
    orientation: dict(zip(names, sides_facing(6, orientation), strict=True))
    for orientation, names in HEX_EDGE_NAMES.items()
}


def _arrow(angle: float) -> IconDrawer:
    upright = _shape(ARROW, fill=True)

    def draw(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
        return rotated(upright(cx, cy, size, colour), angle - 90, cx, cy)

    return draw


ARROWS = (
    {"arrow": COMPASS["n"]}
    | {f"arrow-{direction}": angle for direction, angle in COMPASS.items()}
    | {
        f"arrow-{orientation}-{edge}": angle
        for orientation, edges in HEX_EDGES.items()
        for edge, angle in edges.items()
    }
)
ICONS.update({name: _arrow(angle) for name, angle in ARROWS.items()})


# A boulder of three faces parted by thin seams, and a pebble beside it.
BOULDER = {
    "a": (-0.95, -0.75),
    "b": (-0.82, 0.05),
    "c": (-0.38, 0.62),
    "d": (0.2, 0.72),
    "e": (0.62, 0.3),
    "f": (0.5, -0.75),
    "g": (-0.2, 0.0),
    "h": (-0.05, -0.75),
}
BOULDER_FACES = ("gedcb", "ahgb", "hfeg")  # top, left, right; corners counter-clockwise
PEBBLE = (("M", 0.6, -0.75), ("C", 0.56, -0.36, 0.98, -0.34, 1.0, -0.75), ("Z",))


@icon("rock")
def _rock(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    # Each face moved in by 0.05 all round: faces drawn from shared corners leave even seams.
    faces = [closed(inset) for face in BOULDER_FACES for inset in offset([BOULDER[corner] for corner in face], -0.05)]
    return [Path(moved(ops, size / 2, cx, cy), fill=colour) for ops in (*faces, PEBBLE)]


def _river(swing: float = 0.22, bends: int = 3) -> tuple:
    """A band winding down the box, swing to either side of the middle, widening as it flows. A whole
    number of bends makes it run straight down at both ends, so its ends are level."""
    steps = 48
    left, right = [], []
    for i in range(steps + 1):
        t = i / steps
        turn = bends * math.pi * t
        x, y = swing * math.cos(turn), 1 - 2 * t
        dx, dy = -swing * bends * math.pi * math.sin(turn), -2.0  # the direction of flow
        half = (0.13 + 0.06 * t) / math.hypot(dx, dy)  # half the width, over the length of (dx, dy)
        left.append((x + dy * half, y - dx * half))
        right.append((x - dy * half, y + dx * half))
    return closed(left + right[::-1])


icon("river")(_shape(_river(), fill=True))


@icon("forest")
def _forest(cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    """Three trees of the woods icon: one behind, two in front."""
    return [
        Path(moved(moved(TREE, scale, dx, dy), size / 2, cx, cy), fill=colour)
        for scale, dx, dy in ((0.55, 0.0, 0.45), (0.52, -0.48, -0.48), (0.52, 0.48, -0.48))
    ]


HILLS = (  # a broad rounded hill with a lower one beside it, both sloping gently to the ground
    ("M", -1, -0.7),
    ("C", -0.8, -0.65, -0.7, 0.08, -0.45, 0.08),
    ("C", -0.3, 0.08, -0.25, -0.02, -0.18, -0.06),
    ("C", -0.05, 0.45, 0.12, 0.6, 0.35, 0.6),
    ("C", 0.62, 0.6, 0.72, 0.2, 0.8, -0.3),
    ("C", 0.85, -0.55, 0.92, -0.68, 1, -0.7),
    ("Z",),
)
icon("hill")(_shape(HILLS, fill=True))
