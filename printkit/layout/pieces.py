"""Pieces: each component's faces, as imposition places them and as the renderers draw them.

Takes: a validated `Pack`, the locale, the bleed (and the ink saver, the components still drafts,
a record of the text boxes measured).
Returns: `Piece`s, one per component: its trim size and outline with its front and back drawings
(`draw_pieces`), or with empty drawings (`Faces.outlines`) whose faces `Faces` draws only when a
sheet is written (`Faces.fill`); raises `Problems` for all text that cannot be set.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Literal

from printkit.base.errors import Problem, Problems, display_path
from printkit.base.memo import DRAWN_FACES
from printkit.base.outlines import Outline
from printkit.base.records import record
from printkit.base.shapes import Rect
from printkit.base.units import Size
from printkit.content.components.base import Component
from printkit.content.pack import Pack
from printkit.faces import richtext
from printkit.faces.looks import look_of
from printkit.faces.paint import Drawing, LookContext, ink_saving
from printkit.i18n import typography, words
from printkit.layout.sheets import Corners, Page


@record
class Piece:
    """One component's faces, drawn once however many copies are printed."""

    component: Component
    size: Size
    outline: Outline
    front: Drawing
    back: Drawing | None
    window: Corners | None = None  # a fragment of a component too large for the paper: the part it shows
    whole: Size | None = None  # and the size of the whole component


def draw_pieces(
    pack: Pack,
    locale: str,
    bleed: float,
    ink_saver: bool = False,
    drafts: frozenset[str] = frozenset(),
    boxes: dict | None = None,
) -> list[Piece]:
    """Every component's front and back drawings; raises Problems for all text that cannot be set.
    Components named in drafts (still partly untranslated) get a visible DRAFT band; the text boxes
    measured are recorded in boxes when given."""
    faces = Faces(pack, locale, bleed, ink_saver, drafts, boxes)
    pieces = [faces.complete(outline) for outline in faces.outlines()]
    faces.raise_problems()
    return pieces


class Faces:
    """The faces of a pack's components in one locale, drawn when they are needed.

    Imposition works on outlines (a piece's size and outline, its drawings empty: [] where it has a
    back, None where it has none), and a sheet's faces are drawn only as that sheet is written, so
    a big deck's drawings are never all in memory at once. The faces drawn last are remembered, for
    the copies and backs that follow them. Text that cannot be set is collected as faces are drawn.
    """

    REMEMBERED = DRAWN_FACES

    def __init__(
        self,
        pack: Pack,
        locale: str,
        bleed: float,
        ink_saver: bool = False,
        drafts: frozenset[str] = frozenset(),
        boxes: dict | None = None,
        mark_overflow: bool = False,
    ):
        self.ctx = LookContext(pack, locale, bleed=bleed, boxes=boxes, mark_overflow=mark_overflow)
        self.ink_saver, self.drafts = ink_saver, drafts
        self._drawn: OrderedDict[tuple[str, str], Drawing] = OrderedDict()

    def outlines(self) -> list[Piece]:
        pack = self.ctx.pack
        pieces = []
        for component in pack.components:
            look = look_of(pack, component)
            back: Drawing | None = [] if look.has_back(component, pack) else None
            pieces.append(Piece(component, look.size(component, pack), look.outline(component, pack), [], back))
        return pieces

    def draw(self, component: Component, face: Literal["front", "back"]) -> Drawing:
        key = (component.id, face)
        if key in self._drawn:
            self._drawn.move_to_end(key)
            return self._drawn[key]
        look = look_of(self.ctx.pack, component)
        size = look.size(component, self.ctx.pack)
        drawing = look.front(self.ctx, component, size) if face == "front" else look.back(self.ctx, component, size)
        if self.ink_saver:
            drawing = ink_saving(drawing, size, look.outline(component, self.ctx.pack))
        if face == "front" and component.id in self.drafts:
            drawing = drawing + self._draft_band(size, look.outline(component, self.ctx.pack))
        self._drawn[key] = drawing
        if len(self._drawn) > self.REMEMBERED:
            self._drawn.popitem(last=False)
        return drawing

    def complete(self, piece: Piece) -> Piece:
        """An outline (or a fragment of one, carrying its guides) with its faces drawn."""
        back = None if piece.back is None else self.draw(piece.component, "back") + piece.back
        return replace(piece, front=self.draw(piece.component, "front") + piece.front, back=back)

    def fill(self, pages: Iterable[Page]) -> Iterator[Page]:
        """Sheets imposed from outlines, one at a time, with their faces drawn under what imposition
        added (a fragment's glue guides)."""
        for page in pages:
            yield replace(
                page,
                placements=[
                    replace(p, drawing=self.draw(p.component, p.face) + p.drawing, other_side=None)
                    for p in page.placements
                ],
            )

    def _draft_band(self, size: Size, outline: Outline) -> Drawing:
        """A red band with the word DRAFT: along the top of a rectangle, across the middle of other
        shapes (a hexagon or a circle is widest there; its top is a corner or a short side). The word
        is set as card text is: in the locale's font where it has its letters, in its direction;
        a translation of it too long for the band is a problem at its catalog entry."""
        w, h = size
        band = min(6.0, h * 0.12)
        bottom = h - band if outline.straight_cuts else (h - band) / 2
        own = words.of(self.ctx.locale, self.ctx.pack.root)
        word = richtext.fit(
            typography.apply(own.text("draft"), own.language_of("draft")),
            (0, bottom, w, band),
            font="sans-bold",
            size=min(7.0, band * 1.6),
            min_size=2,  # on a small piece: the red band says it, however small its word
            color="#ffffff",
            align="center",
            max_lines=1,
            script_font=self.ctx.script_font,
            rtl_language=self.ctx.rtl_language,
        )
        if isinstance(word, richtext.Refusal):
            path, line = own.written_at("draft")
            message = f"printkit's own text {word.message} in locale {self.ctx.locale}"
            self.ctx.problems.append(Problem(display_path(path), line, 1, "draft", message, "shorten the translation"))
            word = ()
        return [Rect(0, bottom, w, band, fill="#c0392b"), *word]

    def raise_problems(self) -> None:
        """Problems of every face drawn so far (Problems keeps each once, however often its face was drawn)."""
        if self.ctx.problems:
            raise Problems(self.ctx.problems)
