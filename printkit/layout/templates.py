"""Sheet templates: label and sticker sheets and cutting mats, whose pieces go into fixed slots.

Takes: a template's name (the pack's `sheet-templates/<name>.yaml` first, then printkit's own in
`layout/sheet_templates/`) or the path of a template file; a pack's pieces (outlines or drawn).
Returns: a `SheetTemplate` (page size, printable area, slots in millimetres from the page's
bottom-left), every problem of a template file located at its line; and `impose_on_template`'s
`Page`s, each slot holding a piece of its shape whose size is within SLOT_TOLERANCE of the slot's.
A component that fits no slot is left out, with a warning at the component naming the nearest
slot; when no component fits any slot, those are problems.

A template file (README, "Sheet templates"): `name`, `source` (where the measurements come from),
`page` (a size: `8.5x11in`), `printable` (the margins a printer cannot print: `top`, `bottom`,
`left`, `right`), `bleed` (how far art may run past each label, gLabels' `waste`: the build's
bleed unless --bleed gives one; 0 when left out), and `slots`, a list of groups: `shape` (`rectangle` or `circle`), `size`, `left`
and `top` (the first slot's box from the page's top-left corner, as label makers measure), and for
a grid `columns`, `rows`, `across` and `down` (from one slot's edge to the next one's).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from printkit.base.errors import Problem, Problems, UsageError, ValueProblem, did_you_mean, display_path
from printkit.base.outlines import SLOT_SHAPES, SlotShape
from printkit.base.package_data import folder
from printkit.base.units import Size, parse_distance, parse_length, parse_size
from printkit.content.pack import Pack
from printkit.content.source import SourceFile, read_yaml
from printkit.layout.pieces import Piece
from printkit.layout.sheets import PAPERS, Page, Placement

SHIPPED = folder("printkit.layout", "sheet_templates")
PACK_FOLDER = "sheet-templates"  # a pack's own templates (templates/ holds its rulebook's)
SLOT_TOLERANCE = 0.5  # mm a piece's width and height may differ from its slot's
MAX_SLOTS = 2000  # more than any sheet holds (10 mm dots on A3 are about 1100): a typo, refused before it is laid out
TOP_KEYS = ("name", "source", "page", "printable", "bleed", "slots")
MAX_BLEED = 10.0  # mm, as --bleed
MARGINS = ("top", "bottom", "left", "right")
GROUP_KEYS = ("shape", "size", "left", "top", "columns", "rows", "across", "down")
# A template's key names its components PDF as a paper does (<pack>-components-<lang>-<key>.pdf), so
# it may not be a paper's name or that of --shop single's PDF.
TAKEN_KEYS = (*PAPERS, "single")


@dataclass(frozen=True, slots=True)
class Slot:
    shape: SlotShape
    x: float  # its box's left edge from the page's left
    y: float  # and its bottom edge from the page's bottom
    width: float
    height: float

    def takes(self, piece: Piece) -> bool:
        return piece.outline.slot == self.shape and self.distance(piece.size) <= SLOT_TOLERANCE

    def distance(self, size: Size) -> float:
        return max(abs(size.width - self.width), abs(size.height - self.height))

    def overlaps(self, other: Slot) -> bool:
        """Whether the two slots share more than an edge (circles as circles, against boxes too)."""
        if self.shape == other.shape == "circle":
            reach = (self.width + other.width) / 2
            return math.dist(self.centre, other.centre) < reach - 1e-6
        if "circle" in (self.shape, other.shape):
            circle, box = (self, other) if self.shape == "circle" else (other, self)
            x, y = circle.centre
            nearest = (min(max(x, box.x), box.x + box.width), min(max(y, box.y), box.y + box.height))
            return math.dist((x, y), nearest) < circle.width / 2 - 1e-6
        return (
            self.x < other.x + other.width - 1e-6
            and other.x < self.x + self.width - 1e-6
            and self.y < other.y + other.height - 1e-6
            and other.y < self.y + self.height - 1e-6
        )

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2

    def shown(self) -> str:
        return _described(self.shape, Size(self.width, self.height))


@dataclass(frozen=True)
class SheetTemplate:
    key: str  # what it is called on the command line and in file names
    name: str
    source: str
    page: Size
    slots: tuple[Slot, ...]
    bleed: float = 0.0  # how far art may run past each label (gLabels' waste): a build's bleed unless --bleed says


def template_path(name: str, pack_root: Path) -> Path:
    """The file of the template a build names: a path, the pack's own, or printkit's; a name
    nothing has is a usage error listing what there is."""
    key = Path(name).stem if name.endswith((".yaml", ".yml")) else name
    if key in TAKEN_KEYS:
        raise UsageError(
            f"a sheet template may not be called '{key}': its PDF would replace the {key} components PDF "
            "(rename the template's file)"
        )
    if name.endswith((".yaml", ".yml")):
        if not Path(name).is_file():
            raise UsageError(f"no sheet template file '{name}'")
        return Path(name)
    known = sorted({p.stem for p in [*SHIPPED.glob("*.yaml"), *(pack_root / PACK_FOLDER).glob("*.yaml")]})
    if not name or Path(name).name != name or name.startswith("."):  # `../pack` would read pack.yaml
        raise UsageError(
            f"'{name}' is not a sheet template's name: a name is a file's name in {PACK_FOLDER}/ without "
            f".yaml (give a template file's path ending in .yaml, or one of: {', '.join(known)})"
        )
    for candidate in (pack_root / PACK_FOLDER / f"{name}.yaml", SHIPPED / f"{name}.yaml"):
        if candidate.is_file():
            return candidate
    hint = did_you_mean(name, known) or f"templates: {', '.join(known)}"
    raise UsageError(f"no sheet template '{name}' in {PACK_FOLDER}/ of the pack or printkit's own ({hint})")


def read_template(path: Path, pack_root: Path | None = None) -> SheetTemplate:
    """A template file read and checked; raises Problems located in it (every one found)."""
    inside = pack_root if pack_root is not None and path.is_relative_to(pack_root) else None
    source = read_yaml(path, display_path(path), inside)
    if source.problems:
        raise Problems(source.problems)
    reader = _Reader(source)
    template = reader.template(path.stem)
    if reader.problems:
        raise Problems(reader.problems)
    assert template is not None, "a template without problems is read whole"
    return template


class _Reader:
    """A template's data turned into millimetres, each problem placed at the value it is about."""

    def __init__(self, source: SourceFile):
        self.source = source
        self.problems: list[Problem] = []

    def template(self, key: str) -> SheetTemplate | None:
        data = self.source.data
        if not isinstance(data, dict):
            self.problems.append(self.source.problem((), "a sheet template must be a mapping", _keys_hint(TOP_KEYS)))
            return None
        self._known_keys(data, (), TOP_KEYS)
        name, source = self._text(data, "name"), self._text(data, "source")
        page = self._value(data, ("page",), parse_size)
        margins = data.get("printable", {})
        if not isinstance(margins, dict):
            self.problems.append(self.source.problem(("printable",), "must be a mapping", _keys_hint(MARGINS)))
            margins = {}
        self._known_keys(margins, ("printable",), MARGINS)
        edges = {m: self._value(margins, ("printable", m), parse_distance, 0.0) for m in MARGINS}
        bleed = self._value(data, ("bleed",), parse_distance, 0.0)
        if bleed is not None and bleed > MAX_BLEED:
            self.problems.append(
                self.source.problem(("bleed",), f"must be at most {MAX_BLEED:g} mm, got {bleed:g} mm", None)
            )
        groups = data.get("slots")
        if not isinstance(groups, list) or not groups:
            self.problems.append(self.source.problem(("slots",), "must be a list of slot groups", "see README"))
            groups = []
        slots: list[Slot] = []
        for index, group in enumerate(groups):
            added = self._group(group, ("slots", index), page, edges, MAX_SLOTS - len(slots))
            self._overlaps(added, slots, ("slots", index))
            slots += added
        if self.problems or page is None or name is None or source is None:
            return None
        return SheetTemplate(key, name, source, page, tuple(slots), bleed or 0.0)

    def _group(self, group: object, at: tuple, page: Size | None, edges: dict, room: int) -> list[Slot]:
        """A group's slots, at most room of them."""
        if not isinstance(group, dict):
            self.problems.append(self.source.problem(at, "a slot group must be a mapping", _keys_hint(GROUP_KEYS)))
            return []
        self._known_keys(group, at, GROUP_KEYS)
        shape = group.get("shape", "rectangle")
        if shape not in SLOT_SHAPES:
            self.problems.append(
                self.source.problem(at + ("shape",), f"unknown shape {shape!r}", f"use {' or '.join(SLOT_SHAPES)}")
            )
        size = self._value(group, at + ("size",), parse_size)
        left = self._value(group, at + ("left",), parse_distance)
        top = self._value(group, at + ("top",), parse_distance)
        columns = self._count(group, at, "columns")
        rows = self._count(group, at, "rows")
        across = self._value(group, at + ("across",), parse_length, None if columns > 1 else 0.0)
        down = self._value(group, at + ("down",), parse_length, None if rows > 1 else 0.0)
        if None in (size, left, top, across, down, page) or shape not in SLOT_SHAPES:
            return []
        assert size is not None and page is not None  # for the type checker: None is refused above
        if shape == "circle" and size.width != size.height:
            self.problems.append(self.source.problem(at + ("size",), "a circle's size is one length, its diameter"))
            return []
        if columns * rows > room:
            before = f", after {MAX_SLOTS - room} in the groups above" if room < MAX_SLOTS else ""
            self.problems.append(
                self.source.problem(
                    at,
                    f"columns: {columns} and rows: {rows} make {columns * rows} slots{before}; a sheet template "
                    f"holds at most {MAX_SLOTS}",
                    "check columns and rows",
                )
            )
            return []
        for key, step, count, length, side in (
            ("across", across, columns, size.width, "wide"),
            ("down", down, rows, size.height, "high"),
        ):
            if count > 1 and step < length - 1e-6:
                self.problems.append(
                    self.source.problem(
                        at + (key,),
                        f"the slots overlap: each is {length:g} mm {side}, but the next starts {step:g} mm further",
                        f"{key} goes from one slot's edge to the same edge of the next: at least {length:g} mm",
                    )
                )
                return []
        slots = []
        for row in range(rows):
            for column in range(columns):
                x = left + column * across
                y = page.height - (top + row * down) - size.height
                slots.append(Slot(shape, round(x, 6), round(y, 6), size.width, size.height))
        # the last slot of each edge is the one that may leave the printable area
        problems = [
            (edges["left"] - min(s.x for s in slots), "left"),
            (max(s.x + s.width for s in slots) - (page.width - edges["right"]), "right"),
            (edges["bottom"] - min(s.y for s in slots), "bottom"),
            (max(s.y + s.height for s in slots) - (page.height - edges["top"]), "top"),
        ]
        for past, edge in problems:
            if past > 1e-6:
                self.problems.append(
                    self.source.problem(
                        at,
                        f"its slots reach {past:.2f} mm past the printable area's {edge} edge",
                        "check the slots' positions and the printable margins",
                    )
                )
        return slots

    def _overlaps(self, added: list[Slot], earlier: list[Slot], at: tuple) -> None:
        """A problem at the group when one of its slots overlaps a slot of the groups above."""
        for slot in added:
            other = next((other for other in earlier if slot.overlaps(other)), None)
            if other is not None:
                self.problems.append(
                    self.source.problem(
                        at,
                        f"its slot at {slot.x:g}, {slot.y:g} mm from the page's bottom-left overlaps the one at "
                        f"{other.x:g}, {other.y:g} mm of a group above",
                        "check the slots' positions",
                    )
                )
                return

    def _known_keys(self, data: dict, at: tuple, known: tuple[str, ...]) -> None:
        for key in data:
            if key not in known:
                hint = did_you_mean(str(key), known) or _keys_hint(known)
                self.problems.append(self.source.problem(at + (key,), f"unknown key {key!r}", hint, of_key=True))

    def _text(self, data: dict, key: str) -> str | None:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            message = "is missing" if value is None else "must be text"
            self.problems.append(self.source.problem((key,), message, f"give the template's {key}"))
            return None
        return value

    def _count(self, group: dict, at: tuple, key: str) -> int:
        value = group.get(key, 1)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            self.problems.append(
                self.source.problem(at + (key,), f"must be a whole number of 1 or more, got {value!r}")
            )
            return 1
        return value

    def _value(self, data: dict, at: tuple, parse, default=None):
        """A value parsed into millimetres; missing without a default, or not parsed, is a problem."""
        key = at[-1]
        if key not in data:
            if default is None:
                self.problems.append(self.source.problem(at, "is missing", f"give the {key} of the slots' layout"))
            return default
        try:
            return parse(data[key])
        except ValueProblem as problem:
            self.problems.append(self.source.problem(at, problem.message, problem.hint))
            return None


