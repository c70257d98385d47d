"""What every look draws with: the context a face is drawn in, colours, and the ink-saving variant.

Takes: the pack and locale being built, and drawings (lists of shapes, millimetres, origin bottom-left).
Returns: `LookContext`, which sets text in boxes (collecting text that cannot fit as problems naming
the component, field, locale and overflow), colour helpers (`mix`, `readable`) and `ink_saving`.
"""

from __future__ import annotations

import math
import pathlib
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal

from printkit.base.confine import Refused, pack_file
from printkit.base.errors import KeyPath, Problem, shown_value
from printkit.base.icons import Icons
from printkit.base.languages import right_to_left
from printkit.base.memo import MIXED_COLOURS, remembered
from printkit.base.outlines import Outline, signed_area
from printkit.base.palette import INK
from printkit.base.shapes import Circle, Path, Rect, Shape, Text
from printkit.base.units import Size
from printkit.content.components.base import Component
from printkit.content.load import PACK_FILE
from printkit.content.looks import printed_fields
from printkit.content.message_key import MessageKey
from printkit.content.pack import Pack
from printkit.content.pack_files import MAX_FILE_BYTES
from printkit.faces import richtext
from printkit.faces.fonts import declare_pack_fonts, locale_font, pack_font
from printkit.i18n import typography
from printkit.i18n.extract import Boxes, TextBox
from printkit.i18n.joints import Joints

Drawing = list[Shape]
AA_CONTRAST = 4.5  # WCAG 2.1's level AA for text: what every text of a built-in look reaches on what it is drawn on


