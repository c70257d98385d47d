"""`printkit` as a command: run it and exit with its code.

Takes: the command line. Returns: nothing; exits the process.
"""

import os
import sys

# pydantic looks for plugins of its own in every installed distribution's metadata at its first model
# (~10 ms of every command); printkit uses none. Whoever sets the variable still decides.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from printkit.base.collector import freeze_for_exit  # noqa: E402 (after the variable pydantic reads)
from printkit.cli import main  # noqa: E402


def run() -> None:
    code = main()
    freeze_for_exit()
    sys.exit(code)


if __name__ == "__main__":
    run()
