"""Read one YAML file safely, keeping the line and column of every key and value.

Takes: a file path (and the name to show for it in messages).
Returns: a `SourceFile` with the plain data (dicts, lists, scalars) and the position of every key
path, plus the problems found while reading (encoding, syntax, duplicate keys, size limits: of the
text, of the values written and of those aliases add). A text
that an unquoted ': ' or, inside `{...}`, ',' cut short gets the hint to quote it, with its key and
text rewritten: on the syntax error it causes, or on any later problem with the key it made.
Mapping keys are kept as the text written, so `on:` or `1:` stay strings (YAML 1.1 would turn them
into booleans and numbers).
"""

from __future__ import annotations

import json
import re
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AnyStr

import yaml

from printkit.base.confine import Refused, read_bytes
from printkit.base.errors import KeyPath, Problem, format_key_path, shortened
from printkit.content.interning import shared_key, shared_value

# libyaml's parser is several times faster than PyYAML's pure-Python one and keeps the same marks.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# What a file may cost, not what it may honestly hold: its text (32 MiB is some 120,000 cards) and
# the values it writes (each costs memory as data, then as a model: 1,000,000 is some 90,000 cards).
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_VALUES = 1_000_000
MAX_ALIASED_VALUES = 200_000  # that aliases add, repeating what they name: stops "billion laughs" files
MAX_DEPTH = 64

Position = tuple[int, int]


@dataclass
class SourceFile:
    path: Path
    shown: str  # the file name used in messages
    data: Any = None
    problems: list[Problem] = field(default_factory=list)
    packed: bytes = b""  # the text read, compressed; parsed again for positions the first time a message needs one
    # keys a ',' inside {...} cut from a text (`{text: Draw 2, then discard 1}`) -> the hint to quote it
    cut_texts: dict[KeyPath, str] = field(default_factory=dict)
    # keys inside {...} right after a plain text with a space on the same line (`{text: Draw 2, then: discard 1}`)
    # -> the hint to quote it, for a key that is unknown and close to no known key
    maybe_cut_texts: dict[KeyPath, str] = field(default_factory=dict)
    _positions: tuple[dict[KeyPath, Position], dict[KeyPath, Position]] | None = field(default=None, repr=False)

    def position(self, path: KeyPath, *, of_key: bool = False) -> Position:
        """Where the value (or, with of_key, the key) at path is written; else its nearest parent."""
        values, keys = self._index()
        if of_key and path in keys:
            return keys[path]
        if not values:  # nothing was read (an empty or unreadable file): the file as a whole
            return 1, 1
        while path not in values and path:
            path = path[:-1]
        return values[path]  # the root, (), is always there

    def problem(self, path: KeyPath, message: str, hint: str | None = None, *, of_key=False) -> Problem:
        line, column = self.position(path, of_key=of_key)
        # whatever is wrong with a key cut from a text (unknown, or of no use), quoting the text mends it
        hint = self.cut_texts.get(path, hint)
        return Problem(self.shown, line, column, format_key_path(path), message, hint)

    def missing(self, path: KeyPath, key: str, hint: str | None = None) -> Problem:
        """A required key that the mapping at path does not give."""
        return self.problem(path, f"missing required key '{key}'", hint)

    def holds(self, problem: Problem, path: KeyPath) -> bool:
        """Whether a problem lies at the value at path in this file or inside it."""
        at = format_key_path(path)
        inside = problem.key_path == at or problem.key_path.startswith((at + ".", at + "[")) or not at
        return problem.file == self.shown and inside

    def where(self, path: KeyPath, *, of_key: bool = False) -> str:
        """Where the value (or key) at path is written, as a message names another place: `spells.yaml:7`."""
        return f"{self.shown}:{self.position(path, of_key=of_key)[0]}"

    def text(self) -> str:
        """The text read (without its byte-order mark); empty when the file could not be read."""
        return zlib.decompress(self.packed).decode("utf-8") if self.packed else ""

    def _index(self) -> tuple[dict[KeyPath, Position], dict[KeyPath, Position]]:
        """The positions of every value and key. Kept only once asked for: for a big deck they take
        several times the memory of its data, and most builds never show a message."""
        if self._positions is None:
            self._positions = ({}, {})
            if self.packed:
                try:
                    _Reader(self.text(), SourceFile(self.path, self.shown), self._positions).read()
                except (yaml.YAMLError, _Refused):  # already reported by the first read
                    pass
        return self._positions


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
YAML_LINE_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")  # where PyYAML starts a new line
_DASH_RUN = re.compile(rf"^[ ]*(?:-[ ]+){{{MAX_DEPTH + 1},}}", re.MULTILINE)


