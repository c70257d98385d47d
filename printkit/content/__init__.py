"""Stage 1: a pack folder read into a validated content model.

Takes: a pack folder (pack.yaml, component files, rulebook.yaml, looks, art, fonts).
Returns: a `Pack` (content.pack) of the parts that validated, whose components, rule sets and
rulebook are pydantic models carrying the file and position of every value. `content.read` is the
stage's entry: `load_partial` loads (content.load) and checks what one file cannot (content.validate:
ids, references, rule sets; look_checks, rulebook_checks, pack_files), with every problem at once;
`load_checked` raises them as `Problems`.
Modules: source (YAML with positions), interning (short strings shared), fields (value types and
their messages), pack_meta (pack.yaml), components/ (one module per component kind, registered on
import), rulebook_model (rulebook.yaml), schema (JSON Schema of component files), looks (looks as
data), rules (rule kinds a pack declares), spreadsheet and workbook_parts (components from CSV, TSV,
XLSX, ODS), font_tables, pack, load, validate, look_checks, rulebook_checks, pack_files, read,
placeholders, markup (**bold**, *italic*, [icon] read for every stage), message_key (the key of each
translatable text, written as its msgctxt), built_models.
"""
