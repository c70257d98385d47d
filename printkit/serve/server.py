"""`printkit serve`: the preview's web server on the loopback address, and the watcher of the packs' files.

Takes: pack folders, a port (0: any free one) and the language to open packs in (None: each pack's first).
With open_browser, the system's browser opens the address (webbrowser). Each reload is a line on
stdout (the files saved, the components drawn again, the time), and each new problem one more.
Returns: once stopped (Ctrl-C); raises UsageError when the port cannot be had, or a pack does
not declare the language. Once it listens it prints its address on stdout. Each save in a pack folder loads that pack again in a worker thread
and tells the open pages which components changed. Only the pack's own folders are watched (each
root resolved once; a folder a link leads to is not), and its log has one line per request it
refuses.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import socket
import stat
import sys
import time
import webbrowser
from collections.abc import Iterable
from pathlib import Path

import uvicorn
from watchfiles import Change, awatch

from printkit.base.confine import folders_under
from printkit.base.errors import UsageError, counted, one_line
from printkit.i18n.translate import undeclared
from printkit.serve.app import Events, application
from printkit.serve.packs import EDITOR_TEMPORARY, FOLDERS_NOT_DRAWN, Preview

HOST = "127.0.0.1"
# A save is seen as soon as the system reports it; the watcher then waits this long for more
# changes of the same save (an editor writes a file and renames it) before the pack is loaded again.
STEP_MS = 5
DEBOUNCE_MS = 200  # the longest a burst of changes (a checkout) is gathered before loading
SHUTDOWN_SECONDS = 2
MAX_NAMED = 3  # files and components a reload's line names (more: counted)
DRAW_AHEAD = 4  # components edited at once whose faces are drawn before they are asked for (more: as asked)


class _PackFiles:
    """What a save can change: a file of a pack folder but a build's outputs, players' lists and
    editors' temporary files (judged inside the pack: its own folder may have any name)."""

    def __init__(self, roots: list[Path]):
        self.roots = roots

    def __call__(self, change: Change, path: str) -> bool:
        return self.drawing(Path(path))

    def drawing(self, path: Path) -> bool:
        for root in self.roots:
            if path.is_relative_to(root):
                parts = path.relative_to(root).parts
                return (
                    bool(parts) and parts[0] not in FOLDERS_NOT_DRAWN and not any(map(EDITOR_TEMPORARY.search, parts))
                )
        return False


class _OneLine(logging.Filter):
    """uvicorn's log as printkit keeps it: a line for each request it refuses, without advice to
    install a WebSocket library (the preview has no use for one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("No supported WebSocket library")


LOG_CONFIG = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line": {"()": _OneLine}},
    "formatters": {"printkit": {"format": "printkit serve: %(message)s"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "printkit",
            "filters": ["one_line"],
        }
    },
    "loggers": {"uvicorn": {"handlers": ["stderr"], "level": "WARNING", "propagate": False}},
}


class LoopErrors:
    """What the event loop cannot handle itself (accept() failing while the process has no file
    descriptors left, say) as one line, and then no more of the same kind for QUIET seconds: asyncio
    would print a traceback for each of thousands of retries a second."""

    QUIET = 10.0

    def __init__(self) -> None:
        self.said: dict[str, float] = {}

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict) -> None:
        message = str(context.get("message") or "an error in the event loop")
        error = context.get("exception")
        now = time.monotonic()
        if now - self.said.get(message, -self.QUIET) < self.QUIET:
            return
        self.said[message] = now
        reason = f": {one_line(str(error) or type(error).__name__)}" if error is not None else ""
        print(f"printkit serve: {one_line(message)}{reason} (the preview goes on)", file=sys.stderr, flush=True)


def serve(roots: list[Path], port: int, language: str | None, open_browser: bool = False) -> None:
    if not 0 <= port <= 65535:
        raise UsageError(f"--port must be from 0 to 65535, got {port}")
    listening = _listening(port)
    try:
        previews = _previews(roots)
        for preview in previews.values():  # as `build --lang`: a locale a pack does not declare is refused
            pack = preview.snapshot.pack
            not_declared = undeclared(pack, [language]) if pack is not None and language is not None else None
            if not_declared is not None:
                raise not_declared
        _run(listening, previews, language, open_browser)
    except KeyboardInterrupt:  # Ctrl-C is how one stops it (uvicorn stops, then passes the signal on)
        pass
    finally:
        listening.close()


def _previews(roots: list[Path]) -> dict[str, Preview]:
    """Each pack loaded, by id (a pack named twice is served once)."""
    previews: dict[str, Preview] = {}
    for root in dict.fromkeys(root.resolve() for root in roots):
        if root.name in previews:
            raise UsageError(f"two packs are named '{root.name}': {previews[root.name].root} and {root}")
        previews[root.name] = Preview(root)
    return previews


def _run(listening: socket.socket, previews: dict[str, Preview], language: str | None, open_browser: bool) -> None:
    events = Events()
    server: uvicorn.Server

    @contextlib.asynccontextmanager
    async def lifespan(app):
        asyncio.get_running_loop().set_exception_handler(LoopErrors())
        stop = asyncio.Event()
        watching = asyncio.create_task(_watch(previews, events, stop))
        address = f"http://{HOST}:{listening.getsockname()[1]}/"
        print(f"serving {counted(len(previews), 'pack')} at {address} (Ctrl-C to stop)", flush=True)
        if open_browser:  # in a thread: a browser that starts slowly does not hold up the first page
            asyncio.get_running_loop().run_in_executor(None, webbrowser.open, address)
        try:
            yield
        finally:
            stop.set()
            await watching

    app = application(previews, language, events, lambda: server.should_exit)
    app.router.lifespan_context = lifespan
    config = uvicorn.Config(
        app,
        log_config=LOG_CONFIG,
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
        proxy_headers=False,  # no proxy stands before it: a client's X-Forwarded-* headers are its own words
        ws="none",
    )
    server = uvicorn.Server(config)
    server.run(sockets=[listening])


def _listening(port: int) -> socket.socket:
    """A socket bound to the loopback address at port; a busy port is the user's to change."""
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Inherited by each connection: a response's headers and body are sent at once, not 40 ms apart
    # (Nagle's algorithm waiting for the browser's delayed acknowledgement of the headers).
    listening.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        listening.bind((HOST, port))
    except OSError as error:
        listening.close()
        if error.errno == errno.EADDRINUSE:
            raise UsageError(f"port {port} is in use; choose another with --port N") from None
        raise UsageError(f"port {port} cannot be used: {error.strerror}; choose another with --port N") from None
    listening.listen(128)
    return listening


