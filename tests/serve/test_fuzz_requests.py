"""Fuzzing the preview's HTTP requests: whatever their method, path (dots, encoded slashes and
bytes, long or unknown segments), query, headers (hosts, origins, form types) and body (forms with
lists, rule sets and names of lists, or any bytes), the preview answers with one of its own
statuses and a page, picture, PDF or line of text of its own: never an internal error, never a
form from another site checked, never the text of the file a link in the pack leads to.

Requests go to the application in-process through ASGI, as uvicorn hands them over once its HTTP
parser has accepted them (a Content-Length that matches the body). 40 examples run with the suite;
`FUZZ_EXAMPLES=5000 ./dev test -m fuzz tests/serve/test_fuzz_requests.py` runs a long session."""

import asyncio
import os
import shutil
import string
import urllib.parse
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from printkit.serve.packs import Preview

from .conftest import TINY
from .inprocess import app_of, respond

SECRET = "TOP-SECRET-91d4"
METHODS = ["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE"]
SEGMENTS = [
    "packs", "tiny", "en", "-", "decklist", "faces", "ember-fox", "ash-owl", "spark", "front.png", "back.png",
    "rulebook.pdf", "events", "assets", "deck", "sheets", "3.png", "preview.css", "preview.js", "decks", "hand.yaml", "theirs.yaml",
    "pack.yaml", "cards.yaml", "..", ".", "", "%2e%2e", "..%2f", "%2F", "%00", "%ff%fe", "%C3%A9", "%252e",
    "etc%2fpasswd", "x" * 300,
]  # fmt: skip
VISIBLE = string.ascii_letters + string.digits + "-._~!$&'()*+,;=:@%/"  # what a request target may hold
HOSTS = ["127.0.0.1", "localhost", "127.0.0.1:8000", "localhost:8000", "LOCALHOST", "attacker.example", ""]
ORIGINS = ["http://127.0.0.1:8000", "http://localhost:8000", "http://attacker.example", "null", "https://127.0.0.1"]
SITES = ["same-origin", "same-site", "cross-site", "none"]
FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json", "text/plain"]
LISTS = [
    "cards:\n  ember-fox: 1\n",
    "pack: tiny\nrules: hand\ncards: [ember-fox, ash-owl]\n",
    "pack: other\ncards: [ember-fox]\n",
    "cards: [ember-fox, ember-fox]\n",
    "cards:\n  ember-fox: -1\n  nobody: 1e999\n",
    "rules: zzz\n",
    "!!python/object:os.system x\n",
    "[" * 100 + "]" * 100,
    "a: &a [*a]\n",
    "\x00\x07\ufeff",
    "\t- x",
    "",
]
# A header value as HTTP carries it: visible characters and spaces, no line breaks.
VALUES = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=40)
TOKENS = st.text(string.ascii_letters + string.digits + "-!#$%&'*+.^_`|~", min_size=1, max_size=12)


@pytest.fixture(scope="module")
def preview(tmp_path_factory) -> Preview:
    """The tiny pack with a deck list linked to a secret beside it."""
    folder = tmp_path_factory.mktemp("fuzz-serve")
    (folder / "secret.yaml").write_text(f"pack: tiny\ncards: [{SECRET}]\n")
    root = Path(shutil.copytree(TINY, folder / TINY.name))
    (root / "decks" / "theirs.yaml").symlink_to(folder / "secret.yaml")
    return Preview(root)


GALLERY_DECKS = [  # the gallery's deck in its address: built by clicks, or opened from decks/
    "deck=ember-fox:2&add=ash-owl&rules=hand",
    "remove=ember-fox&deck=ember-fox:1+ember-fox:x+nothing:3",
    "open=theirs.yaml",
    "open=../pack.yaml",
    "open=hand.yaml&rules=zzz",
    "deck=" + "ember-fox:99+" * 2000,
]
ROUTES = {  # each with the method its page is asked with
    "/": "GET",
    "/packs/{pack}/": "GET",
    "/packs/{pack}/decklist": "POST",
    "/packs/{pack}/{lang}/": "GET",
    "/packs/{pack}/{lang}/faces/{component}/{face}.png": "GET",
    "/packs/{pack}/{lang}/rulebook.pdf": "GET",
    "/packs/{pack}/{lang}/decklist": "POST",
    "/packs/{pack}/{lang}/deck": "GET",
    "/packs/{pack}/{lang}/sheets": "GET",
    "/packs/{pack}/{lang}/sheets/{number}.png": "GET",
    "/events": "GET",
    "/assets/{name}": "GET",
}
PARTS = {  # the first of each is the one the tiny pack answers
    "pack": ["tiny", "other", "TINY", "..", "%2e%2e", "tiny%2f..", ""],
    "lang": ["en", "-", "de", "EN", "..", "en%00", ""],
    "component": ["ember-fox", "ash-owl", "spark", "cards.yaml:cards[9]", "..%2f..%2fpack.yaml", "%2e%2e", ""],
    "face": ["front", "back", "side", "..%2fpack", ""],
    "name": ["preview.css", "preview.js", "..%2fapp.py", "%2e%2e%2fapp.py", "preview.css%00.py", ""],
    "number": ["3", "1", "0", "99", "-1", "%2e%2e", "9" * 30, ""],
}