@dataclass
class LookContext:
    pack: Pack
    locale: str
    bleed: float = 0.0
    problems: list[Problem] = field(default_factory=list)
    boxes: Boxes | None = None  # each text's box, recorded when asked for
    mark_overflow: bool = False  # text that overflows is drawn marked (the preview), not left out
    _art_paths: dict[str, str | None] = field(default_factory=dict)
    _fonts: dict[str, str] = field(default_factory=dict)
    _named_fields: dict[str, frozenset[str]] = field(default_factory=dict)
    _own: tuple[Component, frozenset[str]] | None = None

    def __post_init__(self) -> None:
        self._read_icons()

    def __setstate__(self, state: dict) -> None:
        """Unpickled in a worker process: the pack's fonts, which the faces and sheets it draws name,
        made known there too, and its art and icon files read there (renderers draw the bytes read in
        their own process; a spawned process inherits nothing of the one that laid them out)."""
        self.__dict__.update(state)
        declare_pack_fonts(self.pack)
        root = self.pack.root.resolve()
        for path in filter(None, self._art_paths.values()):
            pack_file(root, pathlib.Path(path), MAX_FILE_BYTES)
        self._read_icons()

    def _read_icons(self) -> None:
        """The pack's own icon files read confined in this process, where its faces are drawn and
        rendered (a rulebook's child process, spawned on Windows and macOS, makes its own context)."""
        root = self.pack.root.resolve()
        for _, path in self.pack.icons.own:
            pack_file(root, pathlib.Path(path), MAX_FILE_BYTES)

    def art(self, name: str) -> str | None:
        """The real path of an art file inside the pack, its bytes read confined (confine.pack_file:
        renderers draw those, never opening the path again; worked out once per file, not per card),
        or None for one that is not (validate lets looks name only checked art files; this stays sure)."""
        if name not in self._art_paths:
            root = self.pack.root.resolve()
            try:
                self._art_paths[name] = str(pack_file(root, root / name, MAX_FILE_BYTES)[0])
            except Refused:
                self._art_paths[name] = None
        return self._art_paths[name]

    def text(
        self,
        component: Component,
        field_name: str,
        text: str,
        box: tuple[float, float, float, float],
        *,
        font: str = "sans",
        size: float = 9,
        min_size: float = 6,
        color: str = INK,
        align: Literal["left", "center", "right"] = "center",
        valign: Literal["top", "middle", "bottom"] = "middle",
        max_lines: int = 8,
    ) -> Drawing:
        """Rich text wrapped into box (x, y, width, height), shrunk down to min_size if it must be, in
        the locale's typography (no-break spaces, quotation marks)."""
        if self.boxes is not None:
            # a pack-wide text's box on this component: extract keeps the tightest of its boxes
            pack_wide = self._pack_wide(component, field_name, text)
            key = (
                MessageKey.of("pack", pack_wide, component.id)
                if pack_wide
                else MessageKey.of_component(component, tuple(field_name.split(".")))
            )
            self.boxes[key] = TextBox(box[2], box[3], size, min_size, font, max_lines)
        typeset = typography.apply(text, self.locale)
        result = richtext.fit(
            self.joints.hyphenated(typeset),
            box,
            font=font,
            size=size,
            min_size=min_size,
            color=color,
            align=align,
            valign=valign,
            max_lines=max_lines,
            script_font=self.script_font,
            rtl_language=self.rtl_language,
            icons=self.icons,
        )
        if isinstance(result, richtext.Refusal):
            # worked out only here and where boxes are recorded, not for every text drawn
            if pack_wide := self._pack_wide(component, field_name, text):  # one problem for all that print it
                self.problems.append(
                    self.pack.text_problem(
                        MessageKey.of("pack", pack_wide),
                        self.pack.source_of(PACK_FILE),
                        pack_wide,
                        f"pack-wide text {shown_value(text)} {result.message} in locale {self.locale}",
                        f"{result.hint}; it is printed so on every {component.kind} that shows it",
                    )
                )
            else:
                self.problem(
                    component,
                    field_name,
                    f"text of '{component.id}' {result.message} in locale {self.locale}",
                    result.hint,
                )
            marked = None
            if self.mark_overflow and result.overflows:
                marked = richtext.marked_overflow(
                    typeset,
                    box,
                    font=font,
                    min_size=min_size,
                    color=color,
                    align=align,
                    max_lines=max_lines,
                    script_font=self.script_font,
                    icons=self.icons,
                )
            return list(marked or ())
        return list(result)

    def _pack_wide(self, component: Component, field_name: str, text: str) -> KeyPath | None:
        """Where pack.yaml writes text when the component prints a pack-wide text there (a back's
        title, an element's name, read from the registry entry the field names), not one of its own."""
        path = self._pack_texts.get(text)
        if path is None or field_name == "look" or text in self._own_texts(component):
            return None
        return path

    def _own_texts(self, component: Component) -> frozenset[str]:
        """The texts the component gives itself, kept for the component being drawn (a face's texts
        are set one component at a time; a stat's name matches on every card)."""
        if self._own is None or self._own[0] is not component:
            self._own = (component, frozenset(text for _, text in component.texts(self.pack.meta.fields)))
        return self._own[1]

    @cached_property
    def _pack_texts(self) -> dict[str, KeyPath]:
        """pack.yaml's texts as the locale prints them, each with its key path (the first, for a text
        written twice)."""
        found: dict[str, KeyPath] = {}
        for path, value in self.pack.meta.texts():
            found.setdefault(value, path)
        return found

    def named_fields(self, component: Component) -> frozenset[str]:
        """The declared fields the component's look prints by name (the field badges print the
        others), worked out once per look."""
        look_id = component.look_id(self.pack.meta.defaults)
        if look_id not in self._named_fields:
            self._named_fields[look_id] = printed_fields(self.pack.looks, look_id)[0]
        return self._named_fields[look_id]

    @property
    def icons(self) -> Icons:
        """The icons the pack's texts and looks may name: printkit's and its own."""
        return self.pack.icons

    @cached_property
    def joints(self) -> Joints:
        """Where the locale's compounds may break (German: Papierkranich-schwarm), from the pack's texts."""
        return Joints.of_pack(self.pack, self.locale)

    @cached_property
    def rtl_language(self) -> bool:
        """Whether the locale's language is written right to left."""
        return right_to_left(self.locale)

    @cached_property
    def script_font(self) -> str | None:
        """The font the locale's letters are set in where the pack names one."""
        return locale_font(self.pack, self.locale)

    def font(self, name: str) -> str:
        """The font a look names (a bundled one or one of the pack's families), as the renderers know it;
        worked out once per name (a pack's font takes resolving its files)."""
        if name not in self._fonts:
            self._fonts[name] = pack_font(self.pack, name)
        return self._fonts[name]

    def problem(self, component: Component, field_name: str, message: str, hint: str | None) -> None:
        """At the translation's line in its PO file when the text is translated, else at the YAML."""
        field_path = tuple(field_name.split("."))
        key = MessageKey.of_component(component, field_path)
        source = self.pack.sources[component.origin.file]
        self.problems.append(self.pack.text_problem(key, source, component.origin.path + field_path, message, hint))


INK_SAVER_OUTLINE = 0.5  # mm, the line round a paled fill
# How far the ink saver moves fills towards white: backgrounds and panels all but white (they are
# outlined), every smaller fill (terrain wedges and curves, icons, badges) so far that a terrain of
# many small shapes prints pale too while its hue still tells it apart.
LARGE_FILL_PALED, SMALL_FILL_PALED = 0.9, 0.65


