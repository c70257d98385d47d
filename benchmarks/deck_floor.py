"""The deck benchmarks' floor: raw reportlab drawing, element for element, what printkit's built-in
`stat-card` look draws for the benchmark deck's cards, imposed as printkit imposes them.

Usage: python deck_floor.py FONT_DIR IMAGE_DIR TARGET_PDF COUNT IMAGES

Per card, as printkit's look draws it (printkit/content/builtin_looks/cards.yaml, `stat-card`, for
a card with an element, art, stats and text, and no cost, rarity, tags or back design): the card
clipped to its trim, the element's colour out to the trim, the paper (inset 5 %, rounded 4 %), the
name band (rounded, the colour tinted 25 %) with the name fitted in it, the window (tinted 80 %) with
the art fitted inside it, a cell per stat (printkit/faces/card_parts.py `stats`: a rounded cell,
the value large and the stat's name under it, each fitted to one line) and the rules text fitted to
its box (the largest size from 9 pt down to 6 pt in which it wraps into its box, as
printkit/faces/richtext.py fits it: the largest size, else bisecting), each line centred. Per page
nine cards on A4 as printkit places them, four dashed cut lines per card, the grid's 16 crop marks
and the footer line.
Geometry and colours are worked out once (what depends on no card), the values per card: the work
a drawing plan compiled from the look would leave. Not drawn: printkit's print-size check page
(one page per document, whatever the deck's size).

`rules_text` is the benchmark deck's rules text of each card (benchmarks/run.py writes it into the
pack): every card's is its own, so that no cache of fitted texts hides the fitting.
"""

from __future__ import annotations

import sys

WORDS = (
    "swift clever brave ancient hidden glowing stormy quiet golden restless wild gentle fierce lucky silver "
    "frozen burning shadow crystal hollow mighty humble eager silent distant radiant tangled hungry noble "
    "broken weary bright sudden patient curious bitter tender rapid stubborn"
).split()


PAPER = "#fbf8f1"


