"""A Tabletop Simulator saved object of a pack in one language: the JSON Tabletop Simulator loads from
its Saved Objects folder, and the images it names.

Takes: the drawn `Piece`s of a pack for one locale, the pack and the address its images will have (a
function of a file's name: a `file:///` URL of the file as written, or one under the user's --tts-url).
Returns: (name, bytes) of each file of `tts/<lang>/`: the images (tts_images: the deck sheets
(`tts-<section>-<back>-<n>.png`, laid out by output.png's deck sheets, each within Tabletop
Simulator's 10 x 7 cards and 4096 px a side), each deck's back (`<its first sheet>-back.png`),
`<id>.png` of the other pieces and `<id>-back.png` of tiles, the only ones with a second image),
which do not depend on where they are found; and `<pack>-<lang>.json` (tts_object), which names
them there. Only components with copies are in it.

The saved object's format is Tabletop Simulator's save format (a saved object is a save with its outer
fields left empty: TTSModManager's saved-object-feature.md); its objects follow Berserk Games' API
(api.tabletopsimulator.com/custom-game-objects) and knowledge base (kb.tabletopsimulator.com,
custom-content: Custom Deck, Custom Tile, Custom Token, Custom Board), with the field names of
their saved state (Card, DeckCustom with CustomDeck, DeckIDs and ContainedObjects; Custom_Tile,
Custom_Token and Custom_Board with CustomImage):
- cards (rectangular, with a back) are `DeckCustom` decks, one per section, size and back design
  (Tabletop Simulator shows one back for a whole deck), every copy a `Card` whose CardID is its
  sheet's CustomDeck number times 100 plus its slot; a deck of one copy is that `Card` alone;
- boards (a component pieces are laid on) are `Custom_Board`s, their image within 4096 px a side;
- other pieces TTS has a tile shape for (rectangle, rounded rectangle, hexagon, circle) are two-sided
  `Custom_Tile`s of that shape (a piece without a back shows its front on both sides): tiles, chips,
  markers, a square tile with a back too (it is laid, not dealt);
- any other shape is a `Custom_Token`, which Tabletop Simulator cuts out along the image's transparency
  (one image for both sides: tokens have no back).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import ceil

from PIL import Image

from printkit.base.outlines import RoundedRectangle
from printkit.base.units import Size
from printkit.content.pack import Pack
from printkit.layout.pieces import Piece
from printkit.output.png import (
    DPI,
    TTS_COLUMNS,
    Deck,
    DeckSheet,
    deck_sheets,
    decks,
    faces_at,
    png_bytes,
    sheet_image,
)

MAX_SIDE = 4096  # px: the largest image side Tabletop Simulator takes (kb: Asset Creation, "Max Resolution")
# CustomTile.Type: 0 box, 1 hex, 2 circle, 3 rounded (Berserk Games' save state: TileType), by outline family.
# Its hexagon is flat, a side at the top (kb.tabletopsimulator.com, custom-content/custom-tile: the
# example's hex tile); a pointy one is the flat one turned a quarter, its images turned the other way.
TILE_TYPES = {"rect": 0, "hex-flat": 1, "hex-pointy": 1, "round": 2}
POINTY_TURN = 270.0  # rotY: a quarter anticlockwise seen from above (Unity turns clockwise for positive angles)
ROUNDED_TILE = 3
# CustomDeck.Type, the card's shape: 0 rounded rectangle, 1 rectangle (api: Custom Card's type)
ROUNDED_CARD, SQUARE_CARD = 0, 1
THICKNESS = 0.2  # of tiles and tokens, in Tabletop Simulator's units (about an inch): sturdy card
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # the tint Tabletop Simulator saves: none
ROW = 8  # objects laid side by side on the table, then the next row


@dataclass(frozen=True)
class Table:
    """What the saved object lays on the table: the decks of cards with their sheets, and the other
    pieces (boards, tiles, tokens), each with copies."""

    decks: list[tuple[Deck, list[DeckSheet]]]
    others: list[Piece]

    @classmethod
    def of(cls, pieces: list[Piece], pack: Pack) -> Table:
        copied = [p for p in pieces if p.component.count > 0]
        # cards are dealt from decks; a tile, even a square one with a back, is laid as a tile
        sheeted = deck_sheets(decks([p for p in copied if p.component.kind == "card"], pack), _tts_grid)
        in_decks = {p.component.id for deck, _ in sheeted for p in deck.pieces}
        return cls(sheeted, [p for p in copied if p.component.id not in in_decks])


def tts_images(pieces: list[Piece], pack: Pack) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of every image the saved object names (see the module's doc); they do not
    depend on where the user puts them."""
    table = Table.of(pieces, pack)
    cells = {face: sheet.cell for _, sheets in table.decks for sheet in sheets for face in sheet.faces}
    # a deck's cards show their fronts, and the deck one back: only those are rasterised
    cards = [p for deck, _ in table.decks for p in deck.pieces]
    firsts = [sheet.fronts[0] for _, sheets in table.decks for sheet in sheets]
    reduced: dict[str, Image.Image] = {}
    for pieces_of, sides in ((cards, ("front",)), (firsts, ("back",))):
        for name, image in faces_at(pieces_of, 0.0, DPI, sides):
            reduced[name] = image.resize(cells[name], Image.Resampling.LANCZOS)
    # boards and tokens show one image, tiles two (a tile without a back shows its front twice)
    tiles = [p for p in table.others if _shape(p) == "tile"]
    shown: list[tuple[list[Piece], tuple[str, ...]]] = [
        (tiles, ("front", "back")),
        ([p for p in table.others if p not in tiles], ("front",)),
    ]
    for pieces_of, their_sides in shown:
        sided = {p.component.id: (p, False) for p in pieces_of} | {
            f"{p.component.id}-back": (p, True) for p in pieces_of
        }
        for name, image in faces_at(pieces_of, 0.0, DPI, their_sides):
            yield f"{name}.png", png_bytes(_within_limits(_turned(*sided[name], image)))
    for _, sheets in table.decks:
        yield f"{sheets[0].name}-back.png", png_bytes(reduced[sheets[0].faces[-1]])
        for sheet in sheets:
            yield f"{sheet.name}.png", png_bytes(sheet_image(sheet, [reduced[face] for face in sheet.faces]))