def ink_saving(drawing: Drawing, size: Size, outline: Outline) -> Drawing:
    """The same face for a printer low on ink: large fills become pale and outlined, every other fill
    and coloured line paler, light text dark. A large fill that reaches the trim line is outlined along the trim line
    moved in by half the line, so a cutting error shows no sliver of it on the piece or its neighbour."""
    result: Drawing = []
    for shape in drawing:
        if isinstance(shape, Rect | Circle | Path) and _large_fill(shape, size):
            assert shape.fill is not None, "a large fill is filled"
            pale = replace(shape, fill=mix(shape.fill, "#ffffff", LARGE_FILL_PALED), stroke=None)
            if within(_extent(shape), size, INK_SAVER_OUTLINE / 2):
                result.append(replace(pale, stroke=shape.fill, line_width=INK_SAVER_OUTLINE))
            else:
                trim_line = outline.shape(size, -INK_SAVER_OUTLINE / 2)
                result += [pale, replace(trim_line, stroke=shape.fill, line_width=INK_SAVER_OUTLINE)]
        elif isinstance(shape, Rect | Circle | Path) and shape.fill:
            paled = mix(shape.fill, "#ffffff", SMALL_FILL_PALED)
            # a stroke in the fill's own colour only widens the fill (a terrain's wedges): paled with it
            stroke = paled if shape.stroke == shape.fill else shape.stroke
            result.append(replace(shape, fill=paled, stroke=stroke))
        elif isinstance(shape, Rect | Circle | Path) and shape.stroke and shape.stroke != INK:
            # a line drawn in a colour (a frame, a back's rings) as pale as the fills it lies on
            result.append(replace(shape, stroke=mix(shape.stroke, "#ffffff", SMALL_FILL_PALED)))
        elif isinstance(shape, Text) and readable(shape.color) == INK:  # light ink that read on a dark fill
            result.append(replace(shape, color=INK))
        else:
            result.append(shape)
    return result


def _large_fill(shape: Rect | Circle | Path, size: Size) -> bool:
    """A background or panel: a rectangle or circle covering 15 % of the face, a polygon half of it
    (terrain wedges and icons keep their colour)."""
    area = size.width * size.height
    if isinstance(shape, Rect):
        covered, share = shape.width * shape.height, 0.15
    elif isinstance(shape, Circle):
        covered, share = math.pi * shape.r**2, 0.15
    else:
        covered, share = _polygon_area(shape), 0.5
    return bool(shape.fill) and covered >= share * area


def _extent(shape: Rect | Circle | Path) -> tuple[float, float, float, float]:
    """The box a shape's path lies in (a curve's by its control points), x0, y0, x1, y1."""
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.width, shape.y + shape.height
    if isinstance(shape, Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    xs = [v for op in shape.ops for v in op[1::2]]
    ys = [v for op in shape.ops for v in op[2::2]]
    return min(xs), min(ys), max(xs), max(ys)


def within(extent: tuple[float, float, float, float], size: Size, inset: float) -> bool:
    """Whether a box (x0, y0, x1, y1) lies inside the trim box moved inset in."""
    x0, y0, x1, y1 = extent
    tolerance = 1e-9
    return (
        min(x0, y0) >= inset - tolerance
        and x1 <= size.width - inset + tolerance
        and y1 <= size.height - inset + tolerance
    )


def _polygon_area(path: Path) -> float:
    """The area a path of straight lines encloses (0 for one with curves), each of its polygons (a
    concave outline shrunk apart) counted."""
    if any(op[0] not in ("M", "L", "Z") for op in path.ops):
        return 0.0
    polygons: list[list[tuple[float, float]]] = []
    for op in path.ops:
        if op[0] == "M":
            polygons.append([])
        if op[0] != "Z":
            polygons[-1].append((op[1], op[2]))
    return abs(sum(signed_area(polygon) for polygon in polygons))


@remembered(MIXED_COLOURS)
def mix(colour: str, other: str, amount: float) -> str:
    """colour moved towards other by amount (0..1)."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=False))


@remembered(MIXED_COLOURS)
def readable(colour: str) -> str:
    """Ink that reads on a background colour: the kit's ink or white, whichever contrasts more with
    it; on a middle tone where neither reaches AA_CONTRAST (a blue such as #2b7bd9), pure black,
    which reaches it on any colour white does not."""
    best = max((INK, "#ffffff"), key=lambda ink: contrast_ratio(ink, colour))
    return best if contrast_ratio(best, colour) >= AA_CONTRAST else "#000000"


@remembered(MIXED_COLOURS)
def legible(colour: str, background: str) -> str:
    """colour, or the colour nearest it towards the ink that reads on background that reaches
    AA_CONTRAST there: for a label meant to be quieter than the text around it."""
    ink = readable(background)
    steps = (mix(colour, ink, step / 20) for step in range(21))
    return next(c for c in steps if contrast_ratio(c, background) >= AA_CONTRAST)


def contrast_ratio(colour: str, other: str) -> float:
    """WCAG 2.1's contrast ratio of two colours, 1 to 21."""
    lighter, darker = sorted((_luminance(colour), _luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(colour: str) -> float:
    """WCAG 2.1's relative luminance of an sRGB colour."""
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in _channels(colour)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _channels(colour: str) -> list[float]:
    return [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
