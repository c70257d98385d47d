"""Benchmarks: printkit against a floor of the raw library doing the same drawing, in the same run.

Usage: .venv/bin/python benchmarks/run.py [--repeat N] [--json]

Workloads (each generated into a temporary folder, each run as a whole process, printkit and its
floor interleaved so that a noisy machine slows both alike; medians over the repetitions):
- deck-108: 108 poker cards (name, three stats, 20 words of text, one shared image) on 12 A4 pages;
  floor: a plain reportlab script drawing the same boxes, text and image.
- deck-10k: 10,000 such cards with 40 distinct images; the same floor.
- scaling: printkit at 1k, 2k and 4k cards; "ratio" is the time per added card from 2k to 4k over
  that from 1k to 2k (1.0 is linear), "floor_s" the 4k time extrapolated linearly.
- rulebook: a 16-page rulebook; floor: WeasyPrint rendering the same final HTML.
- png-108: deck-108 with --png; floor: PDFium rasterising the floor's PDF at 300 dpi.
- kit-all: every bundled pack, language, paper and rulebook with --jobs 2; "floor" is --jobs 1.
- rebuild-noop: the kit-all build again with nothing changed; "floor" is the full build.
- sheet-10k: loading deck-10k's cards from an XLSX workbook; "floor" is loading them from YAML.
- help: `printkit --help` against bare `python -c pass` (start-up: a command imports only what it
  uses); the table is followed by the modules `printkit --help` and `printkit check` of deck-108
  spend most import time on (`python -X importtime`).
- serve-108: `printkit serve` on deck-108; from saving one card's changed text to its new image
  received (median of 20 edits); "floor" is the target, 100 ms.
Prints a table, or with --json {"workload": {"printkit_s", "floor_s", "ratio", "peak_mib", "floor_peak_mib"}}.
"""

from __future__ import annotations

import argparse
import compileall
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parent.parent
WORDS = (
    "swift clever brave ancient hidden glowing stormy quiet golden restless wild gentle fierce "
    "lucky silver frozen burning shadow crystal hollow"
).split()

FLOOR_SCRIPT = textwrap.dedent("""
    import sys
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.lib.utils import simpleSplit

    font_dir, image_dir, target, count, images = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    pdfmetrics.registerFont(TTFont("Sans", font_dir + "/DejaVuSans.ttf"))
    pdfmetrics.registerFont(TTFont("Sans-Bold", font_dir + "/DejaVuSans-Bold.ttf"))
    canvas = Canvas(target, pagesize=(210 * mm, 297 * mm), initialFontName="Sans")
    words = {words!r}
    for index in range(count):
        slot = index % 9
        if index and slot == 0:
            canvas.showPage()
        x, y = (10.5 + (slot % 3) * 63) * mm, (297 - 16.5 - (slot // 3 + 1) * 88) * mm
        canvas.setFillColor("#d9552b")
        canvas.rect(x, y, 63 * mm, 88 * mm, stroke=0, fill=1)
        canvas.setFillColor("#fbf8f1")
        canvas.roundRect(x + 3 * mm, y + 3 * mm, 57 * mm, 82 * mm, 2 * mm, stroke=0, fill=1)
        canvas.setFillColor("#1d1d1b")
        canvas.setFont("Sans-Bold", 10)
        canvas.drawCentredString(x + 31.5 * mm, y + 80 * mm, f"Card {{index + 1}}")
        image = f"{{image_dir}}/art-{{index % images}}.png"
        canvas.drawImage(image, x + 5 * mm, y + 45 * mm, 53 * mm, 31 * mm, preserveAspectRatio=True, anchor="c")
        for i, value in enumerate((index % 10, (index * 3) % 10, (index * 7) % 10)):
            canvas.drawCentredString(x + (12 + i * 19.5) * mm, y + 37 * mm, str(value))
        text = " ".join(words[(index + k) % len(words)] for k in range(20))
        canvas.setFont("Sans", 8)
        for n, line in enumerate(simpleSplit(text, "Sans", 8, 53 * mm)):
            canvas.drawString(x + 5 * mm, y + (28 - n * 3.4) * mm, line)
    canvas.showPage()
    canvas.save()
""")