class _Refused(Exception):
    """A value the reader will not take (too large, too deep, an unreadable tagged value), with where it is."""

    def __init__(self, event: yaml.Event, path: KeyPath, message: str, hint: str | None = None):
        self.event, self.path, self.message, self.hint = event, path, message, hint


def _mark(event: yaml.Event) -> Position:
    mark = event.start_mark
    assert mark is not None, "the parser marks every event"
    return mark.line + 1, mark.column + 1


def _position(before: AnyStr, newline: AnyStr) -> tuple[int, int]:
    """The line and column (from 1) of what comes after before, the start of a file's bytes or text."""
    return before.count(newline) + 1, len(before) - (before.rfind(newline) + 1) + 1


def read_yaml(path: Path, shown: str, folder: Path | None) -> SourceFile:
    """The file at path, which must lie inside folder (None: a file the user named, anywhere)."""
    source = SourceFile(path, shown)
    try:
        raw = read_bytes(folder, path, MAX_FILE_BYTES)
    except Refused as refused:
        source.problems.append(refused.problem(shown))
        return source
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _position(raw[: error.start], b"\n")
        source.problems.append(
            Problem(
                shown,
                line,
                column,
                "",
                f"is not UTF-8 text: byte 0x{raw[error.start]:02x} cannot be read",
                "save the file with UTF-8 encoding",
            )
        )
        return source
    text = text.removeprefix("\ufeff")
    too_deep = _too_deep(text)
    if too_deep:  # libyaml recurses on nesting and would overflow the C stack before we could stop it
        line, column = too_deep
        source.problems.append(Problem(shown, line, column, "", f"values are nested more than {MAX_DEPTH} levels deep"))
        return source
    # Kept compressed (a big deck's text to a twentieth): only a message needs it again.
    source.packed = zlib.compress(text.encode("utf-8"), 1)
    try:
        empty = _Reader(text, source).read()
        if empty:
            source.problems.append(
                Problem(shown, 1, 1, "", "file is empty", "write at least one 'key: value' line, or delete the file")
            )
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        lines = YAML_LINE_BREAK.split(text)
        if line > len(lines):  # the end of a file without a final line break: after its last line
            line, column = len(lines), len(lines[-1]) + 1
        message = error.problem or "is not valid YAML"
        if error.context and error.context_mark:
            message += f" {error.context} that starts at line {error.context_mark.line + 1}"
        if "\\t" in message or " tab " in message:
            hint = "YAML indents with spaces, never tabs"
        else:
            hint = _colon_hint(text, error) or "check the brackets, quotes and indentation just before this point"
        source.problems.append(Problem(shown, line, column, "", f"YAML syntax error: {message}", hint))
        source.data = None
    except yaml.reader.ReaderError as error:  # a character YAML forbids, such as a NUL byte
        line, column = _position(text[: error.position], "\n")
        source.problems.append(
            Problem(
                shown,
                line,
                column,
                "",
                f"YAML does not allow the control character U+{error.character:04X} here",
                "remove it",
            )
        )
        source.data = None
    except _Refused as error:
        line, column = _mark(error.event)
        source.problems.append(Problem(shown, line, column, format_key_path(error.path), error.message, error.hint))
        source.data = None
    return source


