"""Incremental builds rebuild exactly the outputs whose inputs changed, byte-identical to a clean build."""

import io
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import polib
import pytest

from printkit.build import cache
from printkit.cli import main

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent

OUTPUTS = [
    "skystones-components-de-a4.pdf",
    "skystones-components-en-a4.pdf",
    "skystones-rulebook-de.pdf",
    "skystones-rulebook-en-de.pdf",
    "skystones-rulebook-en.pdf",
]
GERMAN = ["skystones-components-de-a4.pdf", "skystones-rulebook-de.pdf", "skystones-rulebook-en-de.pdf"]
RULEBOOKS = [name for name in OUTPUTS if "rulebook" in name]
COMPONENTS = [name for name in OUTPUTS if "components" in name]


@pytest.fixture(scope="session")
def skystones_built(tmp_path_factory) -> Path:
    """A copy of the Skystones pack and its build, made once: each test edits a copy of the two."""
    root = tmp_path_factory.mktemp("skystones-built")
    shutil.copytree(REPO / "content" / "skystones", root / "content" / "skystones")
    with pytest.MonkeyPatch.context() as patch, redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
        patch.chdir(root)
        assert main(["build"]) == 0, err.getvalue()
    return root


@pytest.fixture
def kit(tmp_path, monkeypatch, run, skystones_built):
    """The built Skystones kit, copied; returns a function that rebuilds and names the outputs
    written again."""
    shutil.copytree(skystones_built, tmp_path, dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "output" / "skystones"

    def rebuild(*options: str) -> list[str]:
        before = {p.name: p.stat().st_mtime_ns for p in out.iterdir() if p.suffix == ".pdf"}
        code, _, err = run("build", *options)
        assert code == 0, err
        return sorted(
            p.name for p in out.iterdir() if p.suffix == ".pdf" and p.stat().st_mtime_ns != before.get(p.name)
        )

    return rebuild


def assert_like_a_clean_build(run, names, *options):
    clean = Path("clean")
    assert run("build", "--force", "--out", clean, *options)[0] == 0
    for name in names:
        assert (Path("output/skystones") / name).read_bytes() == (clean / "skystones" / name).read_bytes(), name


def test_nothing_changed_rebuilds_nothing(kit):
    assert kit() == []


def test_one_po_entry_rebuilds_only_the_german_outputs(kit, run):
    path = "content/skystones/locales/de/LC_MESSAGES/skystones.po"
    catalog = polib.pofile(path, wrapwidth=0)
    next(e for e in catalog if e.msgid == "Ember Fox").msgstr = "Glutfüchsin"
    catalog.save(path)
    assert kit() == GERMAN
    assert_like_a_clean_build(run, GERMAN)


def test_one_card_rebuilds_the_outputs_that_show_cards(kit, run):
    cards = Path("content/skystones/cards.yaml")
    cards.write_text(
        cards.read_text().replace(
            "edges: {top: 0, right: 0, bottom: 1, left: 0}", "edges: {top: 1, right: 0, bottom: 0, left: 0}", 1
        )
    )
    assert kit() == OUTPUTS  # the component list and figures of the rulebooks come from the cards too
    assert_like_a_clean_build(run, OUTPUTS)


def test_one_template_rebuilds_only_the_rulebooks(kit, run):
    templates = Path("content/skystones/templates")
    templates.mkdir()
    source = (
        Path(__file__).resolve().parent.parent / "printkit" / "rulebook" / "templates" / "rulebook.html.j2"
    ).read_text()
    (templates / "rulebook.html.j2").write_text(source.replace("<body>", '<body class="house-rules">'))
    assert kit() == RULEBOOKS
    assert_like_a_clean_build(run, RULEBOOKS)


def test_one_option_rebuilds_only_what_it_changes(kit, run):
    assert kit("--bleed", "3") == COMPONENTS
    assert_like_a_clean_build(run, COMPONENTS, "--bleed", "3")


@pytest.fixture
def upgraded(monkeypatch):
    """A function that makes the build see another version of a library; printkit's key is worked
    out again before and after."""
    installed = cache._version

    def upgrade(library: str) -> None:
        monkeypatch.setattr(cache, "_version", lambda name: "999.0" if name == library else installed(name))
        cache.code_key.cache_clear()

    yield upgrade
    monkeypatch.setattr(cache, "_version", installed)  # the real versions before the key is worked out again
    cache.code_key.cache_clear()


def test_another_version_of_a_drawing_library_rebuilds_everything(kit, upgraded):
    upgraded("weasyprint")
    assert kit() == OUTPUTS
    assert kit() == []


def test_a_tampered_output_is_rebuilt(kit):
    Path("output/skystones/skystones-rulebook-en.pdf").write_bytes(b"%PDF edited by hand")
    assert kit() == ["skystones-rulebook-en.pdf"]


@pytest.mark.parametrize(
    "manifest",
    ["[1, 2]", '{"skystones-rulebook-en.pdf": {"key": "x", "files": ["skystones-rulebook-en.pdf"]}}', "not json"],
)
def test_a_manifest_printkit_did_not_write_means_building_again(kit, manifest):
    """A list, an entry of another shape, or no JSON at all: forgotten, not a crash (it was exit 3)."""
    Path("output/skystones/.printkit-cache.json").write_text(manifest)
    assert kit() == OUTPUTS
    assert kit() == []


def test_force_rebuilds_everything_and_remembers_it(kit):
    assert kit("--force") == OUTPUTS
    assert kit() == []


def test_a_bug_while_planning_is_printkit_s_failure_not_a_build_without_cache(run, tmp_path, monkeypatch):
    import printkit.build.plan as plan

    def broken(options, default):
        raise TypeError("a bug in printkit")

    monkeypatch.setattr(plan, "papers_of", broken)
    code, _, err = run("build", "skystones", "--no-rulebooks", "--out", tmp_path)
    assert (code, err) == (
        3,
        "printkit: internal error: TypeError('a bug in printkit') "
        f"(run `printkit build --debug skystones --no-rulebooks --out {tmp_path}` to see where, and report it)\n",
    )


def test_a_pack_the_plan_refuses_but_the_loader_takes_fails_the_build(run, tmp_path, monkeypatch):
    """Were it built, it would be built without a cache key: again on every build, silently."""
    import printkit.build.plan as plan
    from printkit.base.errors import ValueProblem

    def refusing(value):
        raise ValueProblem("refused by a bug")

    monkeypatch.setattr(plan, "parse_id", refusing)
    code, _, err = run("build", "content/skystones", "--no-rulebooks", "--out", tmp_path)
    assert (code, err) == (
        3,
        "printkit: internal error: RuntimeError('the build cache could not plan content/skystones') "
        f"(run `printkit build --debug content/skystones --no-rulebooks --out {tmp_path}` to see where, and report it)\n",
    )
    assert not (tmp_path / "skystones").exists()


def test_a_pack_yaml_the_plan_cannot_read_is_reported_by_the_loader(run, tmp_path):
    pack = tmp_path / "kit"
    shutil.copytree("content/skystones", pack)
    (pack / "pack.yaml").write_text("id: kit\ntitle: Kit\ndefaults: a4\n")
    code, _, err = run("build", pack, "--no-rulebooks", "--out", tmp_path / "out")
    assert code == 1
    assert f"{pack}/pack.yaml:3:11: defaults: must be a mapping of keys, got 'a4'" in err.splitlines()


def test_library_versions_are_those_importlib_metadata_reports():
    from importlib import metadata

    assert {name: cache._version(name) for name in cache.DRAWING_LIBRARIES} == {
        name: metadata.version(name) for name in cache.DRAWING_LIBRARIES
    }


def test_pdfx_and_cut_svg_are_outputs_of_their_own(kit, run):
    assert kit("--pdfx", "--cut-svg") == ["skystones-components-de-a4-pdfx.pdf", "skystones-components-en-a4-pdfx.pdf"]
    cut = sorted(p.relative_to("output/skystones").as_posix() for p in Path("output/skystones/cut-svg").rglob("*.svg"))
    assert cut and cut[0] == "cut-svg/de-a4/page-03.svg"
    assert kit("--pdfx", "--cut-svg") == []
    assert_like_a_clean_build(run, ["skystones-components-en-a4-pdfx.pdf", *cut], "--pdfx", "--cut-svg")


def test_nothing_to_print_plans_no_cut_paths_or_single_pdf(run, tmp_path):
    """A pack whose components all have count: 0 writes only its PNGs, and a second build writes
    nothing, not even the cache (which planned cut paths no build would write)."""
    options = ("--cut-svg", "--shop", "single", "--pdfx", "--png")
    code, _, err = run("build", "tests/fixtures/nothing-to-print", "--out", tmp_path, "-q", *options)
    warning = (
        "printkit: warning: nothing-to-print (en): nothing to print: every component has count: 0, so no "
        "components PDF is written (nor its PDF/X, cut paths or --shop single PDF)"
    )
    assert (code, err.splitlines()) == (0, [warning])
    out = tmp_path / "nothing-to-print"
    written = {path: path.stat().st_mtime_ns for path in out.rglob("*") if path.is_file()}
    assert sorted(str(path.relative_to(out)) for path in written) == [".printkit-cache.json", "png/en/spare.png"]
    assert run("build", "tests/fixtures/nothing-to-print", "--out", tmp_path, *options)[0] == 0
    assert {path: path.stat().st_mtime_ns for path in out.rglob("*") if path.is_file()} == written


@pytest.mark.parametrize("name", ["./x.png", "png/./x.png", "png//x.png", "png/x.png/", "../x.png", "/x.png", "a\\b"])
def test_a_manifest_names_files_only_as_printkit_writes_them(name):
    """One file under many names (`./x`, `././x` …) in a manifest a pack shipped would be hashed, listed
    and served once per name."""
    from printkit.build.cache import _relative

    assert not _relative(name)
    assert _relative("png/en/x.png")
