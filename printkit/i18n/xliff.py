"""XLIFF 1.2 for translation platforms: a locale's catalog written as XLIFF and read back.

Takes: a pack, a locale and the measured boxes; or an XLIFF file's bytes.
Returns: the XLIFF 1.2 document, or the units of an XLIFF 1.1 or 1.2 file (each with the record of its catalog entry's translation
as exported, which tells an import whether the catalog changed since); a file that is not well-formed, declares a DTD, is for
another language or holds inline markup that is not text raises `Problems` at its lines.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

import polib

from printkit.base.errors import (
    Problem,
    Problems,
    shortened,
)
from printkit.base.xml_declaration import UNREADABLE_ENCODING, declared_encoding
from printkit.content import markup
from printkit.content.braces import KEPT
from printkit.content.pack import Pack

# --- XLIFF 1.2 ------------------------------------------------------------------------------------------
from printkit.i18n.extract import Boxes, by_entry, messages, references, room_in, tightest_room
from printkit.i18n.merge import entries, unit_id
from printkit.i18n.po_check import catalog_nplurals, load_catalog
from printkit.i18n.po_file import forms, has_translation, is_reviewed

XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.2"
# the versions read: 1.2 (Weblate, Okapi, printkit) and 1.1 (translate-toolkit's po2xliff), alike in all printkit reads
READ_NAMESPACES = ("urn:oasis:names:tc:xliff:document:1.2", "urn:oasis:names:tc:xliff:document:1.1")
# translate-toolkit's po2xliff writes the PO header as a unit of this restype: no text of the pack
GETTEXT_HEADER = "x-gettext-domain-header"
# and a text with plural forms as a <group> of this restype, one trans-unit a form (id `GROUP[N]`)
GETTEXT_PLURALS = "x-gettext-plurals"
# printkit's own attribute on a trans-unit, where XLIFF 1.2 allows other namespaces' (tools keep them)
PRINTKIT_NS = "urn:x-printkit:xliff"
EXPORTED = f"{{{PRINTKIT_NS}}}exported"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def exported_as(entry: polib.POEntry | None) -> str:
    """A short record of a catalog entry's translation and state: what a unit's `printkit:exported`
    holds, so that an import sees an entry changed since its export."""
    state = (
        "untranslated"
        if entry is None or not has_translation(entry)
        else "fuzzy"
        if entry.fuzzy
        else "reviewed"
        if is_reviewed(entry)
        else "translated"
    )
    text = "\0".join(forms(entry)) if entry is not None else ""  # a text without plural forms: its msgstr
    return hashlib.sha1(f"{state}\0{text}".encode()).hexdigest()[:16]


def to_xliff(pack: Pack, locale: str, boxes: Boxes) -> bytes:
    """An XLIFF 1.2 file with one trans-unit per English text (id: `unit_id`, resname: its first
    place); a reviewed unit is `approved="yes"` with a `state="final"` target, one translated but
    not reviewed `approved="no"` and `translated` (Weblate's "waiting for review"; translate-toolkit,
    which knows no review, reads it as fuzzy), a fuzzy one `needs-review-translation`. Text
    in boxes carries maxwidth in characters of the target script (what its tightest box holds), so platforms can
    enforce it. {placeholders}, [icons] and ▶ are `<ph>`s, which CAT tools protect. A unit's notes
    (`from="developer"`), `po-reference` locations and a fuzzy entry's previous English (`<alt-trans
    origin="previous">`) are its catalog entry's `#.`, `#:` and `#|`, as translate-toolkit's po2xliff
    writes them; `printkit:exported` records its entry as exported (`exported_as`)."""
    import xml.etree.ElementTree as ET  # only XLIFF exchange needs it

    ET.register_namespace("", XLIFF_NS)
    ET.register_namespace("printkit", PRINTKIT_NS)
    root = ET.Element(f"{{{XLIFF_NS}}}xliff", version="1.2")
    file_element = ET.SubElement(
        root,
        f"{{{XLIFF_NS}}}file",
        {
            "original": f"{pack.id}.po",
            "datatype": "po",
            "source-language": pack.meta.language,
            "target-language": locale,
        },
    )
    body = ET.SubElement(file_element, f"{{{XLIFF_NS}}}body")
    catalog = load_catalog(pack, locale)
    live = entries(catalog)
    nplurals = catalog_nplurals(catalog.metadata if catalog is not None else {}, locale)
    inline: list[tuple[Any, str, dict[tuple[str, int], str]]] = []  # each <source> and <target> with its text
    for key, places in by_entry(messages(pack, boxes)).items():
        msgid, plural = key[1], places[0].plural
        attributes = {"id": unit_id(msgid, key[0]), "resname": places[0].place}
        room = tightest_room(places, boxes)
        if room is not None:
            attributes.update({"maxwidth": str(room_in(room, pack.meta.language, locale)), "size-unit": "char"})
        entry = live.get(key)
        marks: dict[tuple[str, int], str] = {}  # the unit's {placeholders} and [icons], each one <ph> id
        if plural is None:
            unit = ET.SubElement(body, f"{{{XLIFF_NS}}}trans-unit", attributes)
            _source_and_target(unit, msgid, entry, 0, marks, inline)
        else:  # a group of one unit a form (`ID[0]`, `ID[1]` …), as translate-toolkit's po2xliff writes it
            unit = ET.SubElement(body, f"{{{XLIFF_NS}}}group", {**attributes, "restype": GETTEXT_PLURALS})
            count = max(nplurals, len(forms(entry)) if entry is not None else 0)
            for index in range(count):
                form = ET.SubElement(unit, f"{{{XLIFF_NS}}}trans-unit", {"id": f"{attributes['id']}[{index}]"})
                _source_and_target(form, plural if index else msgid, entry, index, marks, inline)
                form.set(XML_SPACE, "preserve")
            if entry is not None and has_translation(entry):
                unit.set("approved", "yes" if is_reviewed(entry) else "no")
        unit.set(EXPORTED, exported_as(entry))
        # as po2xliff writes it: xliff2po keeps a note's lines, CAT tools a text's spaces
        unit.set(XML_SPACE, "preserve")
        note = ET.SubElement(unit, f"{{{XLIFF_NS}}}note", {"from": "developer"})  # xliff2po's `#.`
        note.text = "\n".join(f"{m.place}: {m.note}" for m in places)
        for file, line in references(pack, places):  # as translate-toolkit's po2xliff writes `#:` references
            group = ET.SubElement(unit, f"{{{XLIFF_NS}}}context-group", name="po-reference", purpose="location")
            ET.SubElement(group, f"{{{XLIFF_NS}}}context", {"context-type": "sourcefile"}).text = file
            ET.SubElement(group, f"{{{XLIFF_NS}}}context", {"context-type": "linenumber"}).text = line
    ET.indent(root)
    for element, text, marks in inline:  # after indenting, which would put line ends between a text's <ph>s
        _inline(element, text, marks)
    # a carriage return written as it is reads back as a line feed (XML normalises line ends)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True).replace(b"\r", b"&#13;") + b"\n"


def _source_and_target(
    unit: Any,
    source: str,
    entry: polib.POEntry | None,
    index: int,
    marks: dict[tuple[str, int], str],
    inline: list[tuple[Any, str, dict[tuple[str, int], str]]],
) -> None:
    """A trans-unit's <source> and, for a translated entry, its approval, the <target> of its form index
    and a fuzzy one's previous English; their texts are put in inline, to be filled after indenting."""
    import xml.etree.ElementTree as ET

    inline.append((ET.SubElement(unit, f"{{{XLIFF_NS}}}source"), source, marks))
    if entry is None or not has_translation(entry):
        return
    written = forms(entry)
    target = written[index] if index < len(written) else ""
    unit.set("approved", "yes" if is_reviewed(entry) else "no")
    state = "needs-review-translation" if entry.fuzzy else "final" if is_reviewed(entry) else "translated"
    inline.append((ET.SubElement(unit, f"{{{XLIFF_NS}}}target", state=state), target, marks))
    if entry.fuzzy and entry.previous_msgid is not None:  # its `#|`, as po2xliff writes it
        previous = ET.SubElement(unit, f"{{{XLIFF_NS}}}alt-trans", origin="previous")
        inline.append((ET.SubElement(previous, f"{{{XLIFF_NS}}}source"), entry.previous_msgid, marks))
        inline.append((ET.SubElement(previous, f"{{{XLIFF_NS}}}target"), target, marks))


