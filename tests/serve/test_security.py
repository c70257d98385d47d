"""The preview serves its own routes only: no URL reaches a file by its path, whatever its dots,
encoded slashes or absolute paths, and only requests for the loopback host are answered (a web
page elsewhere cannot read a pack through the browser by rebinding its name to 127.0.0.1), nor
send it a form. Lists and rulebooks, whose cost a stranger decides, hold up no other request, and
a malformed request is one line of the server's log."""

import asyncio
import http.client
import socket
import threading
import time
import urllib.parse

import pytest

from printkit.serve import decklists
from printkit.serve.app import MAX_FORM_BYTES
from printkit.serve.packs import Preview

from .conftest import TINY, stop
from .inprocess import app_of, request, respond

ESCAPES = [
    "/../pack.yaml",
    "/packs/tiny/../../tiny/pack.yaml",
    "/packs/tiny/%2e%2e/%2e%2e/pack.yaml",
    "/packs/tiny/en/faces/..%2f..%2fcards.yaml/front.png",
    "/packs/tiny/en/faces/ember-fox/..%2f..%2f..%2fpack.yaml",
    "/packs/tiny/en/faces/%2e%2e/front.png",
    "/packs/..%2ftiny/en/",
    "/assets/..%2fapp.py",
    "/assets/%2e%2e%2fapp.py",
    "/assets/../app.py",
    "/assets/preview.css%00.py",
    "/assets//etc/passwd",
    "//etc/passwd",
    "/etc/passwd",
    "/packs/tiny/decks/hand.yaml",
    "/packs/tiny/en/cards.yaml",
    "/packs/%2ftmp%2ftiny/en/",
]


@pytest.mark.parametrize("path", ESCAPES)
def test_no_path_reaches_a_file(tiny_server, path):
    status, headers, body = tiny_server.get(path)
    assert status in (400, 404)
    assert headers["content-type"].startswith(("text/html", "text/plain"))
    assert b"ember-fox" not in body and b"def " not in body and b"root:" not in body


@pytest.mark.parametrize("host", ["attacker.example", "127.0.0.1.attacker.example", "localhost.example"])
def test_another_host_is_refused(tiny_server, host):
    status, _, body = tiny_server.get("/packs/tiny/en/", host=host)
    assert (status, body) == (400, b"Invalid host header")


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_the_loopback_host_is_answered(tiny_server, host):
    status, _, _ = tiny_server.get("/", host=host)
    assert status == 200


def test_a_face_of_no_component_is_not_found(tiny_server):
    status, _, _ = tiny_server.get("/packs/tiny/en/faces/wolf/front.png")
    assert status == 404


@pytest.mark.parametrize(("name", "kind"), [("preview.css", "text/css"), ("preview.js", "text/javascript")])
def test_printkits_own_assets_are_served_by_name(tiny_server, name, kind):
    status, headers, _ = tiny_server.get(f"/assets/{name}")
    assert (status, headers["content-type"]) == (200, f"{kind}; charset=utf-8")


