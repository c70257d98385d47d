"""An SVG file of a pack (art or an icon) judged safe to draw, before any parser that could resolve
entities or fetch reads it: a pack is data from a stranger.

Takes: the file's bytes and how problems name it ("art file 'art/lantern.svg'"). Returns: (message,
hint) for each thing refused, none for a file svglib may then read: no DOCTYPE or entities, no
scripts, event attributes or foreign content, no reference outside the file (href, url(), @import;
a data: URI only of a PNG or JPEG image), and limits on bytes, elements, nesting, path data and what
<use> copies would expand to (a billion laughs made of <use> is refused before it is drawn).
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

MAX_SVG_BYTES = 2 * 2**20  # an icon is a few kB; a detailed illustration some hundred
MAX_ELEMENTS = 20_000
MAX_DEPTH = 50
MAX_PATH_CHARS = 500_000  # one path's d= or points=
MAX_DRAWN = 50_000  # elements drawn once every <use> is replaced by what it copies

_REFUSED_ELEMENTS = {"script", "foreignObject", "iframe", "embed", "object", "audio", "video", "handler", "listener"}
_DRAWN_AS_IMAGE = re.compile(r"data:image/(png|jpeg|jpg);base64,", re.IGNORECASE)
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_SAVE_PLAIN = "save it as plain SVG (Inkscape: File > Save As > Plain SVG)"

Finding = tuple[str, str | None]


def svg_findings(data: bytes, what: str) -> tuple[Finding, ...]:
    """What is refused in the SVG data, each as (message, hint) naming it as `what`."""
    if len(data) > MAX_SVG_BYTES:
        return ((f"{what} is {len(data) // 1024} KiB; at most {MAX_SVG_BYTES // 2**20} MiB allowed", _SAVE_PLAIN),)
    try:
        root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        return ((f"{what} has a DOCTYPE or entities, which printkit does not read", _SAVE_PLAIN),)
    except ParseError as error:
        line, column = error.position
        return ((f"{what} is not well-formed XML (line {line}, column {column + 1})", _SAVE_PLAIN),)
    if _local(root.tag) != "svg":
        return ((f"{what} is not an SVG image: its root element is <{_local(root.tag)}>", _SAVE_PLAIN),)
    elements, problem = _walked(root, what)
    if problem:
        return (problem,)
    drawn = _drawn_count(root, elements, what)
    return (drawn,) if isinstance(drawn, tuple) else ()


def _local(name: str) -> str:
    """A tag or attribute name without its {namespace}."""
    return name.rpartition("}")[2]


def _walked(root: Element, what: str) -> tuple[list[Element], Finding | None]:
    """Every element of the file (depth first, without recursion), or the first thing refused."""
    elements: list[Element] = []
    pending: list[tuple[Element, int]] = [(root, 1)]
    while pending:
        element, depth = pending.pop()
        elements.append(element)
        if len(elements) > MAX_ELEMENTS:
            return elements, (f"{what} has more than {MAX_ELEMENTS:,} elements", "simplify it before saving")
        if depth > MAX_DEPTH:
            return elements, (f"{what} nests elements more than {MAX_DEPTH} deep", "ungroup it before saving")
        problem = _element_problem(element, what)
        if problem:
            return elements, problem
        pending.extend((child, depth + 1) for child in reversed(element))
    return elements, None


def _element_problem(element: Element, what: str) -> Finding | None:
    """What is refused in one element: its kind, an attribute or its style sheet."""
    if not isinstance(element.tag, str):  # a comment or processing instruction
        return None
    tag = _local(element.tag)
    if tag in _REFUSED_ELEMENTS:
        return (f"{what} has a <{tag}> element, which printkit does not draw", "remove it: art is drawn, never run")
    for name, value in element.attrib.items():
        attribute = _local(name)
        if attribute.lower().startswith("on"):
            return (f"{what} has an event attribute {attribute}= on <{tag}>", "remove it: art is drawn, never run")
        if attribute == "href" and not _same_file(value, tag == "image"):
            return (f"{what} refers to '{_shown(value)}' outside the file in <{tag} {attribute}=>", _KEEP_INSIDE)
        if attribute in ("d", "points") and len(value) > MAX_PATH_CHARS:
            return (f"{what} has a <{tag}> longer than {MAX_PATH_CHARS:,} characters", "simplify it before saving")
        problem = _style_problem(value, f"<{tag} {attribute}=>", what)
        if problem:
            return problem
    if tag == "style":
        return _style_problem("".join(element.itertext()), "<style>", what)
    return None


_KEEP_INSIDE = "draw everything in the one file; embed a PNG or JPEG as a data: URI if you must"


def _same_file(reference: str, image: bool) -> bool:
    """Whether an href stays in the file: `#id`, or an <image>'s embedded PNG or JPEG."""
    reference = reference.strip()
    return reference.startswith("#") or (image and _DRAWN_AS_IMAGE.match(reference) is not None)


def _style_problem(text: str, where: str, what: str) -> Finding | None:
    """An @import or a url() to anything but `#id` in a style sheet or attribute."""
    if "@import" in text.lower():
        return (f"{what} imports a style sheet in {where}", _KEEP_INSIDE)
    for _, target in _URL.findall(text):
        if not target.strip().startswith("#"):
            return (f"{what} refers to '{_shown(target)}' outside the file in {where}", _KEEP_INSIDE)
    return None


def _shown(reference: str) -> str:
    """A reference as a problem shows it: a data: URI's head, not its kilobytes."""
    reference = reference.strip()
    return reference if len(reference) <= 40 else reference[:37] + "..."


def _drawn_count(root: Element, elements: list[Element], what: str) -> int | Finding:
    """How many elements drawing the file takes once each `#id` reference (<use>, a gradient's
    href) is replaced by what it copies, or why it is refused: a reference to itself, to no element,
    or more than MAX_DRAWN. Counted without recursion, each element once."""
    ids = {element.get("id"): element for element in elements if element.get("id")}
    counts: dict[int, int] = {}
    on_path: set[int] = set()
    pending: list[tuple[Element, bool]] = [(root, False)]
    while pending:
        element, children_counted = pending.pop()
        key = id(element)
        if children_counted:
            on_path.discard(key)
            target = _referenced(element, ids)
            total = 1 + sum(counts[id(child)] for child in element)
            total += counts[id(target)] if target is not None else 0
            counts[key] = min(total, MAX_DRAWN + 1)
            continue
        if key in counts:
            continue
        if key in on_path:
            return (f"{what} has a <{_local(element.tag)}> that copies itself", "point <use> at another element")
        on_path.add(key)
        pending.append((element, True))
        reference = next((v for n, v in element.attrib.items() if _local(n) == "href"), "").strip()
        target = _referenced(element, ids)
        if reference.startswith("#") and target is None:
            return (f"{what} refers to '{reference}', which no element of the file has as its id", None)
        for successor in ([target] if target is not None else []) + list(element):
            if id(successor) in on_path:
                return (f"{what} has a <{_local(element.tag)}> that copies itself", "point <use> at another element")
            if id(successor) not in counts:
                pending.append((successor, False))
    if counts[id(root)] > MAX_DRAWN:
        return (
            f"{what} draws more than {MAX_DRAWN:,} elements once <use> copies are expanded",
            "copy fewer elements, or fewer times",
        )
    return counts[id(root)]


def _referenced(element: Element, ids: dict[str | None, Element]) -> Element | None:
    """The element an `#id` href of this one copies, if any."""
    for name, value in element.attrib.items():
        if _local(name) == "href" and value.strip().startswith("#"):
            return ids.get(value.strip()[1:])
    return None
