"""The documentation's examples, run as a reader would type them.

Takes: a Markdown page of docs/ and an empty folder to work in.
Returns: `run_page`'s `Step`s: each file block written (a fence titled with the file's path; a title
ending in ", added at the end" appends to the file, one ending in ", quoted" shows part of a file of
the reader's kit or of a bundled pack as it is, and must be in it) and each command of a `console` block run with
printkit (`$ printkit ...`), the output it printed beside the output the page shows. A page's
blocks run in order in one folder, as a reader follows them. `printkit serve` is started, its first
line read and the server stopped (on a free port; the page's port stands for it).
tests/test_docs.py compares every step; tools/doc_images.py builds the pictures from the same run.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^(?P<indent> *)```(?P<language>[\w-]*)(?P<info>[^`]*)$")
TITLE = re.compile(r'title="(?P<title>[^"]+)"')
APPENDED = ", added at the end"
QUOTED = ", quoted"  # a block showing part of a file as it is: of the reader's kit, or of a bundled pack
ROOT = Path(__file__).resolve().parent.parent
SERVE_ADDRESS = re.compile(r"http://127\.0\.0\.1:\d+/")


@dataclass(frozen=True)
class Block:
    language: str
    title: str | None
    text: str
    line: int  # of its opening fence, counted from 1


@dataclass(frozen=True)
class Step:
    page: str
    line: int
    command: str
    shown: str  # what the page shows it printing
    printed: str  # what it printed


def blocks(markdown: str) -> Iterator[Block]:
    lines = markdown.splitlines()
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        indent, start = opening["indent"], index
        body = []
        index += 1
        while index < len(lines) and lines[index].strip() != "```":
            body.append(lines[index][len(indent) :])
            index += 1
        title = TITLE.search(opening["info"])
        yield Block(opening["language"], title["title"] if title else None, "\n".join(body) + "\n", start + 1)
        index += 1


def _printkit(arguments: list[str], folder: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "printkit", *arguments],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # one stream in the order written, as a terminal shows them
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100"},
        timeout=300,
    )
    return done.stdout


def _serve_first_line(arguments: list[str], folder: Path, shown: str) -> str:
    server = subprocess.Popen(
        [sys.executable, "-m", "printkit", *arguments, "--port", "0"],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
    finally:
        server.terminate()
        server.wait(timeout=30)
    page_address = SERVE_ADDRESS.search(shown)
    return SERVE_ADDRESS.sub(page_address[0], first) if page_address else first


def _commands(text: str) -> Iterator[tuple[str, str]]:
    """Each `$ command` of a console block with the lines shown after it."""
    command: str | None = None
    shown: list[str] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            if command is not None:
                yield command, "\n".join(shown)
            command, shown = line[2:], []
        else:
            shown.append(line)
    if command is not None:
        yield command, "\n".join(shown)


def run_page(page: Path, folder: Path) -> Iterator[Step]:
    for block in blocks(page.read_text(encoding="utf-8")):
        if block.title and block.title.endswith(QUOTED):
            path = block.title[: -len(QUOTED)]
            quoted = folder / path if (folder / path).exists() else ROOT / path
            held = quoted.read_text(encoding="utf-8") if quoted.is_file() else ""
            yield Step(
                page.name,
                block.line,
                f"(quotes {path})",
                block.text.rstrip(),
                block.text.rstrip() if block.text in held else held.rstrip(),
            )
        elif block.title and block.language != "console":
            path, appended = block.title, block.title.endswith(APPENDED)
            target = folder / (path[: -len(APPENDED)] if appended else path)
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "a" if appended else "w", encoding="utf-8") as file:
                file.write(block.text)
        elif block.language == "console":
            for command, shown in _commands(block.text):
                words = shlex.split(command)
                if words[0] != "printkit":
                    raise ValueError(f"{page.name}:{block.line}: a console block runs printkit only: {command}")
                if words[1] == "serve":
                    printed = _serve_first_line(words[1:], folder, shown)
                else:
                    printed = _printkit(words[1:], folder)
                yield Step(page.name, block.line, command, shown.rstrip(), printed.rstrip())
