"""A right-hand dock holding one panel, titled in the current UI language."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QDockWidget, QWidget


class PanelDock(QDockWidget):
    """A dock (its objectName is the window layout's key) around one panel; subclasses name
    the title with `title()`, retranslated when the UI language changes."""

    def __init__(self, object_name: str, panel: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        panel.setParent(self)
        self.setWidget(panel)
        self.retranslate()

    def title(self) -> str:
        """The dock's title in the current language."""
        raise NotImplementedError

    def retranslate(self) -> None:
        """Set the title in the current language."""
        self.setWindowTitle(self.title())

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
