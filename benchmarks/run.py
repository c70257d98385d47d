"""Benchmarks: printkit against a floor of the raw library doing the same drawing, in the same run.

Usage: .venv/bin/python benchmarks/run.py [--repeat N] [--json] [--only WORKLOAD]

Workloads (each generated into a temporary folder, each run as a whole process, printkit and its
floor interleaved so that a noisy machine slows both alike; medians over the repetitions of wall
and CPU seconds, the highest peak memory; README.md says why each floor is fair):
- deck-108: 108 poker cards (name, three stats, 20 words of rules text of their own, one shared
  image) on 12 A4 pages; floor: reportlab drawing printkit's own look for them (deck_floor.py).
- deck-10k: 10,000 such cards with 40 distinct images; the same floor.
- deck-50k: 50,000 such cards in one file; the same floor.
- scaling: printkit at 1k, 2k and 4k cards; "ratio" is the time per added card from 2k to 4k over
  that from 1k to 2k (1.0 is linear), "floor_s" the 4k time extrapolated linearly.
- rulebook: a 16-page rulebook; floor: WeasyPrint rendering the same final HTML.
- png-108: deck-108 with --png; floor: PDFium rasterising the deck floor's PDF at 300 dpi, a
  process per core.
- kit-all: every bundled pack, language, paper and rulebook with --jobs 2; "floor" is --jobs 1.
- rebuild-noop: the kit-all build again with nothing changed; "floor" is the full build.
- sheet-10k: loading deck-10k's cards from an XLSX workbook; "floor" is loading them from YAML.
- help: `printkit --help` against bare `python -c pass` (start-up: a command imports only what it
  uses); the table is followed by where the import time of `printkit --help` and of `printkit
  check` of deck-108 goes, by package (`python -X importtime`).
- serve-108: `printkit serve` on deck-108; from saving one card's changed text to its new image
  received (median of 20 edits); "floor" is the target, 100 ms; CPU is the server's per edit.
- serve-skylands: the first page of Skylands (141 components) from a server just started, every
  face fetched over 6 connections as a browser does; "floor" is the target, 2 s.
Prints the load average and a table, or with --json {"load", "results": {"workload": {"printkit_s",
"floor_s", "ratio", "cpu_s", "floor_cpu_s", "cpu_ratio", "peak_mib", "floor_peak_mib"}}, "imports"}.
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

from deck_floor import WORDS, rules_text
from PIL import Image

REPO = Path(__file__).resolve().parent.parent
DECK_FLOOR = Path(__file__).resolve().parent / "deck_floor.py"
FONT_DIR = REPO / "printkit" / "faces" / "fonts"


def make_deck_pack(root: Path, count: int, images: int = 1) -> Path:
    """A pack of count poker cards (name, three stats, 20 words of rules text of its own) sharing
    `images` distinct images."""
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
        text = rules_text(index)
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


# Runs a command and prints its exit code, wall and CPU seconds and peak memory. A process forked
# from this one would start its peak memory at this one's size (Linux keeps it across exec), and
# this one grows with the workloads it generates: the launcher, small, forks the command instead.
LAUNCHER = textwrap.dedent("""
    import os, subprocess, sys, time
    start = time.perf_counter()
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    print(os.waitstatus_to_exitcode(status), elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
""")


def timed(command: list[str], cwd: Path | None = None) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user and system, with the workers it waited for) and peak memory
    (MiB) of one whole process."""
    result = subprocess.run([sys.executable, "-c", LAUNCHER, *command], capture_output=True, text=True, cwd=cwd)
    code, elapsed, cpu, peak_kib = result.stdout.split()
    if result.returncode != 0 or code != "0":
        raise SystemExit(f"benchmark command failed: {' '.join(command)}\n{result.stderr}")
    return float(elapsed), float(cpu), int(peak_kib) / 1024


def deck_floor(pack: Path, target: Path, count: int, images: int) -> list[str]:
    """The command of the deck floor: reportlab drawing what printkit's look draws (deck_floor.py)."""
    return [sys.executable, str(DECK_FLOOR), str(FONT_DIR), str(pack / "art"), str(target), str(count), str(images)]


def _deck(work: Path, repeat: int, count: int, images: int) -> dict[str, float]:
    """printkit building count cards against reportlab drawing the same look, interleaved."""
    pack = make_deck_pack(work, count, images)
    ours = [sys.executable, "-m", "printkit", "build", str(pack), "--force", "--out", str(work / "out")]
    return compare(ours, deck_floor(pack, work / "floor.pdf", count, images), repeat)


def deck_108(work: Path, repeat: int) -> dict[str, float]:
    return _deck(work, repeat, 108, 1)


def deck_10k(work: Path, repeat: int) -> dict[str, float]:
    return _deck(work, repeat, 10_000, 40)


def deck_50k(work: Path, repeat: int) -> dict[str, float]:
    """50,000 cards in one file: loading a file of that size, and memory that should not grow with it."""
    return _deck(work, repeat, 50_000, 40)


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
    runs: dict[int, list[tuple[float, float, float]]] = {count: [] for count in commands}
    for _ in range(repeat):  # interleaved, so that a noisy moment slows every size alike
        for count, command in commands.items():
            runs[count].append(timed(command, cwd=REPO))
    seconds = {count: statistics.median(s for s, _, _ in results) for count, results in runs.items()}
    early = (seconds[2000] - seconds[1000]) / 1000
    late = (seconds[4000] - seconds[2000]) / 2000
    return {
        "printkit_s": round(seconds[4000], 3),
        "floor_s": round(seconds[2000] + 2000 * early, 3),
        "ratio": round(late / early, 2),
        "cpu_s": round(statistics.median(cpu for _, cpu, _ in runs[4000]), 3),
        "peak_mib": round(max(peak for _, _, peak in runs[4000]), 1),
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
    from printkit.layout.sheets import PAPERS
    from printkit.rulebook.book import Part, render_html

    (loaded,) = load_checked([pack])
    html = work / "rulebook.html"
    html.write_text(render_html([Part("en", loaded)], PAPERS["a4"]))  # the page size, as a build passes it
    floor_script = work / "floor.py"
    floor_script.write_text(RULEBOOK_FLOOR)
    ours = [sys.executable, "-m", "printkit", "build", str(pack), "--force", "--out", str(work / "out")]
    floor = [sys.executable, str(floor_script), str(html), str(work / "floor.pdf")]
    return compare(ours, floor, repeat)


PNG_FLOOR = textwrap.dedent("""
    # PDFium is not thread-safe: a process per core (printkit uses os.cpu_count() threads), each
    # with the PDF open, rasterising and encoding every so-many-th page.
    import os, sys, pypdfium2
    from concurrent.futures import ProcessPoolExecutor

    def rasterise(first, step):
        document = pypdfium2.PdfDocument(sys.argv[1])
        for index in range(first, len(document), step):
            document[index].render(scale=300 / 72).to_pil().save(f"{sys.argv[2]}/page-{index}.png")

    if __name__ == "__main__":
        workers = os.cpu_count() or 1
        with ProcessPoolExecutor(workers) as pool:
            list(pool.map(rasterise, range(workers), [workers] * workers))
""")


def png_108(work: Path, repeat: int) -> dict[str, float]:
    """PNG export of deck-108 at 300 dpi, against rasterising the floor's PDF with PDFium."""
    pack = make_deck_pack(work, 108, 1)
    subprocess.run(deck_floor(pack, work / "floor.pdf", 108, 1), check=True)
    (work / "png_floor.py").write_text(PNG_FLOOR)
    (work / "pngs").mkdir()
    ours = [sys.executable, "-m", "printkit", "build", str(pack), "--png", "--force", "--out", str(work / "out")]
    floor = [sys.executable, str(work / "png_floor.py"), str(work / "floor.pdf"), str(work / "pngs")]
    return compare(ours, floor, repeat)


LOAD_SCRIPT = textwrap.dedent("""
    import sys
    from pathlib import Path
    from printkit.content.read import load_checked
    load_checked([Path(sys.argv[1])])
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
    runs: dict[str, list[tuple[float, float, float]]] = {"ours": [], "floor": []}
    order = (("floor", floor), ("ours", ours)) if floor_first else (("ours", ours), ("floor", floor))
    for _ in range(repeat):
        for name, command in order:
            runs[name].append(timed(command, cwd=REPO))
    printkit_s, cpu_s, peak_mib = _summary(runs["ours"])
    floor_s, floor_cpu_s, floor_peak_mib = _summary(runs["floor"])
    return {
        "printkit_s": printkit_s,
        "floor_s": floor_s,
        "ratio": round(printkit_s / floor_s, 2),
        "cpu_s": cpu_s,
        "floor_cpu_s": floor_cpu_s,
        "cpu_ratio": round(cpu_s / floor_cpu_s, 2),
        "peak_mib": peak_mib,
        "floor_peak_mib": floor_peak_mib,
    }


def _summary(runs: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """The median wall and CPU seconds and the highest peak memory of runs."""
    wall = statistics.median(seconds for seconds, _, _ in runs)
    cpu = statistics.median(cpu for _, cpu, _ in runs)
    return round(wall, 3), round(cpu, 3), round(max(peak for _, _, peak in runs), 1)


def help_startup(work: Path, repeat: int) -> dict[str, float]:
    """`printkit --help` against a bare interpreter, each run 4x as often: both take milliseconds."""
    return compare([sys.executable, "-m", "printkit", "--help"], [sys.executable, "-c", "pass"], repeat * 4)


def import_table(work: Path, rows: int = 10) -> list[str]:
    """Where the import time (`python -X importtime`) of `printkit --help` and of checking deck-108
    goes: the total, and the packages whose modules take most of it by their own time (a package's
    modules' self times added up, so the rows do not overlap; `<startup>` is what the interpreter
    imports before printkit's command, which `python -c pass` imports too)."""
    pack = make_deck_pack(work / "imports", 108)
    lines = []
    for title, arguments in (("printkit --help", ["--help"]), ("printkit check deck-108", ["check", str(pack)])):
        result = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "printkit", *arguments], capture_output=True, text=True, cwd=REPO
        )
        packages: dict[str, int] = {}  # package -> µs of its modules' own import time
        started = False  # runpy comes first of -m's imports: what came before is the interpreter's start-up
        for line in result.stderr.splitlines():
            if not line.startswith("import time:") or "|" not in line:
                continue
            own, _, module = line.removeprefix("import time:").split("|")
            if not own.strip().isdigit():
                continue  # the heading
            name = module.strip()
            started = started or name == "runpy"
            package = name.split(".")[0] if started else "<startup>"
            packages[package] = packages.get(package, 0) + int(own)
        total = sum(packages.values())
        lines.append(f"{title}: {total / 1000:.1f} ms of imports; by package (own time):")
        slowest = sorted(packages.items(), key=lambda item: -item[1])[:rows]
        lines += [f"  {us / 1000:>7.1f} ms  {package}" for package, us in slowest]
    return lines


SERVE_EDITS = 20
SERVE_TARGET_S = 0.100


def _started_server(pack: Path, cwd: Path) -> tuple[subprocess.Popen, int]:
    """printkit serve on the pack, on a free port, and that port once it listens."""
    server = subprocess.Popen(
        [sys.executable, "-m", "printkit", "serve", str(pack), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        text=True,
    )
    assert server.stdout is not None and server.stderr is not None
    address = server.stdout.readline().split(" at ")[-1].split(" ")[0]
    if not address.startswith("http://"):
        raise SystemExit(f"printkit serve did not start:\n{server.stderr.read()}")
    return server, int(address.rstrip("/").rsplit(":", 1)[1])


def serve_108(work: Path, repeat: int) -> dict[str, float]:
    """`printkit serve` on deck-108 with an event stream open: 20 times one card's text changed in
    its YAML file, timed from the write until the card's new image has been received (the update
    event naming it, the page for its new version, the image of that version), as a browser does.
    "floor" is the target, 100 ms; peak memory is the server's."""
    pack = make_deck_pack(work, 108)
    cards = pack / "cards.yaml"
    server, port = _started_server(pack, REPO)
    try:
        events = http.client.HTTPConnection("127.0.0.1", port)
        events.request("GET", "/events")
        stream = events.getresponse()
        pages = http.client.HTTPConnection("127.0.0.1", port)
        _get(pages, "/packs/deck-bench/en/")  # the page is open, as in a browser
        seconds = []
        cpu_before = _cpu_seconds(server.pid)
        for edit in range(SERVE_EDITS):
            number = 1 + edit * 5
            text = cards.read_text()
            # the first `text:` after the card's id, by position: no other card's line can be hit
            at = text.index("    text: ", text.index(f"  - id: card-{number}\n")) + len("    text: ")
            text = f"{text[:at]}edited {edit} {text[at:]}"
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
        cpu = (_cpu_seconds(server.pid) - cpu_before) / SERVE_EDITS
        peak = int(Path(f"/proc/{server.pid}/status").read_text().split("VmHWM:")[1].split()[0]) / 1024
    finally:
        server.terminate()
        server.wait()
    median = statistics.median(seconds)
    return {
        "printkit_s": round(median, 3),
        "floor_s": SERVE_TARGET_S,
        "ratio": round(median / SERVE_TARGET_S, 2),
        "cpu_s": round(cpu, 3),
        "peak_mib": round(peak, 1),
    }


SKYLANDS = REPO / "content" / "skylands"  # 141 components
FIRST_PAGE_TARGET_S = 2.0
BROWSER_CONNECTIONS = 6  # what a browser opens to one host over HTTP/1.1


def serve_skylands(work: Path, repeat: int) -> dict[str, float]:
    """The first page of Skylands (141 components) as a browser loads it from a server just started:
    from asking for the page until every face on it is received, fetched over 6 connections at
    once as a browser fetches them; median of repeat fresh servers. "floor" is the target, 2 s."""
    from concurrent.futures import ThreadPoolExecutor

    pack = Path(shutil.copytree(SKYLANDS, work / "skylands"))
    seconds, cpu, faces, peak = [], [], 0, 0.0
    for _ in range(repeat):
        server, port = _started_server(pack, work)
        try:
            connections = [http.client.HTTPConnection("127.0.0.1", port) for _ in range(BROWSER_CONNECTIONS)]
            cpu_before = _cpu_seconds(server.pid)
            start = time.perf_counter()
            page = _get(connections[0], "/packs/skylands/en/").decode()
            sources = [src.replace("&amp;", "&") for src in _face_sources(page)]
            with ThreadPoolExecutor(BROWSER_CONNECTIONS) as pool:
                shares = [sources[index::BROWSER_CONNECTIONS] for index in range(BROWSER_CONNECTIONS)]
                list(pool.map(lambda c, share: [_get(c, src) for src in share], connections, shares))
            seconds.append(time.perf_counter() - start)
            cpu.append(_cpu_seconds(server.pid) - cpu_before)
            peak = max(peak, int(Path(f"/proc/{server.pid}/status").read_text().split("VmHWM:")[1].split()[0]) / 1024)
            faces = len(sources)
        finally:
            server.terminate()
            server.wait()
    median = statistics.median(seconds)
    print(f"serve-skylands: {faces} faces on the first page", file=sys.stderr)
    return {
        "printkit_s": round(median, 3),
        "floor_s": FIRST_PAGE_TARGET_S,
        "ratio": round(median / FIRST_PAGE_TARGET_S, 2),
        "cpu_s": round(statistics.median(cpu), 3),
        "peak_mib": round(peak, 1),
    }


def _face_sources(page: str) -> list[str]:
    """The src of every face image on a page, as a browser at a pixel ratio of 1 asks for them."""
    return [
        part.split('"', 1)[0] for part in page.split('<img class="face ')[1:] for part in [part.split('src="', 1)[1]]
    ]


def _cpu_seconds(pid: int) -> float:
    """The CPU seconds (user and system) a running process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    "deck-50k": deck_50k,
    "scaling": scaling,
    "rulebook": rulebook,
    "png-108": png_108,
    "kit-all": kit_all,
    "rebuild-noop": rebuild_noop,
    "sheet-10k": sheet_10k,
    "serve-108": serve_108,
    "serve-skylands": serve_skylands,
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
    imports = []
    if "help" in results:
        with tempfile.TemporaryDirectory() as temporary:
            imports = import_table(Path(temporary))
    load = "load average " + " ".join(f"{n:.2f}" for n in os.getloadavg())
    if args.json:
        print(json.dumps({"load": load, "results": results, "imports": imports}, indent=2))
        return
    print(f"{load} at the end; wall seconds (CPU seconds), medians; peak memory, highest")
    print(
        f"{'workload':<12} {'printkit s':>15} {'floor s':>15} {'ratio':>6} {'cpu':>5} "
        f"{'peak MiB':>9} {'floor MiB':>9} {'ratio':>6}"
    )
    for name, r in results.items():
        floor_peak = r.get("floor_peak_mib")  # scaling and serve-108 have no floor process
        memory = f"{floor_peak:>9.1f} {r['peak_mib'] / floor_peak:>6.2f}" if floor_peak else f"{'-':>9} {'-':>6}"
        ours = f"{r['printkit_s']:.3f} ({r['cpu_s']:.3f})"
        floor = f"{r['floor_s']:.3f} ({r['floor_cpu_s']:.3f})" if "floor_cpu_s" in r else f"{r['floor_s']:.3f}"
        cpu_ratio = f"{r['cpu_ratio']:>5.2f}" if "cpu_ratio" in r else f"{'-':>5}"
        print(f"{name:<12} {ours:>15} {floor:>15} {r['ratio']:>6.2f} {cpu_ratio} {r['peak_mib']:>9.1f} {memory}")
    print("\n".join(["", *imports]) if imports else "", end="\n" if imports else "")


if __name__ == "__main__":
    main()
