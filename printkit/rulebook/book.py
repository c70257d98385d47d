"""Rulebooks: a pack's rules, component list and figures as HTML, typeset into PDF by WeasyPrint.

Takes: the pack translated into each language of an edition (one language, or two or more), and
the paper size.
Returns: the HTML of the edition (Jinja2 templates in printkit's sandbox, seeing plain data
only), and the PDF written from it: tagged PDF/UA-1 with the edition's language and each part's
on its structure elements, bookmarks, a table of contents with page numbers, running headers and
translated "Page X of Y", bundled fonts only. Generated parts (the component list, the numbers rule sets and counts put into the prose,
figures drawn from real components) come from the same model the kit is printed from, so they
cannot drift. Prose is set in each language's typography (printkit.i18n.typography), the
glossary's names are never hyphenated, and German compounds break only at their joints
(printkit.i18n.joints).
WeasyPrint fetches only the pack's own files and printkit's; anything else fails the build, at
the file that asked for it.
"""

from __future__ import annotations

import hashlib
import logging
import mimetypes
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from html import escape, unescape
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin

from jinja2 import BaseLoader, ChoiceLoader, FileSystemLoader, TemplateError, TemplateNotFound
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from markupsafe import Markup

from printkit.base import bounded
from printkit.base.bounded import OverLimit
from printkit.base.confine import Refused, read_bytes, read_text
from printkit.base.errors import KeyPath, Problem, Problems, display_path, shown_value
from printkit.base.icons import Icons
from printkit.base.languages import PSEUDO, right_to_left
from printkit.base.package_data import folder
from printkit.base.requires import typesetter
from printkit.base.subset_tags import subset_tag
from printkit.base.units import MM_PER_POINT, Size
from printkit.content import braces, markup
from printkit.content.components import COMPONENT_KINDS
from printkit.content.components.boards import Board
from printkit.content.load import RULEBOOK_FILE
from printkit.content.pack import Pack
from printkit.content.pack_meta import FONT_STYLES, Source
from printkit.content.placeholders import expand
from printkit.content.provenance import KINDS, WHOLE, marked_rules, marks_of, show_marks, value_marks
from printkit.content.rulebook_checks import table_rows
from printkit.content.rulebook_model import Block, Figure, Table
from printkit.content.values import Values
from printkit.faces.fonts import FONT_DIR
from printkit.i18n import typography, words
from printkit.i18n.extract import messages
from printkit.i18n.glossary import glossary_names
from printkit.i18n.joints import SOFT_HYPHEN, Joints
from printkit.layout.pieces import Piece, draw_pieces
from printkit.output.svg import Scene
from printkit.rulebook.sandbox import Sandbox, TemplateLimit

TEMPLATES = folder("printkit.rulebook", "templates").resolve()
FIGURE_GAP = 4.0
MAX_TEMPLATE_BYTES = 1024 * 1024
MAX_RESOURCE_BYTES = 50 * 1024 * 1024  # an image, font or style sheet the rulebook shows
# A bundled rulebook takes about 1 s and 150 MB to make; a pack's template may ask far more.
MAX_MEMORY = 2 * 2**30
MAX_SECONDS = 120.0
REFERENCE = re.compile(
    r"""\b(?:href|src|data)\s*=\s*["']([^"']*)["']|url\(\s*["']?([^"')\s]*)["']?\s*\)"""
    r"""|@import\s+["']([^"']*)["']""",
    re.IGNORECASE,
)
# A tag to its closing '>', read past quoted attribute values (a '>' in one does not end the tag)
TAG_BODY = r"""(?:[^>"']|"[^"]*"|'[^']*')*>"""
# A link a reader may follow: not a request, the browser goes there only when it is followed
LINK = re.compile(rf"<(?:a|area)\b{TAG_BODY}", re.IGNORECASE)
HREF = re.compile(r"""\bhref\s*=\s*["']([^"']*)["']""", re.IGNORECASE)


@dataclass(frozen=True)
class Part:
    """One language's part of an edition."""

    lang: str
    pack: Pack


