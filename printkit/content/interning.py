"""Interning: one string object for each short text a big pack repeats, not one per occurrence.

Takes: a mapping key or a text value as YAML was read. Gives: the same text, as the one object
Python keeps for it when it is short. A 10,000-card pack repeats its keys (id, name, element …) on
every card and its short values (elements, types, art files) on many: shared, they take memory
once and compare by identity.
"""

from __future__ import annotations

import sys

SHARED_TEXT = 32  # characters: shorter text values are shared; longer ones (rules text) rarely recur

shared_key = sys.intern  # every mapping key: a pack writes the same few keys on every component


def shared_value(text: str) -> str:
    """The text, shared when it is short enough to recur (an element, a type, an art file)."""
    return sys.intern(text) if len(text) <= SHARED_TEXT else text