def sometimes(draw, values: st.SearchStrategy, usual=None):
    """usual most of the time (None: no such header), else one of values."""
    return draw(values) if draw(st.integers(0, 3)) == 0 else usual


@st.composite
def requests(draw) -> tuple[str, str]:
    """A method and a target: mostly one of the preview's routes with its method and its parts
    drawn, else any method and path."""
    methods = st.sampled_from(METHODS) | TOKENS
    if draw(st.integers(0, 3)):
        route = draw(st.sampled_from(list(ROUTES)))
        method = sometimes(draw, methods, ROUTES[route])
        parts = {
            key: sometimes(draw, st.one_of(st.sampled_from(values), st.text(VISIBLE, max_size=12)), values[0])
            for key, values in PARTS.items()
        }
        path = route.format(**parts)
    else:
        method = draw(methods)
        segments = draw(st.lists(st.one_of(st.sampled_from(SEGMENTS), st.text(VISIBLE, max_size=20)), max_size=7))
        path = "/" + "/".join(segments) + draw(st.sampled_from(["", "/"]))
    queries = ["v=0", "v=", "v=%ff", "a=1&a=2", *GALLERY_DECKS]
    query = draw(st.one_of(st.just(""), st.sampled_from(queries), st.text(VISIBLE + "?=&")))
    return method, path + ("?" + query if query else "")


@st.composite
def headers(draw) -> list[tuple[bytes, bytes]]:
    """What a browser sends from the preview's own page, mostly; each header may be anything, or missing."""
    chosen = {
        "host": sometimes(draw, st.one_of(st.sampled_from(HOSTS), VALUES, st.none()), "127.0.0.1:8000"),
        "origin": sometimes(draw, st.one_of(st.sampled_from(ORIGINS), VALUES, st.none()), ORIGINS[0]),
        "sec-fetch-site": sometimes(draw, st.one_of(st.sampled_from(SITES), VALUES, st.none()), SITES[0]),
        "content-type": sometimes(draw, st.one_of(st.sampled_from(FORM_TYPES), VALUES), FORM_TYPES[0]),
        draw(TOKENS).lower(): sometimes(draw, VALUES),
    }
    return [(name.encode(), value.encode()) for name, value in chosen.items() if value is not None]


@st.composite
def bodies(draw) -> bytes:
    fields = {
        "text": st.one_of(st.sampled_from(LISTS), st.text(max_size=200)),
        "list": st.one_of(st.sampled_from(["hand.yaml", "theirs.yaml", "../pack.yaml", "nope.yaml", ""]), st.text()),
        "rules": st.one_of(st.sampled_from(["", "hand", "zzz"]), st.text(max_size=20)),
    }
    form = draw(st.fixed_dictionaries({}, optional=fields))
    return draw(st.one_of(st.just(urllib.parse.urlencode(form).encode()), st.binary(max_size=2000)))


def other_site(sent: dict[bytes, bytes]) -> bool:
    """Whether a browser would say a page of another site sent the request (as the tests mean it)."""
    origin, site = sent.get(b"origin"), sent.get(b"sec-fetch-site")
    host = sent.get(b"host", b"").decode()
    return (origin is not None and origin.decode().lower() != f"http://{host}".lower()) or site not in (
        None,
        b"same-origin",
        b"none",
    )


LOOPBACK = ("127.0.0.1", "localhost")
KINDS = ("text/html", "text/plain", "image/png", "application/pdf", "text/css", "text/javascript", "text/event-stream")


@pytest.mark.fuzz
@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 40)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(asked=requests(), sent=headers(), body=bodies())
def test_any_request_gets_an_answer_of_the_previews_own(preview, asked, sent, body):
    method, target = asked
    status, answer_headers, answer = asyncio.run(respond(app_of(preview, stopping=True), method, target, body, sent))
    event(f"{method if method in METHODS else 'other method'} {status}")  # --hypothesis-show-statistics
    named = dict(sent)
    host = named.get(b"host", b"").decode().split(":")[0].lower()
    if host not in LOOPBACK:
        assert (status, answer) == (400, b"Invalid host header")
    elif method not in ("GET", "HEAD") and other_site(named):
        assert status == 403 and answer.startswith(b"refused: the preview takes forms only from its own pages")
    elif named.get(b"sec-fetch-site", b"same-origin") not in (b"same-origin", b"none") and not (
        named.get(b"sec-fetch-mode") == b"navigate" and named.get(b"sec-fetch-dest") == b"document"
    ):  # another site's page loading the preview's pages or images into its own
        assert status == 403 and answer.startswith(b"refused: the preview's pages and images are for its own pages")
    else:
        assert status in (200, 307, 400, 404, 405, 413, 422), answer[:2000]
    assert status == 307 or answer_headers["content-type"].startswith(KINDS)
    assert SECRET.encode() not in answer
