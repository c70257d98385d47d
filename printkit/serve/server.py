"""`printkit serve`: the preview's web server on the loopback address, and the watcher of the packs' files.

Takes: pack folders, a port (0: any free one) and the language to open packs in (None: each pack's first).
Returns: once stopped (Ctrl-C); raises UsageError when the port cannot be had, or a pack does
not declare the language. Once it listens it prints its address on stdout. Each save in a pack folder loads that pack again in a worker thread
and tells the open pages which components changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import socket
from pathlib import Path

import uvicorn
from watchfiles import Change, awatch

from printkit.base.errors import UsageError, counted
from printkit.i18n.catalog import undeclared
from printkit.serve.app import Events, application
from printkit.serve.packs import EDITOR_TEMPORARY, FOLDERS_NOT_DRAWN, Preview

HOST = "127.0.0.1"
# A save is seen as soon as the system reports it; the watcher then waits this long for more
# changes of the same save (an editor writes a file and renames it) before the pack is loaded again.
STEP_MS = 5
DEBOUNCE_MS = 200  # the longest a burst of changes (a checkout) is gathered before loading
SHUTDOWN_SECONDS = 2
DRAW_AHEAD = 4  # components edited at once whose faces are drawn before they are asked for (more: as asked)


class _PackFiles:
    """What a save can change: a file of a pack folder but a build's outputs, players' lists and
    editors' temporary files (judged inside the pack: its own folder may have any name)."""

    def __init__(self, roots: list[Path]):
        self.roots = roots

    def __call__(self, change: Change, path: str) -> bool:
        changed = Path(path)
        for root in self.roots:
            if changed.is_relative_to(root):
                parts = changed.relative_to(root).parts
                return (
                    bool(parts) and parts[0] not in FOLDERS_NOT_DRAWN and not any(map(EDITOR_TEMPORARY.search, parts))
                )
        return False


def serve(roots: list[Path], port: int, language: str | None) -> None:
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
        _run(listening, previews, language)
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


def _run(listening: socket.socket, previews: dict[str, Preview], language: str | None) -> None:
    events = Events()
    server: uvicorn.Server

    @contextlib.asynccontextmanager
    async def lifespan(app):
        stop = asyncio.Event()
        watching = asyncio.create_task(_watch(previews, events, stop))
        address = f"http://{HOST}:{listening.getsockname()[1]}/"
        print(f"serving {counted(len(previews), 'pack')} at {address} (Ctrl-C to stop)", flush=True)
        try:
            yield
        finally:
            stop.set()
            await watching

    app = application(previews, language, events, lambda: server.should_exit)
    app.router.lifespan_context = lifespan
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=SHUTDOWN_SECONDS
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
    """Load a pack again whenever a file of its folder changes, and tell the pages what changed."""
    by_root = {preview.root.resolve(): preview for preview in previews.values()}
    async for changes in awatch(
        *by_root,
        watch_filter=_PackFiles(list(by_root)),
        step=STEP_MS,
        debounce=DEBOUNCE_MS,
        stop_event=stop,
        rust_timeout=500,
    ):
        touched = {root for _, path in changes for root in by_root if Path(path).is_relative_to(root)}
        for root in sorted(touched):
            preview = by_root[root]
            changed = await asyncio.to_thread(preview.reload)
            if changed is not None:
                events.publish("update", {"pack": preview.id, "changed": changed})
                if (
                    len(changed) <= DRAW_AHEAD
                ):  # drawn while pages fetch themselves again: their images are ready sooner
                    await asyncio.to_thread(preview.draw_ahead, changed)
