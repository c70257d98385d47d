"""The translation templates committed with the bundled packs are what `printkit i18n extract`
writes today: a content edit that changes a translatable text or its box must extract again."""

import shutil
from pathlib import Path

import pytest
from conftest import BUNDLED


@pytest.mark.slow
@pytest.mark.parametrize("pack", BUNDLED)
def test_the_committed_template_is_current(pack, tmp_path, run):
    committed = Path("content") / pack / "locales" / f"{pack}.pot"
    copy = tmp_path / pack
    shutil.copytree(Path("content") / pack, copy)
    (copy / "locales" / f"{pack}.pot").unlink()
    code, _, err = run("i18n", "extract", copy)
    assert code == 0, err
    extracted = (copy / "locales" / f"{pack}.pot").read_text(encoding="utf-8")
    assert extracted == committed.read_text(encoding="utf-8"), (
        f"{committed} is stale: run 'printkit i18n extract {pack}' and commit it"
    )
