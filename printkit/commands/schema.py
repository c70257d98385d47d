"""`printkit schema`: its options, and the JSON Schema of a file of a content pack, printed.

Takes: which file (component files, pack.yaml, rulebook.yaml, a file of looks/), and optionally a
pack whose declared fields describe the components' `data:`.
Returns: exit code 0, the schema printed on stdout (JSON Schema 2020-12, each field with its docs).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable

from printkit.commands.command_line import Commands, loaded


def add_parser(commands: Commands, common: argparse.ArgumentParser) -> None:
    parser = commands.add_parser("schema", parents=[common], help="print the JSON Schema of the content model")
    parser.add_argument(
        "file",
        nargs="?",
        choices=["components", "pack", "rulebook", "looks"],
        default="components",
        help="'components' for component files (default), 'pack' for pack.yaml, 'rulebook' for rulebook.yaml, "
        "'looks' for a file of a pack's looks/ folder (and pack.yaml's looks:)",
    )
    parser.add_argument(
        "--pack", metavar="PACK", help="describe the 'data:' of components with the fields this pack declares"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from pydantic import BaseModel

    from printkit.content.fields import with_field_docs
    from printkit.content.looks import LooksFile
    from printkit.content.pack_meta import pack_model
    from printkit.content.rulebook_model import Rulebook
    from printkit.content.schema import component_file_model, component_schema

    models: dict[str, Callable[[], type[BaseModel]]] = {
        "pack": pack_model,
        "rulebook": lambda: Rulebook,
        "looks": lambda: LooksFile,
    }
    model = models.get(args.file, component_file_model)()
    schema = with_field_docs(model.model_json_schema())
    if args.pack:
        (pack,) = loaded([args.pack])
        component_schema(pack.meta, schema, pack.icons)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return 0
