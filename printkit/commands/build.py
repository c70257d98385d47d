"""`printkit build`: its options, and the build they ask for.

Takes: the command line's PACK names and options.
Returns: exit code 0 once every output is written (build/pipeline.py), and the summary of what was
written on stderr unless --quiet; exit 1 when a pack had problems: each pack is built whole or not
at all, so the problems are printed, the others' files written and the summary names the packs not
built. A value no option takes is a UsageError before anything is read.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.base.errors import Problems, UsageError
from printkit.base.units import Tolerance, parse_distance
from printkit.build.outputs.base import KINDS, ShopKind  # the package registers every kind first
from printkit.commands.command_line import Commands, folder, languages, print_problems, roots

if TYPE_CHECKING:
    from printkit.build.outputs.base import BuildOptions


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
        "--only",
        action="append",
        default=[],
        metavar="NAMES",
        help="print only these components: ids, sections (cards, tiles, ...) or tags, separated by commas "
        "(repeatable); imposed, backed and flipped as the whole kit is",
    )
    parser.add_argument(
        "--changed-since",
        nargs="?",
        const="",
        type=str,
        metavar="FOLDER",
        help="print only the components whose faces changed since a build into FOLDER (default: --out) "
        "last printed them; each build records what it printed",
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
        metavar="MM",
        help="extend backgrounds this far past the trim line: 0 for home printing (default; a --template's "
        "own, as label sheets allow), 3 for print shops",
    )
    parser.add_argument(
        "--force", action="store_true", help="rebuild every output, even those whose inputs did not change"
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
    parser.add_argument(
        "--shop-tolerance",
        default="1mm",
        metavar="AMOUNT",
        help="how far a component may be off a shop's product in width or height and still be printed as it, "
        "scaled to it with a warning: a length (2mm, 0.1in) or a share of the component's side (5%%); "
        "farther off, it is left out with a warning naming the nearest product (default: 1mm)",
    )
    outputs = parser.add_argument_group("what to write besides the components PDFs")
    for kind in KINDS:
        kind.add_options(outputs)
    shops = [kind for kind in KINDS if isinstance(kind, ShopKind)]
    outputs.add_argument(
        "--shop",
        action="append",
        choices=[shop.name for shop in shops],
        default=[],
        help="also write for a print shop (repeatable): " + "; ".join(f"{shop.name}, {shop.shop}" for shop in shops),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.build.pipeline import build
    from printkit.build.summary import summary_lines

    options = build_options(args)
    built = build(roots(args.packs), options)
    failed = [pack for pack in built if pack.problems]
    problems = [problem for pack in failed for problem in pack.problems]
    if failed and len(failed) == len(built):  # nothing was built: the problems alone, as of one pack
        raise Problems(problems)
    if failed:
        print_problems(problems)
    if not args.quiet:
        print("\n".join(summary_lines(built, args.out)), file=sys.stderr)
    return 1 if failed else 0


def build_options(args: argparse.Namespace) -> BuildOptions:
    """What the command line asks the build for; a value no option takes is a UsageError."""
    from printkit.build.outputs.base import BuildOptions

    if args.bleed is not None and not 0 <= args.bleed <= 10:
        raise UsageError(f"--bleed must be from 0 to 10 mm, got {args.bleed:g}")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {args.jobs}")
    if args.template is not None and args.paper is not None:
        raise UsageError("--template and --paper exclude each other: a sheet template gives its own page size")
    only = tuple(dict.fromkeys(name.strip() for text in args.only for name in text.split(",") if name.strip()))
    if args.only and not only:
        raise UsageError(
            "--only names no component: give ids, sections like cards or tiles, or tags, separated by commas"
        )
    since = None if args.changed_since is None else (Path(args.changed_since) if args.changed_since else args.out)
    if since is not None and (since / "pack.yaml").is_file():  # `--changed-since skystones` took the pack
        raise UsageError(
            f"--changed-since {since}: that is a pack, not the output folder of an earlier build (name the "
            f"packs first, or give the folder: printkit build {since} --changed-since)"
        )
    return BuildOptions(
        out=args.out,
        papers=("a4", "letter") if args.paper == "all" else ((args.paper,) if args.paper else ()),
        template=args.template,
        languages=languages(args.lang),
        duplex=args.duplex,
        bleed=args.bleed,
        ink_saver=args.ink_saver,
        strict=args.strict,
        force=args.force,
        jobs=args.jobs,
        shops=tuple(dict.fromkeys(args.shop)),  # each once, however often it is given
        shop_tolerance=shop_tolerance(args.shop_tolerance),
        quiet=args.quiet,
        only=only,
        changed_since=since,
        **{field: value for kind in KINDS for field, value in kind.options_of(args).items()},
    )


MOST_TOLERANCE = Tolerance(10.0), Tolerance(20.0, percent=True)  # farther off is another product, not a print error


def shop_tolerance(text: str) -> Tolerance:
    """--shop-tolerance's value: a length, or a percentage of a component's side; a UsageError past
    MOST_TOLERANCE or for anything else."""
    percent = text.strip().endswith("%")
    try:
        amount = float(text.strip()[:-1]) if percent else parse_distance(text)
    except ValueError:  # a parse_distance ValueProblem too
        amount = math.nan
    if not 0 <= amount <= MOST_TOLERANCE[percent].amount:  # NaN too
        most_length, most_share = MOST_TOLERANCE
        raise UsageError(
            f"--shop-tolerance must be a length from 0 to {most_length} or a percentage from 0 to {most_share} "
            f"(like 2mm or 5%), got {text!r}"
        )
    return Tolerance(amount, percent)
