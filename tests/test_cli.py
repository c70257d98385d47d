"""The command line as a user meets it: scaffolding, schema, JSON output, art, usage errors."""

import json
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader


def test_a_new_pack_builds_at_once(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("new", "my-game")
    assert (code, out.splitlines()) == (
        0,
        [
            "created content/my-game; next:",
            "  printkit check my-game   finds every problem in it, each with its file, line and column",
            "  printkit build my-game   writes its print-and-play PDFs to output/my-game/",
            "  printkit serve my-game   shows its components in your browser, redrawn as you edit",
        ],
    )
    assert run("check") == (0, "1 pack checked: my-game (1 component)\n", "")
    assert run("build") == (
        0,
        "",
        "my-game: 1 file written\n  my-game-components-en-a4.pdf  4 pages\noutput: output/\n",
    )
    with pdfplumber.open(tmp_path / "output/my-game/my-game-components-en-a4.pdf") as pdf:
        cards, backs = (" ".join(page.extract_text().split()) for page in pdf.pages[2:])
    assert cards == (  # the two copies of the card the scaffold writes, side by side
        "First Card First Card Fire Fire 3 2 3 2 ATK DEF ATK DEF Write the card's rules here. Write the card's rules here. "
        "My Game · card · fronts · page 3 of 4"
    )
    assert backs == "My Game My Game My Game · card · backs · page 4 of 4"
    assert run("new", "my-game")[2] == "printkit: content/my-game already exists; choose another name\n"


def test_no_pack_named_means_every_pack_under_content(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("beta", "alpha"):
        assert run("new", name)[0] == 0
    (tmp_path / "content" / "notes").mkdir()  # a folder without a pack.yaml is no pack
    assert run("check") == (0, "2 packs checked: alpha (1 component), beta (1 component)\n", "")
    assert run("build") == (
        0,
        "",
        "alpha: 1 file written\n"
        "  alpha-components-en-a4.pdf  4 pages\n"
        "beta: 1 file written\n"
        "  beta-components-en-a4.pdf   4 pages\n"
        "output: output/\n",
    )
    assert sorted(str(p.relative_to("output")) for p in Path("output").rglob("*.pdf")) == [
        "alpha/alpha-components-en-a4.pdf",
        "beta/beta-components-en-a4.pdf",
    ]
    assert run("build", "gamma")[::2] == (
        2,
        "printkit: 'gamma' is not a pack: no pack.yaml there or under content/ (packs here: alpha, beta)\n",
    )


def test_new_names_the_next_commands_as_the_pack_was_typed(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "my games/duel") == (
        0,
        "created my games/duel; next:\n"
        "  printkit check 'my games/duel'   finds every problem in it, each with its file, line and column\n"
        "  printkit build 'my games/duel'   writes its print-and-play PDFs to output/duel/\n"
        "  printkit serve 'my games/duel'   shows its components in your browser, redrawn as you edit\n",
        "",
    )
    assert run("check", "my games/duel") == (0, "1 pack checked: duel (1 component)\n", "")


def test_new_takes_a_path_like_every_command(run, capsys, tmp_path, monkeypatch):
    """A pack anywhere, as check and build name it: its help says so (it said only 'id of the new pack')."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit):
        run("new", "--help")
    help_words = " ".join(capsys.readouterr().out.split())  # as wide as the terminal wraps it
    assert "PACK id of the new pack under ./content (lowercase, dashes), or a path ending in it" in help_words
    folder = tmp_path / "games" / "river-run"
    assert run("new", str(folder))[0] == 0
    assert run("check", str(folder)) == (0, "1 pack checked: river-run (1 component)\n", "")
    assert not (tmp_path / "content").exists()


def test_a_pack_id_must_be_lowercase(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "My Game")[1:] == (
        "",
        "printkit: a pack id must be lowercase letters, digits and dashes, got 'My Game' (for example 'my-game')\n",
    )


@pytest.mark.slow
def test_schema_is_json_schema_with_field_docs(run):
    code, out, _ = run("schema")
    schema = json.loads(out)
    assert code == 0 and set(schema["properties"]) == {
        "cards",
        "fields",
        "tiles",
        "chips",
        "markers",
        "boards",
        "sheets",
        "rulers",
    }
    assert schema["$defs"]["Card"]["properties"]["count"]["description"] == "Copies to print."

    def kinds_with(key: str) -> set[str]:
        return {kind for kind, model in schema["$defs"].items() if key in model.get("properties", {})}

    shaped = {"Card", "SpecialField", "Tile", "Chip", "Marker", "Sheet"}
    assert kinds_with("corner_radius") == shaped | {"Board"}
    assert kinds_with("sides") == shaped
    assert kinds_with("orientation") == shaped | {"HexGrid"}  # a board's grid of hexagons has one too
    assert kinds_with("shape") == shaped | {"Grid", "HexGrid", "Track"}
    assert kinds_with("points") == shaped | {"Track"}  # a tile's points are victory points; a track's, its line's
    assert schema["$defs"]["Card"]["properties"]["corner_radius"]["description"] == (
        "Rounds the corners of a rectangle to this radius (poker cards: 3mm); at most half the short side."
    )
    documented = {"shape", "orientation", "sides", "points", "corner_radius", "size", "diameter"}
    assert [
        (kind, key)
        for kind, model in schema["$defs"].items()
        for key, field in model.get("properties", {}).items()
        if key in documented and not field.get("description")
    ] == []
    hex_sides = schema["$defs"]["TerrainEdges"]["properties"]
    assert hex_sides["n"]["description"] == "North, the top side of a flat hex."
    assert all(hex_sides[side].get("description") for side in ("ne", "e", "se", "s", "sw", "w", "nw"))
    pack_schema = json.loads(run("schema", "pack")[1])
    assert "elements" in pack_schema["properties"]
    assert pack_schema["$defs"]["FontFamily"]["properties"]["bold-italic"]["description"] == (  # a key's alias
        "The bold italic style's file; without it bold italic text is set in `bold`, else `italic`, else `regular`."
    )


def test_a_markers_old_shape_square_is_read_as_rect_though_the_schema_names_only_rect(run, tmp_path):
    from conftest import loaded_pack

    schema = json.loads(run("schema")[1])
    assert "square" not in json.dumps(schema["$defs"]["Marker"]["properties"]["shape"])
    marker = (
        "markers:\n  - id: corner\n    shape: square\n    front: {color: '#aa3333'}\n    back: {color: '#3333aa'}\n"
    )
    (corner,) = loaded_pack(tmp_path, "", marker).components
    assert corner.shape == "rect"


def test_check_json_lists_problems(run):
    code, out, _ = run("check", "tests/fixtures/bad/bad-colour", "--json")
    assert code == 1
    assert json.loads(out)["problems"] == [
        {
            "file": "tests/fixtures/bad/bad-colour/components.yaml",
            "line": 3,
            "column": 12,
            "key": "chips[0].color",
            "message": "must be a colour written '#rrggbb', like '#d94f2b', got 'red'",
            "hint": None,
        }
    ]
    code, out, _ = run("check", "skystones", "--json")
    assert code == 0 and json.loads(out) == {"ok": True, "packs": ["skystones"], "problems": [], "lists": []}


def test_art_is_embedded_once_however_many_cards_and_names_show_it(run, tmp_path):
    pack = tmp_path / "art-pack"
    (pack / "art").mkdir(parents=True)
    for name in ("sky.png", "same-sky.png"):  # one picture under two names
        Image.new("RGB", (120, 80), "#3366aa").save(pack / "art" / name)
    Image.new("RGB", (120, 80), "#aa3366").save(pack / "art" / "dusk.png")
    (pack / "pack.yaml").write_text("id: art-pack\ntitle: Art\n")
    (pack / "cards.yaml").write_text(
        "cards:\n  - {id: sky, count: 20, art: art/sky.png}\n"
        "  - {id: same, count: 20, art: art/same-sky.png}\n"
        "  - {id: dusk, art: art/dusk.png}\n"
    )
    assert run("build", pack, "--out", tmp_path / "out")[0] == 0
    reader = PdfReader(tmp_path / "out/art-pack/art-pack-components-en-a4.pdf")
    images = {
        xobject.get_object().indirect_reference.idnum
        for page in reader.pages
        for xobject in page["/Resources"].get("/XObject", {}).values()
    }
    assert len(images) == 2


def test_unsupported_options_are_usage_errors_not_ignored(run):
    for args, message in [
        (("build", "--bleed", "12"), "--bleed must be from 0 to 10 mm, got 12"),
        (("build", "--jobs", "0"), "--jobs must be at least 1, got 0"),
    ]:
        assert run(*args)[::2] == (2, f"printkit: {message}\n")


def test_an_unknown_pack_names_the_known_ones(run):
    assert run("build", "skystone")[::2] == (
        2,
        "printkit: 'skystone' is not a pack: no pack.yaml there or under content/ (did you mean 'skystones'?)\n",
    )


def test_an_output_folder_whose_name_is_too_long_is_one_line(run, tmp_path):
    out = str(tmp_path / ("a" * 260))  # a file or folder name may have at most 255 bytes
    assert run("build", "skystones", "--out", out) == (
        1,
        "",
        f"printkit: cannot use '{out[:20]}… ({len(out)} characters)': its name is too long (choose a shorter name)\n",
    )


def test_a_failed_build_keeps_the_previous_kit(run, tmp_path):
    assert run("build", "skystones", "--no-rulebooks", "--out", tmp_path)[0] == 0
    kit = tmp_path / "skystones" / "skystones-components-en-a4.pdf"
    before = kit.read_bytes()
    assert run("build", "skystones", "tests/fixtures/bad/bad-type", "--no-rulebooks", "--out", tmp_path)[0] == 1
    assert kit.read_bytes() == before
    assert sorted(p.name for p in kit.parent.iterdir()) == [
        ".printkit-cache.json",
        "skystones-components-de-a4.pdf",
        kit.name,
    ]  # no .part file


def test_parallel_builds_write_every_pack_but_the_one_with_a_problem(run, tmp_path):
    code, _, err = run(
        "build",
        "skystones",
        "attacktix",
        "tests/fixtures/bad/bad-type",
        "--jobs",
        "3",
        "--no-rulebooks",
        "--out",
        tmp_path,
    )
    lines = err.splitlines()
    assert (code, lines[:2], lines[-2:]) == (
        1,
        [
            "tests/fixtures/bad/bad-type/components.yaml:3:48: cards[0].edges.left: must be a whole number from 0 to "
            "9, got 'x'",
            "1 problem found",
        ],
        [
            "bad-type: not built, 1 problem in tests/fixtures/bad/bad-type/components.yaml (above); its earlier "
            "files are as they were",
            f"output: {tmp_path}/",
        ],
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["attacktix", "skystones"]


def test_parallel_and_serial_builds_are_identical(run, tmp_path):
    for jobs in ("1", "2"):
        assert (
            run("build", "skystones", "attacktix", "--jobs", jobs, "--no-rulebooks", "--out", tmp_path / jobs)[0] == 0
        )
    files = sorted(p.relative_to(tmp_path / "1") for p in (tmp_path / "1").rglob("*.pdf"))
    assert len(files) == 4
    assert all((tmp_path / "1" / f).read_bytes() == (tmp_path / "2" / f).read_bytes() for f in files)


def test_every_option_says_what_it_does():
    """Like Squib's docs test: an option a user cannot read about is a defect. The reference
    (docs/reference/commands.md) is generated from these helps, so each must have one."""
    import argparse

    from printkit.cli import _parser

    def parsers(parser: argparse.ArgumentParser, name: str):
        yield name, parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub in action.choices.items():
                    yield from parsers(sub, f"{name} {sub_name}")

    unexplained = [
        f"{name} {action.option_strings or action.dest}"
        for name, parser in parsers(_parser(), "printkit")
        for action in parser._actions
        if not action.help and not isinstance(action, argparse._SubParsersAction)
    ]
    assert unexplained == []
