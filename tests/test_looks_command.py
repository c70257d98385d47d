"""`printkit looks list|show|widgets` and `printkit schema looks`: the looks there are and who uses
them, a look's YAML that a pack can take over under a new id, and the schema of looks files."""

import json

import pytest
from conftest import loaded_pack

from printkit.base.shapes import Text
from printkit.content.components.boards import Board
from printkit.content.components.rulers import Ruler
from printkit.content.components.sheets import Sheet
from printkit.content.looks import ELEMENT_KINDS, WIDGETS, builtin_looks, merged
from printkit.content.read import load_checked
from printkit.faces.looks import look_of
from printkit.faces.paint import LookContext

PACK_YAML = """id: kit
title: Kit
looks:
  plain-board:
    extends: board
    hide: [title]
"""

LOOKS_FILE = """# the kit's own looks
banner-board:
  extends: board
  front:
    - text: {id: banner, text: "{name}", box: [0, 0, 100%, 6mm], size: 9}
"""

COMPONENTS = """boards:
  - {id: arena, name: Arena, look: banner-board, grid: {columns: 2, rows: 2, square: 30mm}}
  - {id: yard, look: plain-board, grid: {columns: 1, rows: 1, square: 30mm}}
  - {id: field, grid: {columns: 1, rows: 1, square: 30mm}}
"""


@pytest.fixture
def kit(tmp_path):
    root = tmp_path / "kit"
    (root / "looks").mkdir(parents=True)
    (root / "pack.yaml").write_text(PACK_YAML)
    (root / "looks" / "banners.yaml").write_text(LOOKS_FILE)
    (root / "boards.yaml").write_text(COMPONENTS)
    return root


def _rows(out: str) -> dict[str, list[str]]:
    """A listing's lines by look id, split at the runs of spaces between its columns."""
    return {line.split()[0]: [cell for cell in line.split("  ") if cell] for line in out.splitlines()}


def test_looks_list_names_the_built_in_looks_and_their_file(run):
    code, out, err = run("looks", "list")
    rows = _rows(out)
    assert (code, err) == (0, "") and set(rows) == set(builtin_looks())
    assert [cell.strip() for cell in rows["board"]] == ["board", "printkit:looks/boards.yaml"]
    assert [cell.strip() for cell in rows["chip"]] == ["chip", "printkit:looks/tokens.yaml", "extends token"]


def test_looks_list_of_a_pack_says_where_its_looks_are_declared_and_who_uses_each(run, kit, monkeypatch):
    monkeypatch.chdir(kit.parent)
    code, out, err = run("looks", "list", "kit")
    rows = {look_id: [cell.strip() for cell in cells] for look_id, cells in _rows(out).items()}
    assert (code, err) == (0, "")
    assert rows["plain-board"] == ["plain-board", "kit/pack.yaml:4:3", "extends board", "used by yard"]
    assert rows["banner-board"] == ["banner-board", "kit/looks/banners.yaml:2:1", "extends board", "used by arena"]
    assert rows["board"] == ["board", "printkit:looks/boards.yaml", "used by arena, yard, field"]  # through extends too
    assert rows["ruler"] == ["ruler", "printkit:looks/boards.yaml", "not used"]


def test_looks_list_counts_the_users_past_the_first_six(tmp_path, capsys):
    from printkit.commands.look_listing import listing

    boards = "".join(f"  - {{id: b{n}, grid: {{columns: 1, rows: 1, square: 20mm}}}}\n" for n in range(1, 9))
    pack = loaded_pack(tmp_path, "", "boards:\n" + boards)
    (line,) = [line for line in listing(pack) if line.startswith("board ")]
    assert line.endswith("used by b1, b2, b3, b4, b5, b6 and 2 more")


