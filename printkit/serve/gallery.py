"""The gallery's tools: what a pack page shows of its components, as its address asks.

Takes: the query of a pack page's address (search words, section, tag, field values, problems
only, which faces, zoom) and the components shown.
Returns: a `View`, which says which components match, and the facets to choose from (`facets`):
the sections, tags and field values the components have. The page is made on the server from the
address alone (it works with scripts off); a face is drawn at the resolution the zoom and the
screen's pixel ratio need (`face_dpis`), bounded (`bounded_dpi`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from printkit.content.components.base import Component
from printkit.content.fields import Translatable, peeled
from printkit.content.pack_meta import PackMeta
from printkit.i18n import words

FACE_MODES = ("both", "fronts", "backs")
ZOOMS = (50, 75, 100, 150, 200, 300)  # percent of the printed size
DPIS = (150, 300, 600)  # the resolutions a face is drawn at: the fewest that keep every zoom sharp
CSS_DPI = 96  # a CSS inch is 96 CSS pixels: a face at 100% is 96 dpi on a screen of pixel ratio 1
PIXEL_RATIOS = (1, 2)  # the screens srcset offers faces for (a phone or a laptop's is 2)
MAX_FACE_PIXELS = 6_000_000  # a board at 600 dpi would be 140 million: it is drawn at a lower DPIS
MAX_QUERY = 200  # characters of a search or a value: a longer one is cut
# a field value to filter by: a short id (fire, rare), not a sentence; at most this many per field
FACET_VALUE = re.compile(r"^[\w-]{1,40}$")
MAX_FACET_VALUES = 20
NOT_FACETS = ("id", "look", "count")  # its own id, look and copies say nothing of its design


@dataclass(frozen=True)
class View:
    search: str = ""
    section: str = ""
    tag: str = ""
    fields: tuple[tuple[str, str], ...] = ()  # (field, value), each to match
    problems_only: bool = False
    faces: str = "both"
    zoom: int = 100

    @classmethod
    def of(cls, query: Mapping[str, str], field_values: Iterable[str]) -> View:
        """The view an address asks for; what it cannot be (a zoom not offered) is the default."""
        zoom = query.get("zoom", "")
        faces = query.get("faces", "")
        fields = []
        for value in field_values:
            name, _, wanted = value[:MAX_QUERY].partition(":")
            if name and wanted:
                fields.append((name, wanted))
        return cls(
            search=query.get("q", "")[:MAX_QUERY].strip(),
            section=query.get("section", "")[:MAX_QUERY],
            tag=query.get("tag", "")[:MAX_QUERY],
            fields=tuple(fields),
            problems_only=query.get("problems") == "1",
            faces=faces if faces in FACE_MODES else "both",
            zoom=int(zoom) if zoom.isdigit() and int(zoom) in ZOOMS else 100,
        )

    def filtered(self) -> bool:
        return bool(self.search or self.section or self.tag or self.fields or self.problems_only)

    def matches(self, section: str, component: Component | None, name: str, problems: bool) -> bool:
        """Whether a component (None: one that failed its model, known by its name) is shown."""
        if self.problems_only and not problems:
            return False
        if self.section and section != self.section:
            return False
        if self.tag and (component is None or self.tag not in component.tags):
            return False
        values = field_values(component) if component is not None else {}
        if any(wanted not in values.get(name, ()) for name, wanted in self.fields):
            return False
        if self.search:
            words = " ".join([name, *(v for vs in values.values() for v in vs), *_texts(component)]).casefold()
            return all(word in words for word in self.search.casefold().split())
        return True


def field_values(component: Component) -> dict[str, list[str]]:
    """The values of a component's fields that could be filtered by, by field: its short words
    (element: fire, rarity: rare, and pack.yaml's own fields under `data`), not its words."""
    found: dict[str, list[str]] = {}
    dumped = component.model_dump(mode="json", exclude_none=True)
    own = {key: value for key, value in dumped.items() if key not in NOT_FACETS and not _written(component, key)}
    for key, value in [*own.items(), *(dumped.get("data") or {}).items()]:
        if isinstance(value, str | int) and not isinstance(value, bool) and FACET_VALUE.match(str(value)):
            found.setdefault(key, []).append(str(value))
    return found


def _written(component: Component, key: str) -> bool:
    """Whether a field of the component is words (a name, a rule text: translated, not a value to
    filter by), or the pack's own fields (`data`, whose values are taken one by one)."""
    info = type(component).model_fields.get(key)
    if key == "data" or info is None:
        return True
    _, markers = peeled(info.annotation)
    return any(isinstance(marker, Translatable) for marker in (*info.metadata, *markers))


def _texts(component: Component | None) -> list[str]:
    """Every text of a component, to search in (its name, rules text, flavour, tags, ...)."""
    if component is None:
        return []
    dumped = component.model_dump(mode="json", exclude_none=True)
    return [*component.tags, *(str(value) for value in dumped.values() if isinstance(value, str))]


def facets(components: Iterable[Component]) -> tuple[list[str], dict[str, list[str]]]:
    """The tags, and the values of each field that tells components apart (fields with between 2
    and MAX_FACET_VALUES values; count, say, has one)."""
    tags: set[str] = set()
    values: dict[str, set[str]] = {}
    for component in components:
        tags.update(component.tags)
        for key, found in field_values(component).items():
            values.setdefault(key, set()).update(found)
    fields = {
        key: sorted(found, key=_natural) for key, found in sorted(values.items()) if 2 <= len(found) <= MAX_FACET_VALUES
    }
    return sorted(tags), fields


# a field whose values pack.yaml names (element: fire is pack.yaml's elements.fire.name), by the part of pack.yaml
NAMED_IN = {"element": "elements", "rarity": "rarities", "type": "types", "ability": "abilities"}


@dataclass(frozen=True)
class Labels:
    """What the filters say for tags, fields and their values: in the page's language."""

    tags: dict[str, str]
    fields: dict[str, str]
    values: dict[tuple[str, str], str]


def labels(meta: PackMeta | None, own: words.OwnWords, tags: list[str], fields: dict[str, list[str]]) -> Labels:
    """The filters' words from the pack translated into the page's language (meta: its pack.yaml;
    a tag's name, a value's name, a `data` field's label) and printkit's own words (the fields
    printkit knows, the shapes); what neither names is shown as written."""

    def own_word(key: str, written: str) -> str:
        return own.text(key) if key in words.MESSAGES else written

    if meta is None:
        return Labels({}, {}, {})
    field_names = {}
    values: dict[tuple[str, str], str] = {}
    for field, found in fields.items():
        declared = meta.fields.get(field)
        field_names[field] = (
            declared.label if declared and declared.label else own_word(f"preview-field-{field}", field)
        )
        named = getattr(meta, NAMED_IN[field]) if field in NAMED_IN else meta.backs if field == "back" else {}
        for value in found:
            if value in named:
                values[field, value] = getattr(named[value], "name", None) or named[value].title
            elif field == "shape":
                values[field, value] = own_word(f"preview-shape-{value}", value)
    return Labels({tag: meta.tags[tag].name for tag in tags if tag in meta.tags}, field_names, values)


def _natural(value: str) -> tuple:
    return (0, int(value), "") if value.isdigit() else (1, 0, value)


def face_dpis(zoom: int) -> list[tuple[int, int]]:
    """The resolution a face is drawn at for each screen pixel ratio, at a zoom: (ratio, dpi)."""
    return [
        (ratio, min((d for d in DPIS if d >= CSS_DPI * zoom / 100 * ratio), default=DPIS[-1])) for ratio in PIXEL_RATIOS
    ]


def bounded_dpi(asked: str | None, width_mm: float, height_mm: float) -> int | None:
    """The dpi a face is drawn at when asked for asked (None: not one of DPIS): lowered until the
    face has at most MAX_FACE_PIXELS."""
    if asked is None:
        return DPIS[0]
    if not asked.isdigit() or int(asked) not in DPIS:
        return None
    dpi = int(asked)
    while dpi > DPIS[0] and (width_mm * dpi / 25.4) * (height_mm * dpi / 25.4) > MAX_FACE_PIXELS:
        dpi = DPIS[DPIS.index(dpi) - 1]
    return dpi