def _keys_hint(keys: tuple[str, ...]) -> str:
    return f"its keys: {', '.join(keys)}"


def impose_on_template(
    pack: Pack, template: SheetTemplate, pieces: list[Piece], bleed: float
) -> tuple[list[Page], list[Problem]]:
    """Every copy of every piece in a slot that takes it, sheet after sheet, slots filled in the
    template's order, and a warning for each component no slot takes (left out); raises those as
    Problems when no component fits at all."""
    fitting, left_out = [], []
    for piece in pieces:
        if not piece.component.count:
            continue
        if _slots_for(template, piece):
            fitting.append(piece)
        else:
            left_out.append(_fits_no_slot(pack, template, piece))
    left_out.sort()  # in the order of the files
    if left_out and not fitting:
        raise Problems(left_out)
    remaining = [piece for piece in fitting for _ in range(piece.component.count)]
    pages = []
    while remaining:
        page = Page(template.page, "front")
        for slot in template.slots:
            taken = next((p for p in remaining if slot.takes(p)), None)
            if taken is not None:  # centred: it may be up to SLOT_TOLERANCE smaller or larger
                remaining.remove(taken)
                w, h = taken.size
                x, y = slot.x + (slot.width - w) / 2, slot.y + (slot.height - h) / 2
                page.placements.append(
                    Placement(taken.component, "front", x, y, w, h, taken.outline, taken.front, bleed)
                )
        page.set_boxes(bleed)
        pages.append(page)
    return pages, left_out


def _slots_for(template: SheetTemplate, piece: Piece) -> list[Slot]:
    return [slot for slot in template.slots if slot.takes(piece)]


def _fits_no_slot(pack: Pack, template: SheetTemplate, piece: Piece) -> Problem:
    nearest = min(template.slots, key=lambda slot: (slot.shape != piece.outline.slot, slot.distance(piece.size)))
    shape = piece.outline.slot or f"{piece.outline.name} piece"
    return pack.sources[piece.component.origin.file].problem(
        piece.component.origin.path,
        f"fits no slot of sheet template '{template.key}': it is {_described(shape, piece.size)}, "
        f"the nearest slot {nearest.shown()}",
        f"a slot takes pieces of its shape within {SLOT_TOLERANCE:g} mm of its size",
    )


def _described(shape: str, size: Size) -> str:
    """A 50.8 mm circle, a 63x88 mm rectangle."""
    w, h = size
    return f"a {w:g} mm circle" if shape == "circle" else f"a {w:g}x{h:g} mm {shape}"
