"""All problems of a pack in one run: a part that fails costs only itself, what names it is not a
second problem, and a broken pack does not stop the deck lists that can still be checked.

The fixture cases under tests/fixtures/allatonce, each saying what it shows and carrying what printkit
prints for it in its expected.out, are run by test_fixture_messages.py.
"""

import json
import shutil
from pathlib import Path

from printkit.content.read import load_partial

HERE = "tests/fixtures/allatonce"
LISTS = f"{HERE}/lists"


def test_json_carries_problems_and_list_results(run):
    code, out, err = run("check", "--json", f"{LISTS}/brawl", f"{LISTS}/duel", f"{LISTS}/duel/decks/starter.yaml")
    assert (code, err) == (1, "")
    result = json.loads(out)
    assert (result["ok"], result["packs"]) == (False, ["brawl", "duel"])
    assert result["problems"] == [
        {
            "file": f"{LISTS}/brawl/cards.yaml",
            "line": 2,
            "column": 40,
            "key": "cards[0].colour",
            "message": "unknown key 'colour'",
            "hint": "did you mean 'color'?",
        }
    ]
    assert [(r["file"], r["ok"], r["entries"], r["violations"]) for r in result["lists"]] == [
        (f"{LISTS}/duel/decks/starter.yaml", True, 2, [])
    ]


def test_load_partial_places_each_unfit_component():
    """What the live preview shows: the pack of what loaded, and each component that cannot be drawn
    with its own problems, where its YAML writes it."""
    loaded = load_partial(Path(HERE) / "every-stage")
    assert [c.id for c in loaded.pack.components] == ["spark", "flare", "blaze", "coal"]
    assert [(u.section, u.id, u.path, [p.key_path for p in u.problems]) for u in loaded.unfit] == [
        ("cards", "ember", ("cards", 0), ["cards[0].colour"]),
        ("cards", "spark", ("cards", 1), ["cards[1].element"]),
    ]
    assert [c.id for c in loaded.drawable.components] == ["flare", "blaze", "coal"]
    assert len(loaded.problems) == 3  # text fit and icons are found by drawing (see every-stage/expected.out)


def test_a_component_file_that_is_not_a_mapping_is_one_problem(run, tmp_path):
    pack = tmp_path / "lost-file"
    shutil.copytree(f"{HERE}/lost-file", pack)
    (pack / "cards.yaml").write_text("- id: ember\n- id: coal\n")
    code, out, err = run("check", str(pack))
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{pack}/cards.yaml:1:1: must be a mapping of keys, got a list (write 'key: value' lines at the top level)",
        "1 problem found",
    ]