_QUOTE = "put the text in quotes"
_COLON_IN_TEXT = "': ' inside a text starts a key; " + _QUOTE
_COMMA_IN_TEXT = "',' inside {...} ends a text; " + _QUOTE
_FLOW_TEXT_END = re.compile(r"[,}\]]| #")  # where a plain text inside {...} or [...] ends on its line
_BLOCK_TEXT_END = re.compile(r" #")  # where one on a line of its own ends: at a comment


def _colon_hint(text: str, error: yaml.MarkedYAMLError) -> str | None:
    """For a syntax error at a ': ' that a key's plain text holds (`name: Fire: the burning`, on a
    line of its own or inside {...}): the hint to quote the text, with the key and the text
    rewritten; else None."""
    mark = error.problem_mark
    if mark is None or text[mark.index : mark.index + 1] != ":":
        return None
    found = _tokens_before(text, mark.index)[-4:]
    if len(found) < 4:
        return None
    key_start, key, colon, value = found
    if not (
        isinstance(key_start, yaml.KeyToken)
        and isinstance(key, yaml.ScalarToken)
        and isinstance(colon, yaml.ValueToken)
        and isinstance(value, yaml.ScalarToken)
        and value.plain
        and value.start_mark.line == mark.line
        and not text[value.end_mark.index : mark.index].strip()
    ):
        return None  # the colon follows no `key: text` on its line: an indentation mistake, say
    ends = _FLOW_TEXT_END if "flow" in (error.context or "") else _BLOCK_TEXT_END
    line_end = YAML_LINE_BREAK.search(text, mark.index)
    rest = text[mark.index : line_end.start() if line_end else len(text)]
    end = ends.search(rest)
    written = text[value.start_mark.index : mark.index] + (rest[: end.start()] if end else rest)
    return f"{_COLON_IN_TEXT}: {_quoted(text, key, written)}"


def _tokens_before(text: str, index: int) -> list[yaml.Token]:
    """The tokens YAML's scanner finds before index (where it stopped, if it stopped earlier)."""
    loader = Loader(text)
    found = []
    try:
        while (token := loader.get_token()) is not None and token.start_mark.index < index:
            found.append(token)
    except yaml.YAMLError:
        pass  # the error being explained: the tokens before it are all there is
    finally:
        loader.dispose()
    return found


def _quoted(text: str, key: yaml.Token | yaml.Event, written: str) -> str:
    """`key: "written"`: the key as the file writes it, and the text in quotes (JSON's are YAML's)."""
    assert key.start_mark is not None and key.end_mark is not None, "the parser marks every token and event"
    return f"{text[key.start_mark.index : key.end_mark.index]}: {json.dumps(written.strip(), ensure_ascii=False)}"


_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
# The scalar tags a value may carry, and what their values are in messages. Other tags (!!binary,
# !!timestamp, !!map on a scalar, !!python/...) would bring values no key takes, such as bytes.
_SCALAR_KINDS = {
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:null": "nothing",
}
_COLLECTION_TAGS = {yaml.SequenceStartEvent: "tag:yaml.org,2002:seq", yaml.MappingStartEvent: "tag:yaml.org,2002:map"}
_NO_TAGS = "remove the tag: printkit reads text, numbers, true/false, lists and mappings"


def _short_tag(tag: str) -> str:
    """'tag:yaml.org,2002:binary' -> '!!binary', as it is written."""
    return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org,2002:") else tag


