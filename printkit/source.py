"""Read one YAML file safely, keeping the line and column of every key and value.

Takes: a file path (and the name to show for it in messages).
Returns: a `SourceFile` with the plain data (dicts, lists, scalars) and the position of every key
path, plus the problems found while reading (encoding, syntax, duplicate keys, size limits).
Mapping keys are kept as the text written, so `on:` or `1:` stay strings (YAML 1.1 would turn them
into booleans and numbers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import KeyPath, Problem, format_key_path

# libyaml's parser is several times faster than PyYAML's pure-Python one and keeps the same marks.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_NODES = 200_000  # after expanding aliases: stops "billion laughs" files
MAX_DEPTH = 64

Position = tuple[int, int]


@dataclass
class SourceFile:
    path: Path
    shown: str  # the file name used in messages
    data: Any = None
    values: dict[KeyPath, Position] = field(default_factory=dict)
    keys: dict[KeyPath, Position] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def position(self, path: KeyPath, *, of_key: bool = False) -> Position:
        """Where the value (or, with of_key, the key) at path is written; else its nearest parent."""
        if of_key and path in self.keys:
            return self.keys[path]
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, (1, 1))

    def problem(self, path: KeyPath, message: str, hint: str | None = None, *, of_key=False) -> Problem:
        line, column = self.position(path, of_key=of_key)
        return Problem(self.shown, line, column, format_key_path(path), message, hint)


def _too_deep(text: str) -> Position | None:
    """Where flow brackets ([ {) or a run of "- " items first nest deeper than MAX_DEPTH, if they do.
    Quoted text and comments are skipped; block nesting needs a line per level, so the size limit
    bounds it. Only the characters that matter are visited, so large files stay cheap."""
    dashes = _DASH_RUN.search(text)
    found = (text.count("\n", 0, dashes.start()) + 1, 1) if dashes else None
    depth, quote, line, line_start = 0, "", 1, 0
    for match in _SIGNIFICANT.finditer(text):
        char = match.group()
        if char == "\n":
            line, line_start = line + 1, match.end()
            quote = "" if quote in ("'", "\n") else quote  # comments and apostrophes end with their line
            continue
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#":
            quote = "\n"  # a comment runs to the end of the line
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                here = (line, match.start() - line_start + 1)
                return min(here, found) if found else here
        elif char in "]}":
            depth = max(0, depth - 1)
    return found


_SIGNIFICANT = re.compile(r"[\[\]{}'\"#\n]")
_DASH_RUN = re.compile(rf"^[ ]*(?:-[ ]+){{{MAX_DEPTH + 1},}}", re.MULTILINE)


class _TooLarge(Exception):
    def __init__(self, node: yaml.Node, message: str):
        self.node, self.message = node, message


def _mark(node: yaml.Node) -> Position:
    return node.start_mark.line + 1, node.start_mark.column + 1


def read_yaml(path: Path, shown: str) -> SourceFile:
    source = SourceFile(path, shown)
    raw = path.read_bytes()
    if len(raw) > MAX_FILE_BYTES:
        source.problems.append(
            Problem(shown, 1, 1, "", f"file is {len(raw) // 1024} KiB; at most {MAX_FILE_BYTES // 1024} KiB allowed")
        )
        return source
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        source.problems.append(
            Problem(shown, line, column, "", f"is not UTF-8 text: byte 0x{raw[error.start]:02x} cannot be read",
                    "save the file with UTF-8 encoding")
        )
        return source
    text = text.removeprefix("\ufeff")
    too_deep = _too_deep(text)
    if too_deep:  # libyaml recurses on nesting and would overflow the C stack before we could stop it
        line, column = too_deep
        source.problems.append(Problem(shown, line, column, "", f"values are nested more than {MAX_DEPTH} levels deep"))
        return source
    loader = Loader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            source.problems.append(Problem(shown, 1, 1, "", "file is empty", "write at least one 'key: value' line, or delete the file"))
            return source
        source.data = _Converter(loader, source).convert(root, ())
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = error.problem or "is not valid YAML"
        if error.context and error.context_mark:
            message += f" {error.context} that starts at line {error.context_mark.line + 1}"
        hint = ("YAML indents with spaces, never tabs" if "\\t" in message or " tab " in message
                else "check the brackets, quotes and indentation just before this point")
        source.problems.append(Problem(shown, line, column, "", f"YAML syntax error: {message}", hint))
    except yaml.YAMLError as error:
        source.problems.append(Problem(shown, 1, 1, "", f"YAML error: {error}"))
    except _TooLarge as error:
        line, column = _mark(error.node)
        source.problems.append(Problem(shown, line, column, "", error.message))
    finally:
        loader.dispose()
    return source


class _Converter:
    """Turns composed YAML nodes into plain data, recording positions and duplicate keys."""

    def __init__(self, loader: yaml.SafeLoader, source: SourceFile):
        self.loader, self.source, self.nodes = loader, source, 0

    def convert(self, node: yaml.Node, path: KeyPath) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooLarge(node, f"file expands to more than {MAX_NODES} values (too many aliases?)")
        if len(path) > MAX_DEPTH:
            raise _TooLarge(node, f"values are nested more than {MAX_DEPTH} levels deep")
        self.source.values.setdefault(path, _mark(node))
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.convert(item, path + (index,)) for index, item in enumerate(node.value)]
        return self.loader.construct_object(node, deep=True)

    def _mapping(self, node: yaml.MappingNode, path: KeyPath) -> dict[str, Any]:
        result: dict[str, Any] = {}
        merged: list[yaml.Node] = []
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self._problem(key_node, path, "a key must be a plain word, not a list or mapping")
                continue
            key = key_node.value
            if key == "<<" and key_node.tag == "tag:yaml.org,2002:merge":
                merged.extend(value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node])
                continue
            child = path + (key,)
            if key in result:
                first_line, _ = self.source.keys[child]
                self._problem(key_node, child, f"key '{key}' appears twice in this mapping; first on line {first_line}",
                              "remove or rename one of them")
                continue
            self.source.keys[child] = _mark(key_node)
            result[key] = self.convert(value_node, child)
        # `<<: *defaults` fills in the keys the mapping does not set itself.
        for source_node in merged:
            if not isinstance(source_node, yaml.MappingNode):
                self._problem(source_node, path, "'<<' must be followed by a mapping or a list of mappings")
                continue
            for key, value in self._mapping(source_node, path).items():
                result.setdefault(key, value)
        return result

    def _problem(self, node: yaml.Node, path: KeyPath, message: str, hint: str | None = None) -> None:
        line, column = _mark(node)
        self.source.problems.append(Problem(self.source.shown, line, column, format_key_path(path), message, hint))
