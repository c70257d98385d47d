"""One tiny pack per way a pack can be wrong; each asserts the whole line the user reads."""

import pytest
from conftest import KNOWN_ICONS

BAD = "tests/fixtures/bad"

CASES = {
    "bad-type": "components.yaml:3:48: cards[0].edges.left: must be a whole number from 0 to 9, got 'x'",
    "unknown-key": "components.yaml:3:5: cards[0].colour: unknown key 'colour' (did you mean 'color'?)",
    "unknown-section": "components.yaml:1:1: card: unknown key 'card' (did you mean 'cards' or 'boards'?)",
    "missing-field": "components.yaml:2:5: boards[0]: missing required key 'grid'",
    "duplicate-id": "components.yaml:6:9: chips[0].id: id 'ember' is already used by the card at "
    f"{BAD}/duplicate-id/components.yaml:2 (ids must be unique in a pack)",
    "duplicate-key": "components.yaml:4:5: cards[0].name: key 'name' appears twice in this mapping; first on line 3 "
    "(remove or rename one of them)",
    "dangling-reference": "components.yaml:3:14: cards[0].element: 'fier' is not declared in pack.yaml elements "
    "(did you mean 'fire'?)",
    "bad-unit": "components.yaml:3:11: cards[0].size: unknown unit 'px' in '63px' (use mm, cm, in or pt)",
    "unknown-size-preset": "components.yaml:3:11: cards[0].size: must be a size like 63x88mm, 2.5in x 3.5in or a "
    "preset name; got 'pokr' (did you mean 'poker'?)",
    "negative-count": "components.yaml:3:12: cards[0].count: must be a whole number from 0 to 10000, got -2",
    "yaml-syntax": "components.yaml:4:7: YAML syntax error: did not find expected ',' or '}' while parsing a flow "
    "mapping that starts at line 3 (check the brackets, quotes and indentation just before this point)",
    # an unquoted ',' or ': ' in a text: the hint to quote it, with the user's own key and text
    "comma-in-braced-text": "components.yaml:2:40: cards[0].then discard 1: unknown key 'then discard 1' (',' inside "
    '{...} ends a text; put the text in quotes: text: "Draw 2, then discard 1")',
    # a key right after a text of words on its line, unknown and close to no known key: maybe cut from the text
    "comma-before-a-key-in-braced-text": "components.yaml:1:43: cards[0].then: unknown key 'then' (',' inside {...} "
    'ends a text; put the text in quotes: text: "Draw 2, then: discard 1")',
    # but a misspelt key there is the misspelling
    "misspelt-key-after-braced-text": "components.yaml:1:33: cards[0].txet: unknown key 'txet' (did you mean 'text'?)",
    "comma-and-colon-in-braced-text": "components.yaml:2:40: cards[0].then discard: unknown key 'then discard' (',' "
    'inside {...} ends a text; put the text in quotes: text: "Draw 2, then discard: 1")',
    "colon-in-braced-text": "components.yaml:2:25: YAML syntax error: did not find expected ',' or '}' while parsing "
    "a flow mapping that starts at line 2 (': ' inside a text starts a key; put the text in quotes: "
    'name: "Fire: the burning")',
    "colon-in-text": "components.yaml:3:15: YAML syntax error: mapping values are not allowed in this context (': ' "
    'inside a text starts a key; put the text in quotes: name: "Fire: the burning")',
    "comma-and-colon-in-text": "components.yaml:4:31: YAML syntax error: mapping values are not allowed in this "
    "context (': ' inside a text starts a key; put the text in quotes: text: \"Draw 2, then discard: 1\")",
    "key-indented-under-text": "components.yaml:4:11: YAML syntax error: mapping values are not allowed in this "
    "context (check the brackets, quotes and indentation just before this point)",
    "tab-indent": "components.yaml:3:1: YAML syntax error: found a tab character that violates indentation while "
    "scanning a plain scalar that starts at line 2 (YAML indents with spaces, never tabs)",
    "non-utf8": "components.yaml:3:13: is not UTF-8 text: byte 0xfc cannot be read (save the file with UTF-8 encoding)",
    "empty-file": "components.yaml:1:1: file is empty (write at least one 'key: value' line, or delete the file)",
    "list-not-mapping": "components.yaml:1:1: must be a mapping of keys, got a list "
    "(write 'key: value' lines at the top level)",
    "missing-art": "components.yaml:3:10: cards[0].art: art file 'art/ember.png' does not exist",
    "art-not-an-image": "components.yaml:3:10: cards[0].art: art file 'art/ember.png' is not an image printkit can "
    "read (save it as PNG or JPEG)",
    "art-outside-pack": "components.yaml:3:10: cards[0].art: '../../../../README.md' points outside the pack folder "
    "(keep art files inside the pack, e.g. art/)",
    "bad-colour": "components.yaml:3:12: chips[0].color: must be a colour written '#rrggbb', like '#d94f2b', got 'red'",
    "bad-id": "components.yaml:2:9: cards[0].id: must be lowercase letters, digits and dashes, got 'Ember Fox' "
    "(for example 'ember-fox')",
    "pack-id-mismatch": "pack.yaml:1:5: id: must equal the pack folder's name 'pack-id-mismatch', got 'another-name'",
    "text-overflow": "components.yaml:4:11: cards[0].text: text of 'ember' overflows its 34.4 x 42.4 mm box by "
    "57.5 mm at 6 pt in locale en (shorten the text or give the component more room)",
    "missing-glyph": "components.yaml:3:11: cards[0].name: text of 'ember' needs glyphs the font 'sans-bold' lacks: "
    "'火' in locale en (use another character, or name a font that has it in pack.yaml: fonts:, and locale_fonts: for a language)",
    "unknown-inline-icon": "components.yaml:3:11: cards[0].text: text of 'ember' names an unknown icon '[fier]' in "
    "locale en (did you mean 'fire' or 'river'?)",
    "inline-icon-like-no-other": "components.yaml:3:11: cards[0].text: text of 'ember' names an unknown icon "
    f"'[dragon]' in locale en ({KNOWN_ICONS}; write \\[ for a plain bracket)",
    "rulebook-unknown-icon": "rulebook.yaml:4:9: sections[0].blocks[0].text: text names an unknown icon '[fier]' in "
    "locale en (did you mean 'fire' or 'river'?)",
    "edition-undeclared-locale": "pack.yaml:4:27: editions[1][1]: 'es' is not one of the pack's locales "
    "(add it to 'locales:', which has en, de, fr)",
    "edition-near-locale": "pack.yaml:4:17: editions[0][1]: 'pt-PT' is not one of the pack's locales "
    "(did you mean 'pt-BR'?)",
    "edition-locale-twice": "pack.yaml:4:21: editions[0][2]: 'en' is already in this edition (name each locale once)",
    "edition-empty": "pack.yaml:4:22: editions[1]: must name two or more locales, got none "
    "(every locale built has its own rulebook; an edition here is bilingual, e.g. [en, de])",
    "edition-one-locale": "pack.yaml:4:12: editions[0]: must name two or more locales, got 'fr' "
    "(every locale built has its own rulebook; an edition here is bilingual, e.g. [en, de])",
    "edition-repeated": "pack.yaml:4:32: editions[2]: repeats editions[0] (give each edition once)",
    "rulebook-explained-unknown-icon": "pack.yaml:4:30: abilities.rally.text: text names an unknown icon '[sheild]' in "
    "locale en (did you mean 'shield' or 'hill'?)",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_check_prints_the_whole_message(run, case):
    code, out, err = run("check", f"{BAD}/{case}")
    assert code == 1
    assert err.splitlines() == [f"{BAD}/{case}/{CASES[case]}", "1 problem found"]
    assert "Traceback" not in err


@pytest.mark.parametrize("case", sorted(CASES))
def test_build_of_a_bad_pack_writes_nothing(run, tmp_path, case):
    code, _, err = run("build", f"{BAD}/{case}", "--out", tmp_path)
    assert code == 1
    assert list(tmp_path.iterdir()) == []


def test_every_problem_of_a_pack_is_reported_at_once(run, tmp_path):
    pack = tmp_path / "many"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: many\ntitle: Many\n")
    (pack / "a.yaml").write_text("cards:\n  - id: one\n    count: lots\n  - id: two\n    nmae: Two\n")
    (pack / "b.yaml").write_text("chips:\n  - id: one\n    color: blue\n")
    code, _, err = run("check", pack)
    lines = err.splitlines()
    assert code == 1
    assert lines[-1] == "4 problems found"
    where = [line.split(": ", 1)[0].rsplit("/", 1)[-1] for line in lines[:-1]]
    # b.yaml's chip 'one' fails its model, and its id is taken by a.yaml's card, which fails too
    assert where == ["a.yaml:3:12", "a.yaml:5:5", "b.yaml:2:9", "b.yaml:3:12"]


def test_debug_shows_a_traceback_only_for_internal_errors(run, monkeypatch):
    from printkit.commands import schema

    def broken(args):
        raise RuntimeError("boom")

    monkeypatch.setattr(schema, "run", broken)
    assert run("schema") == (
        3,
        "",
        "printkit: internal error: RuntimeError('boom') (run again with --debug and report it)\n",
    )
    code, _, err = run("schema", "--debug")
    assert code == 3 and "Traceback" in err


def test_a_position_the_reader_did_not_record_is_a_bug_not_line_1():
    """The reader records the root of every file it read, so a path always finds a position; without
    one, an index gone wrong would place every message at line 1, in silence."""
    from pathlib import Path

    from printkit.content.source import SourceFile

    broken_index = ({("cards", 0): (2, 5)}, {})  # the root, (), missing
    source = SourceFile(Path("cards.yaml"), "cards.yaml", _positions=broken_index)
    assert source.position(("cards", 0, "name")) == (2, 5)
    with pytest.raises(KeyError):
        source.position(("tiles", 0))
    assert SourceFile(Path("empty.yaml"), "empty.yaml", _positions=({}, {})).position(("id",)) == (1, 1)
