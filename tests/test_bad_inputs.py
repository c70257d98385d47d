"""The bad-input corpus: every case fails with one clear line, quickly, without a traceback, and
writes nothing. (The loader's first cases and their messages are in test_loader_errors.py.)"""

import time
from pathlib import Path

import pytest

BAD = "tests/fixtures/bad"

# case -> (command after `printkit`, the first line printed)
CASES = {
    "truncated-yaml": (  # cut off in the middle of its third line: the error is after its last character
        "check",
        "components.yaml:3:23: YAML syntax error: did not find expected ',' or '}' while "
        "parsing a flow mapping that starts at line 3 (check the brackets, quotes and indentation "
        "just before this point)",
    ),
    "bom-with-error": ("check", "components.yaml:3:5: cards[0].nmae: unknown key 'nmae' (did you mean 'name'?)"),
    "billion-laughs": (
        "check",
        "components.yaml:6:8: f[0]: file expands to more than 200000 values (too many aliases?)",
    ),
    "control-character-in-text": (  # "\f" in a name: printed as nothing, and no XML can hold it
        "check",
        "components.yaml:3:11: cards[0].name: holds the control character U+000C, which can be neither printed "
        "nor exchanged with translators (remove it; a text may hold new lines and tabs)",
    ),
    "nan-size": ("check", "components.yaml:3:11: cards[0].size: must be a length greater than zero, got nan"),
    "whole-number-past-any-length": (  # past any float, too: no OverflowError
        "check",
        "components.yaml:3:11: cards[0].size: must be at most 2000mm, got 10000000000000000000… (401 characters)",
    ),
    "inf-count": ("check", "components.yaml:3:12: cards[0].count: must be a whole number from 0 to 10000, got inf"),
    "negative-margin": ("check", "pack.yaml:4:11: imposition.margin: must be a length of zero or more, got '-1mm'"),
    "huge-size": ("check", "components.yaml:3:11: cards[0].size: must be at most 2000mm, got '5000mm'"),
    "zero-size": ("check", "components.yaml:3:11: cards[0].size: must be a length greater than zero, got '0mm'"),
    "corner-radius-too-large": (
        "check",
        "components.yaml:4:20: cards[0].corner_radius: a corner radius of 40mm is more than half the card's "
        "short side (at most 31.5mm)",
    ),
    "corner-radius-on-a-round-marker": (
        "check",
        "components.yaml:3:20: markers[0].corner_radius: corner_radius rounds a rectangle's corners, not a round "
        "marker's (give it shape: rect, or leave out corner_radius)",
    ),
    "hex-tile-with-square-edges": (
        "check",
        "components.yaml:5:12: tiles[0].edges: a flat hex tile has 6 edges, n, ne, se, s, sw, nw; got top, right, "
        "bottom, left (top, right, bottom and left are the edges of a square tile: for one, leave out shape: hex)",
    ),
    "pointy-hex-tile-with-flat-edges": (
        "check",
        "components.yaml:5:12: tiles[0].edges: a pointy hex tile has 6 edges, ne, e, se, sw, w, nw; got n, ne, se, "
        "s, sw, nw (n, ne, se, s, sw, nw are the edges of a flat hex: for one, give it orientation: flat)",
    ),
    "tile-missing-an-edge": (
        "check",
        "components.yaml:3:12: tiles[0].edges: a square tile has 4 edges, top, right, bottom, left; left missing "
        "(give each edge its terrain, clockwise from the top)",
    ),
    "polygon-of-two-sides": (
        "check",
        "components.yaml:4:12: chips[0].sides: must be a whole number from 3 to 12, got 2 (its edges: 3 for a "
        "triangle, 8 for an octagon; a second face is a back)",
    ),
    "polygon-without-sides": (
        "check",
        "components.yaml:3:12: chips[0].shape: a polygon needs its number of sides (add sides: N, from 3 to 12)",
    ),
    "custom-outline-crosses-itself": (
        "check",
        "components.yaml:5:36: markers[0].points[2]: the outline crosses itself: the edge from corner 1 and the "
        "edge from corner 3 meet (list the corners in order around the shape)",
    ),
    "custom-outline-of-too-many-corners": (
        "check",
        "components.yaml:4:13: markers[0].points: a custom shape takes at most 64 corners, got 65 (trace the "
        "outline with fewer corners: a cutter follows straight edges between them)",
    ),
    "custom-corner-of-three-lengths": (
        "check",
        "components.yaml:4:14: markers[0].points[0]: must be [x, y], two lengths from the top-left corner of its "
        "size, got 3 values (e.g. [10mm, 0mm]: x runs right, y down)",
    ),
    "custom-corner-outside-the-size": (
        "check",
        "components.yaml:5:47: cards[0].points[3]: corner [20mm, 70mm] lies outside the card's size, 40x60mm "
        "(measure corners from the top-left corner of its size, x right and y down)",
    ),
    "hex-card-of-the-default-size": (
        "check",
        "components.yaml:3:12: cards[0].shape: a hex card is given one length, the size across its flats; "
        "defaults.card_size is 63x88mm (give it size: 63mm)",
    ),
    "edges-on-a-hex-card": (
        "check",
        "components.yaml:5:12: cards[0].edges: edges are printed on a rectangle's four sides, not a hex card's "
        "(give it shape: rect, or leave out edges)",
    ),
    "orientation-on-a-rect-card": (
        "check",
        "components.yaml:3:18: cards[0].orientation: orientation is for shape: hex or polygon, not rect (give it "
        "shape: hex, or leave out orientation)",
    ),
    "hex-given-width-and-height": (
        "check",
        "components.yaml:4:11: tiles[0].size: a hex tile is given one length, the size across its flats; got "
        "60x80mm (e.g. size: 60mm)",
    ),
    "sides-on-a-tile": (
        "check",
        "components.yaml:3:12: tiles[0].sides: sides is for shape: polygon, and a tile is rect or hex (leave out "
        "sides)",
    ),
    "round-tile": ("check", "components.yaml:3:12: tiles[0].shape: must be one of 'rect' or 'hex', got 'round'"),
    "name-is-a-list": ("check", "components.yaml:3:11: cards[0].name: must be text, got a list (put quotes around it)"),
    "edges-not-a-mapping": ("check", "components.yaml:3:12: cards[0].edges: must be a mapping of keys, got 5"),
    "id-is-a-boolean": (
        "check",
        "components.yaml:2:9: cards[0].id: must be lowercase letters, digits and dashes, got true",
    ),
    "absolute-art-path": (
        "check",
        "components.yaml:3:10: cards[0].art: '/etc/passwd' points outside the pack "
        "folder (keep art files inside the pack, e.g. art/)",
    ),
    "truncated-png": (
        "check",
        "components.yaml:3:10: cards[0].art: art file 'art/ember.png' is not an image "
        "printkit can read (save it as PNG or JPEG)",
    ),
    "png-bomb": (
        "check",
        "components.yaml:3:10: cards[0].art: art file 'art/bomb.png' is too large to print (more than "
        "179 megapixels); at most 50 megapixels are allowed (300 pixels per inch is enough for print: 744 x "
        "1039 pixels for a poker card)",
    ),
    "svg-with-entities": (
        "check",
        "components.yaml:3:10: cards[0].art: art file 'art/ember.svg' is not an image "
        "printkit can read (save it as PNG or JPEG)",
    ),
    "font-not-a-font": (
        "check",
        "pack.yaml:4:22: fonts.display.regular: font file 'fonts/Glow.ttf' is not a TrueType or OpenType font "
        "printkit can embed (give a .ttf file whose licence allows embedding)",
    ),
    "font-outside-pack": (
        "check",
        "pack.yaml:4:22: fonts.display.regular: '../Glow.ttf' points outside the pack folder (keep font files "
        "inside the pack, e.g. fonts/)",
    ),
    "font-missing": (
        "check",
        "pack.yaml:4:22: fonts.display.regular: font file 'fonts/Glw.ttf' does not exist (did you mean "
        "'fonts/Glow.ttf'?)",
    ),
    "locale-font-not-a-locale": (
        "check",
        "pack.yaml:6:28: locale_fonts.fa: 'fa' is not one of the pack's locales (add fa to locales:)",
    ),
    "locale-font-unknown-family": (
        "check",
        "pack.yaml:6:20: locale_fonts.ja: 'japanes' is not one of the pack's font families (did you mean 'japanese'?)",
    ),
    "font-without-licence": (
        "check",
        "pack.yaml:4:12: fonts.display: font family 'display' needs its licence file (add licence: the licence "
        "file that came with the font, e.g. fonts/OFL.txt for the SIL Open Font License)",
    ),
    "font-licence-missing": (
        "check",
        "pack.yaml:4:47: fonts.display.licence: licence file 'fonts/OFL.txt' does not exist",
    ),
    "font-licence-spelt-license": (
        "check",
        "pack.yaml:4:38: fonts.display.license: unknown key 'license' (did you mean 'licence'?)",
    ),
    "font-family-named-sans": (
        "check",
        "pack.yaml:4:9: fonts.sans: 'sans' is one of printkit's own font families (give the pack's family "
        "another name)",
    ),
    "font-family-named-as-a-style": (
        "check",
        "pack.yaml:4:17: fonts.display-bold: a font family's name cannot end in '-bold' (a look writes "
        "'display-bold' for the bold style of 'display')",
    ),
    "list-not-a-mapping": (
        "list",
        "decks/list.yaml:1:1: must be a mapping of keys, got a list (start with 'pack: PACK-ID')",
    ),
    "list-without-pack": ("list", "decks/list.yaml:1:1: a list must name its pack: 'pack: PACK-ID'"),
    "list-pack-is-a-path": (
        "list",
        "decks/list.yaml:1:7: pack: must be a pack id: must be lowercase letters, digits and dashes, got "
        "'../../../../etc' (for example 'etc')",
    ),
    "list-zero-copies": (
        "list",
        "decks/list.yaml:3:10: cards.ember: copies must be a whole number from 1 to 1000000, got 0",
    ),
    "list-unknown-component": (
        "list",
        "decks/list.yaml:3:3: cards.embr: no component 'embr' in this pack (did you mean 'ember'?)",
    ),
    "list-section-is-text": (
        "list",
        "decks/list.yaml:2:8: cards: must be a mapping of ids to copies or a list of ids, got 'ember'",
    ),
    "list-bad-rotation": (
        "list",
        "decks/list.yaml:3:36: tiles[0].rotation: must be 0, 90, 180 or 270 (degrees clockwise), got 45 "
        "(tiles turn in 90° steps on a square board)",
    ),
    "po-broken-header": (
        "i18n",
        "locales/de/LC_MESSAGES/po-broken-header.po:2:1: end-of-line within string "
        "(close the string with a quote; check it with msgfmt -c)",
    ),
    "po-placeholder-mismatch": (
        "i18n",
        "locales/de/LC_MESSAGES/po-placeholder-mismatch.po:14:1: card:ember/text: "
        "placeholders differ from the English: lost [fire] (keep every {name}, [icon] and ▶ "
        "of the English text)",
    ),
    "po-untranslated": (
        "strict",
        "locales/de/LC_MESSAGES/po-untranslated.po:10:1: card:ember/name: not translated "
        "to de yet (translate it, or build without --strict to get a marked draft)",
    ),
    "rulebook-unknown-placeholder": (
        "check",
        "rulebook.yaml:4:9: sections[0].blocks[0].text: '{count:cardz}' names "
        "nothing in this pack (e.g. {count:cards}, {count:tiles/island} or "
        "{count:COMPONENT-ID})",
    ),
    "rulebook-unknown-figure": (
        "check",
        "rulebook.yaml:4:25: sections[0].blocks[0].figure.show[0]: no component "
        "'embr' in this pack (did you mean 'ember'?)",
    ),
    "rulebook-block-of-two-kinds": (
        "check",
        "rulebook.yaml:4:9: sections[0].blocks[0]: a block is one of text, "
        "items, steps, tip, figure, components or explain, not text and tip together",
    ),
    "printed-square-off-board": (
        "check",
        "components.yaml:5:18: boards[0].printed[0].square: square 5 is not on the board; its squares are 1 to 4",
    ),
    "hex-board-printed": (
        "check",
        "components.yaml:5:7: boards[0].printed: printed terrain is for square boards; a hex board prints none "
        "(lay terrain tiles on its cells instead)",
    ),
    "hex-grid-unknown-key": (
        "check",
        "components.yaml:2:67: boards[0].grid.square: unknown key 'square' (known keys: shape, columns, rows, "
        "numbered, orientation, size)",
    ),
    "hex-grid-as-text": ("check", "components.yaml:3:11: boards[0].grid: must be a mapping of keys, got 'hex'"),
    "hex-board-too-large": (
        "check",
        "components.yaml:2:5: boards[0]: the board would be 2037x459.446mm; at most 2000mm a side (use fewer or "
        "smaller cells, or a narrower margin)",
    ),
    "rulebook-hex-figure-rotation": (
        "check",
        "rulebook.yaml:4:73: sections[0].blocks[0].figure.place[0].rotation: must be 0, 60, 120, 180, 240 or 300 "
        "(degrees clockwise), got 45 (tiles turn in 60° steps on a hex board)",
    ),
    "rulebook-square-figure-rotation": (
        "check",
        "rulebook.yaml:4:70: sections[0].blocks[0].figure.place[0].rotation: must be 0, 90, 180 or 270 "
        "(degrees clockwise), got 60 (tiles turn in 90° steps on a square board)",
    ),
    "rulebook-square-tile-on-hex-board": (
        "check",
        "rulebook.yaml:4:43: sections[0].blocks[0].figure.place[0].id: 'grove' is a square tile; board 'map' takes "
        "flat hex tiles",
    ),
    "rulebook-hex-cell-off-board": (
        "check",
        "rulebook.yaml:4:55: sections[0].blocks[0].figure.place[0].cell: cell 0403 is not on the board; its cells "
        "are 0101 to 0302",
    ),
    "rulebook-square-figure-on-hex-board": (
        "check",
        "rulebook.yaml:4:57: sections[0].blocks[0].figure.place[0].square: a hex board has no squares (place it "
        "with 'cell')",
    ),
    "spaces-on-missing-terrain": (
        "check",
        "components.yaml:4:20: tiles[0].spaces.city: no edge shows city (its edges show clouds, woods)",
    ),
    "template-syntax-error": (
        "build",
        "templates/rulebook.html.j2:3:1: template error: Unexpected end of template. "
        "Jinja was looking for the following tags: 'endfor' or 'else'. The innermost block "
        "that needs to be closed is 'for'.",
    ),
    "template-unknown-name": ("build", "templates/rulebook.html.j2:2:1: template error: 'no_such_thing' is undefined"),
}