@dataclass(frozen=True)
class Prose:
    """How one language's part sets its prose: the pack whose numbers fill its placeholders, the
    language, whose typography it takes, the words of the glossary's names, kept whole, and where
    the language's compounds are joined, their only breaks. Its
    texts still in the pack's own language (not translated yet) take that language's typography,
    and are marked with their language and direction."""

    pack: Pack
    lang: str
    names: re.Pattern[str] | None
    untranslated: frozenset[str] = frozenset()
    joints: Joints = Joints(frozenset())

    @classmethod
    def of(cls, part: Part) -> Prose:
        words_of_names = sorted(
            {word for name in glossary_names(part.pack) for word in name.split()}, key=len, reverse=True
        )
        names = "|".join(re.escape(escape(word)) for word in words_of_names)
        # at a word's start in escaped text, not inside an entity such as &amp;
        pack = part.pack
        texts = messages(pack)
        untranslated = frozenset(
            message.msgid
            for message in texts
            if part.lang not in (pack.meta.language, PSEUDO)
            and message.key.kind == "rulebook"
            and message.key not in pack.translated_from
        )
        joints = Joints.of_pack(pack, part.lang, texts)
        return cls(pack, part.lang, re.compile(rf"(?<![\w&#])(?:{names})\w*") if names else None, untranslated, joints)

    def text(self, text: str) -> str:
        """Plain text (a title, a name) as the language sets it."""
        return typography.apply(text, self.lang)

    def kept_whole(self, html: str) -> str:
        """Escaped text with each word of a glossary name in a span WeasyPrint does not hyphenate
        (a name and the word it begins: Skylanders, Spyros), and each compound in one it breaks only
        at its joints (Nachzieh-stapel, never Nachziehsta-pel)."""

        def word(match: re.Match[str]) -> str:
            text = match.group(0)
            if self.names is not None and self.names.fullmatch(text):
                return f'<span class="name" style="hyphens: manual">{text}</span>'
            parts = self.joints.split(text)
            if len(parts) == 1:
                return text
            # no ligature: German sets none across a joint, and one across a soft hyphen (Kampf-figuren's
            # ffi) loses its letters in the PDF's text
            return f'<span style="hyphens: manual; font-variant-ligatures: none">{SOFT_HYPHEN.join(parts)}</span>'

        return _WORD.sub(word, html)


# a word of escaped text, not inside an entity such as &amp;
_WORD = re.compile(r"(?<![\w&#])\w+")
_MARKS = re.compile("[" + "".join(KINDS.values()) + "]")


def _sans_marks(html: str) -> str:
    """The kit's marks in printkit's sans, which has them all (the serif of the prose lacks ✦)."""
    return _MARKS.sub(lambda m: f'<span class="kit-mark">{m.group(0)}</span>', html)


def inline(prose: Prose, text: str) -> Markup:
    """printkit markup as HTML: **bold**, *italic*, `code` (monospace, other markup in it printed as
    written), [icon] (inline SVG; an unknown icon is a content problem found before), line breaks;
    numbers filled in, the language's typography applied and the glossary's names kept whole. A text
    not translated yet is a paragraph of the pack's own language, its lang and dir its own."""
    lang = prose.pack.meta.language if text in prose.untranslated else prose.lang
    html: list[str] = []
    opened: list[str] = []  # the style tags open, outermost first
    for run in markup.runs(typography.apply(show_marks(expand(prose.pack, text)), lang), code=True):
        wanted = [tag for tag, on in (("strong", run.bold), ("em", run.italic)) if on]
        while any(tag not in wanted for tag in opened):  # close down to the switched-off style
            html.append(f"</{opened.pop()}>")
        for tag in wanted:
            if tag not in opened:
                html.append(f"<{tag}>")
                opened.append(tag)
        shown = _icon_svg(prose.pack.icons, run.text) if run.kind == "icon" else _RUN_HTML[run.kind](run.text)
        html.append(_sans_marks(prose.kept_whole(shown)) if run.kind == "text" else shown)
    html += [f"</{tag}>" for tag in reversed(opened)]
    if lang != prose.lang:
        direction = "rtl" if right_to_left(lang) else "ltr"
        html = [f'<span class="untranslated" lang="{lang}" dir="{direction}">', *html, "</span>"]
    return Markup("".join(html))


def _icon_svg(icons: Icons, name: str) -> str:
    scene = Scene(4, 4, f"icon-{name}")
    scene.add(icons.draw(name, 2, 2, 3.6, "#1d1d1b"), 0, 0)
    return f'<span class="icon">{scene.svg(name)}</span>'


_RUN_HTML: dict[str, Callable[[str], str]] = {
    "text": escape,
    "space": escape,
    "break": lambda _: "<br>",
    "code": lambda text: f"<code>{escape(text)}</code>",
}


# --- figures ---------------------------------------------------------------------------------------


def figure_svg(pack: Pack, figure: Figure, pieces: dict[str, Piece], name: str) -> Markup:
    """The figure as inline SVG; name makes its clip-path ids unique in the document."""
    if figure.board:
        return Markup(_board_scene(pack, figure, pieces, name))
    shown = [pieces[i] for i in figure.show]
    width = sum(p.size.width for p in shown) + FIGURE_GAP * (len(shown) - 1)
    height = max(p.size.height for p in shown)
    scene = Scene(width, height, name)
    x = 0.0
    for piece in shown:
        if figure.back and piece.back:
            drawing, outline = piece.back, piece.outline.back()
        else:
            drawing, outline = piece.front, piece.outline
        scene.add(drawing, x, (height - piece.size.height) / 2, piece.size, clip=outline.shape(piece.size))
        x += piece.size.width + FIGURE_GAP
    return Markup(scene.svg(", ".join(p.component.name or p.component.id for p in shown)))


