"""Stage 4: what each component looks like, as shapes.

Takes: a translated component and its context (pack, locale, bleed, ink saver).
Returns: the shapes of its faces, drawn from its look's YAML elements (looks, with face: the side
being drawn, its values and colours; paint: the context and colours) and printkit's procedural
widgets (widgets: the registry; card_parts, terrain, grids), with text set and measured in the
bundled fonts or the pack's own (richtext, fonts, scripts); reportlab_internals holds what printkit
uses of reportlab's insides (for fonts here and for output.pdf).
"""
