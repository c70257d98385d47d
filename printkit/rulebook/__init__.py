"""Stage 7: the rulebook of a pack, in each language, as a PDF.

Takes: the translated Packs of an edition and the paper.
Returns: a PDF typeset by WeasyPrint from HTML made by Jinja2 templates (book), the templates run
in a sandbox that sees plain data only (sandbox); printkit's own templates are in templates/.
"""
