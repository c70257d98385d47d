"""`printkit build`: its options, and the build they ask for.

Takes: the command line's PACK names and options.
Returns: exit code 0 once every output is written (build/pipeline.py), and the summary of what was
written on stderr unless --quiet; a value no option takes is a UsageError before anything is read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from printkit.base.errors import UsageError
from printkit.build.outputs import SHOPS
from printkit.commands.command_line import Commands, folder, languages, roots


def add_parser(commands: Commands, common: argparse.ArgumentParser) -> None:
    parser = commands.add_parser("build", parents=[common], help="build component PDFs for packs")
    parser.add_argument("packs", nargs="*", metavar="PACK", help="pack id under ./content or a pack folder")
    parser.add_argument("--out", type=folder, default=Path("output"), help="output folder (default: output)")
    parser.add_argument(
        "--paper",
        choices=["a4", "letter", "all"],
        default=None,
        help="paper to lay out on (default: the pack's, usually a4)",
    )
    parser.add_argument(
        "--template",
        metavar="NAME",
        help="lay the components out in the slots of a sheet template (label sheets, a cutting mat) instead "
        "of on paper: a name from the pack's sheet-templates/ folder or printkit's own, or a .yaml file",
    )
    parser.add_argument(
        "--lang", help="comma-separated locales (default: every locale the pack declares; qps is the pseudo-locale)"
    )
    parser.add_argument(
        "--duplex",
        choices=["long", "short", "off"],
        default="long",
        help="edge the sheet is flipped on when printing backs (default: long); off prints "
        "each back beside its front, to fold and glue",
    )
    parser.add_argument(
        "--bleed",
        type=float,
        default=0.0,
        metavar="MM",
        help="extend backgrounds this far past the trim line: 0 for home printing (default), 3 for print shops",
    )
    parser.add_argument(
        "--png", action="store_true", help="also write a 300 dpi PNG of every face and Tabletop Simulator deck sheets"
    )
    parser.add_argument(
        "--shop",
        action="append",
        choices=SHOPS,
        default=[],
        help="also write for a print shop (repeatable): single, a PDF of one face a page with 1/8 in bleed, "
        "backs after their fronts; tgc, a PNG of each face on The Game Crafter's template of its product",
    )
    parser.add_argument(
        "--pdfx",
        action="store_true",
        help="also write a CMYK PDF/X-4 of each components PDF for print shops (needs Ghostscript's CMYK profile)",
    )
    parser.add_argument(
        "--cut-svg",
        action="store_true",
        help="also write each sheet's cut paths as SVG, for cutting machines (output/PACK/cut-svg/LANG-PAPER/)",
    )
    parser.add_argument("--no-rulebooks", action="store_true", help="build the component PDFs only")
    parser.add_argument(
        "--force", action="store_true", help="rebuild every output, even those whose inputs did not change"
    )
    parser.add_argument(
        "--booklet",
        action="store_true",
        help="also write each rulebook imposed for folding into a saddle-stitched booklet",
    )
    parser.add_argument(
        "--ink-saver", action="store_true", help="pale backgrounds and outlined frames instead of solid colour"
    )
    parser.add_argument(
        "--jobs", type=int, metavar="N", help="build packs in N processes at once (default: one per core)"
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print neither progress nor the summary of what was written (warnings and problems still print)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="fail on untranslated or fuzzy strings instead of building a marked draft, and on text or icons in the safe zone",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.build.outputs import BuildOptions
    from printkit.build.pipeline import build
    from printkit.build.summary import summary_lines

    if not 0 <= args.bleed <= 10:
        raise UsageError(f"--bleed must be from 0 to 10 mm, got {args.bleed:g}")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {args.jobs}")
    if args.template is not None and args.paper is not None:
        raise UsageError("--template and --paper exclude each other: a sheet template gives its own page size")
    papers = ("a4", "letter") if args.paper == "all" else ((args.paper,) if args.paper else ())
    locales = languages(args.lang)
    built = build(
        roots(args.packs),
        BuildOptions(
            out=args.out,
            papers=papers,
            template=args.template,
            languages=locales,
            duplex=args.duplex,
            bleed=args.bleed,
            png=args.png,
            pdfx=args.pdfx,
            cut_svg=args.cut_svg,
            ink_saver=args.ink_saver,
            strict=args.strict,
            rulebooks=not args.no_rulebooks,
            booklet=args.booklet,
            force=args.force,
            jobs=args.jobs,
            shops=tuple(dict.fromkeys(args.shop)),  # each once, however often it is given
            quiet=args.quiet,
        ),
    )
    if not args.quiet:
        print("\n".join(summary_lines(built, args.out)), file=sys.stderr)
    return 0
