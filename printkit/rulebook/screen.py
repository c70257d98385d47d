"""Rulebooks for screens: an edition as one self-contained HTML file, read on a phone at the table.

Takes: the pack translated into each language of an edition, as the PDF does (rulebook.book).
Returns: the HTML the PDF is typeset from (book.render_html, the pack's own template if it has
one), with no page size, made whole: each style sheet inline and printkit's screen.css after it
(the content is the PDF's; only the style differs), every file it refers to (a font, an image, a
style sheet the pack's template links) inside it as a data URL, each font a WOFF2 subset of the
characters the edition shows, and a viewport and a content security policy that let the file
fetch nothing and run no script. It reads only the pack's own files and printkit's, as the PDF
does; anything else fails the build at the line that asked for it, and is never fetched.
"""

from __future__ import annotations

import base64
import io
import logging
import mimetypes
import re
import struct
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

from fontTools import subset
from fontTools.ttLib import TTLibError

from printkit.base.errors import Problem, Problems
from printkit.faces.fonts import FONT_DIR
from printkit.rulebook.book import (
    HREF,
    LINK,
    TAG_BODY,
    TEMPLATES,
    Part,
    _made_by,
    in_bounds,
    note_requests,
    refused_problem,
    render_html,
    requests,
    served,
    where_asked,
)

