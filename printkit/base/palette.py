"""printkit's own colours: the ink and paper its looks and pages are drawn in, and the colour of a
component nothing gives one.

Takes: nothing. Returns: '#rrggbb' strings, for every stage (the looks' values, the faces, the pages).
"""

INK = "#1d1d1b"
PAPER = "#fbf8f1"
NEUTRAL = "#7b8794"
