"""The dock that holds the tracker browser (its objectName, trackerDock, is the layout's)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QDockWidget, QWidget

from workbench.gui.trackers.browser import TrackerBrowser


class TrackerDock(QDockWidget):
    """追踪表: the foreshadowing ledger and the relationships."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trackerDock")
        self.browser = TrackerBrowser(self)
        self.setWidget(self.browser)
        self.retranslate()

    def retranslate(self) -> None:
        """The title in the current language."""
        self.setWindowTitle(self.tr("Trackers"))

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