def tts_object(pieces: list[Piece], pack: Pack, language: str, url: Callable[[str], str]) -> tuple[str, bytes]:
    """(name, bytes) of the saved object's JSON, naming each image at url(its file's name)."""
    table = Table.of(pieces, pack)
    stacks: list[list[dict]] = []  # each place on the table: a deck, or the copies of a piece stacked
    number = 0  # the CustomDeck numbers: one per sheet, unique in the saved object
    for deck, sheets in table.decks:
        numbered = []
        for sheet in sheets:
            number += 1
            numbered.append((number, sheet))
        stacks.append([_deck(deck, numbered, url, f"{sheets[0].name}-back.png")])
    stacks += [_pieces(piece, url) for piece in table.others]
    placed = [_placed(state, place, height) for place, stack in enumerate(stacks) for height, state in enumerate(stack)]
    saved = _saved_object(placed, f"{pack.id}/{language}")
    return f"{pack.id}-{language}.json", (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode()


def _shape(piece: Piece) -> str:
    """What Tabletop Simulator makes of a piece that is no card: a board, a tile or a token."""
    if piece.component.holds_pieces:
        return "board"
    return "tile" if piece.outline.family in TILE_TYPES else "token"


def _turned(piece: Piece, back: bool, image: Image.Image) -> Image.Image:
    """A face as Tabletop Simulator's tile takes it: its hexagon is flat (a side at the top), so a
    pointy hexagon's front is turned a quarter clockwise, and its back, seen from below, a quarter
    the other way; the tile is turned back on the table (POINTY_TURN)."""
    if piece.outline.family != "hex-pointy":
        return image
    return image.transpose(Image.Transpose.ROTATE_90 if back else Image.Transpose.ROTATE_270)


def _tts_grid(size: Size, slots: int) -> tuple[int, int, tuple[int, int]]:
    """A sheet of just enough rows of up to ten cells for its slots, each cell as large as 4096 px a
    side allow but no larger than the face at 300 dpi (nothing is enlarged)."""
    columns = min(TTS_COLUMNS, slots)
    rows = ceil(slots / columns)
    face_w = round(size.width / 25.4 * DPI)
    cell_w = min(face_w, MAX_SIDE // columns, int(MAX_SIDE / rows * size.width / size.height))
    cell_h = round(cell_w * size.height / size.width)
    while cell_h * rows > MAX_SIDE:
        cell_w -= 1
        cell_h = round(cell_w * size.height / size.width)
    return columns, rows, (cell_w, cell_h)


def _within_limits(image: Image.Image) -> Image.Image:
    """The image, reduced to MAX_SIDE px on its longer side if it is larger (a big board's)."""
    scale = MAX_SIDE / max(image.size)
    if scale >= 1:
        return image
    return image.resize((round(image.width * scale), round(image.height * scale)), Image.Resampling.LANCZOS)


def _deck(deck: Deck, numbered: list[tuple[int, DeckSheet]], url: Callable[[str], str], back: str) -> dict:
    """The deck's DeckCustom: every copy of every card a Card, in the order of the sheets' slots; a
    deck of one copy is that Card alone."""
    shape = ROUNDED_CARD if isinstance(deck.pieces[0].outline, RoundedRectangle) else SQUARE_CARD
    custom = {
        str(number): {
            "FaceURL": url(f"{sheet.name}.png"),
            "BackURL": url(back),
            "NumWidth": sheet.columns,
            "NumHeight": sheet.rows,
            "BackIsHidden": True,  # hidden cards show BackURL (the sheet's last slot holds it too)
            "UniqueBack": False,
            "Type": shape,
        }
        for number, sheet in numbered
    }
    cards = []
    for number, sheet in numbered:
        for slot, piece in enumerate(sheet.fronts):
            card = {
                **_object("Card", piece.component.name or piece.component.id),
                "Hands": True,  # a card is taken into a player's hand, and hidden there
                "HideWhenFaceDown": True,
                # Tabletop Simulator's card is upright: a landscape face is shown on a card lying on its side
                "SidewaysCard": piece.size.width > piece.size.height,
                "CardID": number * 100 + slot,
                "CustomDeck": {str(number): custom[str(number)]},
            }
            cards += [card] * piece.component.count
    if len(cards) == 1:
        return cards[0]
    return {
        **_object("DeckCustom", f"{deck.section}: {deck.back}", face_down=True),
        "Hands": False,  # its cards are dealt, the deck stays on the table
        "DeckIDs": [card["CardID"] for card in cards],
        "CustomDeck": custom,
        "ContainedObjects": cards,
    }


def _pieces(piece: Piece, url: Callable[[str], str]) -> list[dict]:
    """Every copy of a piece that is not a card: a board, a tile of its shape, or a token."""
    component, outline = piece.component, piece.outline
    front = url(f"{component.id}.png")
    back = url(f"{component.id}-back.png") if piece.back is not None else front
    name = component.name or component.id
    shape = _shape(piece)
    if shape == "board":
        image = {"ImageURL": front, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}
        state = {**_object("Custom_Board", name), "CustomImage": image}
    elif shape == "tile":
        kind = ROUNDED_TILE if isinstance(outline, RoundedRectangle) else TILE_TYPES[outline.family]
        tile = {"Type": kind, "Thickness": THICKNESS, "Stackable": True, "Stretch": True}
        image = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0}
        turn = POINTY_TURN if outline.family == "hex-pointy" else 0.0
        state = {**_object("Custom_Tile", name, turn=turn), "CustomImage": image | {"CustomTile": tile}}
    else:
        token = {"Thickness": THICKNESS, "MergeDistancePixels": 15.0, "StandUp": False, "Stackable": True}
        image = {"ImageURL": front, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}
        state = {**_object("Custom_Token", name), "CustomImage": image | {"CustomToken": token}}
    return [state] * component.count


def _object(name: str, nickname: str, turn: float = 0.0, face_down: bool = False) -> dict:
    """What every object's saved state holds, turned `turn` degrees about the vertical (rotY) or face
    down (its position is set where it is placed)."""
    return {
        "Name": name,
        "Transform": {
            **dict.fromkeys(("posX", "posY", "posZ", "rotX"), 0.0),
            "rotY": 180.0 if face_down else turn,
            "rotZ": 180.0 if face_down else 0.0,
            **dict.fromkeys(("scaleX", "scaleY", "scaleZ"), 1.0),
        },
        "Nickname": nickname,
        "Description": "",
        "GMNotes": "",
        "ColorDiffuse": GREY,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
    }


def _placed(state: dict, place: int, height: int) -> dict:
    """The object at its place on the table (rows of ROW places 4 units apart), height-th in its
    stack."""
    x, z = (place % ROW) * 4.0, -(place // ROW) * 5.0
    y = 1.0 + height * THICKNESS
    return {**state, "Transform": {**state["Transform"], "posX": x, "posY": y, "posZ": z}}


def _saved_object(states: list[dict], seed: str) -> dict:
    """A save holding these objects, its outer fields empty as Tabletop Simulator writes a saved
    object's; each object (and each card in a deck) gets a GUID of its own, the same every build."""
    guids = iter(hashlib.sha256(f"{seed}/{n}".encode()).hexdigest()[:6] for n in range(1_000_000))
    objects = []
    for state in states:
        contained = [{**card, "GUID": next(guids)} for card in state.get("ContainedObjects", [])]
        objects.append({**state, "GUID": next(guids)} | ({"ContainedObjects": contained} if contained else {}))
    return {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": objects,
    }
