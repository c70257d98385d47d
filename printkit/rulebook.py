"""Rulebooks: a pack's rules, component list and figures as HTML, typeset into PDF by WeasyPrint.

Takes: the pack translated into each language of an edition (English, German, or both), and the
paper size.
Returns: the HTML of the edition (sandboxed Jinja2 templates, autoescaped), and the PDF written
from it: tagged PDF/UA-1 with the edition's language, bookmarks, a table of contents with page
numbers, running headers and translated "Page X of Y", bundled fonts only. Generated parts (the
component list, the numbers rule sets and counts put into the prose, figures drawn from real
components) come from the same model the kit is printed from, so they cannot drift.
WeasyPrint fetches only the pack's own files and printkit's; anything else fails the build.
"""

from __future__ import annotations

import logging
import mimetypes
import re
from dataclasses import dataclass
from urllib.parse import unquote
from html import escape
from pathlib import Path

from jinja2 import ChoiceLoader, FileSystemLoader, StrictUndefined, TemplateError
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from . import ui
from .errors import Problem, Problems, display_path
from .fonts import FONT_DIR
from .icons import ICONS
from .layout import PAPERS, Piece, draw_pieces
from .load import Pack
from .model import COMPONENT_KINDS, Board, Figure
from .placeholders import expand
from .svg import Scene

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
FIGURE_GAP = 4.0


@dataclass(frozen=True)
class Part:
    """One language's part of an edition."""

    lang: str
    pack: Pack


def inline(pack: Pack, text: str) -> Markup:
    """printkit markup as HTML: **bold**, *italic*, [icon] (inline SVG), line breaks."""
    html = escape(expand(pack, text)).replace("\\[", "\x00")
    html = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", html)
    html = re.sub(r"\*(.+?)\*", r"<em>\1</em>", html)
    html = re.sub(r"\[([a-z0-9-]+)\]", lambda m: _icon_svg(m.group(1)) if m.group(1) in ICONS else m.group(0), html)
    return Markup(html.replace("\x00", "[").replace("\n", "<br>"))


def _icon_svg(name: str) -> str:
    scene = Scene(4, 4, f"icon-{name}")
    scene.add(ICONS[name](2, 2, 3.6, "#1d1d1b"), 0, 0)
    return f'<span class="icon">{scene.svg(name)}</span>'


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
        drawing = piece.back if figure.back and piece.back else piece.front
        scene.add(drawing, x, (height - piece.size.height) / 2, piece.size, clip_round=piece.shape == "round")
        x += piece.size.width + FIGURE_GAP
    return Markup(scene.svg(", ".join(p.component.name or p.component.id for p in shown)))


def _board_scene(pack: Pack, figure: Figure, pieces: dict[str, Piece], name: str) -> str:
    board: Board = next(c for c in pack.components if c.id == figure.board)
    base = pieces[board.id]
    scene = Scene(*base.size, name)
    scene.add(base.front, 0, 0, base.size)
    grid, m = board.grid, board.margin
    top = base.size.height - m
    for placed in figure.place:
        row, column = divmod(placed.square - 1, grid.columns)
        square_x, square_y = m + column * grid.square, top - (row + 1) * grid.square
        piece = pieces[placed.id]
        w, h = piece.size
        x, y = square_x + (grid.square - w) / 2, square_y + (grid.square - h) / 2
        scene.add(piece.front, x, y, piece.size, placed.rotation, clip_round=piece.shape == "round")
        if placed.chip:
            chip = pieces[placed.chip]
            cw, ch = chip.size
            scene.add(chip.front, x + w - cw * 0.8, y + h - ch * 0.8, chip.size, clip_round=True)
    return scene.svg(board.name or board.id)


# --- the document ---------------------------------------------------------------------------------

def _environment(pack_root: Path) -> SandboxedEnvironment:
    """Templates from the pack's templates/ folder first, then printkit's, in a sandbox."""
    loaders = [FileSystemLoader(str(pack_root / "templates"))] if (pack_root / "templates").is_dir() else []
    env = SandboxedEnvironment(loader=ChoiceLoader(loaders + [FileSystemLoader(str(TEMPLATES))]),
                               autoescape=True, undefined=StrictUndefined)
    return env


def component_list(pack: Pack, lang: str) -> list[tuple[int, str]]:
    """(count, what) lines: the game's component list where the pack declares one, else per kind."""
    inventory = [rule for rule_set in pack.meta.rules.values() for rule in rule_set.checks if rule.pack_level]
    if inventory:
        return [(rule.count, rule.called_one if rule.count == 1 and rule.called_one else rule.called)
                for rule in inventory]
    lines = []
    present = {c.section for c in pack.components}
    for section in (s for s in COMPONENT_KINDS if s in present):  # cards first, as a box lists them
        chosen = [c for c in pack.components if c.section == section]
        count = sum(c.count for c in chosen)
        lines.append((count, ui.text(lang, f"{'kind' if count == 1 else 'kinds'}-{chosen[0].kind}")))
    return lines


