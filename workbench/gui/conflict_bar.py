"""The bar shown above an editor whose file changed on disk while it had unsaved edits."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class ConflictBar(QFrame):
    """Keep mine / load from disk / compare. It only asks; the owner of the file decides."""

    keepMineRequested = Signal()
    loadFromDiskRequested = Signal()
    compareRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conflictBar")
        self.setStyleSheet(
            "#conflictBar { background: #fff3cd; border-bottom: 1px solid #e0c36c; }"
        )
        self.deleted = False
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.keep_button = QPushButton(self)
        self.load_button = QPushButton(self)
        self.compare_button = QPushButton(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.keep_button)
        layout.addWidget(self.load_button)
        layout.addWidget(self.compare_button)
        self.keep_button.clicked.connect(self.keepMineRequested)
        self.load_button.clicked.connect(self.loadFromDiskRequested)
        self.compare_button.clicked.connect(self.compareRequested)
        self.retranslate()
        self.hide()

    def show_conflict(self, *, deleted: bool) -> None:
        """Show the bar for a changed file, or for a file removed from disk."""
        self.deleted = deleted
        self.retranslate()
        self.show()

    def retranslate(self) -> None:
        """Set every visible string in the current language."""
        if self.deleted:
            self.message.setText(
                self.tr(
                    "This file was deleted on disk. Your text is still here; saving recreates it."
                )
            )
        else:
            self.message.setText(
                self.tr(
                    "This file was changed on disk by another program while you had unsaved edits."
                )
            )
        self.keep_button.setText(self.tr("Keep mine"))
        self.load_button.setText(self.tr("Load from disk"))
        self.load_button.setEnabled(not self.deleted)
        self.compare_button.setText(self.tr("Compare"))
        self.compare_button.setEnabled(not self.deleted)

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
