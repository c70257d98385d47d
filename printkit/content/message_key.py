"""The key of each translatable text of a pack: whose text it is and which field holds it.

Takes: what a text belongs to (the pack, its rulebook, or a component) and the key path of its field.
Returns: a `MessageKey`, compared and looked up as a value (the translated pack remembers where
each translation came from by it), and written as the gettext `msgctxt` of its catalog entry:
`pack:title`, `rulebook:sections/0/title`, `card:spyro/name`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.base.errors import KeyPath


@dataclass(frozen=True)
class MessageKey:
    kind: str  # "pack", "rulebook", or the kind of component in its section's words: "card", "field" …
    owner: str  # the component's id; "" for the pack's and the rulebook's own text
    field_path: tuple[str, ...]  # the key path inside it, list indices as text ("abilities", "0", "text")

    @classmethod
    def of(cls, kind: str, path: KeyPath, owner: str = "") -> MessageKey:
        return cls(kind, owner, tuple(str(part) for part in path))

    @classmethod
    def of_component(cls, component, path: KeyPath) -> MessageKey:
        """The key of a component's field, e.g. card:spyro/name."""
        return cls.of(component.section[:-1], path, component.id)

    @property
    def msgctxt(self) -> str:
        """The key as a catalog entry's msgctxt."""
        field = "/".join(self.field_path)
        return f"{self.kind}:{self.owner}/{field}" if self.owner else f"{self.kind}:{field}"


# a msgctxt an earlier printkit wrote (one entry per place): a kind, a colon, a key path without spaces
_PLACE = re.compile(r"[a-z]+(?: [a-z]+)*:[^\s/]+(?:/[^\s/]+)*")


def is_place(msgctxt: str) -> bool:
    """Whether a catalog entry's msgctxt names a place as earlier printkit versions wrote it
    (`card:spyro/name`), rather than a context a designer gave a text."""
    return _PLACE.fullmatch(msgctxt) is not None
