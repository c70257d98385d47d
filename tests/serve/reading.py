"""Reading the preview's pages as the tests do: a component's figure, the versions on a page, a PNG's size."""

import re
import struct


def figure(page: str, component: str) -> str:
    """The <figure> of a component in a page."""
    match = re.search(rf'<figure class="component[^"]*" id="component-{component}".*?</figure>', page, re.S)
    assert match, f"no figure of {component}"
    return match.group()


def versions(page: str) -> dict[str, str]:
    """Each component's data-version, by id."""
    return dict(re.findall(r'<figure class="component[^"]*" id="component-([^"]+)" data-version="([^"]+)"', page))


def problems(html: str) -> list[str]:
    """The text of each problem in a piece of a page."""
    return re.findall(r'<li class="problem">(.*?)</li>', html)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])