def post_deck_list(port: int, chunks: list[bytes], chunked: bool) -> tuple[int, bytes]:
    """A deck-list POST whose body is sent in these chunks: with its Content-Length, or chunked
    (which says nothing of its length beforehand)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.putrequest("POST", "/packs/tiny/decklist")
        connection.putheader("Content-Type", "application/x-www-form-urlencoded")
        if chunked:
            connection.putheader("Transfer-Encoding", "chunked")
        else:
            connection.putheader("Content-Length", str(sum(map(len, chunks))))
        connection.endheaders()
        try:
            for chunk in chunks:
                connection.send(b"%x\r\n%s\r\n" % (len(chunk), chunk) if chunked else chunk)
            if chunked:
                connection.send(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):  # answered and closed before the rest was sent
            pass
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_deck_list_past_the_limit_is_refused(tiny_server, chunked):
    chunks = [b"text=" + b"a" * (64 * 1024 - 5)] + [b"a" * 64 * 1024] * (MAX_FORM_BYTES // (64 * 1024))
    assert sum(map(len, chunks)) > MAX_FORM_BYTES
    assert post_deck_list(tiny_server.port, chunks, chunked) == (413, b"the list is too long")


def test_a_chunked_deck_list_within_the_limit_is_checked(tiny_server):
    status, body = post_deck_list(tiny_server.port, [b"text=cards%3A%0A", b"  ember-fox%3A 1%0A"], chunked=True)
    assert status == 200
    assert b"<h2>pasted list: legal (Hand)</h2>" in body


@pytest.fixture(scope="module")
def preview() -> Preview:
    return Preview(TINY)


LEGAL = urllib.parse.urlencode({"text": "cards:\n  ember-fox: 1\n"}).encode()


@pytest.mark.parametrize(
    "header",
    [
        ("Origin", "http://attacker.example"),
        ("Origin", "http://127.0.0.1:9"),  # another server of the same machine
        ("Origin", "null"),  # a sandboxed frame, or a file
        ("Sec-Fetch-Site", "cross-site"),
        ("Sec-Fetch-Site", "same-site"),
    ],
)
def test_a_form_sent_by_a_page_of_another_site_is_refused(preview, header):
    """Any web page can send a form to 127.0.0.1; a browser says whose page sent it."""
    name, value = header
    sent = [(b"host", b"127.0.0.1:8000"), (name.lower().encode(), value.encode())]
    status, _, body = request(preview, "POST", "/packs/tiny/decklist", LEGAL, sent)
    assert (status, body.decode()) == (
        403,
        f"refused: the preview takes forms only from its own pages, not from another site ({name}: {value})",
    )


@pytest.mark.parametrize(
    "path", ["/packs/tiny/en/faces/ember-fox/front.png", "/packs/tiny/en/", "/packs/tiny/en/rulebook.pdf", "/events"]
)
def test_another_site_cannot_load_the_previews_images_or_pages_into_its_own(preview, path):
    """An <img> or fetch of another site would tell it which packs and cards there are (red-team F11)."""
    sent = [(b"host", b"127.0.0.1:8000"), (b"sec-fetch-site", b"cross-site"), (b"sec-fetch-mode", b"no-cors")]
    sent.append((b"sec-fetch-dest", b"image"))
    status, _, body = request(preview, "GET", path, b"", sent)
    assert (status, body.decode()) == (
        403,
        "refused: the preview's pages and images are for its own pages, not another site's (Sec-Fetch-Site: "
        "cross-site)",
    )


def test_another_site_may_link_to_a_page_and_every_answer_is_for_this_site_alone(preview):
    sent = [(b"host", b"127.0.0.1:8000"), (b"sec-fetch-site", b"cross-site"), (b"sec-fetch-mode", b"navigate")]
    sent.append((b"sec-fetch-dest", b"document"))
    status, headers, _ = request(preview, "GET", "/packs/tiny/en/", b"", sent)
    assert (status, headers.get("cross-origin-resource-policy")) == (200, "same-origin")
    status, headers, _ = request(preview, "GET", "/packs/tiny/en/faces/ember-fox/front.png", b"", sent[:1])
    assert (status, headers.get("cross-origin-resource-policy")) == (200, "same-origin")


def test_a_form_sent_by_the_previews_own_page_is_checked(preview):
    sent = [(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000"), (b"sec-fetch-site", b"same-origin")]
    status, _, body = request(preview, "POST", "/packs/tiny/decklist", LEGAL, sent)
    assert status == 200
    assert b"<h2>pasted list: legal (Hand)</h2>" in body


def test_a_list_that_takes_too_long_to_check_is_stopped(preview, monkeypatch):
    monkeypatch.setattr(decklists, "LIST_SECONDS", 0.2)
    text = "cards:\n" + "".join(f"  unknown-{index}: 1\n" for index in range(30_000))  # about a second of work
    status, _, body = request(preview, "POST", "/packs/tiny/decklist", urllib.parse.urlencode({"text": text}).encode())
    assert status == 200
    assert b"<h2>pasted list: the list cannot be checked: checking it took longer than 0.2 seconds</h2>" in body
    assert b"  unknown-29999: 1\n</textarea>" in body  # kept in the form, to be shortened
    assert b'<tr id="line-1">' not in body


@pytest.mark.slow
def test_other_requests_are_answered_while_lists_of_a_mebibyte_are_checked(preview):
    """Two of the largest lists at once: each is checked, and its page made, in a child process,
    so the server's event loop is never held up for long (by rendering 262,142 lines, or by the
    garbage collector sweeping what that makes)."""
    app = app_of(preview)
    largest = b"text=" + b"a%0A" * ((MAX_FORM_BYTES - 5) // 4)  # 262,142 lines to render

    async def posts_and_longest_pause() -> tuple[list[int], float]:
        posting = asyncio.gather(*(respond(app, "POST", "/packs/tiny/decklist", largest) for _ in range(2)))
        longest, before = 0.0, time.monotonic()
        while not posting.done():
            await asyncio.sleep(0.01)
            now = time.monotonic()
            longest, before = max(longest, now - before), now
        return [status for status, _, _ in await posting], longest

    statuses, longest = asyncio.run(posts_and_longest_pause())
    assert statuses == [200, 200]
    assert longest < 0.5


@pytest.mark.slow
def test_a_packs_rulebook_is_typeset_by_one_child_at_a_time(monkeypatch):
    """Six requests at once start one child (of up to 2 GiB), and all six get what it made."""
    from printkit.rulebook import book

    make, running, most, calls, lock = book.make, 0, 0, 0, threading.Lock()

    def counted_make(*args):
        nonlocal running, most, calls
        with lock:
            running, calls = running + 1, calls + 1
            most = max(most, running)
        try:
            time.sleep(0.2)  # the others ask meanwhile
            return make(*args)
        finally:
            with lock:
                running -= 1

    monkeypatch.setattr(book, "make", counted_make)
    app = app_of(Preview(TINY))

    async def six() -> list:
        return await asyncio.gather(*(respond(app, "GET", "/packs/tiny/en/rulebook.pdf") for _ in range(6)))

    answers = asyncio.run(six())
    assert (most, calls) == (1, 1)
    assert {(status, headers["content-type"], body[:5]) for status, headers, body in answers} == {
        (200, "application/pdf", b"%PDF-")
    }


MALFORMED = [
    b"GARBAGE\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
    b"GET /\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET / HTTP/1.1\r\n\r\n",  # HTTP/1.1 without a Host
    b"GET /packs/tiny/\xff/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"POST /packs/tiny/decklist HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
]


def send_raw(port: int, data: bytes, *, then_close: bool = False) -> bytes:
    """The first line of the answer to these bytes; then_close: the client sends no more (it closes
    its side), and what the server sent before it closed the connection is returned, once it has."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(data)
        if not then_close:
            return connection.makefile("rb").readline()
        connection.shutdown(socket.SHUT_WR)
        return connection.makefile("rb").read()


@pytest.mark.slow
def test_a_malformed_request_is_one_line_of_the_log(own_server):
    for data in MALFORMED:
        assert send_raw(own_server.port, data) == b"HTTP/1.1 400 Bad Request\r\n", data
    upgrade = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"
    assert send_raw(own_server.port, upgrade) == b"HTTP/1.1 200 OK\r\n"
    # a list cut short: the client leaves before its body is whole (nothing to answer; no one would read it)
    cut = b"POST /packs/tiny/decklist HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\ntext="
    assert send_raw(own_server.port, cut, then_close=True) == b""
    code, out, err = stop(own_server)
    assert (code, out) == (0, "")
    assert err.splitlines() == ["printkit serve: Invalid HTTP request received."] * len(MALFORMED) + [
        "printkit serve: Unsupported upgrade request."
    ]