def test_looks_of_a_pack_that_is_not_there_is_a_usage_error(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("looks", "list", "nowhere") == (
        2,
        "",
        "printkit: 'nowhere' is not a pack: no pack.yaml there or under content/ (no packs under ./content)\n",
    )


@pytest.mark.parametrize(
    "look_id,message",
    [
        ("bord", "printkit: unknown look 'bord' (did you mean 'board'?)\n"),
        ("zigzag", "printkit: unknown look 'zigzag' (printkit looks list names them)\n"),
    ],
)
def test_looks_show_of_an_unknown_look_is_a_usage_error_naming_the_closest(run, look_id, message):
    assert run("looks", "show", look_id) == (2, "", message)


def test_looks_show_needs_an_id(run):
    assert run("looks", "show") == (
        2,
        "",
        "printkit: the following arguments are required: ID (see 'printkit looks show --help')\n",
    )


def test_looks_show_of_a_pack_look_prints_it_as_written(run, kit, monkeypatch):
    monkeypatch.chdir(kit.parent)
    code, out, err = run("looks", "show", "plain-board", "--pack", "kit")
    assert (code, err) == (0, "")
    assert out == (
        "# the look 'plain-board', from kit/pack.yaml:4:3.\n"
        "# Its first elements are those of 'board' (printkit looks show board).\n"
        "plain-board:\n"
        "  extends: board\n"
        "  hide: [title]\n"
    )
    assert run("looks", "show", "banner-board")[0] == 2  # a pack's look is shown only with --pack


def _copy(run, look_id: str) -> str:
    """`printkit looks show ID` with the look's id renamed copy-ID, as a user saves it."""
    code, out, err = run("looks", "show", look_id)
    assert (code, err) == (0, "") and out.startswith(f"# printkit's built-in look '{look_id}'")
    assert out.count(f"\n{look_id}:\n") == 1
    return out.replace(f"\n{look_id}:\n", f"\ncopy-{look_id}:\n")


def test_every_built_in_look_shown_and_renamed_loads_as_a_pack_look_with_the_same_elements(run, tmp_path):
    root = tmp_path / "kit"
    (root / "looks").mkdir(parents=True)
    (root / "pack.yaml").write_text("id: kit\ntitle: Kit\n")
    (root / "boards.yaml").write_text("boards:\n  - {id: b, grid: {columns: 1, rows: 1, square: 20mm}}\n")
    for look_id in builtin_looks():
        (root / "looks" / f"{look_id}.yaml").write_text(_copy(run, look_id))
    (pack,) = load_checked([root])
    for look_id in builtin_looks():
        assert pack.looks[f"copy-{look_id}"].file.endswith(f"kit/looks/{look_id}.yaml")
        assert merged(pack.looks, f"copy-{look_id}") == merged(pack.looks, look_id)


def _fronts(pack, component_id: str):
    """The fronts of a component drawn with its built-in look and of its twin `copy-ID` drawn with the copy."""
    drawn = []
    for component in pack.components:
        if component.id == component_id or component.id == f"copy-{component_id}":
            look = look_of(pack, component)
            ctx = LookContext(pack, "en")
            drawn.append(look.front(ctx, component, look.size(component, pack)))
            assert ctx.problems == []
    return drawn


def test_a_copied_board_sheet_and_ruler_look_draws_as_the_built_in_one(run, tmp_path):
    components = {
        "board": "{title: Arena, grid: {columns: 2, rows: 1, square: 30mm}}",
        "sheet": "{title: Scores, size: 120x90mm, columns: [Name, Points], rows: 3, text: Add them up.}",
        "ruler": "{name: Range, length: 4in, marks: [2in, 4in]}",
    }
    root = tmp_path / "kit"
    (root / "looks").mkdir(parents=True)
    (root / "pack.yaml").write_text("id: kit\ntitle: Kit\n")
    lines = []
    for kind, values in components.items():
        (root / "looks" / f"{kind}.yaml").write_text(_copy(run, kind))
        lines += [
            f"{kind}s:",
            f"  - {{id: {kind}, {values[1:]}",
            f"  - {{id: copy-{kind}, look: copy-{kind}, {values[1:]}",
        ]
    (root / "pieces.yaml").write_text("\n".join(lines) + "\n")
    (pack,) = load_checked([root])
    assert {type(c) for c in pack.components} == {Board, Sheet, Ruler}
    for kind in components:
        builtin, copied = _fronts(pack, kind)
        assert copied == builtin and any(isinstance(shape, Text) for shape in copied)


def test_looks_widgets_lists_each_widget_with_what_it_draws(run):
    code, out, err = run("looks", "widgets")
    lines = out.splitlines()
    assert (code, err, len(lines)) == (0, "", len(WIDGETS))
    for line, (name, description) in zip(lines, WIDGETS.items(), strict=True):
        assert line.split("  ")[0] == name and line.endswith(f"  {description}")


def _refs(node) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if "$ref" in node else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in _refs(value)]
    return []


@pytest.mark.slow
def test_schema_looks_is_a_json_schema_of_looks_files_with_field_docs(run):
    code, out, err = run("schema", "looks")
    schema = json.loads(out)
    assert (code, err) == (0, "")
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema" and schema["type"] == "object"
    (look_def,) = schema["patternProperties"].values()  # look ids, each a look
    assert look_def == {"$ref": "#/$defs/LookDef"}
    defs = schema["$defs"]
    assert all(ref.removeprefix("#/$defs/") in defs for ref in _refs(schema))  # every reference resolves
    element = defs["LookElement"]
    assert (element["minProperties"], element["maxProperties"]) == (1, 1)  # one key: its kind
    for kind, spec in ELEMENT_KINDS.items():
        assert {"$ref": f"#/$defs/{spec.__name__}"} in element["properties"][kind]["anyOf"]
        for name, prop in defs[spec.__name__]["properties"].items():
            assert prop.get("description"), f"{spec.__name__}.{name} has no description"
    assert defs["LookDef"]["properties"]["extends"]["description"].startswith("A look whose elements come first")
    assert defs["WidgetSpec"]["properties"]["name"]["enum"] == list(WIDGETS)
    assert defs["LineSpec"]["properties"]["from"]["description"] == "Where the line starts, [x, y] inside the box."
    assert defs["GroupSpec"]["properties"]["footer"]["type"] == "boolean"
