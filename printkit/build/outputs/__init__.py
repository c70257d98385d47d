"""What a build can write: the output kinds, one module each, and what a build is asked for.

Takes: the options of `printkit build` (`BuildOptions`).
Gives: `KINDS`, every output kind in the order a build writes them. A kind says in one place
whether a build writes it, the name of each of its outputs (DESIGN.md's contract), what the cache
key of each hashes (see build.plan), the job that writes it (see build.pipeline), the usage it
refuses, the output it is derived from (retired when that one is written again without it) and the
folder its files go in. Three shapes of kind, by what an output is made from:
- `SheetsKind`: one output per language and layout (a paper or a sheet template), from its sheets;
- `FacesKind`: one per language, from the faces of its pieces;
- `BookKind`: the rulebook's editions of a pack.
A kind is registered by `register`, which refuses at once one that leaves out what a kind says.
"""

# The kinds, each registered when its module is imported, in the order a build writes them.
# isort: off
from printkit.build.outputs import components  # noqa: F401
from printkit.build.outputs import pdfx  # noqa: F401
from printkit.build.outputs import cut_svg  # noqa: F401
from printkit.build.outputs import silhouette  # noqa: F401
from printkit.build.outputs import png  # noqa: F401
from printkit.build.outputs import cricut  # noqa: F401
from printkit.build.outputs import tts  # noqa: F401
from printkit.build.outputs import shop_single  # noqa: F401
from printkit.build.outputs import shop_tgc  # noqa: F401
from printkit.build.outputs import shop_mpc  # noqa: F401
from printkit.build.outputs import shop_dtc  # noqa: F401
from printkit.build.outputs import rulebook  # noqa: F401
from printkit.build.outputs import rulebook_html  # noqa: F401
# isort: on
