"""Requests to the preview's application in the test's own process, straight through ASGI (no
server, no socket): for tests that change a pack's state between the reads of one request, send
requests at once, or send what a browser sends (Origin)."""

import asyncio
from collections.abc import Sequence
from urllib.parse import unquote

from printkit.serve.app import Events, application
from printkit.serve.packs import Preview

Answer = tuple[int, dict[str, str], bytes]  # status, headers, body


def app_of(preview: Preview, stopping: bool = False):
    """The application serving preview; stopping: as the server is once stopping (event streams end)."""
    return application({preview.id: preview}, None, Events(), lambda: stopping)


async def respond(
    app, method: str, url: str, body: bytes = b"", headers: Sequence[tuple[bytes, bytes]] | None = None
) -> Answer:
    """app's answer to a request; headers: all of them (by default the loopback Host), beside the
    Content-Length of body that the server's HTTP parser would have checked."""
    path, _, query = url.partition("?")  # as uvicorn splits the request's target
    sent_headers = [(b"host", b"127.0.0.1")] if headers is None else list(headers)
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": unquote(path),  # as uvicorn decodes it
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": sent_headers + [(b"content-length", str(len(body)).encode())],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    messages = [{"type": "http.request", "body": body, "more_body": False}]
    sent: list[dict] = []

    async def receive() -> dict:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    await app(scope, receive, send)
    answer_headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in sent[0]["headers"]}
    return sent[0]["status"], answer_headers, b"".join(m.get("body", b"") for m in sent[1:])


def request(
    preview: Preview, method: str, url: str, body: bytes = b"", headers: Sequence[tuple[bytes, bytes]] | None = None
) -> Answer:
    """Status, headers and body of a request to the application serving preview."""
    return asyncio.run(respond(app_of(preview), method, url, body, headers))
