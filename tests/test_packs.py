"""The bundled packs: each checks clean, its example lists behave, and its counts match the seeds."""

from collections import Counter
from pathlib import Path

import pytest
from conftest import BUNDLED, TRANSLATIONS

from printkit.build.outputs.base import BuildOptions
from printkit.build.pipeline import lay_out
from printkit.content.components.boards import Board
from printkit.content.components.cards import Card
from printkit.content.components.chips import Chip
from printkit.content.components.markers import Marker
from printkit.content.components.rulers import Ruler
from printkit.content.components.sheets import Sheet
from printkit.content.components.tiles import Tile
from printkit.content.read import load_checked


@pytest.fixture(scope="module")
def packs():
    return {pack.id: pack for pack in load_checked([Path("content") / name for name in BUNDLED])}


def test_every_seed_game_ships_as_a_pack(packs):
    assert list(packs) == BUNDLED  # each folder holds the pack of its name, and checks clean


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_pack_lays_out_without_overflow(packs, paper):
    jobs = lay_out(list(packs.values()), BuildOptions(papers=(paper,), strict=True, rulebooks=False), draw_all=True)
    # one components PDF for each language a bundled pack declares
    assert [(job.pack, job.output) for job in jobs] == [
        (name, f"{name}-components-{lang}-{paper}.pdf") for name in BUNDLED for lang in ["en", *TRANSLATIONS[name]]
    ]


# each bundled example list -> (exit code, the summary line `check` prints for it); the violations are
# the lines of the players' rules the list breaks on purpose, one line each on stderr
EXAMPLE_LISTS = {
    "attacktix/decks/overloaded-squad.yaml": (1, "4 violations (Tournament squad, rule set 'squad' of attacktix)"),
    "attacktix/decks/tournament-squad.yaml": (0, "legal (Tournament squad, rule set 'squad' of attacktix)"),
    "riverfold/decks/heavy-satchel.yaml": (1, "3 violations (Satchel of path cards, rule set 'satchel' of riverfold)"),
    "riverfold/decks/light-satchel.yaml": (0, "legal (Satchel of path cards, rule set 'satchel' of riverfold)"),
    "riverfold/decks/valley-map.yaml": (0, "legal (Valley map layout, rule set 'valley' of riverfold)"),
    "riverfold/decks/crossed-rivers.yaml": (1, "2 violations (Valley map layout, rule set 'valley' of riverfold)"),
    "skylanders-tabletop/decks/agreed-six.yaml": (
        1,
        "2 violations (Battle side, rule set 'side' of skylanders-tabletop)",
    ),
    "skylanders-tabletop/decks/full-side.yaml": (0, "legal (Battle side, rule set 'side' of skylanders-tabletop)"),
    "skylanders-tabletop/decks/unbalanced-side.yaml": (
        1,
        "4 violations (Battle side, rule set 'side' of skylanders-tabletop)",
    ),
    "skylands/decks/first-island.yaml": (0, "legal (Player board layout, rule set 'island' of skylands)"),
    "skylands/decks/mismatched-edges.yaml": (1, "2 violations (Player board layout, rule set 'island' of skylands)"),
    "skystones/decks/balanced-hand.yaml": (0, "legal (Tournament hand, rule set 'hand' of skystones)"),
    "skystones/decks/too-strong.yaml": (1, "3 violations (Tournament hand, rule set 'hand' of skystones)"),
    "sorcerers-home-game/decks/ryans-first-deck.yaml": (
        0,
        "legal (Spell deck, rule set 'deck' of sorcerers-home-game)",
    ),
    "sorcerers-home-game/decks/too-many-copies.yaml": (
        1,
        "4 violations (Spell deck, rule set 'deck' of sorcerers-home-game)",
    ),
}


def test_every_pack_ships_a_legal_and_an_illegal_list():
    for name in BUNDLED:
        verdicts = {code for path, (code, _) in EXAMPLE_LISTS.items() if path.startswith(f"{name}/")}
        assert verdicts == {0, 1}, name
    shipped = sorted(
        str(p.relative_to("content")) for name in BUNDLED for p in Path("content", name, "decks").iterdir()
    )
    assert shipped == sorted(EXAMPLE_LISTS)


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(EXAMPLE_LISTS))
def test_example_lists_behave(run, path):
    code, summary = EXAMPLE_LISTS[path]
    shown = f"content/{path}"
    result = run("check", shown)
    assert result[:2] == (code, f"{shown}: {summary}\n")
    violations = result[2].splitlines()
    assert len(violations) == (int(summary.split()[0]) if code else 0)
    assert all(line.startswith(f"{shown}:") for line in violations)


def _copies(pack, kind, tag=None):
    return sum(c.count for c in pack.of_kind(kind) if tag is None or tag in c.tags)


def test_skylands_has_the_component_list_of_the_rules(packs):
    pack = packs["skylands"]
    assert _copies(pack, Tile, "island") == 88
    assert _copies(pack, Tile, "special") == 32
    assert _copies(pack, Tile, "starting") == 4 and all(t.reverse for t in pack.of_kind(Tile) if "starting" in t.tags)
    assert _copies(pack, Board, "player-board") == 4 and _copies(pack, Board, "supply") == 1
    assert _copies(pack, Chip, "player-token") == 4
    assert _copies(pack, Marker, "player-marker") == 4
    assert _copies(pack, Marker, "vp") == 24
    inhabitants = Counter()
    for chip in pack.of_kind(Chip):
        if "inhabitant" in chip.tags:
            inhabitants[chip.color] += chip.count
    assert sum(inhabitants.values()) == 60 and len(inhabitants) == 3  # green, purple and blue
    assert _copies(pack, Card, "action") == 4 and _copies(pack, Sheet, "scoring") == 1
    specials = [t for t in pack.of_kind(Tile) if "special" in t.tags]
    assert Counter(t.back for t in specials) == {f"special-{c}": 8 for c in ("green", "purple", "blue", "orange")}
    assert {t.effect for t in specials} == {"none", "one-time", "ongoing", "scoring"}