def _board_scene(pack: Pack, figure: Figure, pieces: dict[str, Piece], name: str) -> str:
    board = next(b for b in pack.of_kind(Board) if b.id == figure.board)
    base = pieces[board.id]
    scene = Scene(*base.size, name)
    scene.add(base.front, 0, 0, base.size, clip=base.outline.shape(base.size))
    for placed in figure.place:
        cell = placed.on(board.grid)
        assert cell is not None, "pack checks make every piece of a figure name its cell"
        cell_x, cell_y, cell_w, cell_h = board.cell_box(cell)
        piece = pieces[placed.id]
        w, h = piece.size
        x, y = cell_x + (cell_w - w) / 2, cell_y + (cell_h - h) / 2
        scene.add(piece.front, x, y, piece.size, placed.rotation, clip=piece.outline.shape(piece.size))
        if placed.chip:
            chip = pieces[placed.chip]
            cw, ch = chip.size
            scene.add(chip.front, x + w - cw * 0.8, y + h - ch * 0.8, chip.size, clip=chip.outline.shape(chip.size))
    return scene.svg(board.name or board.id)


# --- the document ---------------------------------------------------------------------------------


class _PackTemplates(BaseLoader):
    """A pack's templates/ folder, each file read through the confinement every pack file passes."""

    def __init__(self, pack_root: Path):
        self.root, self.folder = pack_root, pack_root / "templates"

    def get_source(self, environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))  # refuses '..'
        if not os.path.lexists(path):
            raise TemplateNotFound(template)
        try:
            text = read_text(self.root, path, MAX_TEMPLATE_BYTES)
        except Refused as refused:
            raise RefusedTemplate(refused.problem(display_path(path))) from None
        return text, str(path), lambda: True


class RefusedTemplate(TemplateError):
    """A template file of the pack that printkit will not read, with the problem to report."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


def _environment(pack_root: Path) -> Sandbox:
    """Templates from the pack's templates/ folder first, then printkit's, in a sandbox."""
    return Sandbox(_templates(pack_root))


def _templates(pack_root: Path) -> ChoiceLoader:
    return ChoiceLoader([_PackTemplates(pack_root), FileSystemLoader(str(TEMPLATES))])


def _template_source(pack_root: Path) -> tuple[Path, str]:
    """The file and the text of the template a pack's rulebook is rendered from."""
    loader = _templates(pack_root)
    source, filename, _ = loader.get_source(Sandbox(loader), "rulebook.html.j2")
    assert filename is not None, "both template loaders read files"
    return Path(filename), source


def component_list(pack: Pack, lang: str) -> list[dict[str, Any]]:
    """The game's component list where the pack declares one, else one line per kind in printkit's
    words ("12 cards", in the locale's plural form): each line's count, and its text before and
    after the count, which the template sets apart."""
    declared = [rule.component_line() for rule_set in pack.meta.rules.values() for rule in rule_set.checks]
    if any(declared):
        return [{"count": count, "before": "", "after": f" {name}"} for count, name in filter(None, declared)]
    own = words.of(lang, pack.root)
    lines = []
    present = {c.section for c in pack.components}
    for section in (s for s in COMPONENT_KINDS if s in present):  # cards first, as a box lists them
        chosen = [c for c in pack.components if c.section == section]
        count = sum(c.count for c in chosen)
        pieces = [literal for literal, _ in braces.pieces(own.form(f"count-{chosen[0].kind}", count))]
        lines.append({"count": count, "before": pieces[0], "after": "".join(pieces[1:])})
    return lines


def _component_line(prose: Prose, line: dict[str, Any]) -> dict[str, Any]:
    """A component list line with its words in the part's typography, joined to the count by
    no-break spaces ("12\u00a0cards")."""
    before, after = prose.text(line["before"]), prose.text(line["after"])
    return {"count": line["count"], "before": re.sub(" $", "\u00a0", before), "after": re.sub("^ ", "\u00a0", after)}


def css_string(text: str) -> Markup:
    """text as a CSS string (a `content:` value in the style sheet), whatever it holds: a quote or a
    backslash cannot end it, nor a `</style>` the style sheet."""
    escaped = "".join(f"\\{ord(c):X} " if c in '"\\<>' or ord(c) < 0x20 else c for c in text)
    return Markup(f'"{escaped}"')


def css_content(sentence: str, counters: dict[str, str]) -> Markup:
    """A sentence with {placeholders} as a CSS `content:` value: its words as CSS strings, each
    placeholder as the counter named for it (`Page {page} of {pages}`: `"Page " counter(page) ...`)."""
    parts: list[str] = []
    for literal, name in braces.pieces(sentence):
        if literal:
            parts.append(css_string(literal))
        if name is not None:
            parts.append(counters[name])
    return Markup(" ".join(parts))


def template_data(
    parts: list[Part], page: Size | None, drafts: frozenset[str] = frozenset(), booklet: bool = False
) -> dict[str, Any]:
    """Everything rulebook.html.j2 sees: the edition's language, title and page size (None for a
    screen: `auto`, the printer's), the URIs of printkit's fonts and style sheets (a booklet's pages
    add booklet.css), and one article per language."""
    return {
        "articles": [article_data(part, part.lang in drafts) for part in parts],
        "paper": f"{page.width:g}mm {page.height:g}mm" if page else "auto",
        "font_dir": FONT_DIR.as_uri(),
        "css": (TEMPLATES / "rulebook.css").as_uri(),
        "booklet_css": (TEMPLATES / "booklet.css").as_uri() if booklet else None,
        "lang": parts[0].lang,
        "title": " / ".join(p.pack.meta.title for p in parts),
    }


