"""The `printkit` command: parse arguments, run a command, print problems for people.

Takes: the command line (DESIGN.md §4); each command's options and what it runs are in its own
module (commands/, and serve/command.py).
Returns: an exit code: 0 success, 1 content problems (one line each, `file:line:col: key: message`)
or a fault of the machine (one line, see errors.fault_of), 2 usage errors. Tracebacks only with --debug.
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import sys
import threading
import traceback

from printkit import __version__
from printkit.base.errors import Problems, UsageError, fault_of, one_line
from printkit.commands import build, check, export, i18n, looks, new, schema
from printkit.commands.command_line import Parser, print_problems, warn_of
from printkit.serve import command as serve

# Each command's module imports what only it needs, when it runs: `printkit --help` and a small
# `check` start without the content model, the drawing libraries, Babel or WeasyPrint
# (benchmarks/run.py, start-up).
COMMANDS = (build, check, schema, looks, export, serve, new, i18n)  # in the order --help lists them


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="printkit",
        description="Print-and-play kits and rulebooks from content packs.",
        epilog="Documentation: a tutorial, how-to guides and the reference in docs/ of printkit's repository "
        "(in a clone, `./dev docs serve` shows them in the browser; `./dev docs` builds them into site/).",
    )
    parser.add_argument("--version", action="version", version=f"printkit {__version__}")
    common = Parser(add_help=False)  # the class of the commands' parsers, whose parent it is
    common.add_argument("--debug", action="store_true", help="show a traceback when something fails")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for command in COMMANDS:
        command.add_parser(commands, common)  # its options, and its `run` as the parsed arguments' default
    return parser


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
        return args.run(args)
    except Problems as error:
        warn_of(error)
        print_problems(error.problems)
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
            again = shlex.join(["printkit", *argv[:1], "--debug", *argv[1:]])  # --debug goes after the command
            print(f"printkit: internal error: {error!r} (run `{again}` to see where, and report it)", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
