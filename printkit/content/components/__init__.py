"""The kinds of component a pack can hold, one module each, registered on import.

Takes: a component file's entries. Returns: validated components of the registered kinds:
`COMPONENT_KINDS` maps each section of a component file (`cards:`, `tiles:` ...) to its class.
Importing this package registers every kind (each module registers itself).
"""

# The order of these imports is the order of COMPONENT_KINDS, in which kits, pages, schemas and
# lists show the kinds: keep it.
# isort: off
from printkit.content.components import cards, special_fields, tiles, chips, markers, boards, sheets, rulers

# isort: on
from printkit.content.components.base import COMPONENT_KINDS

__all__ = ["COMPONENT_KINDS", "boards", "cards", "chips", "markers", "rulers", "sheets", "special_fields", "tiles"]
