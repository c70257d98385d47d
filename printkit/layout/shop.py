"""Print shops: every face on a page of its own, for shops that print one piece at a time.

Takes: the outlines of a pack's pieces (`Faces.outlines`), and for The Game Crafter the pack (to
place its problems).
Returns: `Page`s with one placement each, in millimetres, their faces to be drawn by
`Faces.fill` (drawn with `SHOP_FACE_BLEED`):
- `single_pages`: each copy of each piece at its trim size plus 1/8 in bleed, its back after it;
- `tgc_pages`: each face of each piece (front and back, one copy) on the pixel template of The Game
  Crafter's product of its kind, shape and size, named `<id>` and `<id>-back`, with a warning at
  the YAML of each piece of a kind or shape The Game Crafter does not make (left out); a piece
  with products of its kind and shape but none within `TOLERANCE` is a problem at its YAML naming
  the nearest of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from printkit.base.errors import Problem, Problems
from printkit.base.outlines import RECT, ROUND, Outline, regular_polygon
from printkit.base.units import Size
from printkit.content.pack import Pack
from printkit.layout.pieces import Piece
from printkit.layout.sheets import Page, Placement

INCH = 25.4
SHOP_BLEED = INCH / 8  # what print shops ask for around the trim line
TOLERANCE = 1.0  # mm a piece may differ from a product in each direction and still be printed as one
# The faces are drawn with this bleed: a piece up to TOLERANCE smaller than its product is centred
# on the product's template, so its bleed reaches half of that further.
SHOP_FACE_BLEED = SHOP_BLEED + TOLERANCE / 2
TGC_DPI = 300  # The Game Crafter prints everything at 300 dpi


def single_pages(pieces: list[Piece]) -> list[Page]:
    """Every copy of every piece on a page of its trim size plus SHOP_BLEED all round (the
    BleedBox is the page, the TrimBox the piece), each front followed by its back. When any piece
    has a back, a piece without one is followed by a blank page of its size, so that fronts are
    always the odd pages for a duplex print run; a kit without backs gets its fronts alone."""
    any_back = any(piece.back is not None for piece in pieces)
    pages = []
    for piece in pieces:
        for _ in range(piece.component.count):
            pages.append(_face_page(piece, "front", _padded(piece.size, SHOP_BLEED)))
            if any_back:
                pages.append(_face_page(piece, "back", _padded(piece.size, SHOP_BLEED)))
    return pages


@dataclass(frozen=True)
class Product:
    """A product of The Game Crafter: its template's pixels at TGC_DPI, which hold the trim plus
    1/8 in of bleed on each side (75 pixels in all each way)."""

    name: str
    identity: str  # its name at The Game Crafter: the product page is /make/products/<identity>
    sections: tuple[str, ...]  # the component kinds it is for
    outline: Outline  # what it is cut along: it takes pieces of its outline's family (rounded rectangles too)
    pixels: tuple[int, int]

    @property
    def template(self) -> Size:
        return Size(*(p * INCH / TGC_DPI for p in self.pixels))

    @property
    def trim(self) -> Size:
        return Size(*(side - 2 * SHOP_BLEED for side in self.template))


# The Game Crafter's products and the pixel sizes of their templates. Sources: its product pages,
# https://www.thegamecrafter.com/make/products/<identity> (the template is linked from each; the
# same sizes are what its API, /api/tgc/products/<identity>, requires of an uploaded image), and
# https://help.thegamecrafter.com/article/33-dpi-dots-per-inch: "We print everything at 300DPI ...
# we require 1/8" for bleed and 1/8" for safe zone on our templates". Hexagons are flat (a side at
# the bottom). The medium hex tile (825 x 750 px) is left out: less the bleed it is no regular
# hexagon (57.15 mm across the flats would be 65.99 mm across the corners, not 63.5), so no hexagon
# of printkit's fits it.
CARDS, TILES, CHITS = ("cards",), ("tiles", "fields"), ("chips", "markers")
CIRCLE_TILES = TILES + CHITS  # a round tile is a big chip too
FLAT_HEX = regular_polygon(6, "flat")
TGC_PRODUCTS = (
    Product("poker card", "PokerDeck", CARDS, RECT, (825, 1125)),
    Product("bridge card", "BridgeDeck", CARDS, RECT, (750, 1125)),
    Product("mini card", "MiniDeck", CARDS, RECT, (600, 825)),
    Product("micro card", "MicroDeck", CARDS, RECT, (450, 600)),
    Product("tarot card", "TarotDeck", CARDS, RECT, (900, 1500)),
    Product("mini square tile", "MiniSquareTile", TILES, RECT, (450, 450)),
    Product("small square tile", "SmallSquareTile", TILES, RECT, (675, 675)),
    Product("medium square tile", "MediumSquareTile", TILES, RECT, (825, 825)),
    Product("large square tile", "LargeSquareTile", TILES, RECT, (1125, 1125)),
    Product("small square chit", "SmallSquareChit", CHITS, RECT, (225, 225)),
    Product("medium square chit", "MediumSquareChit", CHITS, RECT, (300, 300)),
    Product("large square chit", "LargeSquareChit", CHITS, RECT, (375, 375)),
    Product("small circle chit", "SmallCircleChit", CHITS, ROUND, (225, 225)),
    Product("medium circle chit", "MediumCircleChit", CHITS, ROUND, (300, 300)),
    Product("large circle chit", "LargeCircleChit", CHITS, ROUND, (375, 375)),
    Product("mini circle tile", "MiniCircleTile", CIRCLE_TILES, ROUND, (450, 450)),
    Product("small hex tile", "SmallHexTile", TILES, FLAT_HEX, (675, 600)),
    Product("large hex tile", "LargeHexTile", TILES, FLAT_HEX, (1200, 1050)),
)


def tgc_pages(pack: Pack, pieces: list[Piece]) -> tuple[list[tuple[str, Page]], list[Problem]]:
    """Each face of each piece (counted or not: a template is uploaded once) centred on the
    template of the product it fits, named `<id>` and `<id>-back`, and a warning for each piece
    left out because no product is of its kind and shape; raises Problems for every piece that
    has products of its kind and shape but fits none, at the component, naming the nearest."""
    pages, left_out, problems = [], [], []
    for piece in pieces:
        product = nearest_product(piece)
        if product is None:
            left_out.append(_left_out(pack, piece))
            continue
        if _difference(piece, product) > TOLERANCE:
            problems.append(_misfit(pack, piece, product))
            continue
        pages.append((piece.component.id, _face_page(piece, "front", product.template)))
        if piece.back is not None:
            pages.append((f"{piece.component.id}-back", _face_page(piece, "back", product.template)))
    if problems:
        raise Problems(problems)
    return pages, sorted(left_out)  # in the order of the files


def nearest_product(piece: Piece) -> Product | None:
    """The product of the piece's kind and shape closest to its size; None when none is of both."""
    family = piece.outline.family
    candidates = [p for p in TGC_PRODUCTS if piece.component.section in p.sections and p.outline.family == family]
    return min(candidates, key=lambda product: _difference(piece, product), default=None)


