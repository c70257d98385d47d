"""Ink coverage: how much ink a PDF's pages take, for the build's summary of --ink-saver.

Takes: a PDF (its bytes or its file).
Returns: each page's ink coverage in per cent of the paper's area, and the pages' mean: each page rendered
by PDFium at a low resolution, each pixel's RGB read as the CMYK a printer would lay down with its
grey taken by black (C + M + Y - 2 min(C, M, Y): 100 % is a solid colour or solid black).
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2

DPI = 12  # coarse enough to be quick, fine enough for a page's share of ink (1 % or so)


def ink_coverage(pdf: bytes | Path) -> float:
    pages = page_coverage(pdf)
    return sum(pages) / len(pages) if pages else 0.0


def page_coverage(pdf: bytes | Path) -> list[float]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [
            100 * _page_coverage(page.render(scale=DPI / 72).to_pil().convert("RGB").tobytes()) for page in document
        ]
    finally:
        document.close()


def _page_coverage(rgb: bytes) -> float:
    """The share of ink of an image's RGB bytes."""
    total = 0
    for at in range(0, len(rgb), 3):
        cyan, magenta, yellow = 255 - rgb[at], 255 - rgb[at + 1], 255 - rgb[at + 2]
        total += cyan + magenta + yellow - 2 * min(cyan, magenta, yellow)
    return total / (255 * (len(rgb) // 3))
