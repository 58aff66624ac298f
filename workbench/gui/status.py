"""The status bar: this chapter's 字, the book's 字, save state and background jobs."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget


class StatusBar(QStatusBar):
    """Permanent fields on the right; transient messages on the left."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chapter_zi: int | None = None
        self.total_zi: int | None = None
        self.modified: bool | None = None
        self.jobs_text = ""
        self.jobs_label = QLabel(self)
        self.chapter_label = QLabel(self)
        self.total_label = QLabel(self)
        self.save_label = QLabel(self)
        for label in (self.jobs_label, self.chapter_label, self.total_label, self.save_label):
            label.setContentsMargins(8, 0, 8, 0)
            self.addPermanentWidget(label)
        self.retranslate()

    def set_project(self, _project: object) -> None:
        """Another project (or none): nothing said about the last one stays on screen."""
        self.clearMessage()

    def set_chapter_zi(self, zi: int | None) -> None:
        """字 count of the document in front (None: no document)."""
        self.chapter_zi = zi
        self.retranslate()

    def set_total_zi(self, zi: int | None) -> None:
        """字 count of the whole book (None: no project)."""
        self.total_zi = zi
        self.retranslate()

    def set_modified(self, modified: bool | None) -> None:
        """Save state of the document in front (None: no document)."""
        self.modified = modified
        self.retranslate()

    def set_jobs(self, text: str) -> None:
        """What the background summary worker is doing (already translated)."""
        self.jobs_text = text
        self.jobs_label.setText(text)
        self.jobs_label.setVisible(bool(text))

    def retranslate(self) -> None:
        """Set every field in the current language."""
        if self.chapter_zi is None:
            self.chapter_label.setText("")
        else:
            self.chapter_label.setText(
                self.tr("This file: %1 zi").replace("%1", f"{self.chapter_zi:,}")
            )
        if self.total_zi is None:
            self.total_label.setText("")
        else:
            self.total_label.setText(self.tr("Book: %1 zi").replace("%1", f"{self.total_zi:,}"))
        if self.modified is None:
            self.save_label.setText("")
        elif self.modified:
            self.save_label.setText(self.tr("Unsaved changes"))
        else:
            self.save_label.setText(self.tr("Saved"))
        for label in (self.chapter_label, self.total_label, self.save_label):
            label.setVisible(bool(label.text()))

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes; a transient message goes, as it was said
        in the language the author just left."""
        if event.type() == QEvent.Type.LanguageChange:
            self.clearMessage()
            self.retranslate()
        super().changeEvent(event)
