"""Stage 6: laid-out pages drawn into files; no decisions, only drawing.

Takes: pages and pieces from layout.
Returns: PDF files (pdf), PNG images (png) and SVG figures for the rulebook (svg).
"""
