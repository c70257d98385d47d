"""The printing conditions --pdfx converts for: which CMYK profile printkit ships for each, and how a
PDF/X-4 output intent names it.

Takes: nothing; a table. Returns: `OUTPUT_CONDITIONS`, each `OutputCondition` by the word the
--output-condition option takes, and `DEFAULT_CONDITION`.

Each profile is made by tools/cmyk_profiles.py with ArgyllCMS from the characterization data the ICC
registry names (the data as colord ships it), and is free to ship: see profiles/LICENSE.md. The
identifier is the data set's reference name in the ICC's characterization data registry, which is
what PDF/X-4 asks an output intent to carry (with the registry's address) so that a shop's preflight
knows the condition without reading the profile.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.base.package_data import folder

REGISTRY = "http://www.color.org"  # the ICC's characterization data registry, as PDF/X names it


@dataclass(frozen=True)
class OutputCondition:
    name: str  # what --output-condition takes
    identifier: str  # the OutputConditionIdentifier: the data set's reference name in the ICC registry
    condition: str  # the OutputCondition: the printing condition in words
    profile_file: str  # in printkit/output/profiles/
    where: str  # who prints for it, for the option's help

    @property
    def profile(self) -> Path:
        return folder("printkit.output", "profiles") / self.profile_file


OUTPUT_CONDITIONS = {
    condition.name: condition
    for condition in (
        OutputCondition(
            "fogra39",
            "FOGRA39",
            "Offset printing, ISO 12647-2:2004/Amd 1, paper type 1 or 2 (coated), 115 g/m2 (FOGRA39L)",
            "FOGRA39L_coated.icc",
            "Europe's coated offset standard (ISO Coated v2 / PSO Coated)",
        ),
        OutputCondition(
            "gracol",
            "CGATS TR 006",
            "GRACoL: commercial offset on grade 1 coated paper (CGATS TR 006)",
            "GRACoL_TR006_coated.icc",
            "US commercial sheetfed offset on coated paper",
        ),
        OutputCondition(
            "swop",
            "CGATS TR 003",
            "SWOP: publication web offset on grade 3 coated paper (CGATS TR 003)",
            "SWOP_TR003_coated_3.icc",
            "US magazine web offset",
        ),
    )
}
DEFAULT_CONDITION = "fogra39"
