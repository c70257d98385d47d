"""The benchmark suite still runs: its workloads call printkit's own functions (the rulebook's HTML,
the loader), which change under it; it crashed once where render_html came to take a page size.
Timing is not tested here: benchmarks/run.py measures ratios on a quiet machine."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import REPO


@pytest.mark.slow
def test_the_benchmark_runner_measures_a_rulebook_and_the_start_up():
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "run.py"), "--only", "rulebook", "--only", "help"]
        + ["--repeat", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report["results"]) == {"rulebook", "help"}
    for measured in report["results"].values():
        assert measured["printkit_s"] > 0 and measured["floor_s"] > 0 and measured["peak_mib"] > 0
    # the import table: where `printkit --help` and `printkit check` of deck-108 spend their imports
    headings = [line.split(":")[0] for line in report["imports"] if not line.startswith(" ")]
    assert headings == ["printkit --help", "printkit check deck-108"]