def test_skylands_islands_can_always_be_closed(packs):
    """Every island fragment shows one terrain and clouds, so fragments of a terrain close each other."""
    for tile in packs["skylands"].of_kind(Tile):
        if "island" in tile.tags:
            edges = {tile.edges.top, tile.edges.right, tile.edges.bottom, tile.edges.left}
            assert "clouds" in edges or len(edges) == 1
            assert len(edges - {"clouds"}) == 1


def test_riverfold_shows_every_shape_of_the_kit(packs):
    """The hex example pack: flat hex tiles (some two-sided) on a map of flat hex cells as large as
    they are, pointy hex camps, octagon supply tokens, a marker of its own outline and rounded cards,
    at the sizes its comments give."""
    pack = packs["riverfold"]
    defaults = pack.meta.defaults
    outlines = Counter((c.kind, c.outline(defaults).name) for c in pack.components for _ in range(c.count))
    custom = next(name for kind, name in outlines if name.startswith("custom-"))
    rounded = next(name for kind, name in outlines if kind == "card")
    assert outlines == {
        ("tile", "hex-flat"): 17,
        ("chip", "hex-pointy"): 10,
        ("chip", "polygon-8-flat"): 12,
        ("marker", custom): 1,
        ("card", rounded): 16,
        ("board", "rect"): 1,
    }
    assert {c.corner_radius for c in pack.of_kind(Card)} == {3}
    assert [c.id for c in pack.of_kind(Tile) if c.reverse] == ["spring-pool", "falls-ford"]
    tile, camp = pack.of_kind(Tile)[0], pack.of_kind(Chip)[0]
    # across the flats, the height of The Game Crafter's small hex tile (pack.yaml)
    assert (round(tile.trim(defaults).width, 3), tile.trim(defaults).height) == (51.326, 44.45)
    assert (camp.trim(defaults).width, round(camp.trim(defaults).height, 3)) == (20, 23.094)  # a corner at the top
    grid = pack.of_kind(Board)[0].grid
    assert (grid.shape, grid.orientation, grid.size) == ("hex", "flat", tile.given_size(defaults).width)


def test_skylanders_has_stat_cards_items_locations_and_a_ruler(packs):
    pack = packs["skylanders-tabletop"]
    characters = {c.id: c for c in pack.of_kind(Card) if "skylander" in c.tags}
    assert len(characters) == 24  # the cards tagged skylander in components.yaml
    assert {c.element for c in characters.values()} == set(pack.meta.elements) and len(pack.meta.elements) == 8
    assert any("giant" in c.tags for c in characters.values())
    assert characters["spyro"].stats["agility"] == 90 and characters["drobot"].stats["agility"] == 45
    assert pack.meta.stats["agility"].derived.divide == 10
    items = [c.name for c in pack.of_kind(Card) if "magic-item" in c.tags]
    assert len(items) == 8 and "Sky-Iron Shield" in items
    locations = {c.name: c.text for c in pack.of_kind(Card) if "location" in c.tags}
    assert len(locations) == 4 and "**Undead**" in locations["Darklight Crypt"]
    (ruler,) = pack.of_kind(Ruler)
    assert [round(m / 25.4, 3) for m in ruler.marks] == [4, 8, 12]


def test_attacktix_keeps_the_costs_the_rules_name(packs):
    pack = packs["attacktix"]
    costs = {c.name: c.cost for c in pack.of_kind(Card) if "figure" in c.tags}
    assert {
        name: costs[name]
        for name in ("Anakin Skywalker", "Shaak-Ti", "Clone Trooper", "Palpatine", "General Grievous", "Commander Bly")
    } == {
        "Anakin Skywalker": 40,
        "Shaak-Ti": 40,
        "Clone Trooper": 10,
        "Palpatine": 40,
        "General Grievous": 30,
        "Commander Bly": 30,
    }
    assert set(pack.meta.abilities) == {
        "attackback",
        "rally",
        "recover",
        "recruit",
        "shootback",
        "sacrifice",
        "vengeance",
    }
    assert set(pack.meta.types) == {"launcher", "striker", "possessor"}
    assert pack.meta.rules["squad"].params == {"points": 100, "backup-points": 50}


def test_sorcerers_deck_building_pack(packs):
    pack = packs["sorcerers-home-game"]
    spells = {c.id: c for c in pack.of_kind(Card) if "reference" not in c.tags}
    assert len(spells) == 42  # two copies of each make the 84 spell cards of the rulebook's list
    beans = spells["mickeys-magic-beans"]
    assert (beans.type, beans.stats["shield"]) == ("wishful", 2)
    assert set(pack.meta.types) == {"charming", "wishful", "energy", "quick", "flying", "strong", "gross"}
    (tracker,) = pack.of_kind(Board)
    assert (tracker.grid.first, tracker.grid.first + tracker.grid.spaces - 1) == (0, 40)  # Wishful can pass 30
    assert min(tracker.grid.space_size) >= 21  # room for the 19.05 mm marker