async def _watch(previews: dict[str, Preview], events: Events, stop: asyncio.Event) -> None:
    """Load a pack again whenever a file of its folder changes, and tell the pages what changed.
    Each of the packs' own folders is watched by itself (a recursive watch would follow links
    out of the pack, into /usr); a folder made or removed is watched anew."""
    by_root = {preview.root: preview for preview in previews.values()}  # resolved once, by _previews
    drawing = _PackFiles(list(by_root))

    def packs(paths: Iterable[str]) -> set[Path]:
        return {root for path in paths for root in by_root if Path(path).is_relative_to(root)}

    rewatched: set[Path] = set()  # packs whose folders changed: loaded again once the new ones are watched
    while not stop.is_set():
        folders = {folder for root in by_root for folder in folders_under(root, drawing.drawing)}
        watching = awatch(
            *folders,
            watch_filter=drawing,
            step=STEP_MS,
            debounce=DEBOUNCE_MS,
            stop_event=stop,
            rust_timeout=500,
            yield_on_timeout=True,  # an empty batch once watching, at the latest: rewatched packs load then
            recursive=False,
        )
        try:
            async with contextlib.aclosing(watching):
                async for changes in watching:
                    for root in sorted(rewatched | packs(path for _, path in changes)):
                        saved = sorted(
                            {Path(path).relative_to(root) for _, path in changes if Path(path).is_relative_to(root)}
                        )
                        await _reload_or_say(by_root[root], events, saved)
                    rewatched = packs(path for change, path in changes if _moves_a_folder(change, Path(path), folders))
                    if rewatched:
                        break
        except FileNotFoundError:  # a folder was removed before it was watched: they are listed again
            rewatched = set(by_root)


def _reloaded(pack_id: str, saved: list[Path], changed: list[str] | None, seconds: float) -> str:
    """The terminal's line of a reload: `tiny: cards.yaml saved; 1 component redrawn (ash-owl), 0.21 s`."""
    files = ", ".join(map(str, saved[:MAX_NAMED])) + (
        f" and {len(saved) - MAX_NAMED} more" if len(saved) > MAX_NAMED else ""
    )
    if changed is None:
        what = "nothing shown changed"
    else:
        named = ", ".join(changed[:MAX_NAMED]) + (", ..." if len(changed) > MAX_NAMED else "")
        what = f"{counted(len(changed), 'component')} redrawn" + (f" ({named})" if changed else "")
    return f"{pack_id}: {files or 'its folders'} changed; {what}, {seconds:.2f} s"


def _moves_a_folder(change: Change, path: Path, folders: set[Path]) -> bool:
    """Whether a change makes a folder of the pack (not a link to one) or removes one that is watched."""
    if change == Change.deleted:
        return path in folders
    try:
        return change == Change.added and stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:  # gone again already: its removal comes next
        return False


async def _reload_or_say(preview: Preview, events: Events, saved: list[Path]) -> None:
    """The pack loaded again; a failure of printkit's own is one line on the terminal, and the preview
    goes on watching (the pages keep what they show until a save loads again)."""
    try:
        await _reload(preview, events, saved)
    except Exception as error:  # a bug in printkit: said, not the end of the preview
        print(
            f"printkit serve: reloading {preview.id} failed: {one_line(repr(error))} (a bug in printkit; please "
            "report it); watching on",
            file=sys.stderr,
            flush=True,
        )


async def _reload(preview: Preview, events: Events, saved: list[Path]) -> None:
    """The pack loaded again, the pages told what changed, and the terminal a line of it (the files
    saved, the components drawn again, the time it took) and a line for each new problem."""
    started = time.monotonic()
    before = preview.snapshot.all_problems()
    changed = await asyncio.to_thread(preview.reload)
    print(_reloaded(preview.id, saved, changed, time.monotonic() - started), flush=True)
    for problem in sorted(preview.snapshot.all_problems() - before):
        print(f"  {problem}", flush=True)
    if changed is not None:
        events.publish("update", {"pack": preview.id, "changed": changed})
        if len(changed) <= DRAW_AHEAD:  # drawn while pages fetch themselves again: their images are ready sooner
            await asyncio.to_thread(preview.draw_ahead, changed)
