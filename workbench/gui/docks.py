"""The right-hand dock area. The tracker browser is later work; until it exists its dock
says so plainly instead of showing invented content."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QWidget


class PlaceholderDock(QDockWidget):
    """A titled dock whose body states which panel will live there."""

    def __init__(self, object_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.body = QLabel(self)
        self.body.setWordWrap(True)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.setContentsMargins(12, 12, 12, 12)
        self.body.setStyleSheet("color: #666;")
        self.setWidget(self.body)
        self.retranslate()

    def retranslate(self) -> None:
        """Set title and text in the current language."""
        self.setWindowTitle(self.tr("Trackers"))
        self.body.setText(
            self.tr(
                "The tracker browser (foreshadowing and relationships) is not built yet; "
                "it will appear here."
            )
        )

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