def _left_out(pack: Pack, piece: Piece) -> Problem:
    section = piece.component.section
    if any(section in product.sections for product in TGC_PRODUCTS):
        section = f"{piece.outline.words} {section}"
    return pack.sources[piece.component.origin.file].problem(
        piece.component.origin.path,
        f"left out of shop-tgc: The Game Crafter prints no {section} in printkit's table",
    )


def _difference(piece: Piece, product: Product) -> float:
    """How far the piece's trim box is from the product's, in the direction that differs most."""
    return max(abs(a - b) for a, b in zip(piece.size, product.trim, strict=True))


def _misfit(pack: Pack, piece: Piece, product: Product) -> Problem:
    component = piece.component
    w, h = piece.size
    pw, ph = product.trim
    return pack.sources[component.origin.file].problem(
        component.origin.path,
        f"{w:g}x{h:g} mm is no size The Game Crafter prints (within {TOLERANCE:g} mm); the nearest product is "
        f"the {product.name}, {pw:.2f}x{ph:.2f} mm",
        "resize the component to it for The Game Crafter, or build without --shop tgc",
    )


def _padded(size: Size, margin: float) -> Size:
    return Size(size.width + 2 * margin, size.height + 2 * margin)


def _face_page(piece: Piece, face: Literal["front", "back"], paper: Size) -> Page:
    """A page of this size with the piece's face in the middle (its back as seen once the piece is
    turned over sideways), bleeding to the page's edges; TrimBox the piece, BleedBox the page."""
    w, h = piece.size
    x, y = (paper.width - w) / 2, (paper.height - h) / 2
    bleed = max(x, y)
    page = Page(paper, face)
    if face == "front" or piece.back is not None:
        outline = piece.outline if face == "front" else piece.outline.back()
        page.placements.append(Placement(piece.component, face, x, y, w, h, outline, [], bleed))
    page.trim_box = (x, y, x + w, y + h)
    page.bleed_box = (0.0, 0.0, paper.width, paper.height)
    return page