def rules_text(index: int) -> str:
    """Card index's 20 words: the first three spell index in base len(WORDS) (distinct for the first
    59,319 cards), the rest a run of the words from a place that moves with the card."""
    n = len(WORDS)
    digits = [WORDS[index // n**k % n] for k in range(3)]
    return " ".join(digits + [WORDS[(index * 7 + k) % n] for k in range(17)])


def main() -> None:
    from reportlab import rl_config
    from reportlab.lib.colors import HexColor
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    rl_config.useA85 = 0  # streams Flate-compressed without the ASCII85 wrapper, as printkit stores them
    font_dir, image_dir, target = sys.argv[1], sys.argv[2], sys.argv[3]
    count, images = int(sys.argv[4]), int(sys.argv[5])
    pdfmetrics.registerFont(TTFont("Sans", font_dir + "/DejaVuSans.ttf"))
    pdfmetrics.registerFont(TTFont("Sans-Bold", font_dir + "/DejaVuSans-Bold.ttf"))
    width_of = pdfmetrics.stringWidth
    pt = 1 / mm  # millimetres per point
    line_height, cap_height = 1.18, 0.72  # of the font size (printkit/faces/richtext.py)

    def tint(colour: str, share: float) -> HexColor:  # towards the paper, as printkit's tint()
        channels = [(int(colour[i : i + 2], 16), int(PAPER[i : i + 2], 16)) for i in (1, 3, 5)]
        return HexColor("#" + "".join(f"{round(c + (p - c) * share):02x}" for c, p in channels))

    colour, ink, paper = "#d9552b", HexColor("#1d1d1b"), HexColor(PAPER)
    band_fill, window_fill, cell_fill = tint(colour, 0.25), tint(colour, 0.80), tint(colour, 0.60)

    def wrap(text: str, font: str, size: float, width: float) -> list[str]:
        lines, line = [], ""
        for word in text.split():
            tried = f"{line} {word}" if line else word
            if line and width_of(tried, font, size) * pt > width:
                lines.append(line)
                line = word
            else:
                line = tried
        return lines + [line]

    def fits(lines: list[str], font: str, size: float, width: float, height: float, max_lines: int) -> bool:
        tallest = len(lines) * size * line_height * pt
        widest = max(width_of(line, font, size) for line in lines) * pt
        return len(lines) <= max_lines and tallest <= height and widest <= width

    def fitted(text: str, font: str, sizes: list[float], box: tuple, max_lines: int) -> tuple[list[str], float]:
        """The lines at the largest of sizes (largest first) that fits box: the largest, else bisecting."""
        _, _, w, h = box
        lines = wrap(text, font, sizes[0], w)
        if fits(lines, font, sizes[0], w, h, max_lines):
            return lines, sizes[0]
        fitting, overflowing = len(sizes) - 1, 0
        lines = wrap(text, font, sizes[fitting], w)
        while fitting - overflowing > 1:
            middle = (fitting + overflowing) // 2
            tried = wrap(text, font, sizes[middle], w)
            if fits(tried, font, sizes[middle], w, h, max_lines):
                fitting, lines = middle, tried
            else:
                overflowing = middle
        return lines, sizes[fitting]

    def draw_text(canvas, text: str, font: str, sizes: list[float], box: tuple, max_lines: int, color) -> None:
        """Text fitted to box (mm, from the card's bottom left), each line centred, the block in the middle."""
        x, y, w, h = box
        lines, size = fitted(text, font, sizes, box, max_lines)
        leading, cap = size * line_height * pt, size * cap_height * pt
        top = y + h - (h - (len(lines) * leading - (leading - cap))) / 2
        canvas.setFillColor(color)
        canvas.setFont(font, size)
        for index, line in enumerate(lines):
            canvas.drawCentredString((x + w / 2) * mm, (top - cap - index * leading) * mm, line)

    def steps(largest: float) -> list[float]:  # printkit's sizes: half points from the largest down to 6 pt
        return [largest - k * 0.5 for k in range(int((largest - 6) / 0.5) + 1)]

    # The card's geometry in mm from its bottom left, worked out once: a poker card's boxes.
    card_w, card_h = 63.0, 88.0
    inset = 0.05 * card_w
    panel = (0.05 * card_w + 1.5, 0.05 * card_h + 1.5, 0.9 * card_w - 3, 0.9 * card_h - 3)

    def in_panel(left: float, top: float, w: float, h: float) -> tuple[float, float, float, float]:
        px, py, pw, ph = panel
        return px + left * pw, py + ph - (top + h) * ph, w * pw, h * ph

    band, window = in_panel(0, 0, 1, 0.12), in_panel(0, 0.14, 1, 0.32)
    name_box = (band[0] + 0.15 * band[2], band[1], 0.70 * band[2], band[3])
    stats_box, body_box = in_panel(0, 0.475, 1, 0.125), in_panel(0.02, 0.615, 0.96, 0.385)
    cell = stats_box[2] / 3
    value_sizes, label_sizes, name_sizes, body_sizes = (
        steps(min(stats_box[3] * 0.5 / pt, 18)),
        [6.5],
        steps(10.5),
        steps(9),
    )
    page_w, page_h, left, top_margin, footer_y = 210.0, 297.0, 10.5, 10.0, 6.923
    pages = -(-count // 9)
    stat_names = ("Attack", "Defense", "Speed")

    canvas = Canvas(target, pagesize=(page_w * mm, page_h * mm), pageCompression=1)  # as printkit compresses
    for page in range(pages):
        on_page = range(page * 9, min(count, page * 9 + 9))
        for index in on_page:
            slot = index % 9
            x, y = left + (slot % 3) * card_w, page_h - top_margin - (slot // 3 + 1) * card_h
            canvas.saveState()
            canvas.translate(x * mm, y * mm)
            clip = canvas.beginPath()
            clip.rect(0, 0, card_w * mm, card_h * mm)
            canvas.clipPath(clip, stroke=0, fill=0)
            canvas.setFillColor(colour)
            canvas.rect(0, 0, card_w * mm, card_h * mm, stroke=0, fill=1)
            canvas.setFillColor(paper)
            canvas.roundRect(inset * mm, inset * mm, (card_w - 2 * inset) * mm, (card_h - 2 * inset) * mm,
                             0.04 * card_w * mm, stroke=0, fill=1)  # fmt: skip
            canvas.setFillColor(band_fill)
            canvas.roundRect(*(v * mm for v in band), 1.2 * mm, stroke=0, fill=1)
            draw_text(canvas, f"Card {index + 1}", "Sans-Bold", name_sizes, name_box, 2, ink)
            canvas.setFillColor(window_fill)
            canvas.roundRect(*(v * mm for v in window), 1.2 * mm, stroke=0, fill=1)
            canvas.drawImage(f"{image_dir}/art-{index % images}.png", *(v * mm for v in window),
                             preserveAspectRatio=True, anchor="c")  # fmt: skip
            values = (index % 10, (index * 3) % 10, (index * 7) % 10)
            for k, (value, stat) in enumerate(zip(values, stat_names, strict=True)):
                cx, cy, row = stats_box[0] + k * cell, stats_box[1], stats_box[3]
                canvas.setFillColor(cell_fill)
                canvas.roundRect((cx + 0.4) * mm, cy * mm, (cell - 0.8) * mm, row * mm, 1.0 * mm, stroke=0, fill=1)
                draw_text(canvas, str(value), "Sans-Bold", value_sizes, (cx, cy + row * 0.36, cell, row * 0.6), 1, ink)
                draw_text(
                    canvas, stat, "Sans", label_sizes, (cx + 0.6, cy + row * 0.04, cell - 1.2, row * 0.36), 1, ink
                )
            draw_text(canvas, rules_text(index), "Sans", body_sizes, body_box, 40, ink)
            canvas.restoreState()
        canvas.setStrokeColor(HexColor("#9a9a9a"))
        canvas.setLineWidth(0.12 * mm)
        canvas.setDash(1 * mm, 1 * mm)
        for index in on_page:
            slot = index % 9
            x, y = (left + (slot % 3) * card_w) * mm, (page_h - top_margin - (slot // 3 + 1) * card_h) * mm
            w, h = card_w * mm, card_h * mm
            for line in ((x, y, x + w, y), (x, y + h, x + w, y + h), (x, y, x, y + h), (x + w, y, x + w, y + h)):
                canvas.line(*line)
        canvas.setDash()
        # crop marks at the grid's every column and row edge, 1.5 mm out, as long as the margins allow
        canvas.setStrokeColor(HexColor("#000000"))
        canvas.setLineWidth(0.25 * mm)
        top, bottom, right = page_h - top_margin, page_h - top_margin - 3 * card_h, left + 3 * card_w
        for edge in range(4):
            x, y = left + edge * card_w, bottom + edge * card_h
            canvas.line(x * mm, (top + 1.5) * mm, x * mm, (top + 3.53) * mm)
            canvas.line(x * mm, (bottom - 1.5) * mm, x * mm, (bottom - 5) * mm)
            canvas.line((left - 1.5) * mm, y * mm, (left - 4.03) * mm, y * mm)
            canvas.line((right + 1.5) * mm, y * mm, (right + 4.03) * mm, y * mm)
        canvas.setFillColor(HexColor("#666666"))
        canvas.setFont("Sans", 6.5)
        canvas.drawCentredString(
            page_w / 2 * mm, footer_y * mm, f"Benchmark deck · card · fronts · page {page + 2} of {pages + 1}"
        )
        canvas.showPage()
    canvas.save()


if __name__ == "__main__":
    main()
