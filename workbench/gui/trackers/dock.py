"""The dock that holds the tracker browser (its objectName, trackerDock, is the layout's)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from workbench.gui.panel_dock import PanelDock
from workbench.gui.trackers.browser import TrackerBrowser


class TrackerDock(PanelDock):
    """追踪表: the foreshadowing ledger and the relationships."""

    def __init__(self, parent: QWidget | None = None) -> None:
        browser = TrackerBrowser()
        super().__init__("trackerDock", browser, parent)
        self.browser = browser

    def title(self) -> str:
        """追踪表."""
        return self.tr("Trackers")
