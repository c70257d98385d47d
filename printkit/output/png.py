"""PNG exports: one image per component face at 300 dpi, and Tabletop Simulator deck sheets.

Takes: the drawn `Piece`s of a pack for one locale (with the build's bleed) and the pack (its back designs).
Returns: PNG images as bytes with their file names under `png/<lang>/`: `<id>.png` and
`<id>-back.png` per component, `tts-<section>-<back>-<n>.png` sheets of up to 10 x 7 faces of one
size and one back (the last slot holds that back, which Tabletop Simulator shows for hidden cards;
`<back>` names the pack's back design). Faces are drawn with the
same vector drawing as the PDF and rasterised by PDFium, so PNG and PDF always agree.
Also takes laid-out pages of one face each (a print shop's templates) and returns each as a PNG;
Cricut Print Then Cut images (layout.cricut), each as a PNG transparent outside its pieces' trim
lines; and returns faces as images at any resolution (`faces_at`: the live preview's, at a screen's).
"""

from __future__ import annotations

import io
import os
from collections import deque
from collections.abc import Callable, Collection, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from itertools import groupby

import pypdfium2
from PIL import Image
from reportlab.lib.units import mm

from printkit.base.units import Size
from printkit.content.pack import Pack
from printkit.content.values import back_design
from printkit.layout.pieces import Piece
from printkit.layout.sheets import Page
from printkit.output.pdf import Operators, draw_page, new_canvas

DPI = 300
TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_WIDTH = 4096  # px: the widest deck image Tabletop Simulator loads comfortably
DECK_SLOTS = TTS_COLUMNS * TTS_ROWS  # the most cards a Tabletop Simulator deck sheet holds, the back included


def png_files(pieces: list[Piece], bleed: float, pack: Pack) -> Iterator[tuple[str, bytes]]:
    """(name, PNG bytes) of every face, then of the deck sheets. Faces are rasterised one at a
    time (PDFium is not thread-safe) and encoded on every core (Pillow lets go of the interpreter
    while it compresses, the slowest step), so only a few full-size faces are in memory at once;
    the deck sheets keep just the reduced faces they show."""
    sheets = [sheet for _, deck in deck_sheets(decks(pieces, pack), _png_grid) for sheet in deck]
    cells = {name: sheet.cell for sheet in sheets for name in sheet.faces}
    reduced: dict[str, Image.Image] = {}
    workers = os.cpu_count() or 1
    with ThreadPoolExecutor(workers) as pool:
        pending: deque = deque()
        for name, image in faces_at(pieces, bleed, DPI):
            if name in cells:
                reduced[name] = image.resize(cells[name], Image.Resampling.LANCZOS)
            pending.append((name, pool.submit(png_bytes, image)))
            while len(pending) > 2 * workers:
                done, encoded = pending.popleft()
                yield done, encoded.result()
        for sheet in sheets:
            image = sheet_image(sheet, [reduced[n] for n in sheet.faces])
            pending.append((sheet.name, pool.submit(png_bytes, image)))
        while pending:
            done, encoded = pending.popleft()
            yield done, encoded.result()


def faces_at(
    pieces: list[Piece], bleed: float, dpi: float, sides: Collection[str] = ("front", "back")
) -> Iterator[tuple[str, Image.Image]]:
    """`<id>` and `<id>-back` with the face as an image at dpi, trim size plus bleed on each side
    (the preview shows them at a screen's resolution, and draws only the side it is asked for)."""
    fronts = [(p, p.outline, p.front, p.component.id) for p in pieces] if "front" in sides else []
    backs = [  # a back is seen once the piece is turned over sideways, as looks draw it
        (p, p.outline.back(), p.back, f"{p.component.id}-back") for p in pieces if p.back is not None
    ]
    faces = fronts + (backs if "back" in sides else [])
    if not faces:  # PDFium cannot open a PDF of no pages
        return
    buffer = io.BytesIO()
    canvas = new_canvas(buffer)
    operators = Operators(canvas)
    for piece, _, drawing, _ in faces:
        w, h = piece.size
        canvas.setPageSize(((w + 2 * bleed) * mm, (h + 2 * bleed) * mm))
        operators.draw_at(bleed * mm, bleed * mm, drawing)
        canvas.showPage()
    canvas.save()
    sizes = [(p.size.width + 2 * bleed, p.size.height + 2 * bleed) for p, _, _, _ in faces]
    for (piece, outline, _, name), image in zip(faces, _rasterised(buffer.getvalue(), sizes, dpi), strict=True):
        mask = outline.mask(piece.size, bleed, image.size)
        if mask is not None:  # transparent outside the outline (a chip's circle, rounded corners), for tabletops
            image.putalpha(mask)
        yield name, image


