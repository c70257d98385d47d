"""Stage 3: the pack in each language it declares, and printkit's own words.

Takes: a validated Pack and a locale.
Returns: the translated Pack (catalog.translate) with what is missing or fuzzy; reads and writes
gettext catalogs and XLIFF; pseudo (the qps pseudo-locale); words (printkit's own printed words).
"""
