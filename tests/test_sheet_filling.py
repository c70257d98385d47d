"""A sheet left with a few pieces is filled onto other sheets: the bundled kits print no sheet
another sheet has room for, and nothing moved there overlaps a piece or its crop marks."""

import pytest
from conftest import BUNDLED, REPO

from printkit.base.shapes import Line
from printkit.content.read import load_checked
from printkit.layout.imposition import impose
from printkit.layout.marks import CROP_INK
from printkit.layout.pieces import Faces
from printkit.layout.sheets import SheetOptions


def _fronts(pack_name: str, options: SheetOptions):
    (pack,) = load_checked([REPO / "content" / pack_name])
    return [
        page
        for page in impose(pack, "en", options, Faces(pack, "en", options.bleed).outlines())
        if page.side == "front"
    ]


def _box(placement, bleed: float):
    return (
        placement.x - bleed,
        placement.y - bleed,
        placement.x + placement.width + bleed,
        placement.y + placement.height + bleed,
    )


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def test_the_sheets_a_lone_token_or_ruler_had_are_gone():
    """Riverfold's supply tokens and warden shield had a sheet of their own (9 % filled), Skylanders'
    ruler one of its own (7 %): they now share sheets with cards and the valley map."""
    riverfold = _fronts("riverfold", SheetOptions())
    assert [sorted({p.component.section for p in page.placements}) for page in riverfold] == [
        ["cards"],
        ["cards", "chips"],
        ["chips", "tiles"],
        ["boards", "markers"],
    ]
    assert len(_fronts("skylanders-tabletop", SheetOptions())) == 5


@pytest.mark.parametrize("options", [SheetOptions(), SheetOptions("letter", "short", 3.0), SheetOptions(duplex="off")])
@pytest.mark.parametrize("pack", BUNDLED)
def test_no_piece_overlaps_another_or_a_crop_mark(pack, options):
    """Trim boxes apart (a honeycomb's hexagons interlock, their boxes do not count), and no crop
    mark on a piece."""
    for page in _fronts(pack, options):
        boxes = [(_box(p, 0.0), p.outline.shares_cuts) for p in page.placements]
        assert not [
            (a, b)
            for i, (a, honeycomb) in enumerate(boxes)
            for b, other in boxes[i + 1 :]
            if not (honeycomb and other) and _overlap(a, b)
        ]
        for mark in (m for m in page.marks if isinstance(m, Line) and m.stroke == CROP_INK):
            line = (min(mark.x1, mark.x2), min(mark.y1, mark.y2), max(mark.x1, mark.x2), max(mark.y1, mark.y2))
            assert not [b for b, _ in boxes if _overlap(line, b)]
