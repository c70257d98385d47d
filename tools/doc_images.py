"""The documentation's pictures, made from the documentation's own examples.

Takes: docs/tutorial.md (its files and commands, run by tools/doc_examples.py in a temporary
folder) and poppler's pdftoppm.
Returns: docs/img/tutorial-pages.png (the Moonpath kit's cards and hexes, its lanterns' two
sides and its path track), docs/img/tutorial-calibration.png (its calibration page), docs/img/design-a-look.png (its
cards in the look guide's look) and docs/img/rulebook.png (its rulebook's page), written by
`python tools/doc_images.py`. Run it when the tutorial or printkit's drawing changes; the tests do
not (the pictures depend on poppler's version).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
from doc_examples import run_page  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _pages(pdf: Path, pages: tuple[int, ...], dpi: int, folder: Path) -> list[Image.Image]:
    images = []
    for page in pages:
        stem = folder / f"page-{page}"
        subprocess.run(
            ["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", pdf, stem], check=True
        )
        images.append(Image.open(f"{stem}.png").convert("RGB"))
    return images


def _side_by_side(images: list[Image.Image], gap: int = 12) -> Image.Image:
    width = sum(image.width for image in images) + gap * (len(images) - 1)
    joined = Image.new("RGB", (width, max(image.height for image in images)), "#d0d0d0")
    x = 0
    for image in images:
        joined.paste(image, (x, 0))
        x += image.width + gap
    return joined


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for _ in run_page(DOCS / "tutorial.md", folder):
            pass
        pdf = folder / "output" / "moonpath" / "moonpath-components-en-a4.pdf"
        (DOCS / "img").mkdir(exist_ok=True)
        _side_by_side(_pages(pdf, (3, 5, 6, 7), 60, folder)).save(DOCS / "img" / "tutorial-pages.png", optimize=True)
        (calibration,) = _pages(pdf, (1,), 70, folder)
        calibration.save(DOCS / "img" / "tutorial-calibration.png", optimize=True)
        for _ in run_page(DOCS / "how-to" / "rulebook.md", folder):
            pass
        (rulebook,) = _pages(folder / "output" / "moonpath" / "moonpath-rulebook-en.pdf", (1,), 60, folder)
        rulebook.save(DOCS / "img" / "rulebook.png", optimize=True)
        for _ in run_page(DOCS / "how-to" / "design-a-look.md", folder):
            pass
        (page,) = _pages(pdf, (3,), 60, folder)
        page.crop((0, 0, page.width, page.height * 2 // 3)).save(DOCS / "img" / "design-a-look.png", optimize=True)


if __name__ == "__main__":
    main()
