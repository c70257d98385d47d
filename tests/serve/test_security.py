"""The preview serves its own routes only: no URL reaches a file by its path, whatever its dots,
encoded slashes or absolute paths, and only requests for the loopback host are answered (a web
page elsewhere cannot read a pack through the browser by rebinding its name to 127.0.0.1)."""

import pytest

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