def render_html(parts: list[Part], paper: str, drafts: frozenset[str] = frozenset()) -> str:
    """The edition's HTML: one article per language, each with its cover, contents and sections;
    the languages in drafts still lack some translations, which their cover and pages say."""
    first = parts[0].pack
    env = _environment(first.root)
    articles = []
    for part in parts:
        pieces = {p.component.id: p for p in draw_pieces(part.pack, part.lang, 0.0)}
        figures = {}
        for s, section in enumerate(part.pack.rulebook.sections):
            for b, block in enumerate(section.blocks):
                if block.figure:
                    figures[(s, b)] = figure_svg(part.pack, block.figure, pieces, f"{part.lang}-{s}-{b}")
        articles.append({
            "lang": part.lang, "pack": part.pack, "rulebook": part.pack.rulebook, "figures": figures,
            "draft": ui.text(part.lang, "draft") if part.lang in drafts else None,
            "components": component_list(part.pack, part.lang),
            "words": {key: ui.text(part.lang, key) for key in ("rulebook-contents", "rulebook-components",
                                                                "rulebook-page", "rulebook-of")},
        })
    paper_size = PAPERS[paper]
    template = None
    try:
        template = env.get_template("rulebook.html.j2")
        return template.render(articles=articles, inline=inline, paper=f"{paper_size.width}mm {paper_size.height}mm",
                               font_dir=FONT_DIR.as_uri(), css=(TEMPLATES / "rulebook.css").as_uri(),
                               lang=parts[0].lang, title=" / ".join(p.pack.meta.title for p in parts))
    except SecurityError as error:
        file, line = _template_position(error, template)
        raise Problems([Problem(file, line, 1, "", f"the template tried something the sandbox forbids: {error}",
                                "templates may only show the pack's data")])
    except TemplateError as error:
        file, line = _template_position(error, template)
        raise Problems([Problem(file, getattr(error, "lineno", None) or line, 1, "", f"template error: {error}",
                                None)])


def _template_position(error: Exception, template) -> tuple[str, int]:
    """The template file and line an error came from (Jinja maps its frames back to the template)."""
    filename = getattr(error, "filename", None) or (template.filename if template is not None else None)
    line, trace = 1, error.__traceback__
    while trace is not None:
        if filename and trace.tb_frame.f_code.co_filename == filename:
            line = trace.tb_lineno
        trace = trace.tb_next
    return display_path(Path(filename or "rulebook.html.j2")), line


def _fetcher(roots: list[Path], refused: list[str]):
    """A WeasyPrint URL fetcher serving only files under roots (and data: URLs); it records every
    other request in refused and fetches nothing for it."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    allowed = [root.resolve() for root in roots]

    class PackFetcher(URLFetcher):
        def fetch(self, url: str, headers=None):
            if url.startswith("data:"):
                return super().fetch(url, headers)
            path = Path(unquote(url.removeprefix("file://"))).resolve() if url.startswith("file://") else None
            if path is None or not any(path.is_relative_to(root) for root in allowed) or not path.is_file():
                refused.append(url)
                raise ValueError(f"printkit does not fetch {url}")
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind})

    return PackFetcher(allowed_protocols=["file", "data"])


def typeset(html: str, parts: list[Part]):
    """The laid-out WeasyPrint document of an edition; raises Problems for anything WeasyPrint
    refused or could not do, so a build fails before it writes."""
    from weasyprint import HTML  # heavy: imported only when a rulebook is built

    pack = parts[0].pack
    refused: list[str] = []
    fetcher = _fetcher([pack.root, FONT_DIR, TEMPLATES], refused)
    complaints = _Complaints()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(complaints)
    try:
        document = HTML(string=html, base_url=pack.root.resolve().as_uri() + "/", url_fetcher=fetcher).render(
            pdf_variant="pdf/ua-1")
    finally:
        logger.removeHandler(complaints)
    where = display_path(pack.root / "rulebook.yaml")
    problems = [Problem(where, 1, 1, "", f"the rulebook asks for {url}, outside the pack; nothing was fetched",
                        "use images inside the pack folder") for url in refused]
    problems += [Problem(where, 1, 1, "", f"typesetting failed: {message}", None) for message in complaints.messages
                 if "printkit does not fetch" not in message]
    if problems:
        raise Problems(problems)
    return document


def write_pdf(document, target: Path) -> None:
    document.write_pdf(str(target), pdf_variant="pdf/ua-1")


def booklet(source: Path, target: Path) -> None:
    """The rulebook's pages imposed for saddle-stitch folding: two pages side by side on each side
    of a landscape sheet of the same paper, in the order that reads right once folded."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    reader = PdfReader(source)
    pages = list(reader.pages)
    width, height = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    while len(pages) % 4:
        pages.append(None)
    count = len(pages)
    scale = min((height / 2) / width, width / height)
    writer = PdfWriter()
    for sheet in range(count // 4):
        for left, right in ((count - 1 - 2 * sheet, 2 * sheet), (2 * sheet + 1, count - 2 - 2 * sheet)):
            side = PageObject.create_blank_page(width=height, height=width)
            for slot, index in enumerate((left, right)):
                if pages[index] is None:
                    continue
                x = slot * height / 2 + (height / 2 - width * scale) / 2
                y = (width - height * scale) / 2
                side.merge_transformed_page(pages[index], Transformation().scale(scale).translate(x, y))
            writer.add_page(side)
    writer.add_metadata({"/Title": (reader.metadata or {}).get("/Title", ""), "/Producer": "printkit"})
    with open(target, "wb") as handle:
        writer.write(handle)


class _Complaints(logging.Handler):
    """WeasyPrint reports what it could not do as log warnings; a rulebook build must not ignore them."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())
