"""What a pack adds to the source it follows: the kinds of the kit's own content and where they are marked.

Takes: a component's `kit:` (one kind for the whole component, or a mapping of value paths to
kinds), and rulebook texts with `{kit:KIND}` marks after the rules that are the kit's.
Returns: the vocabulary (`KINDS`, each kind's printed mark), the problems of a `kit:` that names no
kind or no value of its component, a component's marks, and every marked component, value and
rule text of a pack, for the rulebook's generated section "What this kit adds to the source".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BeforeValidator, WithJsonSchema

from printkit.base.errors import KeyPath, Problem, ValueProblem, did_you_mean, shown_value
from printkit.content.braces import KIT
from printkit.content.fields import pydantic_parser

if TYPE_CHECKING:  # components and rulebooks hold a `Kit`: this module is imported by theirs
    from printkit.content.components.base import Component
    from printkit.content.rulebook_model import Block, Rulebook
    from printkit.content.source import SourceFile

# kind -> the mark printed on what it marks, in the order the rulebook explains them
KINDS: dict[str, str] = {
    "estimated": "≈",  # a number the kit chose where the source gives none
    "invented": "✦",  # content the source does not have
    "house-rule": "†",  # the kit's rule where the source is silent
    "reading": "‡",  # the kit's reading where the source is ambiguous
}
WHOLE: KeyPath = ()  # the key path of a mark on the whole component


def parse_kit(value: Any) -> str | dict[str, Any]:
    """A kind, or a mapping shaped like the component's values with a kind at each marked one; which
    kinds and values there are is checked with the component (`kit_problems`), at its own key."""
    if isinstance(value, str) or isinstance(value, dict) and _kinds_at_leaves(value):
        return value
    raise ValueProblem(
        f"must be a kind ({', '.join(KINDS)}) or a mapping of the component's keys to kinds, got {shown_value(value)}",
        "e.g. kit: invented, or kit: {cost: estimated, stats: {speed: estimated}}",
    )


def _kinds_at_leaves(marks: dict[Any, Any]) -> bool:
    return all(
        isinstance(inner, str) or isinstance(inner, dict) and _kinds_at_leaves(inner) for inner in marks.values()
    )


_KIND_SCHEMA = {"type": "string", "enum": list(KINDS)}
_MARKS_SCHEMA = {"type": "object", "additionalProperties": {"anyOf": [_KIND_SCHEMA, {"type": "object"}]}}
Kit = Annotated[
    str | dict[str, Any],
    BeforeValidator(pydantic_parser(parse_kit)),
    WithJsonSchema(
        {
            "description": "what of the component is the kit's own, not its source's: a kind for the whole "
            "component, or its keys as its YAML writes them (cost, stats: {attack}, data: {power}, edges) with "
            "a kind at each marked value",
            "anyOf": [_KIND_SCHEMA, _MARKS_SCHEMA],
        }
    ),
]


def marks_of(component: Component) -> dict[KeyPath, str]:
    """The component's `kit:` as the key path of each marked value -> its kind (WHOLE for the whole)."""
    kit = component.kit
    if kit is None:
        return {}
    return {WHOLE: kit} if isinstance(kit, str) else dict(_leaves(kit, WHOLE))


def value_marks(component: Component, path: KeyPath) -> str:
    """The marks of one value (a key path such as ("edges", "top")): one for each kind of a marked
    value it is or lies under, in KINDS' order, the whole component's mark not included; none for a
    value worked out from others (edges.total), which may be the source's though its parts are not."""
    owner: Any = component
    for key in path:
        if isinstance(getattr(type(owner), str(key), None), property):
            return ""
        owner = getattr(owner, str(key), None) if not isinstance(owner, dict) else owner.get(key)
    kinds = {kind for marked, kind in marks_of(component).items() if marked and path[: len(marked)] == marked}
    return "".join(mark for kind, mark in KINDS.items() if kind in kinds)


def _leaves(marks: dict[str, Any], path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    for key, inner in marks.items():
        if isinstance(inner, dict):
            yield from _leaves(inner, path + (key,))
        else:
            yield path + (key,), inner


def mark_text(component: Component) -> str | None:
    """The marks printed on the component: one for each kind it carries, in KINDS' order; None for none."""
    kinds = set(marks_of(component).values())
    return "".join(mark for kind, mark in KINDS.items() if kind in kinds) or None


def kit_problems(component: Component, source: SourceFile) -> list[Problem]:
    """A `kit:` naming a kind that is not one of KINDS, or a key that names no value the component gives."""
    if component.kit is None:  # most components: no dump of their values
        return []
    problems = []
    base = component.origin.path + ("kit",)
    given = set(_value_paths(component.model_dump(exclude_unset=True, exclude={"kit"}), ()))
    for path, kind in marks_of(component).items():
        if kind not in KINDS:
            problems.append(
                source.problem(
                    base + path,
                    f"'{kind}' is not a kind of the kit's own content",
                    did_you_mean(kind, KINDS) or f"one of {', '.join(KINDS)}",
                )
            )
        if path and path not in given:
            shown = ".".join(map(str, path))
            problems.append(
                source.problem(
                    base + path,
                    f"'{shown}' names no value this {component.kind} gives",
                    did_you_mean(shown, {".".join(p) for p in given})
                    or "give the value, or mark one it gives: "
                    + ", ".join(sorted(".".join(p) for p in given - {("id",)})),
                    of_key=True,
                )
            )
    return problems


def _value_paths(value: Any, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """The key path of every value given in a dumped model, the mappings' own paths too."""
    if path and value is not None:
        yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _value_paths(inner, path + (str(key),))


_SENTENCE_END = re.compile(r"[.!?:]\s+|\n")


def rule_marks(text: str) -> list[tuple[str, str]]:
    """(kind, the sentence the mark follows) for each `{kit:KIND}` in a rulebook text, in order: the
    sentence runs from the end of the one before (or the text's start) to the mark."""
    found = []
    start = 0
    for match in KIT.finditer(text):
        ends = [end.end() for end in _SENTENCE_END.finditer(text, start, match.start())]
        found.append((match.group(1), text[max(ends, default=start) : match.start()].strip()))
        start = match.end()
    return found


def rule_mark_problems(source: SourceFile, texts: Iterable[tuple[KeyPath, str]]) -> list[Problem]:
    """`{kit:KIND}` marks in rulebook texts that name no kind."""
    return [
        source.problem(
            path,
            f"'{{kit:{kind}}}' names no kind of the kit's own content",
            did_you_mean(kind, KINDS) or f"one of {', '.join(KINDS)}",
        )
        for path, text in texts
        for kind, _ in rule_marks(text)
        if kind not in KINDS
    ]


def show_marks(text: str) -> str:
    """A rulebook text with each `{kit:KIND}` printed as its kind's mark."""
    return KIT.sub(lambda m: KINDS.get(m.group(1), m.group(0)), text)


@dataclass(frozen=True)
class MarkedRule:
    section: str  # the title of the rulebook section it stands in
    kind: str
    sentence: str


def marked_rules(rulebook: Rulebook) -> list[MarkedRule]:
    """Every marked rule text of a rulebook, in reading order."""
    found = []
    for section in rulebook.sections:
        for block in section.blocks:
            for text in _block_texts(block):
                found += [MarkedRule(section.title, kind, sentence) for kind, sentence in rule_marks(text)]
    return found


def _block_texts(block: Block) -> Iterator[str]:
    yield from (text for text in (block.text, block.tip) if text)
    yield from block.items
    yield from block.steps
