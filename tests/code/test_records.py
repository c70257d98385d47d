"""The drawing's records (shapes, pieces, placements) are frozen to the type checker, which refuses
any assignment to one's field, and at run time equal and hashed by their fields."""

import os
from dataclasses import replace

from mypy import api

from printkit.base.shapes import Rect, Text


def test_the_type_checker_refuses_to_change_a_record(tmp_path):
    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        "from printkit.base.records import record\n\n\n@record\nclass Point:\n    x: float\n\n\n"
        "point = Point(1.0)\npoint.x = 2.0\n"
    )
    report, _, status = api.run(["--no-incremental", "--cache-dir", os.devnull, str(snippet)])
    assert (status, report) == (
        1,
        f'{snippet}:10: error: Property "x" defined in "Point" is read-only  [misc]\n'
        "Found 1 error in 1 file (checked 1 source file)\n",
    )


def test_records_are_equal_and_hashed_by_their_fields_and_changed_by_copy():
    text = Text(1.0, 2.0, "Fire", "sans", 9.0)
    moved = replace(text, x=3.0)
    assert (text, moved.x, hash(text)) == (
        Text(1.0, 2.0, "Fire", "sans", 9.0),
        3.0,
        hash(Text(1.0, 2.0, "Fire", "sans", 9.0)),
    )
    assert text != moved and Rect(1.0, 2.0, 3.0, 4.0) != Text(1.0, 2.0, "", "sans", 4.0)
    assert len({text, Text(1.0, 2.0, "Fire", "sans", 9.0), moved}) == 2
