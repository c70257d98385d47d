"""Print shops: every face on a page of its own, for shops that print one piece at a time.

Takes: the outlines of a pack's pieces (`Faces.outlines`), the pack (to place its warnings) and how
far a piece may be off a product's size (`Tolerance`, --shop-tolerance).
Returns: `Page`s with one placement each, in millimetres, their faces to be drawn by
`Faces.fill` (drawn with `face_bleed`), and the warnings about pieces left out or scaled, each at
the piece's YAML:
- `single_pages`: each copy of each piece, its back after it, at its trim size plus 1/8 in
  bleed, or on DriveThruCards' page of the card product it is within tolerance of, scaled to
  its trim;
- `template_pages`: each face of each piece (front and back, one copy) on the pixel template of
  a shop's product of its kind, shape and size, named `<id>` and `<id>-back`;
- `deck_pages`: DriveThruCards' decks, one per card product, each copy's back then its front.
Every shop fits a piece one way (`_fitted`): to the product of its kind and shape nearest its size,
scaled to that product's trim when within the tolerance (a warning says by how much); a piece of a
kind or shape the shop does not make, or within the tolerance of none of its products, is left out
with a warning naming the nearest product and the difference. Pieces without copies are in no
deck or single PDF, so neither scaled nor left out there.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from printkit.base.errors import Problem, counted
from printkit.base.outlines import RECT, ROUND, Outline, regular_polygon
from printkit.base.units import Size, Tolerance
from printkit.content.pack import Pack
from printkit.layout.pieces import Piece
from printkit.layout.sheets import Page, Placement

INCH = 25.4
SHOP_BLEED = INCH / 8  # what print shops ask for around the trim line
SHOP_DPI = 300  # every shop's templates are at 300 dpi
EXACT = 0.005  # mm: a piece this close to a product's trim is scaled to it without a warning


def single_pages(pack: Pack, pieces: list[Piece], tolerance: Tolerance) -> tuple[list[Page], list[Problem]]:
    """Every copy of every piece on a page of its own, each front followed by its back, and the
    warnings of pieces scaled. A piece within tolerance of one of DriveThruCards' card products
    gets that product's page (its trim plus 1/8 in all round: 2.75 x 3.75 in for a poker card),
    scaled to its trim; any other piece a page of its own trim plus SHOP_BLEED. The BleedBox is
    the page, the TrimBox the piece. When any piece has a back, a piece without one is followed by
    a blank page of its size, so that fronts are always the odd pages for a duplex print run; a kit
    without backs gets its fronts alone."""
    printed = [piece for piece in pieces if piece.component.count]
    any_back = any(piece.back is not None for piece in printed)
    fitted, scaled = _fitted(pack, printed, DTC, "the single PDF", tolerance, say_left_out=False)
    products = {id(piece): product for piece, product in fitted}
    pages = []
    for piece in printed:
        product = products.get(id(piece))
        paper, trim = (product.template, product.trim) if product else (_padded(piece.size, SHOP_BLEED), piece.size)
        for _ in range(piece.component.count):
            pages.append(_face_page(piece, "front", paper, trim))
            if any_back:
                pages.append(_face_page(piece, "back", paper, trim))
    return pages, scaled


def face_bleed(pieces: list[Piece], tolerance: Tolerance) -> float:
    """The bleed the shops' faces are drawn with: SHOP_BLEED still, past the product's trim, on the
    smallest piece scaled down by as much as the tolerance lets it be."""
    smallest = min((min(piece.size) for piece in pieces), default=INCH)
    shrink = tolerance.of(smallest) / smallest
    return SHOP_BLEED / max(1 - shrink, 0.5)


@dataclass(frozen=True)
class Product:
    """A print shop's product: its template's pixels at SHOP_DPI, which hold the trim plus `bleed`
    on each side (or more, around a `cut` of its own), and the safe zone, `safe` inside the trim,
    that text and art must keep within."""

    name: str
    identity: str  # its name at the shop (The Game Crafter's product page is /make/products/<identity>)
    sections: tuple[str, ...]  # the component kinds it is for
    outline: Outline  # what it is cut along: it takes pieces of its outline's family (rounded rectangles too)
    pixels: tuple[int, int]
    bleed: float = SHOP_BLEED  # mm on each side of the trim
    safe: float = SHOP_BLEED  # mm inside the trim
    cut: Size | None = None  # mm: the trim, where the template holds more than it and an even bleed

    @property
    def template(self) -> Size:
        return Size(*(p * INCH / SHOP_DPI for p in self.pixels))

    @property
    def trim(self) -> Size:
        if self.cut is not None:
            return self.cut
        return Size(*(side - 2 * self.bleed for side in self.template))


@dataclass(frozen=True)
class Shop:
    name: str  # as messages call it
    products: tuple[Product, ...]


# The Game Crafter's products and the pixel sizes of their templates. Sources: its product pages,
# https://www.thegamecrafter.com/make/products/<identity> (the template is linked from each; the
# same sizes are what its API, /api/tgc/products/<identity>, requires of an uploaded image), and
# https://help.thegamecrafter.com/article/33-dpi-dots-per-inch: "We print everything at 300DPI ...
# we require 1/8" for bleed and 1/8" for safe zone on our templates". Hexagons are flat (a side at
# the bottom). The mini hex tile's and the decks' figures (MiniHexTile, SquareDeck, SmallSquareDeck,
# EuroSquareDeck, CircleDeck, HexDeck) are those of their product pages as the Templative tool
# records them for its uploads to The Game Crafter, template pixels and trim in inches
# (https://github.com/templative/templative-electron, src/shared/componentInfo.js at 5978dbad6768):
# the mini hex tile's 450 x 450 px template holds a hexagon 1.25 in across the corners and 1.08 in
# across the flats, the euro square card's 900 x 900 px one a 70 mm square (2.7559 in), 3.1 mm of bleed each side. The medium hex tile (825 x 750 px) is left out: less the bleed it is no regular
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
    Product("small square card", "SmallSquareDeck", CARDS, RECT, (825, 825)),
    Product("euro square card", "EuroSquareDeck", CARDS, RECT, (900, 900), (3 * INCH - 70) / 2),
    Product("square card", "SquareDeck", CARDS, RECT, (1125, 1125)),
    Product("circle card", "CircleDeck", CARDS, ROUND, (1125, 1125)),
    Product("hex card", "HexDeck", CARDS, FLAT_HEX, (1200, 1050)),
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
    Product("mini hex tile", "MiniHexTile", TILES, FLAT_HEX, (450, 450), cut=Size(1.25 * INCH, 1.08 * INCH)),
    Product("small hex tile", "SmallHexTile", TILES, FLAT_HEX, (675, 600)),
    Product("large hex tile", "LargeHexTile", TILES, FLAT_HEX, (1200, 1050)),
)
TGC = Shop("The Game Crafter", TGC_PRODUCTS)

# MakePlayingCards' products and the pixel sizes of their templates, 300 dpi. Source: its product
# page, https://www.makeplayingcards.com/design/custom-blank-card.html ("Custom Game Cards (63 x
# 88mm)", the poker size): an image of 822 x 1122 px whose cut line is 36 px inside each edge (a
# 750 x 1050 px trim, 2.5 x 3.5 in) and whose safe zone is 36 px inside the cut line. MPC's page
# could not be loaded while this table was written: these figures are as card tools that upload
# to MPC record them, each independently of the others (a print-profile package: "MPC's published
# poker image guide uses 822 x 1122 pixels with 36-pixel bleed margins at 300 dpi"; a tool whose
# tests hold the figures read off MPC's portal, "MPC 822x1122 et 36 px"; MPC checks the pixels:
# 36 px is 3.048 mm, not the 1/8 in its text says). Its other sizes are not in the table until
# they are checked against its templates.
MPC_EDGE = 36 * INCH / SHOP_DPI
MPC_PRODUCTS = (Product("poker card", "custom-blank-card", CARDS, RECT, (822, 1122), MPC_EDGE, MPC_EDGE),)
MPC = Shop("MakePlayingCards", MPC_PRODUCTS)

# DriveThruCards' products. Sources: its printed card specifications,
# https://help.drivethrupartners.com/hc/en-us/articles/12780748203543 ("a single PDF file for each
# card deck"; "the first page is the back of card 1, the second page the front of that card" and so
# on; 300 dpi images; 1/8 in of bleed on all four sides; nothing important nearer than 1/8 in to a
# finished edge; PDF/X-1a:2003), and
# https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607-Common-Card-Prep-Issues-Solutions
# ("for the U.S. Poker-sized cards (2.5" x 3.5") your final layout size should be 2.75" x 3.75"
# with the bleed"): 825 x 1125 px at 300 dpi. Its other card sizes are not in the table until they
# are checked against its templates.
DTC_PRODUCTS = (Product("poker card", "poker", CARDS, RECT, (825, 1125)),)
DTC = Shop("DriveThruCards", DTC_PRODUCTS)


def template_pages(
    pack: Pack, pieces: list[Piece], shop: Shop, folder: str, tolerance: Tolerance
) -> tuple[list[tuple[str, Page]], list[Problem]]:
    """Each face of each piece (counted or not: a template is uploaded once) on the template of
    the shop's product it fits, scaled to the product's trim, named `<id>` and `<id>-back`, and the
    warnings about pieces left out or scaled, in the order of the files."""
    pages = []
    fitted, warnings = _fitted(pack, pieces, shop, folder, tolerance)
    for piece, product in fitted:
        pages.append((piece.component.id, _face_page(piece, "front", product.template, product.trim)))
        if piece.back is not None:
            pages.append((f"{piece.component.id}-back", _face_page(piece, "back", product.template, product.trim)))
    return pages, warnings


def deck_pages(
    pack: Pack, pieces: list[Piece], folder: str, tolerance: Tolerance
) -> tuple[dict[str, list[Page]], list[Problem]]:
    """DriveThruCards' decks: for each card product, every copy of every piece that fits it, its
    back (a blank page for a piece without one) then its front, scaled to the product's trim; and
    the warnings about pieces left out or scaled."""
    decks: dict[str, list[Page]] = defaultdict(list)
    printed = [piece for piece in pieces if piece.component.count]
    fitted, warnings = _fitted(pack, printed, DTC, folder, tolerance)
    for piece, product in fitted:
        for _ in range(piece.component.count):
            for face in ("back", "front"):
                decks[product.identity].append(_face_page(piece, face, product.template, product.trim))
    return dict(decks), warnings


def _fitted(
    pack: Pack, pieces: list[Piece], shop: Shop, where: str, tolerance: Tolerance, *, say_left_out: bool = True
) -> tuple[list[tuple[Piece, Product]], list[Problem]]:
    """The pieces with the product each is printed as, and a warning at each piece scaled to its
    product's trim and (say_left_out) at each piece left out: no product of its kind and shape, or
    none within the tolerance of its size."""
    fitted: list[tuple[Piece, Product]] = []
    said: list[tuple[Piece, str, str | None]] = []
    for piece in pieces:
        product = nearest_product(shop, piece)
        if product is not None and tolerance.allows(piece.size, product.trim):
            fitted.append((piece, product))
            if _difference(piece, product) > EXACT:
                said.append((piece, _scaled(piece, shop, product, where), None))
        elif say_left_out and product is None:
            said.append((piece, *_left_out(piece, shop, where)))
        elif say_left_out and product is not None:
            said.append((piece, *_misfit(piece, shop, product, where, tolerance)))
    return fitted, _once_each(pack, said)


def nearest_product(shop: Shop, piece: Piece) -> Product | None:
    """The product of the piece's kind and shape closest to its size; None when none is of both."""
    family = piece.outline.family
    candidates = [p for p in shop.products if piece.component.section in p.sections and p.outline.family == family]
    return min(candidates, key=lambda product: _difference(piece, product), default=None)