def make_deck_pack(root: Path, count: int, images: int = 1) -> Path:
    """A pack of count poker cards (name, three stats, 20 words) sharing `images` distinct images."""
    pack = root / "deck-bench"
    (pack / "art").mkdir(parents=True)
    for index in range(images):
        Image.new("RGB", (600, 350), f"#{(index * 2654435761) & 0xFFFFFF:06x}").save(pack / "art" / f"art-{index}.png")
    (pack / "pack.yaml").write_text(
        textwrap.dedent("""\
        id: deck-bench
        title: Benchmark deck
        defaults: {card_size: poker}
        elements: {fire: {name: Fire, color: "#d9552b", icon: fire}}
        stats: {attack: {name: Attack}, defense: {name: Defense}, speed: {name: Speed}}
        """)
    )
    lines = ["cards:"]
    for index in range(count):
        text = " ".join(WORDS[(index + k) % len(WORDS)] for k in range(20))
        lines += [
            f"  - id: card-{index + 1}",
            f"    name: Card {index + 1}",
            "    element: fire",
            f"    art: art/art-{index % images}.png",
            f"    stats: {{attack: {index % 10}, defense: {(index * 3) % 10}, speed: {(index * 7) % 10}}}",
            f"    text: {text}",
        ]
    (pack / "cards.yaml").write_text("\n".join(lines) + "\n")
    return pack


def timed(command: list[str], cwd: Path | None = None) -> tuple[float, float]:
    """Wall seconds and peak memory (MiB) of one whole process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"benchmark command failed: {' '.join(command)}\n{process.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024


def _deck(work: Path, repeat: int, count: int, images: int) -> dict[str, float]:
    """printkit building count cards against a plain reportlab script drawing the same, interleaved."""
    pack = make_deck_pack(work, count, images)
    font_dir = REPO / "printkit" / "faces" / "fonts"
    floor_script = work / "floor.py"
    floor_script.write_text(FLOOR_SCRIPT.format(words=WORDS))
    ours = [sys.executable, "-m", "printkit", "build", str(pack), "--force", "--out", str(work / "out")]
    floor = [
        sys.executable,
        str(floor_script),
        str(font_dir),
        str(pack / "art"),
        str(work / "floor.pdf"),
        str(count),
        str(images),
    ]
    return compare(ours, floor, repeat)


def deck_108(work: Path, repeat: int) -> dict[str, float]:
    return _deck(work, repeat, 108, 1)


def deck_10k(work: Path, repeat: int) -> dict[str, float]:
    return _deck(work, max(1, repeat // 2), 10_000, 40)


def scaling(work: Path, repeat: int) -> dict[str, float]:
    """printkit at 1k, 2k and 4k cards. Start-up is the same at every size, so linearity shows in
    the cost of the cards added: "ratio" is seconds per added card from 2k to 4k over that from 1k
    to 2k (1.0 is linear, growing with quadratic work); "floor_s" is the 4k time extrapolated
    linearly from 1k and 2k."""
    commands = {}
    for count in (1000, 2000, 4000):
        folder = work / str(count)
        folder.mkdir()
        pack = make_deck_pack(folder, count, 40)
        commands[count] = [
            sys.executable,
            "-m",
            "printkit",
            "build",
            str(pack),
            "--force",
            "--out",
            str(folder / "out"),
        ]
        timed(commands[count], cwd=REPO)  # a first run reads the new files from disk
    runs: dict[int, list[tuple[float, float]]] = {count: [] for count in commands}
    for _ in range(repeat):  # interleaved, so that a noisy moment slows every size alike
        for count, command in commands.items():
            runs[count].append(timed(command, cwd=REPO))
    seconds = {count: statistics.median(s for s, _ in results) for count, results in runs.items()}
    early = (seconds[2000] - seconds[1000]) / 1000
    late = (seconds[4000] - seconds[2000]) / 2000
    return {
        "printkit_s": round(seconds[4000], 3),
        "floor_s": round(seconds[2000] + 2000 * early, 3),
        "ratio": round(late / early, 2),
        "peak_mib": round(max(peak for _, peak in runs[4000]), 1),
    }


def kit_all(work: Path, repeat: int) -> dict[str, float]:
    """All bundled packs, every language, both papers, all rulebooks: --jobs 2 against --jobs 1."""
    base = [sys.executable, "-m", "printkit", "build", "--paper", "all", "--force"]
    return compare(
        base + ["--jobs", "2", "--out", str(work / "two")], base + ["--jobs", "1", "--out", str(work / "one")], repeat
    )


def rebuild_noop(work: Path, repeat: int) -> dict[str, float]:
    """The kit-all build again with nothing changed, against a full build."""
    command = [sys.executable, "-m", "printkit", "build", "--paper", "all", "--out", str(work / "out")]
    return compare(command, command + ["--force"], repeat, floor_first=True)


RULEBOOK_FLOOR = textwrap.dedent("""
    import sys
    from weasyprint import HTML
    HTML(filename=sys.argv[1]).write_pdf(sys.argv[2], pdf_variant="pdf/ua-1")
