"""Stage 2: players' lists (decks, hands, squads, layouts) checked against a pack's rule sets.

Takes: a list file and the validated Pack it names.
Returns: a `ListReport` of the rule violations, each placed at the list's own line.

The rule kinds themselves (`@rule_kind` classes: what pack.yaml may declare, and each kind's check)
are part of the content model, in `printkit.content.rules`: they are read and validated with
pack.yaml, before this stage, and one class per kind holds both its fields and its check.
"""
