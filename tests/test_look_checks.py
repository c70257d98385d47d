"""Looks' checks beyond their fixture cases (tests/fixtures/looks/bad/*/expected.out, run by
test_fixture_messages.py): a look unused, values followed through every kind using a look, and the
built-in names and looks."""

import pytest
from test_fixture_messages import expected

from printkit.content.looks import COMPUTED_VALUES, builtin_looks, walk
from printkit.content.looks import TextSpec as TextElement
from printkit.content.markup import has_words
from printkit.content.pack_meta import BUILT_IN_FONT_FAMILIES, FONT_STYLES

BAD = "tests/fixtures/looks/bad"


def test_a_look_no_component_uses_is_a_warning_of_build(run, tmp_path):
    code, _, err = run("build", f"{BAD}/unused-look", "--out", tmp_path, "--no-rulebooks", "-q")
    assert code == 0
    assert err == expected(f"{BAD}/unused-look")[0].stderr  # the warning `check` prints
    assert (tmp_path / "unused-look" / "unused-look-components-en-a4.pdf").is_file()


def test_a_look_is_checked_against_the_values_of_each_kind_that_uses_it(tmp_path):
    """{label} is a chip's, {text} a card's: a look both use may name either; registry entries behind
    a field (a tile's edges) and a group's `of:` are followed."""
    from conftest import loaded_pack

    pack = loaded_pack(
        tmp_path,
        "terrains: {sea: {name: Sea, color: '#2255aa'}}\n"
        "looks:\n  both:\n    front:\n"
        "      - text: {text: '{label|text}', box: [0, 0, 100%, 50%]}\n"
        "      - group: {of: back, when: back, elements: [{text: {text: '{label}'}}]}\n"
        "      - text: {when: edges.top, text: '{edges.top.name}', font: serif-bold}\n",
        "cards:\n  - {id: a, look: both, text: Hi}\nchips:\n  - {id: b, look: both, label: Go}\n"
        "tiles:\n  - {id: c, look: both, edges: {top: sea, right: sea, bottom: sea, left: sea}}\n",
    )
    assert pack.warnings == []


def test_builtin_names_in_content_are_those_faces_implement():
    from printkit.content.values import COMPUTED
    from printkit.faces.fonts import FONTS

    assert set(FONTS) == {family + style for family in BUILT_IN_FONT_FAMILIES for style in FONT_STYLES.values()}
    assert COMPUTED.keys() == COMPUTED_VALUES.keys()


def test_builtin_looks_hold_no_words_to_translate():
    """Only a pack's own looks are in its catalog: printkit's must print values, not English words."""
    worded = [
        (look_id, path)
        for look_id, declared in builtin_looks().items()
        for side in ("front", "back")
        for path, spec, _ in walk(getattr(declared.look, side), (side,))
        if isinstance(spec, TextElement) and has_words(spec.text.source)
    ]
    assert worded == []


KINDS_PACK = "resources: {wood: {name: Wood, color: '#8a5a2b'}}\nterrains: {sea: {name: Sea, color: '#2255aa'}}\n"
KINDS = (
    "tiles:\n  - {id: t, look: mine, edges: {top: sea, right: sea, bottom: sea, left: sea}, cost: {wood: 1},\n"
    "     reverse: {edges: {top: sea, right: sea, bottom: sea, left: sea}}}\n"
    "boards:\n  - {id: b, look: mine, grid: {columns: 2, rows: 2, square: 20mm}}\n"
)


@pytest.mark.parametrize(
    "path, names_something",
    [
        ("grid.columns", True),  # a member of the board's grid union
        ("grid.nope", False),
        ("cost.wood", True),  # a mapping keyed by a registry: its ids
        ("cost.stone", False),
        ("reverse.edges.top.name", True),  # a nested model, then a registry entry
        ("design.title", True),  # a computed value that is a registry entry
        ("color.name", False),  # a computed plain value has no parts
        ("edges.top.color", True),
    ],
)
def test_a_path_is_followed_through_models_registries_and_mappings(tmp_path, path, names_something):
    from conftest import loaded_pack

    from printkit.base.errors import Problems

    look = f"looks:\n  mine:\n    front:\n      - text: {{when: {path}, text: '{{name}}'}}\n"
    if names_something:
        loaded_pack(tmp_path, KINDS_PACK + look, KINDS)
        return
    with pytest.raises(Problems) as raised:
        loaded_pack(tmp_path, KINDS_PACK + look, KINDS)
    assert [p.message for p in raised.value.problems] == [
        f"'{path}' names no value of the tiles and boards using this look"
    ]
