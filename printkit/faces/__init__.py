"""Stage 4: what each component looks like, as shapes.

Takes: a translated component and its context (pack, locale, bleed, ink saver).
Returns: the shapes of its faces (looks, one per kind), with text set and measured in the
bundled fonts or the pack's own (richtext, fonts); reportlab_internals holds what printkit uses of reportlab's
insides (for fonts here and for output.pdf).
"""
