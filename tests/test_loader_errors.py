"""The loader beyond its fixture cases (tests/fixtures/bad/*/expected.out, run by
test_fixture_messages.py): every problem at once, a traceback only for printkit's own errors, and
positions that are never made up."""

import pytest


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
        "printkit: internal error: RuntimeError('boom') (run `printkit schema --debug` to see where, and report it)\n",
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
