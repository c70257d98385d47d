"""Stage 5: pieces placed on sheets; every millimetre is decided here.

Takes: a translated Pack, the paper, duplex and bleed.
Returns: pages of placed pieces, crop marks and calibration page (imposition), whose faces are
drawn lazily, sheet by sheet; for print shops (shop), a page of each face with its bleed.
"""
