"""The package reads like the pipeline: each stage imports only from the stages before it (and from
itself), and no module imports another that, through any chain, imports it back."""

import ast
from pathlib import Path

import printkit

PACKAGE = Path(printkit.__file__).parent
# The stages in the order data flows through them; a module may import from its own stage and from
# those listed before it. `printkit` itself (the version) comes before all.
STAGES = [
    "base",
    "content",
    "rules",
    "i18n",
    "faces",
    "layout",
    "output",
    "rulebook",
    "build",
    "commands",
    "serve",
    "extensions",
    "cli",
    "__main__",
]


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(path: Path) -> set[str]:
    """The printkit modules a module imports when it runs, at its top or inside a function; imports
    under `if TYPE_CHECKING:` only name types and are left out."""
    tree = ast.parse(path.read_text(), str(path))
    checking_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and getattr(block.test, "id", None) == "TYPE_CHECKING"
        for node in ast.walk(block)
    }
    imported = set()
    for node in ast.walk(tree):
        if id(node) in checking_only:
            continue
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names if alias.name.startswith("printkit")}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: relative import; printkit imports by the full name"
            if node.module and node.module.startswith("printkit"):
                for alias in node.names:  # `from printkit.i18n import words` imports a module
                    candidate = f"{node.module}.{alias.name}"
                    imported.add(candidate if candidate in MODULES else node.module)
    return imported


MODULES = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
IMPORTS = {name: _runtime_imports(path) for name, path in MODULES.items()}


def _stage(module: str) -> int:
    parts = module.split(".")
    return -1 if len(parts) == 1 else STAGES.index(parts[1])


def test_every_module_belongs_to_a_stage():
    assert {name.split(".")[1] for name in MODULES if "." in name} == set(STAGES)


def test_imports_point_down_the_pipeline():
    upward = sorted(
        f"{module} imports {target}"
        for module, targets in IMPORTS.items()
        for target in targets
        if _stage(target) > _stage(module)
    )
    assert upward == []


def test_no_import_cycles():
    cycles = []
    state: dict[str, str] = {}

    def visit(module: str, chain: list[str]) -> None:
        state[module] = "open"
        for target in sorted(IMPORTS.get(module, ())):
            if state.get(target) == "open":
                cycles.append(
                    " -> ".join(chain[chain.index(target) :] + [module, target])
                    if target in chain
                    else f"{module} -> {target}"
                )
            elif target not in state:
                visit(target, chain + [module])
        state[module] = "done"

    for module in sorted(MODULES):
        if module not in state:
            visit(module, [])
    assert cycles == []
