"""The dock that holds the 全书 panel (its objectName, bookDock, is the layout's); the panel
is built when the dock is first shown or asked for (gui/docks.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from workbench.gui.panel_dock import DeferredDock


class BookDock(DeferredDock):
    """全书: presence, the foreshadowing timeline, writing statistics."""

    PANEL_MODULE = "workbench.gui.book.panel"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("bookDock", parent)

    def make_panel(self) -> QWidget:
        """The 全书 panel (its heatmap, timeline and chart load with it)."""
        from workbench.gui.book.panel import BookPanel  # not for the first paint

        return BookPanel()

    def title(self) -> str:
        """全书."""
        return self.tr("Book")