def page_files(named: list[tuple[str, Page]], dpi: float = DPI) -> Iterator[tuple[str, bytes]]:
    """(name, PNG bytes) of each laid-out page (a print shop's template of one face, a sheet of the
    preview's sheet view), drawn as the PDF draws it and rasterised at dpi to exactly the page's
    size in pixels."""
    if not named:  # every piece was left out: no PDF to rasterise (PDFium cannot open one of no pages)
        return
    buffer = io.BytesIO()
    operators = Operators(new_canvas(buffer))
    for _, page in named:
        draw_page(operators, page)
    operators.canvas.save()
    images = _rasterised(buffer.getvalue(), [page.size for _, page in named], dpi)
    for (name, _), image in zip(named, images, strict=True):
        yield name, png_bytes(image, dpi)


def cut_image_files(images: list[Page]) -> Iterator[bytes]:
    """The PNG of each Print Then Cut image (layout.cricut), its faces drawn: its pieces drawn as the
    PDF draws them, rasterised at DPI to the image's size, transparent outside their trim lines
    (Design Space cuts round what is opaque)."""
    if not images:  # PDFium cannot open a PDF of no pages
        return
    buffer = io.BytesIO()
    operators = Operators(new_canvas(buffer))
    for page in images:
        draw_page(operators, page)
    operators.canvas.save()
    for group, image in zip(images, _rasterised(buffer.getvalue(), [g.size for g in images], DPI), strict=True):
        alpha = Image.new("L", image.size, 0)
        for p in group.placements:
            left, top = _pixels(p.x), image.size[1] - _pixels(p.y + p.height)
            box = (_pixels(p.x + p.width) - left, image.size[1] - _pixels(p.y) - top)
            alpha.paste(
                p.outline.mask(Size(p.width, p.height), 0.0, box) or 255, (left, top, left + box[0], top + box[1])
            )
        image.putalpha(alpha)
        yield png_bytes(image)


def _pixels(length: float) -> int:
    return round(length / 25.4 * DPI)