class _Reader:
    """Turns libyaml's parse events straight into plain data (no node tree is built, so a big file
    never needs memory for one), finding duplicate keys and applying merge keys. Given positions,
    it records where each value and key is written instead of reporting problems again."""

    def __init__(
        self,
        text: str,
        source: SourceFile,
        positions: tuple[dict[KeyPath, Position], dict[KeyPath, Position]] | None = None,
    ):
        self.loader, self.source, self.positions = Loader(text), source, positions
        self.text = text
        self.values = 0  # written in the file
        self.aliased = 0  # added by aliases
        self.depth = 0  # mappings and lists open around the value being read; `<<:` nests without a key
        self.anchors: dict[str, tuple[Any, int]] = {}  # name -> (data, how many values it holds)

    def read(self) -> bool:
        """Reads the single document into source.data; True when the file holds none."""
        get = self.loader.get_event
        try:
            get()  # the stream starts
            event = get()
            if isinstance(event, yaml.StreamEndEvent):
                return True
            self.source.data = self._node(get(), ())
            get()  # the document ends
            following = get()
            if not isinstance(following, yaml.StreamEndEvent):
                raise _Refused(
                    following,
                    (),
                    "a second YAML document starts here; a file holds one",
                    "remove the '---' line and what follows it, or move that to a file of its own",
                )
            return False
        finally:
            self.loader.dispose()

    def _node(self, event: yaml.Event, path: KeyPath) -> Any:
        if isinstance(event, yaml.AliasEvent):
            return self._alias(event, path)
        assert isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)), "the parser sends a node here"
        self.values += 1
        if self.values > MAX_VALUES:
            raise _Refused(
                event, path, f"file holds more than {MAX_VALUES} values", "split its components into several files"
            )
        if self.positions is not None:
            self.positions[0].setdefault(path, _mark(event))
        before = self.values + self.aliased
        if isinstance(event, yaml.ScalarEvent):
            data = self._scalar(event, path)
        else:
            if event.tag not in (None, "!", _COLLECTION_TAGS[type(event)]):  # !!set, !!omap, !!python/…
                raise _Refused(event, path, f"the YAML tag '{_short_tag(event.tag)}' is not supported", _NO_TAGS)
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _Refused(event, path, f"values are nested more than {MAX_DEPTH} levels deep")
            if isinstance(event, yaml.SequenceStartEvent):
                data = []
                get = self.loader.get_event
                while type(item := get()) is not yaml.SequenceEndEvent:
                    data.append(self._node(item, path + (len(data),)))
            else:
                data = self._mapping(path, flow=bool(event.flow_style))
            self.depth -= 1
        if event.anchor is not None:
            self.anchors[event.anchor] = (data, self.values + self.aliased - before + 1)
        return data

    def _alias(self, event: yaml.AliasEvent, path: KeyPath) -> Any:
        if event.anchor not in self.anchors:
            # the stubs' ComposerError takes no libyaml Mark, which has the same line and column
            raise yaml.composer.ComposerError(
                None,
                None,
                f"found undefined alias {event.anchor!r}",
                event.start_mark,  # type: ignore[arg-type]
            )
        data, values = self.anchors[event.anchor]
        self.aliased += values  # the value counts as often as it is used
        if self.aliased > MAX_ALIASED_VALUES:
            raise _Refused(event, path, f"file expands to more than {MAX_ALIASED_VALUES} values (too many aliases?)")
        if self.positions is not None:
            self.positions[0].setdefault(path, _mark(event))
        return data

    def _scalar(self, event: yaml.ScalarEvent, path: KeyPath) -> Any:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
            if tag not in _SCALAR_KINDS:  # a date (`name: 2024-01-05`), a lone `<<` or `=`: the text written
                tag = _STR
        if tag == _STR:
            return shared_value(event.value)
        if tag not in _SCALAR_KINDS:
            raise _Refused(event, path, f"the YAML tag '{_short_tag(tag)}' is not supported", _NO_TAGS)
        # the stubs' ScalarNode takes no libyaml Mark, which has the same line and column
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)  # type: ignore[arg-type]
        try:
            return self.loader.yaml_constructors[tag](self.loader, node)
        except (ValueError, KeyError, IndexError):  # what PyYAML's int, float and bool constructors raise
            hint = (
                f"remove the tag '{_short_tag(event.tag)}'"
                if event.tag not in (None, "!")
                else f"a number has at most {sys.get_int_max_str_digits()} digits"
            )
            raise _Refused(
                event, path, f"'{shortened(event.value)}' cannot be read as {_SCALAR_KINDS[tag]}", hint
            ) from None

    def _mapping(self, path: KeyPath, *, flow: bool) -> dict[str, Any]:
        result: dict[str, Any] = {}
        lines: dict[str, int] = {}
        merged: list[tuple[yaml.Event, Any]] = []
        get = self.loader.get_event
        before: tuple[yaml.Event, yaml.Event] | None = None  # the key and value written before, inside {...}
        while type(key_event := get()) is not yaml.MappingEndEvent:
            if type(key_event) is not yaml.ScalarEvent:  # left out, with its value
                self._skip(key_event)
                self._skip(get())
                self._problem(key_event, path, "a key must be a plain word, not a list or mapping")
                continue
            value_event = get()
            if flow:
                self._cut_text(before, key_event, value_event, path + (key_event.value,))
                before = key_event, value_event
            key = shared_key(key_event.value)
            if (
                key == "<<"
                and key_event.tag is None
                and self.loader.resolve(yaml.ScalarNode, key, key_event.implicit) == _MERGE
            ):
                merged.append((value_event, self._node(value_event, path)))
                continue
            child = path + (key,)
            if key in result:
                self._skip(value_event)
                self._problem(
                    key_event,
                    child,
                    f"key '{key}' appears twice in this mapping; first on line {lines[key]}",
                    "remove or rename one of them",
                )
                continue
            lines[key] = _mark(key_event)[0]
            if self.positions is not None:
                self.positions[1][child] = _mark(key_event)
            result[key] = self._node(value_event, child)
        # `<<: *defaults` fills in the keys the mapping does not set itself.
        for event, value in merged:
            for source in value if isinstance(value, list) else [value]:
                if not isinstance(source, dict):
                    self._problem(event, path, "'<<' must be followed by a mapping or a list of mappings")
                    break
                for key, item in source.items():
                    result.setdefault(key, item)
        return result

    def _cut_text(
        self, before: tuple[yaml.Event, yaml.Event] | None, key: yaml.ScalarEvent, value: yaml.Event, path: KeyPath
    ) -> None:
        """Notes a key inside {...} that a comma cut from the plain text before it: one written without
        a colon (`{text: Draw 2, then discard 1}`), or holding a space (`then discard: 1`) as no key
        printkit reads does; or, maybe cut, one right after a text of words on the same line (`then: discard 1`).
        Whether the key is wrong is for a later stage to say; quoting is the hint."""
        if before is None or self.positions is not None:
            return
        before_key, text = before
        if not (
            isinstance(text, yaml.ScalarEvent)
            and not text.style
            and isinstance(value, yaml.ScalarEvent)
            and not value.style
            and not key.style
            and self.loader.resolve(yaml.ScalarNode, text.value, text.implicit) == _STR
        ):
            return
        surely = value.value == "" or " " in key.value
        assert text.start_mark is not None and text.end_mark is not None and key.start_mark is not None
        if not surely and not (" " in text.value and key.start_mark.line == text.end_mark.line):
            return
        end = (key if value.value == "" else value).end_mark
        assert end is not None, "the parser marks every event"
        written = self.text[text.start_mark.index : end.index]
        hint = f"{_COMMA_IN_TEXT}: {_quoted(self.text, before_key, written)}"
        (self.source.cut_texts if surely else self.source.maybe_cut_texts)[path] = hint

    def _skip(self, event: yaml.Event) -> None:
        """Reads past the rest of a value that is not kept."""
        depth = 1 if type(event) in (yaml.MappingStartEvent, yaml.SequenceStartEvent) else 0
        while depth:
            kind = type(self.loader.get_event())
            depth += kind in (yaml.MappingStartEvent, yaml.SequenceStartEvent)
            depth -= kind in (yaml.MappingEndEvent, yaml.SequenceEndEvent)

    def _problem(self, event: yaml.Event, path: KeyPath, message: str, hint: str | None = None) -> None:
        if self.positions is None:
            line, column = _mark(event)
            self.source.problems.append(Problem(self.source.shown, line, column, format_key_path(path), message, hint))
