"""The preview serves its own routes only: no URL reaches a file by its path, whatever its dots,
encoded slashes or absolute paths, and only requests for the loopback host are answered (a web
page elsewhere cannot read a pack through the browser by rebinding its name to 127.0.0.1)."""

import http.client

import pytest

from printkit.serve.app import MAX_FORM_BYTES

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
