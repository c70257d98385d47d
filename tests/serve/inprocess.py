"""Requests to the preview's application in the test's own process, straight through ASGI (no
server, no socket): for tests that change a pack's state between the reads of one request."""

import asyncio
from urllib.parse import urlsplit

from printkit.serve.app import Events, application
from printkit.serve.packs import Preview


def request(preview: Preview, method: str, url: str, body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of a request to the application serving preview."""
    app = application({preview.id: preview}, None, Events(), lambda: False)
    parts = urlsplit(url)
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": parts.path,
        "raw_path": parts.path.encode(),
        "query_string": parts.query.encode(),
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1"), (b"content-length", str(len(body)).encode())],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    messages = [{"type": "http.request", "body": body, "more_body": False}]
    sent: list[dict] = []

    async def receive() -> dict:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    headers = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return sent[0]["status"], headers, b"".join(m.get("body", b"") for m in sent[1:])