def article_data(part: Part, draft: bool) -> dict[str, Any]:
    """What a template sees of one language's part: plain data only (strings, numbers, booleans,
    lists, dicts, and Markup for the prose, already HTML), never the pack itself. README's
    "Rulebooks" section documents the names; keep the two in step."""
    pack, lang, rulebook = part.pack, part.lang, part.pack.rulebook
    assert rulebook is not None, "only a pack with a rulebook.yaml has rulebook parts"
    prose = Prose.of(part)
    pieces = {p.component.id: p for p in draw_pieces(pack, lang, 0.0)}
    own = words.of(lang, pack.root)
    sections = [
        {
            "id": f"{lang}-{s + 1}",
            "title": prose.text(section.title),
            "blocks": [_block_data(prose, block, pieces, f"{lang}-{s}-{b}") for b, block in enumerate(section.blocks)],
        }
        for s, section in enumerate(rulebook.sections)
    ]
    return {
        "lang": lang,
        "dir": "rtl" if right_to_left(lang) else None,
        "script_faces": _script_faces(pack, lang),
        "title": prose.text(pack.meta.title),
        "credits": pack.meta.credits and prose.text(pack.meta.credits),
        "subtitle": _html(prose, rulebook.subtitle),
        "intro": _html(prose, rulebook.intro),
        "cover": rulebook.cover,
        "draft": own.text("draft") if draft else None,
        "draft_css": css_string(own.text("draft")) if draft else None,
        "words": {key: own.text(f"rulebook-{key}") for key in ("contents", "components")},
        "page_footer": css_content(own.form("rulebook-page-of"), {"page": "counter(page)", "pages": "counter(pages)"}),
        "components": [_component_line(prose, line) for line in component_list(pack, lang)],
        "components_placed": any(block.components for section in rulebook.sections for block in section.blocks),
        "sections": sections,
        "adds": _adds_section(prose, own),
    }


def _adds_section(prose: Prose, own: words.OwnWords) -> dict[str, Any] | None:
    """The generated section "What this kit adds to the source": the source the pack follows, the
    marks of the kinds it uses with what each means, and every marked component, value and rule,
    from the model (None for a pack that marks nothing and names no source). Components marked the
    same way share a line: "≈ estimated: cost and speed of Yoda, Count Dooku"."""
    pack, rulebook = prose.pack, prose.pack.rulebook
    assert rulebook is not None, "only a pack with a rulebook.yaml has rulebook parts"
    lines: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for component in pack.components:
        by_kind: dict[str, list[KeyPath]] = {}
        for path, kind in marks_of(component).items():
            by_kind.setdefault(kind, []).append(path)
        for kind, paths in by_kind.items():
            labels = tuple(dict.fromkeys(_value_label(pack, own, path) for path in paths if path != WHOLE))
            lines.setdefault((kind, labels if WHOLE not in paths else ()), []).append(component.name or component.id)
    rules = marked_rules(rulebook)
    source = pack.meta.source
    if not lines and not rules and source is None:
        return None
    used = {kind for kind, _ in lines} | {rule.kind for rule in rules}

    def line(kind: str, what: str) -> dict[str, Any]:
        return {"mark": KINDS[kind], "kind": prose.text(own.text(f"adds-{kind}")), "what": what}

    return {
        "title": prose.text(own.text("adds-title")),
        "intro": prose.text(
            own.text("adds-source", source=_source_name(source, own)) if source else own.text("adds-intro")
        ),
        "kinds": [
            {
                "mark": mark,
                "name": prose.text(own.text(f"adds-{kind}")),
                "about": prose.text(own.text(f"adds-{kind}-about")),
            }
            for kind, mark in KINDS.items()
            if kind in used
        ],
        "components_title": prose.text(own.text("adds-components")),
        "components": [
            line(
                kind,
                prose.text(
                    own.text("adds-of", values=", ".join(labels), names=", ".join(names))
                    if labels
                    else ", ".join(names)
                ),
            )
            for (kind, labels), names in lines.items()
        ],
        "rules_title": prose.text(own.text("adds-rules")),
        "rules": [
            {**line(rule.kind, ""), "section": prose.text(rule.section), "text": inline(prose, rule.sentence)}
            for rule in rules
        ],
    }


def _source_name(source: Source, own: words.OwnWords) -> str:
    """The source's title, with its version when it gives one."""
    return own.text("adds-version", title=source.title, version=source.version) if source.version else source.title