def _left_out(piece: Piece, shop: Shop, folder: str) -> tuple[str, None]:
    section = piece.component.section
    if any(section in product.sections for product in shop.products):
        section = f"{piece.outline.words} {section}"
    return f"left out of {folder}: {shop.name} prints no {section} in printkit's table", None


def _difference(piece: Piece, product: Product) -> float:
    """How far the piece's trim box is from the product's, in the direction that differs most."""
    return max(abs(a - b) for a, b in zip(piece.size, product.trim, strict=True))


def _misfit(piece: Piece, shop: Shop, product: Product, folder: str, tolerance: Tolerance) -> tuple[str, str]:
    w, h = piece.size
    return (
        f"left out of {folder}: {w:g}x{h:g} mm is no size {shop.name} prints (within {tolerance}); the nearest "
        f"product is the {product.name}, {_off(piece, product)}",
        f"resize the component to it for {shop.name}, or let --shop-tolerance take the difference",
    )


def _scaled(piece: Piece, shop: Shop, product: Product, where: str) -> str:
    w, h = piece.size
    return f"scaled to the {product.name} of {shop.name} in {where}: {w:g}x{h:g} mm printed at {_off(piece, product)}"


def _off(piece: Piece, product: Product) -> str:
    """The product's trim and how far it is from the piece's."""
    (w, h), (pw, ph) = piece.size, product.trim
    wide, high = (round(d, 2) + 0.0 for d in (pw - w, ph - h))  # + 0.0: no "-0.00" for a hair's breadth smaller
    return f"{pw:.2f}x{ph:.2f} mm ({wide:+.2f} mm wide, {high:+.2f} mm high)"