def _inline(element: Any, text: str, marks: dict[tuple[str, int], str]) -> None:
    """Fill a <source> or <target> with text, each {placeholder}, [icon] and ▶ in it a `<ph>` (which CAT
    tools protect) whose id is that mark's (its nth time in the text) in marks, the unit's, so a mark has
    one id in its source and target; a mark not yet in marks takes the next number."""
    import xml.etree.ElementTree as ET

    pieces: list[tuple[str, bool]] = []  # (text, whether a mark)
    for token in markup.tokens(text):
        if token.kind != "text":
            pieces.append((token.written, token.kind == "icon"))
            continue
        at = 0
        for kept in KEPT.finditer(token.written):
            pieces += [(token.written[at : kept.start()], False), (kept.group(), True)]
            at = kept.end()
        pieces.append((token.written[at:], False))
    seen: Counter[str] = Counter()
    runs = [""]  # the element's text, then each <ph>'s tail
    for piece, is_mark in pieces:
        if not is_mark:
            runs[-1] += piece
            continue
        seen[piece] += 1
        mark = marks.setdefault((piece, seen[piece]), str(len(marks) + 1))
        ET.SubElement(element, f"{{{XLIFF_NS}}}ph", id=mark).text = piece
        runs.append("")
    element.text = runs[0]
    for placeholder, tail in zip(element, runs[1:], strict=True):
        placeholder.tail = tail


