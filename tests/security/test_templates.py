"""A pack's own rulebook template sees plain data in a bounded sandbox: every route out of it, or
past its bounds, ends in one line at the template's line with exit 1; nothing outside the output
folder is read into a PDF or written, and a failed build writes nothing."""

import re
from pathlib import Path

import pdfplumber
import pytest
from conftest import FORKED, forked_children_only
from markupsafe import Markup

from printkit.content.read import load_checked
from printkit.layout.sheets import PAPERS
from printkit.rulebook import book as rulebook
from printkit.rulebook import sandbox
from printkit.rulebook.book import Part, template_data

SECRET = "printkit-secret-7f3a1c"
HEAD = '<html lang="en"><head><title>t</title></head><body>\n'  # the route sits on line 2
TAIL = "\n</body></html>\n"
WHERE = "templates/rulebook.html.j2:2:1: "
FORBIDS = "the template tried something the sandbox forbids: "
SAFE = " (templates may only show the pack's data)"
BOUNDED = " (a rulebook template shows the pack's data; it does not compute)"

# route -> (the template's line 2, the whole problem line after the template's path and position);
# {secret} and {written} are files beside the pack that no template may read or write
ROUTES = {
    "read_text": (
        "{{ articles[0].pack.root.joinpath('{secret}').read_text() }}",
        "template error: 'dict object' has no attribute 'pack'",
    ),
    "read_text of a URI": ("{{ font_dir.read_text() }}", "template error: 'str object' has no attribute 'read_text'"),
    "write_text": (
        "{{ articles[0].pack.root.joinpath('{written}').write_text('x') }}",
        "template error: 'dict object' has no attribute 'pack'",
    ),
    "open": ("{{ open('{secret}').read() }}", "template error: 'open' is undefined"),
    "iterdir": ("{{ articles[0].pack.root.iterdir()|list }}", "template error: 'dict object' has no attribute 'pack'"),
    "__class__ and __subclasses__": (
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
        FORBIDS + "access to attribute '__class__' of 'str' object is unsafe." + SAFE,
    ),
    "__mro__ of the data": (
        "{{ articles.__class__.__mro__ }}",
        FORBIDS + "access to attribute '__class__' of 'list' object is unsafe." + SAFE,
    ),
    "__globals__": (
        "{{ cycler.__init__.__globals__ }}",
        FORBIDS + "access to attribute '__init__' of 'type' object is unsafe." + SAFE,
    ),
    "format": (
        "{{ '{0.__class__}'.format(title) }}",
        FORBIDS + "access to attribute '__class__' of 'str' object is unsafe." + SAFE,
    ),
    "format_map": (
        "{{ '{x.__class__.__mro__}'.format_map({'x': title}) }}",
        FORBIDS + "access to attribute '__class__' of 'str' object is unsafe." + SAFE,
    ),
    "self": (
        "{{ self._TemplateReference__context }}",
        FORBIDS + "access to attribute '_TemplateReference__context' of 'TemplateReference' object is unsafe." + SAFE,
    ),
    "cycler": (
        "{{ cycler(1, 2).next.__self__ }}",
        FORBIDS + "access to attribute '__self__' of 'method' object is unsafe." + SAFE,
    ),
    "joiner": (
        "{{ joiner().__call__.__globals__ }}",
        FORBIDS + "access to attribute '__call__' of 'Joiner' object is unsafe." + SAFE,
    ),
    "namespace": (
        "{{ namespace.__init__.__globals__ }}",
        FORBIDS + "access to attribute '__init__' of 'type' object is unsafe." + SAFE,
    ),
    "a list changed": (
        "{{ articles.append(1) }}",
        FORBIDS + "access to attribute 'append' of 'list' object is unsafe." + SAFE,
    ),
    "lipsum": ("{{ lipsum(10**6) }}", "template error: 'lipsum' is undefined"),
    "range(10**9)": (
        "{{ range(10**9)|list }}",
        "the template's range(1000000000) counts more than 100,000 numbers" + BOUNDED,
    ),
    "'x' * 10**10": (
        "{{ 'x' * 10**10 }}",
        "the template multiplies a text or list of length 1 by 10,000,000,000, more than 33,554,432 in all" + BOUNDED,
    ),
    "10 ** (10 ** 10)": (
        "{{ 10 ** (10 ** 10) }}",
        "the template computes 10 ** 10000000000, a number of more than 4,096 bits" + BOUNDED,
    ),
    "joining two long texts": (
        "{{ ('x' * 20000000) + ('y' * 20000000) }}",
        "the template joins texts or lists into a length of more than 33,554,432" + BOUNDED,
    ),
    "a big product": (
        "{{ (10 ** 1000) * (10 ** 1000) }}",
        "the template makes a number of more than 4,096 bits" + BOUNDED,
    ),
    "center(10**10)": (
        "{{ 'x'|center(10**10) }}",
        "the template passes on the number 10,000,000,000; at most 33,554,432 is allowed" + BOUNDED,
    ),
    "ljust(10**10)": (
        "{{ 'x'.ljust(10**10) }}",
        "the template passes on the number 10,000,000,000; at most 33,554,432 is allowed" + BOUNDED,
    ),
    "a % width": ("{{ '%999999999d' % 1 }}", "the template formats with a width of 999999999 characters" + BOUNDED),
    "a format width": (
        "{{ '{:>999999999}'.format(1) }}",
        "the template formats with a width of 999999999 characters" + BOUNDED,
    ),
    "a format filter width": (
        "{{ '%999999999d'|format(1) }}",
        "the template formats with a width of 999999999 characters" + BOUNDED,
    ),
    "replace between every character": (
        "{{ ('x' * 3000000).replace('', 'yyyyyyyyyyyyyy') }}",
        "the template's replace would make about 42,000,014 characters, more than 33,554,432" + BOUNDED,
    ),
    "the replace filter": (
        "{{ ('x' * 3000000)|replace('', 'yyyyyyyyyyyyyy') }}",
        "the template's replace would make about 42,000,014 characters, more than 33,554,432" + BOUNDED,
    ),
    "doubling in a namespace": (
        "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}"
        "{% endfor %}{{ ns.s|length }}",
        "the template makes a text or list of length 67,108,864, more than 33,554,432" + BOUNDED,
    ),
    "doubling in a macro": (
        "{% macro f(s, n) %}{{ f(s ~ s, n - 1) if n else s|length }}{% endmacro %}{{ f('x', 40) }}",
        "the template makes a text or list of length 67,108,864, more than 33,554,432" + BOUNDED,
    ),
    "an endless output": (
        "{% for i in range(100000) %}{% for j in range(100000) %}" + "x" * 60 + "{% endfor %}{% endfor %}",
        "the template makes more than 33,554,432 characters" + BOUNDED,
    ),
    "an overflowing float": (
        "{{ ('1e999'|float) * 3 }}",
        "the template makes inf, a number too large or not a number at all" + BOUNDED,
    ),
    "an overflowing literal": (  # Jinja2 wrote it into the template's code as `inf`, a name that code lacks
        "{{ [1e999][0] * 3 }}",
        "the template makes inf, a number too large or not a number at all" + BOUNDED,
    ),
    "division by zero": ("{{ 1 / 0 }}", "template error: division by zero"),
}


