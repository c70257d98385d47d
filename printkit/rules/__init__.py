"""Stage 2: players' lists (decks, hands, squads, layouts) checked against a pack's rule sets.

Takes: a list file and the validated Pack it names.
Returns: a `ListReport` of the rule violations, each placed at the list's own line.
"""
