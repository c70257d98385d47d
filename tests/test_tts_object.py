"""--tts: the Tabletop Simulator saved object, read back as Tabletop Simulator would read it: its JSON
against the published format, its decks against the counts, its sheets' cells against the faces
--png writes, its tiles' shapes; and the usage errors of --tts-url."""

import json

import pytest
from conftest import FIXTURES
from PIL import Image, ImageChops

from printkit.cli import main

PACK = FIXTURES / "tts" / "table"

# The saved object's format, from Berserk Games' API (api.tabletopsimulator.com/custom-game-objects),
# its knowledge base (kb.tabletopsimulator.com/custom-content/: Custom Deck, Custom Tile, Custom
# Token, Custom Board) and the save format as Tabletop Simulator writes a saved object (the outer
# fields empty, the objects in ObjectStates): the keys each object must have and their types.
TRANSFORM = {k: float for k in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")}
OBJECT = {
    **{"GUID": str, "Name": str, "Transform": TRANSFORM, "Nickname": str, "Description": str, "GMNotes": str},
    "Locked": bool,
}
CUSTOM_DECK = {
    "FaceURL": str,
    "BackURL": str,
    "NumWidth": int,
    "NumHeight": int,
    "BackIsHidden": bool,
    "UniqueBack": bool,
    "Type": int,
}
CARD = OBJECT | {
    **{"Hands": bool, "HideWhenFaceDown": bool, "SidewaysCard": bool},
    **{"CardID": int, "CustomDeck": {str: CUSTOM_DECK}},
}
# CustomImage as Tabletop Simulator saves it (ImageScalar 1.0 unless the user scales the image)
IMAGE = {"ImageURL": str, "ImageSecondaryURL": str, "ImageScalar": float, "WidthScale": float}
SCHEMA = {
    "Card": CARD,
    "DeckCustom": OBJECT
    | {"Hands": bool, "DeckIDs": [int], "CustomDeck": {str: CUSTOM_DECK}, "ContainedObjects": [CARD]},
    "Custom_Tile": OBJECT
    | {"CustomImage": IMAGE | {"CustomTile": {"Type": int, "Thickness": float, "Stackable": bool, "Stretch": bool}}},
    "Custom_Token": OBJECT
    | {
        "CustomImage": IMAGE
        | {"CustomToken": {"Thickness": float, "MergeDistancePixels": float, "StandUp": bool, "Stackable": bool}}
    },
    "Custom_Board": OBJECT | {"CustomImage": IMAGE},
}
SAVE = {"SaveName": str, "Tags": list, "ObjectStates": list, "LuaScript": str, "XmlUI": str}


def _mismatches(value, schema, at="") -> list[str]:
    """Where value does not have the keys and types schema gives (a dict of keys, {str: schema} for
    a mapping of any keys, [schema] for a list of them, a type)."""
    if isinstance(schema, type):
        return [] if type(value) is schema else [f"{at}: {type(value).__name__}, not {schema.__name__}"]
    if isinstance(schema, list):
        if not isinstance(value, list):
            return [f"{at}: not a list"]
        return [m for i, item in enumerate(value) for m in _mismatches(item, schema[0], f"{at}[{i}]")]
    if not isinstance(value, dict):
        return [f"{at}: not an object"]
    if str in schema:
        return [m for key, item in value.items() for m in _mismatches(item, schema[str], f"{at}.{key}")]
    missing = [f"{at}.{key}: missing" for key in schema if key not in value]
    return missing + [
        m for key, sub in schema.items() if key in value for m in _mismatches(value[key], sub, f"{at}.{key}")
    ]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The fixture pack built with --tts and --png: the folders tts/en and png/en, and the JSON."""
    out = tmp_path_factory.mktemp("tts")
    assert main(["build", str(PACK), "--tts", "--png", "--no-rulebooks", "--out", str(out), "-q"]) == 0
    tts = out / "table" / "tts" / "en"
    return tts, out / "table" / "png" / "en", json.loads((tts / "table-en.json").read_text())


@pytest.mark.slow
def test_the_saved_object_has_the_published_format(built):
    _, _, saved = built
    assert _mismatches(saved, SAVE) == []
    objects = saved["ObjectStates"]
    assert [o["Name"] for o in objects] == ["DeckCustom", "Card"] + ["Custom_Tile"] * 6 + [
        "Custom_Token",
        "Custom_Board",
    ]
    assert [m for o in objects for m in _mismatches(o, SCHEMA[o["Name"]], o["Name"])] == []
    guids = [o["GUID"] for o in objects] + [c["GUID"] for o in objects for c in o.get("ContainedObjects", [])]
    assert len(set(guids)) == len(guids)  # Tabletop Simulator tells objects apart by their GUID


@pytest.mark.slow
def test_every_copy_is_a_card_and_a_deck_s_ids_are_its_cards(built):
    _, _, saved = built
    deck, lone = saved["ObjectStates"][:2]
    # ember-fox 3 copies, tide-otter 2, stone-toad none; fireball's other back makes a deck of its own
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == ["Ember Fox"] * 3 + ["Tide Otter"] * 2
    assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]] == [100, 100, 100, 101, 101]
    assert (lone["Nickname"], lone["CardID"], list(lone["CustomDeck"])) == ("Fireball", 200, ["2"])


@pytest.mark.slow
def test_each_card_s_cell_holds_its_face_and_the_last_its_back(built):
    tts, png, saved = built
    deck = saved["ObjectStates"][0]
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["FaceURL"] == (tts / "tts-cards-plain-1.png").as_uri()
    assert sheet["BackURL"] == (tts / "tts-cards-plain-1-back.png").as_uri()
    image = Image.open(tts / "tts-cards-plain-1.png").convert("RGB")
    columns, rows = sheet["NumWidth"], sheet["NumHeight"]
    assert (columns, rows) == (3, 1)  # two cards and the back: one row, not a 10 x 7 sheet of blanks
    cell = (image.width // columns, image.height // rows)
    assert cell == (744, 1039)  # a poker card at 300 dpi: as large as its face, no larger

    def in_cell(slot):
        x, y = slot % columns * cell[0], slot // columns * cell[1]
        return image.crop((x, y, x + cell[0], y + cell[1]))

    for slot, face in [(0, "ember-fox"), (1, "tide-otter"), (2, "ember-fox-back")]:
        expected = Image.open(png / f"{face}.png").convert("RGB").resize(cell, Image.Resampling.LANCZOS)
        difference = ImageChops.difference(expected, in_cell(slot)).getextrema()
        assert max(high for _, high in difference) <= 2, face  # resampled from 744 to 744 px, or 745


@pytest.mark.slow
def test_tiles_take_the_shape_of_their_piece_and_other_shapes_are_tokens(built):
    tts, _, saved = built
    kinds = {
        o["Nickname"]: (o["Name"], o["CustomImage"].get("CustomTile", {}).get("Type"))
        for o in saved["ObjectStates"]
        if "CustomImage" in o
    }
    # TTS's tile types: 0 box, 1 hex, 2 circle, 3 rounded
    assert kinds == {
        "Lake": ("Custom_Tile", 1),
        "Ford": ("Custom_Tile", 1),
        "Spark": ("Custom_Tile", 2),
        "Banner": ("Custom_Token", None),
        "Map": ("Custom_Board", None),
    }
    banner = Image.open(tts / "banner.png")
    assert banner.mode == "RGBA"  # Tabletop Simulator cuts a token out along its transparency: at its notch
    assert [banner.getpixel((banner.width // 2, y))[3] for y in (1, banner.height - 2)] == [255, 0]


@pytest.mark.slow
def test_a_pointy_hex_is_a_flat_hex_tile_turned_and_a_token_has_one_image(built):
    """Tabletop Simulator's hex tile is flat (a side at the top, kb.tabletopsimulator.com's custom
    tile): a pointy hex's images are turned to fit it, the front a quarter clockwise and the back,
    seen from below, the other way, and the tile a quarter back on the table. A token shows its
    front alone: it gets no back image."""
    tts, png, saved = built
    turns = {o["Nickname"]: o["Transform"]["rotY"] for o in saved["ObjectStates"] if o["Name"] == "Custom_Tile"}
    assert (turns["Lake"], turns["Ford"]) == (0.0, 270.0)
    for name, turn in [("lake", None), ("ford", Image.Transpose.ROTATE_270), ("ford-back", Image.Transpose.ROTATE_90)]:
        drawn = Image.open(png / f"{name}.png")
        expected = drawn if turn is None else drawn.transpose(turn)
        assert ImageChops.difference(Image.open(tts / f"{name}.png"), expected).getbbox() is None, name
    assert sorted(path.name for path in tts.iterdir() if not path.name.startswith("tts-")) == [
        "banner.png",
        "ford-back.png",
        "ford.png",
        "lake.png",
        "map.png",
        "spark.png",
        "table-en.json",
    ]


@pytest.mark.slow
def test_a_new_tts_url_rewrites_the_json_alone(run, tmp_path):
    """The images do not depend on where the user puts them: a new --tts-url writes the JSON that
    names them there, and no image again."""
    out = tmp_path / "out"
    assert run("build", PACK, "--tts", "--no-rulebooks", "--out", out, "-q")[0] == 0
    tts = out / "table" / "tts" / "en"
    images = {path: path.stat().st_mtime_ns for path in tts.glob("*.png")}
    code, _, err = run("build", PACK, "--tts-url", "https://example.org/table/", "--no-rulebooks", "--out", out)
    assert (code, err.splitlines()[0]) == (0, "table: 1 file written, 11 files up to date")
    assert {path: path.stat().st_mtime_ns for path in tts.glob("*.png")} == images
    saved = json.loads((tts / "table-en.json").read_text())
    assert saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"] == "https://example.org/table/tts-cards-plain-1.png"


@pytest.mark.parametrize(
    "url",
    [
        "http://example.org/game/",
        "https://example.org/game",
        "example.org/game/",
        "https:///game/",
        "https://x.org/?a/",
        "https://[::1/",  # Python's URL parser raises: it was exit 3
        "https://example.org:99999/",
        "https://exa mple.org/",
        'https://example.org/a"b/',
    ],
)
def test_a_tts_url_that_is_no_https_folder_is_a_usage_error(run, tmp_path, url):
    assert run("build", PACK, "--tts-url", url, "--out", tmp_path) == (
        2,
        "",
        "printkit: --tts-url must be the https:// address of the folder you upload the images to, ending in / "
        f"(e.g. https://example.org/my-game/), got '{url}'\n",
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_the_tts_url_names_the_images_in_the_folder_it_gives(tmp_path):
    pack = tmp_path / "one"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: one\ntitle: One\n")
    (pack / "chips.yaml").write_text("chips:\n  - {id: gold-coin, name: Gold}\n")
    url = "https://example.org/my-game/"
    assert main(["build", str(pack), "--tts-url", url, "--no-rulebooks", "--out", str(tmp_path / "out"), "-q"]) == 0
    saved = json.loads((tmp_path / "out" / "one" / "tts" / "en" / "one-en.json").read_text())
    (chip,) = saved["ObjectStates"]
    assert chip["CustomImage"]["ImageURL"] == "https://example.org/my-game/gold-coin.png"


@pytest.mark.slow
def test_seventy_cards_of_one_back_make_two_sheets_of_one_deck(tmp_path):
    pack = tmp_path / "big"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        'id: big\ntitle: Big\ndefaults: {card_size: mini, back: plain}\nbacks:\n  plain: {title: Big, color: "#2f4858"}\n'
    )
    cards = "".join(f"  - {{id: card-{n:02}, name: Card {n}}}\n" for n in range(70))
    (pack / "cards.yaml").write_text("cards:\n" + cards)
    assert main(["build", str(pack), "--tts", "--no-rulebooks", "--out", str(tmp_path / "out"), "-q"]) == 0
    tts = tmp_path / "out" / "big" / "tts" / "en"
    (deck,) = json.loads((tts / "big-en.json").read_text())["ObjectStates"]
    assert {key: (s["NumWidth"], s["NumHeight"]) for key, s in deck["CustomDeck"].items()} == {
        "1": (10, 7),
        "2": (2, 1),
    }
    assert deck["DeckIDs"] == [100 + n for n in range(69)] + [200]
    for name in ("tts-cards-plain-1.png", "tts-cards-plain-2.png"):
        assert max(Image.open(tts / name).size) <= 4096


@pytest.mark.slow
def test_a_landscape_card_lies_on_its_side(tmp_path):
    """Tabletop Simulator's card is upright (2.5 x 3.5): a landscape face on it would be squeezed, so
    its card is saved as a sideways card, as the game's own landscape cards are."""
    pack = tmp_path / "wide"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        'id: wide\ntitle: Wide\ndefaults: {back: plain}\nbacks:\n  plain: {title: Wide, color: "#2f4858"}\n'
    )
    (pack / "cards.yaml").write_text(
        "cards:\n  - {id: quest, name: Quest, size: 100x70mm}\n  - {id: hero, name: Hero, size: 63x88mm}\n"
    )
    assert main(["build", str(pack), "--tts", "--no-rulebooks", "--out", str(tmp_path / "out"), "-q"]) == 0
    saved = json.loads((tmp_path / "out" / "wide" / "tts" / "en" / "wide-en.json").read_text())
    assert {o["Nickname"]: o["SidewaysCard"] for o in saved["ObjectStates"]} == {"Quest": True, "Hero": False}
