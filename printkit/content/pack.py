"""A loaded pack: its metadata, components, read sources, rulebook, looks, and the parts that failed.

Takes: what the loader read and validated. Gives: `Pack`, which the later stages read (rules, i18n,
faces, layout, rulebook), and `Failed`, a part of a pack that failed its own checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from printkit.base.errors import KeyPath, Problem
from printkit.base.icons import PRINTKITS_ICONS, Icons
from printkit.content.components import COMPONENT_KINDS
from printkit.content.components.base import Component
from printkit.content.looks import Declared
from printkit.content.message_key import MessageKey
from printkit.content.pack_meta import PackMeta
from printkit.content.rulebook_model import Rulebook
from printkit.content.source import SourceFile

Kind = TypeVar("Kind", bound=Component)

# Failed.kind of a component file that failed as a whole (bad YAML, not a mapping): what it held is unknown
LOST_FILE = "component file"


@dataclass(frozen=True)
class Failed:
    """A part of a pack that failed its own checks: a component (kind: its section), an entry of a
    registry of pack.yaml or a look of the looks/ folder (kind: the registry, e.g. looks, rules), a
    whole section that is not a list (id None) or a component file as a whole (kind LOST_FILE, id
    None). id is the component's id or entry's key, as the YAML writes it; None when it gives none.
    name is the name a component's YAML gives, if any."""

    kind: str
    id: str | None
    file: str
    path: KeyPath
    name: str | None = None

    @property
    def is_component(self) -> bool:
        return self.kind in COMPONENT_KINDS


@dataclass
class Pack:
    root: Path
    meta: PackMeta
    components: list[Component]
    sources: dict[str, SourceFile] = field(default_factory=dict)
    rulebook: Rulebook | None = None
    # the PO file and line of each translated string in use
    translated_from: dict[MessageKey, tuple[str, int]] = field(default_factory=dict)
    # every look its components may name: printkit's built-in ones, pack.yaml's and the looks/ folder's
    looks: dict[str, Declared] = field(default_factory=dict)
    # what validate finds doubtful but not wrong (a look no component uses); build and check print them
    warnings: list[Problem] = field(default_factory=list)
    # text and icons of the pack's looks inside the safe zone: warnings, problems with build --strict
    unsafe: list[Problem] = field(default_factory=list)
    # the parts that failed their own checks (validate adds the rule sets that have problems)
    failed: list[Failed] = field(default_factory=list)
    # every icon its texts and looks may name: printkit's, and the drawable SVG files of its icons/ folder
    icons: Icons = PRINTKITS_ICONS

    @property
    def id(self) -> str:
        return self.meta.id

    def source_of(self, name: str) -> SourceFile:
        """The read file of the pack's folder with this name (pack.yaml, rulebook.yaml)."""
        return next(source for source in self.sources.values() if source.path.name == name)

    @staticmethod
    def kind_in(section: str) -> str:
        """The kind of component a section of component files holds, e.g. 'card' in cards."""
        return COMPONENT_KINDS[section].kind

    def of_kind(self, cls: type[Kind]) -> list[Kind]:
        return [c for c in self.components if isinstance(c, cls)]

    def failed_part(self, kind: str, name: object) -> Failed | None:
        """The failed part of this kind (a registry, or "components" for any section) with this id; for
        a component id no loaded component has, a component file that failed as a whole may hold it."""
        found = next(
            (f for f in self.failed if f.id == name and (f.kind == kind or kind == "components" and f.is_component)),
            None,
        )
        lost = self.lost_file() if found is None and kind == "components" else None
        return lost if lost is not None and all(c.id != name for c in self.components) else found

    def lost_file(self) -> Failed | None:
        """A component file that failed as a whole, so that any component may be missing."""
        return next((f for f in self.failed if f.kind == LOST_FILE), None)

    def text_problem(
        self, key: MessageKey, source: SourceFile, path: KeyPath, message: str, hint: str | None
    ) -> Problem:
        """A problem with a text as shown: at its translation's line in the PO file when it is
        translated, else at path in source, where the YAML writes it."""
        translated = self.translated_from.get(key)
        if translated:
            return Problem(*translated, 1, key.msgctxt, message, hint)
        return source.problem(path, message, hint)