def _value_label(pack: Pack, own: words.OwnWords, path: KeyPath) -> str:
    """A marked value's name as players read it: a stat's or a declared field's name, else printkit's
    word for its key (cost, special power), else the key as the YAML writes it."""
    head, last = path[0], str(path[-1])
    if head == "stats" and len(path) > 1 and last in pack.meta.stats:
        return pack.meta.stats[last].name
    if head == "data" and len(path) > 1 and last in pack.meta.fields:
        return pack.meta.fields[last].label or last
    key = f"value-{last}"
    return own.text(key) if key in words.MESSAGES else last


def _script_faces(pack: Pack, lang: str) -> list[dict[str, Any]]:
    """The @font-face rules of the family the pack names for the locale (`locale_fonts:`), one per
    style, each set in the file FontFamily.file gives it; none when the locale names no family."""
    name = pack.meta.locale_fonts.get(lang)
    if name is None:
        return []
    family = pack.meta.fonts[name]
    return [
        {
            "src": (pack.root / family.file(style)).resolve().as_uri(),
            "weight": 700 if "bold" in style else 400,
            "style": "italic" if "italic" in style else "normal",
        }
        for style in FONT_STYLES
    ]


def _block_data(prose: Prose, block: Block, pieces: dict[str, Piece], name: str) -> dict[str, Any]:
    """A block as rulebook.yaml writes it, its prose as HTML; a figure as its SVG and caption, and
    an `explain` block with the entries it explains."""
    pack = prose.pack
    explained = getattr(pack.meta, block.explain).values() if block.explain else []
    return {
        "text": _html(prose, block.text),
        "items": [inline(prose, item) for item in block.items],
        "steps": [inline(prose, step) for step in block.steps],
        "tip": _html(prose, block.tip),
        "figure": block.figure
        and {"svg": figure_svg(pack, block.figure, pieces, name), "caption": _html(prose, block.figure.caption)},
        "components": block.components,
        "table": block.table and _table_data(prose, block.table),
        "explain": block.explain,
        "entries": [
            {
                "name": prose.text(entry.name),
                "icon": _icon_html(pack.icons, getattr(entry, "icon", None)),
                "text": inline(prose, entry.text),
            }
            for entry in explained
            if entry.text
        ],
    }


def _table_data(prose: Prose, table: Table) -> dict[str, Any]:
    """A component table: its headings, and a row of cells (HTML) for each component it lists, each
    value followed by the kit's marks it carries; a whole component's mark follows its first value."""
    rows = []
    for component in table_rows(prose.pack, table):
        values = Values(component, prose.pack)
        whole = marks_of(component).get(WHOLE)
        cells = []
        for i, column in enumerate(table.columns):
            marks = value_marks(component, tuple(column.value.split(".")))
            if i == 0 and whole:
                marks = KINDS[whole] + marks
            shown = escape(prose.text(_printed(values.get(column.value))))
            cells.append(Markup(shown + (f'\u202f<span class="kit-mark">{marks}</span>' if marks else "")))
        rows.append(cells)
    return {"headings": [prose.text(column.title) for column in table.columns], "rows": rows}


def _printed(value: Any) -> str:
    """A value as a table cell prints it: a registry entry by its name, a whole number without a
    point, nothing given as a dash."""
    if value is None or value == "":
        return "–"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(getattr(value, "name", value))


def _icon_html(icons: Icons, name: str | None) -> Markup | None:
    return Markup(_icon_svg(icons, name)) if name else None


def _html(prose: Prose, text: str | None) -> Markup | None:
    return None if text is None else inline(prose, text)


def render_html(
    parts: list[Part], page: Size | None, drafts: frozenset[str] = frozenset(), booklet: bool = False
) -> str:
    """The edition's HTML: one article per language, each with its cover, contents and sections;
    the languages in drafts still lack some translations, which their cover and pages say."""
    env = _environment(parts[0].pack.root)
    data = template_data(parts, page, drafts, booklet)
    template = None
    try:
        template = env.get_template("rulebook.html.j2")
        return env.render(template, data)
    except (TemplateError, *_TEMPLATE_CODE_ERRORS) as error:  # the template's own code failed on plain data
        raise Problems([_template_problem(error, template)]) from None


# What a template's own expressions can raise on plain data, in words for its author.
_TEMPLATE_CODE_ERRORS = (RecursionError, MemoryError, ArithmeticError, LookupError, TypeError, ValueError)
_TEMPLATE_CODE_MESSAGES = {
    RecursionError: ("the template calls itself without end", "an include or macro must not call itself forever"),
    MemoryError: (
        "the template needs more memory than a rulebook may use",
        "a rulebook template shows the pack's data; it does not compute",
    ),
    OverflowError: (
        "the template computes a number too large to hold",
        "a rulebook template shows the pack's data; it does not compute",
    ),
}


