"""Widgets: the procedural parts of looks, which YAML places by name (`- widget: {name: ruler}`).

Takes: the face being drawn (its component, values and context), the widget element and its box in
the face (millimetres, origin bottom-left).
Returns: the widget's drawing. Each widget is registered under a name of
`printkit.content.looks.WIDGETS`, which the content model accepts.
"""

from __future__ import annotations

from collections.abc import Callable

from printkit.base.outlines import Box
from printkit.content.looks import WIDGETS, WidgetSpec
from printkit.faces.face import Face
from printkit.faces.paint import Drawing

WidgetDrawer = Callable[[Face, WidgetSpec, Box], Drawing]
WIDGET_DRAWERS: dict[str, WidgetDrawer] = {}


def widget(name: str) -> Callable[[WidgetDrawer], WidgetDrawer]:
    assert name in WIDGETS, f"widget '{name}' must be named in printkit.content.looks.WIDGETS"

    def register(drawer: WidgetDrawer) -> WidgetDrawer:
        WIDGET_DRAWERS[name] = drawer
        return drawer

    return register