def _once_each(pack: Pack, said: Sequence[tuple[Piece, str, str | None]]) -> list[Problem]:
    """A warning said of several pieces (a deck of poker cards scaled, every tile left out) once, at
    the first of them, saying how many more it is true of; in the order of the files."""
    alike: dict[tuple[str, str | None], list[Piece]] = defaultdict(list)
    for piece, message, hint in said:
        alike[(message, hint)].append(piece)
    warnings = []
    for (message, hint), pieces in alike.items():
        more = f"; the same for {counted(len(pieces) - 1, 'more component')}" if len(pieces) > 1 else ""
        warnings.append(_at(pack, pieces[0], message + more, hint))
    return sorted(warnings)


def _at(pack: Pack, piece: Piece, message: str, hint: str | None = None) -> Problem:
    origin = piece.component.origin
    return pack.sources[origin.file].problem(origin.path, message, hint)


def _padded(size: Size, margin: float) -> Size:
    return Size(size.width + 2 * margin, size.height + 2 * margin)


def _face_page(piece: Piece, face: Literal["front", "back"], paper: Size, trim: Size | None = None) -> Page:
    """A page of this size with the piece's face in the middle (its back as seen once the piece is
    turned over sideways), bleeding to the page's edges; TrimBox the piece, BleedBox the page. With
    a trim, the face is scaled to it (a shop's product a little larger or smaller than the piece)."""
    w, h = trim or piece.size
    x, y = (paper.width - w) / 2, (paper.height - h) / 2
    bleed = max(x, y)
    stretch = None if trim in (None, piece.size) else (w / piece.size.width, h / piece.size.height)
    page = Page(paper, face)
    if face == "front" or piece.back is not None:
        outline = piece.outline if face == "front" else piece.outline.back()
        page.placements.append(Placement(piece.component, face, x, y, w, h, outline, [], bleed, stretch=stretch))
    page.trim_box = (x, y, x + w, y + h)
    page.bleed_box = (0.0, 0.0, paper.width, paper.height)
    return page
