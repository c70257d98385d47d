"""printkit's CMYK profiles (printkit/output/profiles/*.icc), made again from their characterization data.

Takes: the characterization data beside this file (tools/cmyk_profiles/*.ti3: FOGRA39L from Fogra,
CGATS TR 006 and TR 003 from NPES, as colord's data/profiles/*.iccprofile.xml carry them) and
ArgyllCMS's colprof on the PATH.
Returns: nothing; writes each profile with colprof's settings colord uses for it (medium quality,
its black generation and a 300 % ink limit), so printkit ships the profiles colord and the Linux
distributions ship, named and with a copyright tag that says where the data came from.

Run `python tools/cmyk_profiles.py` after changing a data file or a setting here.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "cmyk_profiles"
PROFILES = ROOT / "printkit" / "output" / "profiles"
FREE = "No copyright, use freely (CC0 1.0)."

# file stem: description, where its data came from, colprof's black generation (-kp stle stpo enpo enle shape)
MADE = {
    "FOGRA39L_coated": (
        "FOGRA39L Coated (printkit)",
        "Characterization data: FOGRA39L, Fogra.",
        "0 0.3 0.94 0.94 0.48",
    ),
    "GRACoL_TR006_coated": (
        "GRACoL TR006 Coated (printkit)",
        "Characterization data: CGATS TR 006, Copyright 2007 NPES.",
        "0 0.3 0.94 0.94 0.48",
    ),
    "SWOP_TR003_coated_3": (
        "SWOP TR003 Coated (printkit)",
        "Characterization data: CGATS TR 003, Copyright 2007 NPES.",
        "0 0.3 0.94 0.94 0.4",
    ),
}


def main() -> int:
    colprof = shutil.which("colprof")
    if colprof is None:
        print("tools/cmyk_profiles.py needs ArgyllCMS's colprof (apt-get install argyll)", file=sys.stderr)
        return 1
    for stem, (description, source, black) in MADE.items():
        with tempfile.TemporaryDirectory() as work:
            shutil.copy(DATA / f"{stem}.ti3", work)
            subprocess.run(
                [colprof, "-nc", "-qm", "-bm", "-kp", *black.split(), "-l300", "-D", description]
                + ["-C", f"{FREE} {source} Made with ArgyllCMS.", stem],
                cwd=work,
                check=True,
                stdout=subprocess.DEVNULL,
            )
            shutil.copy(Path(work) / f"{stem}.icc", PROFILES / f"{stem}.icc")
    return 0


if __name__ == "__main__":
    sys.exit(main())