def _command(kind: str, case: str, out: Path) -> list[str]:
    pack = f"{BAD}/{case}"
    return {
        "check": ["check", pack],
        "list": ["check", f"{pack}/decks/list.yaml"],
        "i18n": ["i18n", "check", pack],
        "strict": ["build", pack, "--strict", "--out", str(out)],
        "build": ["build", pack, "--out", str(out)],
    }[kind]


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_input_fails_with_one_clear_line(run, tmp_path, case):
    kind, expected = CASES[case]
    start = time.monotonic()
    code, _, err = run(*_command(kind, case, tmp_path / "out"))
    assert time.monotonic() - start < 10
    assert (code, err.splitlines()) == (1, [f"{BAD}/{case}/{expected}", "1 problem found"])
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("case", sorted(p.name for p in Path(BAD).iterdir() if not (p / "decks").is_dir()))
def test_a_bad_pack_never_builds_anything(run, tmp_path, case):
    code, _, err = run("build", f"{BAD}/{case}", "--strict", "--out", tmp_path / "out")
    assert code == 1 and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_every_case_of_the_corpus_has_its_whole_message_asserted():
    """Here, in test_loader_errors.py or in test_rules.py: a fixture no test reads proves nothing."""
    from test_loader_errors import CASES as LOADER_CASES
    from test_rules import RULE_SET_PROBLEMS

    assert sorted(p.name for p in Path(BAD).iterdir()) == sorted({*CASES, *LOADER_CASES, *RULE_SET_PROBLEMS})


