"""A pack's art and font files are read once, confined, and the libraries that draw them get those
bytes: a file swapped for a link to one outside the pack after it was checked is never drawn (the
bytes checked are, or none)."""

import io
import shutil
from pathlib import Path

import pypdf
from PIL import Image

from printkit.content import read

FONTS = Path("tests/fixtures/pack-fonts/fonts")
CONDENSED = FONTS / "DejaVuSansCondensed-ASCII.ttf"
OUTSIDE_FONT = Path("printkit/faces/fonts/DejaVuSerif.ttf")  # a different font: its glyphs would show


def _png(colour: str) -> bytes:
    data = io.BytesIO()
    Image.new("RGB", (4, 4), colour).save(data, "PNG")
    return data.getvalue()


def _swapped_after_checking(monkeypatch, swap) -> None:
    """swap() runs right after the pack is validated, before anything is drawn."""
    validate = read.validate_pack

    def validated_then_swapped(pack):
        found = validate(pack)
        swap()
        return found

    monkeypatch.setattr(read, "validate_pack", validated_then_swapped)


def test_art_swapped_for_a_link_after_it_was_checked_is_not_drawn(run, tmp_path, monkeypatch):
    pack = tmp_path / "gen"
    (pack / "art").mkdir(parents=True)
    (pack / "art" / "hero.png").write_bytes(_png("#0000ff"))
    (pack / "pack.yaml").write_text("id: gen\ntitle: Gen\nlocales: [en]\n")
    (pack / "cards.yaml").write_text("cards:\n  - {id: hero, name: Hero, art: art/hero.png}\n")
    (tmp_path / "secret.png").write_bytes(_png("#ff0000"))

    def swap():
        (pack / "art" / "hero.png").unlink()
        (pack / "art" / "hero.png").symlink_to(tmp_path / "secret.png")

    _swapped_after_checking(monkeypatch, swap)
    assert run("build", pack, "--no-rulebooks", "--jobs", "1", "--out", tmp_path / "out")[0] == 0
    reader = pypdf.PdfReader(tmp_path / "out" / "gen" / "gen-components-en-a4.pdf")
    colours = {
        image.image.convert("RGB").getpixel((0, 0)) for page in reader.pages for image in page.images if image.image
    }
    assert (255, 0, 0) not in colours  # the link is refused when the face is drawn: no art rather than the outside file


def test_a_font_swapped_for_a_link_after_it_was_checked_is_not_embedded(run, tmp_path, monkeypatch):
    pack = tmp_path / "kit"
    (pack / "fonts").mkdir(parents=True)
    shutil.copy(CONDENSED, pack / "fonts" / "display.ttf")
    shutil.copy(FONTS / "LICENSE-DejaVu.txt", pack / "fonts" / "LICENSE.txt")
    (pack / "pack.yaml").write_text(
        "id: kit\ntitle: Kit\nlocales: [en]\nfonts:\n  display: {regular: fonts/display.ttf, licence: fonts/LICENSE.txt}\n"
        "looks:\n  named: {front: [{text: {id: name, text: '{name}', font: display, box: [5mm, 5mm, 53mm, 10mm]}}]}\n"
        "defaults: {looks: {cards: named}}\n"
    )
    (pack / "cards.yaml").write_text("cards:\n  - {id: ember, name: Ember}\n")

    def swap():
        (pack / "fonts" / "display.ttf").unlink()
        (pack / "fonts" / "display.ttf").symlink_to(OUTSIDE_FONT.resolve())

    _swapped_after_checking(monkeypatch, swap)
    code, out, err = run("build", pack, "--no-rulebooks", "--jobs", "1", "--out", tmp_path / "out")
    assert (code, out) == (1, "")
    assert err == (
        f"printkit: font file {pack / 'fonts' / 'display.ttf'} is a link to a file outside the pack folder; printkit reads "
        "only files inside the pack (it changed while printkit drew the pack; check it, then build again)\n"
    )
    assert not (tmp_path / "out" / "kit").exists()
