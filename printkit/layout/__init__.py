"""Stage 5: pieces placed on sheets; every millimetre is decided here.

Takes: a translated Pack, the paper, duplex and bleed.
Returns: pages of placed pieces (sheets), whose faces are drawn lazily, sheet by sheet (pieces):
for a home printer (imposition) the copies filled into sheets (packing; split, for a piece larger
than the paper), each front followed by its back, crop marks and cut lines (marks), a footer on
every sheet (sheet_words) and the calibration page first (calibration); for print shops (shop), a
page of each face with its bleed; on a label sheet (templates), a piece in each slot that fits it.
"""
