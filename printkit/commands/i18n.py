"""`printkit i18n`: its actions and options, and what each prints.

Takes: an action (init, extract, update, stats, check, pseudo, export, import, glossary), PACK names and the
options of that action.
Returns: exit code 0 and a line per file written, the counts table (or JSON), or the number of
catalogs checked; the work on the catalogs is commands/catalogs.py's. An action given what it
cannot take (no --lang for init, more than one PACK or locale for export and import, a locale the
pack does not declare) is a UsageError.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from printkit.base.errors import UsageError, counted, display_path
from printkit.commands.command_line import Commands, folder, languages, loaded


def add_parser(commands: Commands, common: argparse.ArgumentParser) -> None:
    parser = commands.add_parser(
        "i18n",
        parents=[common],
        help="translation catalogs",
        description="init --lang LANG: add a locale (declared in pack.yaml, its catalog written, and one of "
        "printkit's own words when printkit has none for it); extract: write locales/PACK.pot; update: merge it "
        "into each locale's PO (and printkit.pot into the pack's printkit.po); stats: counts per locale; check: "
        "everything a translator must fix; pseudo: build the qps pseudo-locale kit; "
        "export/import: XLIFF 1.2 for translation platforms; glossary: the glossary's terms and names as TBX and CSV "
        "for Weblate and CAT tools",
    )
    parser.add_argument(
        "action",
        choices=["init", "extract", "update", "stats", "check", "pseudo", "export", "import", "glossary"],
        help="what to do with the catalogs (see above)",
    )
    parser.add_argument(
        "packs", nargs="*", metavar="PACK", help="pack id under ./content or a pack folder (default: every pack)"
    )
    parser.add_argument("--lang", help="comma-separated locales (default: every locale the pack declares)")
    parser.add_argument("--json", action="store_true", help="stats as JSON")
    parser.add_argument("--out", type=folder, default=Path("output"), help="output folder for pseudo")
    parser.add_argument("--file", type=Path, help="the XLIFF file to import")
    parser.add_argument(
        "--force",
        action="store_true",
        help="import: take the file's translation even where the catalog changed since the file was exported",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.commands import catalogs
    from printkit.i18n.translate import undeclared

    packs = loaded(args.packs)
    locales = list(languages(args.lang) or ()) or None
    if args.action == "init":
        if not locales:
            raise UsageError("i18n init needs --lang LANG, the locale to add (a BCP 47 tag such as fr or pt-BR)")
        for pack in packs:
            for language in locales:
                pack, written = catalogs.init(pack, language)
                for path in written:
                    print(f"wrote {display_path(path)}")
        return 0
    for pack in packs:  # a locale a pack does not declare would otherwise be passed over without a word
        error = undeclared(pack, locales or [])
        if error is not None:
            raise error
    if args.action == "extract":
        for pack in packs:
            print(f"wrote {display_path(catalogs.extract(pack))}")
    elif args.action == "update":
        for pack in packs:
            for path in catalogs.update(pack, locales):
                print(f"wrote {display_path(path)}")
    elif args.action == "stats":
        rows = catalogs.stats(packs, locales)
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
        checked = catalogs.check(packs, locales)
        print(f"{counted(checked, 'catalog')} checked: complete, consistent and every text fits")
    elif args.action == "glossary":
        for pack in packs:
            for language in catalogs.target_locales(pack, locales):
                for path in catalogs.export_glossary(pack, language):
                    print(f"wrote {display_path(path)}")
    elif args.action == "pseudo":
        for path in catalogs.pseudo_build(packs, args.out):
            print(f"wrote {display_path(path)}")
    else:
        if len(packs) != 1 or not locales or len(locales) != 1:
            raise UsageError(f"i18n {args.action} takes one PACK and one --lang")
        if args.action == "export":
            print(f"wrote {display_path(catalogs.export_xliff(packs[0], locales[0]))}")
        else:
            if args.file is None:
                raise UsageError("i18n import needs --file FILE.xlf, an XLIFF file to read")
            from printkit.build.warnings import warn

            path, changed, conflicts, matched = catalogs.import_xliff(packs[0], locales[0], args.file, args.force)
            kept = f", {len(conflicts)} kept as the catalog has them" if conflicts else ""
            # units printkit's ids did not name (another tool's file, or English changed since) say how they were found
            ways = [f"{counted(count, 'unit')} matched by {how}" for how, count in sorted(matched.items())]
            found = f" ({', '.join(ways)})" if set(matched) - {"id"} else ""
            print(f"wrote {display_path(path)}: {changed} entries changed{kept}{found}")
            for conflict in conflicts:
                warn(str(conflict))
    return 0