def _pack(tmp_path: Path, components: str | bytes) -> Path:
    root = tmp_path / "gen"
    root.mkdir()
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\n")
    path = root / "components.yaml"
    path.write_bytes(components if isinstance(components, bytes) else components.encode())
    return root


def test_a_ten_megabyte_string_is_refused_at_once(run, tmp_path):
    root = _pack(tmp_path, b"cards:\n  - id: ember\n    text: " + b"x" * (10 * 1024 * 1024) + b"\n")
    start = time.monotonic()
    code, _, err = run("check", root)
    assert time.monotonic() - start < 5
    assert (code, err.splitlines()) == (
        1,
        [f"{root}/components.yaml:1:1: file is 10240 KiB; at most 5120 KiB allowed", "1 problem found"],
    )


def test_deeply_nested_yaml_is_refused(run, tmp_path):
    root = _pack(tmp_path, "cards: " + "[" * 500 + "]" * 500 + "\n")
    code, _, err = run("check", root)
    assert (code, err.splitlines()) == (
        1,
        [f"{root}/components.yaml:1:72: values are nested more than 64 levels deep", "1 problem found"],
    )


def test_art_linked_from_outside_the_pack_is_refused(run, tmp_path):
    root = _pack(tmp_path, "cards:\n  - id: ember\n    art: art/ember.png\n")
    (root / "art").mkdir()
    (root / "art" / "ember.png").symlink_to("/etc/passwd")
    code, _, err = run("check", root)
    assert (code, err.splitlines()) == (
        1,
        [
            f"{root}/components.yaml:3:10: cards[0].art: art file 'art/ember.png' "
            "is a link to a file outside the pack folder; printkit reads only "
            "files inside the pack (copy the file into the pack instead of "
            "linking to it)",
            "1 problem found",
        ],
    )


@pytest.mark.parametrize("case", ["billion-laughs", "png-bomb", "deeply-nested"])
def test_bombs_stay_within_bounded_memory_and_time(tmp_path, case):
    """Run in a process that may not grow past 2 GiB of address space, nor take more than 20 s."""
    import resource
    import subprocess
    import sys

    if case == "deeply-nested":
        root = _pack(tmp_path, "cards: " + "[" * 100_000 + "]" * 100_000 + "\n")
        expected = f"{root}/components.yaml:1:72: values are nested more than 64 levels deep"
    else:
        root = Path(BAD) / case
        expected = f"{root}/{CASES[case][1]}"

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    result = subprocess.run(
        [sys.executable, "-m", "printkit", "check", str(root)],
        capture_output=True,
        text=True,
        timeout=20,
        preexec_fn=limit,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert (result.returncode, result.stderr.splitlines()) == (1, [expected, "1 problem found"])
