from pathlib import Path

import pytest

from printkit.cli import main

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"


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