SCREEN_CSS = TEMPLATES / "screen.css"
FONT_SUFFIXES = (".ttf", ".otf", ".woff", ".woff2")
# What a browser draws besides the text: list markers and their numbers, a hyphen where it breaks a word.
DRAWN_BY_THE_BROWSER = "0123456789.•◦▪-‐ \u00a0"
# The file may show what it holds and nothing else: no script, no request leaving it.
POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'"
HEAD = re.compile(rf"\A(\s*<!DOCTYPE{TAG_BODY})?(\s*<html\b{TAG_BODY})?(\s*<head\b{TAG_BODY})?", re.IGNORECASE)
# What a page a pack's template writes may not hold: it runs nothing and goes nowhere by itself
ACTIVE = {"script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "form"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "{http://www.w3.org/1999/xlink}href"}
STYLESHEET_LINK = re.compile(r"<link\b[^>]*\brel\s*=\s*[\"']?stylesheet\b[^>]*>", re.IGNORECASE)
REL = re.compile(r"""\srel\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))""", re.IGNORECASE)
# A link out of the file opens its page without handing it this one (window.opener) or its address
LINK_OUT = "noopener noreferrer"


def make(parts: list[Part], drafts: frozenset[str], target: Path) -> None:
    """The edition's HTML at target, made in a child process bounded in memory and time as the PDF
    is: what a pack's template makes decides how much work it is."""
    in_bounds(_made, parts, parts, drafts, target)


def _made(parts: list[Part], drafts: frozenset[str], target: Path) -> None:
    """In the bounded child: the edition's HTML made and written to target."""
    logging.getLogger("fontTools").setLevel(logging.ERROR)  # the font tables a subset leaves out are no news
    target.write_text(for_screens(render_html(parts, None, drafts), parts), encoding="utf-8")


def for_screens(html: str, parts: list[Part]) -> str:
    """The edition's HTML made whole for a screen; raises Problems for each file outside the pack
    and printkit it asks for, at the line that asked for it."""
    pack = parts[0].pack
    inliner = _Inliner(pack.root, _shown_characters(html))
    base = pack.root.resolve().as_uri() + "/"
    whole = inliner.inlined(STYLESHEET_LINK.sub(lambda link: inliner.style_element(link.group(0), base), html), base)
    whole = LINK.sub(_opened_alone, whole)
    if inliner.refused or inliner.unreadable:
        asked_by, made_by = where_asked(pack, base, inliner.asked_by), _made_by(pack)
        problems = [refused_problem(url, asked_by.get(url, made_by)) for url in inliner.refused]
        problems += [
            Problem(*asked_by.get(url, made_by), "", f"the rulebook asks for {url} as a font, which it is not", None)
            for url in inliner.unreadable
        ]
        raise Problems(problems)
    active = _active_parts(whole)
    if active:
        raise Problems(
            [
                Problem(
                    *_made_by(pack),
                    "",
                    f"the rulebook's HTML holds {', '.join(active)}, which would run or go elsewhere in a reader's "
                    "browser",
                    "a rulebook for screens shows the pack's data; remove them from the template",
                )
            ]
        )
    screen = SCREEN_CSS.read_text(encoding="utf-8")
    head = (
        '\n<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'\n<meta http-equiv="Content-Security-Policy" content="{POLICY}">'
    )
    opened = HEAD.match(whole)
    assert opened is not None, "every part of HEAD is optional"
    whole = whole[: opened.end()] + head + whole[opened.end() :]
    return re.sub(r"</head>", lambda _: f"<style>\n{screen}</style>\n</head>", whole, count=1, flags=re.IGNORECASE)


def _opened_alone(link: re.Match[str]) -> str:
    """A link out of the file with rel="noopener noreferrer" besides its own rel words; a link
    within the file (`#en-2`) as it is."""
    tag = link.group(0)
    href = HREF.search(tag)
    if href is None or href.group(1).startswith("#"):
        return tag
    rel = REL.search(tag)
    words = next(group for group in rel.groups() if group is not None).split() if rel else []
    held = {word.lower() for word in words}
    words += [word for word in LINK_OUT.split() if word not in held]
    if rel:
        tag = tag[: rel.start()] + tag[rel.end() :]
    name = re.match(r"<\w+", tag)
    assert name is not None, "LINK matches a tag name"
    return f'{name.group(0)} rel="{" ".join(words)}"{tag[name.end() :]}'


def _active_parts(html: str) -> list[str]:
    """What in the page would run or navigate by itself (scripts, frames, event handlers, javascript:
    addresses, a refresh), as the browser's own parser reads it; each once, in the order found."""
    import tinyhtml5  # type: ignore[import-untyped]  # WeasyPrint's HTML parser

    found: dict[str, None] = {}
    for element in tinyhtml5.parse(html).iter():
        if not isinstance(element.tag, str):
            continue
        name = element.tag.rpartition("}")[2]
        if name in ACTIVE:
            found[f"<{name}>"] = None
        if name == "meta" and element.get("http-equiv", "").strip().lower() == "refresh":
            found['<meta http-equiv="refresh">'] = None
        for attribute, value in element.attrib.items():
            bare = attribute.rpartition("}")[2].lower()
            if bare.startswith("on"):
                found[f"an {bare} attribute"] = None
            elif attribute in URL_ATTRIBUTES and re.sub(r"[\s\x00-\x1f]", "", value).lower().startswith("javascript:"):
                found["a javascript: address"] = None
    return list(found)


class _Inliner:
    """Files the rulebook refers to, as data URLs: a style sheet or an SVG image with its own
    references inlined, a font as a WOFF2 subset of the characters shown; what it may not read it
    records in `refused` (a font it cannot read in `unreadable`), and the pack's files that asked for it in `asked_by`."""

    def __init__(self, pack_root: Path, characters: str):
        self.pack = pack_root.resolve()
        self.allowed = [self.pack, FONT_DIR.resolve(), TEMPLATES.resolve()]
        self.characters = characters
        self.refused: list[str] = []
        self.unreadable: list[str] = []  # fonts that are not fonts
        self.asked_by: dict[str, tuple[str, int, int]] = {}
        self.reading: list[str] = []  # the files being inlined, the outermost first: a loop is refused

    def inlined(self, text: str, base: str) -> str:
        """text with each reference it makes to a file as a data URL; a fragment (`#en-2`), a data
        URL and a link stay as they are."""
        pieces, done = [], 0
        for match, address in requests(text):
            pieces += [text[done : match.start(address)], self._reference(match.group(address), base)]
            done = match.end(address)
        return "".join([*pieces, text[done:]])

    def style_element(self, link: str, base: str) -> str:
        """A `<link rel="stylesheet">` as the `<style>` element of the sheet it links."""
        href = HREF.search(link)
        found = self._read(urljoin(base, href.group(1))) if href else None
        if found is None:
            return link  # its href is refused (or it has none) with the other references
        url, body = found
        return f"<style>\n{self._inlined_file(url, body.decode('utf-8', 'replace'))}</style>"

    def _reference(self, written: str, base: str) -> str:
        """The address written as a data URL of the file it names, or as written."""
        if written.startswith("#") or written.lower().startswith("data:") or not written.strip():
            return written
        found = self._read(urljoin(base, written.strip().replace("&amp;", "&")))
        if found is None:
            return written
        url, body = found
        return self._data_url(url, body)

    def _read(self, url: str) -> tuple[str, bytes] | None:
        found = served(url, self.allowed)
        if found is None or url in self.reading:
            self.refused.append(url)
            return None
        path, body = found
        note_requests(self.asked_by, url, path, body, self.pack)
        return url, body

    def _inlined_file(self, url: str, text: str) -> str:
        self.reading.append(url)
        try:
            return self.inlined(text, url)
        finally:
            self.reading.pop()

    def _data_url(self, url: str, body: bytes) -> str:
        name = url.rsplit("/", 1)[-1].lower()
        if name.endswith(FONT_SUFFIXES):
            kind, body = "font/woff2", self._subset(url, body)
        else:
            kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
            if kind in ("image/svg+xml", "text/css"):
                body = self._inlined_file(url, body.decode("utf-8", "replace")).encode()
        return f"data:{kind};base64,{base64.b64encode(body).decode()}"

    def _subset(self, url: str, font: bytes) -> bytes:
        """The font cut down to the characters shown, as WOFF2, hinting dropped (screens)."""
        options = subset.Options()
        options.flavor, options.hinting, options.desubroutinize = "woff2", False, True
        options.layout_features = ["*"]
        try:
            cut = subset.load_font(io.BytesIO(font), options)
        except (TTLibError, AssertionError, struct.error):
            self.unreadable.append(url)
            return font
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=self.characters)
        subsetter.subset(cut)
        written = io.BytesIO()
        subset.save_font(cut, written, options)
        return written.getvalue()


class _Text(HTMLParser):
    """The text an HTML document shows (not its style sheets, scripts or title)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs) -> None:
        self.hidden += tag in ("style", "script", "title")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("style", "script", "title") and self.hidden > 0

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def _shown_characters(html: str) -> str:
    """Every character the edition shows, sorted, with those the browser draws itself."""
    text = _Text()
    text.feed(html)
    text.close()
    return "".join(sorted(set("".join(text.parts)) | set(DRAWN_BY_THE_BROWSER)))
