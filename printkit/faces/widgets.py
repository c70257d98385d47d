"""Widgets: the procedural parts of looks, which YAML places by name (`- widget: {name: ruler}`).

Takes: the face being drawn (its component, values and context), the widget element and its box in
the face (millimetres, origin bottom-left).
Returns: the widget's drawing. Each widget is registered under a name of
`printkit.content.looks.WIDGETS`, which the content model accepts.
"""

from __future__ import annotations

from collections.abc import Callable

from printkit.base.outlines import Box
from printkit.content.looks import WIDGET_KINDS, WIDGETS, WidgetSpec
from printkit.faces.face import Face
from printkit.faces.paint import Drawing

WidgetDrawer = Callable[[Face, WidgetSpec, Box], Drawing]
WIDGET_DRAWERS: dict[str, WidgetDrawer] = {}


def widget(
    name: str, *, describes: str | None = None, draws: tuple[str, ...] = ()
) -> Callable[[WidgetDrawer], WidgetDrawer]:
    """Register the drawer of a widget: one of printkit.content.looks.WIDGETS, or a plugin's new one,
    which says what it draws (describes, for `printkit looks widgets`) and for which kinds of component."""
    if name not in WIDGETS:
        if not describes or not draws:
            raise ValueError(
                f"widget '{name}' is new: say what it draws (describes=...) and for which kinds (draws=...)"
            )
        WIDGETS[name], WIDGET_KINDS[name] = describes, draws

    def register(drawer: WidgetDrawer) -> WidgetDrawer:
        WIDGET_DRAWERS[name] = drawer
        return drawer

    return register
