"""A Tabletop Simulator saved object of a pack in one language: the JSON Tabletop Simulator loads from
its Saved Objects folder, and the images it names.

Takes: the drawn `Piece`s of a pack for one locale, the pack and the address its images will have (a
function of a file's name: a `file:///` URL of the file as written, or one under the user's --tts-url).
Returns: (name, bytes) of each file of `tts/<lang>/`: the deck sheets (`tts-<section>-<back>-<n>.png`,
laid out by output.png's deck sheets, each within Tabletop Simulator's 10 x 7 cards and 4096 px a
side), each deck's back (`<its first sheet>-back.png`), `<id>.png` and `<id>-back.png` of the other
pieces, then `<pack>-<lang>.json`. Only components with copies are in it.

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
# CustomTile.Type: 0 box, 1 hex, 2 circle, 3 rounded (Berserk Games' save state: TileType), by outline family
TILE_TYPES = {"rect": 0, "hex-flat": 1, "hex-pointy": 1, "round": 2}
ROUNDED_TILE = 3
# CustomDeck.Type, the card's shape: 0 rounded rectangle, 1 rectangle (api: Custom Card's type)
ROUNDED_CARD, SQUARE_CARD = 0, 1
THICKNESS = 0.2  # of tiles and tokens, in Tabletop Simulator's units (about an inch): sturdy card
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # the tint Tabletop Simulator saves: none
ROW = 8  # objects laid side by side on the table, then the next row


def tts_files(pieces: list[Piece], pack: Pack, language: str, url: Callable[[str], str]) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of every image of the saved object, then of its JSON (see the module's doc)."""
    copied = [p for p in pieces if p.component.count > 0]
    # cards are dealt from decks; a tile, even a square one with a back, is laid as a tile
    sheeted = deck_sheets(decks([p for p in copied if p.component.kind == "card"], pack), _tts_grid)
    cells = {face: sheet.cell for _, sheets in sheeted for sheet in sheets for face in sheet.faces}
    in_decks = {p.component.id for deck, _ in sheeted for p in deck.pieces}
    others = [p for p in copied if p.component.id not in in_decks]
    # a deck's cards show their fronts, and the deck one back: only those are rasterised
    cards = [p for deck, _ in sheeted for p in deck.pieces]
    firsts = [sheet.fronts[0] for _, sheets in sheeted for sheet in sheets]
    reduced: dict[str, Image.Image] = {}
    for pieces_of, sides in ((cards, ("front",)), (firsts, ("back",))):
        for name, image in faces_at(pieces_of, 0.0, DPI, sides):
            reduced[name] = image.resize(cells[name], Image.Resampling.LANCZOS)
    for name, image in faces_at(others, 0.0, DPI):
        yield f"{name}.png", png_bytes(_within_limits(image))
    stacks: list[list[dict]] = []  # each place on the table: a deck, or the copies of a piece stacked
    number = 0  # the CustomDeck numbers: one per sheet, unique in the saved object
    for deck, sheets in sheeted:
        back = f"{sheets[0].name}-back.png"
        yield back, png_bytes(reduced[sheets[0].faces[-1]])
        for sheet in sheets:
            yield f"{sheet.name}.png", png_bytes(sheet_image(sheet, [reduced[face] for face in sheet.faces]))
        numbered = []
        for sheet in sheets:
            number += 1
            numbered.append((number, sheet))
        stacks.append([_deck(deck, numbered, url, back)])
    stacks += [_pieces(piece, url) for piece in others]
    placed = [_placed(state, place, height) for place, stack in enumerate(stacks) for height, state in enumerate(stack)]
    saved = _saved_object(placed, f"{pack.id}/{language}")
    yield f"{pack.id}-{language}.json", (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode()


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
                "CardID": number * 100 + slot,
                "CustomDeck": {str(number): custom[str(number)]},
            }
            cards += [card] * piece.component.count
    if len(cards) == 1:
        return cards[0]
    return {
        **_object("DeckCustom", f"{deck.section}: {deck.back}"),
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
    if component.holds_pieces:
        image = {"ImageURL": front, "ImageSecondaryURL": "", "WidthScale": 0.0}
        state = {**_object("Custom_Board", name), "CustomImage": image}
    elif outline.family in TILE_TYPES:
        kind = ROUNDED_TILE if isinstance(outline, RoundedRectangle) else TILE_TYPES[outline.family]
        tile = {"Type": kind, "Thickness": THICKNESS, "Stackable": True, "Stretch": True}
        image = {"ImageURL": front, "ImageSecondaryURL": back, "WidthScale": 0.0, "CustomTile": tile}
        state = {**_object("Custom_Tile", name), "CustomImage": image}
    else:
        token = {"Thickness": THICKNESS, "MergeDistancePixels": 15.0, "StandUp": False, "Stackable": True}
        image = {"ImageURL": front, "ImageSecondaryURL": "", "WidthScale": 0.0, "CustomToken": token}
        state = {**_object("Custom_Token", name), "CustomImage": image}
    return [state] * component.count


def _object(name: str, nickname: str) -> dict:
    """What every object's saved state holds (its Transform is set where it is placed)."""
    return {
        "Name": name,
        "Transform": _transform(0.0, 0.0, 0.0),
        "Nickname": nickname,
        "Description": "",
        "ColorDiffuse": GREY,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
    }


def _transform(x: float, y: float, z: float, face_down: bool = False) -> dict:
    return {
        "posX": x,
        "posY": y,
        "posZ": z,
        "rotX": 0.0,
        "rotY": 180.0 if face_down else 0.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def _placed(state: dict, place: int, height: int) -> dict:
    """The object at its place on the table (rows of ROW places 4 units apart), height-th in its
    stack; decks face down."""
    x, z = (place % ROW) * 4.0, -(place // ROW) * 5.0
    y = 1.0 + height * THICKNESS
    return {**state, "Transform": _transform(x, y, z, face_down=state["Name"] == "DeckCustom")}


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
