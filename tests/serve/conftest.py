"""Fixtures of the tests of `printkit serve`: the real server, run as a process with --port 0 on a
copy of a small pack, and raw HTTP (http.client, which sends a path as it is given)."""

import http.client
import json
import os
import selectors
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TINY = Path(__file__).resolve().parent / "packs" / "tiny"
STARTUP_SECONDS = 60  # a busy 2-core machine is slow to import and load
EVENT_SECONDS = 20


@dataclass
class Server:
    port: int
    process: subprocess.Popen
    pack: Path  # the served copy, to edit

    def get(self, path: str, host: str = "127.0.0.1") -> tuple[int, dict[str, str], bytes]:
        """Status, headers and body of a GET of exactly this path (nothing normalised on the way)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.putrequest("GET", path, skip_host=True)
            connection.putheader("Host", f"{host}:{self.port}")
            connection.endheaders()
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def page(self, path: str) -> str:
        status, _, body = self.get(path)
        assert status == 200, body
        return body.decode("utf-8")

    def post(self, path: str, form: str) -> str:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request("POST", path, form, {"Content-Type": "application/x-www-form-urlencoded"})
            response = connection.getresponse()
            body = response.read().decode("utf-8")
            assert response.status == 200, body
            return body
        finally:
            connection.close()

    def events(self) -> "Events":
        return Events(self.port)


class Events:
    """An open /events stream, read an event at a time."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=EVENT_SECONDS)
        self.connection.request("GET", "/events")
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type").startswith("text/event-stream")
        assert self.response.readline() == b"retry: 1000\n"  # sent at once: the stream is open
        self.response.readline()

    def next(self) -> tuple[str, dict]:
        """The next event's name and data (comments that keep the stream open are passed over)."""
        name, data = "", ""
        while True:
            line = self.response.readline().decode("utf-8").rstrip("\n")
            if line.startswith("event: "):
                name = line.removeprefix("event: ")
            elif line.startswith("data: "):
                data = line.removeprefix("data: ")
            elif not line and name:
                return name, json.loads(data)

    def close(self) -> None:
        self.connection.close()


def start(pack: Path, workdir: Path, *arguments: str) -> Server:
    """`printkit serve PACK --port 0` in workdir, once it has printed its address line."""
    process = subprocess.Popen(
        [sys.executable, "-m", "printkit", "serve", pack.name, "--port", "0", *arguments],
        cwd=workdir,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        line = process.stdout.readline() if selector.select(STARTUP_SECONDS) else ""
    if not line:
        process.kill()
        pytest.fail(f"printkit serve printed no address:\n{process.communicate()[1]}", pytrace=False)
    prefix = "serving 1 pack at http://127.0.0.1:"
    assert line.startswith(prefix) and line.endswith("/ (Ctrl-C to stop)\n"), line
    return Server(int(line.removeprefix(prefix).split("/")[0]), process, workdir / pack.name)


def stop(server: Server) -> tuple[int, str, str]:
    """Ctrl-C, as a user stops it: its exit code, and what it printed after its address."""
    server.process.send_signal(2)  # SIGINT
    try:
        out, err = server.process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        server.process.kill()
        out, err = server.process.communicate()
    return server.process.returncode, out, err


def served(workdir: Path) -> Iterator[Server]:
    pack = Path(shutil.copytree(TINY, workdir / TINY.name))
    server = start(pack, workdir)
    try:
        yield server
    finally:
        if server.process.poll() is None:
            stop(server)


@pytest.fixture(scope="module")
def tiny_server(tmp_path_factory) -> Iterator[Server]:
    """The server on a copy of the tiny pack, for the tests of a module that do not edit it."""
    yield from served(tmp_path_factory.mktemp("serve"))


@pytest.fixture
def own_server(tmp_path) -> Iterator[Server]:
    """A server of the test's own, on a copy it may edit."""
    yield from served(tmp_path)
