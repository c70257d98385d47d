"""What plugin packages add to printkit, and the check that everything registered is whole.

Takes: the entry points of the groups in GROUPS (each names a module that registers what it adds
when imported: `@component_kind(section)`, `@rule_kind`, `@widget(name, ...)`), found in the
installed distributions' metadata, so a plugin needs only be installed.
Returns: nothing; `ready()` loads them once and checks every registered component kind, rule kind
and widget for the parts the rest of printkit relies on, raising one `Fault` that names every part
missing (a kind registered without its words would pass `check` and fail in `build`; one whose
`shape:` names a shape printkit has no outline for would be cut as a rectangle).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module, metadata
from typing import get_args

from printkit.base.errors import Fault, one_line

GROUPS = ("printkit.component_kinds", "printkit.rule_kinds", "printkit.widgets")


@cache
def ready() -> None:
    """The plugins loaded and every registry checked; raises a Fault naming what is wrong."""
    # one scan of the installed distributions for all groups: each scan reads every one's metadata
    found = metadata.entry_points()
    for group in GROUPS:
        for entry_point in found.select(group=group):
            try:
                entry_point.load()
            except Exception as error:  # a plugin is someone else's code: its failure is named, not a bug of printkit
                raise Fault(
                    f"the plugin {entry_point.value} ({group}) cannot be loaded: {one_line(repr(error))} "
                    f"(update or uninstall the package that provides it)"
                ) from None
    missing = missing_parts()
    if missing:
        raise Fault("registered but incomplete: " + "; ".join(missing))


def missing_parts() -> list[str]:
    """What each registered component kind, rule kind and widget lacks, in words for its author."""
    from printkit.base.outlines import ShapeName
    from printkit.content.components import COMPONENT_KINDS
    from printkit.content.components.base import Component, Shaped
    from printkit.content.looks import WIDGET_KINDS, WIDGETS, builtin_looks
    from printkit.content.rules import RULE_KINDS, Rule
    from printkit.faces.widgets import WIDGET_DRAWERS
    from printkit.i18n.words import MESSAGES

    import_module("printkit.faces.looks")  # which imports every module of printkit's widgets: their drawers registered
    missing = []
    looks = builtin_looks()
    shapes = get_args(ShapeName)
    for section, cls in COMPONENT_KINDS.items():
        kind = getattr(cls, "kind", None)
        name = f"component kind '{kind or cls.__qualname__}' (section {section})"
        if not isinstance(kind, str):
            missing.append(f"{name} has no kind (kind: ClassVar[str] = 'coin', the word messages name it by)")
            continue
        if f"kind-{kind}" not in MESSAGES:
            missing.append(
                f"{name} has no word 'kind-{kind}' for sheet footers (printkit.i18n.words.add_word('kind-{kind}', ...))"
            )
        look = kind.replace(" ", "-")
        if cls.builtin_look is Component.builtin_look and look not in looks:
            missing.append(
                f"{name} has no built-in look '{look}' (ship one: printkit.content.looks.add_builtin_looks(folder))"
            )
        if not (cls.__doc__ or "").strip() or cls.__doc__ == Component.__doc__:
            missing.append(f"{name} has no docstring, which `printkit schema` shows editors")
        if cls.trim is Component.trim or cls.outline is Component.outline:
            missing.append(f"{name} does not say its trim and outline (trim, outline)")
        for shape in cls.shapes() if issubclass(cls, Shaped) else ():
            if shape not in shapes:
                missing.append(
                    f"{name} takes shape '{shape}', which printkit cuts no outline for (its shapes: "
                    f"{', '.join(shapes)}, in printkit.base.outlines)"
                )
    for kind, rule in RULE_KINDS.items():
        if rule.check is Rule.check:
            missing.append(f"rule kind '{kind}' does not check lists (check)")
        if not (rule.__doc__ or "").strip():
            missing.append(f"rule kind '{kind}' has no docstring, which `printkit schema pack` shows editors")
    for widget in WIDGETS:
        if widget not in WIDGET_DRAWERS:
            missing.append(f"widget '{widget}' is named but draws nothing (@widget('{widget}') on its drawer)")
        if not WIDGET_KINDS.get(widget):
            missing.append(f"widget '{widget}' does not say which kinds of component it draws")
    return missing
