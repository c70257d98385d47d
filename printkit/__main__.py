"""`printkit` as a command: run it and exit with its code.

Takes: the command line. Returns: nothing; exits the process.
"""

import gc
import sys

from .cli import main


def run() -> None:
    code = main()
    # At exit the interpreter would walk every object of the build once more, only to free them all.
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    run()