""")


def rulebook(work: Path, repeat: int) -> dict[str, float]:
    """A 16-page rulebook, against WeasyPrint rendering the same final HTML."""
    pack = make_deck_pack(work, 1, 1)
    paragraph = " ".join(WORDS[k % len(WORDS)] for k in range(90)) + "."
    sections = "".join(
        f"  - title: Chapter {n}\n    blocks:\n" + "".join(f"      - {paragraph}\n" for _ in range(6))
        for n in range(1, 17)
    )
    (pack / "rulebook.yaml").write_text(f"sections:\n{sections}")
    sys.path.insert(0, str(REPO))
    from printkit.content.read import load_checked
    from printkit.rulebook.book import Part, render_html

    (loaded,) = load_checked([pack])
    html = work / "rulebook.html"
    html.write_text(render_html([Part("en", loaded)], "a4"))
    floor_script = work / "floor.py"
    floor_script.write_text(RULEBOOK_FLOOR)
    ours = [sys.executable, "-m", "printkit", "build", str(pack), "--force", "--out", str(work / "out")]
    floor = [sys.executable, str(floor_script), str(html), str(work / "floor.pdf")]
    return compare(ours, floor, repeat)


PNG_FLOOR = textwrap.dedent("""
    import sys, pypdfium2
    document = pypdfium2.PdfDocument(sys.argv[1])
    for index in range(len(document)):
        document[index].render(scale=300 / 72).to_pil().save(f"{sys.argv[2]}/page-{index}.png")
""")


def png_108(work: Path, repeat: int) -> dict[str, float]:
    """PNG export of deck-108 at 300 dpi, against rasterising the floor's PDF with PDFium."""
    pack = make_deck_pack(work, 108, 1)
    font_dir = REPO / "printkit" / "faces" / "fonts"
    (work / "floor.py").write_text(FLOOR_SCRIPT.format(words=WORDS))
    subprocess.run(
        [sys.executable, str(work / "floor.py"), str(font_dir), str(pack / "art"), str(work / "floor.pdf"), "108", "1"],
        check=True,
    )
    (work / "png_floor.py").write_text(PNG_FLOOR)
    (work / "pngs").mkdir()
    ours = [sys.executable, "-m", "printkit", "build", str(pack), "--png", "--force", "--out", str(work / "out")]
    floor = [sys.executable, str(work / "png_floor.py"), str(work / "floor.pdf"), str(work / "pngs")]
    return compare(ours, floor, repeat)


LOAD_SCRIPT = textwrap.dedent("""
    import sys
    from pathlib import Path
    from printkit.content.load import load_pack
    load_pack(Path(sys.argv[1]))
""")


