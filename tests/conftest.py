from pathlib import Path

import pytest

from printkit.cli import main

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"
# The packs printkit ships under content/. Tests name them instead of reading the folder, so a pack a
# user adds there (`printkit new`), or a broken one they are working on, changes no test.
BUNDLED = ["attacktix", "skylanders-tabletop", "skylands", "skystones", "sorcerers-home-game"]


PT_PER_MM = 72 / 25.4
TOLERANCE_MM = 0.01  # the geometry bar: trims and registration to a hundredth of a millimetre


@pytest.fixture(scope="session")
def skystones():
    """The bundled Skystones pack, loaded and validated."""
    from printkit.content.validate import load_checked

    (pack,) = load_checked([REPO / "content" / "skystones"])
    return pack


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch):
    """Messages show paths relative to the current folder; tests read them from the repo root."""
    monkeypatch.chdir(REPO)


@pytest.fixture
def run(capsys):
    """Run the printkit command line; returns (exit code, stdout, stderr)."""

    def invoke(*args: str) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return invoke


def loaded_pack(tmp_path: Path, pack_yaml: str, components: str):
    """A pack 'kit' made of the given pack.yaml lines and component file, loaded and validated."""
    from printkit.content.validate import load_checked

    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text("id: kit\ntitle: Kit\n" + pack_yaml)
    (root / "components.yaml").write_text(components)
    (pack,) = load_checked([root])
    return pack
