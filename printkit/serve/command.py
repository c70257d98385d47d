"""`printkit serve`: its options, and the preview served until the user stops it.

Takes: PACK names, a port and the locale pages open in.
Returns: exit code 0 once the server stops. The server (and the libraries it needs, checked first)
is imported only when the command runs, so that `printkit --help` starts without them; this module
lives in serve/ because the commands/ stage comes before it.
"""

from __future__ import annotations

import argparse

from printkit.base.errors import UsageError
from printkit.commands.command_line import Commands, languages, roots


def add_parser(commands: Commands, common: argparse.ArgumentParser) -> None:
    parser = commands.add_parser(
        "serve",
        parents=[common],
        help="live preview in the browser, on 127.0.0.1 only",
        description="Serve a live preview of packs on this computer only (127.0.0.1): every component's faces "
        "as printed, by section, with their problems where they are; the rulebook; a deck-list checker. Open "
        "pages update as the packs' files are saved.",
    )
    parser.add_argument("packs", nargs="*", metavar="PACK", help="pack id under ./content or a pack folder")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000; 0: any free port)")
    parser.add_argument("--lang", help="the locale to open packs in (default: each pack's first)")
    parser.add_argument("--open", action="store_true", help="open the preview in the system's web browser")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.base.requires import need

    need("preview")
    from printkit.serve.server import serve

    locales = languages(args.lang) or (None,)
    if len(locales) > 1:
        raise UsageError("serve --lang takes one locale, the one pages open in")
    serve(roots(args.packs), args.port, locales[0], args.open)
    return 0