@pytest.fixture
def pack(tmp_path):
    """A small pack with a rulebook and a templates/ folder, and a secret file beside it."""
    root = tmp_path / "gen"
    (root / "templates").mkdir(parents=True)
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\n")
    (root / "components.yaml").write_text("cards:\n  - {id: ember, name: Ember}\n")
    (root / "rulebook.yaml").write_text("sections:\n  - title: Setup\n    blocks:\n      - Shuffle.\n")
    (tmp_path / "secret.txt").write_text(SECRET)
    return root


def write_template(pack: Path, route: str) -> None:
    outside = pack.parent
    (pack / "templates" / "rulebook.html.j2").write_text(
        HEAD
        + route.replace("{secret}", str(outside / "secret.txt")).replace("{written}", str(outside / "written.txt"))
        + TAIL
    )


def build(run, pack: Path, route: str) -> tuple[int, str]:
    write_template(pack, route)
    code, out, err = run("build", pack, "--lang", "en", "--jobs", "1", "-q", "--out", pack.parent / "out")
    return code, out + err


def files_in(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.slow
@pytest.mark.parametrize("route", sorted(ROUTES))
def test_a_route_out_of_the_template_fails_at_its_line(run, pack, route):
    template, expected = ROUTES[route]
    write_template(pack, template)
    before = files_in(pack.parent)
    code, printed = build(run, pack, template)
    assert (code, printed.splitlines()) == (1, [f"{pack}/{WHERE}{expected}", "1 problem found"])
    assert SECRET not in printed
    assert files_in(pack.parent) == before  # no output, no written.txt, nothing changed


def test_a_route_in_an_included_template_fails_at_its_own_line(run, pack):
    (pack / "templates" / "part.j2").write_text("<p>A part.</p>\n\n{{ ''.__class__ }}\n")
    code, printed = build(run, pack, "{% include 'part.j2' %}")
    assert (code, printed.splitlines()) == (
        1,
        [
            f"{pack}/templates/part.j2:3:1: {FORBIDS}access to attribute '__class__' of 'str' object is unsafe.{SAFE}",
            "1 problem found",
        ],
    )
    assert not (pack.parent / "out").exists()


@pytest.mark.slow
@forked_children_only
def test_a_template_that_runs_too_long_is_stopped_at_its_line(run, pack, monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    code, printed = build(run, pack, "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}")
    assert (code, printed.splitlines()) == (
        1,
        [f"{pack}/{WHERE}the template runs longer than 0.5 seconds" + BOUNDED, "1 problem found"],
    )
    assert not (pack.parent / "out").exists()


def test_endless_recursion_is_a_template_problem(run, pack):
    code, printed = build(run, pack, "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(1) }}")
    assert (code, printed.splitlines()) == (
        1,
        [
            f"{pack}/{WHERE}the template calls itself without end (an include or macro must not call itself forever)",
            "1 problem found",
        ],
    )
    assert not (pack.parent / "out").exists()


def pdf_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return " ".join(" ".join(page.extract_text() or "" for page in pdf.pages).split())


def test_cycler_joiner_namespace_and_self_work_on_plain_data_only(run, pack):
    """The helpers a template keeps are harmless: they count, separate and repeat the data given."""
    code, printed = build(
        run,
        pack,
        (
            "{% set ns = namespace(count=0) %}{% for s in articles[0].sections %}{% set ns.count = ns.count + 1 %}"
            "{% endfor %}{% set sep = joiner(' / ') %}{% set colour = cycler('odd', 'even') %}"
            "<p>{{ ns.count }} section: {% for s in articles[0].sections %}{{ sep() }}{{ s.title }} ({{ colour.next() }})"
            "{% endfor %} {{ articles[0].sections[0].blocks[0].text }} {{ 10**10**10 > 0 }}</p>"
            "{% block extra %}<p>In a block.</p>{% endblock %}{{ self.extra() }}"
        ),
    )
    assert (code, printed) == (0, "")
    text = pdf_text(pack.parent / "out" / "gen" / "gen-rulebook-en.pdf")
    assert text == "1 section: Setup (odd) Shuffle. True In a block. In a block."  # Jinja's ** is left-associative
    assert SECRET not in text


PLAIN = (str, int, float, bool, type(None), Markup)


def test_a_template_receives_plain_data_only():
    (skystones,) = load_checked([Path("content/skystones")])
    unsafe = []

    def walk(value, where):
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{where}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{where}[{index}]")
        elif not isinstance(value, PLAIN):
            unsafe.append(f"{where}: {type(value).__name__}")

    data = template_data([Part("en", skystones)], PAPERS["a4"])
    walk(data, "data")
    assert unsafe == []
    assert re.fullmatch(r"file:///.*/printkit/faces/fonts", data["font_dir"])


def test_the_rulebook_guide_names_every_value_a_template_sees_and_every_bound():
    guide = Path("docs/how-to/rulebook.md").read_text()
    section = guide[guide.index("## A pack's own `templates/rulebook.html.j2`") :]
    (skystones,) = load_checked([Path("content/skystones")])
    data = template_data([Part("en", skystones)], PAPERS["a4"])
    article = data["articles"][0]
    block = article["sections"][0]["blocks"][0]
    names = [*data, *article, *article["words"], *article["components"][0], *article["sections"][0], *block]
    assert [name for name in names if f"`{name}`" not in section] == []
    for bound in (sandbox.MAX_CHARS, sandbox.MAX_INT_BITS, sandbox.MAX_RANGE):
        assert f"{bound:,}" in section
    assert f"{sandbox.MAX_SECONDS:g} seconds" in section
    assert (
        f"{rulebook.MAX_MEMORY // 2**30} GiB of memory more than the build and {rulebook.MAX_SECONDS:g} seconds"
        in " ".join(section.split())
    )


@pytest.mark.slow
def test_making_a_rulebook_that_would_take_too_long_is_stopped(run, pack, monkeypatch):
    """What a template makes decides how long typesetting takes: a rulebook is made in a child
    process that is stopped after MAX_SECONDS (lowered here; 120 s in use)."""
    monkeypatch.setattr(rulebook, "MAX_SECONDS", 2.0)
    code, printed = build(run, pack, "{% for i in range(50000) %}<p>{{ i }}</p>{% endfor %}")
    assert (code, printed.splitlines()) == (
        1,
        [
            f"{pack}/templates/rulebook.html.j2:1:1: making the rulebook took longer than 2 seconds" + BOUNDED,
            "1 problem found",
        ],
    )
    assert not (pack.parent / "out").exists()


def test_making_a_rulebook_that_would_need_too_much_memory_is_stopped(run, pack, monkeypatch):
    """The child's memory is limited (lowered here; 2 GiB more than the build in use). Where the
    kernel limits it (Linux), the template's own line is blamed; elsewhere the build stops the child
    (see base.bounded), and the template is."""
    monkeypatch.setattr(rulebook, "MAX_MEMORY", 64 * 2**20)
    code, printed = build(run, pack, "{% set a = 'x' * 30000000 %}{{ (a ~ a ~ a)|length }}")
    if FORKED:
        problem = f"{pack}/{WHERE}the template needs more memory than a rulebook may use"
    else:
        problem = f"{pack}/templates/rulebook.html.j2:1:1: making the rulebook needed more than 64 MiB of memory"
    assert (code, printed.splitlines()) == (1, [problem + BOUNDED, "1 problem found"])
    assert not (pack.parent / "out").exists()