def _rasterised(pdf: bytes, sizes: list[tuple[float, float]], dpi: float) -> Iterator[Image.Image]:
    """Each page of a PDF at dpi, given the pages' sizes in millimetres: exactly that many pixels
    (PDFium rounds up a page's last fraction of a pixel, so a 63 x 88 mm card came out 745 x 1040)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index, size in enumerate(sizes):
            pixels = tuple(round(side / 25.4 * dpi) for side in size)
            yield document[index].render(scale=dpi / 72).to_pil().crop((0, 0, *pixels))
    finally:
        document.close()


@dataclass(frozen=True)
class Deck:
    """Cards Tabletop Simulator holds in one deck: of one section, one size and one back (it shows
    one back for a whole deck), named by their back design (`back` for a look's own back)."""

    section: str
    back: str
    pieces: list[Piece]


@dataclass(frozen=True)
class DeckSheet:
    """One deck sheet: `tts-<section>-<back>-<n>`, its grid and cell size in pixels, and the fronts
    in its slots, row by row; the hidden back goes in the last slot (bottom right)."""

    name: str
    columns: int
    rows: int
    cell: tuple[int, int]
    fronts: list[Piece]

    @property
    def faces(self) -> list[str]:
        """The faces drawn on it: the fronts, then the back of the first (the deck's back)."""
        return [p.component.id for p in self.fronts] + [f"{self.fronts[0].component.id}-back"]


Grid = Callable[[Size, int], tuple[int, int, tuple[int, int]]]  # (trim size, slots) -> columns, rows, cell


def decks(pieces: list[Piece], pack: Pack) -> list[Deck]:
    """The decks of the components that have a back and an outline a deck takes (cards), by section
    and size, then by back in order of first appearance."""
    cards = [p for p in pieces if p.outline.deck_card and p.back is not None]
    found = []
    for (section, _), grouped in groupby(
        sorted(cards, key=lambda p: (p.component.section, p.size)), key=lambda p: (p.component.section, p.size)
    ):
        found += [Deck(section, back, group) for back, group in _by_back(list(grouped), pack)]
    return found


def deck_sheets(found: list[Deck], grid: Grid) -> list[tuple[Deck, list[DeckSheet]]]:
    """Each deck with its sheets of up to 69 fronts, laid out on the grid given: a deck's sheets are
    numbered on across its sizes (`tts-cards-spellbook-1`, `-2`, ...)."""
    numbers: dict[tuple[str, str], int] = {}
    sheeted = []
    for deck in found:
        sheets = []
        for start in range(0, len(deck.pieces), DECK_SLOTS - 1):
            chunk = deck.pieces[start : start + DECK_SLOTS - 1]
            numbers[deck.section, deck.back] = numbers.get((deck.section, deck.back), 0) + 1
            name = f"tts-{deck.section}-{deck.back}-{numbers[deck.section, deck.back]}"
            sheets.append(DeckSheet(name, *grid(chunk[0].size, len(chunk) + 1), chunk))
        sheeted.append((deck, sheets))
    return sheeted


def _png_grid(size: Size, slots: int) -> tuple[int, int, tuple[int, int]]:
    """--png's sheets: always 10 x 7 cells 409 px wide."""
    cell_w = TTS_WIDTH // TTS_COLUMNS
    return TTS_COLUMNS, TTS_ROWS, (cell_w, round(cell_w * size.height / size.width))


def _by_back(pieces: list[Piece], pack: Pack) -> list[tuple[str, list[Piece]]]:
    """Pieces grouped by the back they show, in order of first appearance, each group with the name
    of its back design. Backs are compared as drawn: a look may draw a design differently per card."""
    groups: list[tuple[str, list[Piece]]] = []
    for piece in pieces:
        same = next((g for _, g in groups if g[0].back == piece.back), None)
        if same is None:
            groups.append((back_design(piece.component, pack) or "back", [piece]))
        else:
            same.append(piece)
    return groups


def sheet_image(sheet: DeckSheet, faces: list[Image.Image]) -> Image.Image:
    """The faces (reduced to the sheet's cell) in its rows, the last (the hidden back) in the
    bottom-right slot. Faces transparent outside their outline (rounded corners) keep their
    transparency, on a transparent sheet."""
    cell_w, cell_h = sheet.cell
    clear = any(face.mode == "RGBA" for face in faces)
    image = Image.new(
        "RGBA" if clear else "RGB",
        (cell_w * sheet.columns, cell_h * sheet.rows),
        (0, 0, 0, 0) if clear else "white",
    )
    for slot, face in enumerate(faces[:-1]):
        image.paste(face, ((slot % sheet.columns) * cell_w, (slot // sheet.columns) * cell_h))
    image.paste(faces[-1], ((sheet.columns - 1) * cell_w, (sheet.rows - 1) * cell_h))
    return image


def png_bytes(image: Image.Image, dpi: float = DPI, compress_level: int = 6) -> bytes:
    """The image as PNG; a lower compress_level is quicker (the preview's images go no further than the screen)."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=False, dpi=(dpi, dpi), compress_level=compress_level)
    return buffer.getvalue()