def sheet_10k(work: Path, repeat: int) -> dict[str, float]:
    """Loading 10,000 cards from an XLSX workbook, against loading the same cards from YAML: the
    deck-10k pack, and a copy whose cards.yaml is a workbook of one row per card."""
    import openpyxl
    import yaml

    pack = make_deck_pack(work / "yaml", 10_000)
    sheet_pack = work / "xlsx" / pack.name
    shutil.copytree(pack, sheet_pack)
    cards = yaml.safe_load((sheet_pack / "cards.yaml").read_text())["cards"]
    (sheet_pack / "cards.yaml").unlink()
    workbook = openpyxl.Workbook(write_only=True)
    sheet = workbook.create_sheet("cards")
    stats = list(cards[0]["stats"])
    keys = [key for key in cards[0] if key != "stats"]
    sheet.append(keys + [f"stats.{stat}" for stat in stats])
    for card in cards:
        sheet.append([card[key] for key in keys] + [card["stats"][stat] for stat in stats])
    workbook.save(sheet_pack / "cards.xlsx")
    load = [sys.executable, "-c", LOAD_SCRIPT]  # -c: printkit from the repository, the current folder
    return compare(load + [str(sheet_pack)], load + [str(pack)], repeat)


def compare(ours: list[str], floor: list[str], repeat: int, floor_first: bool = False) -> dict[str, float]:
    """Both commands run repeat times, interleaved, as whole processes from the repository; medians."""
    runs: dict[str, list[tuple[float, float]]] = {"ours": [], "floor": []}
    order = (("floor", floor), ("ours", ours)) if floor_first else (("ours", ours), ("floor", floor))
    for _ in range(repeat):
        for name, command in order:
            runs[name].append(timed(command, cwd=REPO))
    printkit_s = statistics.median(seconds for seconds, _ in runs["ours"])
    floor_s = statistics.median(seconds for seconds, _ in runs["floor"])
    return {
        "printkit_s": round(printkit_s, 3),
        "floor_s": round(floor_s, 3),
        "ratio": round(printkit_s / floor_s, 2),
        "peak_mib": round(max(peak for _, peak in runs["ours"]), 1),
        "floor_peak_mib": round(max(peak for _, peak in runs["floor"]), 1),
    }


def help_startup(work: Path, repeat: int) -> dict[str, float]:
    """`printkit --help` against a bare interpreter, each run 4x as often: both take milliseconds."""
    return compare([sys.executable, "-m", "printkit", "--help"], [sys.executable, "-c", "pass"], repeat * 4)


def import_table(work: Path, rows: int = 10) -> list[str]:
    """The modules with the most cumulative import time (ms) of `printkit --help` and of checking deck-108."""
    pack = make_deck_pack(work / "imports", 108)
    lines = []
    for title, arguments in (("printkit --help", ["--help"]), ("printkit check deck-108", ["check", str(pack)])):
        result = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "printkit", *arguments], capture_output=True, text=True, cwd=REPO
        )
        times = []  # (cumulative µs, module) of the top-level imports of printkit's own command
        for line in result.stderr.splitlines():
            if line.startswith("import time:") and "|" in line:
                _, cumulative, module = line.removeprefix("import time:").split("|")
                if cumulative.strip().isdigit():
                    times.append((int(cumulative), module.rstrip()))
        total = sum(us for us, module in times if not module.startswith("  "))
        lines.append(f"{title}: {total / 1000:.1f} ms of imports; slowest:")
        lines += [f"  {us / 1000:>7.1f} ms  {module.strip()}" for us, module in sorted(times, reverse=True)[:rows]]
    return lines


SERVE_EDITS = 20
SERVE_TARGET_S = 0.100


