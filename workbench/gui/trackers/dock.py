"""The dock that holds the tracker browser (its objectName, trackerDock, is the layout's);
the browser is built when the dock is first shown or asked for (gui/docks.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from workbench.gui.panel_dock import DeferredDock


class TrackerDock(DeferredDock):
    """追踪表: the foreshadowing ledger and the relationships."""

    PANEL_MODULE = "workbench.gui.trackers.browser"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("trackerDock", parent)

    def make_panel(self) -> QWidget:
        """The tracker browser (its graph, ledger and 待审 tab load with it)."""
        from workbench.gui.trackers.browser import TrackerBrowser  # not for the first paint

        return TrackerBrowser()

    def title(self) -> str:
        """追踪表."""
        return self.tr("Trackers")
