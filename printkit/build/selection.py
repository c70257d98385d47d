"""Printing part of a kit: `--only` (components by id, section or tag) and `--changed-since` (the
components whose faces changed since an earlier build printed them).

Takes: a pack translated into a language, its pieces and the build options.
Returns: the pieces of the kit's sheets (the components PDF and what is made from it: PDF/X, cut
paths) and how many were left out; and each printed component's fingerprint, which the build
records in the pack's cache manifest, one record per language (build.cache), so that a later
`--changed-since` knows what each component looked like when it was last printed. A fingerprint
hashes what draws a component's faces: printkit's version, the component's own data in the language
(its texts, look, art's names), the pack's settings and looks, and the bytes of the files the
component, the settings and the looks name (art, fonts). Nothing needs git: the record is the
build's own. Outputs of single faces (PNG, Tabletop Simulator, shops) are always of the whole kit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from printkit import __version__
from printkit.base.confine import Refused, pack_file
from printkit.base.errors import UsageError, did_you_mean, display_path
from printkit.build.cache import MANIFEST, Manifest, printed_record

if TYPE_CHECKING:
    from printkit.build.outputs.base import BuildOptions
    from printkit.content.components.base import Component
    from printkit.content.pack import Pack
    from printkit.layout.pieces import Piece

ART_LIMIT = 64 * 2**20  # bytes of one art file hashed (the loader refuses larger pictures before)


def partial(options: BuildOptions) -> bool:
    """Whether the build prints part of the kit."""
    return bool(options.only) or options.changed_since is not None


def asked(options: BuildOptions) -> str:
    """The options that chose the part, as a message names them."""
    return " and ".join(
        name for name, given in (("--only", options.only), ("--changed-since", options.changed_since)) if given
    )


def selected(component: Component, only: Iterable[str]) -> bool:
    """Whether --only names the component: by its id, its section (cards, tiles, ...) or one of its tags."""
    names = {component.id, component.section, *getattr(component, "tags", ())}
    return any(name in names for name in only)


def check_only(packs: list[Pack], only: tuple[str, ...]) -> None:
    """A usage error for the --only names that are no component id, section or tag of any pack built."""
    known = {name for pack in packs for c in pack.components for name in (c.id, c.section, *getattr(c, "tags", ()))}
    unknown = [name for name in only if name not in known]
    if unknown:
        listed = ", ".join(f"'{name}'" for name in unknown)
        close = [match for name in unknown if (match := did_you_mean(name, known))]
        hint = "; ".join(close) or "give component ids, sections like cards or tiles, or tags, separated by commas"
        raise UsageError(f"--only {listed} names no component, section or tag of the packs built ({hint})")


def fingerprints(pack: Pack, language: str, components: Iterable[Component]) -> dict[str, str]:
    """Each component's fingerprint in the language (see the module's docstring)."""
    shared = hashlib.blake2b(digest_size=16)
    settings = pack.meta.model_dump_json()
    looks = json.dumps(
        [declared.look.model_dump(mode="json") for _, declared in sorted(pack.looks.items())], sort_keys=True
    )
    shared.update(f"{__version__}\0{language}\0{settings}\0{looks}".encode())
    art: dict[str, bytes] = {}  # each file read and hashed once: a deck's cards share a few dozen images

    def named(name: str) -> bytes:
        if name not in art:
            art[name] = b"\0" + name.encode() + b"\0" + hashlib.sha256(_art(pack.root, name)).digest()
        return art[name]

    files: dict[str, bool] = {}
    shared_art = _art_names(settings, pack.root, files) | _art_names(looks, pack.root, files)  # fonts, backs', looks'
    for name in sorted(shared_art):
        shared.update(named(name))
    found = {}
    for component in components:
        digest = shared.copy()
        data = component.model_dump_json()
        digest.update(data.encode())
        for name in sorted(_art_names(data, pack.root, files)):
            digest.update(named(name))
        found[component.id] = digest.hexdigest()
    return found


def _art_names(data: str, root: Path, files: dict[str, bool]) -> set[str]:
    """The texts of data (JSON) that name a file of the pack (its art); files remembers, for the
    components of one build, which texts name a file (a deck's cards share a few dozen images)."""
    names = set()
    for item in _slashed(data):
        if "\n" not in item and len(item) < 500:
            if item not in files:
                files[item] = _names_file(root, item)
            if files[item]:
                names.add(item)
    return names


def _slashed(data: str) -> Iterator[str]:
    """The texts of JSON data, not its keys, that hold a '/'. A '/' is never part of JSON's syntax
    (numbers, true, false, null, NaN hold none), only of its texts; and JSON without a backslash
    quotes no quotation mark and escapes nothing, so each '/' lies between the quotation marks around
    it, found without decoding the whole (which cost a deck of 10,000 cards more than hashing them).
    A key's closing quotation mark is followed by ':' in every layout."""
    if "\\" in data:
        pending = [json.loads(data)]
        while pending:
            item = pending.pop()
            if isinstance(item, dict):
                pending.extend(item.values())
            elif isinstance(item, list):
                pending.extend(item)
            elif isinstance(item, str) and "/" in item:
                yield item
        return
    slash = data.find("/")
    while slash != -1:
        end = data.find('"', slash)
        if data[end + 1 : end + 2] != ":":
            yield data[data.rfind('"', 0, slash) + 1 : end]
        slash = data.find("/", end)


def _names_file(root: Path, name: str) -> bool:
    if Path(name).is_absolute() or ".." in Path(name).parts:  # the loader refused such art already
        return False
    try:
        return (root / name).is_file()
    except (OSError, ValueError):
        return False


def _art(root: Path, name: str) -> bytes:
    """An art file's bytes, read inside the pack (never through a link out of it); none if it cannot be."""
    try:
        return pack_file(root, root / name, ART_LIMIT)[1]
    except (OSError, ValueError, Refused):
        return b""


def last_printed(options: BuildOptions, pack_id: str, language: str) -> dict[str, str]:
    """The fingerprints of the components printed last in the language, as the manifest of the pack's
    folder under --changed-since records them; a usage error when it records none."""
    assert options.changed_since is not None
    folder = options.changed_since / pack_id
    printed = printed_record(Manifest(folder), language)
    if not printed:
        raise UsageError(
            f"--changed-since {display_path(options.changed_since)}: {display_path(folder / MANIFEST)} records no "
            f"components PDF of {pack_id} in {language} (build the kit once without --changed-since, into that "
            "folder, then print what changes)"
        )
    return printed


def chosen(
    pieces: list[Piece], pack: Pack, language: str, options: BuildOptions, now: dict[str, str]
) -> tuple[list[Piece], int]:
    """The pieces of the kit's sheets --only and --changed-since leave (now: the fingerprints of the
    pieces with copies), and how many of those with copies they left out."""
    kept = [piece for piece in pieces if not options.only or selected(piece.component, options.only)]
    if options.changed_since is not None:
        before = last_printed(options, pack.id, language)
        kept = [piece for piece in kept if before.get(piece.component.id) != now.get(piece.component.id)]
    left_out = sum(1 for piece in pieces if piece.component.count) - sum(1 for piece in kept if piece.component.count)
    return kept, left_out