def _template_problem(error: Exception, template) -> Problem:
    if isinstance(error, RefusedTemplate):
        return error.problem
    if isinstance(error, SecurityError):
        message, hint = (
            f"the template tried something the sandbox forbids: {error}",
            "templates may only show the pack's data",
        )
    elif isinstance(error, TemplateNotFound):
        message, hint = (
            f"no template {shown_value(str(error.name))} in the pack's templates/ folder",
            "a template may include only other files of that folder",
        )
    elif isinstance(error, TemplateLimit):
        message, hint = str(error), "a rulebook template shows the pack's data; it does not compute"
    elif type(error) in _TEMPLATE_CODE_MESSAGES:
        message, hint = _TEMPLATE_CODE_MESSAGES[type(error)]
    else:
        message, hint = f"template error: {error}", None
    file, line = _template_position(error, template)
    return Problem(file, getattr(error, "lineno", None) or line, 1, "", message, hint)


def _template_position(error: Exception, template) -> tuple[str, int]:
    """The template file and line an error came from: the innermost frame Jinja2 maps back to a
    template, an included one too; else the template's own file."""
    filename = getattr(error, "filename", None) or (template.filename if template is not None else None)
    line, trace = 1, error.__traceback__
    while trace is not None:
        if "__jinja_exception__" in trace.tb_frame.f_globals:  # Jinja2's stand-in frame for a template line
            filename, line = trace.tb_frame.f_code.co_filename, trace.tb_lineno
        trace = trace.tb_next
    return display_path(Path(filename or "rulebook.html.j2")), line


