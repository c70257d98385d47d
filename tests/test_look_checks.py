"""One tiny pack per way a look can be wrong; each asserts the whole line the user reads."""

import pytest
from conftest import KNOWN_ICONS

from printkit.content.looks import COMPUTED_VALUES, builtin_looks, walk
from printkit.content.looks import TextSpec as TextElement
from printkit.content.markup import has_words
from printkit.content.pack_meta import BUILT_IN_FONT_FAMILIES, FONT_STYLES

BAD = "tests/fixtures/looks/bad"

UNTRANSLATED = (
    "prints a value as written in the YAML, which no catalog translates (print a text or a number instead, e.g. "
    "{name} or {stats.attack}; a field of type text is translated)"
)
CASES = {
    "image-from-a-name": "pack.yaml:6:24: looks.plain.front[0].image.image: '{name}' is not an image of the "
    "component (name a file of the pack, {art}, or a field of type image: {data.NAME})",
    "hide-names-no-element": "pack.yaml:6:12: looks.plain.hide[0]: 'badgez' is the id of no element of 'card' "
    "(did you mean 'badges' or 'badges-row'?)",
    "field-named-without-data": "pack.yaml:8:22: looks.plain.front[0].text.text: {glow} names no value of the cards "
    "using this look (did you mean 'data.glow'?)",
    "field-declaration-part-unknown": "pack.yaml:8:22: looks.plain.front[0].text.text: {fields.glow.lable} names no "
    "part of a field's declaration (did you mean 'label'?)",
    "tile-look-on-a-card": "components.yaml:4:11: cards[0].look: 'hex-tile' is a look for tiles; 'ripple' is a card "
    "(give it a look for cards, e.g. 'card')",
    "terrain-widget-on-a-card": "pack.yaml:6:24: looks.plain.front[0].widget.name: the terrain widget draws tiles; "
    "'ripple' is a card (place it in a look for tiles)",
    "unknown-look": "components.yaml:4:11: cards[0].look: 'plian' is neither a look of the pack nor one of "
    "printkit's (did you mean 'plain'?)",
    "unknown-default-look": "pack.yaml:4:18: defaults.looks.cards: 'plian' is neither a look of the pack nor one of "
    "printkit's (did you mean 'plain'?)",
    "defaults-looks-key-not-a-section": "pack.yaml:4:11: defaults.looks.card: 'card' is not a component section "
    "(did you mean 'cards' or 'boards'?)",
    "extends-unknown": "pack.yaml:5:14: looks.plain.extends: extends 'crad', which is neither a look of the pack "
    "nor one of printkit's (did you mean 'card'?)",
    "extends-cycle": "pack.yaml:5:14: looks.plain.extends: extends goes round in a circle: plain → fancy → plain "
    "(a look may extend another, but never one that extends it)",
    "undeclared-data-field": "pack.yaml:6:22: looks.plain.front[0].text.text: {data.nope} names no field the pack "
    "declares (declare it in pack.yaml under fields:)",
    "unknown-stat": "pack.yaml:8:37: looks.plain.front[0].repeat.count: {stats.powr} names no value of the cards "
    "using this look (did you mean 'stats.power'?)",
    "unknown-value-in-colour": "pack.yaml:6:22: looks.plain.front[0].rect.fill: {nonsense} names no value of the "
    "cards using this look (name a key the component has, e.g. name, element.color or design.title)",
    "when-on-another-kinds-value": "pack.yaml:6:22: looks.plain.front[0].text.when: 'reverse' names no value of the "
    "cards using this look (name a key the component has, e.g. name, element.color or design.title)",
    "unknown-registry-value": "pack.yaml:6:22: looks.plain.front[0].text.text: {design.titel} names no value of the "
    "cards using this look (did you mean 'design.title' or 'design.subtitle'?)",
    "unknown-icon-value": "pack.yaml:6:22: looks.plain.front[0].icon.icon: {element.icn} names no value of the "
    "cards using this look (did you mean 'element.icon' or 'element.name'?)",
    "group-of-naming-nothing": "pack.yaml:6:21: looks.plain.front[0].group.of: 'bak' names no value of the cards "
    "using this look (did you mean 'back'?)",
    "unknown-icon": "pack.yaml:6:22: looks.plain.front[0].icon.icon: 'stra' is not one of printkit's icons (did you "
    "mean 'star'?)",
    "icon-like-no-other": "pack.yaml:6:22: looks.plain.front[0].icon.icon: 'dragon' is not one of printkit's icons "
    f"({KNOWN_ICONS})",
    "icon-from-a-text-field": "components.yaml:5:19: cards[0].data.sigil: 'fier' is not one of printkit's icons "
    "(did you mean 'fire' or 'river'?)",
    "missing-image": "pack.yaml:6:24: looks.plain.front[0].image.image: art file 'art/logo.png' does not exist",
    "count-not-a-number": "pack.yaml:6:37: looks.plain.front[0].repeat.count: must be a whole number or a "
    "placeholder for one, got 'many'",
    "box-outside-the-trim": "pack.yaml:6:21: looks.plain.front[0].rect.box: the box reaches past the 63x88mm trim "
    "of card 'ember': it spans 50 to 70 mm across and 4 to 14 mm down",
    "unknown-font": "pack.yaml:6:38: looks.plain.front[0].text.font: font 'sans-blod' is neither printkit's nor one "
    "the pack declares (did you mean 'sans-bold' or 'sans-bold-italic'?)",
    "duplicate-look-id": f"looks/more.yaml:1:1: plain: look 'plain' is already declared at {BAD}/duplicate-look-id/"
    "pack.yaml:4 (give one of them another id)",
    "look-reuses-a-builtin-id": "pack.yaml:4:3: looks.chip: 'chip' is a built-in look (give yours another id; it "
    "may say extends: chip)",
    "unknown-element-kind": "pack.yaml:6:9: looks.plain.front[0]: unknown element 'rectangle' (did you mean 'rect'?)",
    "unknown-widget": "pack.yaml:6:17: looks.plain.front[0].widget: unknown widget 'stat' (did you mean 'stats'?)",
    "box-of-three-measures": "pack.yaml:6:21: looks.plain.front[0].rect.box: must be [x, y, width, height], four "
    "measures, got 3 values (e.g. [5mm, 40mm, 50mm, 10mm] or [10%, 0%, 80%, 25%], from the top-left corner)",
    "colour-function-missing-its-share": "pack.yaml:6:22: looks.plain.front[0].rect.fill: tint takes a colour and a "
    "share, e.g. tint({color}, 80%); got 'tint({color})' (separate them with commas)",
    "text-prints-an-id": "pack.yaml:6:22: looks.plain.front[0].text.text: 'id' in {name|id} " + UNTRANSLATED,
    "text-prints-a-choice": "pack.yaml:8:22: looks.plain.front[0].text.text: {data.speed} " + UNTRANSLATED,
    "text-prints-true-or-false": "pack.yaml:8:22: looks.plain.front[0].text.text: {data.rare} " + UNTRANSLATED,
    "capitalised-placeholder": "pack.yaml:6:22: looks.plain.front[0].text.text: '{Name}' is not a placeholder (a "
    "placeholder names a value in lowercase: {name}, {data.glow} or {stats.attack}; {{ for a brace)",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_check_prints_the_whole_message(run, case):
    code, out, err = run("check", f"{BAD}/{case}")
    assert code == 1
    assert err.splitlines() == [f"{BAD}/{case}/{CASES[case]}", "1 problem found"]


UNUSED = (
    f"printkit: warning: {BAD}/unused-look/pack.yaml:7:3: looks.spare: look 'spare' is used by no component "
    "(name it in a component's look: or in defaults.looks, or delete it)"
)


def test_a_look_no_component_uses_is_a_warning_of_check(run):
    code, out, err = run("check", f"{BAD}/unused-look")
    assert code == 0
    assert err.splitlines() == [UNUSED]
    assert out == "1 pack checked: unused-look (1 component)\n"


def test_a_look_no_component_uses_is_a_warning_of_build(run, tmp_path):
    code, _, err = run("build", f"{BAD}/unused-look", "--out", tmp_path, "--no-rulebooks", "-q")
    assert code == 0
    assert err.splitlines() == [UNUSED]
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
    from printkit.faces.face import COMPUTED
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
