"""`printkit` as a command: run it and exit with its code.

Takes: the command line. Returns: nothing; exits the process.
"""

import sys

from printkit.base.collector import freeze_for_exit
from printkit.cli import main


def run() -> None:
    code = main()
    freeze_for_exit()
    sys.exit(code)


if __name__ == "__main__":
    run()