@dataclass(frozen=True)
class XliffUnit:
    id: str
    place: str  # its resname: the first place of its text when it was exported ("" when the file has none)
    source: str
    target: str
    needs_review: bool  # a state still to be looked at: fuzzy
    reviewed: bool  # approved, and no state says otherwise
    line: int
    exported: str | None  # its entry as exported (`exported_as`), None from a file that does not say
    previous: str | None = None  # the English its translation was made for (<alt-trans origin="previous">)
    forms: tuple[str, ...] = ()  # of a text with plural forms (a group of units), each form's target; target the first


# the states of a target still to be looked at (XLIFF 1.2); translated, final, signed-off and none are done
_UNFINISHED = ("new", "needs-")
# the states of a reviewed target; `translated` is not reviewed, whatever approved says (translate-toolkit's
# po2xliff writes approved="yes" for every translation), and neither is one approved="no"
_REVIEWED = ("final", "signed-off")
# inline elements holding the original's own code as their text (`<ph>{name}</ph>`) or marking text
# (`<mrk>`): their text is the text. Others (<g>, <x/>, <bx/>, <ex/>, <sub>) have no text of printkit's.
_INLINE_TEXT = {"ph", "bpt", "ept", "it", "mrk"}


def from_xliff(data: bytes, shown: str, locale: str) -> list[XliffUnit]:
    """Every trans-unit of locale that has a target, with the line it starts at. Raises `Problems`
    for a file that is not well-formed XLIFF or declares a DTD (entities could expand without end
    or read other files: defusedxml refuses those before anything is expanded), a <file> for
    another target-language, and a target with inline markup that is not text."""
    root, lines = _parsed_xliff(data, shown)
    ns = root.tag[1:].partition("}")[0]  # the version's namespace
    problems = []
    for file_element in root.iter(f"{{{ns}}}file"):
        language = file_element.get("target-language")
        if language is not None and language.replace("_", "-").lower() != locale.lower():
            problems.append(
                Problem(
                    shown,
                    lines[file_element],
                    1,
                    "",
                    f"is a translation into '{language}', not {locale}",
                    f"import it with --lang {language}, or export the {locale} file with 'printkit i18n export'",
                )
            )
    found: list[XliffUnit] = []
    first: dict[str, int] = {}
    plurals = [group for group in root.iter(f"{{{ns}}}group") if group.get("restype") == GETTEXT_PLURALS]
    form_of = {id(unit): group for group in plurals for unit in group.findall(f"{{{ns}}}trans-unit")}
    forms_found: dict[int, list[XliffUnit]] = {id(group): [] for group in plurals}
    for unit in root.iter(f"{{{ns}}}trans-unit"):
        if unit.get("restype") == GETTEXT_HEADER:
            continue
        unit_name = unit.get("id") or ""
        if unit_name in first:
            problems.append(
                Problem(
                    shown,
                    lines[unit],
                    1,
                    unit.get("resname") or "",
                    f"trans-unit '{unit_name}' is in the file twice; the first is on line {first[unit_name]}",
                    "keep one of them, or export the file again",
                )
            )
        first.setdefault(unit_name, lines[unit])
        targets = unit.findall(f"{{{ns}}}target")
        problems += [
            Problem(
                shown,
                lines[extra],
                1,
                unit.get("resname") or "",
                f"trans-unit '{unit_name}' has a second <target>",
                "keep one translation per unit, or export the file again",
            )
            for extra in targets[1:]
        ]
        target = targets[0] if targets else None
        source = unit.find(f"{{{ns}}}source")
        place = unit.get("resname") or ""
        texts = []
        for element in (source, target):
            if element is None:
                texts.append("")
                continue
            for inner in element.iter():
                if inner is not element and _local(inner.tag) not in _INLINE_TEXT:
                    problems.append(
                        Problem(
                            shown,
                            lines[inner],
                            1,
                            place,
                            f"trans-unit '{unit.get('id')}' has <{_local(inner.tag)}> in its <{_local(element.tag)}>, "
                            "inline markup that stands for no text of printkit's",
                            "write the text itself, with its {placeholders}, **bold** and [icons], "
                            "as the exported file has it",
                        )
                    )
            texts.append("".join(element.itertext()))
        if target is not None and texts[1]:
            state, approved = target.get("state") or "", unit.get("approved")
            reviewed = approved != "no" and (state in _REVIEWED or (not state and approved == "yes"))
            group = form_of.get(id(unit))
            (found if group is None else forms_found[id(group)]).append(
                XliffUnit(
                    unit.get("id") or "",
                    place,
                    texts[0],
                    texts[1],
                    state.startswith(_UNFINISHED),
                    reviewed,
                    lines[unit],
                    unit.get(EXPORTED),
                    _previous_source(unit, ns),
                )
            )
    for group in plurals:  # a text with plural forms: one unit, translated when each form is
        units = forms_found[id(group)]
        if units and len(units) == len(group.findall(f"{{{ns}}}trans-unit")):
            found.append(
                XliffUnit(
                    group.get("id") or "",
                    group.get("resname") or units[0].place,
                    units[0].source,
                    units[0].target,
                    any(unit.needs_review for unit in units),
                    all(unit.reviewed for unit in units),
                    lines[group],
                    group.get(EXPORTED),
                    units[0].previous,
                    tuple(unit.target for unit in units),
                )
            )
    if problems:
        raise Problems(problems)
    return found