def serve_108(work: Path, repeat: int) -> dict[str, float]:
    """`printkit serve` on deck-108 with an event stream open: 20 times one card's text changed in
    its YAML file, timed from the write until the card's new image has been received (the update
    event naming it, the page for its new version, the image of that version), as a browser does.
    "floor" is the target, 100 ms; peak memory is the server's."""
    pack = make_deck_pack(work, 108)
    cards = pack / "cards.yaml"
    server = subprocess.Popen(
        [sys.executable, "-m", "printkit", "serve", str(pack), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
        text=True,
    )
    try:
        address = server.stdout.readline().split(" at ")[-1].split(" ")[0]
        if not address.startswith("http://"):
            raise SystemExit(f"printkit serve did not start:\n{server.stderr.read()}")
        port = int(address.rstrip("/").rsplit(":", 1)[1])
        events = http.client.HTTPConnection("127.0.0.1", port)
        events.request("GET", "/events")
        stream = events.getresponse()
        pages = http.client.HTTPConnection("127.0.0.1", port)
        _get(pages, "/packs/deck-bench/en/")  # the page is open, as in a browser
        seconds = []
        for edit in range(SERVE_EDITS):
            number = 1 + edit * 5
            text = cards.read_text()
            old = next(line for line in text.split(f"  - id: card-{number}\n", 1)[1].splitlines() if "text:" in line)
            text = text.replace(old, f"    text: edited {edit} " + old.split("text: ", 1)[1], 1)
            start = time.perf_counter()
            cards.write_text(text)
            while True:
                line = stream.readline().decode()
                if line.startswith("data:") and f'"card-{number}"' in line:
                    break
            page = _get(pages, "/packs/deck-bench/en/").decode()
            version = page.split(f'id="component-card-{number}" data-version="', 1)[1].split('"', 1)[0]
            image = _get(pages, f"/packs/deck-bench/en/faces/card-{number}/front.png?v={version}")
            seconds.append(time.perf_counter() - start)
            assert image.startswith(b"\x89PNG")
        peak = int(Path(f"/proc/{server.pid}/status").read_text().split("VmHWM:")[1].split()[0]) / 1024
    finally:
        server.terminate()
        server.wait()
    median = statistics.median(seconds)
    return {
        "printkit_s": round(median, 3),
        "floor_s": SERVE_TARGET_S,
        "ratio": round(median / SERVE_TARGET_S, 2),
        "peak_mib": round(peak, 1),
    }


def _get(connection: http.client.HTTPConnection, path: str) -> bytes:
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        raise SystemExit(f"GET {path}: {response.status} {body[:200]!r}")
    return body


WORKLOADS = {
    "deck-108": deck_108,
    "deck-10k": deck_10k,
    "scaling": scaling,
    "rulebook": rulebook,
    "png-108": png_108,
    "kit-all": kit_all,
    "rebuild-noop": rebuild_noop,
    "sheet-10k": sheet_10k,
    "serve-108": serve_108,
    "help": help_startup,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="repetitions per workload (default 5)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--only", choices=sorted(WORKLOADS), action="append", help="run only these workloads")
    args = parser.parse_args()
    # printkit as installed: pip writes every installed package's bytecode, and so does ./dev for
    # printkit, but edits since then (or PYTHONDONTWRITEBYTECODE) would be compiled on every start.
    compileall.compile_dir(REPO / "printkit", quiet=1)
    results = {}
    with tempfile.TemporaryDirectory() as temporary:
        for name, workload in WORKLOADS.items():
            if args.only and name not in args.only:
                continue
            work = Path(temporary) / name
            work.mkdir()
            results[name] = workload(work, args.repeat)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(
        f"{'workload':<12} {'printkit s':>10} {'floor s':>8} {'ratio':>6} {'peak MiB':>9} {'floor MiB':>9} {'ratio':>6}"
    )
    for name, r in results.items():
        floor_peak = r.get("floor_peak_mib")  # scaling has no floor process
        memory = f"{floor_peak:>9.1f} {r['peak_mib'] / floor_peak:>6.2f}" if floor_peak else f"{'-':>9} {'-':>6}"
        print(
            f"{name:<12} {r['printkit_s']:>10.3f} {r['floor_s']:>8.3f} {r['ratio']:>6.2f} "
            f"{r['peak_mib']:>9.1f} {memory}"
        )
    if "help" in results:
        with tempfile.TemporaryDirectory() as temporary:
            print("\n".join(["", *import_table(Path(temporary))]))


if __name__ == "__main__":
    main()
