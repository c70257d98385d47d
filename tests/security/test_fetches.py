"""A rulebook fetches nothing from outside its pack: an SVG, a style sheet or a template that asks
for a web address or another file fails the build at the file and line that asked, and the
fetcher refused the request without fetching it."""

import json
from pathlib import Path

import pytest

from printkit.rulebook import book as rulebook

TEMPLATE = (
    '<html lang="en"><head><title>t</title>\n<link rel="stylesheet" href="style/extra.css"></head>\n'
    '<body><p>Rules.</p>\n<img src="art/diagram.svg" alt="A diagram">\n</body></html>\n'
)
SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" viewBox="0 0 20 10">\n'
    '<rect width="20" height="10" fill="#5b8fb9"/>\n{image}\n</svg>\n'
)
CSS = "{rule}\np {{ color: #1d1d1b; }}\n"
ASKS = "the rulebook asks for {url}, outside the pack; nothing was fetched (use files inside the pack folder)"

# case -> (what the SVG draws, what the style sheet adds, what the template adds, where it is refused, the URL)
CASES = {
    "an SVG image on the web": (
        '<image href="http://example.com/x.png" width="5" height="5"/>',
        "",
        "",
        "art/diagram.svg:3:8",
        "http://example.com/x.png",
    ),
    "an SVG image from another file": (
        '<image xlink:href="file:///etc/hostname" width="5" height="5" xmlns:xlink="http://www.w3.org/1999/xlink"/>',
        "",
        "",
        "art/diagram.svg:3:14",
        "file:///etc/hostname",
    ),
    "a style sheet that imports from the web": (
        "",
        '@import url("http://example.com/x.css");',
        "",
        "style/extra.css:1:9",
        "http://example.com/x.css",
    ),
    "a style sheet background on the web": (
        "",
        "p { background: url(https://example.com/bg.png); }",
        "",
        "style/extra.css:1:17",
        "https://example.com/bg.png",
    ),
    "a template image on the web": (
        "",
        "",
        '<img src="https://example.org/a.png" alt="A">',
        "templates/rulebook.html.j2:5:6",
        "https://example.org/a.png",
    ),
    "a template object on the web": (
        "",
        "",
        '<object data="http://example.com/o.svg" type="image/svg+xml">O</object>',
        "templates/rulebook.html.j2:5:9",
        "http://example.com/o.svg",
    ),
    "a template image from another file": (
        "",
        "",
        '<img src="file:///etc/passwd" alt="A">',
        "templates/rulebook.html.j2:5:6",
        "file:///etc/passwd",
    ),
}


@pytest.fixture
def spy(monkeypatch, tmp_path):
    """What each fetcher the build made refused. Rulebooks are made in a child process, so the
    fetchers note it in a file: a line per fetcher made and per request, with its refusals so far."""
    log, original = tmp_path / "fetches.jsonl", rulebook._fetcher

    def note(fetcher) -> None:
        with log.open("a") as file:
            file.write(json.dumps([id(fetcher), fetcher.refused]) + "\n")

    def recording(*args):
        fetcher = original(*args)
        asked = fetcher.fetch

        def fetch(url, headers=None):
            try:
                return asked(url, headers)
            finally:
                note(fetcher)

        fetcher.fetch = fetch
        note(fetcher)
        return fetcher

    def refused() -> list[list[str]]:
        last: dict[int, list[str]] = {}
        for line in log.read_text().splitlines() if log.exists() else []:
            key, urls = json.loads(line)
            last[key] = urls
        return list(last.values())

    monkeypatch.setattr(rulebook, "_fetcher", recording)
    return refused


def pack_with(tmp_path: Path, image: str, rule: str, extra: str) -> Path:
    root = tmp_path / "gen"
    for folder in ("templates", "art", "style"):
        (root / folder).mkdir(parents=True)
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\n")
    (root / "components.yaml").write_text("cards:\n  - {id: ember, name: Ember}\n")
    (root / "rulebook.yaml").write_text("sections:\n  - title: Setup\n    blocks:\n      - Shuffle.\n")
    (root / "templates" / "rulebook.html.j2").write_text(TEMPLATE.replace("</body>", extra + "\n</body>"))
    (root / "art" / "diagram.svg").write_text(SVG.format(image=image))
    (root / "style" / "extra.css").write_text(CSS.format(rule=rule))
    return root


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_request_outside_the_pack_fails_where_it_was_made(run, tmp_path, spy, case):
    image, rule, extra, where, url = CASES[case]
    pack = pack_with(tmp_path, image, rule, extra)
    code, _, err = run("build", pack, "--lang", "en", "--jobs", "1", "--out", tmp_path / "out")
    assert code == 1 and "Traceback" not in err
    assert err.splitlines() == [f"{pack}/{where}: {ASKS.format(url=url)}", "1 problem found"]
    assert spy() == [[url]]
    assert not (tmp_path / "out").exists()


def test_the_packs_own_svg_and_style_sheet_are_served(run, tmp_path, spy):
    pack = pack_with(tmp_path, "", "", "")
    assert run("build", pack, "--lang", "en", "--jobs", "1", "--out", tmp_path / "out")[0] == 0
    assert spy() == [[]]
    assert (tmp_path / "out" / "gen" / "gen-rulebook-en.pdf").is_file()


BOMB = '<!ENTITY a "{}">'.format("a" * 50) + "".join(
    f'<!ENTITY {name} "{("&" + previous + ";") * 20}">' for previous, name in zip("abcd", "bcde", strict=False)
)
OUTSIDE = '<!ENTITY e SYSTEM "file:///etc/hostname">'


@pytest.mark.parametrize("entities", [BOMB, OUTSIDE], ids=["bomb", "another file"])
def test_an_svg_with_entities_is_refused_where_the_template_shows_it(run, tmp_path, spy, entities):
    """WeasyPrint parses SVG without entities, so neither a bomb nor another file gets in."""
    pack = pack_with(tmp_path, "<text>&e;</text>", "", "")
    svg = pack / "art" / "diagram.svg"
    svg.write_text(f"<?xml version='1.0'?>\n<!DOCTYPE svg [{entities}]>\n" + svg.read_text())
    code, _, err = run("build", pack, "--lang", "en", "--jobs", "1", "--out", tmp_path / "out")
    assert err.splitlines() == [
        f"{pack}/templates/rulebook.html.j2:4:6: typesetting failed: Failed to load image at '{svg.as_uri()}'",
        "1 problem found",
    ]
    assert code == 1 and spy() == [[]]
    assert not (tmp_path / "out").exists()
