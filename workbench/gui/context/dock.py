"""The right-hand dock that holds the context panel (`contextDock`, titled 上下文)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from workbench.gui.context.panel import ContextPanel
from workbench.gui.panel_dock import PanelDock


class ContextDock(PanelDock):
    """A dock whose body is the context panel."""

    def __init__(self, parent: QWidget | None = None) -> None:
        panel = ContextPanel()
        super().__init__("contextDock", panel, parent)
        self.panel = panel

    def title(self) -> str:
        """上下文."""
        return self.tr("Context")
