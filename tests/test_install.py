"""printkit as people install it: under its own name, with optional parts that say what to install
when they are missing, system libraries named per operating system, and a quick start."""

from __future__ import annotations

import importlib.abc
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from printkit.base import requires
from printkit.i18n import po_file

REPO = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())
# what `--help` and a small `check` must not load: each is imported by the one command that uses it
HEAVY = ("weasyprint", "starlette", "uvicorn", "watchfiles", "openpyxl", "odf", "pypdfium2", "rich")


def test_the_distribution_is_printkit_tabletop_and_the_command_printkit():
    project = PYPROJECT["project"]
    assert project["name"] == "printkit-tabletop"
    assert project["scripts"] == {"printkit": "printkit.__main__:run"}
    assert project["license-files"] == ["LICENSE"]
    assert (REPO / "LICENSE").read_text().startswith("MIT License\n")


def test_every_optional_part_printkit_names_is_an_extra_that_installs_its_modules():
    extras = PYPROJECT["project"]["optional-dependencies"]
    for extra, (_, modules) in requires.EXTRAS.items():
        distributions = " ".join(extras[extra]).lower()
        for distribution in modules.values():
            assert distribution in distributions, (extra, distribution)
        assert extra in extras["all"][0].split("[")[1]


def test_the_locks_pin_every_package_with_hashes_and_agree():
    """requirements.lock is what `./dev build` installs, requirements-dev.lock what tests run on:
    the same version of every package both hold."""

    def pins(name: str) -> dict[str, str]:
        lines = (REPO / name).read_text().splitlines()
        pinned = {}
        for number, line in enumerate(lines):
            if line and not line[0].isspace() and not line.startswith("#"):
                package, _, version = line.split(" ;")[0].split(" \\")[0].partition("==")
                assert version, f"{name}: {line} is not pinned"
                assert "--hash=sha256:" in lines[number + 1], f"{name}: {package} has no hash"
                pinned[package] = version
        return pinned

    app, dev = pins("requirements.lock"), pins("requirements-dev.lock")
    assert {"weasyprint", "reportlab", "babel", "starlette", "openpyxl", "setuptools"} <= app.keys()
    assert {"pytest", "mypy", "ruff", "uv"} <= dev.keys()
    assert {package: dev[package] for package in app} == app


class _Unimportable(importlib.abc.MetaPathFinder):
    """Imports of the named modules fail as they do where they are not installed."""

    def __init__(self, *names: str, error: type[Exception] = ModuleNotFoundError):
        self.names, self.error = names, error

    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in self.names:
            raise self.error(f"cannot load {fullname} (test)")
        return None


@pytest.fixture
def without(monkeypatch):
    def hide(*names: str, error: type[Exception] = ModuleNotFoundError) -> None:
        for name in list(sys.modules):
            if name.split(".")[0] in names:
                monkeypatch.delitem(sys.modules, name)
        monkeypatch.setattr(sys, "meta_path", [_Unimportable(*names, error=error), *sys.meta_path])

    return hide


def test_the_preview_without_its_packages_says_which_extra_to_install(run, without):
    without("starlette", "uvicorn")
    assert run("serve", "skystones", "--port", "0") == (
        1,
        "",
        "printkit: the live preview (printkit serve) needs starlette, uvicorn, which are not installed "
        "(pip install 'printkit-tabletop[preview]')\n",
    )


def test_a_workbook_export_without_its_packages_says_which_extra_to_install(run, without, tmp_path):
    without("openpyxl", "odf")
    assert run("export", "skystones", "--to", tmp_path / "cards.xlsx") == (
        1,
        "",
        "printkit: writing spreadsheets (printkit export to .xlsx or .ods) needs openpyxl, odfpy, which are not "
        "installed "
        "(pip install 'printkit-tabletop[export]')\n",
    )
    assert not (tmp_path / "cards.xlsx").exists()
    code, out, _ = run("export", "skystones", "--section", "cards", "--to", tmp_path / "cards.csv")
    assert (code, out.split(":")[0]) == (0, f"wrote {tmp_path / 'cards.csv'}")


def test_rulebooks_without_pango_are_one_line_naming_what_to_install_and_nothing_is_written(run, without, tmp_path):
    """WeasyPrint's own answer is a page of text and an OSError from cffi: printkit says it in a line."""
    without("weasyprint", error=OSError)
    code, out, err = run("build", "skystones", "--lang", "en", "--jobs", "1", "--out", tmp_path / "out")
    assert (code, out) == (1, "")
    assert err == (
        "printkit: rulebooks need Pango, which was not found: install pango "
        "(Debian, Ubuntu: apt-get install libpango-1.0-0 libpangoft2-1.0-0; Fedora: dnf install pango)\n"
    )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("platform", "hint"),
    [
        ("darwin", "install it with Homebrew: brew install pango"),
        (
            "win32",
            "install the GTK3 runtime as WeasyPrint's documentation says "
            "(github.com/tschoonj/GTK-for-Windows-Runtime-Environment-Installer), then open a new terminal; "
            "if it is still not found, set WEASYPRINT_DLL_DIRECTORIES to the runtime's bin folder",
        ),
    ],
)
def test_a_missing_library_is_named_with_the_way_each_system_installs_it(monkeypatch, platform, hint):
    monkeypatch.setattr(sys, "platform", platform)
    assert requires.missing_library("pango") == f"rulebooks need Pango, which was not found: {hint}"


def test_po_files_without_libunistring_are_one_line_naming_what_to_install(run, monkeypatch, tmp_path):
    monkeypatch.setattr(po_file.ctypes.util, "find_library", lambda name: None)
    monkeypatch.setattr(po_file, "_unistring", po_file._unistring.__wrapped__)  # not the library found before
    pack = tmp_path / "skystones"
    subprocess.run(["cp", "-r", REPO / "content" / "skystones", pack], check=True)
    before = (pack / "locales" / "skystones.pot").read_bytes()
    (pack / "cards.yaml").write_text((pack / "cards.yaml").read_text().replace("Ember Fox", "Ember Fox the Bold", 1))
    assert run("i18n", "extract", pack) == (
        1,
        "",
        "printkit: writing PO catalogs as msgcat writes them needs GNU libunistring, which was not found: "
        "install gettext (Debian, Ubuntu: apt-get install gettext; Fedora: dnf install gettext)\n",
    )
    assert (pack / "locales" / "skystones.pot").read_bytes() == before


def _imported_by(*arguments: str) -> set[str]:
    """The top-level packages a printkit command line imports, run as its own process."""
    script = (
        "import sys\nfrom printkit.cli import main\n"
        f"try:\n    main({list(arguments)!r})\nexcept SystemExit:\n    pass\n"  # --help exits
        "print(' '.join(sorted({name.split('.')[0] for name in sys.modules})), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, check=True)
    return set(result.stderr.splitlines()[-1].split())


def test_help_imports_neither_the_content_model_nor_any_drawing_library():
    for command in (["--help"], ["build", "--help"]):
        assert not _imported_by(*command) & {
            *HEAVY,
            "pydantic",
            "reportlab",
            "PIL",
            "babel",
            "jinja2",
            "yaml",
            "uharfbuzz",
        }


def test_checking_a_small_pack_loads_no_typesetter_server_or_spreadsheet_writer():
    assert not _imported_by("check", "skystones") & set(HEAVY)
