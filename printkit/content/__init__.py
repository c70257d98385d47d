"""Stage 1: a pack folder read into a validated content model.

Takes: a pack folder (pack.yaml, component files, rulebook.yaml, art).
Returns: a `Pack` (content.load) of the parts that validated, whose components, rule sets and
rulebook are pydantic models carrying the file and position of every value; `validate_pack` then
checks what one file cannot (ids, references, art, placeholders). `load_partial` (content.validate)
does both, with every problem at once; `load_checked` raises them as `Problems`.
source (YAML with positions), interning (short strings shared), fields (value types and their
messages), model (component kinds), rules (rule kinds a pack declares), load, validate,
placeholders, markup (**bold**, *italic*, [icon] read for every stage), message_key (the key of
each translatable text, written as its msgctxt).
"""
