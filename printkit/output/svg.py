"""Draw layout's primitives as SVG: printkit's one SVG writer, for rulebook figures and cut files.

Takes: shapes (`printkit.base.shapes`) in millimetres, y up, and the Style of the SVG they go into;
drawings placed in a Scene (a rulebook figure).
Returns: SVG elements, and a figure's SVG document, in millimetres, y down as SVG wants; text uses the bundled fonts
by the family names the rulebook's CSS declares, so figures and prose share one set of fonts (a pack's own
fonts are set in the bundled sans of their style). Text that must be shaped (Arabic, Hebrew: SVG text is
drawn unshaped) or has letters the bundled fonts lack (Japanese in a pack's font) is drawn as the
outlines of its glyphs, shaped by HarfBuzz in its own font: never in a font of the machine.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path

from printkit.base.confine import pack_file_bytes
from printkit.base.shapes import Area, Circle, Image, Line, Rect, Shape, Text, Vector
from printkit.base.shapes import Path as PathShape
from printkit.faces.fonts import font_style, missing_glyphs, shaped_outline, styled
from printkit.faces.scripts import needs_shaping

# printkit's font families as the rulebook's CSS declares them; a pack's own fonts are not declared
# there, so a figure sets their text in printkit's sans, in the same style
CSS_FAMILIES = {"sans": "PK Sans", "serif": "PK Serif"}
PT = 25.4 / 72


@dataclass(frozen=True)
class Style:
    """How one kind of SVG writes shapes: its numbers, where its y axis starts (SVG's runs down) and
    whether shapes carry their own paint. A rulebook figure's group: three decimals, y negated (the
    group's origin is the drawing's bottom-left corner), painted shapes, paths. A cut file's sheet:
    lengths to a ten-thousandth (finer than any cutter), y down from the sheet's top, shapes painted
    by their layer, straight outlines as polygons (what cutting software reads as closed shapes)."""

    number: Callable[[float], str]
    top: float | None  # the sheet's height its y runs down from; None: y negated
    painted: bool

    def y(self, value: float) -> str:
        return self.number(-value if self.top is None else self.top - value)


def _three_decimals(value: float) -> str:
    return f"{value:.3f}"


def _ten_thousandths(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


FIGURE = Style(_three_decimals, None, painted=True)


def sheet_style(height: float) -> Style:
    """The style of a cut file for a sheet height mm tall."""
    return Style(_ten_thousandths, height, painted=False)


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    paint = f'fill="{fill}"' if fill else 'fill="none"'
    if stroke:
        paint += f' stroke="{stroke}" stroke-width="{width:.3f}"'
    return paint


class Scene:
    """Drawings placed at offsets (and turned) in one picture of a given size in millimetres."""

    def __init__(self, width: float, height: float, name: str):
        self.width, self.height, self.name = width, height, name  # name prefixes the scene's ids
        self.parts: list[str] = []

    def add(
        self,
        drawing: list[Shape],
        x: float,
        y: float,
        size: tuple[float, float] | None = None,
        rotation: int = 0,
        clip: Area | None = None,
    ) -> None:
        """A drawing with its origin at (x, y), inside clip (in the drawing's own coordinates) when
        given; rotation turns it clockwise about the centre of size."""
        transform = f"translate({x:.3f},{self.height - y:.3f})"
        if rotation and size:
            transform += f" rotate({rotation},{size[0] / 2:.3f},{-size[1] / 2:.3f})"
        group = [f'<g transform="{transform}">']
        if clip:
            clip_id = f"{self.name}-clip{len(self.parts)}"
            group.append(f'<clipPath id="{clip_id}">{_geometry(clip)}</clipPath><g clip-path="url(#{clip_id})">')
        group += [element(shape) for shape in drawing]
        group.append("</g></g>" if clip else "</g>")
        self.parts.append("".join(group))

    def svg(self, label: str) -> str:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" '
            f'width="{self.width:.2f}mm" height="{self.height:.2f}mm" '
            f'viewBox="0 0 {self.width:.3f} {self.height:.3f}">' + "".join(self.parts) + "</svg>"
        )


def _geometry(shape: Area) -> str:
    """A shape's outline as an SVG element without paint (a clip path), y negated as a figure's are."""
    if isinstance(shape, Rect):
        return (
            f'<rect x="{shape.x:.3f}" y="{-(shape.y + shape.height):.3f}" width="{shape.width:.3f}" '
            f'height="{shape.height:.3f}"' + (f' rx="{shape.radius:.3f}"/>' if shape.radius else "/>")
        )
    if isinstance(shape, Circle):
        return f'<circle cx="{shape.cx:.3f}" cy="{-shape.cy:.3f}" r="{shape.r:.3f}"/>'
    return f'<path d="{_path_data(shape)}"/>'


def _path_data(shape: PathShape) -> str:
    commands = []
    for op in shape.ops:
        points = " ".join(f"{v:.3f}" if i % 2 == 0 else f"{-v:.3f}" for i, v in enumerate(op[1:]))
        commands.append(f"{op[0]} {points}".strip())
    return " ".join(commands)


def element(shape: Shape, style: Style = FIGURE) -> str:
    """One shape as an SVG element, in style (a figure's, by default)."""
    n = style.number
    paint = (
        f" {_paint(shape.fill, shape.stroke, shape.line_width)}" if style.painted and isinstance(shape, Area) else ""
    )
    if isinstance(shape, Rect):
        if style.painted:
            rounded = f' rx="{n(shape.radius)}"'
        else:
            rounded = f' rx="{n(shape.radius)}" ry="{n(shape.radius)}"' if shape.radius > 0 else ""
        return (
            f'<rect x="{n(shape.x)}" y="{style.y(shape.y + shape.height)}" width="{n(shape.width)}" '
            f'height="{n(shape.height)}"{rounded}{paint}/>'
        )
    if isinstance(shape, Circle):
        return f'<circle cx="{n(shape.cx)}" cy="{style.y(shape.cy)}" r="{n(shape.r)}"{paint}/>'
    if isinstance(shape, Line):
        stroke = f'stroke="{shape.stroke}" ' if style.painted else ""
        dash = f' stroke-dasharray="{" ".join(f"{d:.2f}" for d in shape.dash)}"' if shape.dash and style.painted else ""
        return (
            f'<line x1="{n(shape.x1)}" y1="{style.y(shape.y1)}" x2="{n(shape.x2)}" y2="{style.y(shape.y2)}" '
            f'{stroke}stroke-width="{n(shape.line_width)}"{dash}/>'
        )
    if isinstance(shape, PathShape) and not style.painted:
        assert all(op[0] in ("M", "L", "Z") for op in shape.ops), "every outline with curves is a Rect or a Circle"
        points = " ".join(f"{n(op[1])},{style.y(op[2])}" for op in shape.ops if op[0] != "Z")
        return f'<polygon points="{points}"/>'
    if isinstance(shape, PathShape):
        return f'<path d="{_path_data(shape)}"{paint}/>'
    if isinstance(shape, Text):
        family, bold, italic = font_style(shape.font)
        if needs_shaping(shape.text) or missing_glyphs(shape.text, styled("sans", bold, italic)):
            return _shaped_text(shape)
        css_family, weight, slant = (
            CSS_FAMILIES.get(family, "PK Sans"),
            700 if bold else 400,
            "italic" if italic else "normal",
        )
        anchor = {"left": "start", "center": "middle", "right": "end"}[shape.align]
        extra = f' transform="rotate({-shape.angle:.1f},{shape.x:.3f},{-shape.y:.3f})"' if shape.angle else ""
        if shape.direction == "rtl":  # the renderer shapes and orders it; x stays its left (right: its right) end
            anchor = {"start": "end", "middle": "middle", "end": "start"}[anchor]
            extra += ' direction="rtl"'
        return (
            f'<text x="{shape.x:.3f}" y="{-shape.y:.3f}" font-family="{css_family}" font-weight="{weight}" '
            f'font-style="{slant}" font-size="{shape.size * PT:.3f}" fill="{shape.color}" '
            f'text-anchor="{anchor}"{extra}>{escape(shape.text)}</text>'
        )
    if isinstance(shape, Image):
        data = pack_file_bytes(Path(shape.path))
        kind = "png" if data[:4] == b"\x89PNG" else "jpeg"
        return (
            f'<image x="{shape.x:.3f}" y="{-(shape.y + shape.height):.3f}" width="{shape.width:.3f}" '
            f'height="{shape.height:.3f}" href="data:image/{kind};base64,{base64.b64encode(data).decode()}"/>'
        )
    if isinstance(shape, Vector):  # the pack's file, painted as the PDF paints it, fitted as SVG fits an image
        from printkit.content.svg_drawing import painted_svg  # only packs with SVG files pay for lxml

        data = painted_svg(pack_file_bytes(Path(shape.path)), shape.colour)
        cx, cy = shape.x + shape.width / 2, -(shape.y + shape.height / 2)
        turned = f' transform="rotate({-shape.angle:.1f},{cx:.3f},{cy:.3f})"' if shape.angle else ""
        return (
            f'<image x="{shape.x:.3f}" y="{-(shape.y + shape.height):.3f}" width="{shape.width:.3f}" '
            f'height="{shape.height:.3f}"{turned} href="data:image/svg+xml;base64,{base64.b64encode(data).decode()}"/>'
        )
    raise TypeError(f"no SVG for {type(shape).__name__}")


def _shaped_text(text: Text) -> str:
    """Text as the outlines of its shaped glyphs, a path; x is its left (centre, right) end as align says."""
    outline, advance = shaped_outline(text.text, text.font, text.direction == "rtl")
    scale = text.size * PT / 1000  # millimetres per thousandth of the font size
    left = text.x - advance * scale * {"left": 0.0, "center": 0.5, "right": 1.0}[text.align]
    turned = f"rotate({-text.angle:.1f},{text.x:.3f},{-text.y:.3f}) " if text.angle else ""
    return (
        f'<path d="{outline}" fill="{text.color}" '
        f'transform="{turned}translate({left:.3f},{-text.y:.3f}) scale({scale:.6f},{-scale:.6f})"/>'
    )
