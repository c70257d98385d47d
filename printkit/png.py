"""PNG exports: one image per component face at 300 dpi, and Tabletop Simulator deck sheets.

Takes: the drawn `Piece`s of a pack for one locale (with the build's bleed).
Returns: PNG images as bytes keyed by their file names under `png/<lang>/`: `<id>.png` and
`<id>-back.png` per component, `tts-<section>-<n>.png` sheets of up to 10 x 7 card faces (the
last slot holds the back, which Tabletop Simulator shows for hidden cards). Faces are drawn with the
same vector drawing as the PDF and rasterised by PDFium, so PNG and PDF always agree.
"""

from __future__ import annotations

import io
from itertools import groupby

import pypdfium2
from PIL import Image, ImageDraw
from reportlab.lib.units import mm

from .layout import Piece
from .render import Operators, new_canvas

DPI = 300
TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_WIDTH = 4096  # px: the widest deck image Tabletop Simulator loads comfortably


def face_images(pieces: list[Piece], bleed: float) -> dict[str, Image.Image]:
    """`<id>` and `<id>-back` -> the face as an image, trim size plus bleed on each side."""
    faces = [(p, p.front, p.component.id) for p in pieces] + \
            [(p, p.back, f"{p.component.id}-back") for p in pieces if p.back is not None]
    buffer = io.BytesIO()
    canvas = new_canvas(buffer)
    operators = Operators(canvas)
    for piece, drawing, _ in faces:
        w, h = piece.size
        canvas.setPageSize(((w + 2 * bleed) * mm, (h + 2 * bleed) * mm))
        operators.draw_at(bleed * mm, bleed * mm, drawing)
        canvas.showPage()
    canvas.save()
    document = pypdfium2.PdfDocument(buffer.getvalue())
    images = {}
    for index, (piece, _, name) in enumerate(faces):
        image = document[index].render(scale=DPI / 72).to_pil()
        if piece.shape == "round":  # transparent outside the chip, for tabletop simulators
            mask = Image.new("L", image.size, 0)
            ImageDraw.Draw(mask).ellipse((0, 0, image.width - 1, image.height - 1), fill=255)
            image.putalpha(mask)
        images[name] = image
    document.close()
    return images


def tts_sheets(pieces: list[Piece], images: dict[str, Image.Image]) -> dict[str, Image.Image]:
    """Deck sheets for each section and size of rectangular components that have a back."""
    sheets = {}
    decks = [p for p in pieces if p.shape == "rect" and p.back is not None]
    for (section, size), group in groupby(sorted(decks, key=lambda p: (p.component.section, p.size)),
                                          key=lambda p: (p.component.section, p.size)):
        group = list(group)
        per_sheet = TTS_COLUMNS * TTS_ROWS - 1
        for number, start in enumerate(range(0, len(group), per_sheet), 1):
            chunk = group[start:start + per_sheet]
            cell_w = TTS_WIDTH // TTS_COLUMNS
            cell_h = round(cell_w * size.height / size.width)
            sheet = Image.new("RGB", (cell_w * TTS_COLUMNS, cell_h * TTS_ROWS), "white")
            for slot, piece in enumerate(chunk):
                face = images[piece.component.id].resize((cell_w, cell_h), Image.LANCZOS)
                sheet.paste(face, ((slot % TTS_COLUMNS) * cell_w, (slot // TTS_COLUMNS) * cell_h))
            hidden = images[f"{chunk[0].component.id}-back"].resize((cell_w, cell_h), Image.LANCZOS)
            sheet.paste(hidden, ((TTS_COLUMNS - 1) * cell_w, (TTS_ROWS - 1) * cell_h))
            sheets[f"tts-{section}-{number}"] = sheet
    return sheets


def png_bytes(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=False, dpi=(DPI, DPI))
    return buffer.getvalue()
