"""The dock that holds the 全书 panel (its objectName, bookDock, is the layout's)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from workbench.gui.book.panel import BookPanel
from workbench.gui.panel_dock import PanelDock


class BookDock(PanelDock):
    """全书: presence, the foreshadowing timeline, writing statistics."""

    def __init__(self, parent: QWidget | None = None) -> None:
        panel = BookPanel()
        super().__init__("bookDock", panel, parent)
        self.panel = panel

    def title(self) -> str:
        """全书."""
        return self.tr("Book")