def _references(text: str, base: str) -> dict[str, tuple[int, int]]:
    """Where an HTML, SVG or CSS text refers to each absolute URL it asks for (line, column), first
    mention; what the fetcher refuses is reported at the file and line that asked for it."""
    found: dict[str, tuple[int, int]] = {}
    for match, address in requests(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        place = (text.count("\n", 0, match.start()) + 1, match.start() - line_start + 1)
        found.setdefault(urljoin(base, unescape(match.group(address).strip())), place)
    return found


def requests(text: str) -> Iterator[tuple[re.Match[str], int]]:
    """Each reference an HTML, SVG or CSS text makes to a file or address to be read, in order, and
    the number of its group holding the address as written; a link's href (<a>, <area>) is none:
    it is kept as a link, and nothing is fetched for it."""
    followed = {link.start() + href.start(1) for link in LINK.finditer(text) if (href := HREF.search(link.group(0)))}
    for match in REFERENCE.finditer(text):
        address = next(number for number, group in enumerate(match.groups(), 1) if group is not None)
        if match.start(address) not in followed:
            yield match, address


def served(url: str, allowed: list[Path]) -> tuple[Path, bytes] | None:
    """The file a rulebook may read at url and its bytes: a `file:` URL of a file under one of the
    allowed (resolved) folders that passes confinement; None for anything else."""
    if not url.startswith("file://"):
        return None
    try:  # its folder resolved: the file itself must pass confinement
        asked = Path(unquote(url.removeprefix("file://")))
        path = asked.parent.resolve() / asked.name
        root = next((root for root in allowed if path.is_relative_to(root)), None)
        return (path, read_bytes(root, path, MAX_RESOURCE_BYTES)) if root is not None else None
    except (Refused, RuntimeError, ValueError):  # refused, a loop of linked folders, a NUL in the URL
        return None


def note_requests(asked_by: dict[str, tuple[str, int, int]], url: str, path: Path, body: bytes, pack: Path) -> None:
    """Of a file read at url, when it is one of the pack's own SVG or CSS files, which file and line
    first refer to each URL it asks for, into asked_by."""
    if mimetypes.guess_type(path.name)[0] in ("image/svg+xml", "text/css") and path.is_relative_to(pack):
        for reference, (line, column) in _references(body.decode("utf-8", "replace"), url).items():
            asked_by.setdefault(reference, (display_path(path), line, column))


def _fetcher(pack_root: Path, roots: list[Path]):
    """A WeasyPrint URL fetcher serving only files under roots (and data: URLs); it records every
    other request in `refused` and fetches nothing for it. Of the pack's own SVG and CSS files it
    serves, it remembers in `asked_by` which file and line refer to which URL."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    allowed = [root.resolve() for root in roots]
    pack = pack_root.resolve()

    class PackFetcher(URLFetcher):
        def __init__(self) -> None:
            super().__init__(allowed_protocols=["file", "data"])
            self.refused: list[str] = []
            self.asked_by: dict[str, tuple[str, int, int]] = {}  # URL -> (file, line, column)

        def fetch(self, url: str, headers=None):
            if url.startswith("data:"):
                return super().fetch(url, headers)
            found = served(url, allowed)
            if found is None:
                self.refused.append(url)
                raise ValueError(f"printkit does not fetch {url}")
            path, body = found
            note_requests(self.asked_by, url, path, body, pack)
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, body, {"Content-Type": kind})

    return PackFetcher()


def _made_by(pack: Pack) -> tuple[str, int, int]:
    """Where the HTML of a rulebook comes from, for problems no line of it explains: the pack's own
    template, which made it, or else (with printkit's template) rulebook.yaml."""
    path, _ = _template_source(pack.root)
    own = path.resolve().is_relative_to(pack.root.resolve())
    return (display_path(path) if own else display_path(pack.root / RULEBOOK_FILE), 1, 1)


def make(parts: list[Part], page: Size, drafts: frozenset[str], target: Path, booklet: bool = False) -> int:
    """The edition's PDF at target on pages of that size (a booklet's: set for its smaller pages), its
    HTML made and typeset in a child process bounded in memory and time: what a pack's template makes
    decides how much work typesetting is. Returns its pages."""
    typesetter()  # its system libraries missing is the machine's fault, said here rather than in the child
    return in_bounds(_made, parts, parts, page, drafts, target, booklet)


def in_bounds(work, parts: list[Part], *args):
    """work(*args) in a child process bounded in memory and time, as a rulebook is made (the PDF, the
    HTML); past a bound, a problem where the edition's HTML is made."""
    try:
        return bounded.run(work, *args, memory=MAX_MEMORY, seconds=MAX_SECONDS)
    except OverLimit as limit:
        raise Problems(
            [
                Problem(
                    *_made_by(parts[0].pack),
                    "",
                    f"making the rulebook {limit}",
                    "a rulebook template shows the pack's data; it does not compute",
                )
            ]
        ) from None


def _made(parts: list[Part], page: Size, drafts: frozenset[str], target: Path, booklet: bool) -> int:
    """In the bounded child: the edition's HTML made and typeset into target; its pages."""
    return typeset(render_html(parts, page, drafts, booklet), parts, target)


def typeset(html: str, parts: list[Part], target: Path) -> int:
    """The edition's PDF at target, tagged PDF/UA-1, and its number of pages; raises Problems for anything WeasyPrint
    refused or could not do while laying out or drawing (an SVG's own images are fetched as it is
    drawn), so a build fails before it commits. A refused URL is reported where it was asked for:
    the pack's SVG or CSS file that refers to it, or else the template; so is a complaint about a
    file (an image WeasyPrint could not read); other complaints are placed at the pack's own
    template, which made the HTML, or else at rulebook.yaml."""
    HTML = typesetter()
    _tag_own_languages()
    pack = parts[0].pack
    fetcher = _fetcher(pack.root, [pack.root, FONT_DIR, TEMPLATES])
    complaints = _Complaints()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(complaints)
    base = pack.root.resolve().as_uri() + "/"
    try:  # in the bounded child, whose temporary files (WeasyPrint's copies of fonts) its parent removes
        # what HTML.write_pdf does, keeping the document to count its pages
        document = HTML(string=html, base_url=base, url_fetcher=fetcher).render(pdf_variant="pdf/ua-1")
        document.write_pdf(str(target), pdf_variant="pdf/ua-1", finisher=_finish)
    finally:
        logger.removeHandler(complaints)
    complained = [message for message in complaints.messages if "printkit does not fetch" not in message]
    if not fetcher.refused and not complained:
        return len(document.pages)
    asked_by = where_asked(pack, base, fetcher.asked_by)
    made_by = _made_by(pack)
    problems = [refused_problem(url, asked_by.get(url, made_by)) for url in fetcher.refused]
    problems += [
        Problem(
            *next((place for url, place in asked_by.items() if url in message), made_by),
            "",
            f"typesetting failed: {message}",
            None,
        )
        for message in complained
    ]
    raise Problems(problems)


def where_asked(pack: Pack, base: str, in_files: dict[str, tuple[str, int, int]]) -> dict[str, tuple[str, int, int]]:
    """Where the rulebook asks for each URL it refers to (file, line, column): the pack's SVG and CSS
    files that refer to it (in_files), nearer to the request than the template, else the template."""
    path, source = _template_source(pack.root)
    template = display_path(path)
    asked_by = {url: (template, line, column) for url, (line, column) in _references(source, base).items()}
    return asked_by | in_files


def refused_problem(url: str, place: tuple[str, int, int]) -> Problem:
    return Problem(
        *place,
        "",
        f"the rulebook asks for {url}, outside the pack; nothing was fetched",
        "use files inside the pack folder",
    )


def _top_languages(box) -> Iterator[str | None]:
    """The language (HTML `lang`, inherited) of each box whose structure element WeasyPrint puts at
    the top of the document's structure, in its order: what weasyprint.pdf.tags makes an element of,
    passing through the page, html and body boxes and leaving out the margin boxes."""
    from weasyprint.formatting_structure import boxes
    from weasyprint.layout.absolute import AbsolutePlaceholder

    if isinstance(box, AbsolutePlaceholder):
        box = box._box
    if isinstance(box, boxes.MarginBox):
        return
    passes = isinstance(box, boxes.PageBox) or box.element is not None and box.element_tag in ("html", "body")
    if passes and isinstance(box, boxes.ParentBox) and not isinstance(box, boxes.LineBox):
        for child in box.children:
            yield from _top_languages(child)
    else:
        yield box.style["lang"]


def _finish(document, pdf) -> None:
    """A finisher of WeasyPrint's write_pdf: document is what it laid out, pdf the pydyf PDF about
    to be written."""
    _tag_languages(document, pdf)
    _tag_subsets(pdf)


@cache
def _tag_own_languages() -> None:
    """Make WeasyPrint give the structure element of each HTML element with a `lang` of its own
    that language (`/Lang`), as PDF/UA asks of text in another language than its part's (a paragraph
    not translated yet): WeasyPrint tags only the document's language, and _tag_languages the parts'.
    Its tagging builds the structure tree in weasyprint.pdf.tags._build_box_tree, which yields each
    box's element: wrapped once per process."""
    import pydyf
    from weasyprint.pdf import tags

    build = tags._build_box_tree

    def build_with_languages(box, parent, pdf, *rest):
        for element in build(box, parent, pdf, *rest):
            own = box.element is not None and box.element_tag not in ("html", "body") and box.element.get("lang")
            if own and "Lang" not in element:
                element["Lang"] = pydyf.String(own)
            yield element

    tags._build_box_tree = build_with_languages


def _tag_subsets(pdf) -> None:
    """Tag each embedded font subset by what it holds (its name, font program, widths and Unicode
    map): WeasyPrint tags a font by its name, the same in every rulebook whatever the subset."""
    taken: set[bytes] = set()
    for font in pdf.objects:
        if not (isinstance(font, dict) and font.get("Type") == "/Font" and font.get("Subtype") == "/Type0"):
            continue
        descendant = pdf.objects[int(font["DescendantFonts"][0].split()[0])]
        descriptor = pdf.objects[int(descendant["FontDescriptor"].split()[0])]
        program = descriptor.get("FontFile2") or descriptor["FontFile3"]
        name = font["BaseFont"].partition(b"+")[2]
        digest = hashlib.sha256(name + descendant["W"].data)
        for stream in (pdf.objects[int(program.split()[0])], pdf.objects[int(font["ToUnicode"].split()[0])]):
            for item in stream.stream:
                digest.update(item if isinstance(item, bytes) else str(item).encode())
        tagged = b"/" + subset_tag(digest, taken) + b"+" + name
        font["BaseFont"] = descendant["BaseFont"] = descriptor["FontName"] = tagged


def _tag_languages(document, pdf) -> None:
    """Give each top structure element of the tagged PDF the language it is written in (`/Lang`),
    as PDF/UA asks of text in another language than the document's: WeasyPrint tags only the
    document's language."""
    import pydyf

    def resolved(reference: bytes) -> Any:
        return pdf.objects[int(reference.split()[0])]

    root = resolved(pdf.catalog["StructTreeRoot"])
    elements = [resolved(reference) for reference in resolved(root["K"][0])["K"]]
    pages = {reference: number for number, reference in enumerate(pdf.page_references)}
    on_page: dict[int, list] = {}
    for element in elements:
        on_page.setdefault(pages[element["Pg"]], []).append(element)
    for number, page in enumerate(document.pages):
        languages = list(_top_languages(page._page_box))
        for element, lang in zip(on_page.get(number, []), languages, strict=True):
            if lang:
                element["Lang"] = pydyf.String(lang)


def impose(source: Path, target: Path, sheet: Size) -> int:
    """A booklet's pages (each half the sheet, typeset at that size) imposed at 100 % for
    saddle-stitch folding: two side by side on each side of the landscape sheet, in the order that
    reads right once folded, blank pages filling the last sheet. The PDF asks viewers and drivers to
    print both sides flipping on the sheet's short edge, so the backs come out the right way up.
    Returns the booklet's pages (sides of sheets)."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation
    from pypdf.generic import NameObject

    reader = PdfReader(source)
    pages = list(reader.pages)
    half = max(sheet.width, sheet.height) / 2 / MM_PER_POINT
    across = min(sheet.width, sheet.height) / MM_PER_POINT
    count = len(pages) + -len(pages) % 4
    writer = PdfWriter()
    writer.pdf_header = reader.pdf_header  # the pages keep what they use (transparency: pypdf would say 1.3)
    for sheet_number in range(count // 4):
        low, high = 2 * sheet_number, count - 1 - 2 * sheet_number
        for left, right in ((high, low), (low + 1, high - 1)):
            side = PageObject.create_blank_page(width=2 * half, height=across)
            for slot, index in enumerate((left, right)):
                if index < len(pages):  # else a blank page
                    side.merge_transformed_page(pages[index], Transformation().translate(slot * half, 0))
            writer.add_page(side)
    title = reader.metadata.get("/Title", "") if reader.metadata else ""
    writer.add_metadata({"/Title": title, "/Producer": "printkit"})
    writer.create_viewer_preferences()
    assert writer.viewer_preferences is not None, "pypdf made them"
    writer.viewer_preferences[NameObject("/Duplex")] = NameObject("/DuplexFlipShortEdge")
    with open(target, "wb") as handle:
        writer.write(handle)
    return len(writer.pages)


class _Complaints(logging.Handler):
    """WeasyPrint reports what it could not do as log warnings; a rulebook build must not ignore them."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage().rstrip(": "))  # "…: " when WeasyPrint has no reason to give
