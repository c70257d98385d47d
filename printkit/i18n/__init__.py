"""Stage 3: the pack in each language it declares, and printkit's own words.

Takes: a validated Pack and a locale.
Returns: the translated Pack (translate.translate) with what is missing or fuzzy. Modules: extract
(the pack's messages and template), merge (catalogs merged as msgmerge merges them), po_check
(catalogs read as msgfmt reads them, and their problems), po_file (catalogs written as msgcat
writes them), translate (the pack as a locale sees it, and what its catalog lacks), glossary,
terminology (the glossary as TBX and CSV), xliff (XLIFF 1.1 and 1.2 for translation platforms), pseudo (the qps pseudo-locale), typography, words
(printkit's own printed words).
"""
