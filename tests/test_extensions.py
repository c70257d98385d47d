"""Extension points check themselves: printkit's own kinds, rule kinds and widgets are whole, and one
registered without a part printkit relies on (its words, its look, its docs, outlines for its shapes)
stops every command at once, naming what is missing, instead of passing `check` and failing in
`build`; an outline that does not say its shape for shops, sheet templates and messages is refused
when it is defined."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from printkit.base.outlines import Outline
from printkit.extensions import missing_parts

REPO = Path(__file__).resolve().parent.parent


def test_printkits_own_kinds_rule_kinds_and_widgets_are_whole():
    assert missing_parts() == []


def _printkit_with(plugin: str, *arguments: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """printkit in a process of its own, with the plugin module (its source) installed on its path
    under an entry point of group printkit.component_kinds."""
    site = tmp_path / "site"
    (site / "coin_plugin-1.0.dist-info").mkdir(parents=True)
    (site / "coin_plugin-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: coin-plugin\nVersion: 1.0\n"
    )
    (site / "coin_plugin-1.0.dist-info" / "entry_points.txt").write_text("[printkit.component_kinds]\ncoins = coins\n")
    (site / "coins.py").write_text(textwrap.dedent(plugin))
    return subprocess.run(
        [sys.executable, "-m", "printkit", *arguments],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(site)},
    )


COIN = """
    from typing import ClassVar

    from printkit.content.components.base import CustomShaped, component_kind


    @component_kind("coins")
    class Coin(CustomShaped):
        '''A round coin.'''

        kind: ClassVar[str] = "coin"
"""


def test_a_component_kind_registered_without_its_word_and_look_stops_every_command_naming_them(tmp_path):
    done = _printkit_with(COIN, "check", "skystones", tmp_path=tmp_path)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "printkit: registered but incomplete: component kind 'coin' (section coins) has no word 'kind-coin' for "
        "sheet footers (printkit.i18n.words.add_word('kind-coin', ...)); component kind 'coin' (section coins) "
        "has no built-in look 'coin' (ship one: printkit.content.looks.add_builtin_looks(folder))\n"
    )


def test_a_component_kind_with_its_word_and_look_is_taken(tmp_path):
    looks = tmp_path / "site" / "coin_looks"
    looks.mkdir(parents=True)
    (looks / "coin.yaml").write_text("coin:\n  extends: chip\n")
    plugin = (
        COIN
        + f"""
    from pathlib import Path

    from printkit.content.looks import add_builtin_looks
    from printkit.i18n.words import add_word

    add_word("kind-coin", "coin")
    add_builtin_looks(Path({str(looks)!r}))
    """
    )
    done = _printkit_with(plugin, "check", "skystones", tmp_path=tmp_path)
    assert (done.returncode, done.stdout) == (0, "1 pack checked: skystones (54 components)\n")
    assert done.stderr == (  # the plugin's word, in English until the pack's catalog translates it
        "printkit: warning: skystones (de): 1 of printkit's own words is not translated to de and prints in English "
        "(translate them in content/skystones/locales/de/LC_MESSAGES/printkit.po, which 'printkit i18n update "
        "skystones' writes)\n"
    )


def test_a_component_kind_taking_a_shape_printkit_has_no_outline_for_stops_every_command_naming_it(tmp_path):
    looks = tmp_path / "site" / "coin_looks"
    looks.mkdir(parents=True)
    (looks / "coin.yaml").write_text("coin:\n  extends: chip\n")
    plugin = f"""
    from pathlib import Path
    from typing import ClassVar, Literal

    from printkit.content.components.base import CustomShaped, component_kind
    from printkit.content.looks import add_builtin_looks
    from printkit.i18n.words import add_word


    @component_kind("coins")
    class Coin(CustomShaped):
        '''A round or oval coin.'''

        kind: ClassVar[str] = "coin"
        shape: Literal["round", "oval"] = "round"


    add_word("kind-coin", "coin")
    add_builtin_looks(Path({str(looks)!r}))
    """
    done = _printkit_with(plugin, "check", "skystones", tmp_path=tmp_path)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "printkit: registered but incomplete: component kind 'coin' (section coins) takes shape 'oval', which "
        "printkit cuts no outline for (its shapes: rect, round, hex, polygon, custom, in printkit.base.outlines)\n"
    )


def test_an_outline_that_does_not_say_its_shape_for_shops_templates_and_messages_is_refused_when_defined():
    with pytest.raises(TypeError) as refused:

        class Oval(Outline):  # cut alone, as a round piece is, but its words and slot left out
            name = "oval"
            family = "oval"
            straight_cuts = False
            deck_card = False

    assert str(refused.value) == (
        "outline class Oval gives no words, slot: every outline gives its family (what a print shop's products "
        "match, e.g. 'rect'), words (what messages call it, e.g. 'rectangular') and slot (the sheet template slot "
        "it fits: 'rectangle', 'circle' or None)"
    )


def test_a_plugin_that_fails_to_load_is_one_line_naming_it(tmp_path):
    done = _printkit_with("raise ImportError('needs numpy')\n", "check", "skystones", tmp_path=tmp_path)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "printkit: the plugin coins (printkit.component_kinds) cannot be loaded: ImportError('needs numpy') "
        "(update or uninstall the package that provides it)\n"
    )


def test_a_component_kind_and_a_widget_of_an_installed_plugin_build_like_printkits_own(tmp_path):
    """The plugin the contributors' guide shows (tests/fixtures/plugins/site/coin_kind): its coins are
    read, drawn with its own built-in look and widget, and named by its word in sheet footers."""
    site = REPO / "tests" / "fixtures" / "plugins" / "site"
    pack = tmp_path / "content" / "mint"
    pack.mkdir(parents=True)
    (pack / "pack.yaml").write_text("id: mint\ntitle: Mint\n")
    (pack / "coins.yaml").write_text(
        "coins:\n"
        '  - {id: copper, name: Copper, value: 1, color: "#b87333", count: 6}\n'
        '  - {id: gold, name: Gold, value: 5, color: "#d4af37", count: 3, diameter: 30mm}\n'
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(REPO)])}

    def printkit(*arguments: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "printkit", *arguments], capture_output=True, text=True, cwd=tmp_path, env=env
        )

    built = printkit("build", "mint", "-q")
    assert (built.returncode, built.stderr) == (0, "")
    from pypdf import PdfReader

    page = PdfReader(tmp_path / "output" / "mint" / "mint-components-en-a4.pdf").pages[1]
    text = page.extract_text()
    assert text.count("5") >= 3 and text.count("1") >= 6
    assert "Mint · coin · fronts" in text
    assert "milled-rim" in printkit("looks", "widgets").stdout
    assert '"Coin"' in printkit("schema").stdout