def _previous_source(unit: Any, ns: str) -> str | None:
    """The English a fuzzy unit's translation was made for, as translate-toolkit's po2xliff writes a
    PO entry's `#|` (and printkit's export): the source of its <alt-trans origin="previous">."""
    for alternative in unit.findall(f"{{{ns}}}alt-trans"):
        source = alternative.find(f"{{{ns}}}source")
        if alternative.get("origin") == "previous" and source is not None:
            return "".join(source.itertext())
    return None


def _local(tag: str) -> str:
    """An element's name without its namespace."""
    return tag.rsplit("}", 1)[-1]


def _parsed_xliff(data: bytes, shown: str) -> tuple[Any, dict[Any, int]]:
    """The root of an XLIFF 1.2 file and the line each element starts at."""
    import xml.etree.ElementTree as ET
    from xml.etree.ElementTree import ParseError

    from defusedxml import DTDForbidden
    from defusedxml.ElementTree import DefusedXMLParser  # only XLIFF exchange needs it

    lines: dict[Any, int] = {}

    class LineBuilder(ET.TreeBuilder):
        def start(self, tag: str, attributes: dict[str, str]) -> Any:
            element = super().start(tag, attributes)
            lines[element] = parser.parser.CurrentLineNumber
            return element

    parser = DefusedXMLParser(target=LineBuilder(), forbid_dtd=True)
    try:
        parser.feed(data)
        root = parser.close()
    except DTDForbidden:
        line = data[: max(data.find(b"<!DOCTYPE"), 0)].count(b"\n") + 1
        raise Problems(
            [
                Problem(
                    shown,
                    line,
                    1,
                    "",
                    "declares a DTD (<!DOCTYPE …>), which an XLIFF file never needs",
                    "remove the <!DOCTYPE> declaration, or export the file again",
                )
            ]
        ) from None
    except UNREADABLE_ENCODING:
        name, column = declared_encoding(data)
        raise Problems(
            [
                Problem(
                    shown,
                    1,
                    column + 1,
                    "",
                    f"declares the encoding '{shortened(name)}', which printkit cannot read",
                    "save it as UTF-8, or export it again with 'printkit i18n export'",
                )
            ]
        ) from None
    except ParseError as error:
        line, column = error.position
        message = re.sub(r": line \d+, column \d+$", "", str(error))
        raise Problems(
            [
                Problem(
                    shown,
                    line,
                    column + 1,
                    "",
                    f"is not well-formed XML: {message}",
                    "check the file, or export it again with 'printkit i18n export'",
                )
            ]
        ) from None
    if root.tag not in [f"{{{ns}}}xliff" for ns in READ_NAMESPACES]:
        raise Problems(
            [
                Problem(
                    shown,
                    1,
                    1,
                    "",
                    f"is not an XLIFF 1.1 or 1.2 file (its root is not <xliff> of {XLIFF_NS} or its 1.1)",
                    "export it with 'printkit i18n export'",
                )
            ]
        )
    return root, lines
