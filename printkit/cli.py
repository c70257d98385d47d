"""The `printkit` command: parse arguments, run a stage, print problems for people.

Takes: the command line (DESIGN.md §4).
Returns: an exit code: 0 success, 1 content problems (one line each, `file:line:col: key: message`)
or a fault of the machine (one line, see errors.fault_of), 2 usage errors. Tracebacks only with --debug.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path

from printkit import __version__
from printkit.base.errors import Problems, UsageError, ValueProblem, counted, display_path, fault_of, one_line
from printkit.build.outputs import SHOPS

# Each command imports what only it needs, when it runs: `printkit --help` and a small `check` start
# without the content model, the drawing libraries, Babel or WeasyPrint (benchmarks/run.py, start-up).


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own errors are usage errors too
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def parse_args(self, args=None, namespace=None):
        """As argparse, but PACK names may follow the options too (`i18n init --lang fr PACK`):
        argparse fills a `nargs="*"` positional before the options and has no place for them after."""
        found, extra = self.parse_known_args(args, namespace)
        if extra and isinstance(getattr(found, "packs", None), list) and not any(e.startswith("-") for e in extra):
            found.packs += extra
        elif extra:
            self.error(f"unrecognized arguments: {' '.join(extra)}")
        return found


def _folder(text: str) -> Path:
    if not text.strip():  # Path("") is the current folder: outputs would land wherever the command runs
        raise argparse.ArgumentTypeError("must name a folder, got nothing")
    return Path(text)


def _languages(text: str | None) -> tuple[str, ...] | None:
    """The --lang option's locales in their canonical BCP 47 spelling (pt_br is pt-BR), None when
    it is not given; a tag CLDR does not know is a usage error with the closest known tags."""
    if not text:
        return None
    from printkit.content.fields import parse_language
    from printkit.i18n.pseudo import CODE as PSEUDO

    tags = []
    for part in (part.strip() for part in text.split(",") if part.strip()):
        try:
            tags.append(part if part == PSEUDO else parse_language(part))
        except ValueProblem as problem:
            raise UsageError(f"--lang: {problem.message} ({problem.hint})") from None
    return tuple(tags)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="printkit", description="Print-and-play kits and rulebooks from content packs.")
    parser.add_argument("--version", action="version", version=f"printkit {__version__}")
    common = _Parser(add_help=False)  # the class of the subcommands' parsers, whose parent it is
    common.add_argument("--debug", action="store_true", help="show a traceback when something fails")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    build_cmd = commands.add_parser("build", parents=[common], help="build component PDFs for packs")
    build_cmd.add_argument("packs", nargs="*", metavar="PACK", help="pack id under ./content or a pack folder")
    build_cmd.add_argument("--out", type=_folder, default=Path("output"), help="output folder (default: output)")
    build_cmd.add_argument(
        "--paper",
        choices=["a4", "letter", "all"],
        default=None,
        help="paper to lay out on (default: the pack's, usually a4)",
    )
    build_cmd.add_argument(
        "--template",
        metavar="NAME",
        help="lay the components out in the slots of a sheet template (label sheets, a cutting mat) instead "
        "of on paper: a name from the pack's sheet-templates/ folder or printkit's own, or a .yaml file",
    )
    build_cmd.add_argument(
        "--lang", help="comma-separated locales (default: every locale the pack declares; qps is the pseudo-locale)"
    )
    build_cmd.add_argument(
        "--duplex",
        choices=["long", "short", "off"],
        default="long",
        help="edge the sheet is flipped on when printing backs (default: long); off prints "
        "each back beside its front, to fold and glue",
    )
    build_cmd.add_argument(
        "--bleed",
        type=float,
        default=0.0,
        metavar="MM",
        help="extend backgrounds this far past the trim line: 0 for home printing (default), 3 for print shops",
    )
    build_cmd.add_argument(
        "--png", action="store_true", help="also write a 300 dpi PNG of every face and Tabletop Simulator deck sheets"
    )
    build_cmd.add_argument(
        "--shop",
        action="append",
        choices=SHOPS,
        default=[],
        help="also write for a print shop (repeatable): single, a PDF of one face a page with 1/8 in bleed, "
        "backs after their fronts; tgc, a PNG of each face on The Game Crafter's template of its product",
    )
    build_cmd.add_argument(
        "--pdfx",
        action="store_true",
        help="also write a CMYK PDF/X-4 of each components PDF for print shops (needs Ghostscript's CMYK profile)",
    )
    build_cmd.add_argument(
        "--cut-svg",
        action="store_true",
        help="also write each sheet's cut paths as SVG, for cutting machines (output/PACK/cut-svg/LANG-PAPER/)",
    )
    build_cmd.add_argument("--no-rulebooks", action="store_true", help="build the component PDFs only")
    build_cmd.add_argument(
        "--force", action="store_true", help="rebuild every output, even those whose inputs did not change"
    )
    build_cmd.add_argument(
        "--booklet",
        action="store_true",
        help="also write each rulebook imposed for folding into a saddle-stitched booklet",
    )
    build_cmd.add_argument(
        "--ink-saver", action="store_true", help="pale backgrounds and outlined frames instead of solid colour"
    )
    build_cmd.add_argument(
        "--jobs", type=int, metavar="N", help="build packs in N processes at once (default: one per core)"
    )
    build_cmd.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print neither progress nor the summary of what was written (warnings and problems still print)",
    )
    build_cmd.add_argument(
        "--strict",
        action="store_true",
        help="fail on untranslated or fuzzy strings instead of building a marked draft, and on text or icons in the safe zone",
    )

    check_cmd = commands.add_parser("check", parents=[common], help="validate packs (and deck lists)")
    check_cmd.add_argument("items", nargs="*", metavar="PACK|DECKLIST")
    check_cmd.add_argument("--json", action="store_true", help="print the results as JSON")
    check_cmd.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override a rule set param, e.g. points=150 (repeatable)",
    )

    schema_cmd = commands.add_parser("schema", parents=[common], help="print the JSON Schema of the content model")
    schema_cmd.add_argument(
        "file",
        nargs="?",
        choices=["components", "pack", "rulebook", "looks"],
        default="components",
        help="'components' for component files (default), 'pack' for pack.yaml, 'rulebook' for rulebook.yaml, "
        "'looks' for a file of a pack's looks/ folder (and pack.yaml's looks:)",
    )
    schema_cmd.add_argument(
        "--pack", metavar="PACK", help="describe the 'data:' of components with the fields this pack declares"
    )

    looks_cmd = commands.add_parser("looks", parents=[common], help="the looks components are drawn with")
    looks_actions = looks_cmd.add_subparsers(dest="action", required=True, parser_class=_Parser)
    looks_list = looks_actions.add_parser(
        "list", parents=[common], help="printkit's built-in looks, and with PACK the pack's own and who uses each"
    )
    looks_list.add_argument("pack", nargs="?", metavar="PACK", help="pack id under ./content or a pack folder")
    looks_show = looks_actions.add_parser(
        "show", parents=[common], help="print a look's YAML, to copy into a pack's looks/ folder"
    )
    looks_show.add_argument("id", metavar="ID", help="the look's id (printkit looks list names them)")
    looks_show.add_argument("--pack", metavar="PACK", help="also look among this pack's own looks")
    looks_actions.add_parser("widgets", parents=[common], help="the widgets a look can place, with what they draw")

    export_cmd = commands.add_parser(
        "export",
        parents=[common],
        help="write a pack's components to a spreadsheet (XLSX, ODS, CSV or TSV)",
        description="Write a pack's components to a spreadsheet in the layout printkit reads beside YAML: "
        "row 1 holds the keys (nested ones dotted: stats.attack), a row per component, lists joined by '; '. "
        "A workbook holds a sheet per section; a CSV or TSV file holds one section and is named after it "
        "(cards.csv). The file is written only when reading it back gives the same components, and an "
        "existing file of the pack's folder is never overwritten.",
    )
    export_cmd.add_argument("pack", metavar="PACK", help="pack id under ./content or a pack folder")
    export_cmd.add_argument(
        "--section",
        metavar="SECTION",
        help="write only this section (cards, tiles, ...); a CSV or TSV file needs it when the pack has more than one",
    )
    export_cmd.add_argument(
        "--to", type=Path, required=True, metavar="FILE", help="the .xlsx, .ods, .csv or .tsv file to write"
    )

    serve_cmd = commands.add_parser(
        "serve",
        parents=[common],
        help="live preview in the browser, on 127.0.0.1 only",
        description="Serve a live preview of packs on this computer only (127.0.0.1): every component's faces "
        "as printed, by section, with their problems where they are; the rulebook; a deck-list checker. Open "
        "pages update as the packs' files are saved.",
    )
    serve_cmd.add_argument("packs", nargs="*", metavar="PACK", help="pack id under ./content or a pack folder")
    serve_cmd.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000; 0: any free port)")
    serve_cmd.add_argument("--lang", help="the locale to open packs in (default: each pack's first)")

    new_cmd = commands.add_parser("new", parents=[common], help="scaffold a new pack that builds at once")
    new_cmd.add_argument("pack", metavar="PACK", help="id of the new pack (lowercase, dashes)")

    i18n_cmd = commands.add_parser(
        "i18n",
        parents=[common],
        help="translation catalogs",
        description="init --lang LANG: add a locale (declared in pack.yaml, its catalog written, and one of "
        "printkit's own words when printkit has none for it); extract: write locales/PACK.pot; update: merge it "
        "into each locale's PO (and printkit.pot into the pack's printkit.po); stats: counts per locale; check: "
        "everything a translator must fix; pseudo: build the qps pseudo-locale kit; "
        "export/import: XLIFF 1.2 for translation platforms",
    )
    i18n_cmd.add_argument(
        "action", choices=["init", "extract", "update", "stats", "check", "pseudo", "export", "import"]
    )
    i18n_cmd.add_argument("packs", nargs="*", metavar="PACK")
    i18n_cmd.add_argument("--lang", help="comma-separated locales (default: every locale the pack declares)")
    i18n_cmd.add_argument("--json", action="store_true", help="stats as JSON")
    i18n_cmd.add_argument("--out", type=_folder, default=Path("output"), help="output folder for pseudo")
    i18n_cmd.add_argument("--file", type=Path, help="the XLIFF file to import")
    i18n_cmd.add_argument(
        "--force",
        action="store_true",
        help="import: take the file's translation even where the catalog changed since the file was exported",
    )
    return parser


def _roots(names: list[str]) -> list[Path]:
    """The folders of the packs named (ids under ./content or paths); none: every bundled pack."""
    from printkit.content.load import pack_roots

    return pack_roots(names)


def _loaded(names: list[str]) -> list:
    """The packs named, loaded and validated (every problem raised at once)."""
    from printkit.content.read import load_checked

    return load_checked(_roots(names))


def _build(args: argparse.Namespace) -> int:
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
    languages = _languages(args.lang)
    built = build(
        _roots(args.packs),
        BuildOptions(
            out=args.out,
            papers=papers,
            template=args.template,
            languages=languages,
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


def _check(args: argparse.Namespace) -> int:
    list_paths = [Path(item) for item in args.items if Path(item).is_file()]
    pack_names = [item for item in args.items if not Path(item).is_file()]
    from printkit.commands.check import check_packs_and_lists

    try:
        packs, reports, found = check_packs_and_lists(pack_names, list_paths, args.param)
    except Problems as error:
        if args.json:
            _warn_of(error)
            print(
                json.dumps(
                    {"ok": False, "packs": [], "lists": [], "problems": [_problem_json(p) for p in error.problems]},
                    indent=2,
                )
            )
            return 1
        raise
    problems = Problems(found).problems  # in order, each once
    ok = not problems and all(report.ok for report in reports)
    if args.json:
        print(
            json.dumps(
                {
                    "ok": ok,
                    "packs": [p.id for p in packs],
                    "problems": [_problem_json(p) for p in problems],
                    "lists": [
                        {
                            "file": r.file,
                            "pack": r.pack,
                            "rules": r.rule_set,
                            "ok": r.ok,
                            "entries": r.entries,
                            "violations": [
                                {
                                    "file": line.file,
                                    "line": line.line,
                                    "column": line.column,
                                    "rule": rule,
                                    "section": section,
                                    "ids": list(ids),
                                    "message": line.message,
                                }
                                for line, rule, section, ids in r.violations
                            ],
                        }
                        for r in reports
                    ],
                },
                indent=2,
            )
        )
        return 0 if ok else 1
    for report in reports:
        for line, *_ in report.violations:
            print(line, file=sys.stderr)
    if problems:
        _print_problems(problems)
    elif not reports:
        sizes = ", ".join(f"{p.id} ({counted(len(p.components), 'component')})" for p in packs)
        print(f"{counted(len(packs), 'pack')} checked: {sizes}")
    for report in reports:
        title = next(p for p in packs if p.id == report.pack).meta.rules[report.rule_set].title
        verdict = "legal" if report.ok else counted(len(report.violations), "violation")
        print(f"{report.file}: {verdict} ({title}, rule set '{report.rule_set}' of {report.pack})")
    return 0 if ok else 1


def _warn_of(error: Problems) -> None:
    """The warnings found on the way to the problems, printed as a pack that loads prints them."""
    from printkit.build.pipeline import warn

    for warning in error.warnings:
        warn(str(warning))


def _print_problems(problems: list) -> None:
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{counted(len(problems), 'problem')} found", file=sys.stderr)


def _problem_json(problem) -> dict:
    return {
        "file": problem.file,
        "line": problem.line,
        "column": problem.column,
        "key": problem.key_path,
        "message": problem.message,
        "hint": problem.hint,
    }


def _schema(args: argparse.Namespace) -> int:
    from pydantic import BaseModel

    from printkit.content.fields import with_field_docs
    from printkit.content.looks import LooksFile
    from printkit.content.pack_meta import pack_model
    from printkit.content.rulebook_model import Rulebook
    from printkit.content.schema import component_file_model, component_schema

    models: dict[str, Callable[[], type[BaseModel]]] = {
        "pack": pack_model,
        "rulebook": lambda: Rulebook,
        "looks": lambda: LooksFile,
    }
    model = models.get(args.file, component_file_model)()
    schema = with_field_docs(model.model_json_schema())
    if args.pack:
        (pack,) = _loaded([args.pack])
        component_schema(pack.meta, schema)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return 0


def _new(args: argparse.Namespace) -> int:
    from printkit.commands.new import new_pack, next_steps

    root = new_pack(args.pack)
    print("\n".join([f"created {root}; next:", *next_steps(args.pack, root)]))
    return 0


def _serve(args: argparse.Namespace) -> int:
    from printkit.base.requires import need

    need("preview")
    from printkit.serve.server import serve

    languages = _languages(args.lang) or (None,)
    if len(languages) > 1:
        raise UsageError("serve --lang takes one locale, the one pages open in")
    serve(_roots(args.packs), args.port, languages[0])
    return 0


def _export(args: argparse.Namespace) -> int:
    from printkit.commands.export import export

    (pack,) = _loaded([args.pack])
    sheets = export(pack, args.to, args.section)
    rows = [f"{sheet.section} ({counted(len(sheet.rows), 'row')})" for sheet in sheets]
    print(f"wrote {display_path(args.to)}: {', '.join(rows)}")
    return 0


def _looks(args: argparse.Namespace) -> int:
    from printkit.commands import looks

    if args.action == "widgets":
        lines = looks.widget_lines()
    else:
        pack = _loaded([args.pack])[0] if args.pack else None  # list's PACK or show's --pack
        lines = looks.listing(pack) if args.action == "list" else [looks.source(args.id, pack)]
    print("\n".join(lines).rstrip("\n"))
    return 0


def _i18n(args: argparse.Namespace) -> int:
    from printkit.commands import i18n
    from printkit.i18n.translate import undeclared

    packs = _loaded(args.packs)
    languages = list(_languages(args.lang) or ()) or None
    if args.action == "init":
        if not languages:
            raise UsageError("i18n init needs --lang LANG, the locale to add (a BCP 47 tag such as fr or pt-BR)")
        for pack in packs:
            for language in languages:
                pack, written = i18n.init(pack, language)
                for path in written:
                    print(f"wrote {display_path(path)}")
        return 0
    for pack in packs:  # a locale a pack does not declare would otherwise be passed over without a word
        error = undeclared(pack, languages or [])
        if error is not None:
            raise error
    if args.action == "extract":
        for pack in packs:
            print(f"wrote {display_path(i18n.extract(pack))}")
    elif args.action == "update":
        for pack in packs:
            for path in i18n.update(pack, languages):
                print(f"wrote {display_path(path)}")
    elif args.action == "stats":
        rows = i18n.stats(packs, languages)
        if args.json:
            print(json.dumps(rows, indent=2))
        else:
            print(
                f"{'pack':<22} {'locale':<7} {'translated':>10} {'fuzzy':>6} {'untranslated':>12} {'obsolete':>8}"
                f" {'done':>7}"
            )
            for r in rows:
                print(
                    f"{r['pack']:<22} {r['locale']:<7} {r['translated']:>10} {r['fuzzy']:>6} {r['untranslated']:>12}"
                    f" {r['obsolete']:>8} {r['percent']:>6.1f}%"
                )
    elif args.action == "check":
        checked = i18n.check(packs, languages)
        print(f"{counted(checked, 'catalog')} checked: complete, consistent and every text fits")
    elif args.action == "pseudo":
        for path in i18n.pseudo_build(packs, args.out):
            print(f"wrote {display_path(path)}")
    else:
        if len(packs) != 1 or not languages or len(languages) != 1:
            raise UsageError(f"i18n {args.action} takes one PACK and one --lang")
        if args.action == "export":
            print(f"wrote {display_path(i18n.export_xliff(packs[0], languages[0]))}")
        else:
            if args.file is None:
                raise UsageError("i18n import needs --file FILE.xlf, an XLIFF file to read")
            from printkit.build.pipeline import warn

            path, changed, conflicts = i18n.import_xliff(packs[0], languages[0], args.file, args.force)
            kept = f", {len(conflicts)} kept as the catalog has them" if conflicts else ""
            print(f"wrote {display_path(path)}: {changed} entries changed{kept}")
            for conflict in conflicts:
                warn(str(conflict))
    return 0


COMMANDS = {
    "build": _build,
    "check": _check,
    "schema": _schema,
    "new": _new,
    "i18n": _i18n,
    "looks": _looks,
    "export": _export,
    "serve": _serve,
}


# What a POSIX shell reports for a program stopped by a closed pipe: 128 + SIGPIPE (13 on every
# POSIX system). Windows has neither SIGPIPE nor a convention of its own: the same code.
BROKEN_PIPE = 128 + 13


def _stop(signum, frame):
    raise KeyboardInterrupt  # so that temporary files are removed on the way out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    debug = "--debug" in argv
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _stop)
    try:
        args = _parser().parse_args(argv)
        from printkit.extensions import ready

        ready()  # plugins loaded, and every kind, rule kind and widget found whole, before any pack is read
        return COMMANDS[args.command](args)
    except Problems as error:
        _warn_of(error)
        _print_problems(error.problems)
        return 1
    except UsageError as error:
        print(f"printkit: {one_line(str(error))}", file=sys.stderr)  # it may quote a value with a line break
        return 2
    except KeyboardInterrupt:
        print("printkit: interrupted; files already written are complete, none is half-written", file=sys.stderr)
        return 130
    except BrokenPipeError:  # its reader went away (`printkit looks show card | head -1`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so that exiting flushes nowhere
        return BROKEN_PIPE
    except Exception as error:  # a bug in printkit, not in the pack, unless the machine caused it
        fault = fault_of(error)
        if fault is not None:
            print(f"printkit: {fault}", file=sys.stderr)
            return 1
        if debug:
            traceback.print_exc()
        else:
            print(f"printkit: internal error: {error!r} (run again with --debug and report it)", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
