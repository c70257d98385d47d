"""--tts: a Tabletop Simulator saved object of each language, in `tts/<language>/`: the JSON to put in
Tabletop Simulator's Saved Objects folder and the images it names (see output.tts). Its images are
found at their `file:///` addresses as written, or under `--tts-url`, the folder the user uploads
them to (which implies --tts); nothing is fetched or uploaded."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, urlsplit

from printkit.build.outputs.base import (
    BuildOptions,
    Drawn,
    FacesKind,
    PackPlan,
    nothing_to_write,
    register,
    retire_earlier,
)

if TYPE_CHECKING:
    import argparse

    from printkit.build.jobs import Job, Written
    from printkit.build.staging import Staging
    from printkit.content.pack import Pack
    from printkit.layout.pieces import Faces, Piece


@register
class TabletopSimulator(FacesKind):
    name = "tts"
    folder = "tts"
    unprinted = "Tabletop Simulator object"

    def add_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--tts",
            action="store_true",
            help="also write a Tabletop Simulator saved object: its JSON, deck sheets and images",
        )
        group.add_argument(
            "--tts-url",
            metavar="URL",
            help="the https:// folder you will upload the --tts images to, ending in /; the saved object "
            "names them there instead of on this computer (implies --tts)",
        )

    def options_of(self, args: argparse.Namespace) -> dict:
        return {"tts": args.tts or args.tts_url is not None, "tts_url": args.tts_url}

    def wanted(self, options: BuildOptions) -> bool:
        return options.tts

    def check_usage(self, options: BuildOptions) -> None:
        from printkit.base.errors import UsageError

        url = options.tts_url
        if url is None:
            return
        try:
            parts = urlsplit(url)
            parts.port  # noqa: B018 (read for its ValueError: a port past 65535, an address with a broken [IPv6])
        except ValueError:
            parts = urlsplit("")
        unsafe = any(c.isspace() or not c.isprintable() or c in "\"'<>\\" for c in url)
        if (
            parts.scheme != "https"
            or not parts.hostname
            or not url.endswith("/")
            or parts.query
            or parts.fragment
            or unsafe
        ):
            raise UsageError(
                f"--tts-url must be the https:// address of the folder you upload the images to, ending in / "
                f"(e.g. https://example.org/my-game/), got '{url}'"
            )

    def name_of(self, pack_id: str, language: str) -> str:
        return f"{self.folder}/{language}"

    def key_of(self, plan: PackPlan, language: str) -> tuple:
        # drawn without bleed, whatever --bleed is (Tabletop Simulator shows the whole image); where
        # they are found is the saved object's business, not theirs
        options = plan.options
        return (plan.content, plan.catalog(language), language, self.name, options.ink_saver, options.strict)

    def job(self, drawn: Drawn) -> Job | None:
        from printkit.build.jobs import Job

        if not drawn.printed:  # nothing has copies: no saved object of nothing, nor the one before
            return nothing_to_write(drawn.pack.id, self.name_of(drawn.pack.id, drawn.language), drawn.options)
        pack, pieces = drawn.pack, drawn.pieces
        write = partial(_write_images, pack, drawn.language, pieces, drawn.faces, drawn.options)
        return Job(pack.id, self.name_of(pack.id, drawn.language), write, weight=15 * len(pieces))


@register
class TabletopSimulatorObject(FacesKind):
    """The saved object's JSON beside its images (--tts): it alone names where they are found, so a
    new --tts-url rewrites it and not them."""

    name = "tts-object"

    def wanted(self, options: BuildOptions) -> bool:
        return options.tts

    def name_of(self, pack_id: str, language: str) -> str:
        return f"{TabletopSimulator.folder}/{language}/{pack_id}-{language}.json"

    def key_of(self, plan: PackPlan, language: str) -> tuple:
        where = _images_at(plan.options, plan.pack_id, language)
        return (plan.content, plan.catalog(language), language, self.name, plan.options.strict, where)

    def job(self, drawn: Drawn) -> Job | None:
        from printkit.build.jobs import Job

        name = self.name_of(drawn.pack.id, drawn.language)
        if not drawn.printed:
            return nothing_to_write(drawn.pack.id, name, drawn.options)
        write = partial(_write_object, drawn.pack, drawn.language, drawn.pieces, drawn.faces, drawn.options)
        return Job(drawn.pack.id, name, write, weight=len(drawn.pieces))


def _images_at(options: BuildOptions, pack_id: str, language: str) -> str:
    """The address of the folder the saved object's images are found in, ending in /."""
    if options.tts_url is not None:
        return options.tts_url
    return (Path(options.out) / pack_id / TabletopSimulator.folder / language).resolve().as_uri() + "/"


def _write_images(
    pack: Pack, language: str, pieces: list[Piece], faces: Faces, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.output.tts import tts_images  # PDFium loads only for image exports

    name = f"{TabletopSimulator.folder}/{language}"
    folder = options.out / pack.id / name
    completed = [faces.complete(piece) for piece in pieces]
    faces.raise_problems()
    written = []
    for file, data in tts_images(completed, pack):
        staging.temporary(folder / file, inside=options.out).write_bytes(data)
        written.append(folder / file)
    retire_earlier(staging, options, pack.id, [name], written)
    return [Written(path, None) for path in written]


def _write_object(
    pack: Pack, language: str, pieces: list[Piece], faces: Faces, options: BuildOptions, staging: Staging
) -> list[Written]:
    from printkit.build.jobs import Written
    from printkit.output.tts import tts_object

    at = _images_at(options, pack.id, language)
    completed = [faces.complete(piece) for piece in pieces]  # a deck is the cards of one back as drawn
    faces.raise_problems()
    file, data = tts_object(completed, pack, language, lambda image: at + quote(image))
    target = options.out / pack.id / TabletopSimulator.folder / language / file
    staging.temporary(target, inside=options.out).write_bytes(data)
    return [Written(target, None)]
