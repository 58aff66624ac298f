"""The right-hand dock that holds the context panel (`contextDock`, titled 上下文)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QDockWidget, QWidget

from workbench.gui.context.panel import ContextPanel


class ContextDock(QDockWidget):
    """A dock whose body is the context panel."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("contextDock")
        self.panel = ContextPanel(self)
        self.setWidget(self.panel)
        self.retranslate()

    def retranslate(self) -> None:
        """The title in the current language."""
        self.setWindowTitle(self.tr("Context"))

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
