"""An SVG file of a pack is refused, with the reason a person can act on, before anything could
resolve its entities, run it, fetch for it or expand it without bound (printkit.content.svg_safety)."""

from __future__ import annotations

import random

import pytest

from printkit.content.svg_safety import MAX_DRAWN, svg_findings

NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
WHAT = "icon file 'icons/lantern.svg'"
PLAIN = "save it as plain SVG (Inkscape: File > Save As > Plain SVG)"
RUN = "remove it: art is drawn, never run"
INSIDE = "draw everything in the one file; embed a PNG or JPEG as a data: URI if you must"


def svg(body: str) -> bytes:
    return f'<svg {NS} viewBox="0 0 10 10">{body}</svg>'.encode()


def laughs(levels: int, copies: int) -> bytes:
    """A billion laughs made of <use>: each level copies the one below `copies` times."""
    groups = ['<g id="l0"><path d="M0 0h1v1z"/></g>']
    for level in range(1, levels + 1):
        uses = "".join(f'<use href="#l{level - 1}"/>' for _ in range(copies))
        groups.append(f'<g id="l{level}">{uses}</g>')
    return svg("<defs>" + "".join(groups) + f'</defs><use href="#l{levels}"/>')


def test_a_plain_icon_with_gradients_uses_and_an_embedded_png_passes():
    body = (
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fc0"/></linearGradient>'
        '<path id="flame" d="M5 1 C7 4 3 4 5 1z"/></defs>'
        '<use xlink:href="#flame" fill="url(#g)"/><use href=" #flame" style="fill: url(\'#g\')"/>'
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>'
    )
    assert svg_findings(svg(body), WHAT) == ()


@pytest.mark.parametrize(
    ("data", "finding"),
    [
        (
            b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>',
            (f"{WHAT} has a DOCTYPE or entities, which printkit does not read", PLAIN),
        ),
        (
            b'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>',
            (f"{WHAT} has a DOCTYPE or entities, which printkit does not read", PLAIN),
        ),
        (b"<svg><path></svg>", (f"{WHAT} is not well-formed XML (line 1, column 14)", PLAIN)),
        (b"<html/>", (f"{WHAT} is not an SVG image: its root element is <html>", PLAIN)),
        (svg("<script>alert(1)</script>"), (f"{WHAT} has a <script> element, which printkit does not draw", RUN)),
        (
            svg("<foreignObject><p xmlns='http://www.w3.org/1999/xhtml'>hi</p></foreignObject>"),
            (f"{WHAT} has a <foreignObject> element, which printkit does not draw", RUN),
        ),
        (svg('<rect onload="alert(1)"/>'), (f"{WHAT} has an event attribute onload= on <rect>", RUN)),
        (
            svg('<image xlink:href="file:///etc/passwd"/>'),
            (f"{WHAT} refers to 'file:///etc/passwd' outside the file in <image href=>", INSIDE),
        ),
        (
            svg('<use href="other.svg#a"/>'),
            (f"{WHAT} refers to 'other.svg#a' outside the file in <use href=>", INSIDE),
        ),
        (
            svg('<image href="data:image/svg+xml;base64,PHN2Zy8+"/>'),
            (f"{WHAT} refers to 'data:image/svg+xml;base64,PHN2Zy8+' outside the file in <image href=>", INSIDE),
        ),
        (
            svg('<rect fill="url(http://example.com/p.svg#x)"/>'),
            (f"{WHAT} refers to 'http://example.com/p.svg#x' outside the file in <rect fill=>", INSIDE),
        ),
        (
            svg("<style>@import 'http://example.com/a.css';</style>"),
            (f"{WHAT} imports a style sheet in <style>", INSIDE),
        ),
        (
            svg("<style>rect { fill: url('//example.com/x') }</style>"),
            (f"{WHAT} refers to '//example.com/x' outside the file in <style>", INSIDE),
        ),
        (
            svg('<use href="#g"/><g id="g"><use href="#g"/></g>'),
            (f"{WHAT} has a <use> that copies itself", "point <use> at another element"),
        ),
        (
            svg('<use href="#nothing"/>'),
            (f"{WHAT} refers to '#nothing', which no element of the file has as its id", None),
        ),
        (svg("<g>" * 60 + "</g>" * 60), (f"{WHAT} nests elements more than 50 deep", "ungroup it before saving")),
        (svg("<rect/>" * 20_001), (f"{WHAT} has more than 20,000 elements", "simplify it before saving")),
        (
            svg(f'<path d="M0 0{" l1 1" * 100_001}"/>'),
            (f"{WHAT} has a <path> longer than 500,000 characters", "simplify it before saving"),
        ),
        (
            laughs(9, 10),
            (
                f"{WHAT} draws more than {MAX_DRAWN:,} elements once <use> copies are expanded",
                "copy fewer elements, or fewer times",
            ),
        ),
        (b" " * (2 * 2**20 + 1), (f"{WHAT} is 2048 KiB; at most 2 MiB allowed", PLAIN)),
    ],
    ids=lambda value: value[0][len(WHAT) + 1 :][:30] if isinstance(value, tuple) else None,
)
def test_each_attack_is_refused_with_its_reason(data, finding):
    assert svg_findings(data, WHAT) == (finding,)


def test_a_billion_laughs_is_judged_quickly_without_recursion():
    """2 copies a level, 1,500 levels: 2^1500 elements drawn, a chain far deeper than Python recurses."""
    assert svg_findings(laughs(1_500, 2), WHAT)[0][0].startswith(f"{WHAT} draws more than")


def test_malformed_svgs_never_crash():
    """Cut, spliced and shuffled pieces of valid and hostile files: every outcome is findings or none."""
    pieces = [svg('<use href="#a"/><g id="a"><rect onclick="x"/></g>'), laughs(3, 3), svg("<style>@import x;</style>")]
    chance = random.Random(38)
    for _ in range(500):
        data = bytearray(chance.choice(pieces))
        for _ in range(chance.randint(1, 4)):
            at = chance.randrange(len(data))
            match chance.randrange(3):
                case 0:
                    del data[at : at + chance.randint(1, 8)]
                case 1:
                    data[at:at] = chance.choice(pieces)[: chance.randint(1, 40)]
                case _:
                    data[at] = chance.randrange(256)
        findings = svg_findings(bytes(data), WHAT)
        assert all(message.startswith(WHAT) for message, _ in findings)
