"""A pack's SVG file (art, or an icon of its own) as svglib draws it: a reportlab Drawing, which
output.pdf draws as vectors and validation asks for once, so a file svglib cannot draw is a located
problem and never a failed build.

Takes: the file's bytes as confine.pack_file read them (svglib never opens a path: a path would let
a reference reach out of the pack), judged safe by content.svg_safety first; for an icon, the colour
it is painted in. Returns: the Drawing (its size in points and its shapes, y up), and
`drawing_findings`, (message, hint) for a file that cannot be drawn.

Parsed by lxml with no entity resolved, no DTD loaded, no network and no huge tree. An icon that
paints in currentColor is painted in the look's colour there and keeps its other colours; one that
paints in a single colour (as icon sets do, mostly black) is painted in the look's colour all over,
like printkit's own icons; one of several colours is drawn as it is.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator

from lxml import etree
from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.graphics.shapes import Image as EmbeddedImage

from printkit.base.memo import SVG_DRAWINGS, remembered

# svglib logs what it passes over (an unknown attribute); a build says nothing of it on stderr
logging.getLogger("svglib").addHandler(logging.NullHandler())

Finding = tuple[str, str | None]
_PAINTS = ("fillColor", "strokeColor")


@remembered(SVG_DRAWINGS)
def svg_drawing(data: bytes, colour: str | None = None) -> Drawing:
    """The file's drawing, painted in colour as the module's docstring says when colour is given."""
    from svglib.svglib import SvgRenderer  # only packs with SVG files pay for loading svglib

    # its source the bytes, not a path: svglib resolves no reference to another file
    return SvgRenderer(io.BytesIO(data)).render(_painted(data, colour))


def painted_svg(data: bytes, colour: str | None) -> bytes:
    """The file itself, painted in colour as the module's docstring says when colour is given (what
    output.svg embeds in a rulebook's figure)."""
    return etree.tostring(_painted(data, colour))


def _painted(data: bytes, colour: str | None) -> etree._Element:
    """The file's parsed root, painted in colour when given: currentColor is the colour of the nearest
    color= above it, and a file of one colour has each fill and stroke that is not none made colour (the
    root's fill too, for shapes that give none and would be black)."""
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=True
    )
    root = etree.fromstring(data, parser)
    if colour is None:
        return root
    if b"currentColor" in data:
        root.set("color", colour)
    elif _single_colour(svg_drawing(data)):
        root.set("fill", colour)
        for element in root.iter(etree.Element):
            for name in _PAINTS_SVG:
                if _painted_value(element.get(name)):
                    element.set(name, colour)
            if element.get("style"):
                element.set("style", _PAINT_DECLARATION.sub(lambda m: _declared(m, colour), element.get("style")))
            if etree.QName(element).localname == "style" and element.text:
                element.text = _PAINT_DECLARATION.sub(lambda m: _declared(m, colour), element.text)
    return root


_PAINTS_SVG = ("fill", "stroke")
_PAINT_DECLARATION = re.compile(r"(?<![\w-])(fill|stroke)(\s*:\s*)([^;}\"']+)")


def _painted_value(value: str | None) -> bool:
    """Whether a fill or stroke paints in a colour (not none, nor a gradient's url())."""
    return value is not None and value.strip() not in ("none", "transparent") and not value.strip().startswith("url(")


def _declared(match: re.Match[str], colour: str) -> str:
    """A CSS fill: or stroke: declaration in colour when it paints in one."""
    return match.group(1) + match.group(2) + (colour if _painted_value(match.group(3)) else match.group(3))


def drawing_findings(data: bytes, what: str) -> tuple[Finding, ...]:
    """Why svglib cannot draw the SVG data (named as `what`) as printkit prints it, if it cannot."""
    try:
        drawing = svg_drawing(data)
    # svglib is a converter of another project reading a stranger's file: whatever it trips over is
    # said of that file, not printkit's fault (exit 3)
    except Exception:  # noqa: BLE001
        return ((f"{what} is an SVG image printkit cannot draw", _SAVE_PLAIN),)
    if not drawing.width > 0 or not drawing.height > 0:
        return ((f"{what} has no size", 'give its <svg> a viewBox, e.g. viewBox="0 0 512 512"'),)
    if any(isinstance(shape, String) for shape in _shapes(drawing)):
        return (
            (
                f"{what} has text, which printkit cannot print in a font it embeds",
                "turn the text into paths (Inkscape: Path > Object to Path)",
            ),
        )
    return ()


_SAVE_PLAIN = "save it as plain SVG (Inkscape: File > Save As > Plain SVG)"


def _shapes(drawing: Drawing) -> Iterator[object]:
    """Every shape of the drawing that is not a group of others, without recursion."""
    pending: list[object] = [drawing]
    while pending:
        node = pending.pop()
        if isinstance(node, Group):
            pending.extend(node.contents)
        else:
            yield node


def _single_colour(drawing: Drawing) -> bool:
    """Whether every fill and stroke of the drawing is one colour (an embedded image or a gradient
    is not, whatever its colours)."""
    colours = set()
    for shape in _shapes(drawing):
        if isinstance(shape, EmbeddedImage) or not any(hasattr(shape, paint) for paint in _PAINTS):
            return False
        colours |= {tuple(c.rgb()) for paint in _PAINTS if (c := getattr(shape, paint, None)) is not None}
    return len(colours) == 1
